import { describe, expect, it } from 'vitest';
import {
  InMemoryAuditSink,
  InMemoryHistory,
  InMemoryMuteStore,
  InMemoryRiskStore,
  InMemoryTransactionStore,
  auditSinkConformance,
  backtestScenario,
  createScenarioEngine,
  createTransactionService,
  fixedTransactionClock,
  historyPortConformance,
  muteStoreConformance,
  riskStoreConformance,
  sequentialTransactionIds,
  transactionStoreConformance,
  validateTransactionShape,
  type ScenarioDefinition,
  type Transaction,
} from '../../src/transactions/index.js';
import { CUSTOMER, DAY, bank, memoryPorts } from './helpers.js';

const SCEN = 'dddddddd-0000-4000-8000-000000000000';
const SEG = 'dddddddd-0000-4000-8000-000000000001';
const largeV1: ScenarioDefinition = {
  schema_version: 1,
  identifier: SCEN,
  name: 'Large',
  description: 'Large amounts',
  version: 1,
  segments: [{ identifier: SEG, name: 'over 1000', outcome: 'HOLD', priority: 2, when: { compare: [{ field: 'amount' }, '>=', 1000] } }],
};
const ACTOR = { account_identifier: 'eeeeeeee-0000-4000-8000-000000000001', user_identifier: 'eeeeeeee-0000-4000-8000-000000000002' };

function setup() {
  const engine = createScenarioEngine({ scenarios: [largeV1] });
  if (!engine.ok) throw new Error('engine');
  const ports = memoryPorts();
  const service = createTransactionService({
    engine: engine.value,
    ...ports,
    clock: fixedTransactionClock('2026-06-01T12:00:00Z', 1000),
    ids: sequentialTransactionIds('ffffffff'),
    pageSize: 2,
  });
  return { service, ...ports };
}

async function submitHeld(s: ReturnType<typeof setup>, id = 'held-1'): Promise<Transaction> {
  const r = await s.service.submit(bank({ id, amount: 5000 }), { identifier: CUSTOMER });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value.transaction;
}

describe('submission', () => {
  it('stores the transaction, its risks and audit records, and feeds the history', async () => {
    const s = setup();
    const tx = await submitHeld(s);
    expect(tx.evaluation_outcome).toBe('HOLD');
    expect((await s.transactions.get(tx.identifier as string))?.review_decision).toBe('NOT_REVIEWED');
    expect((await s.risks.list({ page_number: 1, page_size: 10 })).total_count).toBe(1);
    expect((await s.service.auditOf(tx.identifier as string)).map((a) => a.type)).toEqual(['TRANSACTION_RECEIVED', 'TRANSACTION_MONITORED']);
    expect(s.history.size).toBe(1);
  });

  it('refuses a second submission with the same external identifier (409)', async () => {
    const s = setup();
    await submitHeld(s, 'dup');
    const r = await s.service.submit(bank({ id: 'dup', amount: 1 }), { identifier: CUSTOMER });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ status: 409, errors: [{ code: 'DUPLICATE_TRANSACTION' }] });
  });

  it('refuses an invalid transaction with a problem detail (400) and stores nothing', async () => {
    const s = setup();
    const tx = bank();
    (tx as { identifier?: string }).identifier = 'eeeeeeee-0000-4000-8000-000000000009';
    const r = await s.service.submit(tx, { identifier: CUSTOMER });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error).toMatchObject({ status: 400, errors: [{ code: 'READ_ONLY_FIELD', path: '$.identifier' }] });
      expect(validateTransactionShape('problem_detail', r.error, 'output').ok).toBe(true);
    }
    expect(await s.transactions.list()).toEqual([]);
  });
});

