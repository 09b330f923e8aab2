import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  InMemoryHistory,
  createScenarioEngine,
  fixedTransactionClock,
  sequentialTransactionIds,
  type HistoryRecord,
  type ScenarioDefinition,
} from '../../src/transactions/index.js';
import { CUSTOMER, T0, bank } from './helpers.js';

const HOUR = 3_600_000;

const recordArb = fc.record({
  offsetH: fc.integer({ min: 0, max: 24 * 40 }),
  amount: fc.integer({ min: 1, max: 20_000 }),
  inbound: fc.boolean(),
  counterparty: fc.constantFrom('cp-1', 'cp-2', 'cp-3'),
  customer: fc.constantFrom(CUSTOMER, '55555555-0000-4000-8000-000000000001'),
});

function toRecord(r: { offsetH: number; amount: number; inbound: boolean; counterparty: string; customer: string }, i: number): HistoryRecord {
  return {
    id: `p-${i}`,
    customer: r.customer,
    t: T0 - r.offsetH * HOUR,
    amount: r.amount,
    currency: 'EUR',
    direction: r.inbound ? 'INBOUND' : 'OUTBOUND',
    type: 'BANK_PAYMENT',
    counterparty: `id:${r.counterparty}`,
    country: 'DE',
    mcc: null,
    payment_stage: null,
    card_payment_type: null,
    payment_channel: null,
    cash_pickup: false,
  };
}

const scenarioWith = (agg: Record<string, unknown>): ScenarioDefinition => ({
  schema_version: 1,
  identifier: '66666666-0000-4000-8000-000000000000',
  name: 'probe',
  description: 'probe',
  version: 1,
  segments: [
    { identifier: '66666666-0000-4000-8000-000000000001', name: 'probe', outcome: 'ALLOW', priority: 9, when: { compare: [{ agg: agg as never }, '==', -1] } },
  ],
});

describe('aggregations agree with a naive computation over random histories', () => {
  const fns = ['count', 'sum', 'avg', 'min', 'max', 'stddev'] as const;
  it.each(fns)('%s over a window, with and without filters', (fn) => {
    fc.assert(
      fc.property(
        fc.array(recordArb, { maxLength: 60 }),
        fc.integer({ min: 1, max: 24 * 45 }),
        fc.boolean(),
        fc.constantFrom(undefined, 'OUTBOUND', 'INBOUND'),
        fc.boolean(),
        (raw, windowH, includeCurrent, direction, sameCounterparty) => {
          const records = raw.map(toRecord);
          const where: Record<string, unknown> = {};
          if (direction) where.direction = [direction];
          if (sameCounterparty) where.counterparty = '$current';
          const agg = { fn, window: { hours: windowH }, include_current: includeCurrent, ...(Object.keys(where).length ? { where } : {}) };
          const engine = createScenarioEngine({ scenarios: [scenarioWith(agg)] });
          if (!engine.ok) throw new Error(JSON.stringify(engine.error));
          const tx = bank({ id: 'current', amount: 500, counterparty: 'cp-1' });
          const r = engine.value.evaluate(tx, {
            customer: { identifier: CUSTOMER },
            history: InMemoryHistory.from(records),
            clock: fixedTransactionClock('2026-06-01T12:00:00Z'),
            ids: sequentialTransactionIds(),
          });
          if (!r.ok) throw new Error('invalid');
          const got = r.value.scenario_evaluations[0]?.trace[0]?.conditions[0]?.left;

          const from = T0 - windowH * HOUR;
          const amounts = records
            .filter((x) => x.customer === CUSTOMER && x.t > from && x.t <= T0)
            .filter((x) => !direction || x.direction === direction)
            .filter((x) => !sameCounterparty || x.counterparty === 'id:cp-1')
            .map((x) => x.amount);
          if (includeCurrent && (!direction || direction === 'OUTBOUND')) amounts.push(500);
          const n = amounts.length;
          const sum = amounts.reduce((a, b) => a + b, 0);
          const mean = n ? sum / n : 0;
          const expected =
            fn === 'count' ? n
            : fn === 'sum' ? sum
            : n === 0 ? null
            : fn === 'avg' ? mean
            : fn === 'min' ? Math.min(...amounts)
            : fn === 'max' ? Math.max(...amounts)
            : Math.sqrt(amounts.reduce((a, b) => a + (b - mean) ** 2, 0) / n);
          if (expected === null) expect(got).toBeNull();
          else expect(got as number).toBeCloseTo(expected, 6);
        },
      ),
      { numRuns: 150, seed: 7 },
    );
  });
});

describe('the in-memory history', () => {
  it('answers the same windows whether built at once or appended one by one in any order', () => {
    fc.assert(
      fc.property(fc.array(recordArb, { maxLength: 40 }), fc.integer({ min: 0, max: 24 * 40 }), fc.integer({ min: 1, max: 24 * 40 }), (raw, fromH, spanH) => {
        const records = raw.map(toRecord);
        const built = InMemoryHistory.from(records);
        const appended = new InMemoryHistory();
        for (const r of [...records].reverse()) appended.append(r);
        const from = T0 - (fromH + spanH) * HOUR;
        const to = T0 - fromH * HOUR;
        for (const [scope, key] of [['customer', CUSTOMER], ['counterparty', 'id:cp-2']] as const) {
          const a = built.range(scope, key, from, to);
          const b = appended.range(scope, key, from, to);
          const ids = (v: typeof a) => v.records.slice(v.start, v.end).map((r) => r.id).sort();
          expect(ids(b)).toEqual(ids(a));
          const naive = records.filter((r) => (scope === 'customer' ? r.customer === key : r.counterparty === key) && r.t > from && r.t <= to);
          expect(ids(a)).toEqual(naive.map((r) => r.id).sort());
          const times = a.records.slice(a.start, a.end).map((r) => r.t);
          expect(times).toEqual([...times].sort((x, y) => x - y));
        }
      }),
      { numRuns: 200, seed: 11 },
    );
  });
});
