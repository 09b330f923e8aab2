/**
 * In-memory adapters of the case-area ports (the reference semantics for other adapters).
 */
import { priorityBand } from './enums.js';
import { CaseStoreConflictError, type AuditEntry, type AuditStore, type CaseStore, type CaseStoreOp, type CaseStoreQuery } from './ports.js';
import type { AuditLink, AuditLogRecord, CaseAlertRecord, CaseNote, CaseRecord, StorePage } from './types.js';

const clone = <T>(v: T): T => structuredClone(v);

/** Whether a case matches the query filters (reference semantics of `listCases`). */
export function caseMatchesQuery(c: CaseRecord, q: CaseStoreQuery): boolean {
  if (q.type !== undefined && c.type !== q.type) return false;
  if (q.stage_identifier !== undefined && c.stage_identifier !== q.stage_identifier) return false;
  if (q.assignee !== undefined && c.assignee !== q.assignee) return false;
  if (q.priority_band !== undefined && priorityBand(c.highest_priority) !== q.priority_band) return false;
  if (q.customer_identifier !== undefined && c.customer.identifier !== q.customer_identifier) return false;
  return true;
}

/** The grouping key of open cases: customer, type and payment identifier. */
export function openCaseKey(c: CaseRecord): string {
  return `${c.customer.identifier}\u0000${c.type}\u0000${c.payment?.identifier ?? ''}`;
}

/** Newest first: created_at descending, then identifier descending. */
export function compareCasesNewestFirst(a: CaseRecord, b: CaseRecord): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
  return a.identifier < b.identifier ? 1 : a.identifier > b.identifier ? -1 : 0;
}

export class InMemoryCaseStore implements CaseStore {
  commitWithAudit?: CaseStore['commitWithAudit'];
  private cases = new Map<string, CaseRecord>();
  private alerts = new Map<string, CaseAlertRecord>();
  private notes: CaseNote[] = [];

  async getCase(identifier: string): Promise<CaseRecord | null> {
    const c = this.cases.get(identifier);
    return c ? clone(c) : null;
  }
  async listCases(query: CaseStoreQuery): Promise<StorePage<CaseRecord>> {
    const rows = [...this.cases.values()].filter((c) => caseMatchesQuery(c, query)).sort(compareCasesNewestFirst);
    const from = (query.page_number - 1) * query.page_size;
    return { items: rows.slice(from, from + query.page_size).map(clone), total_count: rows.length };
  }
  async findOpenCase(customerIdentifier: string, type: CaseRecord['type'], paymentIdentifier?: string): Promise<CaseRecord | null> {
    const rows = [...this.cases.values()]
      .filter((c) => c.is_open && c.type === type && c.customer.identifier === customerIdentifier)
      .filter((c) => paymentIdentifier === undefined || c.payment?.identifier === paymentIdentifier)
      .sort((a, b) => compareCasesNewestFirst(b, a));
    return rows[0] ? clone(rows[0]) : null;
  }
  async getAlerts(caseIdentifier: string): Promise<CaseAlertRecord[]> {
    return [...this.alerts.values()]
      .filter((a) => a.case_identifier === caseIdentifier)
      .sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.identifier < b.identifier ? -1 : a.identifier > b.identifier ? 1 : 0))
      .map(clone);
  }
  async getAlert(identifier: string): Promise<CaseAlertRecord | null> {
    const a = this.alerts.get(identifier);
    return a ? clone(a) : null;
  }
  async findAlertByRisk(riskIdentifier: string): Promise<CaseAlertRecord | null> {
    for (const a of this.alerts.values()) if (a.risk_identifier === riskIdentifier) return clone(a);
    return null;
  }
  async getNotes(caseIdentifier: string): Promise<CaseNote[]> {
    return this.notes
      .map((n, i) => ({ n, i }))
      .filter((x) => x.n.case_identifier === caseIdentifier)
      .sort((a, b) => (a.n.created_at < b.n.created_at ? -1 : a.n.created_at > b.n.created_at ? 1 : a.i - b.i))
      .map((x) => clone(x.n));
  }
  async commit(ops: readonly CaseStoreOp[]): Promise<void> {
    this.apply(ops);
  }

  /** @internal Synchronous all-or-nothing apply (used by `createInMemoryCaseStores`). */
  apply(ops: readonly CaseStoreOp[]): void {
    // Apply to copies; swap in only when every op succeeded.
    const cases = new Map(this.cases);
    const alerts = new Map(this.alerts);
    const notes = [...this.notes];
    const noteIds = new Set(notes.map((n) => n.identifier));
    for (const op of ops) {
      switch (op.type) {
        case 'insert_case': {
          const n = op.case;
          if (cases.has(n.identifier)) throw new CaseStoreConflictError(`case ${n.identifier} exists`);
          const key = openCaseKey(n);
          if (n.is_open && [...cases.values()].some((c) => c.is_open && openCaseKey(c) === key))
            throw new CaseStoreConflictError(`an open ${n.type} case of customer ${n.customer.identifier} exists`);
          cases.set(n.identifier, clone(n));
          break;
        }
        case 'update_case': {
          const cur = cases.get(op.case.identifier);
          if (!cur || cur.version !== op.expected_version)
            throw new CaseStoreConflictError(`case ${op.case.identifier} is not at version ${op.expected_version}`);
          cases.set(op.case.identifier, clone(op.case));
          break;
        }
        case 'insert_alerts':
          for (const a of op.alerts) {
            if (alerts.has(a.identifier)) throw new CaseStoreConflictError(`alert ${a.identifier} exists`);
            alerts.set(a.identifier, clone(a));
          }
          break;
        case 'update_alert':
          if (!alerts.has(op.alert.identifier)) throw new CaseStoreConflictError(`alert ${op.alert.identifier} is missing`);
          alerts.set(op.alert.identifier, clone(op.alert));
          break;
        case 'insert_note':
          if (noteIds.has(op.note.identifier)) throw new CaseStoreConflictError(`note ${op.note.identifier} exists`);
          noteIds.add(op.note.identifier);
          notes.push(clone(op.note));
          break;
      }
    }
    this.cases = cases;
    this.alerts = alerts;
    this.notes = notes;
  }
}