describe('review decisions', () => {
  it.each(['RELEASE', 'REJECT'] as const)('%s on a held transaction sets the decision, returns the record and writes the audit', async (decision) => {
    const s = setup();
    const tx = await submitHeld(s);
    const r = await s.service.decide(tx.identifier as string, { review_decision: decision }, ACTOR);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toEqual({
      account_identifier: ACTOR.account_identifier,
      created_at: expect.any(String),
      created_by: ACTOR.user_identifier,
      review_decision: decision,
      transaction_identifier: tx.identifier,
    });
    expect(validateTransactionShape('review_decision_response', r.value, 'output').ok).toBe(true);
    expect((await s.service.get(tx.identifier as string)).ok && (await s.transactions.get(tx.identifier as string))?.review_decision).toBe(decision);
    const audit = await s.service.auditOf(tx.identifier as string);
    expect(audit.at(-1)).toMatchObject({
      type: 'TRANSACTION_RELEASE_DECISION',
      actioned_by: { type: 'USER', identifier: ACTOR.user_identifier },
      detail: { review_decision: decision, transaction: { identifier: tx.identifier } },
    });
  });

  it('a second decision is refused (409)', async () => {
    const s = setup();
    const tx = await submitHeld(s);
    await s.service.decide(tx.identifier as string, { review_decision: 'RELEASE' }, ACTOR);
    const r = await s.service.decide(tx.identifier as string, { review_decision: 'REJECT' }, ACTOR);
    expect(!r.ok && r.error.status).toBe(409);
    expect((await s.transactions.get(tx.identifier as string))?.review_decision).toBe('RELEASE');
  });

  it('a transaction that was not held takes no decision (409)', async () => {
    const s = setup();
    const r0 = await s.service.submit(bank({ id: 'small', amount: 10 }), { identifier: CUSTOMER });
    if (!r0.ok) throw new Error('submit');
    const r = await s.service.decide(r0.value.transaction.identifier as string, { review_decision: 'RELEASE' }, ACTOR);
    expect(!r.ok && r.error).toMatchObject({ status: 409, errors: [{ code: 'NOT_REVIEWABLE' }] });
  });

  it('an unknown transaction is 404 and an invalid decision is 400', async () => {
    const s = setup();
    const tx = await submitHeld(s);
    const unknown = await s.service.decide('eeeeeeee-0000-4000-8000-00000000ffff', { review_decision: 'RELEASE' }, ACTOR);
    expect(!unknown.ok && unknown.error.status).toBe(404);
    const bad = await s.service.decide(tx.identifier as string, { review_decision: 'NOT_REVIEWED' }, ACTOR);
    expect(!bad.ok && bad.error).toMatchObject({ status: 400, errors: [{ code: 'INVALID_VALUE', path: '$.review_decision' }] });
  });
});

describe('alert mutes', () => {
  it('creates a mute record that matches the spec shape', async () => {
    const s = setup();
    const r = await s.service.createMute({ profile_identifier: SCEN, customer_identifier: CUSTOMER });
    expect(r.ok).toBe(true);
    if (r.ok) expect(validateTransactionShape('alert_mute', r.value, 'output').ok).toBe(true);
  });

  it('a mute with no customer in the request or in scope is refused (422)', async () => {
    const s = setup();
    const r = await s.service.createMute({ profile_identifier: SCEN, customer_identifier: null });
    expect(!r.ok && r.error).toMatchObject({ status: 422, errors: [{ path: '$.customer_identifier' }] });
    const scoped = await s.service.createMute({ profile_identifier: SCEN }, { identifier: CUSTOMER });
    expect(scoped.ok && scoped.value.customer_identifier).toBe(CUSTOMER);
  });

  it('lists mutes in the paged envelope', async () => {
    const s = setup();
    for (let i = 0; i < 3; i++) await s.service.createMute({ profile_identifier: `p${i}`, customer_identifier: CUSTOMER });
    const p1 = await s.service.listMutes({ page_number: 1 });
    const p2 = await s.service.listMutes({ page_number: 2 });
    if (!p1.ok || !p2.ok) throw new Error('list');
    expect(p1.value).toMatchObject({
      first: '/v1/alert-mutes?page_number=1&page_size=2',
      self: '/v1/alert-mutes?page_number=1&page_size=2',
      next: '/v1/alert-mutes?page_number=2&page_size=2',
      prev: null,
      total_count: 3,
    });
    expect(p1.value.alert_mutes.map((m) => m.profile_identifier)).toEqual(['p0', 'p1']);
    expect(p2.value).toMatchObject({ next: null, prev: '/v1/alert-mutes?page_number=1&page_size=2' });
    expect(p2.value.alert_mutes.map((m) => m.profile_identifier)).toEqual(['p2']);
    expect(validateTransactionShape('alert_mute_list', p1.value, 'output').ok).toBe(true);
    const bad = await s.service.listMutes({ page_number: 0 });
    expect(!bad.ok && bad.error.status).toBe(400);
  });

  it('a mute suppresses the alert of later submissions while the risk and audit are still recorded', async () => {
    const s = setup();
    await s.service.createMute({ profile_identifier: SCEN, customer_identifier: CUSTOMER });
    const r = await s.service.submit(bank({ id: 'm1', amount: 5000 }), { identifier: CUSTOMER });
    if (!r.ok) throw new Error('submit');
    expect(r.value.evaluation_outcome).toBe('HOLD');
    expect(r.value.alerts[0]?.muted).toBe(true);
    expect((await s.risks.list({ page_number: 1, page_size: 10 })).total_count).toBe(1);
    expect(s.audit.records.map((a) => a.type)).toContain('ALERT_MUTED_FOR_RISK');
  });
});

