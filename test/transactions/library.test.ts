import { describe, expect, it } from 'vitest';
import {
  SCENARIO_LIBRARY,
  SCENARIO_LIBRARY_BY_NAME,
  COUNTERPARTY_SCREENING_SCENARIO,
  LIBRARY_LOOKUPS,
  compileScenario,
  createLibraryEngine,
  type TransactionCustomerContext,
  type TransactionInput,
} from '../../src/transactions/index.js';
import { DAY, HOUR, bank, card, evaluate, remit, times } from './helpers.js';

interface Case {
  name: string;
  tx: TransactionInput;
  past?: Array<TransactionInput | [string, TransactionInput]>;
  customer?: Partial<TransactionCustomerContext>;
  /** Name of the segment that must trigger, or null: nothing may trigger. */
  segment: string | null;
  outcome: 'ALLOW' | 'HOLD';
}

const OTHER = (n: number) => `22222222-0000-4000-8000-${String(n).padStart(12, '0')}`;

const CASES: Record<string, Case[]> = {
  'large-transaction': [
    { name: 'holds a very large amount', tx: bank({ amount: 60_000 }), segment: 'Very large amount', outcome: 'HOLD' },
    { name: 'alerts on a large amount without holding', tx: bank({ amount: 12_000 }), segment: 'Large amount', outcome: 'ALLOW' },
    {
      name: 'alerts on an amount far above the customer average',
      tx: bank({ amount: 2_500 }),
      past: times(10, (i) => bank({ amount: 90 + i * 2, t: -(i + 1) * 5 * DAY })),
      segment: 'Unusual amount for the customer',
      outcome: 'ALLOW',
    },
    {
      name: 'does not trigger on an amount usual for the customer',
      tx: bank({ amount: 2_500 }),
      past: times(10, (i) => bank({ amount: 2_000 + i * 100, t: -(i + 1) * 5 * DAY })),
      segment: null,
      outcome: 'ALLOW',
    },
    { name: 'does not trigger below the thresholds without history', tx: bank({ amount: 9_999 }), segment: null, outcome: 'ALLOW' },
  ],
  structuring: [
    {
      name: 'holds repeated amounts just under the threshold',
      tx: bank({ amount: 9_800 }),
      past: [bank({ amount: 9_500, t: -2 * DAY })],
      segment: 'Repeated amounts just under the threshold',
      outcome: 'HOLD',
    },
    {
      name: 'alerts on split amounts summing over the threshold',
      tx: bank({ amount: 4_000 }),
      past: [bank({ amount: 4_000, t: -DAY }), bank({ amount: 4_000, t: -2 * DAY })],
      segment: 'Split amounts summing over the threshold',
      outcome: 'ALLOW',
    },
    { name: 'does not trigger on one amount under the threshold', tx: bank({ amount: 9_800 }), segment: null, outcome: 'ALLOW' },
    {
      name: 'does not trigger when the earlier near-threshold amount is outside the week',
      tx: bank({ amount: 9_800 }),
      past: [bank({ amount: 9_500, t: -10 * DAY })],
      segment: null,
      outcome: 'ALLOW',
    },
    {
      name: 'does not trigger on an amount over the threshold',
      tx: bank({ amount: 10_500 }),
      past: [bank({ amount: 9_500, t: -DAY })],
      segment: null,
      outcome: 'ALLOW',
    },
  ],
  velocity: [
    {
      name: 'holds 15 outbound transactions in 24 hours',
      tx: bank(),
      past: times(14, (i) => bank({ t: -(i + 1) * 80 * 60_000 })),
      segment: 'Outbound count in 24 hours',
      outcome: 'HOLD',
    },
    {
      name: 'holds an outbound total of 25,000 in 24 hours',
      tx: bank({ amount: 1_500 }),
      past: [bank({ amount: 12_000, t: -3 * HOUR }), bank({ amount: 12_000, t: -20 * HOUR })],
      segment: 'Outbound sum in 24 hours',
      outcome: 'HOLD',
    },
    {
      name: 'alerts on 5 outbound transactions in one hour',
      tx: bank(),
      past: times(4, (i) => bank({ t: -(i + 1) * 10 * 60_000 })),
      segment: 'Burst of outbound transactions in one hour',
      outcome: 'ALLOW',
    },
    {
      name: 'does not trigger on transactions spread over days',
      tx: bank(),
      past: times(14, (i) => bank({ t: -(i + 1) * 6 * HOUR })),
      segment: null,
      outcome: 'ALLOW',
    },
    {
      name: 'does not trigger on inbound transactions',
      tx: bank({ direction: 'INBOUND' }),
      past: times(20, (i) => bank({ direction: 'INBOUND', t: -(i + 1) * 60_000 })),
      segment: null,
      outcome: 'ALLOW',
    },
  ],
  'rapid-movement': [
    {
      name: 'holds an outbound amount close to what came in hours before',
      tx: bank({ amount: 9_000 }),
      past: [bank({ amount: 10_000, direction: 'INBOUND', t: -6 * HOUR })],
      segment: 'Pass-through of a large inbound amount',
      outcome: 'HOLD',
    },
    {
      name: 'alerts when inbound funds are drained by several payments',
      tx: bank({ amount: 800 }),
      past: [bank({ amount: 3_000, direction: 'INBOUND', t: -5 * HOUR }), bank({ amount: 2_000, t: -2 * HOUR })],
      segment: 'Inbound funds drained in 24 hours',
      outcome: 'ALLOW',
    },
    {
      name: 'does not trigger when the inbound funds arrived days ago',
      tx: bank({ amount: 9_000 }),
      past: [bank({ amount: 10_000, direction: 'INBOUND', t: -3 * DAY })],
      segment: null,
      outcome: 'ALLOW',
    },
    {
      name: 'does not trigger on a small outbound amount after a large inbound one',
      tx: bank({ amount: 500 }),
      past: [bank({ amount: 10_000, direction: 'INBOUND', t: -6 * HOUR })],
      segment: null,
      outcome: 'ALLOW',
    },
  ],
  'high-risk-jurisdiction': [
    { name: 'holds a payment to a call-for-action country', tx: bank({ country: 'IR' }), segment: 'FATF call-for-action jurisdiction', outcome: 'HOLD' },
    {
      name: 'holds a payment to an increased-monitoring country for a high-risk customer',
      tx: bank({ country: 'NG' }),
      customer: { risk_level: 'HIGH' },
      segment: 'Increased-monitoring jurisdiction, high-risk customer',
      outcome: 'HOLD',
    },
    {
      name: 'alerts on an increased-monitoring country for other customers',
      tx: bank({ country: 'NG' }),
      customer: { risk_level: 'LOW' },
      segment: 'Increased-monitoring jurisdiction',
      outcome: 'ALLOW',
    },
    { name: 'does not trigger on a low-risk country', tx: bank({ country: 'DE' }), segment: null, outcome: 'ALLOW' },
    { name: 'does not trigger when the country is unknown', tx: bank({ country: null }), segment: null, outcome: 'ALLOW' },
  ],
  'new-counterparty-or-country': [
    {
      name: 'holds a payment to a new counterparty from a new account',
      tx: bank({ counterparty: 'cp-new', amount: 1_500 }),
      customer: { account_opened_at: new Date(Date.parse('2026-06-01T12:00:00Z') - 10 * DAY).toISOString() },
      segment: 'New counterparty on a new account',
      outcome: 'HOLD',
    },
    {
      name: 'alerts on a large payment to a new counterparty',
      tx: bank({ counterparty: 'cp-new', amount: 6_000 }),
      past: [bank({ counterparty: 'cp-old', t: -30 * DAY })],
      customer: { account_opened_at: '2020-01-01T00:00:00Z' },
      segment: 'Large payment to a new counterparty',
      outcome: 'ALLOW',
    },
    {
      name: 'alerts on the first payment to a new country',
      tx: bank({ counterparty: 'cp-1', country: 'FR', amount: 1_200 }),
      past: times(6, (i) => bank({ counterparty: 'cp-1', country: 'DE', t: -(i + 1) * 10 * DAY })),
      segment: 'First payment to a new country',
      outcome: 'ALLOW',
    },
    {
      name: 'does not trigger on a known counterparty in a known country',
      tx: bank({ counterparty: 'cp-1', country: 'DE', amount: 6_000 }),
      past: times(6, (i) => bank({ counterparty: 'cp-1', country: 'DE', t: -(i + 1) * 10 * DAY })),
      segment: null,
      outcome: 'ALLOW',
    },
    {
      name: 'does not trigger on a small payment to a new counterparty from an old account',
      tx: bank({ counterparty: 'cp-new', amount: 900 }),
      customer: { account_opened_at: '2020-01-01T00:00:00Z' },
      segment: null,
      outcome: 'ALLOW',
    },
  ],
  'dormant-account-reactivated': [
    {
      name: 'holds a significant transaction after 180 days of dormancy',
      tx: bank({ amount: 1_500 }),
      past: [bank({ t: -200 * DAY })],
      segment: 'Significant transaction after 180 days of dormancy',
      outcome: 'HOLD',
    },
    { name: 'does not trigger on a recently active account', tx: bank({ amount: 1_500 }), past: [bank({ t: -100 * DAY })], segment: null, outcome: 'ALLOW' },
    { name: 'does not trigger on a brand-new customer', tx: bank({ amount: 1_500 }), segment: null, outcome: 'ALLOW' },
    { name: 'does not trigger on a small amount after dormancy', tx: bank({ amount: 500 }), past: [bank({ t: -200 * DAY })], segment: null, outcome: 'ALLOW' },
  ],
  'round-amounts': [
    {
      name: 'alerts on the third round amount in 30 days',
      tx: bank({ amount: 3_000 }),
      past: [bank({ amount: 2_000, t: -5 * DAY }), bank({ amount: 5_000, t: -10 * DAY })],
      segment: 'Repeated round amounts',
      outcome: 'ALLOW',
    },
    {
      name: 'holds the sixth round amount in 30 days',
      tx: bank({ amount: 3_000 }),
      past: times(5, (i) => bank({ amount: (i + 1) * 1_000, t: -(i + 1) * 4 * DAY })),
      segment: 'Many round amounts',
      outcome: 'HOLD',
    },
    {
      name: 'does not trigger when the earlier amounts are not round',
      tx: bank({ amount: 3_000 }),
      past: [bank({ amount: 2_500, t: -5 * DAY }), bank({ amount: 4_999, t: -10 * DAY })],
      segment: null,
      outcome: 'ALLOW',
    },
    {
      name: 'does not trigger on a non-round amount',
      tx: bank({ amount: 3_500 }),
      past: times(5, (i) => bank({ amount: (i + 1) * 1_000, t: -(i + 1) * 4 * DAY })),
      segment: null,
      outcome: 'ALLOW',
    },
  ],
  'card-testing': [
    {
      name: 'holds a burst of ten small card payments in an hour',
      tx: card({ amount: 1 }),
      past: times(9, (i) => card({ amount: 1 + (i % 4), t: -(i + 1) * 3 * 60_000 })),
      segment: 'Burst of small card payments',
      outcome: 'HOLD',
    },
    {
      name: 'alerts on five small card payments in an hour',
      tx: card({ amount: 2 }),
      past: times(4, (i) => card({ amount: 1, t: -(i + 1) * 5 * 60_000 })),
      segment: 'Several small card payments',
      outcome: 'ALLOW',
    },
    {
      name: 'does not trigger on small payments spread over a day',
      tx: card({ amount: 1 }),
      past: times(9, (i) => card({ amount: 1, t: -(i + 1) * 2 * HOUR })),
      segment: null,
      outcome: 'ALLOW',
    },
    {
      name: 'does not trigger on a normal purchase after small ones',
      tx: card({ amount: 50 }),
      past: times(12, (i) => card({ amount: 1, t: -(i + 1) * 60_000 })),
      segment: null,
      outcome: 'ALLOW',
    },
  ],
  'chargeback-refund-abuse': [
    {
      name: 'alerts on the third chargeback or refund in 90 days',
      tx: card({ type: 'REFUND', stage: 'SETTLED' }),
      past: [card({ stage: 'CHARGEBACK', t: -10 * DAY }), card({ stage: 'CHARGEBACK', t: -20 * DAY })],
      segment: 'Repeated chargebacks and refunds',
      outcome: 'ALLOW',
    },
    {
      name: 'holds the sixth chargeback or refund in 90 days',
      tx: card({ stage: 'CHARGEBACK' }),
      past: [
        ...times(3, (i) => card({ stage: 'CHARGEBACK', t: -(i + 1) * 10 * DAY })),
        ...times(2, (i) => card({ type: 'REFUND', stage: 'SETTLED', t: -(i + 1) * 7 * DAY })),
      ],
      segment: 'Excessive chargebacks and refunds',
      outcome: 'HOLD',
    },
    {
      name: 'does not trigger on a second chargeback',
      tx: card({ stage: 'CHARGEBACK' }),
      past: [card({ stage: 'CHARGEBACK', t: -10 * DAY })],
      segment: null,
      outcome: 'ALLOW',
    },
    {
      name: 'does not trigger on a regular purchase by a customer with chargebacks',
      tx: card({ stage: 'SETTLED' }),
      past: times(5, (i) => card({ stage: 'CHARGEBACK', t: -(i + 1) * 10 * DAY })),
      segment: null,
      outcome: 'ALLOW',
    },
  ],
  'cash-pickup-high-risk': [
    { name: 'holds a cash pickup in a call-for-action country', tx: remit({ pickupCountry: 'IR' }), segment: 'Cash pickup in a call-for-action jurisdiction', outcome: 'HOLD' },
    { name: 'holds a cash pickup in an increased-monitoring country', tx: remit({ pickupCountry: 'NG' }), segment: 'Cash pickup in an increased-monitoring jurisdiction', outcome: 'HOLD' },
    { name: 'does not trigger on a cash pickup in a low-risk country', tx: remit({ pickupCountry: 'DE' }), segment: null, outcome: 'ALLOW' },
    { name: 'does not trigger on a remittance paid into an account', tx: remit({ pickupCountry: null }), segment: null, outcome: 'ALLOW' },
    { name: 'does not trigger on a bank payment', tx: bank({ country: 'IR' }), segment: null, outcome: 'ALLOW' },
  ],
  'many-senders-one-receiver': [
    {
      name: 'holds a payment to a receiver paid by five customers in a week',
      tx: bank({ counterparty: 'cp-shared' }),
      past: times(4, (i) => [OTHER(i), bank({ counterparty: 'cp-shared', t: -(i + 1) * DAY, customer: `other-${i}` })] as [string, TransactionInput]),
      segment: 'Five or more senders in 7 days',
      outcome: 'HOLD',
    },
    {
      name: 'alerts on three senders with a large total',
      tx: bank({ counterparty: 'cp-shared', amount: 1_000 }),
      past: times(2, (i) => [OTHER(i), bank({ counterparty: 'cp-shared', amount: 5_000, t: -(i + 1) * DAY })] as [string, TransactionInput]),
      segment: 'Three or more senders with a large total',
      outcome: 'ALLOW',
    },
    {
      name: 'does not trigger when the other senders paid weeks ago',
      tx: bank({ counterparty: 'cp-shared' }),
      past: times(4, (i) => [OTHER(i), bank({ counterparty: 'cp-shared', t: -(i + 10) * DAY })] as [string, TransactionInput]),
      segment: null,
      outcome: 'ALLOW',
    },
    {
      name: 'does not trigger when one customer pays the receiver many times',
      tx: bank({ counterparty: 'cp-shared' }),
      past: times(6, (i) => bank({ counterparty: 'cp-shared', t: -(i + 1) * HOUR * 5 })),
      segment: null,
      outcome: 'ALLOW',
    },
  ],
};