export class InMemoryAuditStore implements AuditStore {
  private entries: AuditEntry[] = [];
  private ids = new Set<string>();

  async append(entries: readonly AuditEntry[]): Promise<void> {
    this.check(entries);
    this.appendChecked(entries);
  }

  /** @internal Throws when an entry cannot be appended. */
  check(entries: readonly AuditEntry[]): void {
    const fresh = new Set<string>();
    for (const e of entries) {
      if (this.ids.has(e.record.identifier) || fresh.has(e.record.identifier))
        throw new CaseStoreConflictError(`audit record ${e.record.identifier} exists`);
      fresh.add(e.record.identifier);
    }
  }

  /** @internal Append entries already checked. */
  appendChecked(entries: readonly AuditEntry[]): void {
    for (const e of entries) {
      this.entries.push(clone(e));
      this.ids.add(e.record.identifier);
    }
  }
  async page(link: AuditLink, page: { page_number: number; page_size: number }): Promise<StorePage<AuditLogRecord>> {
    const rows = this.entries
      .map((e, i) => ({ e, i }))
      .filter((x) => x.e.links.some((l) => l.scope === link.scope && l.identifier === link.identifier))
      .sort((a, b) => Date.parse(a.e.record.occurred_at) - Date.parse(b.e.record.occurred_at) || a.i - b.i);
    const from = (page.page_number - 1) * page.page_size;
    return { items: rows.slice(from, from + page.page_size).map((x) => clone(x.e.record)), total_count: rows.length };
  }
}

/**
 * An in-memory case store and audit store made as a pair: the case store's `commitWithAudit` applies a case change
 * and its audit records together, all or nothing.
 */
export function createInMemoryCaseStores(): { cases: InMemoryCaseStore; audit: InMemoryAuditStore } {
  const cases = new InMemoryCaseStore();
  const audit = new InMemoryAuditStore();
  cases.commitWithAudit = async (ops, entries) => {
    audit.check(entries);
    cases.apply(ops);
    audit.appendChecked(entries);
  };
  return { cases, audit };
}