describe('risks', () => {
  it('lists risks in the paged envelope, newest first', async () => {
    const s = setup();
    await submitHeld(s, 'a');
    await submitHeld(s, 'b');
    await submitHeld(s, 'c');
    const r = await s.service.listRisks();
    if (!r.ok) throw new Error('list');
    expect(r.value.risks.map((x) => x.detail.transaction.external_identifier)).toEqual(['c', 'b']);
    expect(r.value.total_count).toBe(3);
    expect(validateTransactionShape('risk_list', r.value, 'output').ok).toBe(true);
  });

  it.each([
    ['NOT_REVIEWED', 'NEW'],
    ['IN_REVIEW', 'IN_REVIEW'],
    ['FALSE_POSITIVE', 'FALSE_POSITIVE'],
    ['TRUE_POSITIVE', 'TRUE_POSITIVE'],
  ] as const)('a risk status update to %s stores it and audits the profile hit state %s', async (decision, hit) => {
    const s = setup();
    await submitHeld(s);
    const risk = (await s.risks.list({ page_number: 1, page_size: 1 })).items[0];
    if (!risk) throw new Error('no risk');
    const r = await s.service.updateRiskStatus(risk.risk.identifier, { decision }, ACTOR);
    expect(r.ok).toBe(true);
    expect((await s.risks.get(risk.risk.identifier))?.decision).toBe(decision);
    const rec = s.audit.records.at(-1);
    expect(rec).toMatchObject({ type: 'RISK_STATUS_UPDATED', detail: { new_profile_hit_state: hit, customer: { identifier: CUSTOMER } } });
    expect(validateTransactionShape('audit_record', rec, 'output').ok).toBe(true);
  });

  it('risk status updates validate the payload and the risk', async () => {
    const s = setup();
    const bad = await s.service.updateRiskStatus('eeeeeeee-0000-4000-8000-000000000001', { decision: 'MAYBE' }, ACTOR);
    expect(!bad.ok && bad.error.status).toBe(400);
    const missing = await s.service.updateRiskStatus('eeeeeeee-0000-4000-8000-000000000001', { decision: 'IN_REVIEW' }, ACTOR);
    expect(!missing.ok && missing.error.status).toBe(404);
  });

  it('risk types are set from the risk-types request', async () => {
    const s = setup();
    await submitHeld(s);
    const risk = (await s.risks.list({ page_number: 1, page_size: 1 })).items[0];
    if (!risk) throw new Error('no risk');
    const r = await s.service.setRiskTypes(risk.risk.identifier, { risk_types: ['r_fraud'] });
    expect(r.ok && r.value).toEqual(['r_fraud']);
    expect((await s.risks.get(risk.risk.identifier))?.risk_types).toEqual(['r_fraud']);
    const bad = await s.service.setRiskTypes(risk.risk.identifier, { risk_types: 'r_fraud' });
    expect(!bad.ok && bad.error.status).toBe(400);
  });
});

