/**
 * Cases over real HTTPS: the list and its filters, stages, assignment, a stage transition with and without the
 * note an end stage needs, notes, alerts and their states, bulk assignment with a per-case failure, bulk notes, and
 * the case audit page. Every response is checked against /openapi.json by the harness.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heldBankPayment } from './fixtures.js';
import { startV1, type V1Harness } from './harness.js';

let v: V1Harness;
const caseIds: string[] = [];
let me: string;
const MISSING = '00000000-0000-4000-8000-00000000dead';

beforeAll(async () => {
  v = await startV1();
  for (const customer of ['case-a', 'case-b', 'case-c']) {
    const t = (await v.call('POST', '/v1/transactions', { body: heldBankPayment(customer) })).json;
    caseIds.push((await v.call('GET', `/v1/cases?customer_identifier=${t.customer_identifier}`)).json.cases[0].identifier);
  }
  me = v.area.authenticate(`Bearer ${await v.token()}`).ok ? (v.area.authenticate(`Bearer ${await v.token()}`) as any).value.sub : '';
});
afterAll(() => v.close());

const stageOf = async (state: string) =>
  ((await v.call('GET', '/v1/case-stages?type=TRANSACTION_MONITORING')).json.stages as any[]).find((s) => s.state === state);

describe('GET /v1/cases', () => {
  it('lists cases newest first with the alerts summary, in pages whose links keep the filters', async () => {
    const r = (await v.call('GET', '/v1/cases?type=TRANSACTION_MONITORING&page_size=2')).json;
    expect(r.total_count).toBe(3);
    expect(r.cases.map((c: any) => c.identifier)).toEqual([caseIds[2], caseIds[1]]);
    expect(r.cases[0].alerts).toEqual({ count: 3, highest_priority: 2 });
    expect(r.next).toBe('/v1/cases?page_number=2&page_size=2&type=TRANSACTION_MONITORING');
    const second = (await v.call('GET', r.next)).json;
    expect(second.cases.map((c: any) => c.identifier)).toEqual([caseIds[0]]);
  });

  it.each([
    ['priority_band=HIGH', 3],
    ['priority_band=LOW', 0],
    ['type=PAYMENT_SCREENING', 0],
    ['assignee=null', 3],
    [`assignee=${MISSING}`, 0],
  ])('filters by %s', async (q, n) => {
    expect((await v.call('GET', `/v1/cases?${q}`)).json.total_count).toBe(n);
  });

  it('answers 400 for a filter value that is not one', async () => {
    const r = await v.call('GET', '/v1/cases?priority_band=URGENT&assignee=bob');
    expect(r.status).toBe(400);
    expect(r.json.errors.map((e: any) => e.path)).toEqual(['$.priority_band', '$.assignee']);
  });

  it('GET /v1/cases/{id} answers the case without the alerts summary; 404 for an unknown case', async () => {
    const r = await v.call('GET', `/v1/cases/${caseIds[0]}`);
    expect(r.json).toMatchObject({ identifier: caseIds[0], state: 'TRANSACTION_MONITORING_NOT_STARTED', review_items_count: 3 });
    expect(r.json.alerts).toBeUndefined();
    expect((await v.call('GET', `/v1/cases/${MISSING}`)).json.errors[0].code).toBe('CASE_NOT_FOUND');
  });
});

describe('working a case', () => {
  it('assigns a case and un-assigns it', async () => {
    const r = await v.call('PUT', `/v1/cases/${caseIds[0]}/assignment`, { body: { assignee: me } });
    expect(r.json).toEqual({ assignee: me, updated_at: expect.any(String), updated_by: me });
    expect((await v.call('GET', `/v1/cases?assignee=${me}`)).json.cases.map((c: any) => c.identifier)).toEqual([caseIds[0]]);
    expect((await v.call('PUT', `/v1/cases/${caseIds[2]}/assignment`, { body: { assignee: null } })).json.assignee).toBeNull();
    expect((await v.call('PUT', `/v1/cases/${caseIds[0]}/assignment`, { body: { assignee: 'bob' } })).status).toBe(400);
  });

  it('moves a case to a stage; entering an end stage needs a note (422 NOTE_REQUIRED without one)', async () => {
    const inProgress = await stageOf('TRANSACTION_MONITORING_IN_PROGRESS');
    const accepted = await stageOf('TRANSACTION_MONITORING_ACCEPTED_POSITIVE_END_STATE');
    const moved = await v.call('POST', `/v1/cases/${caseIds[0]}/transition`, { body: { stage_identifier: inProgress.identifier } });
    expect(moved.json).toEqual({
      stage_identifier: inProgress.identifier,
      last_user_stage_identifier: inProgress.identifier,
      state: 'TRANSACTION_MONITORING_IN_PROGRESS',
      last_user_state: 'TRANSACTION_MONITORING_IN_PROGRESS',
    });
    const refused = await v.call('POST', `/v1/cases/${caseIds[0]}/transition`, { body: { stage_identifier: accepted.identifier } });
    expect(refused.status).toBe(422);
    expect(refused.json.errors[0]).toMatchObject({ code: 'NOTE_REQUIRED', path: '$.note' });
    const closed = await v.call('POST', `/v1/cases/${caseIds[0]}/transition`, { body: { stage_identifier: accepted.identifier, note: 'Known supplier; invoice checked.' } });
    expect(closed.status).toBe(200);
    expect((await v.call('GET', `/v1/cases/${caseIds[0]}`)).json.stage.identifier).toBe(accepted.identifier);
    expect((await v.call('POST', `/v1/cases/${caseIds[0]}/transition`, { body: { stage_identifier: accepted.identifier, note: 'again' } })).status).toBe(409);
    const notes = (await v.call('GET', `/v1/cases/${caseIds[0]}/notes`)).json.notes;
    expect(notes).toContainEqual(expect.objectContaining({ type: 'CASE_TRANSITION', contents: 'Known supplier; invoice checked.', stage: accepted.identifier }));
  });

  it('the deprecated state form of a transition is accepted', async () => {
    const r = await v.call('POST', `/v1/cases/${caseIds[1]}/transition`, { body: { state: 'TRANSACTION_MONITORING_ESCALATED' } });
    expect(r.json.state).toBe('TRANSACTION_MONITORING_ESCALATED');
  });

  it('adds notes (201), refuses one over 5000 characters', async () => {
    const r = await v.call('POST', `/v1/cases/${caseIds[1]}/notes`, { body: { note: 'Called the customer.' } });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ type: 'CASE', contents: 'Called the customer.', created_by: me });
    const long = await v.call('POST', `/v1/cases/${caseIds[1]}/notes`, { body: { note: 'x'.repeat(5001) } });
    expect(long.json.errors[0]).toMatchObject({ code: 'MAX_SIZE_LIMIT_REACHED', path: '$.note' });
  });

  it('lists the alerts and sets an alert state; an alert of another case is 404', async () => {
    const alerts = (await v.call('GET', `/v1/cases/${caseIds[1]}/alerts`)).json.alerts;
    expect(alerts).toHaveLength(3);
    const r = await v.call('PUT', `/v1/cases/${caseIds[1]}/alerts/${alerts[0].identifier}/state`, { body: { state: 'IN_PROGRESS' } });
    expect(r.json).toMatchObject({ identifier: alerts[0].identifier, state: 'IN_PROGRESS', updated_by: me });
    expect((await v.call('PUT', `/v1/cases/${caseIds[2]}/alerts/${alerts[0].identifier}/state`, { body: { state: 'IN_PROGRESS' } })).status).toBe(404);
    expect((await v.call('PUT', `/v1/cases/${caseIds[1]}/alerts/${alerts[0].identifier}/state`, { body: { state: 'DONE' } })).status).toBe(400);
  });
});

describe('bulk actions', () => {
  it('assigns several cases, each answering on its own: an unknown case fails alone', async () => {
    const r = await v.call('POST', '/v1/cases/bulk/assign', { body: { payload: { assignee: me, note: 'Taking these.' }, query: { identifier: [caseIds[1], MISSING, caseIds[2]] } } });
    expect(r.status).toBe(200);
    expect(r.json.results).toEqual([
      { identifier: caseIds[1], success: true, errors: null },
      { identifier: MISSING, success: false, errors: [{ message: `no case ${MISSING}`, detail: 'CASE_NOT_FOUND (Not Found)' }] },
      { identifier: caseIds[2], success: true, errors: null },
    ]);
    expect((await v.call('GET', `/v1/cases/${caseIds[2]}`)).json.assignee).toBe(me);
  });

  it('adds a note to several cases; a request over 100 cases is one 400 problem', async () => {
    const r = await v.call('POST', '/v1/cases/bulk/notes', { body: { payload: { note: 'Quarterly review.' }, query: { identifier: [caseIds[1], caseIds[2]] } } });
    expect(r.json.results.map((x: any) => x.success)).toEqual([true, true]);
    const many = Array.from({ length: 101 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const big = await v.call('POST', '/v1/cases/bulk/assign', { body: { payload: { assignee: null }, query: { identifier: many } } });
    expect(big.status).toBe(400);
    expect(big.json.errors[0]).toMatchObject({ code: 'MAX_SIZE_LIMIT_REACHED', path: '$.query.identifier' });
  });
});

describe('the case audit page', () => {
  it('records every change of the case, oldest first', async () => {
    const types = ((await v.call('GET', `/v1/cases/${caseIds[1]}/audit-logs?page_size=100`)).json.audit_logs as any[]).map((r) => r.type);
    expect(types[0]).toBe('CASE_CREATED');
    for (const t of ['ALERT_ADDED_TO_CASE', 'CASE_STAGE_TRANSITIONED', 'NOTE_TO_CASE_OBJECT', 'ALERT_STATE_UPDATED', 'CASE_ASSIGNED', 'NOTE_CREATED_TO_CASE_ACTION']) {
      expect(types, t).toContain(t);
    }
  });
});
