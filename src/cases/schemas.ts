/**
 * JSON Schemas (draft-07) of the case-management area: request payloads and the audit log records (V2) of every
 * type in the spec's table. Compiled on the transaction area's ajv instance (`transactionAjv`), violations mapped by
 * its `violationsFromAjv`, so codes and paths are the same across areas. Audit types the transaction area already
 * defines (TRANSACTION_*, PAYMENT_SCREENED, ALERT_MUTED_FOR_RISK, RISK_STATUS_UPDATED) are validated with its schema.
 */
import type { ValidateFunction } from 'ajv';
import type { Result } from '../errors.js';
import { AUDIT_TRANSACTION_TYPES, TRANSACTION_ACTOR_TYPES, TRANSACTION_RISK_SOURCES } from '../transactions/enums.js';
import type { TransactionViolation } from '../transactions/types.js';
import { transactionAjv, validateTransactionShape, violationsFromAjv } from '../transactions/validation.js';
import {
  AUDIT_ALERT_STATES,
  CASE_INPUT_STATES,
  CASE_SUBJECT_TYPES,
  CASE_TYPES,
  CUSTOMER_STATUSES,
  RISK_SCORE_LEVELS,
  RISK_SCORE_TYPES,
  SCREENING_TYPES,
} from './enums.js';
import { own } from '../own.js';

export type CaseJsonSchema = { [key: string]: unknown };

// ---------------------------------------------------------------- builders (same conventions as transactions/schemas.ts)

const str = (maxLength?: number, extra: CaseJsonSchema = {}): CaseJsonSchema =>
  maxLength === undefined ? { type: 'string', ...extra } : { type: 'string', maxLength, ...extra };
const nullable = (s: CaseJsonSchema): CaseJsonSchema => {
  if (Array.isArray(s.enum)) return { ...s, type: [s.type, 'null'], enum: [...(s.enum as unknown[]), null] };
  if (typeof s.type === 'string') return { ...s, type: [s.type, 'null'] };
  return { anyOf: [{ type: 'null' }, s] };
};
const enumOf = (values: readonly string[], code = 'INVALID_VALUE'): CaseJsonSchema => ({ type: 'string', enum: [...values], 'x-code': code });
const uuid = (): CaseJsonSchema => ({ type: 'string', format: 'uuid', 'x-code': 'INVALID_IDENTIFIER' });
const dateTime = (): CaseJsonSchema => ({ type: 'string', format: 'date-time', 'x-code': 'INVALID_TIMESTAMP' });
const int32 = (): CaseJsonSchema => ({ type: 'integer', minimum: -2147483648, maximum: 2147483647, 'x-code': 'INVALID_NUMBER' });
const bool = (): CaseJsonSchema => ({ type: 'boolean', 'x-code': 'INVALID_BOOLEAN' });
const obj = (properties: Record<string, CaseJsonSchema>, required: string[] = [], additional = false): CaseJsonSchema => ({
  type: 'object',
  properties,
  required,
  additionalProperties: additional,
});
const setOf = (item: CaseJsonSchema): CaseJsonSchema => ({ type: 'array', uniqueItems: true, items: item });

/** Max characters of a note. */
export const NOTE_MAX_LENGTH = 5000;
/** Max case identifiers in a bulk action query. */
export const BULK_MAX_CASES = 100;

const note = (): CaseJsonSchema => str(NOTE_MAX_LENGTH, { 'x-code': { maxLength: 'MAX_SIZE_LIMIT_REACHED', type: 'INVALID_TYPE' } });

// ---------------------------------------------------------------- requests

export const caseAssignmentSchema = obj({ assignee: nullable(uuid()) }, ['assignee']);
export const caseStageTransitionSchema = obj({ stage_identifier: uuid(), note: nullable(note()) }, ['stage_identifier']);
export const caseStateTransitionSchema = obj({ state: enumOf(CASE_INPUT_STATES), note: nullable(note()) }, ['state']);
export const caseNoteRequestSchema = obj({ note: note(), risk_identifier: nullable(uuid()) }, ['note']);
const bulkQuery = obj(
  {
    identifier: {
      type: 'array',
      minItems: 1,
      maxItems: BULK_MAX_CASES,
      items: uuid(),
      'x-code': { maxItems: 'MAX_SIZE_LIMIT_REACHED', minItems: 'MIN_SIZE_LIMIT_REACHED' },
    },
  },
  ['identifier'],
);
export const bulkAssignRequestSchema = obj(
  { payload: obj({ assignee: nullable(uuid()), note: nullable(note()) }, ['assignee']), query: bulkQuery },
  ['payload', 'query'],
);
export const bulkNoteRequestSchema = obj({ payload: obj({ note: note() }, ['note']), query: bulkQuery }, ['payload', 'query']);

