/**
 * Conformance suites of the case-area storage ports: every adapter must pass them (Lucia v3 style).
 *
 *   import { testCaseStore, testAuditStore } from 'tamis/cases/testing';
 *   testCaseStore('my postgres store', async () => createMyCaseStore(await freshDatabase()));
 *
 * `make` is called before every test and must return an empty store.
 */
import { describe, expect, it } from 'vitest';
import { CaseStoreConflictError, type AuditStore, type CaseStore } from '../ports.js';
import type { AuditLink } from '../types.js';
import type { AuditLogRecord, CaseAlertRecord, CaseNote, CaseRecord } from '../types.js';

const U = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

export function makeCaseRecord(n: number, over: Partial<CaseRecord> = {}): CaseRecord {
  return {
    identifier: U(n),
    version: 1,
    created_at: `2026-01-01T00:00:${String(n % 60).padStart(2, '0')}.000Z`,
    updated_at: '2026-01-01T00:00:00.000Z',
    type: 'TRANSACTION_MONITORING',
    stage_identifier: '5ca5e000-0000-4000-8000-000000000016',
    last_user_stage_identifier: null,
    assignee: null,
    updated_by: null,
    customer: { identifier: U(1000), name: 'Jane Doe', risk_level: 'LOW', type: 'PERSON', version: 1, external_identifier: 'cust-1' },
    payment: null,
    subjects: [],
    risk_types: [],
    risk_catalog_risk_types: [],
    is_open: true,
    alerts_count: 0,
    highest_priority: null,
    open_alerts_count: 0,
    ...over,
  };
}

export function makeAlertRecord(n: number, caseIdentifier: string, over: Partial<CaseAlertRecord> = {}): CaseAlertRecord {
  return {
    identifier: U(5000 + n),
    priority: 5,
    risk_source: 'TRANSACTION_MONITORING',
    state: 'NOT_STARTED',
    title: `Alert ${n}`,
    type: 'TRANSACTION_MONITORING',
    updated_at: '2026-01-01T00:00:00.000Z',
    updated_by: null,
    case_identifier: caseIdentifier,
    created_at: `2026-01-01T00:00:${String(n % 60).padStart(2, '0')}.000Z`,
    risk_identifier: U(7000 + n),
    risk_decision: 'NOT_REVIEWED',
    transaction: null,
    ...over,
  };
}

export function makeNote(n: number, caseIdentifier: string, createdAt = '2026-01-01T00:00:00.000Z'): CaseNote {
  return {
    identifier: U(9000 + n),
    contents: `note ${n}`,
    created_at: createdAt,
    created_by: U(1),
    version: 1,
    case_identifier: caseIdentifier,
    type: 'CASE',
  };
}

