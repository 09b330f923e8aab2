import fc from 'fast-check';
import { expect, it } from 'vitest';
import { createPostgresHistoryStore } from '../../src/postgres/index.js';
import { testHistoryRecord } from '../../src/transactions/conformance.js';
import { aggregateRecords, type HistoryAggregateRequest, type HistoryPredicate, type HistoryRecord, type HistoryStore } from '../../src/transactions/index.js';
import { describePg, testDatabase } from './helpers.js';

const COUNTRIES = ['FR', 'IR', 'de', null] as const;
const CHANNELS = ['WEB', 'web', null] as const;
const COUNTERPARTIES = ['id:a', 'id:b', 'id:c', null] as const;

/** A deterministic history: two customers, shared counterparties, ties in time, whole and fractional amounts, nulls. */
function records(): HistoryRecord[] {
  const out: HistoryRecord[] = [];
  for (let i = 0; i < 300; i++) {
    const amount = i % 4 === 0 ? (i % 9) * 250 : i % 4 === 1 ? Math.round((i * 7919) % 100_000) / 100 : i % 4 === 2 ? 0.1 * (i % 7) : 1e15 + i;
    out.push(
      testHistoryRecord({
        id: `r-${(i * 7) % 300}`,
        customer: i % 3 === 0 ? 'K2' : 'K1',
        t: 1000 + Math.floor(i / 2) * 10,
        amount,
        counterparty: COUNTERPARTIES[i % 4] ?? null,
        currency: i % 5 === 0 ? 'usd' : 'EUR',
        direction: i % 2 === 0 ? 'OUTBOUND' : 'INBOUND',
        country: COUNTRIES[i % 4] ?? null,
        mcc: i % 6 === 0 ? `59${i % 10}9` : null,
        payment_channel: CHANNELS[i % 3] ?? null,
        cash_pickup: i % 7 === 0,
      }),
    );
  }
  return out;
}

const TEXT = fc.oneof(
  fc.record({ field: fc.constant('country' as const), in: fc.subarray(['FR', 'IR', 'DE', 'de', null]) }),
  fc.record({ field: fc.constant('payment_channel' as const), in: fc.subarray(['WEB', 'NONE', null]) }, { requiredKeys: ['field', 'in'] }),
  fc.record({ field: fc.constantFrom('currency' as const, 'direction' as const), in: fc.subarray(['EUR', 'USD', 'usd', 'OUTBOUND']) }),
  fc.record({ field: fc.constantFrom('counterparty' as const, 'mcc' as const), in: fc.subarray(['id:a', 'id:c', '5909', '5959', null]) }),
);
const ATOM: fc.Arbitrary<HistoryPredicate> = fc.oneof(
  fc.tuple(TEXT, fc.boolean(), fc.constantFrom(undefined, undefined, undefined, 'NONE', 'web')).map(([p, upper, otherwise]) => ({
    ...p,
    ...(upper ? { upper: true } : {}),
    ...(otherwise !== undefined ? { otherwise } : {}),
  })),
  fc.record({ field: fc.constantFrom('amount' as const, 't' as const), cmp: fc.constantFrom('==' as const, '!=' as const, '<' as const, '<=' as const, '>' as const, '>=' as const), value: fc.constantFrom(0, 250, 500.5, 1000, 1500, 1e15 + 12) }),
  fc.record({ field: fc.constant('amount' as const), multiple_of: fc.constantFrom(1, -3, 250, 500, 7, 2 ** 53) }),
  fc.record({ field: fc.constant('cash_pickup' as const), is: fc.boolean() }),
);
const { tree: PREDICATE } = fc.letrec<{ tree: HistoryPredicate }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    ATOM,
    fc.record({ all: fc.array(tie('tree'), { maxLength: 3 }) }),
    fc.record({ any: fc.array(tie('tree'), { maxLength: 3 }) }),
    fc.record({ not: tie('tree') }),
  ),
}));
const REQUEST: fc.Arbitrary<HistoryAggregateRequest> = fc.record({
  subject: fc.constantFrom(['customer', 'K1'] as const, ['customer', 'K2'] as const, ['counterparty', 'id:a'] as const, ['counterparty', 'id:c'] as const),
  fromMs: fc.integer({ min: 900, max: 2000 }),
  length: fc.integer({ min: 0, max: 1600 }),
  exclude: fc.constantFrom({ id: '', t: -1 }, { id: 'r-7', t: 1000 }, { id: 'r-14', t: 1010 }),
  where: fc.option(PREDICATE, { nil: null }),
  sum: fc.boolean(),
  range: fc.boolean(),
  moments: fc.boolean(),
  distinct: fc.option(
    fc.record({ of: fc.constantFrom('customer' as const, 'counterparty' as const, 'amount' as const, 'day' as const, 't' as const, 'country' as const), probe: fc.constantFrom(null, 'K1', 'id:b', 'FR', 250, 1000) }),
    { nil: null },
  ),
}).map(({ subject, length, ...q }) => ({ ...q, scope: subject[0], key: subject[1], toMs: q.fromMs + length }));

const show = (a: unknown) => JSON.stringify(a, (_k, v: unknown) => (typeof v === 'number' && Object.is(v, -0) ? '-0' : v));

describePg('PostgreSQL history aggregates on random predicates and requests', () => {
  const db = testDatabase();
  let store: HistoryStore | undefined;
  const filled = async () => {
    if (store) return store;
    const d = await db.open();
    await d.reset();
    const s = createPostgresHistoryStore(d.pool);
    for (const r of records()) await s.append(r);
    return (store = s);
  };

  it('answer what the engine computes over the records the store loads, bit for bit (batches of requests in one statement)', async () => {
    const s = await filled();
    await fc.assert(
      fc.asyncProperty(fc.array(REQUEST, { minLength: 1, maxLength: 4 }), async (requests) => {
        const got = await s.aggregate?.(requests);
        const loaded = await s.load(requests.map((q) => ({ scope: q.scope, key: q.key, fromMs: q.fromMs, toMs: q.toMs })));
        const want = requests.map((q, i) => aggregateRecords(loaded[i] ?? [], q));
        expect(show(got)).toBe(show(want));
      }),
      { numRuns: 150, seed: 20 },
    );
  });
});
