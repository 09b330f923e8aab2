import { describe, expect, it } from 'vitest';
import {
  COUNTERPARTY_SCREENING_SCENARIO,
  HOSTED_SCENARIO_LIBRARY_BY_NAME,
  LIBRARY_LOOKUPS,
  SCENARIO_LIBRARY_BY_NAME,
  createScenarioEngine,
  hostedToTamis,
  tamisToHosted,
  type EvaluationResult,
  type ScenarioEngine,
  type TransactionInput,
} from '../../../src/transactions/index.js';
import { DAY, HOUR, bank, card, evaluate, remit, times } from '../helpers.js';
import { AMOUNT, constant, doc, field } from './fixtures.js';

const HIGH_RISK = 'a1e5c0de-5e90-4000-8000-00000000000a';
const OTHER = '22222222-0000-4000-8000-000000000001';

/** Transactions with histories that trigger the library scenarios in both formats, and ordinary ones. */
const SAMPLES: Array<{ tx: TransactionInput; past: Array<TransactionInput | [string, TransactionInput]>; segments?: string[] }> = [
  { tx: bank({ amount: 60_000 }), past: [] },
  { tx: bank({ amount: 12_000 }), past: [] },
  { tx: bank({ amount: 2_500 }), past: times(10, (i) => bank({ amount: 90 + i * 2, t: -(i + 1) * 5 * DAY })) },
  { tx: bank({ amount: 9_800 }), past: [bank({ amount: 9_500, t: -2 * DAY })] },
  { tx: bank({ amount: 4_000 }), past: [bank({ amount: 4_000, t: -DAY }), bank({ amount: 4_000, t: -2 * DAY })] },
  { tx: bank(), past: times(16, (i) => bank({ t: -(i + 1) * HOUR })), segments: [HIGH_RISK] },
  { tx: bank(), past: times(25, (i) => bank({ t: -(i + 1) * HOUR })) },
  { tx: bank({ amount: 9_000 }), past: [bank({ amount: 10_000, direction: 'INBOUND', t: -6 * HOUR })] },
  { tx: bank({ country: 'IR' }), past: [], segments: [HIGH_RISK] },
  { tx: bank({ currency: 'KPW' }), past: [] },
  { tx: bank({ amount: 7_000 }), past: [bank({ amount: 5_000, t: -5 * DAY }), bank({ amount: 20_000, t: -20 * DAY })] },
  { tx: bank({ amount: 4_000 }), past: [bank({ t: -200 * DAY })] },
  { tx: bank({ amount: 5_000 }), past: [[OTHER, bank({ t: -DAY })]] },
  { tx: card({ amount: 2 }), past: times(12, (i) => card({ amount: 1 + (i % 3), t: -(i + 1) * 60_000 })) },
  { tx: card({ amount: 50, type: 'REFUND' }), past: times(4, (i) => card({ type: 'REFUND', t: -(i + 1) * DAY })) },
  { tx: remit({ pickupCountry: 'MM' }), past: [] },
  { tx: bank({ amount: 120, direction: 'INBOUND', counterparty: 'shared' }), past: times(8, (i) => [`33333333-0000-4000-8000-00000000000${i}`, bank({ counterparty: 'shared', t: -(i + 1) * HOUR })]) },
  { tx: bank({ amount: 55 }), past: [bank({ amount: 40, t: -3 * DAY })] },
];

const outcomes = (engine: ScenarioEngine) =>
  SAMPLES.map((s) => {
    const r: EvaluationResult = evaluate(engine, s.tx, s.past, s.segments ? { segments: s.segments, segment: s.segments[0] } : {});
    const e = r.scenario_evaluations[0];
    return { outcome: e?.outcome, segment: e?.triggered_segment?.name ?? null, priority: e?.triggered_segment?.priority ?? null };
  });

const engineOf = (s: unknown, lookups = {}) => {
  const e = createScenarioEngine({ scenarios: [s], lookups });
  if (!e.ok) throw new Error(JSON.stringify(e.error));
  return e.value;
};

