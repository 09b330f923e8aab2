/**
 * Storage ports of the case area: small and async. Reads are methods; every write to the case store goes through
 * `commit(ops)`, applied all or nothing (a case with its alerts and notes changes in one transaction). A batch
 * fails as a whole with `CaseStoreConflictError` when a precondition does not hold (a version check, a duplicate,
 * an update of a missing record); the service re-reads and retries.
 *
 * Adapters: `InMemoryCaseStore`, `InMemoryAuditStore` (this area), `createSqliteCaseStore(db)`,
 * `createSqliteAuditStore(db)` (subpath `tamis/cases/sqlite`). Conformance: `tamis/cases/testing`.
 */
import type { CaseType, PriorityBand } from './enums.js';
import type { AuditLink, AuditLogRecord, CaseAlertRecord, CaseNote, CaseRecord, StorePage } from './types.js';

export interface CaseStoreQuery {
  type?: CaseType;
  stage_identifier?: string;
  /** A user UUID, or null for unassigned cases; undefined = any. */
  assignee?: string | null;
  priority_band?: PriorityBand;
  customer_identifier?: string;
  page_number: number;
  page_size: number;
}

export type CaseStoreOp =
  /**
   * Fails (conflict) when the identifier exists, or when the case is open and another open case has the same
   * customer, type and payment identifier (null for cases without a payment): one open case per grouping key.
   */
  | { type: 'insert_case'; case: CaseRecord }
  /** Fails (conflict) unless the stored version equals `expected_version`. Stores `case` as given. */
  | { type: 'update_case'; case: CaseRecord; expected_version: number }
  /** Fails (conflict) when an identifier exists. */
  | { type: 'insert_alerts'; alerts: CaseAlertRecord[] }
  /** Fails (conflict) when the alert is missing. */
  | { type: 'update_alert'; alert: CaseAlertRecord }
  /** Fails (conflict) when the identifier exists. */
  | { type: 'insert_note'; note: CaseNote };

export class CaseStoreConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CaseStoreConflictError';
  }
}

export interface CaseStore {
  getCase(identifier: string): Promise<CaseRecord | null>;
  /** Newest first (created_at descending, then identifier descending). */
  listCases(query: CaseStoreQuery): Promise<StorePage<CaseRecord>>;
  /**
   * The open case (is_open) of a customer and type; the oldest when several. With `paymentIdentifier`, only a case
   * whose payment summary is that payment (payment screening cases are per payment).
   */
  findOpenCase(customerIdentifier: string, type: CaseType, paymentIdentifier?: string): Promise<CaseRecord | null>;
  /** Alerts of a case, oldest first (created_at, then identifier). */
  getAlerts(caseIdentifier: string): Promise<CaseAlertRecord[]>;
  getAlert(identifier: string): Promise<CaseAlertRecord | null>;
  /** The alert raised by a risk, if any case holds it. */
  findAlertByRisk(riskIdentifier: string): Promise<CaseAlertRecord | null>;
  /** Notes of a case, oldest first (created_at, then insertion order). */
  getNotes(caseIdentifier: string): Promise<CaseNote[]>;
  /** Applies every op or none. Throws CaseStoreConflictError when a precondition fails. */
  commit(ops: readonly CaseStoreOp[]): Promise<void>;
  /**
   * Optional: apply `ops` and append the audit `entries` in one transaction (all or nothing). Present on stores made
   * in pairs with their audit store (`createInMemoryCaseStores()`, `createSqliteCaseStores(db)`); the case service
   * uses it when present, else it commits and then appends.
   */
  commitWithAudit?(ops: readonly CaseStoreOp[], entries: readonly AuditEntry[]): Promise<void>;
}

export interface AuditEntry {
  record: AuditLogRecord;
  /** The pages the record appears on. */
  links: AuditLink[];
}

export interface AuditStore {
  /** Appends every entry or none (one transaction). Fails when a record identifier exists. */
  append(entries: readonly AuditEntry[]): Promise<void>;
  /** Records linked to `link`, oldest first (the instant of occurred_at, offsets honoured; then append order). */
  page(link: AuditLink, page: { page_number: number; page_size: number }): Promise<StorePage<AuditLogRecord>>;
}