// ---------------------------------------------------------------- audit records

const idRef = obj({ identifier: uuid() }, ['identifier']);
const customerRef = obj({ identifier: uuid(), version: int32() }, ['identifier', 'version'], true);
const caseRef = obj(
  {
    identifier: uuid(),
    type: enumOf(CASE_TYPES),
    subject: obj({ identifier: str(), type: enumOf(CASE_SUBJECT_TYPES) }, ['identifier', 'type']),
  },
  ['identifier', 'type', 'subject'],
);
const stageRef = obj({ identifier: uuid(), version: int32() }, ['identifier', 'version']);
const noteRef = obj({ content: note(), identifier: uuid(), version: int32() }, ['content', 'identifier', 'version']);
const riskSource = enumOf(TRANSACTION_RISK_SOURCES);
const muteDetail = obj(
  {
    customer: idRef,
    mute_key: str(),
    risk: obj({ source: riskSource, identifier: nullable(uuid()) }, ['source']),
    case: idRef,
  },
  ['customer', 'mute_key', 'risk'],
);
const monitoring = obj({ enabled: bool(), configuration_identifier: nullable(str()) }, ['enabled']);
const product = obj({ identifier: str(), name: str() }, ['identifier', 'name']);
const segment = obj({ identifier: str(), version: int32() }, ['identifier', 'version']);
const riskScore = obj(
  {
    identifier: str(),
    overall_value: { type: 'number', 'x-code': 'INVALID_NUMBER' },
    overall_level: nullable(enumOf(RISK_SCORE_LEVELS)),
    type: nullable(enumOf(RISK_SCORE_TYPES)),
  },
  ['identifier', 'overall_value'],
);

/** Detail schema per audit type of this area (the transaction area's types are validated by its own schema). */
export const CASE_AUDIT_DETAIL_SCHEMAS: Readonly<Record<string, CaseJsonSchema>> = {
  ALERT_ADDED_TO_CASE: obj({ alert_identifiers: setOf(uuid()), case: idRef }, ['alert_identifiers', 'case']),
  ALERT_STATE_UPDATED: obj(
    { alert: idRef, previous_state: nullable(enumOf(AUDIT_ALERT_STATES)), state: nullable(enumOf(AUDIT_ALERT_STATES)) },
    ['alert'],
  ),
  ALERT_UNMUTED_FOR_RISK: muteDetail,
  CASE_ASSIGNED: obj({ case: caseRef, customer: customerRef, assignee: idRef, previous_assignee: idRef }, ['case', 'customer']),
  CASE_CREATED: obj({ case: caseRef, customer: customerRef }, ['case', 'customer']),
  CASE_STAGE_TRANSITIONED: obj({ case: caseRef, customer: customerRef, previous_stage: stageRef, stage: stageRef }, [
    'case',
    'customer',
    'previous_stage',
    'stage',
  ]),
  CUSTOMER_CREATED: obj({ customer: customerRef }, ['customer']),
  CUSTOMER_INFO_UPDATED: obj({ customer: customerRef, previous_customer: customerRef }, ['customer']),
  CUSTOMER_LABELS_UPDATED: obj(
    { customer: customerRef, added_label_identifiers: setOf(uuid()), removed_label_identifiers: setOf(uuid()) },
    ['customer', 'added_label_identifiers', 'removed_label_identifiers'],
  ),
  CUSTOMER_MIGRATED: obj({ csom_search_ref: str(), customer: idRef }, ['csom_search_ref', 'customer']),
  CUSTOMER_MONITORING_CONFIGURATION_UPDATED: obj({ customer: customerRef, monitoring, previous_monitoring: monitoring }, [
    'customer',
    'monitoring',
    'previous_monitoring',
  ]),
  CUSTOMER_PRODUCT_UPDATED: obj({ customer: customerRef, created_products: setOf(product), deleted_products: setOf(product) }, [
    'customer',
    'created_products',
    'deleted_products',
  ]),
  CUSTOMER_SCREENED: obj(
    {
      customer: customerRef,
      risk_identifiers: { type: 'array', items: uuid() },
      risk_source: riskSource,
      screening_configuration: obj(
        {
          screening_type: enumOf(SCREENING_TYPES),
          configuration_identifier: nullable(str()),
          configuration_version: nullable(int32()),
        },
        ['screening_type'],
      ),
      alert: idRef,
      case: idRef,
    },
    ['customer', 'risk_identifiers', 'risk_source', 'screening_configuration'],
  ),
  CUSTOMER_SEGMENTS_UPDATED: obj(
    { customer: customerRef, added_segment_identifiers: setOf(segment), removed_segment_identifiers: setOf(segment) },
    ['customer', 'added_segment_identifiers', 'removed_segment_identifiers'],
  ),
  CUSTOMER_STATUS_UPDATED: obj(
    {
      customer: obj(
        {
          identifier: uuid(),
          status: enumOf(CUSTOMER_STATUSES),
          version: int32(),
          previous_status: nullable(enumOf(CUSTOMER_STATUSES)),
        },
        ['identifier', 'status', 'version'],
      ),
    },
    ['customer'],
  ),
  NOTE_CREATED_TO_CASE_ACTION: obj({ case: idRef, note: noteRef }, ['case', 'note']),
  NOTE_TO_CASE_OBJECT: obj({ case: idRef, note: noteRef }, ['case', 'note']),
  NOTE_TO_RISK: obj({ case: idRef, note: noteRef, risk: idRef }, ['case', 'note', 'risk']),
  NOTE_CREATED_TO_CUSTOMER: obj({ customer_identifier: uuid(), note: noteRef }, ['customer_identifier', 'note']),
  RISK_SCORE_CALCULATED: obj(
    {
      customer: customerRef,
      risk_score: riskScore,
      previous_risk_score: nullable(riskScore),
      override_reason: nullable(str()),
      previous_override_reason: nullable(str()),
    },
    ['customer', 'risk_score'],
  ),
  TRANSACTION_ADDED_TO_CASE: obj(
    {
      case: idRef,
      transaction: obj({ identifier: uuid(), type: enumOf(AUDIT_TRANSACTION_TYPES, 'INVALID_TRANSACTION_TYPE') }, ['identifier', 'type']),
    },
    ['case', 'transaction'],
  ),
};

