import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createScenarioEngine, hostedToTamis, tamisToHosted, type TransactionInput } from '../../../src/transactions/index.js';
import { HOUR, bank, history as historyOf } from '../helpers.js';
import { AMOUNT, constant, doc, field } from './fixtures.js';

/** Random hosted specifications inside the overlap of the two formats. */
const DIRECTION = field('transaction.monetary_details.direction', 'string', 'NONE');
const COUNTRY = { type: 'block', value: 'counterparty-country-code', datatype: 'string', default: 'XX' };
const ops = fc.constantFrom('equals', 'not_equals', 'greater_than', 'less_than', 'greater_than_or_equals', 'less_than_or_equals');
const amountCmp = fc.tuple(ops, fc.integer({ min: 0, max: 3000 })).map(([op, n]) => ({ [op]: [AMOUNT, constant(n)] }));
const directionCmp = fc.constantFrom('INBOUND', 'OUTBOUND').map((d) => ({ equals: [DIRECTION, constant(`MONETARY_TRANSACTION_DIRECTION_${d}`)] }));
const countryIn = fc.subarray(['DE', 'FR', 'IR', 'NG'], { minLength: 1 }).map((xs) => ({ any_of: [COUNTRY, { type: 'constant_list', datatype: 'string', values: xs.map((x) => x.toLowerCase()) }] }));
const aggregation = fc
  .tuple(fc.constantFrom('count', 'sum', 'max'), fc.constantFrom('hour', 'day'), fc.integer({ min: 1, max: 48 }), fc.boolean(), fc.option(fc.constantFrom('INBOUND', 'OUTBOUND'), { nil: undefined }), ops, fc.integer({ min: 0, max: 4000 }))
  .map(([aggregate, unit, window, current, dir, op, n]) => ({
    [op]: [
      {
        type: 'aggregation',
        value: {
          aggregate,
          ...(aggregate === 'count' ? {} : { target_field: 'amount' }),
          window,
          window_unit: unit,
          include_current_record: current,
          grouping_fields: ['customer_id'],
          ...(dir ? { filter_spec: { equals: [DIRECTION, constant(dir)] } } : {}),
        },
      },
      constant(n),
    ],
  }));
const filterPart = fc.oneof(
  fc.constantFrom('INBOUND', 'OUTBOUND').map((d) => ({ equals: [DIRECTION, constant(d)] })),
  fc.integer({ min: 0, max: 2000 }).map((n) => ({ greater_than_or_equals: [AMOUNT, constant(n)] })),
  fc.integer({ min: 1, max: 3000 }).map((n) => ({ less_than: [AMOUNT, constant(n)] })),
  fc.constantFrom(100, 500).map((n) => ({ equals: [{ mod: [AMOUNT, constant(n)] }, constant(0)] })),
  fc.subarray(['DE', 'FR', 'IR', 'NG'], { minLength: 1 }).map((xs) => ({ not_any_of: [COUNTRY, { type: 'constant_list', datatype: 'string', values: xs }] })),
);
const richAggregation = fc
  .tuple(
    fc.constantFrom('count', 'sum', 'average', 'min', 'std_dev', 'unique_count', 'variance', 'average_count_over_day'),
    fc.constantFrom('hour', 'day', 'month'),
    fc.integer({ min: 1, max: 3 }),
    fc.boolean(),
    fc.array(filterPart, { maxLength: 3 }),
    fc.constantFrom<unknown[]>(['customer_id'], ['customer_id', 'tx_direction'], ['customer_id', { type: 'block', value: 'counterparty-country-code' }]),
    ops,
    fc.integer({ min: 0, max: 3000 }),
    fc.constantFrom(1, 0.5, 2),
  )
  .map(([aggregate, unit, window, current, filters, grouping, op, n, factor]) => ({
    [op]: [
      {
        multiply: [
          {
            type: 'aggregation',
            value: {
              aggregate,
              ...(aggregate === 'count' || aggregate === 'average_count_over_day'
                ? {}
                : { target_field: aggregate === 'unique_count' ? { type: 'block', value: 'counterparty-country-code' } : 'amount' }),
              window: unit === 'month' ? 1 : window * 12,
              window_unit: unit,
              include_current_record: current,
              grouping_fields: grouping,
              ...(filters.length > 0 ? { filter_spec: filters.length === 1 ? filters[0] : { and: filters } } : {}),
            },
          },
          constant(factor),
        ],
      },
      constant(n),
    ],
  }));
const leaf = fc.oneof(amountCmp, directionCmp, countryIn, aggregation, richAggregation);
const spec = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('node'), { minLength: 1, maxLength: 3 }).map((xs) => ({ and: xs })),
    fc.array(tie('node'), { minLength: 1, maxLength: 3 }).map((xs) => ({ or: xs })),
    tie('node').map((x) => ({ not: [x] })),
  ),
})).node;

const txArb = fc
  .tuple(fc.integer({ min: 1, max: 3000 }), fc.boolean(), fc.constantFrom('DE', 'FR', 'IR', 'NG'), fc.integer({ min: 0, max: 60 }))
  .map(([amount, inbound, country, hoursAgo]) => ({ amount, inbound, country, hoursAgo }));

const toTx = (x: { amount: number; inbound: boolean; country: string; hoursAgo: number }): TransactionInput =>
  bank({ amount: x.amount, direction: x.inbound ? 'INBOUND' : 'OUTBOUND', country: x.country, t: -x.hoursAgo * HOUR });

const outcome = (scenario: unknown, tx: TransactionInput, past: TransactionInput[]) => {
  const e = createScenarioEngine({ scenarios: [scenario] });
  if (!e.ok) throw new Error(JSON.stringify(e.error));
  const r = e.value.evaluate(tx, {
    customer: { identifier: '11111111-0000-4000-8000-000000000001' },
    history: historyOf(past),
    clock: { now: () => '2026-06-01T12:00:05Z' },
    ids: { next: (() => { let n = 0; return () => `00000000-0000-4000-8000-${(++n).toString(16).padStart(12, '0')}`; })() },
  });
  if (!r.ok) throw new Error('invalid transaction');
  const ev = r.value.scenario_evaluations[0];
  return { outcome: ev?.outcome, segment: ev?.triggered_segment?.name ?? null };
};


describe('conversion preserves evaluation (property, 200 runs)', () => {
  it('a hosted scenario and its tamis conversion, and that converted back, give the same outcome on random histories', () => {
    fc.assert(
      fc.property(spec, txArb, fc.array(txArb, { maxLength: 6 }), (s, cur, past) => {
        const hosted = doc(s);
        const tamis = hostedToTamis(hosted);
        // Documented limits (two filters on one key, average_count_over_day over months) are reported, not converted.
        if (!tamis.ok && tamis.error.every((p) => /^two filters|^average_count_over_day over months/.test(p.message))) return;
        if (!tamis.ok) throw new Error(JSON.stringify(tamis.error));
        const back = tamisToHosted(tamis.value);
        if (!back.ok) throw new Error(JSON.stringify(back.error));
        const tx = toTx({ ...cur, hoursAgo: 0 });
        const history = past.map(toTx);
        const expected = outcome(hosted, tx, history);
        expect(outcome(tamis.value, tx, history)).toEqual(expected);
        expect(outcome(back.value, tx, history)).toEqual(expected);
      }),
      { numRuns: 200, seed: 21 },
    );
  });
});
