/**
 * Aggregations over the history: the window of each unit, the group (the current transaction's values of the
 * grouping fields; grouping by customer or counterparty reads that history index, grouping by neither reads the
 * whole history through `rangeAll`), the filter applied to each record, and the aggregate. Records whose target is
 * missing are left out (as a database ignores nulls); an empty average, minimum, maximum, variance or standard
 * deviation is null (never ordered, equal only to null).
 */
import type { Env } from '../engine.js';
import { EvalFailure } from '../eval-failure.js';
import type { HistoryRecord, HistoryView } from '../ports.js';
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
}

const EMPTY: HistoryView = { records: [], start: 0, end: 0 };
const norm = (v: unknown): unknown => (v === undefined ? null : v);

/** Welford's running moments: numerically stable variance. */
class Moments {
  n = 0;
  mean = 0;
  m2 = 0;
  sum = 0;
  min = Infinity;
  max = -Infinity;
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
  return (s) => {
    const env = s.env;
    const key = parts.cacheKey(s);
    const cached = env.cache.get(key);
    if (cached !== undefined) return cached as Value;
    const cur = env.rec;
    const bounds = windowBounds(cur.t, spec);
    const keys = grouping.map((g) => norm(g.key(cur, env.tx, env)));
    let view: HistoryView;
    try {
      if (counterpartyIndex >= 0) {
        const k = keys[counterpartyIndex];
        view = typeof k === 'string' ? env.history.range('counterparty', k, bounds.from, bounds.to) : EMPTY;
      } else if (customerIndex >= 0) view = env.history.range('customer', cur.customer, bounds.from, bounds.to);
      else if (env.history.rangeAll) view = env.history.rangeAll(bounds.from, bounds.to);
      else throw new EvalFailure('HISTORY_UNAVAILABLE', 'the history port has no rangeAll: an aggregation grouped by neither customer nor counterparty needs it', path);
    } catch (e) {
      if (e instanceof EvalFailure) throw e;
      throw new EvalFailure('HISTORY_UNAVAILABLE', `history port failed: ${String(e)}`, path);
    }
    const records = view.records;
    const end = view.end;
    const withCurrent = spec.includeCurrent && bounds.endsAtCurrent;
    if (sliceCount) {
      let c = end - view.start;
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
    const m = new Moments();
    let count = 0;
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
    if (distinct) out = seen ? seen.size : 0;
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
