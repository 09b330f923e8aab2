/**
 * A list file's text to a screener: a JSON array of entities (each checked with `validateEntity` unless `trusted`),
 * or a `tamis index` snapshot (version 1, JSON; the binary version 2 is read by `screenerFromListBytes`). Shared by `tamis screen` (src/cli/list-file.ts) and the screen-file workers.
 */
import { validateEntity } from '../importers/validate.js';
import { createScreener, type TamisScreener } from '../screening/screener.js';
import { restoreScreener, SNAPSHOT_FORMAT } from '../screening/snapshot.js';
import { isContainer } from '../screening/snapshot-binary.js';
import type { Entity } from '../types/entity.js';

export type LoadedList = { ok: true; screener: TamisScreener } | { ok: false; code: string; message: string };

/** Builds a screener from a list file's text; `path` names the file in messages. */
export function screenerFromListText(text: string, path: string, trusted = false): LoadedList {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { ok: false, code: 'list_bad_json', message: `${path} is not valid JSON: ${(error as Error).message}` };
  }
  if (Array.isArray(data)) {
    if (!trusted) {
      for (let i = 0; i < data.length; i++) {
        const problems = validateEntity(data[i]);
        if (problems.length === 0) continue;
        const p = problems[0]!;
        const id = (data[i] as { id?: unknown } | null)?.id;
        const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem(s) in this entity)` : '';
        return { ok: false, code: p.code, message: `${path} [${i}]${typeof id === 'string' ? ` (${id})` : ''}${p.path === '' ? '' : `.${p.path}`}: ${p.message}${more}` };
      }
    }
    return { ok: true, screener: createScreener({ entities: data as Entity[] }) };
  }
  if (typeof data === 'object' && data !== null && (data as { format?: unknown }).format === SNAPSHOT_FORMAT) {
    const restored = restoreScreener(data);
    if (!restored.ok) return { ok: false, code: restored.error[0]?.code ?? 'snapshot_corrupt', message: `${path}: ${restored.error.map((p) => p.message).join('; ')}` };
    return { ok: true, screener: restored.value };
  }
  return { ok: false, code: 'list_not_array', message: `${path}: expected a JSON array of entities or a ${SNAPSHOT_FORMAT} snapshot` };
}

/** Builds a screener from a list file's bytes: a binary index snapshot (`tamis index`), or text as `screenerFromListText`. */
export function screenerFromListBytes(bytes: Uint8Array, path: string, trusted = false): LoadedList {
  if (!isContainer(bytes)) return screenerFromListText(new TextDecoder().decode(bytes), path, trusted);
  const restored = restoreScreener(bytes);
  if (!restored.ok) return { ok: false, code: restored.error[0]?.code ?? 'snapshot_corrupt', message: `${path}: ${restored.error.map((p) => p.message).join('; ')}` };
  return { ok: true, screener: restored.value };
}

/** A file-reading failure as a code and a message (`file_not_found`, `file_unreadable`). */
export function readFailure(path: string, error: unknown): { ok: false; code: string; message: string } {
  const e = error as { code?: string; message: string };
  if (e.code === 'ENOENT') return { ok: false, code: 'file_not_found', message: `${path}: no such file` };
  if (e.code === 'EISDIR') return { ok: false, code: 'file_unreadable', message: `${path} is a folder, not a file` };
  return { ok: false, code: 'file_unreadable', message: `cannot read ${path}: ${e.message}` };
}
