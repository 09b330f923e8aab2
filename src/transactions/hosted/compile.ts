/**
 * Compile a hosted-language scenario into the engine's `CompiledScenario`: plain closures evaluated against the
 * same environment as tamis scenarios, so both formats give the same `evaluation_outcome`, risks, alerts, audit
 * records and trace. Segment sets are tried in order among those that apply to the customer's segments; the first
 * under which the specification holds triggers.
 */
import type { Result } from '../../errors.js';
import type { CompiledScenario, ConditionTrace, Env, SegmentTrace } from '../engine.js';
import { EvalFailure } from '../eval-failure.js';
import type { HistoryRecord } from '../ports.js';
import type { TransactionViolation } from '../types.js';
import { COMPARISON_SYMBOL, type Condition, type Expr, type HostedScenario, type ListExpr, type Source } from './ast.js';
import { aggregationPredicate } from './aggregate-predicate.js';
import { compileAggregation, type GroupReader, type RecordReader } from './aggregations.js';
import { DEFAULT_BLOCKS, type BlockRegistry } from './blocks.js';
import { checkScenario, compilePattern, typeOf, type SetValues } from './check.js';
import { derivedIdentifier, parseScenario } from './parse.js';
import { resolveField, type AnyTransaction } from './paths.js';
import { fillTemplate, titleText, type EvaluatedValue } from './trace.js';
import { coerce, DAY_MS, formatValue, traceValue, type DataType, type Value } from './values.js';
import { own } from '../../own.js';

export type { BlockRegistry } from './blocks.js';
export { isHostedScenarioDocument } from './document.js';

export interface HostedCompileOptions {
  /** Blocks (default: the shipped registry). */
  blocks?: BlockRegistry;
  /** Scenario identifier (UUID); default: the document's, else derived from its name. */
  identifier?: string;
  version?: number;
  name?: string;
}

export interface HostedCompiledScenario extends CompiledScenario {
  readonly format: 'hosted';
  /** The parsed document. */
  readonly scenario: HostedScenario;
}

/** Evaluation state of one segment set. `evaluated`/`conditions` are null inside aggregation filters. */
interface State {
  env: Env;
  values: SetValues;
  evaluated: EvaluatedValue[] | null;
  conditions: ConditionTrace[] | null;
}
type ExprFn = (s: State, rec: HistoryRecord, tx: AnyTransaction | undefined) => Value;
type CondFn = (s: State, rec: HistoryRecord, tx: AnyTransaction | undefined) => boolean;
interface CExpr {
  fn: ExprFn;
  type: DataType;
  code: boolean;
  label: string;
}

const upper = (v: Value): Value => (typeof v === 'string' ? v.toUpperCase() : v);
let registrySerial = 0;
const registryIds = new WeakMap<BlockRegistry, number>();

/** Load (validate and type-check) a hosted-language document. */
export function loadHostedScenario(
  doc: unknown,
  options: HostedCompileOptions = {},
): Result<{ scenario: HostedScenario; sets: SetValues[] }, TransactionViolation[]> {
  const blocks = options.blocks ?? DEFAULT_BLOCKS;
  const parsed = parseScenario(doc, { ...options, blocks });
  if (!parsed.ok) return parsed;
  const checked = checkScenario(parsed.value.scenario, parsed.value.params, blocks);
  if (!checked.ok) return checked;
  return { ok: true, value: { scenario: parsed.value.scenario, sets: checked.value } };
}

