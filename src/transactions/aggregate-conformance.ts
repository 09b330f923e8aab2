/**
 * Conformance of `HistoryStore.aggregate`: a store that computes aggregates answers exactly what the engine computes
 * over the records (`aggregateRecords`), to the last bit, or declines. The factory returns an empty store with
 * `aggregate`.
 *
 *   for (const c of historyAggregateConformance) it(c.name, () => c.run(() => new MyStore()));
 */
import { testHistoryRecord, type ConformanceCase } from './conformance.js';
import { aggregateRecords } from './history-aggregates.js';
import type { HistoryAggregate, HistoryAggregateRequest, HistoryPredicate, HistoryRecord, HistoryStore } from './ports.js';

function check(cond: unknown, message: string): asserts cond {
  if (!cond) throw new Error(`conformance: ${message}`);
}

const rec = (id: string, customer: string, t: number, amount: number, extra: Partial<HistoryRecord> = {}): HistoryRecord =>
  testHistoryRecord({ id, customer, t, amount, ...extra });

const ask = (scope: 'customer' | 'counterparty', key: string, fromMs: number, toMs: number, more: Partial<HistoryAggregateRequest> = {}): HistoryAggregateRequest => ({
  scope,
  key,
  fromMs,
  toMs,
  exclude: { id: '', t: -1 },
  where: null,
  sum: true,
  range: true,
  moments: true,
  distinct: null,
  ...more,
});

async function answers(store: HistoryStore, requests: HistoryAggregateRequest[]): Promise<Array<HistoryAggregate | null>> {
  check(typeof store.aggregate === 'function', 'the store has aggregate');
  const got = await store.aggregate(requests);
  check(Array.isArray(got) && got.length === requests.length, 'one answer per request');
  return got;
}

const show = (a: unknown) => JSON.stringify(a, (_k, v: unknown) => (typeof v === 'number' && Object.is(v, -0) ? '-0' : v));

/** The records of a request's window, in time order then append order (what the engine reads). */
function window(records: readonly HistoryRecord[], q: HistoryAggregateRequest): HistoryRecord[] {
  const subject = (r: HistoryRecord) => (q.scope === 'customer' ? r.customer : r.counterparty) === q.key;
  return records
    .map((r, i) => ({ r, i }))
    .filter(({ r }) => subject(r) && r.t > q.fromMs && r.t <= q.toMs)
    .sort((a, b) => a.r.t - b.r.t || a.i - b.i)
    .map(({ r }) => r);
}

/** A deterministic mix of records: three customers, shared counterparties, amounts with cents, ties in time. */
function mixedRecords(): HistoryRecord[] {
  const out: HistoryRecord[] = [];
  let x = 7;
  const next = () => (x = (x * 48271) % 2147483647) / 2147483647;
  for (let i = 0; i < 240; i++) {
    const t = 1000 + Math.floor(i / 3) * 10 + (i % 3 === 2 ? 0 : i % 3);
    const amount = i % 7 === 0 ? (1 + (i % 5)) * 1000 : Math.round(next() * 1_000_000) / 100;
    out.push(
      rec(`m-${(i * 37) % 240}`, `C${i % 3}`, t, amount, {
        counterparty: i % 4 === 0 ? null : `id:cp-${i % 5}`,
        direction: i % 2 === 0 ? 'OUTBOUND' : 'INBOUND',
        currency: i % 6 === 0 ? 'usd' : 'EUR',
        type: (['BANK_PAYMENT', 'CARD_PAYMENT', 'REMITTANCE'] as const)[i % 3] as HistoryRecord['type'],
        country: i % 5 === 0 ? null : (['FR', 'IR', 'DE'] as const)[i % 3] as string,
        mcc: i % 3 === 1 ? `54${i % 10}1` : null,
        payment_stage: i % 3 === 1 ? (i % 9 === 1 ? 'CHARGEBACK' : 'SETTLED') : null,
        card_payment_type: i % 3 === 1 ? 'REGULAR' : null,
        payment_channel: i % 4 === 1 ? 'WEB' : null,
        cash_pickup: i % 3 === 2 && i % 2 === 0,
      }),
    );
  }
  return out;
}

const PREDICATES: Array<HistoryPredicate | null> = [
  null,
  { field: 'direction', in: ['OUTBOUND'] },
  { not: { field: 'country', in: ['IR', null] } },
  { field: 'currency', in: ['USD'], upper: true },
  { field: 'payment_channel', in: ['WEB'], otherwise: 'NONE' },
  { field: 'payment_channel', in: ['NONE'], otherwise: 'NONE' },
  { field: 'mcc', in: [null] },
  { all: [{ field: 'amount', cmp: '>=', value: 3000 }, { field: 'amount', cmp: '<', value: 9000 }] },
  { any: [{ field: 'amount', cmp: '==', value: 2000 }, { field: 't', cmp: '>', value: 1500 }] },
  { all: [{ field: 'amount', cmp: '!=', value: 0 }, { field: 'amount', multiple_of: 1000 }] },
  { not: { field: 'amount', multiple_of: -3 } },
  { field: 'cash_pickup', is: true },
  { all: [] },
  { any: [] },
  { field: 'amount', cmp: '<=', value: 1234.56 },
];

