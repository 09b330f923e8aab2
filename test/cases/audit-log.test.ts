import { describe, expect, it } from 'vitest';
import {
  AUDIT_LOG_TYPES,
  AUDIT_PAGES,
  InMemoryAuditStore,
  auditLinks,
  createAuditLog,
  validateAuditRecord,
  type AuditLogRecord,
} from '../../src/cases/index.js';
import { fixedTransactionClock, sequentialTransactionIds } from '../../src/transactions/index.js';
import { STORE_KINDS, U, bankPayment, must, setup, submitAndIngest } from './helpers.js';

const common = (n: number) => ({ identifier: U(50000 + n), occurred_at: `2026-01-01T00:00:${String(n).padStart(2, '0')}Z`, actioned_by: { type: 'USER' as const, identifier: U(1) } });
const cust = { identifier: U(800), version: 2 };

/** One valid record of every type of the spec's table. */
const SAMPLES: Record<string, Omit<AuditLogRecord, 'identifier' | 'occurred_at'>> = {
  ALERT_ADDED_TO_CASE: { type: 'ALERT_ADDED_TO_CASE', detail: { alert_identifiers: [U(2)], case: { identifier: U(3) } } },
  ALERT_STATE_UPDATED: { type: 'ALERT_STATE_UPDATED', detail: { alert: { identifier: U(2) }, previous_state: null, state: 'UNSPECIFIED' } },
  ALERT_MUTED_FOR_RISK: { type: 'ALERT_MUTED_FOR_RISK', detail: { customer: { identifier: U(800) }, mute_key: 'k', risk: { source: 'TRANSACTION_MONITORING' } } },
  ALERT_UNMUTED_FOR_RISK: { type: 'ALERT_UNMUTED_FOR_RISK', detail: { customer: { identifier: U(800) }, mute_key: 'k', risk: { source: 'KYB', identifier: null }, case: { identifier: U(3) } } },
  CASE_ASSIGNED: { type: 'CASE_ASSIGNED', detail: { case: { identifier: U(3), type: 'CUSTOMER_ONBOARDING', subject: { identifier: U(800), type: 'CUSTOMER' } }, customer: cust } },
  CASE_CREATED: { type: 'CASE_CREATED', detail: { case: { identifier: U(3), type: 'PAYMENT_SCREENING', subject: { identifier: U(9), type: 'PAYMENT' } }, customer: cust } },
  CASE_STAGE_TRANSITIONED: {
    type: 'CASE_STAGE_TRANSITIONED',
    detail: { case: { identifier: U(3), type: 'CUSTOMER_MONITORING', subject: { identifier: U(8), type: 'COUNTERPARTY' } }, customer: cust, previous_stage: { identifier: U(4), version: 1 }, stage: { identifier: U(5), version: 2 } },
  },
  CUSTOMER_CREATED: { type: 'CUSTOMER_CREATED', detail: { customer: cust } },
  CUSTOMER_INFO_UPDATED: { type: 'CUSTOMER_INFO_UPDATED', detail: { customer: cust, previous_customer: { identifier: U(800), version: 1 } } },
  CUSTOMER_LABELS_UPDATED: { type: 'CUSTOMER_LABELS_UPDATED', detail: { customer: cust, added_label_identifiers: [U(6)], removed_label_identifiers: [] } },
  CUSTOMER_MIGRATED: { type: 'CUSTOMER_MIGRATED', detail: { csom_search_ref: 'abc', customer: { identifier: U(800) } } },
  CUSTOMER_MONITORING_CONFIGURATION_UPDATED: {
    type: 'CUSTOMER_MONITORING_CONFIGURATION_UPDATED',
    detail: { customer: cust, monitoring: { enabled: true, configuration_identifier: 'cfg' }, previous_monitoring: { enabled: false, configuration_identifier: null } },
  },
  CUSTOMER_PRODUCT_UPDATED: { type: 'CUSTOMER_PRODUCT_UPDATED', detail: { customer: cust, created_products: [{ identifier: 'p1', name: 'Savings' }], deleted_products: [] } },
  CUSTOMER_SCREENED: {
    type: 'CUSTOMER_SCREENED',
    detail: { customer: cust, risk_identifiers: [U(7)], risk_source: 'CUSTOMER_SCREENING', screening_configuration: { screening_type: 'SCREENING', configuration_identifier: null, configuration_version: 3 }, case: { identifier: U(3) } },
  },
  CUSTOMER_SEGMENTS_UPDATED: { type: 'CUSTOMER_SEGMENTS_UPDATED', detail: { customer: cust, added_segment_identifiers: [{ identifier: 's1', version: 1 }], removed_segment_identifiers: [] } },
  CUSTOMER_STATUS_UPDATED: { type: 'CUSTOMER_STATUS_UPDATED', detail: { customer: { identifier: U(800), status: 'ACTIVE', version: 2, previous_status: 'ONBOARDING' } } },
  NOTE_CREATED_TO_CASE_ACTION: { type: 'NOTE_CREATED_TO_CASE_ACTION', detail: { case: { identifier: U(3) }, note: { content: 'c', identifier: U(10), version: 1 } } },
  NOTE_TO_CASE_OBJECT: { type: 'NOTE_TO_CASE_OBJECT', detail: { case: { identifier: U(3) }, note: { content: 'c', identifier: U(10), version: 1 } } },
  NOTE_TO_RISK: { type: 'NOTE_TO_RISK', detail: { case: { identifier: U(3) }, note: { content: 'c', identifier: U(10), version: 1 }, risk: { identifier: U(7) } } },
  NOTE_CREATED_TO_CUSTOMER: { type: 'NOTE_CREATED_TO_CUSTOMER', detail: { customer_identifier: U(800), note: { content: 'c', identifier: U(10), version: 1 } } },
  PAYMENT_SCREENED: { type: 'PAYMENT_SCREENED', detail: { risk_identifiers: [U(7)], transaction: { identifier: U(11), type: 'CARD_PAYMENT' } } },
  RISK_SCORE_CALCULATED: { type: 'RISK_SCORE_CALCULATED', detail: { customer: cust, risk_score: { identifier: 'rs', overall_value: 0.7, overall_level: 'HIGH', type: 'FULL' } } },
  RISK_STATUS_UPDATED: {
    type: 'RISK_STATUS_UPDATED',
    detail: { account_identifier: U(1), case: { identifier: U(3) }, customer: { identifier: U(800) }, new_profile_hit_state: 'UPDATED', risk: { identifier: U(7), type: 'ENTITY_SCREENING' } },
  },
  TRANSACTION_ADDED_TO_CASE: { type: 'TRANSACTION_ADDED_TO_CASE', detail: { case: { identifier: U(3) }, transaction: { identifier: U(11), type: 'CRYPTO' } } },
  TRANSACTION_MONITORED: {
    type: 'TRANSACTION_MONITORED',
    detail: { risk_identifiers: [], risk_source: 'TRANSACTION_MONITORING', scenario_evaluations: { outcome: 'ALLOW', configurations: [] }, transaction: { identifier: U(11), type: 'REMITTANCE' } },
  },
  TRANSACTION_RECEIVED: { type: 'TRANSACTION_RECEIVED', detail: { transaction: { identifier: U(11), received_at: '2026-01-01T00:00:00Z', type: 'BANK_PAYMENT' } } },
  TRANSACTION_RELEASE_DECISION: { type: 'TRANSACTION_RELEASE_DECISION', detail: { review_decision: 'RELEASE', transaction: { identifier: U(11) } } },
};

