/**
 * Aggregations over the history: the window of each unit, the group (the current transaction's values of the
 * grouping fields; grouping by customer or counterparty reads that history index, grouping by neither reads the
 * whole history through `rangeAll`), the filter applied to each record, and the aggregate. Records whose target is
 * missing are left out (as a database ignores nulls); an empty average, minimum, maximum, variance or standard
 * deviation is null (never ordered, equal only to null).
 *
 * When the history computes aggregates (`HistoryPort.aggregate`, a database), an aggregation grouped by customer,
 * by counterparty or by both, whose filter maps onto a predicate (aggregate-predicate.ts) and whose target is the
 * amount (a field of the flat record for distinct counts) is handed over; the transaction being evaluated is then
 * added here as over records.
 */
import type { Env } from '../engine.js';
import { EvalFailure } from '../eval-failure.js';
import { allOf, isHistoryAggregate, Moments } from '../history-aggregates.js';
import type { HistoryAggregate, HistoryAggregateRequest, HistoryPredicate, HistoryRecord, HistoryValueField, HistoryView } from '../ports.js';
import type { AggregationSpec } from './ast.js';
import type { AnyTransaction } from './paths.js';
import { DAY_MS, dayStart, type Value } from './values.js';

export interface WindowBounds {
  /** Records with from < t <= to. */
  from: number;
  to: number;
  /** Length in days (for average_count_over_day). */
  days: number;
  /** The window ends at the transaction (so the transaction itself may count). */
  endsAtCurrent: boolean;
}

function minusMonths(t: number, months: number): number {
  const d = new Date(t);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.getTime();
}

export function windowBounds(t: number, spec: Pick<AggregationSpec, 'window' | 'unit' | 'excludeCurrentDay'>): WindowBounds {
  const n = spec.window;
  switch (spec.unit) {
    case 'minute':
      return { from: t - n * 60_000, to: t, days: n / 1440, endsAtCurrent: true };
    case 'hour':
      return { from: t - n * 3_600_000, to: t, days: n / 24, endsAtCurrent: true };
    case 'day':
      return { from: t - n * DAY_MS, to: t, days: n, endsAtCurrent: true };
    case 'month':
    case 'year': {
      const from = minusMonths(t, spec.unit === 'year' ? 12 * n : n);
      return { from, to: t, days: (t - from) / DAY_MS, endsAtCurrent: true };
    }
    case 'calendar_day': {
      const start = dayStart(t);
      return spec.excludeCurrentDay
        ? { from: start - n * DAY_MS - 1, to: start - 1, days: n, endsAtCurrent: false }
        : { from: start - (n - 1) * DAY_MS - 1, to: t, days: n, endsAtCurrent: true };
    }
  }
}

/** Reads a record's value: `rec` is the history record, `tx` its whole transaction when known. */
export type RecordReader = (rec: HistoryRecord, tx: AnyTransaction | undefined, env: Env) => unknown;

export interface GroupReader {
  key: RecordReader;
  scope: 'customer' | 'counterparty' | null;
}

export interface AggregationParts<S> {
  spec: AggregationSpec;
  path: string;
  /** Per-record filter (the filter_spec), or null. */
  filter: ((s: S, rec: HistoryRecord, tx: AnyTransaction | undefined) => boolean) | null;
  target: RecordReader | null;
  grouping: GroupReader[];
  /** Cache key of equal aggregations (computed once per evaluation across scenarios). */
  cacheKey: (s: S) => string;
  /**
   * The filter as a history predicate (null: no filter; undefined: not under these values), or null when it cannot
   * be one: the aggregation then reads records.
   */
  where?: ((s: S) => HistoryPredicate | null | undefined) | null;
  /** The record field the target reads as it is, when it does. */
  targetField?: HistoryValueField | null;
}

const EMPTY: HistoryView = { records: [], start: 0, end: 0 };
const norm = (v: unknown): unknown => (v === undefined ? null : v);

