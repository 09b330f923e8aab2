/**
 * Aggregations of tamis-format scenarios (`{ "agg": ... }`): the history filter, the window and the aggregate.
 * Each is computed over the window's records, or, when the history port computes aggregates (`aggregate`, a
 * database), handed over as a `HistoryAggregateRequest` with the filter as a `HistoryPredicate`; the transaction
 * being evaluated is then added here exactly as over records. Every filter of the format maps onto a predicate
 * except `amount_multiple_of` with a value that is not an integer (those aggregations read records).
 */
import type { Env } from './engine.js';
import { EvalFailure } from './eval-failure.js';
import { allOf, DAY_MS, EMPTY_AGGREGATE, isHistoryAggregate, MAX_EXACT_AMOUNT, Moments } from './history-aggregates.js';
import type { HistoryAggregate, HistoryAggregateRequest, HistoryPredicate, HistoryRecord, HistoryTextField, HistoryView } from './ports.js';
import type { ScenarioAggregate, ScenarioFilterValue, ScenarioHistoryFilter, ScenarioLiteral, ScenarioWindow } from './scenario-types.js';
import type { TransactionViolation } from './types.js';
import { own } from '../own.js';

export type OperandFn = (env: Env) => unknown;
export interface CompiledOperand {
  fn: OperandFn;
  label: string;
}

/** What compiling an aggregation needs of the scenario being compiled. */
export interface AggregateCompileContext {
  /** The lookup list of that name (a problem is recorded when it is not defined). */
  lookup(name: string, path: string): Set<ScenarioLiteral>;
  problems: TransactionViolation[];
  /** Distinguishes compilations (a label naming a lookup list is only shared within one). */
  serial: number;
}

/**
 * Builds the predicate of a filter for the transaction being evaluated: null when the filter holds for every record,
 * undefined when it cannot be expressed.
 */
type PredicateFn = (cur: HistoryRecord) => HistoryPredicate | null | undefined;
type RecordTest = (r: HistoryRecord, cur: HistoryRecord) => boolean;
interface CompiledFilter {
  test: RecordTest;
  label: string;
  /** null: this filter has no predicate form (its aggregations read records). */
  predicate: PredicateFn | null;
}

/** Monomorphic accessors of the history keys (faster than `record[key]` in scans). */
const GETTERS: Record<string, (r: HistoryRecord) => unknown> = {
  currency: (r) => r.currency,
  direction: (r) => r.direction,
  type: (r) => r.type,
  counterparty: (r) => r.counterparty,
  country: (r) => r.country,
  mcc: (r) => r.mcc,
  payment_stage: (r) => r.payment_stage,
  card_payment_type: (r) => r.card_payment_type,
  payment_channel: (r) => r.payment_channel,
  customer: (r) => r.customer,
};

const NEVER: HistoryPredicate = { any: [] };
const EMPTY_VIEW: HistoryView = { records: [], start: 0, end: 0 };

function windowLabel(w: ScenarioWindow): string {
  const [unit, n] = Object.entries(w)[0] as [string, number];
  return `${n}${unit === 'minutes' ? 'min' : unit === 'hours' ? 'h' : unit === 'days' ? 'd' : 'mo'}`;
}

/** `t` minus a window (calendar months in UTC). */
function minus(t: number, w: ScenarioWindow): number {
  if ('minutes' in w) return t - w.minutes * 60_000;
  if ('hours' in w) return t - w.hours * 3_600_000;
  if ('days' in w) return t - w.days * DAY_MS;
  const d = new Date(t);
  d.setUTCMonth(d.getUTCMonth() - w.months);
  return d.getTime();
}

export const fmt = (v: unknown): string => (typeof v === 'string' ? JSON.stringify(v) : String(v));

function isLookup(v: unknown): v is { lookup: string } {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && 'lookup' in v;
}

function compileFilterValue(key: string, fv: ScenarioFilterValue, path: string, cx: AggregateCompileContext): CompiledFilter {
  const get = own(GETTERS, key) as (r: HistoryRecord) => unknown;
  const field = key as HistoryTextField;
  if (typeof fv === 'object' && fv !== null && !Array.isArray(fv) && 'not' in fv) {
    const inner = compileFilterValue(key, fv.not, `${path}.not`, cx);
    const p = inner.predicate;
    return {
      test: (r, cur) => !inner.test(r, cur),
      label: `not ${inner.label}`,
      predicate:
        p === null
          ? null
          : (cur) => {
              const q = p(cur);
              return q === undefined ? undefined : { not: q ?? { all: [] } };
            },
    };
  }
  if (fv === '$current') {
    return {
      test: (r, cur) => {
        const v = get(r);
        return v !== null && v === get(cur);
      },
      label: 'current',
      predicate: (cur) => {
        const v = get(cur);
        return v === null ? NEVER : typeof v === 'string' ? { field, in: [v] } : undefined;
      },
    };
  }
  const set = isLookup(fv) ? cx.lookup(fv.lookup, path) : new Set(fv as ScenarioLiteral[]);
  const label = isLookup(fv) ? `lookup:${fv.lookup}` : `[${(fv as ScenarioLiteral[]).map(fmt).join(',')}]`;
  // History keys are texts or null: other literals never match.
  const values = [...set].filter((v): v is string | null => v === null || typeof v === 'string');
  const predicate: HistoryPredicate = { field, in: values };
  return { test: (r) => set.has(get(r) as ScenarioLiteral), label, predicate: () => predicate };
}