export function testCaseStore(name: string, make: () => CaseStore | Promise<CaseStore>): void {
  describe(`CaseStore conformance: ${name}`, () => {
    it('an inserted case is read back equal, and unknown identifiers give null', async () => {
      const s = await make();
      const c = makeCaseRecord(1);
      await s.commit([{ type: 'insert_case', case: c }]);
      expect(await s.getCase(c.identifier)).toEqual(c);
      expect(await s.getCase(U(99))).toBeNull();
    });

    it('returned records are copies', async () => {
      const s = await make();
      await s.commit([{ type: 'insert_case', case: makeCaseRecord(1) }]);
      const got = await s.getCase(U(1));
      got!.assignee = U(5);
      expect((await s.getCase(U(1)))!.assignee).toBeNull();
    });

    it('inserting an existing case conflicts', async () => {
      const s = await make();
      await s.commit([{ type: 'insert_case', case: makeCaseRecord(1) }]);
      await expect(s.commit([{ type: 'insert_case', case: makeCaseRecord(1, { customer: { ...makeCaseRecord(1).customer, identifier: U(1009) } }) }])).rejects.toBeInstanceOf(
        CaseStoreConflictError,
      );
    });

    it('a second open case of the same customer, type and payment conflicts; closed ones and other payments do not', async () => {
      const s = await make();
      const pay = { identifier: U(600), external_identifier: 'p', type: 'CARD_PAYMENT' as const };
      await s.commit([{ type: 'insert_case', case: makeCaseRecord(1) }]);
      await expect(s.commit([{ type: 'insert_case', case: makeCaseRecord(2) }])).rejects.toBeInstanceOf(CaseStoreConflictError);
      await s.commit([{ type: 'insert_case', case: makeCaseRecord(3, { is_open: false }) }]);
      await s.commit([{ type: 'insert_case', case: makeCaseRecord(4, { type: 'CUSTOMER_MONITORING' }) }]);
      await s.commit([{ type: 'insert_case', case: makeCaseRecord(5, { payment: pay }) }]);
      await expect(s.commit([{ type: 'insert_case', case: makeCaseRecord(6, { payment: pay }) }])).rejects.toBeInstanceOf(CaseStoreConflictError);
      await s.commit([{ type: 'update_case', case: makeCaseRecord(1, { is_open: false, version: 2 }), expected_version: 1 }]);
      await s.commit([{ type: 'insert_case', case: makeCaseRecord(2) }]);
      expect((await s.findOpenCase(U(1000), 'TRANSACTION_MONITORING'))?.identifier).toBe(U(2));
    });

    it('update_case is a compare-and-set on the version', async () => {
      const s = await make();
      await s.commit([{ type: 'insert_case', case: makeCaseRecord(1) }]);
      await s.commit([{ type: 'update_case', case: makeCaseRecord(1, { version: 2, assignee: U(5) }), expected_version: 1 }]);
      expect((await s.getCase(U(1)))!.assignee).toBe(U(5));
      await expect(s.commit([{ type: 'update_case', case: makeCaseRecord(1, { version: 3 }), expected_version: 1 }])).rejects.toBeInstanceOf(
        CaseStoreConflictError,
      );
      await expect(s.commit([{ type: 'update_case', case: makeCaseRecord(2, { version: 2 }), expected_version: 1 }])).rejects.toBeInstanceOf(
        CaseStoreConflictError,
      );
    });

    it('a failing batch writes nothing (all or nothing)', async () => {
      const s = await make();
      await s.commit([{ type: 'insert_case', case: makeCaseRecord(1) }]);
      await expect(
        s.commit([
          { type: 'insert_case', case: makeCaseRecord(2) },
          { type: 'insert_alerts', alerts: [makeAlertRecord(1, U(2))] },
          { type: 'insert_note', note: makeNote(1, U(2)) },
          { type: 'update_case', case: makeCaseRecord(1, { version: 9 }), expected_version: 7 },
        ]),
      ).rejects.toBeInstanceOf(CaseStoreConflictError);
      expect(await s.getCase(U(2))).toBeNull();
      expect(await s.getAlerts(U(2))).toEqual([]);
      expect(await s.getNotes(U(2))).toEqual([]);
      expect(await s.getAlert(U(5001))).toBeNull();
    });

    it('alerts are read by case (oldest first), by identifier and by risk; updates replace them', async () => {
      const s = await make();
      const a2 = makeAlertRecord(2, U(1));
      const a1 = makeAlertRecord(1, U(1));
      await s.commit([
        { type: 'insert_case', case: makeCaseRecord(1) },
        { type: 'insert_alerts', alerts: [a2, a1, makeAlertRecord(3, U(2))] },
      ]);
      expect((await s.getAlerts(U(1))).map((a) => a.identifier)).toEqual([a1.identifier, a2.identifier]);
      expect(await s.getAlert(a1.identifier)).toEqual(a1);
      expect((await s.findAlertByRisk(U(7002)))?.identifier).toBe(a2.identifier);
      expect(await s.findAlertByRisk(U(7999))).toBeNull();
      await s.commit([{ type: 'update_alert', alert: { ...a1, state: 'IN_PROGRESS' } }]);
      expect((await s.getAlert(a1.identifier))!.state).toBe('IN_PROGRESS');
      await expect(s.commit([{ type: 'update_alert', alert: makeAlertRecord(50, U(1)) }])).rejects.toBeInstanceOf(CaseStoreConflictError);
      await expect(s.commit([{ type: 'insert_alerts', alerts: [a1] }])).rejects.toBeInstanceOf(CaseStoreConflictError);
    });

    it('notes are read by case in creation order, and duplicates conflict', async () => {
      const s = await make();
      await s.commit([
        { type: 'insert_note', note: makeNote(2, U(1), '2026-01-02T00:00:00.000Z') },
        { type: 'insert_note', note: makeNote(1, U(1), '2026-01-01T00:00:00.000Z') },
        { type: 'insert_note', note: makeNote(3, U(1), '2026-01-02T00:00:00.000Z') },
        { type: 'insert_note', note: makeNote(4, U(2)) },
      ]);
      expect((await s.getNotes(U(1))).map((n) => n.contents)).toEqual(['note 1', 'note 2', 'note 3']);
      await expect(s.commit([{ type: 'insert_note', note: makeNote(1, U(1)) }])).rejects.toBeInstanceOf(CaseStoreConflictError);
    });

    it('listCases filters by type, stage, assignee (null = unassigned), priority band and customer, newest first, paged', async () => {
      const s = await make();
      const cust = (n: number) => ({ ...makeCaseRecord(1).customer, identifier: U(n) });
      await s.commit([
        { type: 'insert_case', case: makeCaseRecord(1, { highest_priority: 2, assignee: U(7) }) },
        { type: 'insert_case', case: makeCaseRecord(2, { highest_priority: 5, type: 'PAYMENT_SCREENING' }) },
        { type: 'insert_case', case: makeCaseRecord(3, { highest_priority: 8, stage_identifier: U(77), is_open: false }) },
        { type: 'insert_case', case: makeCaseRecord(4, { highest_priority: null, customer: cust(1001) }) },
      ]);
      const ids = async (q: Partial<Parameters<CaseStore['listCases']>[0]>) =>
        (await s.listCases({ page_number: 1, page_size: 10, ...q })).items.map((c) => c.identifier);
      expect(await ids({})).toEqual([U(4), U(3), U(2), U(1)]);
      expect(await ids({ type: 'PAYMENT_SCREENING' })).toEqual([U(2)]);
      expect(await ids({ stage_identifier: U(77) })).toEqual([U(3)]);
      expect(await ids({ assignee: U(7) })).toEqual([U(1)]);
      expect(await ids({ assignee: null })).toEqual([U(4), U(3), U(2)]);
      expect(await ids({ priority_band: 'HIGH' })).toEqual([U(1)]);
      expect(await ids({ priority_band: 'MEDIUM' })).toEqual([U(2)]);
      expect(await ids({ priority_band: 'LOW' })).toEqual([U(3)]);
      expect(await ids({ priority_band: 'NONE' })).toEqual([U(4)]);
      expect(await ids({ customer_identifier: U(1001) })).toEqual([U(4)]);
      const page2 = await s.listCases({ page_number: 2, page_size: 3 });
      expect(page2.total_count).toBe(4);
      expect(page2.items.map((c) => c.identifier)).toEqual([U(1)]);
    });

    it('findOpenCase returns the oldest open case of the customer and type only (re-opened cases included)', async () => {
      const s = await make();
      await s.commit([
        { type: 'insert_case', case: makeCaseRecord(1, { is_open: false }) },
        { type: 'insert_case', case: makeCaseRecord(2) },
        { type: 'insert_case', case: makeCaseRecord(3, { is_open: false }) },
        { type: 'insert_case', case: makeCaseRecord(4, { type: 'CUSTOMER_MONITORING' }) },
      ]);
      // A closed case re-opened by a transition: two open cases of one key, the oldest is found.
      await s.commit([{ type: 'update_case', case: makeCaseRecord(3, { version: 2 }), expected_version: 1 }]);
      expect((await s.findOpenCase(U(1000), 'TRANSACTION_MONITORING'))?.identifier).toBe(U(2));
      expect((await s.findOpenCase(U(1000), 'CUSTOMER_MONITORING'))?.identifier).toBe(U(4));
      expect(await s.findOpenCase(U(1000), 'PAYMENT_SCREENING')).toBeNull();
      expect(await s.findOpenCase(U(1001), 'TRANSACTION_MONITORING')).toBeNull();
    });

    it('findOpenCase with a payment finds only the open case of that payment', async () => {
      const s = await make();
      const pay = (n: number) => ({ identifier: U(600 + n), external_identifier: `p${n}`, type: 'BANK_PAYMENT' as const });
      await s.commit([
        { type: 'insert_case', case: makeCaseRecord(1, { type: 'PAYMENT_SCREENING', payment: pay(1) }) },
        { type: 'insert_case', case: makeCaseRecord(2, { type: 'PAYMENT_SCREENING', payment: pay(2) }) },
      ]);
      expect((await s.findOpenCase(U(1000), 'PAYMENT_SCREENING', U(602)))?.identifier).toBe(U(2));
      expect(await s.findOpenCase(U(1000), 'PAYMENT_SCREENING', U(603))).toBeNull();
      await s.commit([{ type: 'update_case', case: makeCaseRecord(2, { type: 'PAYMENT_SCREENING', payment: pay(2), is_open: false, version: 2 }), expected_version: 1 }]);
      expect(await s.findOpenCase(U(1000), 'PAYMENT_SCREENING', U(602))).toBeNull();
    });
  });
}

