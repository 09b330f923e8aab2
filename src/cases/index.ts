/**
 * Case management: cases of the four types with their stages, alerts grouped from the scenario engine, assignment,
 * transitions, notes, bulk actions, and the audit log (case, customer and transaction pages). Ports with in-memory
 * adapters; SQLite adapters at `tamis/cases/sqlite`, conformance suites at `tamis/cases/testing`.
 */
export * from './enums.js';
export type * from './types.js';
export {
  CaseStoreConflictError,
  type CaseStore,
  type CaseStoreOp,
  type CaseStoreQuery,
  type AuditStore,
  type AuditEntry,
} from './ports.js';
export { InMemoryCaseStore, InMemoryAuditStore, createInMemoryCaseStores, caseMatchesQuery, compareCasesNewestFirst } from './memory.js';
export { DEFAULT_CASE_STAGES, createStageCatalog, type CaseStageCatalog } from './stages.js';
export {
  NOTE_MAX_LENGTH,
  BULK_MAX_CASES,
  CASE_SCHEMAS,
  CASE_AUDIT_DETAIL_SCHEMAS,
  TRANSACTION_AREA_AUDIT_TYPES,
  caseAuditRecordSchema,
  validateCaseShape,
  validateAuditRecord,
  type CaseJsonSchema,
  type CaseSchemaName,
} from './schemas.js';
export {
  auditLinks,
  createAuditLog,
  transactionAuditSink,
  casePageParams,
  casePageEnvelope,
  type AuditLog,
  type AuditLogOptions,
  type AuditLinkContext,
} from './audit.js';
export {
  createCaseService,
  toCaseAlert,
  toCaseNote,
  type CaseService,
  type CaseServiceOptions,
  type CaseCustomerInput,
  type CaseAlertInput,
  type AddAlertsInput,
  type AddAlertsOutcome,
} from './service.js';