/** `amount % n === 0` of a non-zero amount, as a predicate (null when n is not an integer a database tests exactly). */
function multipleOf(n: number): HistoryPredicate | null {
  if (n === 0) return NEVER; // x % 0 is NaN
  if (!Number.isInteger(n) || Math.abs(n) > MAX_EXACT_AMOUNT) return null;
  return { all: [{ field: 'amount', cmp: '!=', value: 0 }, { field: 'amount', multiple_of: n }] };
}

function compileFilter(where: ScenarioHistoryFilter | undefined, path: string, cx: AggregateCompileContext): CompiledFilter {
  if (!where) return { test: () => true, label: '', predicate: () => null };
  const tests: RecordTest[] = [];
  const labels: string[] = [];
  const predicates: Array<PredicateFn | null> = [];
  const fixed = (p: HistoryPredicate | null) => predicates.push(p === null ? null : () => p);
  for (const [key, value] of Object.entries(where)) {
    if (value === undefined) continue;
    if (key === 'amount_min') {
      const n = value as number;
      tests.push((r) => r.amount >= n);
      labels.push(`amount>=${n}`);
      fixed({ field: 'amount', cmp: '>=', value: n });
    } else if (key === 'amount_max') {
      const n = value as number;
      tests.push((r) => r.amount < n);
      labels.push(`amount<${n}`);
      fixed({ field: 'amount', cmp: '<', value: n });
    } else if (key === 'amount_multiple_of') {
      const n = value as number;
      tests.push((r) => r.amount !== 0 && r.amount % n === 0);
      labels.push(`amount%${n}==0`);
      fixed(multipleOf(n));
    } else if (key === 'cash_pickup') {
      const b = value as boolean;
      tests.push((r) => r.cash_pickup === b);
      labels.push(`cash_pickup=${b}`);
      fixed({ field: 'cash_pickup', is: b });
    } else {
      const fv = compileFilterValue(key, value as ScenarioFilterValue, `${path}.${key}`, cx);
      tests.push(fv.test);
      labels.push(`${key} in ${fv.label}`);
      predicates.push(fv.predicate);
    }
  }
  const n = tests.length;
  const test: RecordTest =
    n === 1
      ? (tests[0] as RecordTest)
      : (r, cur) => {
          for (let i = 0; i < n; i++) if (!(tests[i] as RecordTest)(r, cur)) return false;
          return true;
        };
  const expressible = predicates.every((p) => p !== null) ? (predicates as PredicateFn[]) : null;
  return {
    test,
    label: labels.join(', '),
    predicate: expressible === null ? null : (cur) => allOf(expressible.map((p) => p(cur))),
  };
}