export function makeAuditRecord(n: number, caseIdentifier: string, occurredAt = '2026-01-01T00:00:00.000Z'): AuditLogRecord {
  return {
    identifier: U(20000 + n),
    occurred_at: occurredAt,
    type: 'ALERT_ADDED_TO_CASE',
    actioned_by: { type: 'SYSTEM', identifier: null },
    grouping_key: caseIdentifier,
    detail: { alert_identifiers: [U(5000 + n)], case: { identifier: caseIdentifier } },
  };
}

export function testAuditStore(name: string, make: () => AuditStore | Promise<AuditStore>): void {
  describe(`AuditStore conformance: ${name}`, () => {
    it('records are paged per link, oldest first, ties in append order', async () => {
      const s = await make();
      await s.append([
        { record: makeAuditRecord(1, U(1), '2026-01-02T00:00:00.000Z'), links: [{ scope: 'case', identifier: U(1) }] },
        { record: makeAuditRecord(2, U(1), '2026-01-01T00:00:00.000Z'), links: [{ scope: 'case', identifier: U(1) }] },
        { record: makeAuditRecord(3, U(1), '2026-01-02T00:00:00.000Z'), links: [{ scope: 'case', identifier: U(1) }, { scope: 'transaction', identifier: U(9) }] },
        { record: makeAuditRecord(4, U(2)), links: [{ scope: 'case', identifier: U(2) }] },
      ]);
      const p1 = await s.page({ scope: 'case', identifier: U(1) }, { page_number: 1, page_size: 2 });
      expect(p1.total_count).toBe(3);
      expect(p1.items.map((r) => r.identifier)).toEqual([U(20002), U(20001)]);
      const p2 = await s.page({ scope: 'case', identifier: U(1) }, { page_number: 2, page_size: 2 });
      expect(p2.items.map((r) => r.identifier)).toEqual([U(20003)]);
      const t = await s.page({ scope: 'transaction', identifier: U(9) }, { page_number: 1, page_size: 10 });
      expect(t.items).toEqual([makeAuditRecord(3, U(1), '2026-01-02T00:00:00.000Z')]);
      expect((await s.page({ scope: 'customer', identifier: U(1) }, { page_number: 1, page_size: 10 })).total_count).toBe(0);
    });

    it('pages order by the instant, whatever the offset of occurred_at', async () => {
      const s = await make();
      await s.append([
        { record: makeAuditRecord(1, U(1), '2026-01-01T10:30:00+02:00'), links: [{ scope: 'case', identifier: U(1) }] },
        { record: makeAuditRecord(2, U(1), '2026-01-01T09:00:00Z'), links: [{ scope: 'case', identifier: U(1) }] },
      ]);
      const p = await s.page({ scope: 'case', identifier: U(1) }, { page_number: 1, page_size: 10 });
      expect(p.items.map((r) => r.identifier)).toEqual([U(20001), U(20002)]);
    });

    it('a batch with a duplicate identifier writes nothing', async () => {
      const s = await make();
      await s.append([{ record: makeAuditRecord(1, U(1)), links: [{ scope: 'case', identifier: U(1) }] }]);
      await expect(
        s.append([
          { record: makeAuditRecord(2, U(1)), links: [{ scope: 'case', identifier: U(1) }] },
          { record: makeAuditRecord(1, U(1)), links: [{ scope: 'case', identifier: U(1) }] },
        ]),
      ).rejects.toBeInstanceOf(CaseStoreConflictError);
      expect((await s.page({ scope: 'case', identifier: U(1) }, { page_number: 1, page_size: 10 })).total_count).toBe(1);
    });

    it('a record with no links is stored but on no page', async () => {
      const s = await make();
      await s.append([{ record: makeAuditRecord(1, U(1)), links: [] }]);
      expect((await s.page({ scope: 'case', identifier: U(1) }, { page_number: 1, page_size: 10 })).total_count).toBe(0);
    });
  });
}

