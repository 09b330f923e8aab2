import { describe, expect, it } from 'vitest';
import { InMemoryHistory, createScenarioEngine, fixedTransactionClock, sequentialTransactionIds, toHistoryRecord, type TransactionInput } from '../../../src/transactions/index.js';
import { CUSTOMER, DAY, HOUR, bank, card, times } from '../helpers.js';
import { constant, doc, field, run } from './fixtures.js';

const OTHER = '22222222-0000-4000-8000-000000000001';
type Past = Array<TransactionInput | [string, TransactionInput]>;

const agg = (value: Record<string, unknown>) => ({
  type: 'aggregation',
  value: { window: 1, window_unit: 'day', include_current_record: true, exclude_current_day: false, grouping_fields: ['customer_id'], type: 'scalar', ...value },
});

interface Case {
  name: string;
  agg: Record<string, unknown>;
  tx: TransactionInput;
  past: Past;
  /** The value the aggregation must evaluate to. */
  value: number | null;
}

const amounts = (xs: number[], step = HOUR): Past => xs.map((a, i) => bank({ amount: a, t: -(i + 1) * step }));

const CASES: Case[] = [
  { name: 'count counts the current transaction', agg: { aggregate: 'count' }, tx: bank(), past: amounts([1, 2]), value: 3 },
  { name: 'include_current_record false', agg: { aggregate: 'count', include_current_record: false }, tx: bank(), past: amounts([1, 2]), value: 2 },
  { name: 'sum of amount', agg: { aggregate: 'sum', target_field: 'amount' }, tx: bank({ amount: 10 }), past: amounts([1, 2]), value: 13 },
  { name: 'sum of a path target', agg: { aggregate: 'sum', target_field: 'transaction.monetary_details.base_value.amount' }, tx: bank({ amount: 10 }), past: amounts([5]), value: 15 },
  { name: 'average', agg: { aggregate: 'average', target_field: 'amount' }, tx: bank({ amount: 30 }), past: amounts([10, 20]), value: 20 },
  { name: 'max', agg: { aggregate: 'max', target_field: 'amount' }, tx: bank({ amount: 30 }), past: amounts([10, 50]), value: 50 },
  { name: 'min', agg: { aggregate: 'min', target_field: 'amount' }, tx: bank({ amount: 30 }), past: amounts([10, 50]), value: 10 },
  { name: 'variance (population)', agg: { aggregate: 'variance', target_field: 'amount' }, tx: bank({ amount: 4 }), past: amounts([2, 6]), value: 8 / 3 },
  { name: 'std_dev (population)', agg: { aggregate: 'std_dev', target_field: 'amount' }, tx: bank({ amount: 5 }), past: amounts([1, 3]), value: Math.sqrt(8 / 3) },
  {
    name: 'std_dev of large equal amounts is 0 (stable)',
    agg: { aggregate: 'std_dev', target_field: 'amount' },
    tx: bank({ amount: 1e9 + 0.1 }),
    past: amounts([1e9 + 0.1, 1e9 + 0.1]),
    value: 0,
  },
  {
    name: 'unique_count of counterparties (block target)',
    agg: { aggregate: 'unique_count', target_field: { type: 'block', value: 'counterparty-id' } },
    tx: bank({ counterparty: 'a' }),
    past: [bank({ counterparty: 'a', t: -HOUR }), bank({ counterparty: 'b', t: -2 * HOUR })],
    value: 2,
  },
  {
    name: 'count of type HLL counts distinct targets',
    agg: { aggregate: 'count', type: 'HLL', target_field: { type: 'block', value: 'counterparty-id' } },
    tx: bank({ counterparty: 'a' }),
    past: [bank({ counterparty: 'a', t: -HOUR }), bank({ counterparty: 'c', t: -2 * HOUR })],
    value: 2,
  },
  { name: 'aggregation type in lower case (hll)', agg: { aggregate: 'count', type: 'hll', target_field: 'customer_id', grouping_fields: [] }, tx: bank(), past: [[OTHER, bank({ t: -HOUR })], bank({ t: -HOUR })], value: 2 },
  { name: 'average_count_over_day', agg: { aggregate: 'average_count_over_day', window: 10 }, tx: bank(), past: times(4, (i) => bank({ t: -(i + 1) * DAY })), value: 0.5 },
  { name: 'minute window', agg: { aggregate: 'count', window: 30, window_unit: 'minute' }, tx: bank(), past: [bank({ t: -20 * 60_000 }), bank({ t: -40 * 60_000 })], value: 2 },
  { name: 'hour window: a record exactly a window ago is outside it', agg: { aggregate: 'count', window: 2, window_unit: 'hour' }, tx: bank(), past: amounts([1, 1, 1]), value: 2 },
  { name: 'day window (rolling 24 h)', agg: { aggregate: 'count', window: 1, window_unit: 'day' }, tx: bank(), past: [bank({ t: -23 * HOUR }), bank({ t: -25 * HOUR })], value: 2 },
  {
    name: 'calendar_day window starts at midnight UTC',
    agg: { aggregate: 'count', window: 1, window_unit: 'calendar_day' },
    tx: bank(),
    past: [bank({ t: -11 * HOUR }), bank({ t: -13 * HOUR })],
    value: 2,
  },
  {
    name: 'calendar_day with exclude_current_day: the previous days only',
    agg: { aggregate: 'count', window: 2, window_unit: 'calendar_day', exclude_current_day: true },
    tx: bank(),
    past: [bank({ t: -HOUR }), bank({ t: -13 * HOUR }), bank({ t: -37 * HOUR }), bank({ t: -61 * HOUR })],
    value: 2,
  },
  { name: 'week window: 7 days (not in the language; accepted)', agg: { aggregate: 'count', window: 1, window_unit: 'week' }, tx: bank(), past: [bank({ t: -6 * DAY }), bank({ t: -8 * DAY })], value: 2 },
  { name: 'month window (calendar months)', agg: { aggregate: 'count', window: 1, window_unit: 'month' }, tx: bank(), past: [bank({ t: -30 * DAY }), bank({ t: -32 * DAY })], value: 2 },
  { name: 'year window', agg: { aggregate: 'count', window: 1, window_unit: 'year' }, tx: bank(), past: [bank({ t: -364 * DAY }), bank({ t: -366 * DAY })], value: 2 },
  { name: 'plural window units in any case, window as a string', agg: { aggregate: 'count', window: '150', window_unit: 'Minutes' }, tx: bank(), past: amounts([1, 1, 1]), value: 3 },
  {
    name: 'filter_spec on each record',
    agg: { aggregate: 'sum', target_field: 'amount', filter_spec: { equals: [field('transaction.monetary_details.direction'), constant('MONETARY_TRANSACTION_DIRECTION_INBOUND')] } },
    tx: bank({ amount: 5 }),
    past: [bank({ amount: 100, direction: 'INBOUND', t: -HOUR }), bank({ amount: 7, t: -HOUR })],
    value: 100,
  },
  {
    name: 'grouping by direction: the current transaction’s direction',
    agg: { aggregate: 'count', grouping_fields: ['customer_id', 'transaction.monetary_details.direction'] },
    tx: bank({ direction: 'INBOUND' }),
    past: [bank({ direction: 'INBOUND', t: -HOUR }), bank({ t: -HOUR })],
    value: 2,
  },
  {
    name: 'grouping by customer and counterparty',
    agg: { aggregate: 'count', grouping_fields: ['customer_id', { type: 'block', value: 'counterparty-id' }] },
    tx: bank({ counterparty: 'a' }),
    past: [bank({ counterparty: 'a', t: -HOUR }), bank({ counterparty: 'b', t: -HOUR }), [OTHER, bank({ counterparty: 'a', t: -HOUR })]],
    value: 2,
  },
  {
    name: 'grouping by counterparty only: many senders to one receiver',
    agg: { aggregate: 'unique_count', target_field: 'customer_id', grouping_fields: [{ type: 'block', value: 'counterparty-id' }] },
    tx: bank({ counterparty: 'a' }),
    past: [[OTHER, bank({ counterparty: 'a', t: -HOUR })], bank({ counterparty: 'a', t: -HOUR })],
    value: 2,
  },
  {
    name: 'no grouping: the whole history',
    agg: { aggregate: 'count', grouping_fields: [] },
    tx: bank(),
    past: [[OTHER, bank({ t: -HOUR })], bank({ t: -HOUR })],
    value: 3,
  },
  {
    name: 'a filter on a field the flat record lacks reads the stored transaction',
    agg: { aggregate: 'count', filter_spec: { equals: [field('transaction.monetary_details.card_payment.card.funding_type', 'string', 'NONE'), constant('CARD_FUNDING_TYPE_PREPAID')] } },
    tx: card(),
    past: [card({ t: -HOUR }), card({ t: -2 * HOUR })],
    value: 0,
  },
  { name: 'an empty average has no value', agg: { aggregate: 'average', target_field: 'amount', include_current_record: false }, tx: bank(), past: [], value: null },
  {
    name: 'segment parameter inside a filter_spec',
    agg: { aggregate: 'count', filter_spec: { greater_than: [field('transaction.monetary_details.base_value.amount', 'number'), { type: 'segment_parameter', value: 'min', format: 'number' }] } },
    tx: bank({ amount: 1 }),
    past: amounts([50, 150]),
    value: 1,
  },
];

