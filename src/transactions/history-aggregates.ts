/**
 * History aggregates computed where the history is kept: a database answers one row of aggregates per window instead
 * of the window's records. The engine describes each aggregation it can hand over as a `HistoryAggregateRequest`
 * (see ports.ts) and adds the transaction being evaluated itself, exactly as it does over records, so that both
 * paths give the same numbers to the last bit: the sum is added in time order from 0, the mean and the sum of
 * squared deviations are Welford's, run in the same order.
 *
 * A store answers only over plain records (`isPlainRecord`: the flat record as `toHistoryRecord` builds it); a
 * window holding another record is declined, and the engine reads its records. `aggregateRecords` is the reference
 * answer over records in memory (the in-memory store's, and what database adapters are tested against).
 */
import type { HistoryAggregate, HistoryAggregateRequest, HistoryPredicate, HistoryRecord, HistoryValueField } from './ports.js';

export const DAY_MS = 86_400_000;

/** Amounts at least this large are declined where the exact remainder matters (a database tests it in integers). */
export const MAX_EXACT_AMOUNT = 2 ** 53;

/** The answer over no record. */
export const EMPTY_AGGREGATE: HistoryAggregate = Object.freeze({ count: 0, sum: 0, min: null, max: null, mean: 0, m2: 0, distinct: 0, probeSeen: false });

/** A request's identity: requests with equal keys have equal answers. */
export const aggregateRequestKey = (request: HistoryAggregateRequest): string => JSON.stringify(request);

const LONE_SURROGATE = /\p{Cs}/u;
const ASCII = /^[\x01-\x7f]*$/;
/** Text a database stores as it is: no NUL, no lone surrogate. */
const text = (s: unknown): s is string => typeof s === 'string' && !s.includes('\u0000') && !LONE_SURROGATE.test(s);
/** Codes (currency, direction, type, stages, channels, countries): ASCII, so that upper-casing means the same everywhere. */
const code = (s: unknown): boolean => typeof s === 'string' && ASCII.test(s);
const orNull = (test: (s: unknown) => boolean) => (s: unknown) => s === null || test(s);
const optionalText = orNull(text);
const optionalCode = orNull(code);

/**
 * A record a store may aggregate: every field of the flat record of the type `toHistoryRecord` gives it, texts a
 * database keeps unchanged, codes in ASCII, a finite time and an amount below 2^53 in magnitude.
 */
export function isPlainRecord(r: HistoryRecord): boolean {
  return (
    text(r.id) &&
    text(r.customer) &&
    optionalText(r.counterparty) &&
    typeof r.t === 'number' &&
    Number.isFinite(r.t) &&
    typeof r.amount === 'number' &&
    Math.abs(r.amount) < MAX_EXACT_AMOUNT &&
    code(r.currency) &&
    code(r.direction) &&
    code(r.type) &&
    optionalCode(r.country) &&
    optionalText(r.mcc) &&
    optionalCode(r.payment_stage) &&
    optionalCode(r.card_payment_type) &&
    optionalCode(r.payment_channel) &&
    typeof r.cash_pickup === 'boolean'
  );
}

/** The conjunction of predicates: undefined when one is (cannot be expressed), null when there is none. */
export function allOf(parts: ReadonlyArray<HistoryPredicate | null | undefined>): HistoryPredicate | null | undefined {
  if (parts.some((p) => p === undefined)) return undefined;
  const conditions = parts.filter((p): p is HistoryPredicate => p !== null);
  return conditions.length === 0 ? null : conditions.length === 1 ? conditions[0] : { all: conditions };
}

/** Upper-cases ASCII letters only (what a database does under the C collation, and all `upper` means). */
export const upperAscii = (s: string): string => s.replace(/[a-z]+/g, (x) => x.toUpperCase());