/** Compile `{ "agg": ... }` at `path`. */
export function compileAggregate(agg: ScenarioAggregate, path: string, cx: AggregateCompileContext): CompiledOperand {
  const over = agg.over ?? 'customer';
  const of = agg.of ?? 'amount';
  const includeCurrent = agg.include_current ?? true;
  // "This customer's transactions with the current counterparty" reads the (short) counterparty index instead of
  // the customer's whole window; both indexes hold the same records.
  const viaCounterparty = over === 'customer' && agg.where?.counterparty === '$current';
  const scope = viaCounterparty ? 'counterparty' : over;
  const until = agg.until;
  const window = agg.window;
  const filter = compileFilter(agg.where, `${path}.where`, cx);
  const numeric = agg.fn !== 'count' && agg.fn !== 'unique_count';
  const countAll = agg.fn === 'count' && filter.label === '' && !viaCounterparty;
  const uniqueOf: keyof HistoryRecord | 'day' | null = agg.fn === 'unique_count' ? (of === 'amount' ? 'amount' : of) : null;
  if (numeric && of !== 'amount') {
    cx.problems.push({ code: 'INVALID_SCENARIO', message: `${agg.fn} aggregates amounts only`, path: `${path}.of` });
  }
  const label =
    `${agg.fn}(${agg.fn === 'count' ? '' : of}) over ${over} ${windowLabel(window)}` +
    (until ? ` until ${windowLabel(until)} ago` : '') +
    (filter.label ? ` where ${filter.label}` : '') +
    (includeCurrent ? '' : ' excluding current');
  // Aggregates with equal labels are equal and computed once per evaluation, across scenarios; a label naming a
  // lookup list is only shared within one compilation (another may bind the name to other values).
  const cacheKey = label.includes('lookup:') ? `#${cx.serial}:${label}` : label;
  const filterPredicate = filter.predicate;

  /** The request of this aggregation for the transaction `cur`, or undefined when it reads records. */
  const request = (cur: HistoryRecord, key: string, from: number, to: number): HistoryAggregateRequest | undefined => {
    if (filterPredicate === null) return undefined;
    const condition = filterPredicate(cur);
    if (condition === undefined) return undefined;
    const where = allOf([viaCounterparty ? { field: 'customer', in: [cur.customer] } : null, condition]);
    let probe: string | number | null = null;
    if (uniqueOf !== null) {
      const v = uniqueOf === 'day' ? Math.floor(cur.t / DAY_MS) : cur[uniqueOf];
      if (v !== null && typeof v !== 'string' && typeof v !== 'number') return undefined;
      probe = v;
    }
    return {
      scope,
      key,
      fromMs: from,
      toMs: to,
      exclude: { id: cur.id, t: cur.t },
      where: where ?? null,
      sum: agg.fn === 'sum' || agg.fn === 'avg',
      range: agg.fn === 'min' || agg.fn === 'max',
      moments: agg.fn === 'stddev',
      distinct: uniqueOf === null ? null : { of: uniqueOf === 'day' ? 'day' : (uniqueOf as HistoryTextField | 'amount'), probe },
    };
  };

  const fn: OperandFn = (env) => {
    const cached = env.cache.get(cacheKey);
    if (cached !== undefined) return cached;
    const cur = env.rec;
    const key = over === 'customer' && !viaCounterparty ? cur.customer : cur.counterparty;
    const to = until ? minus(cur.t, until) : cur.t;
    const from = minus(cur.t, window);
    const curCustomer = cur.customer;
    let view: HistoryView = EMPTY_VIEW;
    let pre: HistoryAggregate | undefined;
    if (key !== null) {
      const history = env.history;
      try {
        const req = history.aggregate ? request(cur, key, from, to) : undefined;
        if (req !== undefined) pre = (history.aggregate as (r: HistoryAggregateRequest) => HistoryAggregate | undefined)(req);
        if (pre === undefined) view = history.range(scope, key, from, to);
      } catch (e) {
        throw new EvalFailure('HISTORY_UNAVAILABLE', `history port failed: ${String(e)}`, path);
      }
      if (pre !== undefined && !isHistoryAggregate(pre)) throw new EvalFailure('HISTORY_UNAVAILABLE', 'history port answered no aggregate', path);
      if (view === null || typeof view !== 'object' || !Array.isArray(view.records) || !Number.isInteger(view.start) || !Number.isInteger(view.end))
        throw new EvalFailure('HISTORY_UNAVAILABLE', 'history port answered no view (records, start, end)', path);
    }
    const records = view.records;
    if (countAll) {
      // An unfiltered count needs no record: the slice length, less the current transaction if the history holds it.
      let n = pre ? pre.count : view.end - view.start;
      for (let i = view.end - 1; i >= view.start; i--) {
        const r = records[i] as HistoryRecord;
        if (r.t !== cur.t) break;
        if (r.id === cur.id) n--;
      }
      const out = n + (includeCurrent && !until ? 1 : 0);
      env.cache.set(cacheKey, out);
      return out;
    }
    const test = filter.test;
    // Welford's running mean and sum of squared deviations: stable for large amounts (E[x²] − mean² is not).
    const m = Moments.from(pre ?? EMPTY_AGGREGATE);
    let unique: Set<unknown> | undefined;
    const curId = cur.id;
    const curT = cur.t;
    const withCurrent = includeCurrent && !until;
    const end = view.end;
    // One pass; index `end` stands for the current transaction.
    for (let i = view.start; i <= end; i++) {
      let r: HistoryRecord;
      if (i < end) {
        r = records[i] as HistoryRecord;
        if (r.t === curT && r.id === curId) continue;
      } else if (withCurrent) r = cur;
      else break;
      if (viaCounterparty && r.customer !== curCustomer) continue;
      if (!test(r, cur)) continue;
      if (numeric) {
        m.add(r.amount);
        continue;
      }
      m.n++;
      if (uniqueOf !== null) {
        const v = uniqueOf === 'day' ? Math.floor(r.t / DAY_MS) : r[uniqueOf];
        if (v !== null) (unique ??= new Set()).add(v);
      }
    }
    const { n: count, sum, min, max, m2 } = m;
    let out: number | null;
    switch (agg.fn) {
      case 'count':
        out = count;
        break;
      case 'sum':
        out = sum;
        break;
      case 'avg':
        out = count === 0 ? null : sum / count;
        break;
      case 'min':
        out = count === 0 ? null : min;
        break;
      case 'max':
        out = count === 0 ? null : max;
        break;
      case 'unique_count':
        // Precomputed: the stored distinct values, and the current one unless it is among them.
        out = (pre?.distinct ?? 0) + (unique && !pre?.probeSeen ? unique.size : 0);
        break;
      case 'stddev': {
        out = count === 0 ? null : Math.sqrt(Math.max(0, m2 / count));
        break;
      }
    }
    env.cache.set(cacheKey, out);
    return out;
  };
  return { fn, label };
}
