/**
 * Shapes of the case-management area (transaction-contracts.md, "Case management payloads" and "Audit log record"),
 * snake_case exactly as the spec. Stored records (`*Record`) carry the spec shape plus the bookkeeping the service
 * needs (version, denormalised alert summary, links); `toCase` / `toCaseAlert` turn them into the spec payloads.
 */
import type { TransactionAuditRecord, TransactionPageEnvelope } from '../transactions/types.js';
import type { TransactionRiskDecision, MonetaryType } from '../transactions/enums.js';
import type {
  AuditAlertState,
  AuditLogType,
  CaseAlertRiskSource,
  CaseAlertState,
  CaseAlertType,
  CaseCustomerRiskLevel,
  CaseCustomerType,
  CaseNoteType,
  CasePaymentType,
  CaseState,
  CaseSubjectType,
  CaseType,
  PriorityBand,
} from './enums.js';

// ---------------------------------------------------------------- stages

/** A stage of a case type. Default stages come from the spec's state list; hosts add their own (USER_DEFINED). */
export interface CaseStage {
  identifier: string;
  name: string;
  case_type: CaseType;
  /** The spec state of a default stage, `USER_DEFINED` for a host stage. */
  state: CaseState;
  version: number;
  /** True for end stages (entering one needs a note). */
  is_end_stage: boolean;
}

/** A host-defined stage (returned with state USER_DEFINED). */
export interface CaseStageDefinition {
  identifier: string;
  name: string;
  case_type: CaseType;
  is_end_stage: boolean;
  version?: number;
}

// ---------------------------------------------------------------- summaries

export interface CaseCustomerSummary {
  identifier: string;
  name: string;
  risk_level: CaseCustomerRiskLevel;
  type: CaseCustomerType;
  version: number;
  external_identifier: string | null;
}

export interface CaseAlertsSummary {
  count: number;
  highest_priority: number | null;
}

export interface CaseAlert {
  identifier: string;
  priority: number | null;
  risk_source: CaseAlertRiskSource;
  state: CaseAlertState;
  title: string;
  type: CaseAlertType;
  updated_at: string;
  updated_by: string | null;
}

export interface CaseSubject {
  identifier: string;
  external_identifier: string;
  type: 'TRANSACTION';
  detail: { type: CasePaymentType };
}

export interface CasePaymentSummary {
  identifier: string;
  external_identifier: string;
  type: CasePaymentType;
}

// ---------------------------------------------------------------- case

export interface Case {
  identifier: string;
  created_at: string;
  updated_at: string;
  type: CaseType;
  /** Deprecated: the state of the current stage (USER_DEFINED for host stages). */
  state: CaseState;
  stage: CaseStage;
  last_user_stage: CaseStage | null;
  /** Deprecated. */
  last_user_state: CaseState | null;
  assignee: string | null;
  updated_by: string | null;
  customer: CaseCustomerSummary;
  payment: CasePaymentSummary | null;
  subjects: CaseSubject[];
  review_items_count: number;
  risk_types: string[];
  risk_catalog_risk_types: string[];
}

export interface CaseListItem extends Case {
  alerts: CaseAlertsSummary;
}

export interface CaseList extends TransactionPageEnvelope {
  cases: CaseListItem[];
}

/** A stored case: the spec fields plus an optimistic version and the denormalised alert summary. */
export interface CaseRecord {
  identifier: string;
  /** Optimistic-concurrency version, +1 on every change. */
  version: number;
  created_at: string;
  updated_at: string;
  type: CaseType;
  stage_identifier: string;
  last_user_stage_identifier: string | null;
  assignee: string | null;
  updated_by: string | null;
  customer: CaseCustomerSummary;
  payment: CasePaymentSummary | null;
  subjects: CaseSubject[];
  risk_types: string[];
  risk_catalog_risk_types: string[];
  /** False once the case is in an end stage. */
  is_open: boolean;
  alerts_count: number;
  highest_priority: number | null;
  /** Alerts not in an end state. */
  open_alerts_count: number;
}

/** A stored alert: the spec's case alert plus its case, risk and transaction. */
export interface CaseAlertRecord extends CaseAlert {
  case_identifier: string;
  created_at: string;
  /** The risk that raised the alert (TRANSACTION_MONITORING risk identifier), when any. */
  risk_identifier: string | null;
  risk_decision: TransactionRiskDecision;
  transaction: { identifier: string; external_identifier: string; type: MonetaryType } | null;
}

// ---------------------------------------------------------------- notes

interface CaseNoteCommon {
  identifier: string;
  contents: string;
  created_at: string;
  created_by: string | null;
  /** Not in the spec's note payload; carried for the audit `note.version`. */
  version: number;
  case_identifier: string;
  /** The risk a NOTE_TO_RISK note is about. */
  risk_identifier?: string | null;
}