export function compileHostedScenario(doc: unknown, options: HostedCompileOptions = {}): Result<HostedCompiledScenario, TransactionViolation[]> {
  const blocks = options.blocks ?? DEFAULT_BLOCKS;
  const loaded = loadHostedScenario(doc, { ...options, blocks });
  if (!loaded.ok) return loaded;
  const { scenario, sets } = loaded.value;
  let registryId = registryIds.get(blocks);
  if (registryId === undefined) registryIds.set(blocks, (registryId = ++registrySerial));
  let needsSource = false;
  const named = new Map<string, CExpr>();
  const constants = new Map<string, string>();

  /** One trace entry of a node, built with a fixed shape (no spread: this runs on every evaluation). */
  type Entry = { path: string; type: EvaluatedValue['type']; name?: string; ref?: string };
  const recorder = (entry: Entry, type: DataType) => {
    const { path, type: kind, name, ref } = entry;
    const make: (v: Value) => EvaluatedValue =
      name !== undefined && ref !== undefined
        ? (v) => ({ path, type: kind, name, ref, value: traceValue(v, type) })
        : name !== undefined
          ? (v) => ({ path, type: kind, name, value: traceValue(v, type) })
          : ref !== undefined
            ? (v) => ({ path, type: kind, ref, value: traceValue(v, type) })
            : (v) => ({ path, type: kind, value: traceValue(v, type) });
    return (s: State, rec: HistoryRecord, v: Value) => {
      if (s.evaluated !== null && rec === s.env.rec) s.evaluated.push(make(v));
    };
  };

  /** A reader with the default, missing-value error, coercion and trace of a field or block node. */
  const valueReader = (
    read: RecordReader,
    e: Extract<Expr, { kind: 'field' | 'block' }>,
    entry: Entry,
    what: string,
  ): ExprFn => {
    const { type, hasDefault, dflt, path } = e;
    const record = recorder(entry, type);
    return (s, rec, tx) => {
      const raw = read(rec, tx, s.env);
      let v: Value;
      if (raw === undefined || raw === null) {
        if (!hasDefault) throw new EvalFailure('MISSING_FIELD', `${what} is missing and has no default`, path);
        v = dflt;
      } else {
        const c = coerce(raw, type);
        if (!c.ok) throw new EvalFailure('BAD_DATA', `${what}: ${c.message}`, path);
        v = c.value;
      }
      record(s, rec, v);
      return v;
    };
  };

  const sourceReader = (src: Source, inAggregation: boolean): { read: RecordReader; key: RecordReader; scope: GroupReader['scope'] } => {
    if (src.kind === 'block') {
      const b = blocks.get(src.slug);
      if (!b) throw new Error(`unreachable: block ${src.slug} was validated`);
      if (inAggregation && !b.flat) needsSource = true;
      const read: RecordReader = (rec, tx, env) => b.read(rec, tx, env);
      const key = b.key;
      return { read, key: key ? (rec) => key(rec) : read, scope: b.scope ?? null };
    }
    const f = resolveField(src.field);
    if ('error' in f) throw new Error(`unreachable: field ${src.field} was validated`);
    if (inAggregation && !f.flat) needsSource = true;
    return { read: f.read, key: f.read, scope: f.scope };
  };

  /** Every expression compiled, by node (aggregation filters are mapped onto history predicates from them). */
  const compiledExprs = new Map<Expr, CExpr>();
  const compileExpr = (e: Expr, inFilter: boolean): CExpr => {
    const c = compileExprNode(e, inFilter);
    compiledExprs.set(e, c);
    return c;
  };
  const compileExprNode = (e: Expr, inFilter: boolean): CExpr => {
    const type = typeOf(e, blocks);
    switch (e.kind) {
      case 'constant': {
        const v = e.value;
        if (e.name) constants.set(e.name, titleText(traceValue(v, e.type)));
        return { fn: () => v, type, code: false, label: e.name ? `"${e.name}"(${formatValue(v, e.type)})` : formatValue(v, e.type) };
      }
      case 'field': {
        const access = resolveField(e.field);
        if ('error' in access) throw new Error(`unreachable: field ${e.field} was validated`);
        if (inFilter && !access.flat) needsSource = true;
        const dflt = access.code ? upper(e.dflt) : e.dflt;
        const fn = valueReader(access.read, { ...e, dflt }, { path: e.path, type: 'field', ...(e.name ? { name: e.name } : {}), ref: e.field }, `field ${e.field}`);
        const c = { fn, type, code: access.code, label: e.field };
        named.set(e.field, c);
        if (e.name) named.set(e.name, c);
        return c;
      }
      case 'block': {
        const b = blocks.get(e.slug);
        if (!b) throw new Error(`unreachable: block ${e.slug} was validated`);
        if (inFilter && !b.flat) needsSource = true;
        const read: RecordReader = (rec, tx, env) => b.read(rec, tx, env);
        const fn = valueReader(read, e, { path: e.path, type: 'block', ...(e.name ? { name: e.name } : {}), ref: e.slug }, `block ${e.slug}`);
        const c = { fn, type, code: b.code === true, label: `block(${e.slug})` };
        named.set(e.slug, c);
        if (e.name) named.set(e.name, c);
        return c;
      }
      case 'param': {
        const { key, path, name } = e;
        const record = recorder({ path, type: 'segment_parameter', ...(name ? { name } : {}), ref: key }, e.type);
        const fn: ExprFn = (s, rec) => {
          const v = s.values[key] as Value;
          record(s, rec, v);
          return v;
        };
        const c = { fn, type, code: false, label: `segment(${name ?? key})` };
        named.set(key, c);
        if (name) named.set(name, c);
        return c;
      }
      case 'aggregation': {
        const spec = e.spec;
        const filter = spec.filter ? compileCondition(spec.filter, true) : null;
        const targetReader = spec.target ? sourceReader(spec.target, true).read : null;
        const grouping = spec.grouping.map((g) => {
          const r = sourceReader(g, true);
          return { key: r.key, scope: r.scope };
        });
        const usesParams = spec.filter ? paramKeys(spec.filter) : [];
        const target = spec.target?.kind === 'field' ? resolveField(spec.target.field) : null;
        const base = `hosted:${registryId}:${JSON.stringify(spec, (k, v: unknown) => (k === 'path' || k === 'uuid' ? undefined : v))}`;
        const agg = compileAggregation<State>({
          spec,
          path: e.path,
          filter,
          target: targetReader,
          grouping,
          where: spec.filter ? aggregationPredicate<State>(spec.filter, (x) => compiledExprs.get(x)) : () => null,
          targetField: target !== null && !('error' in target) ? (target.column ?? null) : null,
          cacheKey: usesParams.length === 0 ? () => base : (s) => `${base}|${JSON.stringify(usesParams.map((k) => s.values[k]))}`,
        });
        const record = recorder({ path: e.path, type: 'aggregation', ...(e.name ? { name: e.name } : {}), ...(spec.uuid ? { ref: spec.uuid } : {}) }, type);
        const fn: ExprFn = (s, rec) => {
          const v = agg(s);
          record(s, rec, v);
          return v;
        };
        const label = `${spec.aggregate}${spec.distinct ? '(distinct)' : ''}(${spec.target ? (spec.target.kind === 'block' ? spec.target.slug : spec.target.field) : ''}) ${spec.window} ${spec.unit}${spec.grouping.length ? ` by ${spec.grouping.map((g) => (g.kind === 'block' ? g.slug : g.field)).join(', ')}` : ''}${spec.filter ? ' where …' : ''}`;
        const c = { fn, type, code: false, label };
        if (e.name) named.set(e.name, c);
        if (spec.uuid) named.set(spec.uuid, c);
        return c;
      }
      case 'arith': {
        const args = e.args.map((a) => compileExpr(a, inFilter));
        const dates = args.every((a) => a.type === 'date' || a.type === 'datetime');
        const fns = args.map((a) => a.fn);
        const op = e.op;
        const path = e.path;
        const fn: ExprFn = (s, rec, tx) => {
          let acc: number | null = null;
          for (let i = 0; i < fns.length; i++) {
            const v = (fns[i] as ExprFn)(s, rec, tx);
            if (v === null) return null;
            const x = v as number;
            if (i === 0) acc = op === 'abs' ? Math.abs(x) : x;
            else if (op === 'add') acc = (acc as number) + x;
            else if (op === 'subtract') acc = ((acc as number) - x) / (dates ? DAY_MS : 1);
            else if (op === 'multiply') acc = (acc as number) * x;
            else if (op === 'divide') acc = x === 0 ? null : (acc as number) / x;
            else acc = x === 0 ? null : (acc as number) % x;
            if (acc === null) return null;
          }
          if (acc !== null && !Number.isFinite(acc)) throw new EvalFailure('BAD_DATA', `${op} gave ${acc}`, path);
          return acc;
        };
        const sym = { add: '+', subtract: '-', multiply: '*', divide: '/', mod: '%', abs: 'abs' }[op];
        return { fn, type, code: false, label: op === 'abs' ? `abs(${args[0]?.label})` : `(${args.map((a) => a.label).join(` ${sym} `)})` };
      }
    }
  };

  const listOf = (l: ListExpr, code: boolean): { get: (s: State) => Set<Value>; label: string } => {
    if (l.kind === 'constant_list') {
      if (l.name) constants.set(l.name, titleText(l.values.map((v) => traceValue(v, l.type))));
      const set = new Set(code ? l.values.map(upper) : l.values);
      return { get: () => set, label: l.name ?? `[${l.values.map((v) => formatValue(v, l.type)).join(', ')}]` };
    }
    const key = l.key;
    const cache = new WeakMap<SetValues, Set<Value>>();
    return {
      get: (s) => {
        let set = cache.get(s.values);
        if (!set) cache.set(s.values, (set = new Set(((s.values[key] as Value[]) ?? []).map((v) => (code ? upper(v) : v)))));
        return set;
      },
      label: `segment(${l.name ?? key})`,
    };
  };

  const traced = (s: State, rec: HistoryRecord, t: ConditionTrace) => {
    if (s.conditions !== null && rec === s.env.rec) s.conditions.push(t);
  };

  const compileCondition = (c: Condition, inFilter: boolean): CondFn => {
    switch (c.kind) {
      case 'logic': {
        const parts = c.children.map((x) => compileCondition(x, inFilter));
        return c.op === 'and'
          ? (s, r, t) => {
              for (const p of parts) if (!p(s, r, t)) return false;
              return true;
            }
          : (s, r, t) => {
              for (const p of parts) if (p(s, r, t)) return true;
              return false;
            };
      }
      case 'not': {
        const inner = compileCondition(c.child, inFilter);
        return (s, r, t) => !inner(s, r, t);
      }
      case 'compare': {
        const l = compileExpr(c.left, inFilter);
        const rt = compileExpr(c.right, inFilter);
        const fold = (l.code || rt.code) && l.type === 'string';
        const lf = fold ? (s: State, r: HistoryRecord, t: AnyTransaction | undefined) => upper(l.fn(s, r, t)) : l.fn;
        const rf = fold ? (s: State, r: HistoryRecord, t: AnyTransaction | undefined) => upper(rt.fn(s, r, t)) : rt.fn;
        const op = c.op;
        const sym = own(COMPARISON_SYMBOL, op) as string;
        const expr = `${l.label} ${sym} ${rt.label}`;
        const path = c.path;
        return (s, r, t) => {
          const a = lf(s, r, t);
          const b = rf(s, r, t);
          let result: boolean;
          // No value (an empty average, a division by zero) equals only no value, and is never ordered (as tamis).
          if (op === 'equals') result = a === b;
          else if (op === 'not_equals') result = a !== b;
          else if (a === null || b === null) result = false;
          else if (op === 'greater_than') result = a > b;
          else if (op === 'less_than') result = a < b;
          else if (op === 'greater_than_or_equals') result = a >= b;
          else result = a <= b;
          traced(s, r, { path, expr, result, left: traceValue(a, l.type), op: sym, right: traceValue(b, rt.type) });
          return result;
        };
      }
      case 'any_of': {
        const v = compileExpr(c.value, inFilter);
        const list = listOf(c.list, v.code && v.type === 'string');
        const fold = v.code && v.type === 'string';
        const negate = c.negate;
        const expr = `${v.label} ${negate ? 'not in' : 'in'} ${list.label}`;
        const path = c.path;
        return (s, r, t) => {
          const raw = v.fn(s, r, t);
          const x = fold ? upper(raw) : raw;
          const result = (x !== null && list.get(s).has(x)) !== negate;
          traced(s, r, { path, expr, result, value: traceValue(x, v.type) });
          return result;
        };
      }
      case 'regex': {
        const text = compileExpr(c.text, inFilter);
        const re = compilePattern(c.pattern) as RegExp;
        const expr = `${text.label} matches /${c.pattern}/`;
        const path = c.path;
        return (s, r, t) => {
          const x = text.fn(s, r, t);
          const result = typeof x === 'string' && re.test(x);
          traced(s, r, { path, expr, result, value: x });
          return result;
        };
      }
      case 'text': {
        const text = compileExpr(c.text, inFilter);
        const part = compileExpr(c.part, inFilter);
        const op = c.op;
        const expr = `${text.label} ${op} ${part.label}`;
        const path = c.path;
        return (s, r, t) => {
          const x = text.fn(s, r, t);
          const y = part.fn(s, r, t);
          const result =
            typeof x === 'string' && typeof y === 'string' && (op === 'contains' ? x.includes(y) : op === 'starts_with' ? x.startsWith(y) : x.endsWith(y));
          traced(s, r, { path, expr, result, left: x, op, right: y });
          return result;
        };
      }
      case 'truth': {
        const v = compileExpr(c.value, inFilter);
        const path = c.path;
        return (s, r, t) => {
          const x = v.fn(s, r, t);
          const result = x === true;
          traced(s, r, { path, expr: v.label, result, value: x });
          return result;
        };
      }
    }
  };

  const spec = compileCondition(scenario.specification, false);
  const description = scenario.description;
  const setIds = scenario.segments.map((set, i) => set.identifiers[0] ?? derivedIdentifier(`${scenario.identifier}#segment-${i}`));

  const title = (s: State, evaluated: readonly EvaluatedValue[]): string =>
    fillTemplate(description, (name) => {
      const lower = name.toLowerCase();
      const hit =
        evaluated.find((v) => v.name === name || v.ref === name) ?? evaluated.find((v) => v.name?.toLowerCase() === lower || v.ref?.toLowerCase() === lower);
      if (hit) return titleText(hit.value);
      const constant = constants.get(name) ?? [...constants].find(([k]) => k.toLowerCase() === lower)?.[1];
      if (constant !== undefined) return constant;
      const expr = named.get(name) ?? [...named].find(([k]) => k.toLowerCase() === lower)?.[1];
      if (!expr) return undefined;
      try {
        return titleText(traceValue(expr.fn({ ...s, evaluated: null, conditions: null }, s.env.rec, s.env.tx), expr.type));
      } catch {
        return undefined;
      }
    });

  const run = (env: Env, trace: SegmentTrace[]): number => {
    const own = env.customer.segments;
    const one = env.customer.segment;
    for (let i = 0; i < scenario.segments.length; i++) {
      const set = scenario.segments[i] as HostedScenario['segments'][number];
      if (set.identifiers.length > 0 && !set.identifiers.some((id) => id === one || (own !== undefined && own.includes(id)))) continue;
      const conditions: ConditionTrace[] = [];
      const evaluated: EvaluatedValue[] = [];
      env.trace = conditions;
      const st: SegmentTrace = {
        identifier: setIds[i] as string,
        identifiers: set.identifiers,
        name: set.name,
        outcome: set.action,
        priority: set.priority,
        matched: false,
        conditions,
        evaluated_values: evaluated,
      };
      trace.push(st);
      const s: State = { env, values: sets[i] as SetValues, evaluated, conditions };
      if (spec(s, env.rec, env.tx)) {
        st.matched = true;
        st.title = title(s, evaluated);
        return i;
      }
    }
    return -1;
  };

  return {
    ok: true,
    value: {
      format: 'hosted',
      scenario,
      ref: {
        identifier: scenario.identifier,
        name: scenario.name,
        version: scenario.version,
        description,
        ...(scenario.riskSubjectGroupings.length > 0 ? { risk_subject_groupings: scenario.riskSubjectGroupings } : {}),
      },
      usesScreening: false,
      needsHistorySource: needsSource,
      run,
    },
  };
}

/** Segment parameter keys a condition uses. */
function paramKeys(c: Condition): string[] {
  const out = new Set<string>();
  const e = (x: Expr): void => {
    if (x.kind === 'param') out.add(x.key);
    else if (x.kind === 'arith') x.args.forEach(e);
  };
  const walk = (k: Condition): void => {
    if (k.kind === 'logic') k.children.forEach(walk);
    else if (k.kind === 'not') walk(k.child);
    else if (k.kind === 'compare') [k.left, k.right].forEach(e);
    else if (k.kind === 'any_of') {
      e(k.value);
      if (k.list.kind === 'param_list') out.add(k.list.key);
    } else if (k.kind === 'regex') e(k.text);
    else if (k.kind === 'text') [k.text, k.part].forEach(e);
    else e(k.value);
  };
  walk(c);
  return [...out];
}