export function compileAggregation<S extends { env: Env }>(parts: AggregationParts<S>): (s: S) => Value {
  const { spec, path, filter, target, grouping } = parts;
  const counterpartyIndex = grouping.findIndex((g) => g.scope === 'counterparty');
  const customerIndex = grouping.findIndex((g) => g.scope === 'customer');
  const distinct = spec.aggregate === 'unique_count' || (spec.aggregate === 'count' && spec.distinct && target !== null);
  const countOnly = (spec.aggregate === 'count' || spec.aggregate === 'average_count_over_day') && !distinct;
  /** Groups checked per record: the one the history index already selects is skipped. */
  const indexGroup = counterpartyIndex >= 0 ? counterpartyIndex : customerIndex;
  const checked = grouping.map((_, g) => g).filter((g) => g !== indexGroup && !(counterpartyIndex >= 0 && g === customerIndex));
  const checksCustomer = counterpartyIndex >= 0 && customerIndex >= 0;
  /** A plain count of the indexed group needs no record: the slice length. */
  const sliceCount = countOnly && filter === null && checked.length === 0 && !checksCustomer;
  const where = parts.where ?? null;
  const targetField = parts.targetField ?? null;
  /** Whether the history may compute this aggregation: a group it indexes alone, a filter and target it can read. */
  const handed =
    where !== null &&
    checked.length === 0 &&
    (counterpartyIndex >= 0 || customerIndex >= 0) &&
    (countOnly || (distinct ? targetField !== null : targetField === 'amount'));
  const numericAggregate = spec.aggregate;
  /** The request for the transaction being evaluated, or undefined when it reads records. */
  const request = (s: S, scope: 'customer' | 'counterparty', key: string, bounds: WindowBounds): HistoryAggregateRequest | undefined => {
    const env = s.env;
    const cur = env.rec;
    const condition = (where as (s: S) => HistoryPredicate | null | undefined)(s);
    const all = allOf([checksCustomer ? { field: 'customer', in: [cur.customer] } : null, condition]);
    if (all === undefined) return undefined;
    let probe: string | number | null = null;
    if (distinct) {
      const raw = (target as RecordReader)(cur, env.tx, env);
      if (raw !== undefined && raw !== null && typeof raw !== 'string' && typeof raw !== 'number') return undefined;
      probe = raw ?? null;
    }
    return {
      scope,
      key,
      fromMs: bounds.from,
      toMs: bounds.to,
      exclude: { id: cur.id, t: cur.t },
      where: all,
      sum: !countOnly && !distinct && numericAggregate === 'sum',
      range: !countOnly && !distinct && (numericAggregate === 'min' || numericAggregate === 'max'),
      moments: !countOnly && !distinct && (numericAggregate === 'average' || numericAggregate === 'variance' || numericAggregate === 'std_dev'),
      distinct: distinct ? { of: targetField as HistoryValueField, probe } : null,
    };
  };
  return (s) => {
    const env = s.env;
    const key = parts.cacheKey(s);
    const cached = env.cache.get(key);
    if (cached !== undefined) return cached as Value;
    const cur = env.rec;
    const bounds = windowBounds(cur.t, spec);
    const keys = grouping.map((g) => norm(g.key(cur, env.tx, env)));
    let view: HistoryView = EMPTY;
    let pre: HistoryAggregate | undefined;
    const history = env.history;
    /** The aggregates of the window from the history, or its records. */
    const read = (scope: 'customer' | 'counterparty', key: string): void => {
      const q = handed && history.aggregate ? request(s, scope, key, bounds) : undefined;
      if (q !== undefined) pre = (history.aggregate as (q: HistoryAggregateRequest) => HistoryAggregate | undefined)(q);
      if (pre === undefined) view = history.range(scope, key, bounds.from, bounds.to);
    };
    try {
      if (counterpartyIndex >= 0) {
        const k = keys[counterpartyIndex];
        if (typeof k === 'string') read('counterparty', k);
      } else if (customerIndex >= 0) read('customer', cur.customer);
      else if (history.rangeAll) view = history.rangeAll(bounds.from, bounds.to);
      else throw new EvalFailure('HISTORY_UNAVAILABLE', 'the history port has no rangeAll: an aggregation grouped by neither customer nor counterparty needs it', path);
    } catch (e) {
      if (e instanceof EvalFailure) throw e;
      throw new EvalFailure('HISTORY_UNAVAILABLE', `history port failed: ${String(e)}`, path);
    }
    if (pre !== undefined && !isHistoryAggregate(pre)) throw new EvalFailure('HISTORY_UNAVAILABLE', 'history port answered no aggregate', path);
    const records = view.records;
    const end = view.end;
    const withCurrent = spec.includeCurrent && bounds.endsAtCurrent;
    if (sliceCount) {
      let c = pre ? pre.count : end - view.start;
      for (let i = end - 1; i >= view.start; i--) {
        const r = records[i] as HistoryRecord;
        if (r.t !== cur.t) break;
        if (r.id === cur.id) c--;
      }
      if (withCurrent) c++;
      const out = spec.aggregate === 'count' ? c : c / bounds.days;
      env.cache.set(key, out);
      return out;
    }
    const m = pre ? Moments.from(pre) : new Moments();
    let count = m.n;
    let seen: Set<unknown> | undefined;
    for (let i = view.start; i <= end; i++) {
      let r: HistoryRecord;
      let tx: AnyTransaction | undefined;
      if (i < end) {
        r = records[i] as HistoryRecord;
        if (r.t === cur.t && r.id === cur.id) continue;
        tx = r.source;
        if (checksCustomer && r.customer !== cur.customer) continue;
        let inGroup = true;
        for (let j = 0; j < checked.length; j++) {
          const g = checked[j] as number;
          if (norm((grouping[g] as GroupReader).key(r, tx, env)) !== keys[g]) {
            inGroup = false;
            break;
          }
        }
        if (!inGroup) continue;
      } else if (withCurrent) {
        r = cur;
        tx = env.tx;
      } else break;
      if (filter !== null && !filter(s, r, tx)) continue;
      if (countOnly) {
        count++;
        continue;
      }
      const raw = (target as RecordReader)(r, tx, env);
      if (raw === undefined || raw === null) continue;
      if (distinct) {
        (seen ??= new Set()).add(raw);
        continue;
      }
      const x = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN;
      if (!Number.isFinite(x)) throw new EvalFailure('BAD_DATA', `aggregation target ${JSON.stringify(raw)} is not a number`, path);
      m.add(x);
    }
    let out: Value;
    // Computed: the stored distinct values, and the current one unless it is among them.
    if (distinct) out = (pre?.distinct ?? 0) + (seen && !pre?.probeSeen ? seen.size : 0);
    else if (countOnly) out = spec.aggregate === 'count' ? count : count / bounds.days;
    else {
      const k = m.n;
      switch (spec.aggregate) {
        case 'sum':
          out = m.sum;
          break;
        case 'average':
          out = k === 0 ? null : m.mean;
          break;
        case 'min':
          out = k === 0 ? null : m.min;
          break;
        case 'max':
          out = k === 0 ? null : m.max;
          break;
        case 'variance':
          out = k === 0 ? null : m.m2 / k;
          break;
        case 'std_dev':
          out = k === 0 ? null : Math.sqrt(m.m2 / k);
          break;
        default:
          out = k;
      }
    }
    env.cache.set(key, out);
    return out;
  };
}
