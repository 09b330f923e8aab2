/**
 * An aggregation's filter (`filter_spec`) as a `HistoryPredicate`, so that a history that computes aggregates (a
 * database) can apply it. What maps: `and`, `or`, `not`; a comparison or `any_of` between a field of the flat record
 * (amount, occurred_at, currency, direction, type, payment channel, card payment type and stage, merchant category
 * code, customer and external identifier) and a value that does not depend on the record (constants, segment
 * parameters and arithmetic on them, evaluated once per segment set); `mod(amount, n)` compared with 0 for an
 * integer n. Texts compare for equality only, numbers and times in every way. Anything else (blocks, other fields,
 * text operators, regular expressions, a field that may be missing with no default) keeps the aggregation on the
 * records, as does a value that is not what the field holds when the scenario runs.
 */
import { allOf, MAX_EXACT_AMOUNT } from '../history-aggregates.js';
import type { HistoryPredicate, HistoryRecord, HistoryTextField } from '../ports.js';
import { COMPARISON_SYMBOL, type Condition, type Expr, type ListExpr } from './ast.js';
import type { SetValues } from './check.js';
import { resolveField } from './paths.js';
import type { DataType, Value } from './values.js';

/** A compiled expression as the compiler keeps it. */
export interface CompiledExpression<S> {
  fn: (s: S, rec: HistoryRecord, tx: undefined) => Value;
  type: DataType;
  code: boolean;
}

/** The predicate under one segment set: undefined when its values cannot be expressed. */
export type PredicateBuilder<S> = (s: S) => HistoryPredicate | undefined;

type Column = HistoryTextField | 'amount' | 't';

/** Record fields that may be missing (read as their default). */
const MAY_BE_MISSING = new Set<Column>(['payment_channel', 'card_payment_type', 'payment_stage', 'mcc']);
const NUMBER_COLUMNS: Readonly<Partial<Record<Column, DataType>>> = { amount: 'number', t: 'datetime' };

const ALWAYS: HistoryPredicate = { all: [] };
const NEVER: HistoryPredicate = { any: [] };
const ASCII = /^[\x01-\x7f]*$/;
const upper = (v: Value): Value => (typeof v === 'string' ? v.toUpperCase() : v);

/** A record that is never the transaction being evaluated: values computed with it leave no trace. */
const DETACHED = Object.freeze({}) as HistoryRecord;

const MIRRORED = { '==': '==', '!=': '!=', '<': '>', '<=': '>=', '>': '<', '>=': '<=' } as const;

interface RecordField {
  field: Column;
  type: DataType;
  code: boolean;
  /** The default of a field that may be missing (a code upper-cased), or undefined when it has none to apply. */
  otherwise?: string;
}

/**
 * The builder of `condition`'s predicate, or null when the condition cannot be expressed. `compiled` gives the
 * compiled form of an expression of the condition (the compiler compiles every one before).
 */
