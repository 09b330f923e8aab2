/**
 * The type checker: types never mix. Comparing a string with a number, ordering booleans, arithmetic on strings,
 * a regex on a number are validation errors when the scenario is loaded; `date` and `datetime` convert into each
 * other. It also checks that every segment set gives every segment parameter a value of its format.
 */
import type { TransactionViolation } from '../types.js';
import type { Condition, Expr, HostedScenario, ParamUse, Source } from './ast.js';
import type { BlockRegistry } from './blocks.js';
import { mapEnumerationConstant } from './enumerations.js';
import { resolveField } from './paths.js';
import { coerce, sameFamily, type DataType, type Value } from './values.js';

/** Segment parameter values of one set, coerced to their formats (lists for `any_of` parameters). */
export type SetValues = Readonly<Record<string, Value | Value[]>>;

const NUMERIC_RESULT = new Set(['count', 'unique_count', 'average_count_over_day', 'sum', 'average', 'variance', 'std_dev']);

/** The type an aggregation source reads (number when the path does not say). */
export function sourceType(source: Source | null, blocks: BlockRegistry): DataType {
  if (source === null) return 'number';
  if (source.kind === 'block') return blocks.get(source.slug)?.datatype ?? 'string';
  const r = resolveField(source.field);
  return 'error' in r ? 'number' : (r.type ?? 'number');
}

export function typeOf(e: Expr, blocks: BlockRegistry): DataType {
  switch (e.kind) {
    case 'constant':
    case 'field':
    case 'param':
    case 'block':
      return e.type;
    case 'aggregation':
      return NUMERIC_RESULT.has(e.spec.aggregate) ? 'number' : sourceType(e.spec.target, blocks);
    case 'arith':
      return 'number';
  }
}

