/**
 * `HistoryStore.aggregate` in SQL: each `HistoryAggregateRequest` becomes one aggregate SELECT over the window
 * (customer or counterparty, occurred_ms range, by the indexes on (customer, occurred_ms) and
 * (counterparty, occurred_ms)), all the requests of one evaluation in one statement. Only one row per window comes
 * back, never the window's records.
 *
 * Same numbers as the engine over records, to the last bit (the conformance suite compares them):
 * - the sum is `sum(amount ORDER BY occurred_ms, seq)`: PostgreSQL adds float8 values one by one in that order, as
 *   the engine does (its start from 0 instead of the first value differs only for a sum of negative zeros, made 0
 *   here by adding 0);
 * - the mean and the sum of squared deviations are `tamis_welford(amount ORDER BY occurred_ms, seq)` (migration 7),
 *   Welford's steps in the engine's order;
 * - min and max are exact (a negative zero never reaches the table: the driver and the JSON both write it as 0,
 *   so the records the row path reads hold 0 too);
 * - counts, distinct counts and the probe are exact;
 * - float8 values come back in PostgreSQL's shortest exact text (extra_float_digits at its default, 1).
 * A window holding a record that is not plain (`plain` false) is declined (null): the engine reads its records.
 */
import { EMPTY_AGGREGATE } from '../transactions/history-aggregates.js';
import type { HistoryAggregate, HistoryAggregateRequest, HistoryPredicate, HistoryTextField, HistoryValueField } from '../transactions/ports.js';
import type { PgQueryable } from './pool.js';

/** The request cannot be put to the database as it is: the engine reads the records. */
class Declined extends Error {}

const LONE_SURROGATE = /\p{Cs}/u;
/** Text PostgreSQL stores unchanged (no NUL; a lone surrogate would come back as U+FFFD). */
const storable = (s: string): boolean => !s.includes('\u0000') && !LONE_SURROGATE.test(s);

const TEXT_COLUMNS: Readonly<Record<HistoryTextField, string>> = {
  id: 'id',
  customer: 'customer',
  counterparty: 'counterparty',
  currency: 'currency',
  direction: 'direction',
  type: '"type"',
  country: 'country',
  mcc: 'mcc',
  payment_stage: 'payment_stage',
  card_payment_type: 'card_payment_type',
  payment_channel: 'payment_channel',
};
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const MAX_EXACT = '9007199254740992';
const OPS = { '==': '=', '!=': '<>', '<': '<', '<=': '<=', '>': '>', '>=': '>=' } as const;

type Param = (value: unknown) => string;

/** The SQL condition of a predicate; never NULL on a plain row (NOT of it is the complement, as in the engine). */
export function predicateSql(p: HistoryPredicate, param: Param): string {
  if ('all' in p) return p.all.length === 0 ? 'TRUE' : `(${p.all.map((q) => predicateSql(q, param)).join(' AND ')})`;
  if ('any' in p) return p.any.length === 0 ? 'FALSE' : `(${p.any.map((q) => predicateSql(q, param)).join(' OR ')})`;
  if ('not' in p) return `(NOT ${predicateSql(p.not, param)})`;
  if ('in' in p) {
    let v = TEXT_COLUMNS[p.field];
    if (v === undefined) throw new Declined();
    if (p.otherwise !== undefined) {
      if (!storable(p.otherwise)) throw new Declined();
      v = `coalesce(${v}, ${param(p.otherwise)}::text)`;
    }
    if (p.upper === true) v = `translate(${v}, '${LOWER}', '${LOWER.toUpperCase()}')`;
    const values = p.in.filter((x): x is string => typeof x === 'string' && storable(x));
    return `(CASE WHEN ${v} IS NULL THEN ${p.in.includes(null) ? 'TRUE' : 'FALSE'} ELSE ${v} = ANY(${param(values)}::text[]) END)`;
  }
  if ('cmp' in p) {
    const op = OPS[p.cmp];
    if (op === undefined || typeof p.value !== 'number' || Number.isNaN(p.value)) throw new Declined();
    return `(${p.field === 't' ? 'occurred_ms' : 'amount'} ${op} ${param(p.value)}::double precision)`;
  }
  if ('multiple_of' in p) {
    const n = p.multiple_of;
    if (!Number.isInteger(n) || n === 0 || Math.abs(n) > 2 ** 53) throw new Declined();
    // amount % n === 0 for a whole n: a whole amount (below 2^53, so exact as bigint) divisible by n.
    return `(CASE WHEN abs(amount) < ${MAX_EXACT} AND amount = trunc(amount) THEN amount::bigint % ${param(n)}::bigint = 0 ELSE FALSE END)`;
  }
  if ('is' in p) return `(cash_pickup = ${param(p.is === true)}::boolean)`;
  throw new Declined();
}

/** The SQL value a distinct count reads. */
function distinctSql(of: HistoryValueField): { sql: string; numeric: boolean } {
  if (of === 'amount') return { sql: 'amount', numeric: true };
  if (of === 't') return { sql: 'occurred_ms', numeric: true };
  if (of === 'day') return { sql: 'floor(occurred_ms / 86400000::double precision)', numeric: true };
  const column = TEXT_COLUMNS[of];
  if (column === undefined) throw new Declined();
  return { sql: column, numeric: false };
}

