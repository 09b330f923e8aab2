/**
 * Transactions, risks, alert mutes, customer profiles and the audit pages over real HTTPS: a bank payment held, a
 * card payment and a remittance allowed, a review decision, the risks and the case they raise, muting and
 * unmuting, paged lists whose links work. Every response is checked against /openapi.json by the harness.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedCardPayment, allowedRemittance, heldBankPayment } from './fixtures.js';
import { startV1, type V1Harness } from './harness.js';

let v: V1Harness;
let held: any;
beforeAll(async () => {
  v = await startV1();
  held = (await v.call('POST', '/v1/transactions', { body: heldBankPayment('cust-held') })).json;
});
afterAll(() => v.close());

const auditTypes = async (path: string) => ((await v.call('GET', path)).json.audit_logs as { type: string }[]).map((r) => r.type);

describe('POST /v1/transactions', () => {
  it('evaluates a bank payment to HOLD, a card payment and a remittance to ALLOW, and answers 201 with the transaction', async () => {
    expect(held).toMatchObject({ evaluation_outcome: 'HOLD', review_decision: 'NOT_REVIEWED', details: { direction: 'OUTBOUND' } });
    for (const tx of [allowedCardPayment('cust-card'), allowedRemittance('cust-remit')]) {
      const r = await v.call('POST', '/v1/transactions', { body: tx });
      expect(r.status).toBe(201);
      expect(r.json).toMatchObject({ external_identifier: tx.external_identifier, evaluation_outcome: 'ALLOW', review_decision: 'NOT_APPLICABLE' });
      expect(r.json.customer_external_identifier).toBeUndefined();
      expect(r.headers.get('location')).toBe(`/v1/transactions/${r.json.identifier}`);
    }
  });

  it('maps one customer external identifier to one customer identifier', async () => {
    const one = (await v.call('POST', '/v1/transactions', { body: allowedCardPayment('cust-map') })).json;
    const again = (await v.call('POST', '/v1/transactions', { body: allowedCardPayment('cust-map') })).json;
    expect(again.customer_identifier).toBe(one.customer_identifier);
    expect(one.customer_identifier).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const other = (await v.call('POST', '/v1/transactions', { body: allowedCardPayment('cust-other') })).json;
    expect(other.customer_identifier).not.toBe(one.customer_identifier);
  });

  it('answers 409 DUPLICATE_TRANSACTION for an external identifier already submitted', async () => {
    const r = await v.call('POST', '/v1/transactions', { body: heldBankPayment('cust-held', { id: held.external_identifier }) });
    expect(r.status).toBe(409);
    expect(r.json.errors[0]).toMatchObject({ code: 'DUPLICATE_TRANSACTION', path: '$.external_identifier' });
  });

  it('answers 400 with every violation of an invalid transaction, read-only fields included', async () => {
    const bad = heldBankPayment('cust-bad') as any;
    bad.details.base_value.currency = 'EURO';
    bad.evaluation_outcome = 'ALLOW';
    const r = await v.call('POST', '/v1/transactions', { body: bad });
    expect(r.status).toBe(400);
    expect(r.json.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'INVALID_CURRENCY_CODE', path: '$.details.base_value.currency' }),
        expect.objectContaining({ code: 'READ_ONLY_FIELD', path: '$.evaluation_outcome' }),
      ]),
    );
  });

  it('reads a transaction by identifier and by external identifier', async () => {
    expect((await v.call('GET', `/v1/transactions/${held.identifier}`)).json).toEqual(held);
    expect((await v.call('GET', `/v1/transactions/external/${encodeURIComponent(held.external_identifier)}`)).json).toEqual(held);
    expect((await v.call('GET', '/v1/transactions/external/nope')).status).toBe(404);
  });
});

describe('review decisions', () => {
  it('RELEASE on a held transaction answers 201 with the decision; a second decision answers 409', async () => {
    const t = (await v.call('POST', '/v1/transactions', { body: heldBankPayment('cust-decide') })).json;
    const r = await v.call('POST', `/v1/transactions/${t.identifier}/review-decision`, { body: { review_decision: 'RELEASE' } });
    expect(r.status).toBe(201);
    expect(r.json).toEqual({
      account_identifier: v.area.account_identifier,
      created_at: expect.any(String),
      created_by: expect.stringMatching(/^[0-9a-f-]{36}$/),
      review_decision: 'RELEASE',
      transaction_identifier: t.identifier,
    });
    expect((await v.call('GET', `/v1/transactions/${t.identifier}`)).json.review_decision).toBe('RELEASE');
    const again = await v.call('POST', `/v1/transactions/${t.identifier}/review-decision`, { body: { review_decision: 'REJECT' } });
    expect(again.status).toBe(409);
    expect(again.json.errors[0].code).toBe('NOT_REVIEWABLE');
    expect(await auditTypes(`/v1/transactions/${t.identifier}/audit-logs`)).toContain('TRANSACTION_RELEASE_DECISION');
  });

  it('answers 409 on an allowed transaction and 400 on an unknown decision', async () => {
    const t = (await v.call('POST', '/v1/transactions', { body: allowedCardPayment('cust-allowed') })).json;
    expect((await v.call('POST', `/v1/transactions/${t.identifier}/review-decision`, { body: { review_decision: 'RELEASE' } })).status).toBe(409);
    const bad = await v.call('POST', `/v1/transactions/${held.identifier}/review-decision`, { body: { review_decision: 'MAYBE' } });
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0].path).toBe('$.review_decision');
  });

  it('re-evaluation is for failed evaluations only: 409 NOT_REEVALUABLE, 404 for an unknown transaction', async () => {
    expect((await v.call('POST', `/v1/transactions/${held.identifier}/re-evaluate`)).json.errors[0].code).toBe('NOT_REEVALUABLE');
    expect((await v.call('POST', '/v1/transactions/00000000-0000-4000-8000-00000000abcd/re-evaluate')).status).toBe(404);
  });
});

describe('risks and the case they raise', () => {
  const risksOf = async (transactionIdentifier: string) => {
    const all: any[] = [];
    for (let path: string | null = '/v1/risks?page_size=2'; path !== null; ) {
      const page: any = (await v.call('GET', path)).json;
      all.push(...page.risks);
      path = page.next;
    }
    return all.filter((r) => r.detail.transaction.identifier === transactionIdentifier);
  };

  it('lists the risks of the held payment, one per triggered segment, and its case holds one alert per risk', async () => {
    const risks = await risksOf(held.identifier);
    expect(risks.map((r) => r.detail.triggered_segment.name).sort()).toEqual(['Large payment to a new counterparty', 'Outbound sum in 24 hours', 'Very large amount']);
    const cases = (await v.call('GET', `/v1/cases?customer_identifier=${held.customer_identifier}`)).json.cases;
    expect(cases).toHaveLength(1);
    expect(cases[0]).toMatchObject({ type: 'TRANSACTION_MONITORING', customer: { name: 'Jane Doe', external_identifier: 'cust-held' }, alerts: { count: 3, highest_priority: 2 } });
    expect(cases[0].subjects[0]).toMatchObject({ identifier: held.identifier, type: 'TRANSACTION' });
  });

  it('decides a risk through its case: RISK_STATUS_UPDATED on the case page', async () => {
    const [risk] = await risksOf(held.identifier);
    const r = await v.call('PUT', `/v1/risks/${risk.identifier}/status`, { body: { decision: 'TRUE_POSITIVE' } });
    expect(r.json).toEqual({ identifier: risk.identifier, decision: 'TRUE_POSITIVE' });
    const c = (await v.call('GET', `/v1/cases?customer_identifier=${held.customer_identifier}`)).json.cases[0];
    const page = (await v.call('GET', `/v1/cases/${c.identifier}/audit-logs`)).json.audit_logs;
    expect(page.find((a: any) => a.type === 'RISK_STATUS_UPDATED').detail).toMatchObject({ new_profile_hit_state: 'TRUE_POSITIVE', risk: { identifier: risk.identifier } });
    expect((await v.call('PUT', '/v1/risks/00000000-0000-4000-8000-00000000abcd/status', { body: { decision: 'IN_REVIEW' } })).status).toBe(404);
  });

  it('sets the risk types of a risk of the transaction, and refuses a risk of another transaction', async () => {
    const [risk] = await risksOf(held.identifier);
    const r = await v.call('PUT', `/v1/transactions/${held.identifier}/risks/${risk.identifier}/risk-types`, { body: { risk_types: ['r_fraud'] } });
    expect(r.json).toEqual({ identifier: risk.identifier, risk_types: ['r_fraud'] });
    const other = (await v.call('POST', '/v1/transactions', { body: allowedCardPayment('cust-x') })).json;
    expect((await v.call('PUT', `/v1/transactions/${other.identifier}/risks/${risk.identifier}/risk-types`, { body: { risk_types: ['r_fraud'] } })).status).toBe(404);
    expect((await v.call('PUT', `/v1/transactions/${held.identifier}/risks/${risk.identifier}/risk-types`, { body: { risk_types: ['Fraud'] } })).status).toBe(400);
  });
});

describe('alert mutes', () => {
  it('a mute keeps the alerts of its scenario out of the case; deleting it lets them in again, both on the customer page', async () => {
    const pay = async () => (await v.call('POST', '/v1/transactions', { body: heldBankPayment('cust-mute', { amount: 60000 }) })).json;
    const first = await pay();
    const caseId = (await v.call('GET', `/v1/cases?customer_identifier=${first.customer_identifier}`)).json.cases[0].identifier;
    const largeAlerts = async () =>
      ((await v.call('GET', `/v1/cases/${caseId}/alerts`)).json.alerts as { title: string }[]).filter((a) => a.title.startsWith('Large transaction:')).length;
    expect(await largeAlerts()).toBe(1);

    const large = (await v.call('GET', '/v1/scenarios')).json.scenarios.find((s: any) => s.name === 'Large transaction');
    const created = await v.call('POST', '/v1/alert-mutes', { body: { profile_identifier: large.identifier, customer_identifier: first.customer_identifier } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ profile_identifier: large.identifier, customer_identifier: first.customer_identifier, risk_identifier: null });
    expect((await v.call('GET', '/v1/alert-mutes?page_size=1000')).json.alert_mutes.map((m: any) => m.id)).toContain(created.json.id);

    expect((await pay()).evaluation_outcome).toBe('HOLD'); // a mute never changes the evaluation
    expect(await largeAlerts()).toBe(1);

    expect((await v.call('DELETE', `/v1/alert-mutes/${created.json.id}`)).status).toBe(204);
    expect((await v.call('DELETE', `/v1/alert-mutes/${created.json.id}`)).status).toBe(404);
    await pay();
    expect(await largeAlerts()).toBe(2);

    const page = (await v.call('GET', `/v1/customers/${first.customer_identifier}/audit-logs?page_size=1000`)).json.audit_logs as any[];
    expect(page.find((r) => r.type === 'ALERT_MUTED_FOR_RISK').detail).toMatchObject({ customer: { identifier: first.customer_identifier }, mute_key: created.json.id });
    expect(page.find((r) => r.type === 'ALERT_UNMUTED_FOR_RISK')).toMatchObject({ actioned_by: { type: 'USER' }, detail: { mute_key: created.json.id } });
  });

  it('refuses a mute without a customer (422) and one with an invalid risk identifier (400)', async () => {
    expect((await v.call('POST', '/v1/alert-mutes', { body: { profile_identifier: 'p' } })).status).toBe(422);
    expect((await v.call('POST', '/v1/alert-mutes', { body: { profile_identifier: 'p', customer_identifier: held.customer_identifier, risk_identifier: 'x' } })).status).toBe(400);
  });
});

describe('customer profiles', () => {
  it('PUT creates (201) then updates (200) a profile, audited CUSTOMER_CREATED then CUSTOMER_INFO_UPDATED; cases show its name', async () => {
    const created = await v.call('PUT', '/v1/customer-profiles/cust-profiled', { body: { name: 'Ada Lovelace', type: 'PERSON', risk_level: 'HIGH' } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ external_identifier: 'cust-profiled', name: 'Ada Lovelace', risk_level: 'HIGH', version: 1 });
    const updated = await v.call('PUT', '/v1/customer-profiles/cust-profiled', { body: { segment: 'retail' } });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ name: 'Ada Lovelace', segment: 'retail', version: 2 });
    expect((await v.call('GET', '/v1/customer-profiles/cust-profiled')).json).toEqual(updated.json);
    expect((await v.call('GET', '/v1/customer-profiles/cust-unknown')).status).toBe(404);
    expect((await v.call('PUT', '/v1/customer-profiles/cust-profiled', { body: { risk_level: 'EXTREME' } })).status).toBe(400);

    const t = (await v.call('POST', '/v1/transactions', { body: heldBankPayment('cust-profiled') })).json;
    expect(t.customer_identifier).toBe(created.json.identifier);
    const c = (await v.call('GET', `/v1/cases?customer_identifier=${t.customer_identifier}`)).json.cases[0];
    expect(c.customer).toMatchObject({ name: 'Ada Lovelace', risk_level: 'HIGH', type: 'PERSON', version: 2 });
    expect(await auditTypes(`/v1/customers/${t.customer_identifier}/audit-logs`)).toEqual(['CUSTOMER_CREATED', 'CUSTOMER_INFO_UPDATED', 'CASE_CREATED']);
  });
});

describe('metrics', () => {
  it('counts the transactions evaluated over /v1 by outcome', async () => {
    const count = async (outcome: string) => Number(new RegExp(`^tamis_transactions_total\\{outcome="${outcome}"\\} (\\d+)$`, 'm').exec((await v.h.call('GET', '/metrics', { key: null })).text)?.[1] ?? 0);
    const [held0, allowed0] = [await count('HOLD'), await count('ALLOW')];
    await v.call('POST', '/v1/transactions', { body: heldBankPayment('cust-metrics') });
    await v.call('POST', '/v1/transactions', { body: allowedCardPayment('cust-metrics-2') });
    expect([await count('HOLD'), await count('ALLOW')]).toEqual([held0 + 1, allowed0 + 1]);
  });
});

describe('audit pages and paged lists', () => {
  it('the transaction page holds what happened to the transaction, oldest first', async () => {
    const page = (await v.call('GET', `/v1/transactions/${held.identifier}/audit-logs`)).json;
    expect(page.audit_logs.map((r: any) => r.type).slice(0, 3)).toEqual(['TRANSACTION_RECEIVED', 'TRANSACTION_MONITORED', 'CASE_CREATED']);
    expect(page).toMatchObject({ first: `/v1/transactions/${held.identifier}/audit-logs?page_number=1&page_size=50`, prev: null, next: null });
  });

  it('follows next from the first page to the last and prev back, every item once, total_count alike', async () => {
    const size = 2;
    const seen: string[] = [];
    let page: any = (await v.call('GET', `/v1/transactions/${held.identifier}/audit-logs?page_size=${size}`)).json;
    const total = page.total_count;
    expect(total).toBeGreaterThan(size);
    const selves: string[] = [];
    for (;;) {
      selves.push(page.self);
      seen.push(...page.audit_logs.map((r: any) => r.identifier));
      expect(page.total_count).toBe(total);
      if (page.next === null) break;
      page = (await v.call('GET', page.next)).json;
    }
    expect(new Set(seen).size).toBe(total);
    expect(seen).toHaveLength(total);
    expect(selves[0]).toBe(page.first);
    const back = (await v.call('GET', page.prev)).json;
    expect(back.self).toBe(selves.at(-2));
  });
});
