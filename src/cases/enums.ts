/**
 * Enumerations of the case-management area (transaction-contracts.md, "Case management payloads", "Audit log
 * record"). One source for the JSON Schemas and the TypeScript types.
 */

export const CASE_TYPES = ['CUSTOMER_ONBOARDING', 'CUSTOMER_MONITORING', 'PAYMENT_SCREENING', 'TRANSACTION_MONITORING'] as const;
export type CaseType = (typeof CASE_TYPES)[number];

/** Case states (deprecated `state` field and transition input); `USER_DEFINED` is output only (host stages). */
export const CASE_STATES = [
  'ONBOARDING_NOT_STARTED',
  'ONBOARDING_IN_PROGRESS',
  'ONBOARDING_ESCALATED',
  'ONBOARDING_BLOCKED',
  'ONBOARDING_POSITIVE_END_STATE',
  'ONBOARDING_MANAGEABLE_RISK_POSITIVE_END_STATE',
  'ONBOARDING_NEGATIVE_END_STATE',
  'MONITORING_NOT_STARTED',
  'MONITORING_IN_PROGRESS',
  'MONITORING_ESCALATED',
  'MONITORING_BLOCKED',
  'MONITORING_NO_RISK_DETECTED_POSITIVE_END_STATE',
  'MONITORING_RISK_DETECTED_POSITIVE_END_STATE',
  'MONITORING_RISK_DETECTED_NEGATIVE_END_STATE',
  'PAYMENT_SCREENING_NOT_STARTED',
  'PAYMENT_SCREENING_IN_PROGRESS',
  'PAYMENT_SCREENING_ESCALATED',
  'PAYMENT_SCREENING_BLOCKED',
  'PAYMENT_SCREENING_AWAITING_INFORMATION',
  'PAYMENT_SCREENING_PROCESS_PAYMENT_END_STATE',
  'PAYMENT_SCREENING_REJECT_PAYMENT_END_STATE',
  'TRANSACTION_MONITORING_NOT_STARTED',
  'TRANSACTION_MONITORING_IN_PROGRESS',
  'TRANSACTION_MONITORING_ESCALATED',
  'TRANSACTION_MONITORING_BLOCKED',
  'TRANSACTION_MONITORING_ACCEPTED_POSITIVE_END_STATE',
  'TRANSACTION_MONITORING_ESCALATED_NEGATIVE_END_STATE',
  'USER_DEFINED',
] as const;
export type CaseState = (typeof CASE_STATES)[number];
/** States a caller may request (every state but USER_DEFINED). */
export const CASE_INPUT_STATES = CASE_STATES.filter((s) => s !== 'USER_DEFINED') as Exclude<CaseState, 'USER_DEFINED'>[];

/** The prefix of each case type's states in the spec's state list. */
export const CASE_STATE_PREFIX: Readonly<Record<CaseType, string>> = {
  CUSTOMER_ONBOARDING: 'ONBOARDING_',
  CUSTOMER_MONITORING: 'MONITORING_',
  PAYMENT_SCREENING: 'PAYMENT_SCREENING_',
  TRANSACTION_MONITORING: 'TRANSACTION_MONITORING_',
};

export const CASE_ALERT_STATES = ['NOT_STARTED', 'IN_PROGRESS', 'POSITIVE_END_STATE', 'NEGATIVE_END_STATE'] as const;
export type CaseAlertState = (typeof CASE_ALERT_STATES)[number];
/** ALERT_STATE_UPDATED also allows UNSPECIFIED. */
export const AUDIT_ALERT_STATES = [...CASE_ALERT_STATES, 'UNSPECIFIED'] as const;
export type AuditAlertState = (typeof AUDIT_ALERT_STATES)[number];

export const CASE_ALERT_RISK_SOURCES = ['CUSTOMER_SCREENING', 'PAYMENT_SCREENING', 'TRANSACTION_MONITORING'] as const;
export type CaseAlertRiskSource = (typeof CASE_ALERT_RISK_SOURCES)[number];

export const CASE_ALERT_TYPES = ['CUSTOMER_SCREENING', 'MONITORING', 'PAYMENT_SCREENING', 'TRANSACTION_MONITORING'] as const;
export type CaseAlertType = (typeof CASE_ALERT_TYPES)[number];

export const CASE_CUSTOMER_RISK_LEVELS = ['LOW', 'MEDIUM', 'HIGH', 'PROHIBITED', 'SKIPPED'] as const;
export type CaseCustomerRiskLevel = (typeof CASE_CUSTOMER_RISK_LEVELS)[number];