/** Whether `p` holds for the record `r`. */
export function predicateHolds(p: HistoryPredicate, r: HistoryRecord): boolean {
  if ('all' in p) return p.all.every((q) => predicateHolds(q, r));
  if ('any' in p) return p.any.some((q) => predicateHolds(q, r));
  if ('not' in p) return !predicateHolds(p.not, r);
  if ('in' in p) {
    let v = r[p.field];
    if (v === null && p.otherwise !== undefined) v = p.otherwise;
    if (p.upper === true && v !== null) v = upperAscii(v);
    return p.in.includes(v);
  }
  if ('cmp' in p) {
    const x = p.field === 'amount' ? r.amount : r.t;
    const y = p.value;
    switch (p.cmp) {
      case '==':
        return x === y;
      case '!=':
        return x !== y;
      case '<':
        return x < y;
      case '<=':
        return x <= y;
      case '>':
        return x > y;
      case '>=':
        return x >= y;
    }
  }
  if ('multiple_of' in p) return r.amount % p.multiple_of === 0;
  return r.cash_pickup === p.is;
}

/** The value a distinct count reads; null is not counted. */
export function distinctValue(r: HistoryRecord, of: HistoryValueField): string | number | null {
  if (of === 'amount') return r.amount;
  if (of === 't') return r.t;
  if (of === 'day') return Math.floor(r.t / DAY_MS);
  return r[of];
}

/**
 * Welford's running moments of amounts (numerically stable variance), with their sum (added from 0) and range:
 * the engine's one way of accumulating, over records and on top of a computed aggregate (`Moments.from`).
 */
export class Moments {
  n = 0;
  mean = 0;
  m2 = 0;
  sum = 0;
  min = Infinity;
  max = -Infinity;
  /** Moments that go on from a computed aggregate's. */
  static from(a: HistoryAggregate): Moments {
    const m = new Moments();
    m.n = a.count;
    m.mean = a.mean;
    m.m2 = a.m2;
    m.sum = a.sum;
    m.min = a.min ?? Infinity;
    m.max = a.max ?? -Infinity;
    return m;
  }
  add(x: number): void {
    this.n++;
    this.sum += x;
    const d = x - this.mean;
    this.mean += d / this.n;
    this.m2 += d * (x - this.mean);
    if (x < this.min) this.min = x;
    if (x > this.max) this.max = x;
  }
}

/**
 * The answer to `request` over `records` (its window, in time order, ties in append order), or null when the window
 * holds a record that is not plain.
 */
export function aggregateRecords(records: Iterable<HistoryRecord>, request: HistoryAggregateRequest): HistoryAggregate | null {
  const { exclude, where, distinct } = request;
  const m = new Moments();
  let seen: Set<unknown> | undefined;
  let probeSeen = false;
  for (const r of records) {
    if (r.t === exclude.t && r.id === exclude.id) continue;
    if (!isPlainRecord(r)) return null;
    if (where !== null && !predicateHolds(where, r)) continue;
    m.add(r.amount);
    if (distinct !== null) {
      const v = distinctValue(r, distinct.of);
      if (v !== null) {
        (seen ??= new Set()).add(v);
        if (v === distinct.probe) probeSeen = true;
      }
    }
  }
  const count = m.n;
  return {
    count,
    sum: request.sum ? m.sum : 0,
    min: request.range && count > 0 ? m.min : null,
    max: request.range && count > 0 ? m.max : null,
    mean: request.moments ? m.mean : 0,
    m2: request.moments ? m.m2 : 0,
    distinct: seen?.size ?? 0,
    probeSeen,
  };
}

/** An answer a host's history port gave, checked for shape (the engine reports a bad one as HISTORY_UNAVAILABLE). */
export function isHistoryAggregate(a: unknown): a is HistoryAggregate {
  if (typeof a !== 'object' || a === null) return false;
  const x = a as Record<string, unknown>;
  const num = (v: unknown) => typeof v === 'number' && !Number.isNaN(v);
  const numOrNull = (v: unknown) => v === null || num(v);
  return (
    Number.isInteger(x.count) &&
    num(x.sum) &&
    numOrNull(x.min) &&
    numOrNull(x.max) &&
    num(x.mean) &&
    num(x.m2) &&
    Number.isInteger(x.distinct) &&
    typeof x.probeSeen === 'boolean'
  );
}
