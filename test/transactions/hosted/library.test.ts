import { describe, expect, it } from 'vitest';
import { HOSTED_SCENARIO_LIBRARY, HOSTED_SCENARIO_LIBRARY_BY_NAME, createScenarioEngine, type TransactionCustomerContext, type TransactionInput } from '../../../src/transactions/index.js';
import { DAY, HOUR, bank, evaluate, remit, times } from '../helpers.js';

const HIGH_RISK = 'a1e5c0de-5e90-4000-8000-00000000000a';
const OTHER = '22222222-0000-4000-8000-000000000001';

interface Case {
  name: string;
  tx: TransactionInput;
  past?: Array<TransactionInput | [string, TransactionInput]>;
  customer?: Partial<TransactionCustomerContext>;
  /** Name of the segment set that must trigger, or null: nothing may trigger. */
  set: string | null;
  outcome: 'ALLOW' | 'HOLD';
  title?: string;
}

const withBalance = (tx: TransactionInput, balance: number): TransactionInput => ({
  ...tx,
  details: { ...tx.details, customer_account_balance: { current_balance: { amount: balance, currency: 'EUR' } } },
});

const CASES: Record<string, Case[]> = {
  velocity: [
    {
      name: 'holds the 10th outbound payment in 24 hours of a high-risk customer',
      tx: bank(),
      past: times(9, (i) => bank({ t: -(i + 1) * HOUR })),
      customer: { segments: [HIGH_RISK] },
      set: 'High-risk customers',
      outcome: 'HOLD',
      title: '10 outbound payments in 24 hours (limit 10)',
    },
    { name: 'alerts on the 20th for other customers', tx: bank(), past: times(19, (i) => bank({ t: -(i + 1) * HOUR })), set: 'All customers', outcome: 'ALLOW' },
    { name: 'does not count inbound payments', tx: bank(), past: times(19, (i) => bank({ direction: 'INBOUND', t: -(i + 1) * HOUR })), customer: { segments: [HIGH_RISK] }, set: null, outcome: 'ALLOW' },
    { name: 'does not count payments older than 24 hours', tx: bank(), past: times(12, (i) => bank({ t: -(i + 25) * HOUR })), customer: { segments: [HIGH_RISK] }, set: null, outcome: 'ALLOW' },
  ],
  structuring: [
    {
      name: 'holds a second amount just under 10,000 within 7 days',
      tx: bank({ amount: 9800 }),
      past: [bank({ amount: 9500, t: -3 * DAY })],
      set: 'All customers',
      outcome: 'HOLD',
      title: '9800 just under 10000; 2 such amounts in 7 days',
    },
    { name: 'does not trigger on a single near-threshold amount', tx: bank({ amount: 9800 }), set: null, outcome: 'ALLOW' },
    { name: 'does not trigger on an amount over the threshold', tx: bank({ amount: 10_500 }), past: [bank({ amount: 9500, t: -DAY })], set: null, outcome: 'ALLOW' },
    { name: 'does not count near-threshold amounts of 8 days ago', tx: bank({ amount: 9800 }), past: [bank({ amount: 9500, t: -8 * DAY })], set: null, outcome: 'ALLOW' },
  ],
  'round-amounts': [
    {
      name: 'alerts on the third large round amount in 30 days',
      tx: bank({ amount: 7000 }),
      past: [bank({ amount: 5000, t: -5 * DAY }), bank({ amount: 20_000, t: -20 * DAY })],
      set: 'All customers',
      outcome: 'ALLOW',
      title: 'Round amount 7000: 3 round amounts of at least 5000 in 30 days',
    },
    { name: 'does not trigger on an amount that is not round', tx: bank({ amount: 7010 }), past: [bank({ amount: 5000, t: -DAY }), bank({ amount: 6000, t: -DAY })], set: null, outcome: 'ALLOW' },
    { name: 'does not count small round amounts', tx: bank({ amount: 7000 }), past: [bank({ amount: 1000, t: -DAY }), bank({ amount: 2000, t: -DAY })], set: null, outcome: 'ALLOW' },
  ],
  'dormant-account': [
    { name: 'holds a large amount after 200 days without activity', tx: bank({ amount: 4000 }), past: [bank({ t: -200 * DAY })], set: 'All customers', outcome: 'HOLD' },
    { name: 'does not trigger on an active account', tx: bank({ amount: 4000 }), past: [bank({ t: -200 * DAY }), bank({ t: -10 * DAY })], set: null, outcome: 'ALLOW' },
    { name: 'does not trigger on a new account without history', tx: bank({ amount: 4000 }), set: null, outcome: 'ALLOW' },
    { name: 'does not trigger on a small amount', tx: bank({ amount: 40 }), past: [bank({ t: -200 * DAY })], set: null, outcome: 'ALLOW' },
  ],
  'percentage-of-balance': [
    {
      name: 'alerts on an outbound payment of 95 % of the balance',
      tx: withBalance(bank({ amount: 950 }), 1000),
      set: 'All customers',
      outcome: 'ALLOW',
      title: 'Outbound 950 is more than 0.9 of the balance 1000',
    },
    { name: 'does not trigger on half the balance', tx: withBalance(bank({ amount: 500 }), 1000), set: null, outcome: 'ALLOW' },
    { name: 'does not trigger without a balance (placeholder guard)', tx: bank({ amount: 950 }), set: null, outcome: 'ALLOW' },
    { name: 'does not trigger on an inbound payment', tx: withBalance(bank({ amount: 950, direction: 'INBOUND' }), 1000), set: null, outcome: 'ALLOW' },
  ],
  'first-transaction': [
    { name: 'holds a large first transaction', tx: bank({ amount: 5000 }), past: [[OTHER, bank({ t: -DAY })]], set: 'All customers', outcome: 'HOLD' },
    { name: 'does not trigger when the customer was active this year', tx: bank({ amount: 5000 }), past: [bank({ t: -100 * DAY })], set: null, outcome: 'ALLOW' },
    { name: 'does not trigger on a small first transaction', tx: bank({ amount: 50 }), set: null, outcome: 'ALLOW' },
  ],
  'high-risk-country-or-currency': [
    { name: 'holds a payment to a high-risk country (priority 2)', tx: bank({ country: 'IR' }), set: 'All customers', outcome: 'HOLD', title: 'OUTBOUND payment with IR / EUR' },
    { name: 'holds a payment in a high-risk currency', tx: bank({ currency: 'KPW' }), set: 'All customers', outcome: 'HOLD' },
    { name: 'the high-risk segment lists more countries', tx: bank({ country: 'RU' }), customer: { segments: [HIGH_RISK] }, set: 'High-risk customers', outcome: 'HOLD' },
    { name: 'RU is not listed for other customers', tx: bank({ country: 'RU' }), set: null, outcome: 'ALLOW' },
    { name: 'a cash-pickup remittance to a high-risk country', tx: remit({ pickupCountry: 'MM' }), set: 'All customers', outcome: 'HOLD' },
    { name: 'does not trigger on an ordinary payment', tx: bank({ country: 'FR' }), set: null, outcome: 'ALLOW' },
  ],
};