/**
 * Conformance of a case store and audit store made as a pair (`commitWithAudit`): a change and its audit records
 * are written together or not at all.
 */
export function testCaseAuditPair(name: string, make: () => { cases: CaseStore; audit: AuditStore } | Promise<{ cases: CaseStore; audit: AuditStore }>): void {
  const link: AuditLink = { scope: 'case', identifier: U(1) };
  const page = { page_number: 1, page_size: 10 };
  describe(`paired case and audit stores: ${name}`, () => {
    it('commitWithAudit writes the change and its records', async () => {
      const { cases, audit } = await make();
      expect(cases.commitWithAudit).toBeTypeOf('function');
      await cases.commitWithAudit!([{ type: 'insert_case', case: makeCaseRecord(1) }], [{ record: makeAuditRecord(1, U(1)), links: [link] }]);
      expect(await cases.getCase(U(1))).toEqual(makeCaseRecord(1));
      expect((await audit.page(link, page)).total_count).toBe(1);
    });

    it('a failing change writes no audit record', async () => {
      const { cases, audit } = await make();
      await expect(
        cases.commitWithAudit!([{ type: 'update_case', case: makeCaseRecord(1), expected_version: 1 }], [{ record: makeAuditRecord(1, U(1)), links: [link] }]),
      ).rejects.toBeInstanceOf(CaseStoreConflictError);
      expect((await audit.page(link, page)).total_count).toBe(0);
    });

    it('a failing audit append writes no change', async () => {
      const { cases, audit } = await make();
      await audit.append([{ record: makeAuditRecord(1, U(1)), links: [link] }]);
      await expect(
        cases.commitWithAudit!([{ type: 'insert_case', case: makeCaseRecord(1) }], [{ record: makeAuditRecord(1, U(1)), links: [link] }]),
      ).rejects.toBeInstanceOf(CaseStoreConflictError);
      expect(await cases.getCase(U(1))).toBeNull();
      expect((await audit.page(link, page)).total_count).toBe(1);
    });
  });
}
