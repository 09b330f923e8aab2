import { describe, expect, it } from 'vitest';
import {
  InMemoryHistoryStore,
  createScenarioEngine,
  toHistoryRecord,
  type TransactionInput,
} from '../../../src/transactions/index.js';
import { CUSTOMER, DAY, HOUR, bank, card, remit } from '../helpers.js';
import { evaluateBothWays } from '../generated-history.js';
import { AMOUNT, constant, doc, field } from './fixtures.js';

const OTHER = '22222222-0000-4000-8000-000000000001';
const param = (value: string, format = 'number') => ({ type: 'segment_parameter', value, format });
const agg = (value: Record<string, unknown>) => ({
  type: 'aggregation',
  value: { window: 30, window_unit: 'day', include_current_record: true, exclude_current_day: false, grouping_fields: ['customer_id'], type: 'scalar', ...value },
});
const DIRECTION = field('transaction.monetary_details.direction', 'string', 'NONE');

/** A past of varied transactions of the customer (and one of another customer with the same counterparties). */
const PAST: Array<[string, TransactionInput]> = [
  ...[1000, 2000.5, 0.1, 0.2, 0.3, 9999.99, 3000, 5000, 12.34, 1000].map((amount, i): [string, TransactionInput] => [
    CUSTOMER,
    bank({ amount, t: -(i + 1) * 5 * HOUR, direction: i % 3 === 0 ? 'INBOUND' : 'OUTBOUND', counterparty: `cp-${i % 3}`, currency: i % 4 === 0 ? 'usd' : undefined }),
  ]),
  [CUSTOMER, card({ amount: 3.99, t: -2 * HOUR, mcc: '7995' })],
  [CUSTOMER, card({ amount: 4.5, t: -2 * HOUR, mcc: '5411', type: 'REFUND' })],
  [CUSTOMER, remit({ amount: 700, t: -3 * DAY, pickupCountry: 'MM' })],
  [OTHER, bank({ amount: 77, t: -HOUR, counterparty: 'cp-1' })],
];

interface Case {
  name: string;
  agg: Record<string, unknown>;
  tx?: TransactionInput;
  /** Whether the aggregation is computed by the history (false: its window is loaded). */
  computed: boolean;
  /** The evaluation problem both ways, if any. */
  problem?: string;
}