const finiteOrInfinite = (x: number): boolean => typeof x === 'number' && !Number.isNaN(x);

/** One request's SELECT (one row), or null when it is declined. */
function requestSql(q: HistoryAggregateRequest, i: number, param: Param): string | null {
  if (!storable(q.key) || !finiteOrInfinite(q.fromMs) || !finiteOrInfinite(q.toMs)) return null;
  try {
    const hit = q.where === null ? 'TRUE' : predicateSql(q.where, param);
    const excluded = storable(q.exclude.id) && finiteOrInfinite(q.exclude.t) ? `NOT (id = ${param(q.exclude.id)} AND occurred_ms = ${param(q.exclude.t)}::double precision)` : 'TRUE';
    const ordered = 'amount ORDER BY occurred_ms, seq';
    const f = 'FILTER (WHERE hit)';
    const cols = [`${i}::integer AS r`, 'bool_and(plain) AS plain', `count(*) ${f} AS n`];
    cols.push(q.sum ? `sum(${ordered}) ${f} AS sum` : 'NULL::double precision AS sum');
    if (q.range) cols.push(`min(amount) ${f} AS min`, `max(amount) ${f} AS max`);
    else cols.push('NULL::double precision AS min', 'NULL::double precision AS max');
    cols.push(q.moments ? `tamis_welford(${ordered}) ${f} AS moments` : 'NULL::double precision[] AS moments');
    if (q.distinct) {
      const d = distinctSql(q.distinct.of);
      const probe = q.distinct.probe;
      const comparable = d.numeric ? typeof probe === 'number' && !Number.isNaN(probe) : typeof probe === 'string' && storable(probe);
      cols.push(`count(DISTINCT v) ${f} AS distinct`);
      cols.push(comparable ? `coalesce(bool_or(v = ${param(probe)}::${d.numeric ? 'double precision' : 'text'}) ${f}, FALSE) AS probe` : 'FALSE AS probe');
      return selectFrom(q, cols, `${hit} AS hit, ${d.sql} AS v`, excluded, param);
    }
    cols.push('0::bigint AS distinct', 'FALSE AS probe');
    return selectFrom(q, cols, `${hit} AS hit`, excluded, param);
  } catch (e) {
    if (e instanceof Declined) return null;
    throw e;
  }
}

function selectFrom(q: HistoryAggregateRequest, cols: string[], computed: string, excluded: string, param: Param): string {
  const subject = q.scope === 'customer' ? 'customer' : 'counterparty';
  const rows = `SELECT plain, amount, occurred_ms, seq, ${computed} FROM tamis_history
    WHERE ${subject} = ${param(q.key)} AND occurred_ms > ${param(q.fromMs)}::double precision AND occurred_ms <= ${param(q.toMs)}::double precision AND ${excluded}`;
  return `SELECT ${cols.join(', ')} FROM (${rows}) w`;
}

interface Row {
  r: number;
  plain: boolean | null;
  n: string | number;
  sum: number | string | null;
  min: number | string | null;
  max: number | string | null;
  moments: Array<number | string> | null;
  distinct: string | number;
  probe: boolean;
}

const num = (v: number | string | null | undefined): number | null => (v === null || v === undefined ? null : Number(v));

function answer(q: HistoryAggregateRequest, row: Row): HistoryAggregate | null {
  if (row.plain === false) return null;
  const count = Number(row.n);
  if (count === 0) return { ...EMPTY_AGGREGATE };
  const moments = row.moments?.map(Number) ?? null;
  return {
    count,
    sum: q.sum ? (num(row.sum) ?? 0) + 0 : 0,
    min: q.range ? num(row.min) : null,
    max: q.range ? num(row.max) : null,
    mean: q.moments && moments ? (moments[1] as number) : 0,
    m2: q.moments && moments ? (moments[2] as number) : 0,
    distinct: Number(row.distinct),
    probeSeen: row.probe === true,
  };
}

/** The answers to `requests`, one statement for all of them. */
export async function aggregateInSql(db: PgQueryable, requests: readonly HistoryAggregateRequest[]): Promise<Array<HistoryAggregate | null>> {
  const params: unknown[] = [];
  const param: Param = (v) => (params.push(v), `$${params.length}`);
  const parts: string[] = [];
  requests.forEach((q, i) => {
    const mark = params.length;
    const sql = requestSql(q, i, param);
    if (sql !== null) parts.push(sql);
    else params.length = mark; // a declined request's parameters are not in the statement
  });
  const out: Array<HistoryAggregate | null> = requests.map(() => null);
  if (parts.length === 0) return out;
  const r = await db.query<Row>(parts.join('\nUNION ALL\n'), params);
  for (const row of r.rows) {
    const q = requests[row.r];
    if (q) out[row.r] = answer(q, row);
  }
  return out;
}
