import Database from 'better-sqlite3';
import {
  InMemoryAuditStore,
  InMemoryCaseStore,
  createInMemoryCaseStores,
  createAuditLog,
  createCaseService,
  transactionAuditSink,
  type AuditStore,
  type CaseStore,
  type CaseStageDefinition,
} from '../../src/cases/index.js';
import type { Screener } from '../../src/screening/types.js';
import { createSqliteAuditStore, createSqliteCaseStore, createSqliteCaseStores } from '../../src/cases/sqlite/index.js';
import {
  InMemoryHistory,
  InMemoryMuteStore,
  InMemoryRiskStore,
  InMemoryTransactionStore,
  COUNTERPARTY_SCREENING_SCENARIO,
  SCENARIO_LIBRARY,
  createLibraryEngine,
  createTransactionService,
  fixedTransactionClock,
  sequentialTransactionIds,
  type TransactionInput,
} from '../../src/transactions/index.js';

export const U = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
export const ANALYST = { account_identifier: U(900), user_identifier: U(901) };
export const OTHER_ANALYST = { account_identifier: U(900), user_identifier: U(902) };
export const CUSTOMER = { identifier: U(800), name: 'Jane Doe', risk_level: 'MEDIUM' as const, type: 'PERSON' as const, version: 3, external_identifier: 'cust-1' };

/** Paired stores (change and audit in one transaction) in memory and SQLite, and unpaired stores (two steps). */
export type StoreKind = 'memory' | 'sqlite' | 'memory-unpaired' | 'sqlite-unpaired';
export const STORE_KINDS: StoreKind[] = ['memory', 'sqlite', 'memory-unpaired', 'sqlite-unpaired'];

function storesOf(kind: StoreKind): { caseStore: CaseStore; auditStore: AuditStore } {
  switch (kind) {
    case 'memory': {
      const p = createInMemoryCaseStores();
      return { caseStore: p.cases, auditStore: p.audit };
    }
    case 'sqlite': {
      const p = createSqliteCaseStores(new Database(':memory:'));
      return { caseStore: p.cases, auditStore: p.audit };
    }
    case 'memory-unpaired':
      return { caseStore: new InMemoryCaseStore(), auditStore: new InMemoryAuditStore() };
    case 'sqlite-unpaired': {
      const db = new Database(':memory:');
      return { caseStore: createSqliteCaseStore(db), auditStore: createSqliteAuditStore(db) };
    }
  }
}

export function bankPayment(n: number, amount: number, customerExternal = 'cust-1'): TransactionInput {
  return {
    external_identifier: `tx-${n}`,
    customer_external_identifier: customerExternal,
    occurred_at: `2026-03-01T10:${String(n % 60).padStart(2, '0')}:00Z`,
    details: {
      classification: 'MONETARY',
      base_value: { amount, currency: 'EUR' },
      details: {
        type: 'BANK_PAYMENT',
        creditor: { name: 'Acme Supplies', identifier: { type: 'COUNTERPARTY', external_identifier: 'cp-1' } },
        debtor: { name: 'Jane Doe', identifier: { type: 'CUSTOMER', external_identifier: customerExternal } },
        payment_scheme: 'SEPA',
        state: 'BOOKED',
      },
    },
  };
}

/** Transaction service + case service over one audit log, in-memory or SQLite stores. */
export function setup(kind: StoreKind = 'memory', extra: { stages?: CaseStageDefinition[]; screener?: Screener } = {}) {
  const clock = fixedTransactionClock('2026-03-01T12:00:00Z', 1000);
  const ids = sequentialTransactionIds('0000aaaa');
  const { caseStore, auditStore } = storesOf(kind);
  const auditLog = createAuditLog({ store: auditStore, clock, ids });
  const risks = new InMemoryRiskStore();
  const engine = createLibraryEngine(extra.screener ? { scenarios: [...SCENARIO_LIBRARY, COUNTERPARTY_SCREENING_SCENARIO], screener: extra.screener } : {});
  if (!engine.ok) throw new Error('engine');
  const transactions = createTransactionService({
    engine: engine.value,
    transactions: new InMemoryTransactionStore(),
    risks,
    mutes: new InMemoryMuteStore(),
    audit: transactionAuditSink(auditLog, auditStore),
    history: new InMemoryHistory(),
    clock,
    ids,
  });
  const cases = createCaseService({ cases: caseStore, audit: auditStore, clock, ids, risks, ...(extra.stages ? { stages: extra.stages } : {}) });
  return { clock, ids, caseStore, auditStore, auditLog, risks, transactions, cases };
}

export type Setup = ReturnType<typeof setup>;

/** Submit a transaction and group its alerts into the customer's case. */
export async function submitAndIngest(s: Setup, tx: TransactionInput, customer = CUSTOMER) {
  const r = await s.transactions.submit(tx, { identifier: customer.identifier });
  if (!r.ok) throw new Error(`submit failed: ${r.error.detail}`);
  const c = await s.cases.ingestEvaluation(r.value, customer);
  if (!c.ok) throw new Error(`ingest failed: ${c.error.detail}`);
  return { evaluation: r.value, outcome: c.value };
}

export function must<T>(r: { ok: true; value: T } | { ok: false; error: { detail: string | null } }): T {
  if (!r.ok) throw new Error(`expected ok, got ${r.error.detail}`);
  return r.value;
}