const CASES: Case[] = [
  { name: 'a plain count', agg: { aggregate: 'count' }, computed: true },
  { name: 'count excluding the current transaction', agg: { aggregate: 'count', include_current_record: false }, computed: true },
  { name: 'sum of outbound amounts (a code compared with a constant)', agg: { aggregate: 'sum', target_field: 'amount', filter_spec: { equals: [DIRECTION, constant('MONETARY_TRANSACTION_DIRECTION_OUTBOUND')] } }, computed: true },
  { name: 'average (Welford mean) of amounts with cents', agg: { aggregate: 'average', target_field: 'amount' }, computed: true },
  { name: 'variance', agg: { aggregate: 'variance', target_field: 'amount' }, computed: true },
  { name: 'standard deviation', agg: { aggregate: 'std_dev', target_field: 'amount' }, computed: true },
  { name: 'minimum', agg: { aggregate: 'min', target_field: 'amount' }, computed: true },
  { name: 'maximum', agg: { aggregate: 'max', target_field: 'amount' }, computed: true },
  { name: 'average count over day', agg: { aggregate: 'average_count_over_day', window: 10 }, computed: true },
  { name: 'calendar days excluding the current day', agg: { aggregate: 'count', window: 2, window_unit: 'calendar_day', exclude_current_day: true }, computed: true },
  { name: 'distinct customers to the counterparty', agg: { aggregate: 'unique_count', target_field: 'customer_id', grouping_fields: [{ type: 'block', value: 'counterparty-id' }] }, tx: bank({ counterparty: 'cp-1' }), computed: true },
  { name: 'distinct merchant category codes (a field that may be missing)', agg: { aggregate: 'unique_count', target_field: 'mcc' }, tx: card({ mcc: '7995' }), computed: true },
  { name: 'grouped by customer and counterparty', agg: { aggregate: 'count', grouping_fields: ['customer_id', { type: 'block', value: 'counterparty-id' }] }, tx: bank({ counterparty: 'cp-1' }), computed: true },
  { name: 'currency in a constant list, any case', agg: { aggregate: 'count', filter_spec: { any_of: [field('transaction.monetary_details.value.iso_3_currency_code'), { type: 'constant_list', datatype: 'string', values: ['USD', 'gbp'] }] } }, computed: true },
  { name: 'type not in a list', agg: { aggregate: 'count', filter_spec: { not_any_of: [field('transaction.type'), { type: 'constant_list', datatype: 'string', values: ['TRANSACTION_TYPE_CARD_PAYMENT'] }] } }, computed: true },
  {
    name: 'round amounts: mod by a parameter and a minimum',
    agg: { aggregate: 'count', filter_spec: { and: [{ equals: [{ mod: [AMOUNT, param('unit')] }, constant(0)] }, { greater_than_or_equals: [AMOUNT, param('minimum')] }] } },
    tx: bank({ amount: 5000 }),
    computed: true,
  },
  { name: 'amount at least a parameter times a margin, below a parameter', agg: { aggregate: 'count', filter_spec: { and: [{ less_than: [AMOUNT, param('threshold')] }, { greater_than_or_equals: [AMOUNT, { multiply: [param('threshold'), constant(0.3)] }] }] } }, computed: true },
  { name: 'a constant on the left of an ordering', agg: { aggregate: 'count', filter_spec: { greater_than: [constant(1000), AMOUNT] } }, computed: true },
  { name: 'occurred_at after a date', agg: { aggregate: 'count', filter_spec: { greater_than: [field('transaction.occurred_at', 'datetime'), constant('2026-05-31T00:00:00Z', 'datetime')] } }, computed: true },
  { name: 'payment channel with a default', agg: { aggregate: 'count', filter_spec: { equals: [field('transaction.monetary_details.payment_channel', 'string', 'NONE'), constant('NONE')] } }, computed: true },
  { name: 'not of an or', agg: { aggregate: 'count', filter_spec: { not: { or: [{ equals: [DIRECTION, constant('MONETARY_TRANSACTION_DIRECTION_INBOUND')] }, { less_than: [AMOUNT, constant(10)] }] } } }, computed: true },
  // Read as records:
  { name: 'mod by a fraction', agg: { aggregate: 'count', filter_spec: { equals: [{ mod: [AMOUNT, constant(0.5)] }, constant(0)] } }, computed: false },
  { name: 'a division by zero in the value', agg: { aggregate: 'count', filter_spec: { greater_than: [AMOUNT, { divide: [constant(1), constant(0)] }] } }, computed: false },
  { name: 'a regular expression', agg: { aggregate: 'count', filter_spec: { regex_match: [DIRECTION, 'OUT.*'] } }, computed: false },
  {
    name: 'a field that may be missing, without default (an error over records)',
    agg: { aggregate: 'count', filter_spec: { equals: [field('transaction.monetary_details.payment_channel'), constant('WEB')] } },
    computed: false,
    problem: 'MISSING_FIELD',
  },
  { name: 'a field the flat record lacks', agg: { aggregate: 'count', filter_spec: { equals: [field('transaction.custom_fields.k.string_value', 'string', ''), constant('x')] } }, computed: false },
  { name: 'a block in the filter', agg: { aggregate: 'count', filter_spec: { equals: [{ type: 'block', value: 'cash-pickup', datatype: 'boolean' }, { type: 'constant', value: true, datatype: 'boolean' }] } }, computed: false },
  { name: 'a block target', agg: { aggregate: 'count', type: 'HLL', target_field: { type: 'block', value: 'counterparty-id' } }, computed: false },
  { name: 'grouped by direction too', agg: { aggregate: 'count', grouping_fields: ['customer_id', 'transaction.monetary_details.direction'] }, computed: false },
];

const SEGMENTS = [{ identifiers: [], name: 'All', values: { unit: 1000, minimum: 1000, threshold: 10_000 }, outcome: { action: 'HOLD', alert_priority: 1 } }];

describe('hosted aggregations computed by the history', () => {
  for (const c of CASES) {
    it(`${c.name}: ${c.computed ? 'computed' : 'read as records'}, the same result both ways`, async () => {
      const engine = createScenarioEngine({ scenarios: [doc({ equals: [agg(c.agg), constant(-12345)] }, { segments: SEGMENTS })] });
      if (!engine.ok) throw new Error(JSON.stringify(engine.error));
      const store = new InMemoryHistoryStore();
      for (const [customer, tx] of PAST) await store.append(toHistoryRecord(tx, customer));
      const tx = c.tx ?? bank({ amount: 250 });
      const both = await evaluateBothWays(store, engine.value, tx, CUSTOMER, '2026-06-01T12:00:05Z');
      const a = both.rows;
      expect(a.scenario_evaluations[0]?.problems.map((p) => p.code)).toEqual(c.problem ? [c.problem] : []);
      expect(JSON.stringify(both.computed)).toBe(JSON.stringify(a));
      expect(both.handed).toBe(c.computed);
    });
  }
});