const sample = (type: string, n = 1): AuditLogRecord => ({ ...common(n), ...SAMPLES[type]! }) as AuditLogRecord;

describe('audit record schemas', () => {
  it('there is a sample for every type of the spec table', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...AUDIT_LOG_TYPES].sort());
  });

  it.each(AUDIT_LOG_TYPES)('a valid %s record passes its schema', (type) => {
    expect(validateAuditRecord(sample(type)).ok).toBe(true);
  });

  it.each(AUDIT_LOG_TYPES)('a %s record without its detail fails with MANDATORY_COLUMN_MISSING', (type) => {
    const r = validateAuditRecord({ ...sample(type), detail: {} });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.map((e) => e.code)).toContain('MANDATORY_COLUMN_MISSING');
  });

  it.each([
    ['a detail of another type', { ...sample('CASE_CREATED'), type: 'NOTE_TO_RISK' }, 'MANDATORY_COLUMN_MISSING'],
    ['an unknown type', { ...sample('CASE_CREATED'), type: 'CASE_DELETED' }, 'INVALID_VALUE'],
    ['a non-UUID identifier', { ...sample('CASE_CREATED'), identifier: 'x' }, 'INVALID_IDENTIFIER'],
    ['a bad time', { ...sample('CASE_CREATED'), occurred_at: 'yesterday' }, 'INVALID_TIMESTAMP'],
    ['a bad actor type', { ...sample('CASE_CREATED'), actioned_by: { type: 'ROBOT' } }, 'INVALID_VALUE'],
    ['a bad alert state', { ...sample('ALERT_STATE_UPDATED'), detail: { alert: { identifier: U(1) }, state: 'DONE' } }, 'INVALID_VALUE'],
    ['a note over 5000 characters', { ...sample('NOTE_TO_CASE_OBJECT'), detail: { case: { identifier: U(3) }, note: { content: 'x'.repeat(5001), identifier: U(1), version: 1 } } }, 'MAX_SIZE_LIMIT_REACHED'],
    ['no type', { identifier: U(1) }, 'MANDATORY_COLUMN_MISSING'],
  ])('a record with %s fails', (_n, rec, code) => {
    const r = validateAuditRecord(rec);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.map((e) => e.code)).toContain(code);
  });
});