/** Audit types whose schema lives in the transaction area. */
export const TRANSACTION_AREA_AUDIT_TYPES: ReadonlySet<string> = new Set([
  'TRANSACTION_RECEIVED',
  'TRANSACTION_MONITORED',
  'PAYMENT_SCREENED',
  'TRANSACTION_RELEASE_DECISION',
  'ALERT_MUTED_FOR_RISK',
  'RISK_STATUS_UPDATED',
]);

const auditCommon = {
  identifier: uuid(),
  occurred_at: dateTime(),
  actioned_by: obj({ type: enumOf(TRANSACTION_ACTOR_TYPES), identifier: nullable(uuid()) }, ['type']),
  grouping_key: nullable(str()),
};

/** The full record schema of one audit type of this area. */
export function caseAuditRecordSchema(type: string): CaseJsonSchema | undefined {
  const detail = own(CASE_AUDIT_DETAIL_SCHEMAS, type);
  if (!detail) return undefined;
  return obj({ ...auditCommon, type: { const: type }, detail }, ['identifier', 'occurred_at', 'type', 'detail']);
}

// ---------------------------------------------------------------- validation

const compiled = new Map<string, ValidateFunction>();
function validatorOf(key: string, schema: CaseJsonSchema): ValidateFunction {
  let fn = compiled.get(key);
  if (!fn) {
    fn = transactionAjv().compile(schema);
    compiled.set(key, fn);
  }
  return fn;
}

export const CASE_SCHEMAS = {
  case_assignment: caseAssignmentSchema,
  case_stage_transition: caseStageTransitionSchema,
  case_state_transition: caseStateTransitionSchema,
  case_note_request: caseNoteRequestSchema,
  bulk_assign_request: bulkAssignRequestSchema,
  bulk_note_request: bulkNoteRequestSchema,
} as const;
export type CaseSchemaName = keyof typeof CASE_SCHEMAS;

/** Validate a request payload of this area; every violation with its JSON path and stable code. */
export function validateCaseShape<T>(name: CaseSchemaName, value: unknown): Result<T, TransactionViolation[]> {
  const fn = validatorOf(`req:${name}`, CASE_SCHEMAS[name]);
  if (fn(value)) return { ok: true, value: value as T };
  return { ok: false, error: violationsFromAjv(fn.errors ?? []) };
}

/** Validate an audit log record of any type of the spec's table against its type's detail shape. */
export function validateAuditRecord(value: unknown): Result<unknown, TransactionViolation[]> {
  const type = (value as { type?: unknown } | null)?.type;
  if (typeof type !== 'string') {
    return { ok: false, error: [{ code: 'MANDATORY_COLUMN_MISSING', message: 'type is required', path: '$.type' }] };
  }
  if (TRANSACTION_AREA_AUDIT_TYPES.has(type)) return validateTransactionShape('audit_record', value, 'output');
  const schema = caseAuditRecordSchema(type);
  if (!schema) return { ok: false, error: [{ code: 'INVALID_VALUE', message: `unknown audit type ${type}`, path: '$.type' }] };
  const fn = validatorOf(`audit:${type}`, schema);
  if (fn(value)) return { ok: true, value };
  return { ok: false, error: violationsFromAjv(fn.errors ?? []) };
}
