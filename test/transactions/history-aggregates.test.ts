import { describe, expect, it } from 'vitest';
import {
  InMemoryHistory,
  InMemoryHistoryStore,
  createLibraryEngine,
  toHistoryRecord,
  type HistoryAggregate,
  type TransactionInput,
  fixedTransactionClock,
  historyAggregateConformance,
  sequentialTransactionIds,
} from '../../src/transactions/index.js';
import { evaluateBothWays, expectSameResults, generateHistory, observed } from './generated-history.js';
import { CUSTOMER, DAY, HOUR, bank, card, remit } from './helpers.js';

describe('HistoryStore.aggregate conformance (in memory)', () => {
  for (const c of historyAggregateConformance) it(c.name, () => c.run(() => new InMemoryHistoryStore()));
});

describe('computed aggregates against the row path (in memory)', () => {
  it('the whole library (tamis format and hosted examples) gives the same outcomes, segments, priorities and traced values both ways', async () => {
    const { records, evaluations } = generateHistory();
    const store = new InMemoryHistoryStore();
    for (const r of records) await store.append(r);
    const rows = observed(store, true);
    const computed = observed(store, false);
    const triggered = await expectSameResults(rows.store, computed.store, evaluations);
    // The comparison means something: scenarios that aggregate did trigger, and aggregates replaced windows.
    expect(triggered.size).toBeGreaterThanOrEqual(8);
    expect(computed.requests.length).toBeGreaterThan(evaluations.length);
    expect(computed.windows).toEqual([]);
  });
});

/** A tamis scenario comparing one aggregation with a constant (so that it is always evaluated and traced). */
const tamis = (agg: Record<string, unknown>) => ({
  schema_version: 1,
  identifier: '5ce7a710-00ff-4000-8000-000000000000',
  name: 'Aggregation',
  description: 'One aggregation',
  version: 1,
  segments: [{ identifier: '5ce7a710-00ff-4000-8000-000000000001', name: 'S', outcome: 'HOLD', priority: 1, when: { compare: [{ agg, default: -1 }, '==', -12345] } }],
});

interface TamisCase {
  name: string;
  agg: Record<string, unknown>;
  tx?: TransactionInput;
  computed: boolean;
}

const TAMIS_PAST: TransactionInput[] = [
  ...[1000, 2000.5, 0.1, 0.2, 0.3, 9999.99, 3000, 5000, 12.34, 1000].map((amount, i) =>
    bank({ amount, t: -(i + 1) * 5 * HOUR, direction: i % 3 === 0 ? 'INBOUND' : 'OUTBOUND', counterparty: `cp-${i % 3}`, country: i % 2 ? 'FR' : 'IR' }),
  ),
  card({ amount: 3.99, t: -2 * HOUR, mcc: '7995' }),
  card({ amount: 4.5, t: -2 * HOUR, mcc: '5411', type: 'REFUND', stage: 'CHARGEBACK' }),
  remit({ amount: 700, t: -3 * DAY, pickupCountry: 'MM' }),
];

const TAMIS_CASES: TamisCase[] = [
  { name: 'count', agg: { fn: 'count', window: { days: 30 } }, computed: true },
  { name: 'count until 1 day ago', agg: { fn: 'count', window: { days: 30 }, until: { days: 1 } }, computed: true },
  { name: 'sum of outbound', agg: { fn: 'sum', window: { days: 30 }, where: { direction: ['OUTBOUND'] } }, computed: true },
  { name: 'avg excluding current', agg: { fn: 'avg', window: { days: 30 }, include_current: false }, computed: true },
  { name: 'stddev', agg: { fn: 'stddev', window: { days: 30 } }, computed: true },
  { name: 'min and max', agg: { fn: 'min', window: { days: 30 }, where: { amount_min: 1, amount_max: 9999.99 } }, computed: true },
  { name: 'max of a month window', agg: { fn: 'max', window: { months: 1 } }, computed: true },
  { name: 'unique countries', agg: { fn: 'unique_count', of: 'country', window: { days: 30 } }, computed: true },
  { name: 'unique days', agg: { fn: 'unique_count', of: 'day', window: { days: 30 } }, computed: true },
  { name: 'unique amounts', agg: { fn: 'unique_count', of: 'amount', window: { days: 30 } }, tx: bank({ amount: 1000 }), computed: true },
  { name: 'unique customers of the counterparty', agg: { fn: 'unique_count', of: 'customer', over: 'counterparty', window: { days: 30 } }, tx: bank({ counterparty: 'cp-1' }), computed: true },
  { name: 'with the current counterparty (through its index)', agg: { fn: 'count', window: { days: 30 }, where: { counterparty: '$current' } }, tx: bank({ counterparty: 'cp-2' }), computed: true },
  { name: 'the current country, the current counterparty unknown', agg: { fn: 'count', window: { days: 30 }, where: { country: '$current' } }, tx: bank({ counterparty: null, country: 'IR' }), computed: true },
  { name: 'not in a lookup list', agg: { fn: 'count', window: { days: 30 }, where: { country: { not: { lookup: 'fatf_call_for_action' } } } }, computed: true },
  { name: 'a list with null and a number', agg: { fn: 'count', window: { days: 30 }, where: { mcc: [null, '7995', 7995] } }, computed: true },
  { name: 'chargebacks', agg: { fn: 'count', window: { days: 30 }, where: { payment_stage: ['CHARGEBACK'], card_payment_type: { not: ['REGULAR'] } } }, computed: true },
  { name: 'round thousands', agg: { fn: 'count', window: { days: 30 }, where: { amount_multiple_of: 1000 } }, computed: true },
  { name: 'cash pickups', agg: { fn: 'count', window: { days: 30 }, where: { cash_pickup: true } }, computed: true },
  { name: 'multiples of a fraction are read as records', agg: { fn: 'count', window: { days: 30 }, where: { amount_multiple_of: 0.5 } }, computed: false },
];

describe('tamis aggregations computed by the history', () => {
  for (const c of TAMIS_CASES) {
    it(`${c.name}: ${c.computed ? 'computed' : 'read as records'}, the same result both ways`, async () => {
      const e = createLibraryEngine({ scenarios: [tamis(c.agg)] });
      if (!e.ok) throw new Error(JSON.stringify(e.error));
      const store = new InMemoryHistoryStore();
      for (const tx of TAMIS_PAST) await store.append(toHistoryRecord(tx, CUSTOMER));
      const tx = c.tx ?? bank({ amount: 250, country: 'IR' });
      const both = await evaluateBothWays(store, e.value, tx, CUSTOMER, '2026-06-01T12:00:05Z');
      expect(both.rows.scenario_evaluations[0]?.problems).toEqual([]);
      expect(JSON.stringify(both.computed)).toBe(JSON.stringify(both.rows));
      expect(both.handed).toBe(c.computed);
    });
  }

  it('a history port answering something else than an aggregate makes the scenario ERROR (HISTORY_UNAVAILABLE)', () => {
    const e = createLibraryEngine({ scenarios: [tamis({ fn: 'sum', window: { days: 30 } })] });
    if (!e.ok) throw new Error('engine');
    const h = new InMemoryHistory();
    const port = { range: h.range.bind(h), aggregate: () => ({ count: 'many' }) as unknown as HistoryAggregate };
    const r = e.value.evaluate(bank(), { customer: { identifier: CUSTOMER }, history: port, clock: fixedTransactionClock('2026-06-01T12:00:05Z'), ids: sequentialTransactionIds() });
    expect(r.ok && r.value.scenario_evaluations[0]?.problems[0]?.code).toBe('HISTORY_UNAVAILABLE');
  });
});
