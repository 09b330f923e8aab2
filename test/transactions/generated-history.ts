/**
 * A seeded history for comparing the row path with computed aggregates: a few customers sharing counterparties,
 * bank payments, card payments and remittances over 400 days, with bursts (velocity), round and near-threshold
 * amounts, amounts with cents, chargebacks and refunds, cash pickups, high-risk countries and currencies, and
 * transactions at the same millisecond (ties in append order). `evaluations` are the transactions to evaluate over
 * it: new ones after the history, and stored ones evaluated again (the history then holds the transaction itself).
 */
import { expect } from 'vitest';
import { mulberry32 } from '../../bench/synthetic.mjs';
import {
  HOSTED_SCENARIO_LIBRARY,
  evaluateWithHistoryStore,
  fixedTransactionClock,
  sequentialTransactionIds,
  type EvaluationResult,
  type HistoryAggregateRequest,
  type HistoryStore,
  type HistoryWindow,
  LIBRARY_LOOKUPS,
  SCENARIO_LIBRARY,
  createScenarioEngine,
  toHistoryRecord,
  type HistoryRecord,
  type ScenarioEngine,
  type TransactionCustomerContext,
  type TransactionInput,
} from '../../src/transactions/index.js';

const DAY = 86_400_000;
export const HISTORY_END = Date.parse('2026-06-01T00:00:00Z');
const HIGH_RISK_SEGMENT = 'a1e5c0de-5e90-4000-8000-00000000000a';

export interface GeneratedCase {
  customer: TransactionCustomerContext;
  tx: TransactionInput;
}

export interface GeneratedHistory {
  /** History records in append order. */
  records: HistoryRecord[];
  evaluations: GeneratedCase[];
}

const uuid = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** The tamis library and the hosted-language examples in one engine. */
export function wholeLibraryEngine(): ScenarioEngine {
  const engine = createScenarioEngine({ scenarios: [...SCENARIO_LIBRARY, ...HOSTED_SCENARIO_LIBRARY], lookups: LIBRARY_LOOKUPS });
  if (!engine.ok) throw new Error(JSON.stringify(engine.error));
  return engine.value;
}

export function generateHistory(options: { customers?: number; perCustomer?: number; evaluations?: number; seed?: number } = {}): GeneratedHistory {
  const customers = options.customers ?? 12;
  const perCustomer = options.perCustomer ?? 120;
  const evaluationCount = options.evaluations ?? 200;
  const rand = mulberry32(options.seed ?? 20);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const countries = ['DE', 'FR', 'FR', 'GB', 'NL', 'ES', 'IR', 'RU', 'KP', 'MM', 'NG', 'US'];
  const amount = (): number => {
    const r = rand();
    if (r < 0.15) return (1 + Math.floor(rand() * 20)) * 1000; // round
    if (r < 0.3) return Math.round((9000 + rand() * 999) * 100) / 100; // just under 10,000
    if (r < 0.4) return Math.round((3000 + rand() * 7000) * 100) / 100;
    if (r < 0.45) return 40_000 + Math.floor(rand() * 30_000);
    return Math.round(Math.exp(rand() * 8) * 100) / 100; // 0.01 .. ~3000, with cents
  };

  let serial = 0;
  /** Customers c % 5 == 1 test cards (bursts of small card payments); c % 4 == 3 spend little (unusual amounts stand out). */
  const tester = (c: number) => c % 5 === 1;
  const modest = (c: number) => c % 4 === 3 && !tester(c);
  const make = (c: number, t: number, past = true): TransactionInput => {
    const id = `g-${++serial}`;
    const me = { name: `Customer ${c}`, identifier: { type: 'CUSTOMER' as const, external_identifier: `cust-${c}` } };
    const cpIndex = rand() < 0.6 ? c * 3 + Math.floor(rand() * 3) : Math.floor(rand() * 40);
    const country = pick(countries);
    const cp = {
      name: `Counterparty ${cpIndex}`,
      ...(rand() < 0.9 ? { identifier: { type: 'COUNTERPARTY' as const, external_identifier: `cp-${cpIndex}` } } : {}),
      ...(rand() < 0.8 ? { address: { format: 'STRUCTURED' as const, country } } : {}),
    };
    const r = tester(c) && past && rand() < 0.7 ? 0.6 : rand();
    const a = modest(c) && past ? Math.round(Math.exp(rand() * 5) * 100) / 100 : amount();
    const base = {
      external_identifier: id,
      customer_external_identifier: `cust-${c}`,
      occurred_at: new Date(t).toISOString(),
    };
    const currency = rand() < 0.05 ? 'KPW' : 'EUR';
    const values = { base_value: { amount: a, currency: 'EUR' }, ...(currency !== 'EUR' ? { value: { amount: a * 1000, currency } } : {}) };
    if (r < 0.55) {
      const inbound = rand() < 0.35;
      return {
        ...base,
        details: {
          classification: 'MONETARY',
          ...values,
          details: { type: 'BANK_PAYMENT', creditor: inbound ? me : cp, debtor: inbound ? cp : me, payment_scheme: 'SEPA', state: 'BOOKED' },
        },
      };
    }
    if (r < 0.85) {
      const small = rand() < (tester(c) ? 0.9 : 0.3);
      return {
        ...base,
        details: {
          classification: 'MONETARY',
          base_value: { amount: small ? 1 + Math.floor(rand() * 4) + (rand() < 0.5 ? 0.99 : 0) : a, currency: 'EUR' },
          details: {
            type: 'CARD_PAYMENT',
            card: { fingerprint: `fp-${c}` },
            card_payment_type: rand() < 0.08 ? 'REFUND' : 'REGULAR',
            payment_stage: rand() < 0.06 ? 'CHARGEBACK' : pick(['AUTHORIZED', 'SETTLED'] as const),
            merchant: { mcc_category_code: pick(['5411', '5812', '7995', '6011']), details: { name: `Merchant ${cpIndex % 9}`, address: { format: 'STRUCTURED', country } } },
          },
        },
      };
    }
    return {
      ...base,
      details: {
        classification: 'MONETARY',
        ...values,
        details: {
          type: 'REMITTANCE',
          creditor: {
            details: { name: `Receiver ${cpIndex}`, identifier: { type: 'COUNTERPARTY', external_identifier: `cp-${cpIndex}` } },
            ...(rand() < 0.4 ? { cash_pickup: { agent_network: 'Net', country } } : {}),
          },
          debtor: me,
        },
      },
    };
  };

  const customerIds = Array.from({ length: customers }, (_, c) => uuid('cccccccc', c + 1));
  const stored: Array<{ c: number; tx: TransactionInput }> = [];
  for (let c = 0; c < customers; c++) {
    // Customers are quiet for the last 0, 70, 200 or 5 days: dormant accounts and first transactions.
    const quiet = ([0, 70, 200, 5][c % 4] as number) * DAY;
    let t = HISTORY_END - 400 * DAY;
    // About perCustomer records (more with bursts) up to the quiet period.
    for (;;) {
      const burst = rand() < (tester(c) ? 0.6 : 0.25);
      t += burst ? Math.floor(rand() * 40) * 60_000 : Math.floor(rand() * ((400 * DAY - quiet) / perCustomer) * 2);
      if (t > HISTORY_END - quiet) break;
      stored.push({ c, tx: make(c, t) });
      if (rand() < 0.03) stored.push({ c, tx: make(c, t) }); // same millisecond
    }
  }
  // Append in time order across customers (a live history), ties kept in generation order.
  stored.sort((x, y) => Date.parse(x.tx.occurred_at) - Date.parse(y.tx.occurred_at));
  const records = stored.map((s) => toHistoryRecord(s.tx, customerIds[s.c] as string));

  const context = (c: number): TransactionCustomerContext => ({
    identifier: customerIds[c] as string,
    risk_level: c % 3 === 0 ? 'HIGH' : 'LOW',
    account_opened_at: new Date(HISTORY_END - (c % 2 === 0 ? 30 : 900) * DAY).toISOString(),
    ...(c % 2 === 0 ? { segments: [HIGH_RISK_SEGMENT] } : {}),
  });
  const evaluations: GeneratedCase[] = [];
  for (let i = 0; i < evaluationCount; i++) {
    if (i % 2 === 0) {
      const c = Math.floor(rand() * customers);
      evaluations.push({ customer: context(c), tx: make(c, HISTORY_END + i * 7 * 60_000, false) });
    } else {
      const s = stored[Math.floor(rand() * stored.length)] as { c: number; tx: TransactionInput };
      evaluations.push({ customer: context(s.c), tx: s.tx });
    }
  }
  return { records, evaluations };
}