export function aggregationPredicate<S extends { values: SetValues }>(
  condition: Condition,
  compiled: (e: Expr) => CompiledExpression<S> | undefined,
): PredicateBuilder<S> | null {
  /** The flat record field an expression reads as it is, or null. */
  const recordField = (e: Expr): RecordField | null => {
    if (e.kind !== 'field') return null;
    const access = resolveField(e.field);
    const c = compiled(e);
    if ('error' in access || access.column === undefined || c === undefined) return null;
    const field = access.column;
    const natural = NUMBER_COLUMNS[field] ?? 'string';
    if (c.type !== natural || c.code !== access.code) return null;
    if (!MAY_BE_MISSING.has(field)) return { field, type: natural, code: access.code };
    if (!e.hasDefault) return null; // a missing value is an evaluation error over records
    const d = access.code ? upper(e.dflt) : e.dflt;
    if (d === null) return { field, type: natural, code: access.code };
    return typeof d === 'string' && ASCII.test(d) ? { field, type: natural, code: access.code, otherwise: d } : null;
  };

  /** A value that does not depend on the record, or null. */
  const independent = (e: Expr): ((s: S) => Value | undefined) | null => {
    const pure = (x: Expr): boolean => x.kind === 'constant' || x.kind === 'param' || (x.kind === 'arith' && x.args.every(pure));
    const c = compiled(e);
    if (!pure(e) || c === undefined) return null;
    const fn = c.fn;
    return (s) => {
      try {
        return fn(s, DETACHED, undefined);
      } catch {
        return undefined; // over records, the failure would show only if a record is read: leave it to them
      }
    };
  };

  const textIn = (f: RecordField, values: readonly Value[], fold: boolean): HistoryPredicate | undefined => {
    if (fold && !f.code) return undefined;
    const strings = values.filter((v): v is string => typeof v === 'string');
    return { field: f.field as HistoryTextField, in: strings, ...(fold ? { upper: true } : {}), ...(f.otherwise !== undefined ? { otherwise: f.otherwise } : {}) };
  };

  const compare = (c: Extract<Condition, { kind: 'compare' }>): PredicateBuilder<S> | null => {
    const lf = recordField(c.left);
    const rf = recordField(c.right);
    const li = independent(c.left);
    const ri = independent(c.right);
    const op = COMPARISON_SYMBOL[c.op];
    // mod(amount, n) == 0 / != 0
    const modOf = (e: Expr) => (e.kind === 'arith' && e.op === 'mod' && e.args.length === 2 ? { x: recordField(e.args[0] as Expr), n: independent(e.args[1] as Expr) } : null);
    const mod = modOf(c.left) ?? modOf(c.right);
    const zero = modOf(c.left) ? ri : li;
    if (mod && mod.x?.field === 'amount' && mod.n && zero && (op === '==' || op === '!=')) {
      const n = mod.n;
      return (s) => {
        const d = n(s);
        if (zero(s) !== 0 || typeof d !== 'number') return undefined;
        if (d === 0) return op === '==' ? NEVER : ALWAYS; // x % 0 is no value, never 0
        if (!Number.isInteger(d) || Math.abs(d) > MAX_EXACT_AMOUNT) return undefined;
        const p: HistoryPredicate = { field: 'amount', multiple_of: d };
        return op === '==' ? p : { not: p };
      };
    }
    const record = lf ?? rf;
    const value = lf ? ri : li;
    if (record === null || value === null || (lf !== null && rf !== null)) return null;
    const fold = (compiled(c.left)?.code === true || compiled(c.right)?.code === true) && compiled(c.left)?.type === 'string';
    if (record.type === 'string') {
      if (op !== '==' && op !== '!=') return null;
      return (s) => {
        const v = value(s);
        if (typeof v !== 'string') return undefined;
        const p = textIn(record, [fold ? upper(v) : v], fold);
        return p === undefined || op === '==' ? p : { not: p };
      };
    }
    const cmp = lf ? op : MIRRORED[op];
    const field = record.field as 'amount' | 't';
    return (s) => {
      const v = value(s);
      return typeof v === 'number' && Number.isFinite(v) ? { field, cmp, value: v } : undefined;
    };
  };

  const anyOf = (c: Extract<Condition, { kind: 'any_of' }>): PredicateBuilder<S> | null => {
    const f = recordField(c.value);
    const cv = compiled(c.value);
    if (f === null || f.type !== 'string' || cv === undefined) return null;
    const fold = cv.code && cv.type === 'string';
    const list = listValues<S>(c.list);
    return (s) => {
      const values = list(s);
      if (values === undefined) return undefined;
      const p = textIn(f, fold ? values.map(upper) : values, fold);
      return p === undefined || !c.negate ? p : { not: p };
    };
  };

  const build = (c: Condition): PredicateBuilder<S> | null => {
    switch (c.kind) {
      case 'logic': {
        const parts = c.children.map(build);
        if (parts.some((p) => p === null)) return null;
        const fns = parts as PredicateBuilder<S>[];
        return (s) => {
          const got = fns.map((f) => f(s));
          if (got.some((p) => p === undefined)) return undefined;
          return c.op === 'and' ? (allOf(got) ?? ALWAYS) : { any: got as HistoryPredicate[] };
        };
      }
      case 'not': {
        const inner = build(c.child);
        if (inner === null) return null;
        return (s) => {
          const p = inner(s);
          return p === undefined ? undefined : { not: p };
        };
      }
      case 'compare':
        return compare(c);
      case 'any_of':
        return anyOf(c);
      default:
        return null;
    }
  };
  return build(condition);
}

/** The values of an `any_of` list under a segment set (undefined when a parameter holds no list). */
function listValues<S extends { values: SetValues }>(l: ListExpr): (s: S) => readonly Value[] | undefined {
  if (l.kind === 'constant_list') {
    const values = l.values;
    return () => values;
  }
  const key = l.key;
  return (s) => {
    const v = s.values[key];
    return v === undefined ? [] : Array.isArray(v) ? v : undefined;
  };
}
