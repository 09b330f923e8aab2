/**
 * Nothing stuck, nothing lost in the transaction service: one evaluation per external_identifier under concurrent
 * submits, no review decision without its audit record, and a failed evaluation (ERROR) is never a dead end.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import {
  InMemoryAuditSink,
  InMemoryHistory,
  InMemoryMuteStore,
  InMemoryRiskStore,
  InMemoryTransactionStore,
  createScenarioEngine,
  createTransactionService,
  fixedTransactionClock,
  sequentialTransactionIds,
  transactionStoreConformance,
  type HistoryPort,
  type ScenarioDefinition,
  type TransactionStore,
} from '../../src/transactions/index.js';
import { createSqliteTransactionStore } from '../../src/transactions/sqlite/index.js';
import type { Screener } from '../../src/screening/types.js';
import { ACTOR, CUSTOMER, DAILY as daily, LARGE as large, bank } from './helpers.js';

const STORES: Array<[string, () => TransactionStore]> = [
  ['memory', () => new InMemoryTransactionStore()],
  ['sqlite', () => createSqliteTransactionStore(new Database(':memory:'))],
];

describe.each(STORES)('TransactionStore conformance (%s)', (_n, make) => {
  for (const c of transactionStoreConformance) it(c.name, () => c.run(make));
});

const sid = (n: number) => `dddddddd-0000-4000-8000-${String(n).padStart(12, '0')}`;
const screening: ScenarioDefinition = {
  schema_version: 1,
  identifier: sid(20),
  name: 'Screen',
  description: 'Screen the counterparty',
  version: 1,
  segments: [{ identifier: sid(21), name: 'listed', outcome: 'HOLD', priority: 1, when: { screen: { parties: ['counterparty'] } } }],
};

function setup(over: { scenarios?: ScenarioDefinition[]; history?: HistoryPort; screener?: Screener; transactions?: TransactionStore } = {}) {
  const engine = createScenarioEngine({ scenarios: over.scenarios ?? [large], ...(over.screener ? { screener: over.screener } : {}) });
  if (!engine.ok) throw new Error(JSON.stringify(engine.error));
  const ports = {
    transactions: over.transactions ?? new InMemoryTransactionStore(),
    risks: new InMemoryRiskStore(),
    mutes: new InMemoryMuteStore(),
    audit: new InMemoryAuditSink(),
    history: over.history ?? new InMemoryHistory(),
  };
  const service = createTransactionService({ engine: engine.value, ...ports, clock: fixedTransactionClock('2026-06-01T12:00:00Z', 1000), ids: sequentialTransactionIds('ffffffff') });
  return { service, ...ports };
}

describe('one evaluation per external_identifier', () => {
  it.each(STORES)('of concurrent submits of one external_identifier exactly one succeeds, with one risk set and one audit trail (%s)', async (_n, make) => {
    const s = setup({ transactions: make() });
    const results = await Promise.all([1, 2, 3].map(() => s.service.submit(bank({ id: 'same', amount: 5000 }), { identifier: CUSTOMER })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.error.errors[0]?.code)).toEqual(['DUPLICATE_TRANSACTION', 'DUPLICATE_TRANSACTION']);
    expect((await s.transactions.list()).length).toBe(1);
    expect((await s.risks.list({ page_number: 1, page_size: 10 })).total_count).toBe(1);
    expect(s.audit.records.map((a) => a.type)).toEqual(['TRANSACTION_RECEIVED', 'TRANSACTION_MONITORED']);
    expect((s.history as InMemoryHistory).size).toBe(1);
  });
});

describe('a review decision and its audit record', () => {
  it('when the audit write fails the decision is taken back (no RELEASE without TRANSACTION_RELEASE_DECISION), and a retry succeeds', async () => {
    const s = setup();
    const r = await s.service.submit(bank({ id: 'held', amount: 5000 }), { identifier: CUSTOMER });
    if (!r.ok) throw new Error('submit');
    const id = r.value.transaction.identifier as string;
    const append = s.audit.append.bind(s.audit);
    s.audit.append = async () => {
      throw new Error('disk full');
    };
    const d = await s.service.decide(id, { review_decision: 'RELEASE' }, ACTOR);
    expect(!d.ok && [d.error.status, d.error.errors[0]?.code]).toEqual([500, 'AUDIT_WRITE_FAILED']);
    expect((await s.transactions.get(id))?.review_decision).toBe('NOT_REVIEWED');
    s.audit.append = append;
    const again = await s.service.decide(id, { review_decision: 'RELEASE' }, ACTOR);
    expect(again.ok).toBe(true);
    expect((await s.transactions.get(id))?.review_decision).toBe('RELEASE');
    expect((await s.service.auditOf(id)).filter((a) => a.type === 'TRANSACTION_RELEASE_DECISION')).toHaveLength(1);
  });
});

describe('a failed evaluation (ERROR) is never a dead end', () => {
  it('a screener that throws makes the outcome ERROR with SCREENING_FAILED, not an exception', async () => {
    const throwing = { search: () => { throw new Error('index not loaded'); } } as unknown as Screener;
    const s = setup({ scenarios: [screening], screener: throwing });
    const r = await s.service.submit(bank({ id: 'x', amount: 10 }), { identifier: CUSTOMER });
    expect(r.ok && r.value.evaluation_outcome).toBe('ERROR');
    expect(r.ok && r.value.scenario_evaluations[0]?.problems.map((p) => p.code)).toEqual(['SCREENING_FAILED']);
  });

  it.each([
    ['null', () => null],
    ['undefined', () => undefined],
    ['an object without records', () => ({ start: 0, end: 0 })],
  ])('a history port answering %s makes the outcome ERROR with HISTORY_UNAVAILABLE', async (_n, answer) => {
    const s = setup({ scenarios: [daily], history: { range: answer as never } });
    const r = await s.service.submit(bank({ id: 'x', amount: 10 }), { identifier: CUSTOMER });
    expect(r.ok && r.value.evaluation_outcome).toBe('ERROR');
    expect(r.ok && r.value.scenario_evaluations[0]?.problems.map((p) => p.code)).toEqual(['HISTORY_UNAVAILABLE']);
  });

  it('an ERROR transaction is evaluated again once the port is back, under the same identifier', async () => {
    let down = true;
    const real = new InMemoryHistory();
    const history: HistoryPort = { range: (...a) => (down ? (null as never) : real.range(...a)), append: (rec) => real.append(rec) };
    const s = setup({ scenarios: [daily], history });
    const r = await s.service.submit(bank({ id: 'x', amount: 40000 }), { identifier: CUSTOMER });
    if (!r.ok) throw new Error('submit');
    const id = r.value.transaction.identifier as string;
    expect(r.value.evaluation_outcome).toBe('ERROR');
    down = false;
    const again = await s.service.reevaluate(id, { identifier: CUSTOMER });
    expect(again.ok && [again.value.evaluation_outcome, again.value.transaction.identifier]).toEqual(['HOLD', id]);
    expect((await s.transactions.get(id))?.evaluation_outcome).toBe('HOLD');
    expect((await s.service.auditOf(id)).map((a) => a.type)).toEqual(['TRANSACTION_RECEIVED', 'TRANSACTION_MONITORED', 'TRANSACTION_MONITORED']);
    const twice = await s.service.reevaluate(id, { identifier: CUSTOMER });
    expect(!twice.ok && twice.error.errors[0]?.code).toBe('NOT_REEVALUABLE');
  });

  it('an ERROR transaction can be released or rejected by a person, once', async () => {
    const s = setup({ scenarios: [daily], history: { range: () => null as never } });
    const r = await s.service.submit(bank({ id: 'x', amount: 10 }), { identifier: CUSTOMER });
    if (!r.ok) throw new Error('submit');
    const id = r.value.transaction.identifier as string;
    const d = await s.service.decide(id, { review_decision: 'REJECT' }, ACTOR);
    expect(d.ok && d.value.review_decision).toBe('REJECT');
    expect((await s.transactions.get(id))?.review_decision).toBe('REJECT');
    const again = await s.service.decide(id, { review_decision: 'RELEASE' }, ACTOR);
    expect(!again.ok && again.error.errors[0]?.code).toBe('NOT_REVIEWABLE');
    const re = await s.service.reevaluate(id, { identifier: CUSTOMER });
    expect(!re.ok && re.error.errors[0]?.code).toBe('NOT_REEVALUABLE');
  });

  it('an ALLOWed transaction is neither decided nor evaluated again', async () => {
    const s = setup();
    const r = await s.service.submit(bank({ id: 'small', amount: 5 }), { identifier: CUSTOMER });
    if (!r.ok) throw new Error('submit');
    const id = r.value.transaction.identifier as string;
    const d = await s.service.decide(id, { review_decision: 'RELEASE' }, ACTOR);
    expect(!d.ok && d.error.errors[0]?.code).toBe('NOT_REVIEWABLE');
    const re = await s.service.reevaluate(id, { identifier: CUSTOMER });
    expect(!re.ok && re.error.errors[0]?.code).toBe('NOT_REEVALUABLE');
  });
});

describe('non-finite amounts never reach the history', () => {
  it.each([NaN, Infinity, -Infinity])('an amount of %s is a 400 and stores nothing; later payments are evaluated on clean history', async (amount) => {
    const s = setup({ scenarios: [daily] });
    const bad = await s.service.submit(bank({ id: 'bad', amount }), { identifier: CUSTOMER });
    expect(!bad.ok && [bad.error.status, bad.error.errors[0]?.code]).toEqual([400, 'INVALID_NUMBER']);
    expect((s.history as InMemoryHistory).size).toBe(0);
    await s.service.submit(bank({ id: 'a', amount: 20000, t: -1000 }), { identifier: CUSTOMER });
    const second = await s.service.submit(bank({ id: 'b', amount: 20000 }), { identifier: CUSTOMER });
    expect(second.ok && second.value.evaluation_outcome).toBe('HOLD');
  });
});