/** A store that records what it was asked; without `aggregate` when `rows` (every window is then loaded). */
export function observed(store: HistoryStore, rows: boolean) {
  const windows: HistoryWindow[] = [];
  const requests: HistoryAggregateRequest[] = [];
  const aggregate = store.aggregate?.bind(store);
  const s: HistoryStore = {
    load: (w) => (windows.push(...w), store.load(w)),
    append: (r) => store.append(r),
    ...(rows || !aggregate ? {} : { aggregate: (q: readonly HistoryAggregateRequest[]) => (requests.push(...q), aggregate(q)) }),
  };
  return { store: s, windows, requests };
}

let libraryEngine: ScenarioEngine | undefined;

/** Evaluates a generated case with the whole library against `store` (ids and clock fixed: equal runs give equal results). */
export async function evaluateCase(store: HistoryStore, c: GeneratedCase): Promise<EvaluationResult> {
  const engine = (libraryEngine ??= wholeLibraryEngine());
  return evaluateWithHistoryStore(store, (history) => {
    const r = engine.evaluate(c.tx, { customer: c.customer, history, clock: fixedTransactionClock('2026-06-01T12:00:00Z'), ids: sequentialTransactionIds('eeeeeeee') });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    return r.value;
  });
}

/**
 * Evaluates every case over `rows` and over `computed` (two views of one history), expects identical results, and
 * returns the names of the scenarios that triggered.
 */
export async function expectSameResults(rows: HistoryStore, computed: HistoryStore, evaluations: readonly GeneratedCase[]): Promise<Set<string>> {
  const triggered = new Set<string>();
  for (const c of evaluations) {
    const a = await evaluateCase(rows, c);
    const b = await evaluateCase(computed, c);
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    for (const e of a.scenario_evaluations) if (e.triggered_segment) triggered.add(e.scenario.name);
  }
  return triggered;
}

/**
 * `tx` of `customer` evaluated by `engine` over `store` read as records and with its aggregates computed; `handed`:
 * whether every window went as aggregates.
 */
export async function evaluateBothWays(store: HistoryStore, engine: Pick<ScenarioEngine, 'evaluate'>, tx: TransactionInput, customer: string, at: string) {
  const run = (s: HistoryStore) =>
    evaluateWithHistoryStore(s, (history) => {
      const r = engine.evaluate(tx, { customer: { identifier: customer }, history, clock: fixedTransactionClock(at), ids: sequentialTransactionIds() });
      if (!r.ok) throw new Error(JSON.stringify(r.error));
      return r.value;
    });
  const rows = observed(store, true);
  const computed = observed(store, false);
  return { rows: await run(rows.store), computed: await run(computed.store), handed: computed.windows.length === 0 && computed.requests.length > 0 };
}