/** A regex of the hosted language (RE2/Python style: a leading `(?i)`, `(?P<name>...)`) as a JavaScript RegExp. */
export function compilePattern(pattern: string): RegExp | { error: string } {
  const flagSet = new Set<string>();
  // Inline flag groups apply to the whole pattern (RE2 allows them anywhere; JavaScript only as flags).
  let source = pattern.replace(/\(\?([imsx]+)\)/g, (_m, f: string) => {
    for (const c of f) flagSet.add(c);
    return '';
  });
  if (flagSet.has('x')) return { error: 'the (?x) flag is not supported' };
  const flags = [...flagSet].join('');
  source = source.replace(/\(\?P</g, '(?<').replace(/\(\?P=(\w+)\)/g, '\\k<$1>');
  try {
    return new RegExp(source, flags);
  } catch (e) {
    return { error: `invalid regex: ${(e as Error).message}` };
  }
}

export function checkScenario(
  scenario: HostedScenario,
  params: readonly ParamUse[],
  blocks: BlockRegistry,
): { ok: true; value: SetValues[] } | { ok: false; error: TransactionViolation[] } {
  const problems: TransactionViolation[] = [];
  const mismatch = (path: string, message: string) => problems.push({ code: 'TYPE_MISMATCH', message, path });
  const t = (e: Expr) => typeOf(e, blocks);

  const expr = (e: Expr): void => {
    if (e.kind === 'arith') {
      e.args.forEach(expr);
      const types = e.args.map(t);
      const dates = types.every((x) => x === 'date' || x === 'datetime');
      if (e.op === 'subtract' && dates) return;
      types.forEach((x, i) => {
        if (x !== 'number')
          mismatch(e.args[i]?.path ?? e.path, `${e.op} needs numbers${e.op === 'subtract' ? ' (or two dates)' : ''}, this operand is a ${x}`);
      });
    } else if (e.kind === 'aggregation') {
      const s = e.spec;
      const target = sourceType(s.target, blocks);
      const numeric = ['sum', 'average', 'variance', 'std_dev'].includes(s.aggregate);
      if (numeric && target !== 'number') mismatch(s.target?.path ?? e.path, `${s.aggregate} needs a number target, not a ${target}`);
      if ((s.aggregate === 'min' || s.aggregate === 'max') && (target === 'string' || target === 'boolean'))
        mismatch(s.target?.path ?? e.path, `${s.aggregate} needs a number or date target, not a ${target}`);
      if (s.filter) condition(s.filter);
    }
  };

  const condition = (c: Condition): void => {
    switch (c.kind) {
      case 'logic':
        c.children.forEach(condition);
        return;
      case 'not':
        condition(c.child);
        return;
      case 'compare': {
        expr(c.left);
        expr(c.right);
        const a = t(c.left);
        const b = t(c.right);
        if (!sameFamily(a, b)) mismatch(c.path, `${c.op} compares a ${a} with a ${b}`);
        else if (a === 'boolean' && c.op !== 'equals' && c.op !== 'not_equals') mismatch(c.path, `${c.op} cannot order booleans`);
        return;
      }
      case 'any_of': {
        expr(c.value);
        const a = t(c.value);
        if (!sameFamily(a, c.list.type)) mismatch(c.path, `${c.negate ? 'not_any_of' : 'any_of'} looks for a ${a} in a list of ${c.list.type}s`);
        return;
      }
      case 'regex': {
        expr(c.text);
        if (t(c.text) !== 'string') mismatch(c.text.path, `regex_match needs a string text, not a ${t(c.text)}`);
        const r = compilePattern(c.pattern);
        if ('error' in r) problems.push({ code: 'INVALID_REGEX', message: r.error, path: `${c.path}.regex_match.pattern` });
        return;
      }
      case 'text':
        expr(c.text);
        expr(c.part);
        if (t(c.text) !== 'string' || t(c.part) !== 'string') mismatch(c.path, `${c.op} needs two strings`);
        return;
      case 'truth':
        expr(c.value);
        if (t(c.value) !== 'boolean') mismatch(c.path, `a ${t(c.value)} value is not a condition: compare it`);
        return;
    }
  };
  condition(scenario.specification);

  const byKey = new Map<string, ParamUse>();
  for (const p of params) {
    const seen = byKey.get(p.key);
    if (!seen) byKey.set(p.key, p);
    else if (!sameFamily(seen.type, p.type) || seen.list !== p.list)
      mismatch(p.path, `segment parameter ${p.key} is used as a ${p.list ? 'list of ' : ''}${p.type} here and as a ${seen.list ? 'list of ' : ''}${seen.type} at ${seen.path}`);
  }

  const sets: SetValues[] = scenario.segments.map((set) => {
    const out: Record<string, Value | Value[]> = {};
    for (const p of byKey.values()) {
      const vp = `${set.path}.values`;
      if (!(p.key in set.values) || set.values[p.key] === null || set.values[p.key] === undefined) {
        problems.push({ code: 'MISSING_SEGMENT_VALUE', message: `segment set "${set.name}" has no value for segment parameter ${p.name ?? p.key} (${p.key})`, path: vp });
        continue;
      }
      const raw = set.values[p.key];
      if (p.list) {
        const items = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',').map((x) => x.trim()) : [raw];
        const list: Value[] = [];
        for (const x of items) {
          const c = coerce(typeof x === 'string' ? mapEnumerationConstant(x) : x, p.type);
          if (c.ok && c.value !== null) list.push(c.value);
          else mismatch(`${vp}.${p.key}`, c.ok ? 'a list value is not null' : c.message);
        }
        out[p.key] = list;
      } else {
        const c = coerce(typeof raw === 'string' ? mapEnumerationConstant(raw) : raw, p.type);
        if (c.ok) out[p.key] = c.value;
        else mismatch(`${vp}.${p.key}`, `segment parameter ${p.name ?? p.key}: ${c.message}`);
      }
    }
    return out;
  });
  return problems.length > 0 ? { ok: false, error: problems } : { ok: true, value: sets };
}
