/** Helpers shared by the importers: decoding input, collecting a stream of events into a result. */
import { fail, ok } from '../errors.js';
import type { Entity } from '../types/entity.js';
import type { ImportEvent, ImportIssue, ImportOptions, ImportResult, TextInput } from './types.js';

const decoder = new TextDecoder('utf-8');

/** The input as a string: bytes are decoded as UTF-8; a BOM and a trailing DOS end-of-file mark (0x1A) are dropped. */
export function toText(input: TextInput): string {
  const text = typeof input === 'string' ? input : decoder.decode(input);
  return text.replace(/^\uFEFF/, '').replace(/\u001a\s*$/, '');
}

/** Collects a stream of import events into the importers' `Result` contract (see `types.ts`). */
export function collect(events: Iterable<ImportEvent>, options: ImportOptions = {}): ImportResult {
  const entities: Entity[] = [];
  const issues: ImportIssue[] = [];
  let errors = 0;
  for (const event of events) {
    if (event.kind === 'entity') entities.push(event.entity);
    else {
      issues.push(event.issue);
      if (event.issue.severity === 'error') errors++;
    }
  }
  if (errors > 0 && options.skipInvalid !== true) return fail(issues);
  return ok({ entities, issues });
}

export function issue(
  severity: ImportIssue['severity'],
  code: string,
  message: string,
  at: { file: string; line?: number | undefined; element?: string | undefined },
  rule: string,
): ImportIssue {
  const out: ImportIssue = { code, message, file: at.file, rule, severity };
  if (at.line !== undefined) out.line = at.line;
  if (at.element !== undefined) out.element = at.element;
  return out;
}

/** Formats an issue on one line: `sdn.csv:12 column 3 (SDN_Type): message [rule: ...]`. */
export function formatIssue(i: ImportIssue): string {
  const where = `${i.file}${i.line !== undefined ? `:${i.line}` : ''}${i.element !== undefined ? ` ${i.element}` : ''}`;
  return `${i.severity} ${i.code} at ${where}: ${i.message} (rule: ${i.rule})`;
}
