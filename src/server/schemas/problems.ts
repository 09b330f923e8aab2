/**
 * Request validation with the route schemas: ajv's errors become the service's problems (codes, paths, messages
 * from the schema's `x-problem` notes), so an invalid request answers what the service itself would answer.
 */
import type { ErrorObject } from 'ajv';
import { failureEnvelope, problem, type FailureEnvelope, type Problem } from '../../errors.js';
import type { ProblemNote, Schema } from './annotate.js';

type Where = 'body' | 'querystring' | 'params';

const segment = (p: string): string => p.replace(/~1/g, '/').replace(/~0/g, '~');

/** `/a/0/b` → `a.0.b` (the service's dotted paths). */
const dotted = (pointer: string): string => pointer.split('/').slice(1).map(segment).join('.');

/**
 * The note of the deepest annotated node on the schema path of an error (per-keyword notes first), and how many
 * segments of the instance path lead to that node (the problem is reported there).
 */
function noteFor(root: Schema, schemaPath: string, keyword: string, extra?: string): { note: ProblemNote; depth: number } | undefined {
  let node: unknown = root;
  let found: { note: ProblemNote; depth: number } | undefined;
  let depth = 0;
  const visit = (n: unknown, last: boolean) => {
    if (typeof n !== 'object' || n === null) return;
    const s = n as Schema;
    const perKeyword = last ? s['x-problems']?.[keyword] : undefined;
    if (perKeyword) found = { note: perKeyword, depth };
    else if (s['x-problem']) found = { note: s['x-problem'], depth };
  };
  const parts = schemaPath.replace(/^#\/?/, '').split('/').filter((p) => p !== '').map(segment);
  // The last segment is the failing keyword: notes are read on the node that holds it.
  const steps = parts.slice(0, -1);
  visit(node, steps.length === 0);
  steps.forEach((p, i) => {
    const parent = steps[i - 1];
    if ((parent === 'properties' && i > 0) || p === 'items' || p === 'additionalProperties') depth++;
    node = (node as Record<string, unknown> | undefined)?.[p];
    visit(node, i === steps.length - 1);
  });
  if (extra !== undefined) {
    // `required` and `additionalProperties`: the named property's own note speaks for it.
    const prop = ((node as Schema | undefined)?.properties as Record<string, Schema> | undefined)?.[extra];
    const own = prop?.['x-problems']?.[keyword] ?? prop?.['x-problem'];
    if (own) found = { note: own, depth: depth + 1 };
  }
  return found;
}

/** Drops the errors of `oneOf` branches whose type the value does not have, and of `anyOf` branches. */
function relevant(errors: ErrorObject[]): ErrorObject[] {
  const branchOf = (e: ErrorObject, kw: string) => {
    const m = new RegExp(`^(.*?/${kw})/(\\d+)/`).exec(e.schemaPath);
    return m ? { base: m[1] as string, branch: Number(m[2]) } : null;
  };
  const typeMisses = new Set<string>();
  for (const e of errors) {
    const b = branchOf(e, 'oneOf');
    if (b && e.keyword === 'type' && e.schemaPath === `${b.base}/${b.branch}/type`) typeMisses.add(`${b.base}/${b.branch}`);
  }
  const branchesWithTypeOk = new Set<string>();
  for (const e of errors) {
    const b = branchOf(e, 'oneOf');
    if (b && !typeMisses.has(`${b.base}/${b.branch}`)) branchesWithTypeOk.add(b.base);
  }
  return errors.filter((e) => {
    if (branchOf(e, 'anyOf')) return false;
    const b = branchOf(e, 'oneOf');
    if (b && branchesWithTypeOk.has(b.base)) return !typeMisses.has(`${b.base}/${b.branch}`);
    if (e.keyword === 'oneOf' && branchesWithTypeOk.has(e.schemaPath)) return false;
    return true;
  });
}

/** The failure envelope of a request `where` that failed `schema`. */
export function requestFailure(schema: Schema, where: Where, errors: ErrorObject[]): FailureEnvelope {
  const problems: Problem[] = [];
  let envelope: string | undefined;
  const seen = new Set<string>();
  for (const e of relevant(errors)) {
    const extra =
      e.keyword === 'required'
        ? (e.params as { missingProperty: string }).missingProperty
        : e.keyword === 'additionalProperties'
          ? (e.params as { additionalProperty: string }).additionalProperty
          : undefined;
    const found = noteFor(schema, e.schemaPath, e.keyword, extra);
    const note = found?.note;
    const full = extra !== undefined ? `${e.instancePath}/${extra}` : e.instancePath;
    // Reported where the note is: `filters.types`, not `filters.types.0`; an unknown property at its own path.
    const at = found && e.keyword !== 'additionalProperties' ? full.split('/').slice(0, found.depth + 1).join('/') : full;
    const path = note?.path ?? dotted(at);
    const name = segment(at.split('/').pop() ?? '');
    const message = (note?.message ?? `${where} ${path || ''} ${e.message ?? 'is invalid'}`.replace(/\s+/g, ' ').trim())
      .replace('{key}', JSON.stringify(name))
      .replace('{name}', name);
    envelope ??= note?.envelope;
    if (note && note.code === undefined) continue;
    const code = note?.code ?? `invalid_${where}`;
    const id = `${code}\u0000${path}`;
    if (seen.has(id)) continue;
    seen.add(id);
    problems.push(path === '' ? problem(code, message) : problem(code, message, path));
  }
  if (problems.length === 0) return { code: 400, message: envelope ?? 'invalid input', status: 'failure' };
  const f = failureEnvelope(400, problems);
  return envelope !== undefined ? { ...f, message: envelope } : f;
}