export const historyAggregateConformance: ConformanceCase<HistoryStore>[] = [
  {
    name: 'aggregate: the sum is added in time order, ties in append order (0.1 + 0.2 + 0.3 is 0.6000000000000001)',
    async run(make) {
      const s = await make();
      // Ids against time order, so that ordering by id would give another sum.
      for (const r of [rec('c', 'A', 10, 0.1), rec('b', 'A', 10, 0.2), rec('a', 'A', 10, 0.3), rec('z', 'A', 5, 0.7)]) await s.append(r);
      const [tie, ordered] = await answers(s, [ask('customer', 'A', 5, 10), ask('customer', 'A', 0, 10)]);
      check(tie?.sum === 0.6000000000000001, `sum of a tie was ${tie?.sum}`);
      check(ordered?.sum === 0.7 + 0.1 + 0.2 + 0.3, `sum in time order was ${ordered?.sum}`);
      check(tie?.count === 3 && tie.min === 0.1 && tie.max === 0.3, `count ${tie?.count}, min ${tie?.min}, max ${tie?.max}`);
    },
  },
  {
    name: 'aggregate: counts, sums, ranges, moments and distinct counts equal the engine over the records, for every predicate',
    async run(make) {
      const s = await make();
      const records = mixedRecords();
      for (const r of records) await s.append(r);
      const requests: HistoryAggregateRequest[] = [];
      for (const where of PREDICATES) {
        requests.push(ask('customer', 'C1', 1000, 1500, { where }));
        requests.push(ask('counterparty', 'id:cp-2', 1100, 1900, { where, exclude: { id: 'm-37', t: 1012 } }));
        requests.push(ask('customer', 'C2', 900, 1800, { where, sum: false, range: false, moments: false, distinct: { of: 'counterparty', probe: 'id:cp-3' } }));
      }
      for (const of of ['customer', 'amount', 'day', 'country', 't'] as const) {
        requests.push(ask('counterparty', 'id:cp-1', 0, 5000, { distinct: { of, probe: of === 'amount' ? 2000 : of === 'customer' ? 'C0' : null } }));
      }
      requests.push(ask('customer', 'nobody', 0, 5000));
      const got = await answers(s, requests);
      requests.forEach((q, i) => {
        const want = aggregateRecords(window(records, q), q);
        check(show(got[i]) === show(want), `request ${show(q)}: got ${show(got[i])}, want ${show(want)}`);
      });
    },
  },
  {
    name: 'aggregate: leaves out the excluded record (same id and time) and keeps the window from < t <= to',
    async run(make) {
      const s = await make();
      for (const r of [rec('a', 'A', 10, 1), rec('b', 'A', 20, 2), rec('c', 'A', 30, 4), rec('d', 'A', 40, 8)]) await s.append(r);
      const [w, ex, other] = await answers(s, [
        ask('customer', 'A', 10, 30),
        ask('customer', 'A', 0, 40, { exclude: { id: 'c', t: 30 } }),
        ask('customer', 'A', 0, 40, { exclude: { id: 'c', t: 31 } }),
      ]);
      check(w?.count === 2 && w.sum === 6, `window (10, 30] was ${show(w)}`);
      check(ex?.count === 3 && ex.sum === 11, `excluding c was ${show(ex)}`);
      check(other?.count === 4, `an exclusion at another time leaves c in: ${show(other)}`);
    },
  },
  {
    name: 'aggregate: an empty window answers zero counts and no range; a window holding a record that is not plain is declined',
    async run(make) {
      const s = await make();
      await s.append(rec('a', 'A', 10, 5));
      await s.append(rec('big', 'B', 10, 2 ** 60));
      await s.append(rec('ok', 'B', 20, 1));
      const [empty, declined, outside] = await answers(s, [ask('customer', 'A', 10, 20), ask('customer', 'B', 0, 20), ask('customer', 'B', 10, 20)]);
      check(empty != null && empty.count === 0 && empty.sum === 0 && empty.min === null && empty.max === null && empty.distinct === 0, `empty was ${show(empty)}`);
      check(declined === null, `a window with an amount of 2^60 was answered: ${show(declined)}`);
      check(outside?.count === 1, `the record outside the window does not matter: ${show(outside)}`);
    },
  },
];