export const CASE_CUSTOMER_TYPES = ['PERSON', 'COMPANY', 'UNDEFINED'] as const;
export type CaseCustomerType = (typeof CASE_CUSTOMER_TYPES)[number];

/** Case subject `type` in audit details. */
export const CASE_SUBJECT_TYPES = ['CUSTOMER', 'PAYMENT', 'COUNTERPARTY'] as const;
export type CaseSubjectType = (typeof CASE_SUBJECT_TYPES)[number];

/**
 * Subject / payment summary detail type. The spec lists BANK_PAYMENT and CARD_PAYMENT; REMITTANCE is added because
 * the scenario engine raises risks on remittances too (documented in docs/cases.md).
 */
export const CASE_PAYMENT_TYPES = ['BANK_PAYMENT', 'CARD_PAYMENT', 'REMITTANCE'] as const;
export type CasePaymentType = (typeof CASE_PAYMENT_TYPES)[number];

export const CASE_NOTE_TYPES = ['CASE', 'CASE_ASSIGNMENT', 'CASE_TRANSITION'] as const;
export type CaseNoteType = (typeof CASE_NOTE_TYPES)[number];

export const PRIORITY_BANDS = ['HIGH', 'MEDIUM', 'LOW', 'NONE'] as const;
export type PriorityBand = (typeof PRIORITY_BANDS)[number];

/** Band of a priority: 1–3 high, 4–6 medium, 7–9 low, null none. */
export function priorityBand(priority: number | null | undefined): PriorityBand {
  if (priority === null || priority === undefined) return 'NONE';
  if (priority <= 3) return 'HIGH';
  if (priority <= 6) return 'MEDIUM';
  return 'LOW';
}

export const CUSTOMER_STATUSES = ['ONBOARDING', 'ACTIVE', 'CLOSED', 'PROCESSING', 'ONBOARDING_CASE'] as const;
export const RISK_SCORE_LEVELS = ['LOW', 'MEDIUM', 'HIGH', 'PROHIBITED', 'SKIPPED'] as const;
export const RISK_SCORE_TYPES = ['PARTIAL', 'FULL', 'MANUAL'] as const;
export const SCREENING_TYPES = ['UNSPECIFIED', 'MONITORING', 'SCREENING'] as const;

/** Audit record types and the pages they appear on (C case, U customer, T transaction). */
export const AUDIT_PAGES = {
  ALERT_ADDED_TO_CASE: 'C',
  ALERT_STATE_UPDATED: 'C',
  ALERT_MUTED_FOR_RISK: 'U',
  ALERT_UNMUTED_FOR_RISK: 'U',
  CASE_ASSIGNED: 'CT',
  CASE_CREATED: 'CUT',
  CASE_STAGE_TRANSITIONED: 'CUT',
  CUSTOMER_CREATED: 'U',
  CUSTOMER_INFO_UPDATED: 'U',
  CUSTOMER_LABELS_UPDATED: 'U',
  CUSTOMER_MIGRATED: 'U',
  CUSTOMER_MONITORING_CONFIGURATION_UPDATED: 'U',
  CUSTOMER_PRODUCT_UPDATED: 'U',
  CUSTOMER_SCREENED: 'CU',
  CUSTOMER_SEGMENTS_UPDATED: 'U',
  CUSTOMER_STATUS_UPDATED: 'U',
  NOTE_CREATED_TO_CASE_ACTION: 'C',
  NOTE_TO_CASE_OBJECT: 'C',
  NOTE_TO_RISK: 'C',
  NOTE_CREATED_TO_CUSTOMER: 'U',
  PAYMENT_SCREENED: 'T',
  RISK_SCORE_CALCULATED: 'U',
  RISK_STATUS_UPDATED: 'C',
  TRANSACTION_ADDED_TO_CASE: 'T',
  TRANSACTION_MONITORED: 'T',
  TRANSACTION_RECEIVED: 'T',
  TRANSACTION_RELEASE_DECISION: 'T',
} as const;
export type AuditLogType = keyof typeof AUDIT_PAGES;
export const AUDIT_LOG_TYPES = Object.keys(AUDIT_PAGES) as AuditLogType[];

export type AuditScope = 'case' | 'customer' | 'transaction';
export const AUDIT_SCOPE_MARK: Readonly<Record<AuditScope, 'C' | 'U' | 'T'>> = { case: 'C', customer: 'U', transaction: 'T' };