export type CaseNote =
  | (CaseNoteCommon & { type: 'CASE' })
  | (CaseNoteCommon & { type: 'CASE_ASSIGNMENT'; current_assignee: string | null; previous_assignee: string | null })
  | (CaseNoteCommon & { type: 'CASE_TRANSITION'; stage: string; state: CaseState });

export type { CaseNoteType };

// ---------------------------------------------------------------- requests and responses

export interface CaseAssignmentRequest {
  assignee: string | null;
}

export interface AssignedCase {
  assignee: string | null;
  updated_at: string;
  updated_by: string | null;
}

export interface CaseStageTransitionRequest {
  stage_identifier: string;
  note?: string | null;
}

/** Deprecated form. */
export interface CaseStateTransitionRequest {
  state: Exclude<CaseState, 'USER_DEFINED'>;
  note?: string | null;
}

export type CaseTransitionRequest = CaseStageTransitionRequest | CaseStateTransitionRequest;

export interface CaseTransitionResponse {
  stage_identifier: string;
  last_user_stage_identifier: string | null;
  state: CaseState;
  last_user_state: CaseState | null;
}

export interface CaseNoteRequest {
  note: string;
  /** Attach the note to one risk of the case (audit NOTE_TO_RISK). */
  risk_identifier?: string | null;
}

export interface BulkCaseQuery {
  identifier: string[];
}

export interface BulkAssignRequest {
  payload: { assignee: string | null; note?: string | null };
  query: BulkCaseQuery;
}

export interface BulkNoteRequest {
  payload: { note: string };
  query: BulkCaseQuery;
}

export interface BulkActionError {
  message: string;
  detail: string;
}

export interface BulkActionResult {
  identifier: string;
  success: boolean;
  errors: BulkActionError[] | null;
}

export interface BulkActionResponse {
  results: BulkActionResult[] | null;
}

export interface CaseListQuery {
  type?: CaseType;
  stage_identifier?: string;
  /** A user UUID, or null for unassigned cases. */
  assignee?: string | null;
  priority_band?: PriorityBand;
  customer_identifier?: string;
  page_number?: number;
  page_size?: number;
}

// ---------------------------------------------------------------- audit log

export interface AuditActor {
  type: 'SYSTEM' | 'USER';
  identifier?: string | null;
}

export interface CaseRef {
  identifier: string;
  type: CaseType;
  subject: { identifier: string; type: CaseSubjectType };
}

export interface CustomerRef {
  identifier: string;
  version: number;
}

export interface StageRef {
  identifier: string;
  version: number;
}

export interface NoteRef {
  content: string;
  identifier: string;
  version: number;
}

/** Details of the case-area audit types this service writes. */
export type CaseAuditDetail =
  | { type: 'CASE_CREATED'; detail: { case: CaseRef; customer: CustomerRef } }
  | {
      type: 'CASE_ASSIGNED';
      detail: { case: CaseRef; customer: CustomerRef; assignee?: { identifier: string }; previous_assignee?: { identifier: string } };
    }
  | {
      type: 'CASE_STAGE_TRANSITIONED';
      detail: { case: CaseRef; customer: CustomerRef; previous_stage: StageRef; stage: StageRef };
    }
  | { type: 'ALERT_ADDED_TO_CASE'; detail: { alert_identifiers: string[]; case: { identifier: string } } }
  | {
      type: 'ALERT_STATE_UPDATED';
      detail: { alert: { identifier: string }; previous_state?: AuditAlertState | null; state?: AuditAlertState | null };
    }
  | { type: 'NOTE_CREATED_TO_CASE_ACTION' | 'NOTE_TO_CASE_OBJECT'; detail: { case: { identifier: string }; note: NoteRef } }
  | { type: 'NOTE_TO_RISK'; detail: { case: { identifier: string }; note: NoteRef; risk: { identifier: string } } }
  | {
      type: 'TRANSACTION_ADDED_TO_CASE';
      detail: { case: { identifier: string }; transaction: { identifier: string; type: MonetaryType | 'CRYPTO' } };
    };

/** Any other type of the spec's table, validated by schema (customer events recorded by the host). */
export interface OtherAuditDetail {
  type: Exclude<AuditLogType, CaseAuditDetail['type'] | TransactionAuditRecord['type']>;
  detail: Record<string, unknown>;
}

type AuditCommon = { identifier: string; occurred_at: string; actioned_by?: AuditActor; grouping_key?: string | null };

/** One audit log record (V2) of any type of the spec. */
export type AuditLogRecord = TransactionAuditRecord | ((CaseAuditDetail | OtherAuditDetail) & AuditCommon);

/** Which page a record appears on. */
export interface AuditLink {
  scope: 'case' | 'customer' | 'transaction';
  identifier: string;
}

export interface AuditPage extends TransactionPageEnvelope {
  audit_logs: AuditLogRecord[];
}

/** A page request: 1-based page number and page size. */
export interface CasePageRequest {
  page_number?: number;
  page_size?: number;
}

export interface StorePage<T> {
  items: T[];
  total_count: number;
}