describe('hosted example library', () => {
  it('every example loads and has test cases that trigger it and that do not', () => {
    const engine = createScenarioEngine({ scenarios: HOSTED_SCENARIO_LIBRARY });
    expect(engine.ok ? [] : engine.error).toEqual([]);
    for (const name of Object.keys(HOSTED_SCENARIO_LIBRARY_BY_NAME)) {
      const cases = CASES[name] ?? [];
      expect(cases.some((c) => c.set !== null), name).toBe(true);
      expect(cases.some((c) => c.set === null), name).toBe(true);
    }
  });

  for (const [name, cases] of Object.entries(CASES)) {
    describe(name, () => {
      const engine = createScenarioEngine({ scenarios: [HOSTED_SCENARIO_LIBRARY_BY_NAME[name]] });
      if (!engine.ok) throw new Error(`${name}: ${JSON.stringify(engine.error)}`);
      for (const c of cases) {
        it(c.name, () => {
          const r = evaluate(engine.value, c.tx, c.past ?? [], c.customer ?? {});
          const ev = r.scenario_evaluations[0];
          expect(ev?.problems).toEqual([]);
          expect(ev?.triggered_segment?.name ?? null).toBe(c.set);
          expect(r.evaluation_outcome).toBe(c.outcome);
          if (c.title) expect(r.alerts[0]?.title).toBe(c.title);
        });
      }
    });
  }
});