describe('hosted language: aggregations', () => {
  for (const c of CASES) {
    it(`${c.name} → ${c.value}`, () => {
      const d = doc({ equals: [agg(c.agg), constant(-12345)] }, { segments: [{ identifiers: [], name: 'All', values: { min: 100 }, outcome: { action: 'HOLD', alert_priority: 1 } }] });
      const r = run(d, c.tx, c.past);
      expect(r.scenario_evaluations[0]?.problems).toEqual([]);
      const v = r.scenario_evaluations[0]?.trace[0]?.evaluated_values?.find((e) => e.type === 'aggregation')?.value;
      if (typeof c.value === 'number') expect(v).toBeCloseTo(c.value, 9);
      else expect(v).toBe(c.value);
    });
  }

  it('a history port without rangeAll cannot evaluate an ungrouped aggregation: ERROR, never a silent false', () => {
    const h = InMemoryHistory.from([]);
    const port = { range: h.range.bind(h) };
    const engine = createScenarioEngine({ scenarios: [doc({ greater_than: [agg({ aggregate: 'count', grouping_fields: [] }), constant(0)] })] });
    if (!engine.ok) throw new Error('load');
    const r = engine.value.evaluate(bank(), { customer: { identifier: CUSTOMER }, history: port, clock: fixedTransactionClock('2026-06-01T12:00:05Z'), ids: sequentialTransactionIds() });
    expect(r.ok && r.value.evaluation_outcome).toBe('ERROR');
    expect(r.ok && r.value.scenario_evaluations[0]?.problems[0]?.code).toBe('HISTORY_UNAVAILABLE');
  });

  it('the engine keeps the transaction on history records when an aggregation needs fields the flat record lacks', () => {
    const needs = doc({ greater_than: [agg({ aggregate: 'count', filter_spec: { equals: [field('transaction.custom_fields.k.string_value', 'string', ''), constant('x')] } }), constant(0)] });
    const flat = doc({ greater_than: [agg({ aggregate: 'count' }), constant(0)] });
    expect(run(needs, bank()).history_record.source).toBeDefined();
    expect(run(flat, bank()).history_record.source).toBeUndefined();
  });

  it('records stored with their transaction are filtered on it', () => {
    const tx = { ...bank({ t: -HOUR }), custom_fields: [{ key: 'k', value: { data_type: 'TEXT' as const, text: 'x' } }] };
    const rec = toHistoryRecord(tx, CUSTOMER);
    rec.source = tx;
    const history = InMemoryHistory.from([rec]);
    const d = doc({ greater_than: [agg({ aggregate: 'count', include_current_record: false, filter_spec: { equals: [field('transaction.custom_fields.k.string_value', 'string', ''), constant('x')] } }), constant(0)] });
    const engine = createScenarioEngine({ scenarios: [d] });
    if (!engine.ok) throw new Error('load');
    const r = engine.value.evaluate(bank(), { customer: { identifier: CUSTOMER }, history, clock: fixedTransactionClock('2026-06-01T12:00:05Z'), ids: sequentialTransactionIds() });
    expect(r.ok && r.value.evaluation_outcome).toBe('HOLD');
  });
});