describe('audit links follow the page marks of the spec table', () => {
  it.each(AUDIT_LOG_TYPES)('%s appears on exactly its marked pages', (type) => {
    const marks = AUDIT_PAGES[type];
    const links = auditLinks(sample(type), { transaction_identifiers: [U(11)], customer_identifier: U(800), case_identifier: U(3) });
    const scopes = new Set(links.map((l) => l.scope));
    expect(scopes.has('case')).toBe(marks.includes('C'));
    expect(scopes.has('customer')).toBe(marks.includes('U'));
    expect(scopes.has('transaction')).toBe(marks.includes('T'));
  });
});

describe.each(STORE_KINDS)('audit pages over the %s store', (kind) => {
  it('a host records customer events; invalid batches write nothing', async () => {
    const s = setup(kind);
    const ok = await s.auditLog.record([sample('CUSTOMER_CREATED', 1), sample('CUSTOMER_STATUS_UPDATED', 2)]);
    expect(ok.ok).toBe(true);
    const bad = await s.auditLog.record([sample('CUSTOMER_INFO_UPDATED', 3), { ...sample('CUSTOMER_CREATED', 4), detail: {} } as AuditLogRecord]);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.errors[0]!.path).toMatch(/^\$\[1\]\.detail/);
    const page = must(await s.auditLog.customerPage(U(800)));
    expect(page.audit_logs.map((r) => r.type)).toEqual(['CUSTOMER_CREATED', 'CUSTOMER_STATUS_UPDATED']);
  });

  it('case, customer and transaction pages use the paged envelope with page_number paths', async () => {
    const s = setup(kind);
    const { evaluation, outcome } = await submitAndIngest(s, bankPayment(1, 60000));
    const id = outcome.case!.identifier;
    for (let i = 0; i < 3; i++) must(await s.cases.addNote(id, { note: `n${i}` }, { account_identifier: U(1), user_identifier: U(2) }));
    const p1 = must(await s.auditLog.casePage(id, { page_size: 2 }));
    expect(p1).toMatchObject({
      first: `/v1/cases/${id}/audit-logs?page_number=1&page_size=2`,
      self: `/v1/cases/${id}/audit-logs?page_number=1&page_size=2`,
      next: `/v1/cases/${id}/audit-logs?page_number=2&page_size=2`,
      prev: null,
      total_count: 5,
    });
    expect(p1.audit_logs.map((r) => r.type)).toEqual(['CASE_CREATED', 'ALERT_ADDED_TO_CASE']);
    const p3 = must(await s.auditLog.casePage(id, { page_size: 2, page_number: 3 }));
    expect(p3).toMatchObject({ next: null, prev: `/v1/cases/${id}/audit-logs?page_number=2&page_size=2` });
    expect(p3.audit_logs).toHaveLength(1);
    const t = must(await s.auditLog.transactionPage(evaluation.transaction.identifier!));
    expect(t.audit_logs.map((r) => r.type)).toEqual(['TRANSACTION_RECEIVED', 'TRANSACTION_MONITORED', 'CASE_CREATED', 'TRANSACTION_ADDED_TO_CASE']);
    expect(t.first).toBe(`/v1/transactions/${evaluation.transaction.identifier}/audit-logs?page_number=1&page_size=50`);
    const c = must(await s.auditLog.customerPage(outcome.case!.customer.identifier));
    expect(c.audit_logs.map((r) => r.type)).toEqual(['CASE_CREATED']);
    const empty = must(await s.auditLog.casePage(U(1)));
    expect(empty).toMatchObject({ audit_logs: [], total_count: 0, next: null, prev: null });
  });

  it('the transaction service reads its own records back through the shared sink', async () => {
    const s = setup(kind);
    const { evaluation } = await submitAndIngest(s, bankPayment(1, 60000));
    const own = await s.transactions.auditOf(evaluation.transaction.identifier!);
    expect(own.map((r) => r.type)).toEqual(['TRANSACTION_RECEIVED', 'TRANSACTION_MONITORED']);
  });

  it('a bad page request is a 400 problem', async () => {
    const s = setup(kind);
    const r = await s.auditLog.casePage(U(1), { page_number: -1 });
    expect(!r.ok && r.error.status).toBe(400);
  });
});

describe('audit log without the case service', () => {
  it('records and pages work over a bare store', async () => {
    const log = createAuditLog({ store: new InMemoryAuditStore(), clock: fixedTransactionClock('2026-01-01T00:00:00Z'), ids: sequentialTransactionIds(), basePath: '/api' });
    must(await log.record([sample('NOTE_CREATED_TO_CUSTOMER')]));
    expect(must(await log.customerPage(U(800))).self).toBe(`/api/customers/${U(800)}/audit-logs?page_number=1&page_size=50`);
  });
});
