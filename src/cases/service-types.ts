/**
 * The public shapes of the case service: what the host passes in (customers, alerts, options) and the service's
 * interface, one method per endpoint. `createCaseService` (service.ts) builds it.
 */
import type { Result } from '../errors.js';
import type { EvaluationResult } from '../transactions/engine.js';
import type { TransactionRiskDecision } from '../transactions/enums.js';
import type { RiskStore, TransactionClock, TransactionIdGenerator } from '../transactions/ports.js';
import type { TransactionActor } from '../transactions/service.js';
import type { TransactionProblemDetail } from '../transactions/types.js';
import type { CaseAlertRiskSource, CaseAlertType, CaseCustomerRiskLevel, CaseCustomerType, CaseType } from './enums.js';
import type { AuditStore, CaseStore } from './ports.js';
import type { CaseStageCatalog } from './stages.js';
import type {
  AssignedCase,
  AuditActor,
  BulkActionResponse,
  Case,
  CaseAlert,
  CaseAlertRecord,
  CaseList,
  CaseListItem,
  CaseListQuery,
  CaseNote,
  CasePaymentSummary,
  CaseStageDefinition,
  CaseTransitionResponse,
} from './types.js';

/** What the host knows of the customer when alerts arrive; missing fields take defaults. */
export interface CaseCustomerInput {
  identifier: string;
  name: string;
  /** Default `SKIPPED` (not scored). */
  risk_level?: CaseCustomerRiskLevel;
  /** Default `UNDEFINED`. */
  type?: CaseCustomerType;
  /** Default 1. */
  version?: number;
  external_identifier?: string | null;
}

export interface CaseAlertInput {
  priority: number | null;
  risk_source: CaseAlertRiskSource;
  type: CaseAlertType;
  title: string;
  risk_identifier?: string | null;
  transaction?: CaseAlertRecord['transaction'];
}

export interface AddAlertsInput {
  case_type: CaseType;
  customer: CaseCustomerInput;
  alerts: CaseAlertInput[];
  /** The payment summary of a PAYMENT_SCREENING case. */
  payment?: CasePaymentSummary | null;
  risk_types?: string[];
}

export interface AddAlertsOutcome {
  /** The case the alerts went into; null when nothing was added (every alert muted or already in a case). */
  case: CaseListItem | null;
  created: boolean;
  alerts: CaseAlert[];
  /**
   * `ingestEvaluation` only, when one evaluation raised both kinds: the PAYMENT_SCREENING case of the screening
   * alerts (the fields above then describe the TRANSACTION_MONITORING case).
   */
  payment_screening?: AddAlertsOutcome;
}

export interface CaseServiceOptions {
  cases: CaseStore;
  audit: AuditStore;
  clock: TransactionClock;
  ids: TransactionIdGenerator;
  /** Host stages, added to the defaults (returned with state USER_DEFINED). */
  stages?: readonly CaseStageDefinition[];
  /** When given, risk status updates are also written to the transaction area's risk store. */
  risks?: RiskStore;
  /** Prefix of page paths (default `/v1`). */
  basePath?: string;
  /** Default page size (default 50). */
  pageSize?: number;
  /** Attempts of a change when the store reports a concurrent modification (default 3). */
  maxAttempts?: number;
}

export interface CaseService {
  readonly stages: CaseStageCatalog;
  /**
   * Group the unmuted alerts of a scenario-engine evaluation: alerts raised by a screening hit (the risks of the
   * PAYMENT_SCREENED record) into the open PAYMENT_SCREENING case of this payment, the others into the customer's
   * open TRANSACTION_MONITORING case.
   */
  ingestEvaluation(result: EvaluationResult, customer: CaseCustomerInput): Promise<Result<AddAlertsOutcome, TransactionProblemDetail>>;
  /** Group alerts of any source into the customer's open case of `case_type` (created when none is open). */
  addAlerts(input: AddAlertsInput, actor?: AuditActor): Promise<Result<AddAlertsOutcome, TransactionProblemDetail>>;
  /** The spec's Case payload (list items add the `alerts` summary; use `listCases` for those). */
  getCase(identifier: string): Promise<Result<Case, TransactionProblemDetail>>;
  listCases(query?: CaseListQuery): Promise<Result<CaseList, TransactionProblemDetail>>;
  listAlerts(caseIdentifier: string): Promise<Result<CaseAlert[], TransactionProblemDetail>>;
  listNotes(caseIdentifier: string): Promise<Result<CaseNote[], TransactionProblemDetail>>;
  assignCase(identifier: string, request: unknown, actor: TransactionActor): Promise<Result<AssignedCase, TransactionProblemDetail>>;
  transitionCase(identifier: string, request: unknown, actor: TransactionActor): Promise<Result<CaseTransitionResponse, TransactionProblemDetail>>;
  addNote(identifier: string, request: unknown, actor: TransactionActor): Promise<Result<CaseNote, TransactionProblemDetail>>;
  transitionAlert(alertIdentifier: string, request: unknown, actor: TransactionActor): Promise<Result<CaseAlert, TransactionProblemDetail>>;
  updateRiskStatus(
    caseIdentifier: string,
    riskIdentifier: string,
    request: unknown,
    actor: TransactionActor,
  ): Promise<Result<{ identifier: string; decision: TransactionRiskDecision }, TransactionProblemDetail>>;
  bulkAssign(request: unknown, actor: TransactionActor): Promise<Result<BulkActionResponse, TransactionProblemDetail>>;
  bulkNote(request: unknown, actor: TransactionActor): Promise<Result<BulkActionResponse, TransactionProblemDetail>>;
}