describe('back-testing', () => {
  it('reports what a new version would have held compared with the version in force', async () => {
    const s = setup();
    for (const [id, amount, t] of [
      ['a', 500, -3 * DAY],
      ['b', 1500, -2 * DAY],
      ['c', 800, -DAY],
      ['d', 5000, 0],
    ] as const) {
      await s.service.submit(bank({ id, amount, t }), { identifier: CUSTOMER });
    }
    const v2: ScenarioDefinition = {
      ...largeV1,
      version: 2,
      segments: [{ ...largeV1.segments[0]!, when: { compare: [{ field: 'amount' }, '>=', 700] } }],
    };
    const v3: ScenarioDefinition = {
      ...largeV1,
      version: 3,
      segments: [{ ...largeV1.segments[0]!, when: { compare: [{ field: 'amount' }, '>=', 2000] } }],
    };
    const txs = await s.transactions.list();
    const opts = { transactions: txs, clock: fixedTransactionClock('2026-07-01T00:00:00Z'), ids: sequentialTransactionIds() };
    const r2 = backtestScenario({ candidate: v2, inForce: largeV1, ...opts });
    if (!r2.ok) throw new Error('backtest');
    expect(r2.value).toMatchObject({
      evaluated: 4,
      candidate: { version: 2 },
      in_force: { version: 1 },
      newly_held: ['c'],
      no_longer_held: [],
      held_by_both: ['b', 'd'],
      candidate_totals: { held: 3, not_triggered: 1, errors: 0, segments: { [SEG]: 3 } },
      in_force_totals: { held: 2, not_triggered: 2 },
    });
    const r3 = backtestScenario({ candidate: v3, inForce: largeV1, ...opts });
    expect(r3.ok && r3.value).toMatchObject({ newly_held: [], no_longer_held: ['b'], held_by_both: ['d'] });
  });

  it('aggregations see only the history before each transaction', () => {
    const velocity: ScenarioDefinition = {
      ...largeV1,
      segments: [{ ...largeV1.segments[0]!, when: { compare: [{ agg: { fn: 'count', window: { days: 10 } } }, '>=', 3] } }],
    };
    const stored = [0, 1, 2, 3].map((i) => {
      const b = bank({ id: `v${i}`, t: i * DAY });
      return {
        external_identifier: b.external_identifier,
        identifier: `eeeeeeee-0000-4000-8000-00000000000${i}`,
        customer_identifier: CUSTOMER,
        occurred_at: b.occurred_at,
        received_at: b.occurred_at,
        details: b.details,
        evaluation_outcome: 'ALLOW',
        review_decision: 'NOT_APPLICABLE',
      } satisfies Transaction;
    });
    const r = backtestScenario({ candidate: velocity, transactions: stored.reverse(), clock: fixedTransactionClock('2026-07-01T00:00:00Z'), ids: sequentialTransactionIds() });
    expect(r.ok && r.value.newly_held).toEqual(['v2', 'v3']);
    expect(r.ok && r.value.in_force).toBeNull();
  });

  it('an invalid candidate is refused', () => {
    const r = backtestScenario({
      candidate: { ...largeV1, segments: [] },
      transactions: [],
      clock: fixedTransactionClock('2026-07-01T00:00:00Z'),
      ids: sequentialTransactionIds(),
    });
    expect(r.ok).toBe(false);
  });
});

describe('port conformance (in-memory adapters)', () => {
  for (const c of transactionStoreConformance) it(`TransactionStore: ${c.name}`, () => c.run(() => new InMemoryTransactionStore()));
  for (const c of riskStoreConformance) it(`RiskStore: ${c.name}`, () => c.run(() => new InMemoryRiskStore()));
  for (const c of muteStoreConformance) it(`MuteStore: ${c.name}`, () => c.run(() => new InMemoryMuteStore()));
  for (const c of auditSinkConformance) it(`AuditSink: ${c.name}`, () => c.run(() => new InMemoryAuditSink()));
  for (const c of historyPortConformance) it(`HistoryPort: ${c.name}`, () => c.run(() => (records) => InMemoryHistory.from(records)));

  it('the conformance suite catches a broken adapter', async () => {
    class Broken extends InMemoryTransactionStore {
      override async setReviewDecision(): Promise<boolean> {
        return true;
      }
    }
    const cas = transactionStoreConformance.find((c) => c.name.includes('compare-and-set'));
    await expect(cas?.run(() => new Broken())).rejects.toThrow(/conformance/);
  });
});