describe('the scenario library', () => {
  it('has a must-trigger and a must-not-trigger test for every scenario', () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(SCENARIO_LIBRARY_BY_NAME).sort());
    for (const cases of Object.values(CASES)) {
      expect(cases.some((c) => c.segment !== null)).toBe(true);
      expect(cases.some((c) => c.segment === null)).toBe(true);
    }
  });

  it('every library scenario (and the screening one) validates and compiles with the library lookups', () => {
    for (const s of [...SCENARIO_LIBRARY, COUNTERPARTY_SCREENING_SCENARIO]) {
      const r = compileScenario(s, { lookups: LIBRARY_LOOKUPS });
      expect(r.ok ? [] : r.error).toEqual([]);
    }
  });

  it('scenario and segment identifiers are unique across the library', () => {
    const ids = [...SCENARIO_LIBRARY, COUNTERPARTY_SCREENING_SCENARIO].flatMap((s) => [s.identifier, ...s.segments.map((g) => g.identifier)]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  for (const [slug, cases] of Object.entries(CASES)) {
    describe(slug, () => {
      const engine = createLibraryEngine({ scenarios: [SCENARIO_LIBRARY_BY_NAME[slug]] });
      if (!engine.ok) throw new Error(JSON.stringify(engine.error));
      it.each(cases.map((c) => [c.name, c] as const))('%s', (_n, c) => {
        const r = evaluate(engine.value, c.tx, c.past ?? [], c.customer ?? {});
        const ev = r.scenario_evaluations[0];
        expect(ev?.problems).toEqual([]);
        expect(ev?.triggered_segment?.name ?? null).toBe(c.segment);
        expect(r.evaluation_outcome).toBe(c.outcome);
        expect(r.risks).toHaveLength(c.segment === null ? 0 : 1);
      });
    });
  }

  it('the whole library evaluates a plain transaction without error', () => {
    const engine = createLibraryEngine();
    if (!engine.ok) throw new Error('library');
    const r = evaluate(engine.value, card());
    expect(r.evaluation_outcome).toBe('ALLOW');
    expect(r.scenario_evaluations).toHaveLength(SCENARIO_LIBRARY.length);
    expect(r.scenario_evaluations.every((e) => e.outcome === 'ALLOW' && e.problems.length === 0)).toBe(true);
  });

  it('host lookups replace the library lists by name', () => {
    const engine = createLibraryEngine({
      scenarios: [SCENARIO_LIBRARY_BY_NAME['high-risk-jurisdiction']],
      lookups: { fatf_call_for_action: ['DE'] },
    });
    if (!engine.ok) throw new Error('lookups');
    expect(evaluate(engine.value, bank({ country: 'DE' })).evaluation_outcome).toBe('HOLD');
    expect(evaluate(engine.value, bank({ country: 'IR' })).evaluation_outcome).toBe('ALLOW');
  });
});
