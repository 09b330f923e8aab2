import {
  InMemoryAuditSink,
  InMemoryHistory,
  InMemoryMuteStore,
  InMemoryRiskStore,
  InMemoryTransactionStore,
  fixedTransactionClock,
  sequentialTransactionIds,
  toHistoryRecord,
  type EvaluationResult,
  type ScenarioEngine,
  type TransactionCustomerContext,
  type ScenarioDefinition,
  type TransactionInput,
} from '../../src/transactions/index.js';

export const CUSTOMER = '11111111-0000-4000-8000-000000000001';
export const T0 = Date.parse('2026-06-01T12:00:00Z');
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const at = (offsetMs: number) => new Date(T0 + offsetMs).toISOString();

let seq = 0;
const nextId = () => `tx-${++seq}`;

export interface BankOpts {
  id?: string;
  t?: number;
  amount?: number;
  direction?: 'OUTBOUND' | 'INBOUND';
  counterparty?: string | null;
  counterpartyName?: string;
  country?: string | null;
  currency?: string;
  customer?: string;
}

export function bank(o: BankOpts = {}): TransactionInput {
  const cp = {
    name: o.counterpartyName ?? `Counterparty ${o.counterparty ?? 'none'}`,
    ...(o.counterparty === null ? {} : { identifier: { type: 'COUNTERPARTY' as const, external_identifier: o.counterparty ?? 'cp-1' } }),
    ...(o.country ? { address: { format: 'STRUCTURED' as const, country: o.country } } : {}),
  };
  const me = { name: 'The Customer', identifier: { type: 'CUSTOMER' as const, external_identifier: o.customer ?? 'cust-1' } };
  const inbound = o.direction === 'INBOUND';
  return {
    external_identifier: o.id ?? nextId(),
    customer_external_identifier: o.customer ?? 'cust-1',
    occurred_at: at(o.t ?? 0),
    details: {
      classification: 'MONETARY',
      base_value: { amount: o.amount ?? 100, currency: 'EUR' },
      ...(o.currency ? { value: { amount: o.amount ?? 100, currency: o.currency } } : {}),
      details: {
        type: 'BANK_PAYMENT',
        creditor: inbound ? me : cp,
        debtor: inbound ? cp : me,
        payment_scheme: 'SEPA',
        state: 'BOOKED',
      },
    },
  };
}

export interface CardOpts {
  id?: string;
  t?: number;
  amount?: number;
  mcc?: string;
  stage?: 'AUTHORIZED' | 'SETTLED' | 'REVERSED' | 'PARTIALLY_SETTLED' | 'CHARGEBACK';
  type?: 'REGULAR' | 'REFUND';
  merchant?: string;
}

export function card(o: CardOpts = {}): TransactionInput {
  return {
    external_identifier: o.id ?? nextId(),
    customer_external_identifier: 'cust-1',
    occurred_at: at(o.t ?? 0),
    details: {
      classification: 'MONETARY',
      base_value: { amount: o.amount ?? 20, currency: 'EUR' },
      details: {
        type: 'CARD_PAYMENT',
        card: { fingerprint: 'fp-1' },
        card_payment_type: o.type ?? 'REGULAR',
        payment_stage: o.stage ?? 'AUTHORIZED',
        merchant: {
          mcc_category_code: o.mcc ?? '5411',
          details: { name: o.merchant ?? 'Corner Shop', address: { format: 'STRUCTURED', country: 'FR' } },
        },
      },
    },
  };
}

export interface RemitOpts {
  id?: string;
  t?: number;
  amount?: number;
  pickupCountry?: string | null;
  receiver?: string;
}

export function remit(o: RemitOpts = {}): TransactionInput {
  return {
    external_identifier: o.id ?? nextId(),
    customer_external_identifier: 'cust-1',
    occurred_at: at(o.t ?? 0),
    details: {
      classification: 'MONETARY',
      base_value: { amount: o.amount ?? 300, currency: 'EUR' },
      details: {
        type: 'REMITTANCE',
        creditor: {
          details: { name: 'Receiver', identifier: { type: 'COUNTERPARTY', external_identifier: o.receiver ?? 'rcv-1' } },
          ...(o.pickupCountry ? { cash_pickup: { agent_network: 'Net', country: o.pickupCountry } } : {}),
        },
        debtor: { name: 'The Customer', identifier: { type: 'CUSTOMER', external_identifier: 'cust-1' } },
        ...(o.pickupCountry === null ? { collection_method: 'BANK_TRANSFER' as const } : {}),
      },
    },
  };
}

/** History of one customer (or several: `[customer, tx]` pairs). */
export function history(txs: Array<TransactionInput | [string, TransactionInput]>): InMemoryHistory {
  return InMemoryHistory.from(
    txs.map((x) => (Array.isArray(x) ? toHistoryRecord(x[1], x[0]) : toHistoryRecord(x, CUSTOMER))),
  );
}

export function evaluate(
  engine: ScenarioEngine,
  tx: TransactionInput,
  past: Array<TransactionInput | [string, TransactionInput]> = [],
  customer: Partial<TransactionCustomerContext> = {},
  extra: Partial<Parameters<ScenarioEngine['evaluate']>[1]> = {},
): EvaluationResult {
  const r = engine.evaluate(tx, {
    customer: { identifier: CUSTOMER, ...customer },
    history: history(past),
    clock: fixedTransactionClock('2026-06-01T12:00:05Z'),
    ids: sequentialTransactionIds(),
    ...extra,
  });
  if (!r.ok) throw new Error(`invalid transaction: ${JSON.stringify(r.error.errors)}`);
  return r.value;
}

/** `n` transactions built by `make(i)`. */
export const times = <T>(n: number, make: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => make(i));

/** Fresh in-memory ports of the transaction service. */
export function memoryPorts() {
  return {
    transactions: new InMemoryTransactionStore(),
    risks: new InMemoryRiskStore(),
    mutes: new InMemoryMuteStore(),
    audit: new InMemoryAuditSink(),
    history: new InMemoryHistory(),
  };
}

const sid = (n: number) => `dddddddd-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** HOLDs an amount of 1000 or more: reads the transaction alone. */
export const LARGE: ScenarioDefinition = {
  schema_version: 1,
  identifier: sid(0),
  name: 'Large',
  description: 'Large amounts',
  version: 1,
  segments: [{ identifier: sid(1), name: 'over 1000', outcome: 'HOLD', priority: 2, when: { compare: [{ field: 'amount' }, '>=', 1000] } }],
};
/** HOLDs 30000 or more a day: reads the history (ERROR while the history port fails). */
export const DAILY: ScenarioDefinition = {
  schema_version: 1,
  identifier: sid(10),
  name: 'Daily sum',
  description: 'Sum over a day',
  version: 1,
  segments: [{ identifier: sid(11), name: 'over 30000 a day', outcome: 'HOLD', priority: 2, when: { compare: [{ agg: { fn: 'sum', window: { days: 1 } } }, '>=', 30000] } }],
};
/** A reviewer: account and user. */
export const ACTOR = { account_identifier: 'eeeeeeee-0000-4000-8000-000000000001', user_identifier: 'eeeeeeee-0000-4000-8000-000000000002' };
