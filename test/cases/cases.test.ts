import { describe, expect, it } from 'vitest';
import { CASE_STATES, DEFAULT_CASE_STAGES, priorityBand, validateAuditRecord, type AuditLogRecord } from '../../src/cases/index.js';
import { createScreener } from '../../src/screening/screener.js';
import { ANALYST, CUSTOMER, OTHER_ANALYST, STORE_KINDS, U, bankPayment, must, setup, submitAndIngest, type Setup } from './helpers.js';

const TM = (suffix: string) => DEFAULT_CASE_STAGES.find((s) => s.state === `TRANSACTION_MONITORING_${suffix}`)!;

async function auditTypes(s: Setup, caseId: string): Promise<string[]> {
  return must(await s.auditLog.casePage(caseId, { page_size: 1000 })).audit_logs.map((r) => r.type);
}

describe('default stages', () => {
  it('every case type gets exactly its states from the spec, starting in NOT_STARTED, end stages marked', () => {
    const byType = new Map<string, string[]>();
    for (const s of DEFAULT_CASE_STAGES) byType.set(s.case_type, [...(byType.get(s.case_type) ?? []), s.state]);
    expect(byType.get('CUSTOMER_ONBOARDING')).toHaveLength(7);
    expect(byType.get('CUSTOMER_MONITORING')).toHaveLength(7);
    expect(byType.get('PAYMENT_SCREENING')).toHaveLength(7);
    expect(byType.get('TRANSACTION_MONITORING')).toHaveLength(6);
    expect(DEFAULT_CASE_STAGES.map((s) => s.state).sort()).toEqual(CASE_STATES.filter((s) => s !== 'USER_DEFINED').sort());
    for (const s of DEFAULT_CASE_STAGES) expect(s.is_end_stage).toBe(s.state.endsWith('END_STATE'));
    expect(new Set(DEFAULT_CASE_STAGES.map((s) => s.identifier)).size).toBe(DEFAULT_CASE_STAGES.length);
  });

  it.each([
    [null, 'NONE'],
    [1, 'HIGH'],
    [3, 'HIGH'],
    [4, 'MEDIUM'],
    [6, 'MEDIUM'],
    [7, 'LOW'],
    [9, 'LOW'],
  ] as const)('priority %s is in band %s', (p, band) => {
    expect(priorityBand(p)).toBe(band);
  });
});

describe('host stages', () => {
  it.each([
    ['a non-UUID identifier', { identifier: 'rfi', name: 'RFI', case_type: 'TRANSACTION_MONITORING', is_end_stage: false }],
    ['an unknown case type', { identifier: U(1), name: 'RFI', case_type: 'FRAUD', is_end_stage: false }],
    ['an empty name', { identifier: U(1), name: ' ', case_type: 'TRANSACTION_MONITORING', is_end_stage: false }],
    ['a zero version', { identifier: U(1), name: 'RFI', case_type: 'TRANSACTION_MONITORING', is_end_stage: false, version: 0 }],
    ['the identifier of a default stage', { identifier: DEFAULT_CASE_STAGES[0]!.identifier, name: 'RFI', case_type: 'TRANSACTION_MONITORING', is_end_stage: false }],
  ])('a stage with %s is refused when the service is built', (_n, stage) => {
    expect(() => setup('memory', { stages: [stage as never] })).toThrow(RangeError);
  });
});