describe('conversion tamis → hosted language', () => {
  const convertible = ['large-transaction', 'structuring', 'velocity', 'rapid-movement', 'round-amounts', 'card-testing', 'chargeback-refund-abuse', 'cash-pickup-high-risk', 'many-senders-one-receiver'];
  for (const name of convertible) {
    it(`${name} converts and evaluates the same on every sample`, () => {
      const def = SCENARIO_LIBRARY_BY_NAME[name];
      const hosted = tamisToHosted(def, { lookups: LIBRARY_LOOKUPS });
      if (!hosted.ok) throw new Error(JSON.stringify(hosted.error));
      expect(outcomes(engineOf(hosted.value))).toEqual(outcomes(engineOf(def, LIBRARY_LOOKUPS)));
    });
  }

  const NOT: Array<{ name: string; def: unknown; path: string }> = [
    { name: 'a window ending before the transaction (dormancy)', def: SCENARIO_LIBRARY_BY_NAME['dormant-account-reactivated'], path: '$.segments[0].when.all[1].compare[0].agg.until' },
    { name: 'customer attributes', def: SCENARIO_LIBRARY_BY_NAME['high-risk-jurisdiction'], path: '$.segments[1].when.all[1].compare[0]' },
    { name: 'counterparty screening', def: COUNTERPARTY_SCREENING_SCENARIO, path: '$.segments[0].when' },
  ];
  for (const c of NOT) {
    it(`${c.name} is reported as not convertible at its node`, () => {
      const r = tamisToHosted(c.def, { lookups: LIBRARY_LOOKUPS });
      expect(r.ok ? [] : r.error).toContainEqual(expect.objectContaining({ code: 'NOT_CONVERTIBLE', path: c.path }));
    });
  }

  it('writes the wrapped form on request', () => {
    const r = tamisToHosted(SCENARIO_LIBRARY_BY_NAME.velocity, { wrapped: true });
    expect(r.ok && (r.value.specification as { value?: unknown }).value).toBeTruthy();
  });
});

describe('conversion hosted language → tamis', () => {
  for (const name of ['velocity', 'round-amounts', 'dormant-account', 'percentage-of-balance', 'first-transaction', 'high-risk-country-or-currency']) {
    it(`${name} converts and evaluates the same on every sample`, () => {
      const src = HOSTED_SCENARIO_LIBRARY_BY_NAME[name];
      const tamis = hostedToTamis(src);
      if (!tamis.ok) throw new Error(JSON.stringify(tamis.error));
      expect(outcomes(engineOf(tamis.value))).toEqual(outcomes(engineOf(src)));
    });
  }

  const NOT: Array<{ name: string; doc: unknown; path: string }> = [
    { name: 'a calendar_day window', doc: HOSTED_SCENARIO_LIBRARY_BY_NAME.structuring, path: '$.specification.value.specification.and[2].greater_than_or_equals[0].value.window_unit' },
    { name: 'regex_match', doc: doc({ regex_match: { text: field('transaction.monetary_details.reference_text', 'string', ''), pattern: 'x' } }), path: '$.specification' },
    { name: 'abs', doc: doc({ greater_than: [{ abs: [AMOUNT] }, constant(1)] }), path: '$.specification.greater_than[0]' },
    { name: 'customer records', doc: doc({ equals: [field('customer[0].person.occupation', 'string', ''), constant('x')] }), path: '$.specification.equals[0]' },
    { name: 'a template without sets', doc: { ...doc({ equals: [AMOUNT, constant(1)] }), segments: [] }, path: '$.segments' },
  ];
  for (const c of NOT) {
    it(`${c.name} is reported as not convertible at its node`, () => {
      const r = hostedToTamis(c.doc);
      expect(r.ok ? [] : r.error).toContainEqual(expect.objectContaining({ code: 'NOT_CONVERTIBLE', path: c.path }));
    });
  }
});