describe.each(STORE_KINDS)('cases over the %s stores', (kind) => {
  it('concurrent ingestions for one customer end up in one open case', async () => {
    const s = setup(kind);
    const add = (n: number) =>
      s.cases.addAlerts({
        case_type: 'TRANSACTION_MONITORING',
        customer: CUSTOMER,
        alerts: [{ priority: n, risk_source: 'TRANSACTION_MONITORING', type: 'TRANSACTION_MONITORING', title: `a${n}` }],
      });
    const results = await Promise.all([add(1), add(2), add(3)]);
    expect(results.every((r) => r.ok)).toBe(true);
    const list = must(await s.cases.listCases());
    expect(list.total_count).toBe(1);
    expect(list.cases[0]!.alerts).toEqual({ count: 3, highest_priority: 1 });
  });

  it('alerts of an evaluation open a TRANSACTION_MONITORING case for the customer with the spec shape', async () => {
    const s = setup(kind);
    const { evaluation, outcome } = await submitAndIngest(s, bankPayment(1, 60000));
    expect(outcome.created).toBe(true);
    const c = outcome.case!;
    expect(c.type).toBe('TRANSACTION_MONITORING');
    expect(c.state).toBe('TRANSACTION_MONITORING_NOT_STARTED');
    expect(c.stage.identifier).toBe(TM('NOT_STARTED').identifier);
    expect(c.customer).toEqual(CUSTOMER);
    expect(c.subjects).toEqual([
      { identifier: evaluation.transaction.identifier, external_identifier: 'tx-1', type: 'TRANSACTION', detail: { type: 'BANK_PAYMENT' } },
    ]);
    expect(c.alerts).toEqual({ count: evaluation.alerts.length, highest_priority: Math.min(...evaluation.alerts.map((a) => a.priority)) });
    expect(c.review_items_count).toBe(evaluation.alerts.length);
    expect(Object.keys(c).sort()).toEqual(
      [
        'identifier', 'created_at', 'updated_at', 'type', 'state', 'stage', 'last_user_stage', 'last_user_state', 'assignee', 'updated_by',
        'customer', 'payment', 'subjects', 'review_items_count', 'risk_types', 'risk_catalog_risk_types', 'alerts',
      ].sort(),
    );
    const alerts = must(await s.cases.listAlerts(c.identifier));
    expect(alerts[0]).toMatchObject({ priority: 2, risk_source: 'TRANSACTION_MONITORING', type: 'TRANSACTION_MONITORING', state: 'NOT_STARTED', title: 'Large transaction: Very large amount' });
    expect(await auditTypes(s, c.identifier)).toEqual(['CASE_CREATED', 'ALERT_ADDED_TO_CASE']);
  });

  it('later alerts of the same customer join the open case and keep the alerts summary right', async () => {
    const s = setup(kind);
    const first = await submitAndIngest(s, bankPayment(1, 12000));
    const second = await submitAndIngest(s, bankPayment(2, 60000));
    expect(second.outcome.created).toBe(false);
    expect(second.outcome.case!.identifier).toBe(first.outcome.case!.identifier);
    const total = first.evaluation.alerts.length + second.evaluation.alerts.length;
    const got = must(await s.cases.listCases({ customer_identifier: CUSTOMER.identifier })).cases[0]!;
    expect(got.alerts).toEqual({ count: total, highest_priority: 2 });
    expect('alerts' in must(await s.cases.getCase(got.identifier))).toBe(false);
    expect(got.subjects.map((x) => x.external_identifier)).toEqual(['tx-1', 'tx-2']);
    expect(must(await s.cases.listAlerts(got.identifier))).toHaveLength(total);
  });

  it('another customer gets its own case; a closed case is not reused', async () => {
    const s = setup(kind);
    const a = await submitAndIngest(s, bankPayment(1, 60000));
    const b = await submitAndIngest(s, bankPayment(2, 60000, 'cust-2'), { ...CUSTOMER, identifier: U(801), external_identifier: 'cust-2' });
    expect(b.outcome.case!.identifier).not.toBe(a.outcome.case!.identifier);
    must(await s.cases.transitionCase(a.outcome.case!.identifier, { stage_identifier: TM('ACCEPTED_POSITIVE_END_STATE').identifier, note: 'Reviewed: salary' }, ANALYST));
    const c = await submitAndIngest(s, bankPayment(3, 60000));
    expect(c.outcome.created).toBe(true);
    expect(c.outcome.case!.identifier).not.toBe(a.outcome.case!.identifier);
  });

  it('alerts raised by a screening hit go to a PAYMENT_SCREENING case of that payment, the others to the TRANSACTION_MONITORING case', async () => {
    const screener = createScreener({ entities: [{ id: 'sdn-1', entity_type: 'company', name: 'Acme Supplies', sources: ['test'], types: ['sanction'] }] });
    const s = setup(kind, { screener });
    const first = await submitAndIngest(s, bankPayment(1, 60000));
    const ps = first.outcome.payment_screening!;
    expect(first.outcome.case!.type).toBe('TRANSACTION_MONITORING');
    expect(first.outcome.alerts.every((a) => a.risk_source === 'TRANSACTION_MONITORING')).toBe(true);
    expect(ps.created).toBe(true);
    expect(ps.case).toMatchObject({
      type: 'PAYMENT_SCREENING',
      state: 'PAYMENT_SCREENING_NOT_STARTED',
      payment: { identifier: first.evaluation.transaction.identifier, external_identifier: 'tx-1', type: 'BANK_PAYMENT' },
      alerts: { count: 1, highest_priority: 1 },
    });
    expect(ps.alerts).toEqual([expect.objectContaining({ risk_source: 'PAYMENT_SCREENING', type: 'PAYMENT_SCREENING', title: 'Counterparty name screening: Counterparty name on a screening list' })]);
    const audit = must(await s.auditLog.casePage(ps.case!.identifier)).audit_logs;
    expect(audit[0]!.detail).toMatchObject({ case: { type: 'PAYMENT_SCREENING', subject: { identifier: first.evaluation.transaction.identifier, type: 'PAYMENT' } } });
    // A second payment gets its own payment screening case but joins the same monitoring case.
    const second = await submitAndIngest(s, bankPayment(2, 60000));
    expect(second.outcome.case!.identifier).toBe(first.outcome.case!.identifier);
    expect(second.outcome.payment_screening!.case!.identifier).not.toBe(ps.case!.identifier);
    expect(must(await s.cases.listCases({ type: 'PAYMENT_SCREENING' })).total_count).toBe(2);
  });

  it('ingesting the same evaluation twice adds nothing (alerts are keyed by risk)', async () => {
    const s = setup(kind);
    const a = await submitAndIngest(s, bankPayment(1, 60000));
    const again = must(await s.cases.ingestEvaluation(a.evaluation, CUSTOMER));
    expect(again.alerts).toEqual([]);
    expect(again.case!.alerts.count).toBe(a.evaluation.alerts.length);
  });

  it('an evaluation without alerts opens no case', async () => {
    const s = setup(kind);
    const a = await submitAndIngest(s, bankPayment(1, 10));
    expect(a.outcome).toEqual({ case: null, created: false, alerts: [] });
  });

  it('muted alerts never reach a case', async () => {
    const s = setup(kind);
    must(await s.transactions.createMute({ profile_identifier: '5ce7a710-0001-4000-8000-000000000000', customer_identifier: CUSTOMER.identifier }));
    const a = await submitAndIngest(s, bankPayment(1, 60000));
    expect(a.evaluation.alerts.some((x) => x.muted)).toBe(true);
    const titles = must(await s.cases.listAlerts(a.outcome.case!.identifier)).map((x) => x.title);
    expect(titles.some((t) => t.startsWith('Large transaction'))).toBe(false);
  });

  it('alerts of any source go into the open case of the requested type (four types)', async () => {
    const s = setup(kind);
    for (const type of ['CUSTOMER_ONBOARDING', 'CUSTOMER_MONITORING', 'PAYMENT_SCREENING', 'TRANSACTION_MONITORING'] as const) {
      const r = must(
        await s.cases.addAlerts({
          case_type: type,
          customer: { identifier: U(700), name: 'Acme Ltd', type: 'COMPANY' },
          alerts: [{ priority: 8, risk_source: 'CUSTOMER_SCREENING', type: 'CUSTOMER_SCREENING', title: 'Sanctions hit' }],
          ...(type === 'PAYMENT_SCREENING' ? { payment: { identifier: U(701), external_identifier: 'pay-1', type: 'BANK_PAYMENT' } } : {}),
        }),
      );
      expect(r.case!.type).toBe(type);
      expect(r.case!.stage.state.endsWith('NOT_STARTED')).toBe(true);
      expect(r.case!.alerts).toEqual({ count: 1, highest_priority: 8 });
      expect(r.case!.customer).toMatchObject({ risk_level: 'SKIPPED', type: 'COMPANY', version: 1, external_identifier: null });
    }
    const list = must(await s.cases.listCases({ customer_identifier: U(700) }));
    expect(list.total_count).toBe(4);
    expect(list.cases.find((c) => c.type === 'PAYMENT_SCREENING')!.payment).toEqual({ identifier: U(701), external_identifier: 'pay-1', type: 'BANK_PAYMENT' });
  });

  it.each([
    ['an out-of-range priority', { priority: 10 }, {}, 'INVALID_PRIORITY'],
    ['a fractional priority', { priority: 1.5 }, {}, 'INVALID_PRIORITY'],
    ['an unknown risk source', { risk_source: 'KYB' }, {}, 'INVALID_VALUE'],
    ['an unknown alert type', { type: 'FRAUD' }, {}, 'INVALID_VALUE'],
    ['a non-UUID risk identifier', { risk_identifier: 'r-1' }, {}, 'INVALID_IDENTIFIER'],
    ['a non-UUID customer', {}, { identifier: 'cust-1' }, 'INVALID_IDENTIFIER'],
    ['an unknown customer risk level', {}, { risk_level: 'EXTREME' }, 'INVALID_VALUE'],
    ['an unknown customer type', {}, { type: 'TRUST' }, 'INVALID_VALUE'],
    ['a negative customer version', {}, { version: -1 }, 'INVALID_NUMBER'],
  ])('addAlerts rejects %s and writes nothing', async (_n, over, customerOver, code) => {
    const s = setup(kind);
    const r = await s.cases.addAlerts({
      case_type: 'CUSTOMER_MONITORING',
      customer: { identifier: U(700), name: 'A', ...customerOver } as never,
      alerts: [{ priority: 5, risk_source: 'CUSTOMER_SCREENING', type: 'MONITORING', title: 't', ...over } as never],
    });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.errors.map((e) => e.code)).toEqual([code]);
    expect(must(await s.cases.listCases()).total_count).toBe(0);
  });

  it('ingestEvaluation refuses a customer that is not a UUID', async () => {
    const s = setup(kind);
    const r = await s.transactions.submit(bankPayment(1, 60000), { identifier: CUSTOMER.identifier });
    const c = await s.cases.ingestEvaluation(must(r), { ...CUSTOMER, identifier: 'cust-1' });
    expect(!c.ok && c.error.errors[0]!.code).toBe('INVALID_IDENTIFIER');
  });

  it.each([
    ['assignCase', (s: Setup, id: string, a: never) => s.cases.assignCase(id, { assignee: null }, a)],
    ['transitionCase', (s: Setup, id: string, a: never) => s.cases.transitionCase(id, { state: 'TRANSACTION_MONITORING_IN_PROGRESS' }, a)],
    ['addNote', (s: Setup, id: string, a: never) => s.cases.addNote(id, { note: 'x' }, a)],
    ['bulkNote', (s: Setup, id: string, a: never) => s.cases.bulkNote({ payload: { note: 'x' }, query: { identifier: [id] } }, a)],
  ] as const)('%s refuses an actor whose user is not a UUID', async (_n, call) => {
    const s = setup(kind);
    const id = (await submitAndIngest(s, bankPayment(1, 60000))).outcome.case!.identifier;
    const r = await call(s, id, { account_identifier: U(1), user_identifier: 'bob' } as never);
    expect(!r.ok && [r.error.status, r.error.errors[0]!.path]).toEqual([400, '$.actor.user_identifier']);
  });

  it('assign and un-assign write CASE_ASSIGNED with assignee and previous assignee', async () => {
    const s = setup(kind);
    const id = (await submitAndIngest(s, bankPayment(1, 60000))).outcome.case!.identifier;
    const a = must(await s.cases.assignCase(id, { assignee: OTHER_ANALYST.user_identifier }, ANALYST));
    expect(a).toEqual({ assignee: OTHER_ANALYST.user_identifier, updated_at: expect.any(String), updated_by: ANALYST.user_identifier });
    const b = must(await s.cases.assignCase(id, { assignee: null }, ANALYST));
    expect(b.assignee).toBeNull();
    expect(must(await s.cases.getCase(id)).assignee).toBeNull();
    const recs = must(await s.auditLog.casePage(id)).audit_logs.filter((r) => r.type === 'CASE_ASSIGNED');
    expect(recs.map((r) => r.detail)).toEqual([
      expect.objectContaining({ assignee: { identifier: OTHER_ANALYST.user_identifier } }),
      expect.objectContaining({ previous_assignee: { identifier: OTHER_ANALYST.user_identifier } }),
    ]);
    expect('assignee' in (recs[1]!.detail as object)).toBe(false);
    expect(recs[0]!.actioned_by).toEqual({ type: 'USER', identifier: ANALYST.user_identifier });
  });

  it('re-assigning to the current assignee changes nothing and writes no record', async () => {
    const s = setup(kind);
    const id = (await submitAndIngest(s, bankPayment(1, 60000))).outcome.case!.identifier;
    must(await s.cases.assignCase(id, { assignee: U(5) }, ANALYST));
    must(await s.cases.assignCase(id, { assignee: U(5) }, ANALYST));
    expect((await auditTypes(s, id)).filter((t) => t === 'CASE_ASSIGNED')).toHaveLength(1);
  });

  it.each([
    ['an unknown case', U(4242), { assignee: null }, 404, 'CASE_NOT_FOUND'],
    ['a non-UUID assignee', null, { assignee: 'bob' }, 400, 'INVALID_IDENTIFIER'],
    ['a missing assignee field', null, {}, 400, 'MANDATORY_COLUMN_MISSING'],
  ] as const)('assign fails on %s', async (_n, caseId, body, status, code) => {
    const s = setup(kind);
    const id = caseId ?? (await submitAndIngest(s, bankPayment(1, 60000))).outcome.case!.identifier;
    const r = await s.cases.assignCase(id, body, ANALYST);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.status).toBe(status);
      expect(r.error.errors.map((e) => e.code)).toContain(code);
      expect(r.error).toMatchObject({ identifier: expect.any(String), timestamp: expect.any(String) });
    }
  });

  it('a stage transition moves the case and writes CASE_STAGE_TRANSITIONED with both stages', async () => {
    const s = setup(kind);
    const id = (await submitAndIngest(s, bankPayment(1, 60000))).outcome.case!.identifier;
    const r = must(await s.cases.transitionCase(id, { stage_identifier: TM('IN_PROGRESS').identifier }, ANALYST));
    expect(r).toEqual({
      stage_identifier: TM('IN_PROGRESS').identifier,
      last_user_stage_identifier: TM('IN_PROGRESS').identifier,
      state: 'TRANSACTION_MONITORING_IN_PROGRESS',
      last_user_state: 'TRANSACTION_MONITORING_IN_PROGRESS',
    });
    const c = must(await s.cases.getCase(id));
    expect(c.stage.identifier).toBe(TM('IN_PROGRESS').identifier);
    expect(c.last_user_stage?.identifier).toBe(TM('IN_PROGRESS').identifier);
    const rec = must(await s.auditLog.casePage(id)).audit_logs.find((x) => x.type === 'CASE_STAGE_TRANSITIONED')!;
    expect(rec.detail).toMatchObject({
      previous_stage: { identifier: TM('NOT_STARTED').identifier, version: 1 },
      stage: { identifier: TM('IN_PROGRESS').identifier, version: 1 },
    });
  });

  it('the deprecated state form moves the case too', async () => {
    const s = setup(kind);
    const id = (await submitAndIngest(s, bankPayment(1, 60000))).outcome.case!.identifier;
    must(await s.cases.transitionCase(id, { state: 'TRANSACTION_MONITORING_ESCALATED' }, ANALYST));
    expect(must(await s.cases.getCase(id)).state).toBe('TRANSACTION_MONITORING_ESCALATED');
  });

  it.each([
    ['an end stage without a note', { stage_identifier: TM('ACCEPTED_POSITIVE_END_STATE').identifier }, 422, 'NOTE_REQUIRED'],
    ['an end stage with a blank note', { stage_identifier: TM('ACCEPTED_POSITIVE_END_STATE').identifier, note: '   ' }, 422, 'NOTE_REQUIRED'],
    ['a note over 5000 characters', { stage_identifier: TM('ACCEPTED_POSITIVE_END_STATE').identifier, note: 'x'.repeat(5001) }, 400, 'MAX_SIZE_LIMIT_REACHED'],
    ['an unknown stage', { stage_identifier: U(31337) }, 422, 'STAGE_NOT_FOUND'],
    ['a stage of another case type', { stage_identifier: DEFAULT_CASE_STAGES[1]!.identifier }, 422, 'STAGE_NOT_FOR_CASE_TYPE'],
    ['the current stage', { stage_identifier: TM('NOT_STARTED').identifier }, 409, 'CASE_ALREADY_IN_STAGE'],
    ['a USER_DEFINED state', { state: 'USER_DEFINED' }, 400, 'INVALID_VALUE'],
    ['no stage at all', { note: 'x' }, 400, 'MANDATORY_COLUMN_MISSING'],
  ] as const)('a transition to %s is refused and changes nothing', async (_n, body, status, code) => {
    const s = setup(kind);
    const id = (await submitAndIngest(s, bankPayment(1, 60000))).outcome.case!.identifier;
    const before = must(await s.cases.getCase(id));
    const r = await s.cases.transitionCase(id, body, ANALYST);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.status).toBe(status);
      expect(r.error.errors.map((e) => e.code)).toContain(code);
    }
    expect(must(await s.cases.getCase(id))).toEqual(before);
    expect(await auditTypes(s, id)).toEqual(['CASE_CREATED', 'ALERT_ADDED_TO_CASE']);
  });

  it('entering an end stage with a note of exactly 5000 characters works and records the note', async () => {
    const s = setup(kind);
    const id = (await submitAndIngest(s, bankPayment(1, 60000))).outcome.case!.identifier;
    const note = 'n'.repeat(5000);
    must(await s.cases.transitionCase(id, { stage_identifier: TM('ESCALATED_NEGATIVE_END_STATE').identifier, note }, ANALYST));
    const notes = must(await s.cases.listNotes(id));
    expect(notes).toEqual([
      {
        identifier: expect.any(String),
        contents: note,
        created_at: expect.any(String),
        created_by: ANALYST.user_identifier,
        type: 'CASE_TRANSITION',
        stage: TM('ESCALATED_NEGATIVE_END_STATE').identifier,
        state: 'TRANSACTION_MONITORING_ESCALATED_NEGATIVE_END_STATE',
      },
    ]);
    expect(await auditTypes(s, id)).toEqual(['CASE_CREATED', 'ALERT_ADDED_TO_CASE', 'CASE_STAGE_TRANSITIONED', 'NOTE_CREATED_TO_CASE_ACTION']);
  });

  it('host stages are returned as USER_DEFINED and can be entered', async () => {
    const custom = { identifier: U(60000), name: 'Waiting for RFI', case_type: 'TRANSACTION_MONITORING' as const, is_end_stage: false };
    const s = setup(kind, { stages: [custom] });
    const id = (await submitAndIngest(s, bankPayment(1, 60000))).outcome.case!.identifier;
    must(await s.cases.transitionCase(id, { stage_identifier: custom.identifier }, ANALYST));
    const c = must(await s.cases.getCase(id));
    expect(c.state).toBe('USER_DEFINED');
    expect(c.stage).toEqual({ ...custom, state: 'USER_DEFINED', version: 1 });
    expect(s.cases.stages.forType('TRANSACTION_MONITORING').map((x) => x.name)).toContain('Waiting for RFI');
  });

  it.each([
    ['a plain note', {}, 'NOTE_TO_CASE_OBJECT'],
    ['a note on a risk of the case', { risk: true }, 'NOTE_TO_RISK'],
  ])('%s is stored and audited as %s', async (_n, opt, type) => {
    const s = setup(kind);
    const { evaluation, outcome } = await submitAndIngest(s, bankPayment(1, 60000));
    const body = { note: 'Called the customer', ...('risk' in opt ? { risk_identifier: evaluation.risks[0]!.identifier } : {}) };
    const n = must(await s.cases.addNote(outcome.case!.identifier, body, ANALYST));
    expect(n).toMatchObject({ type: 'CASE', contents: 'Called the customer', created_by: ANALYST.user_identifier });
    const rec = must(await s.auditLog.casePage(outcome.case!.identifier)).audit_logs.at(-1)!;
    expect(rec.type).toBe(type);
    expect(rec.detail).toMatchObject({ case: { identifier: outcome.case!.identifier }, note: { content: 'Called the customer', identifier: n.identifier, version: 1 } });
  });

  it.each([
    ['an empty note', { note: '' }, 'MIN_SIZE_LIMIT_REACHED'],
    ['a 5001-character note', { note: 'x'.repeat(5001) }, 'MAX_SIZE_LIMIT_REACHED'],
    ['a risk of no alert of the case', { note: 'x', risk_identifier: U(12345) }, 'RISK_NOT_FOUND'],
  ])('a note with %s is refused', async (_n, body, code) => {
    const s = setup(kind);
    const id = (await submitAndIngest(s, bankPayment(1, 60000))).outcome.case!.identifier;
    const r = await s.cases.addNote(id, body, ANALYST);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.errors[0]!.code).toBe(code);
  });

  it('alert state transitions write ALERT_STATE_UPDATED and keep review_items_count right', async () => {
    const s = setup(kind);
    const { outcome } = await submitAndIngest(s, bankPayment(1, 60000));
    const id = outcome.case!.identifier;
    const alert = outcome.alerts[0]!;
    const before = must(await s.cases.getCase(id)).review_items_count;
    const steps = [
      ['IN_PROGRESS', 0],
      ['POSITIVE_END_STATE', -1],
      ['NEGATIVE_END_STATE', -1],
      ['NOT_STARTED', 0],
    ] as const;
    let previous = 'NOT_STARTED';
    for (const [state, delta] of steps) {
      const r = must(await s.cases.transitionAlert(alert.identifier, { state }, ANALYST));
      expect(r).toMatchObject({ identifier: alert.identifier, state, updated_by: ANALYST.user_identifier });
      expect(must(await s.cases.getCase(id)).review_items_count).toBe(before + delta);
      const rec = must(await s.auditLog.casePage(id, { page_size: 1000 })).audit_logs.at(-1)!;
      expect(rec).toMatchObject({ type: 'ALERT_STATE_UPDATED', detail: { alert: { identifier: alert.identifier }, previous_state: previous, state } });
      previous = state;
    }
  });

  it.each([
    ['an unknown alert', 'unknown', { state: 'IN_PROGRESS' }, 'ALERT_NOT_FOUND'],
    ['an unknown state', 'known', { state: 'DONE' }, 'INVALID_VALUE'],
  ])('alert transition fails on %s', async (_n, which, body, code) => {
    const s = setup(kind);
    const { outcome } = await submitAndIngest(s, bankPayment(1, 60000));
    const r = await s.cases.transitionAlert(which === 'known' ? outcome.alerts[0]!.identifier : U(999), body, ANALYST);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.errors[0]!.code).toBe(code);
  });

  it.each([
    ['NOT_REVIEWED', 'NEW'],
    ['IN_REVIEW', 'IN_REVIEW'],
    ['FALSE_POSITIVE', 'FALSE_POSITIVE'],
    ['TRUE_POSITIVE', 'TRUE_POSITIVE'],
  ] as const)('risk decision %s writes RISK_STATUS_UPDATED with hit state %s and updates the risk store', async (decision, hit) => {
    const s = setup(kind);
    const { evaluation, outcome } = await submitAndIngest(s, bankPayment(1, 60000));
    const risk = evaluation.risks[0]!.identifier;
    expect(must(await s.cases.updateRiskStatus(outcome.case!.identifier, risk, { decision }, ANALYST))).toEqual({ identifier: risk, decision });
    const rec = must(await s.auditLog.casePage(outcome.case!.identifier)).audit_logs.at(-1)!;
    expect(rec).toMatchObject({
      type: 'RISK_STATUS_UPDATED',
      detail: {
        account_identifier: ANALYST.account_identifier,
        case: { identifier: outcome.case!.identifier },
        customer: { identifier: CUSTOMER.identifier },
        new_profile_hit_state: hit,
        risk: { identifier: risk, type: 'TRANSACTION_MONITORING' },
      },
    });
    expect((await s.risks.get(risk))!.decision).toBe(decision);
  });

  it('risk status update of a risk outside the case is refused', async () => {
    const s = setup(kind);
    const { outcome } = await submitAndIngest(s, bankPayment(1, 60000));
    const r = await s.cases.updateRiskStatus(outcome.case!.identifier, U(5), { decision: 'IN_REVIEW' }, ANALYST);
    expect(!r.ok && r.error.errors[0]!.code).toBe('RISK_NOT_FOUND');
    const bad = await s.cases.updateRiskStatus(outcome.case!.identifier, U(5), { decision: 'MAYBE' }, ANALYST);
    expect(!bad.ok && bad.error.status).toBe(400);
  });

  it('listCases filters by type, stage, assignee and priority band, with the paged envelope', async () => {
    const s = setup(kind);
    const customers = [0, 1, 2].map((i) => ({ ...CUSTOMER, identifier: U(810 + i), external_identifier: `c${i}` }));
    const high = (await submitAndIngest(s, bankPayment(1, 60000, 'c0'), customers[0])).outcome.case!.identifier;
    const medium = must(
      await s.cases.addAlerts({ case_type: 'TRANSACTION_MONITORING', customer: customers[1]!, alerts: [{ priority: 5, risk_source: 'TRANSACTION_MONITORING', type: 'TRANSACTION_MONITORING', title: 'm' }] }),
    ).case!.identifier;
    const low = must(
      await s.cases.addAlerts({ case_type: 'CUSTOMER_MONITORING', customer: customers[2]!, alerts: [{ priority: 9, risk_source: 'CUSTOMER_SCREENING', type: 'MONITORING', title: 'l' }] }),
    ).case!.identifier;
    must(await s.cases.assignCase(medium, { assignee: U(77) }, ANALYST));
    must(await s.cases.transitionCase(low, { state: 'MONITORING_IN_PROGRESS' }, ANALYST));
    const ids = async (q: Parameters<typeof s.cases.listCases>[0]) => must(await s.cases.listCases(q)).cases.map((c) => c.identifier);
    expect(await ids({})).toEqual([low, medium, high]);
    expect(await ids({ priority_band: 'HIGH' })).toEqual([high]);
    expect(await ids({ priority_band: 'MEDIUM' })).toEqual([medium]);
    expect(await ids({ priority_band: 'LOW' })).toEqual([low]);
    expect(await ids({ type: 'CUSTOMER_MONITORING' })).toEqual([low]);
    expect(await ids({ assignee: U(77) })).toEqual([medium]);
    expect(await ids({ assignee: null })).toEqual([low, high]);
    expect(await ids({ stage_identifier: DEFAULT_CASE_STAGES.find((x) => x.state === 'MONITORING_IN_PROGRESS')!.identifier })).toEqual([low]);
    const p = must(await s.cases.listCases({ page_size: 2, page_number: 2 }));
    expect(p).toMatchObject({
      first: '/v1/cases?page_number=1&page_size=2',
      self: '/v1/cases?page_number=2&page_size=2',
      next: null,
      prev: '/v1/cases?page_number=1&page_size=2',
      total_count: 3,
    });
    expect(p.cases[0]!.alerts).toEqual({ count: expect.any(Number), highest_priority: 2 });
    const f = must(await s.cases.listCases({ type: 'TRANSACTION_MONITORING', page_size: 1 }));
    expect(f.next).toBe('/v1/cases?page_number=2&page_size=1&type=TRANSACTION_MONITORING');
  });

  it.each([
    ['page_number 0', { page_number: 0 }],
    ['page_size 1001', { page_size: 1001 }],
    ['an unknown type', { type: 'FRAUD' }],
    ['an unknown band', { priority_band: 'URGENT' }],
  ])('listCases refuses %s', async (_n, q) => {
    const s = setup(kind);
    const r = await s.cases.listCases(q as never);
    expect(!r.ok && r.error.status).toBe(400);
  });

  it('every audit record the service writes validates against its type schema', async () => {
    const s = setup(kind);
    const { evaluation, outcome } = await submitAndIngest(s, bankPayment(1, 60000));
    const id = outcome.case!.identifier;
    must(await s.cases.assignCase(id, { assignee: U(77) }, ANALYST));
    must(await s.cases.addNote(id, { note: 'n', risk_identifier: evaluation.risks[0]!.identifier }, ANALYST));
    must(await s.cases.transitionAlert(outcome.alerts[0]!.identifier, { state: 'IN_PROGRESS' }, ANALYST));
    must(await s.cases.updateRiskStatus(id, evaluation.risks[0]!.identifier, { decision: 'TRUE_POSITIVE' }, ANALYST));
    must(await s.cases.transitionCase(id, { state: 'TRANSACTION_MONITORING_ESCALATED_NEGATIVE_END_STATE', note: 'SAR filed' }, ANALYST));
    must(await s.cases.bulkAssign({ payload: { assignee: U(78), note: 'handover' }, query: { identifier: [id] } }, ANALYST));
    const all: AuditLogRecord[] = [
      ...must(await s.auditLog.casePage(id, { page_size: 1000 })).audit_logs,
      ...must(await s.auditLog.transactionPage(evaluation.transaction.identifier!, { page_size: 1000 })).audit_logs,
      ...must(await s.auditLog.customerPage(CUSTOMER.identifier, { page_size: 1000 })).audit_logs,
    ];
    expect(new Set(all.map((r) => r.type))).toEqual(
      new Set([
        'CASE_CREATED', 'ALERT_ADDED_TO_CASE', 'CASE_ASSIGNED', 'NOTE_TO_RISK', 'ALERT_STATE_UPDATED', 'RISK_STATUS_UPDATED',
        'CASE_STAGE_TRANSITIONED', 'NOTE_CREATED_TO_CASE_ACTION', 'TRANSACTION_RECEIVED', 'TRANSACTION_MONITORED', 'TRANSACTION_ADDED_TO_CASE',
      ]),
    );
    for (const r of all) expect(validateAuditRecord(r)).toEqual({ ok: true, value: r });
    for (const r of all) expect(r.actioned_by?.type).toMatch(/^(SYSTEM|USER)$/);
  });
});
