/**
 * The schemas of the /v1 area in the OpenAPI document. Request bodies are the schemas the services validate with:
 * the transaction area's (TRANSACTION_SCHEMAS, in their input variant, as `compiledValidator` compiles them) and
 * the case area's (CASE_SCHEMAS); responses use their output variants and the case, batch and scenario shapes
 * below. Shared sub-schemas become components (`V1_<mode>_<name>`), as the validator factors them.
 */
import { BATCH_ERROR_REASONS, BATCH_STATUSES, BATCH_UPLOAD_METHODS, BATCH_WORKFLOW_TYPES } from '../../bulk/enums.js';
import {
  CASE_ALERT_RISK_SOURCES,
  CASE_ALERT_STATES,
  CASE_ALERT_TYPES,
  CASE_CUSTOMER_RISK_LEVELS,
  CASE_CUSTOMER_TYPES,
  CASE_STATES,
  CASE_TYPES,
} from '../../cases/enums.js';
import { CASE_AUDIT_DETAIL_SCHEMAS, CASE_SCHEMAS, caseAuditRecordSchema, TRANSACTION_AREA_AUDIT_TYPES, type CaseSchemaName } from '../../cases/schemas.js';
import { deriveSchema, factorSchema, SHARED_SCHEMAS, TRANSACTION_SCHEMAS, type JsonSchema, type TransactionSchemaName } from '../../transactions/schemas.js';
import { CUSTOMER_PROFILE_REQUEST_SCHEMA, CUSTOMER_PROFILE_SCHEMA } from './customer-profiles.js';

export type Schema = JsonSchema;
type Mode = 'input' | 'output';

const componentName = (mode: Mode, name: string) => `V1_${mode}_${name}`;
export const v1Ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });

/** `tamis:<mode>:<name>` references (factorSchema's) become component references. */
function rewriteRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === '$ref' && typeof v === 'string' && v.startsWith('tamis:')) {
      const [, mode, name] = v.split(':') as [string, Mode, string];
      out[k] = `#/components/schemas/${componentName(mode, name)}`;
    } else out[k] = rewriteRefs(v);
  }
  return out;
}

/** The components of the area: the shared sub-schemas in both modes, and the named schemas below. */
export function v1Components(): Record<string, Schema> {
  const out: Record<string, Schema> = {};
  for (const mode of ['input', 'output'] as const) {
    for (const [name, schema] of SHARED_SCHEMAS) out[componentName(mode, name)] = rewriteRefs(deriveSchema(factorSchema(schema, mode), mode)) as Schema;
  }
  return { ...out, ...NAMED };
}

/** A schema of the transaction area as its validator compiles it, in OpenAPI form. */
export function transactionBody(name: TransactionSchemaName, mode: Mode): Schema {
  return rewriteRefs(deriveSchema(factorSchema(TRANSACTION_SCHEMAS[name] as JsonSchema, mode), mode)) as Schema;
}

export const caseBody = (name: CaseSchemaName): Schema => CASE_SCHEMAS[name] as Schema;

// ---------------------------------------------------------------- response shapes not in the library's schemas

const str: Schema = { type: 'string' };
const nstr: Schema = { type: ['string', 'null'] };
const uuid: Schema = { type: 'string', format: 'uuid' };
const nuuid: Schema = { type: ['string', 'null'], format: 'uuid' };
const time: Schema = { type: 'string', format: 'date-time' };
const int: Schema = { type: 'integer' };
const nint: Schema = { type: ['integer', 'null'] };
const bool: Schema = { type: 'boolean' };
const enumOf = (values: readonly string[]): Schema => ({ type: 'string', enum: [...values] });
const arr = (items: Schema): Schema => ({ type: 'array', items });
const obj = (properties: Record<string, Schema>, required: string[] = Object.keys(properties)): Schema => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});
const envelope = (key: string, item: Schema): Schema =>
  obj({ [key]: arr(item), first: str, self: str, next: nstr, prev: nstr, total_count: nint }, [key, 'first', 'self', 'next', 'prev', 'total_count']);

const stage = obj({ identifier: uuid, name: str, case_type: enumOf(CASE_TYPES), state: enumOf(CASE_STATES), version: int, is_end_stage: bool });
const caseProperties: Record<string, Schema> = {
  identifier: uuid,
  created_at: time,
  updated_at: time,
  type: enumOf(CASE_TYPES),
  state: enumOf(CASE_STATES),
  stage,
  last_user_stage: { oneOf: [stage, { type: 'null' }] },
  last_user_state: { type: ['string', 'null'], enum: [...CASE_STATES, null] },
  assignee: nuuid,
  updated_by: nuuid,
  customer: obj({
    identifier: uuid,
    name: str,
    risk_level: enumOf(CASE_CUSTOMER_RISK_LEVELS),
    type: enumOf(CASE_CUSTOMER_TYPES),
    version: int,
    external_identifier: nstr,
  }),
  payment: { oneOf: [obj({ identifier: uuid, external_identifier: str, type: str }), { type: 'null' }] },
  subjects: arr(obj({ identifier: uuid, external_identifier: str, type: { const: 'TRANSACTION' }, detail: obj({ type: str }) })),
  review_items_count: int,
  risk_types: arr(str),
  risk_catalog_risk_types: arr(str),
};
const caseAlert = obj({
  identifier: uuid,
  priority: { type: ['integer', 'null'], minimum: 1, maximum: 9 },
  risk_source: enumOf(CASE_ALERT_RISK_SOURCES),
  state: enumOf(CASE_ALERT_STATES),
  title: str,
  type: enumOf(CASE_ALERT_TYPES),
  updated_at: time,
  updated_by: nuuid,
});
const noteCommon = { identifier: uuid, contents: str, created_at: time, created_by: nuuid, type: str };
const caseNote: Schema = {
  type: 'object',
  required: ['identifier', 'contents', 'created_at', 'created_by', 'type'],
  properties: { ...noteCommon, type: enumOf(['CASE', 'CASE_ASSIGNMENT', 'CASE_TRANSITION']), current_assignee: nuuid, previous_assignee: nuuid, stage: uuid, state: enumOf(CASE_STATES) },
  additionalProperties: false,
};
const errorAttributes = obj(
  {
    affected_rows: arr(int),
    column_names: arr(str),
    column_options: arr(arr(str)),
    expected_range: arr(int),
    max_row_limit: nint,
    rejected_values: arr(str),
    required_format: str,
    required_formats: arr(str),
  },
  [],
);
const fileError = obj({ code: str, attributes: errorAttributes }, ['code']);
const batch = obj(
  {
    identifier: uuid,
    account_identifier: uuid,
    created_at: time,
    updated_at: time,
    created_by: nuuid,
    request: obj({ file_name: str, upload_method: enumOf(BATCH_UPLOAD_METHODS), workflow_type: enumOf(BATCH_WORKFLOW_TYPES) }),
    status: enumOf(BATCH_STATUSES),
    statistics: obj({
      num_of_completed_workflows: int,
      num_of_created_workflows: int,
      num_of_errored_workflows: int,
      num_of_validated_rows: int,
      num_of_processed_rows: int,
    }),
    errors: obj({
      file_errors: arr(fileError),
      row_errors: arr(obj({ row_number: int, errors: arr(fileError) })),
      reason: { type: ['string', 'null'], enum: [...BATCH_ERROR_REASONS, null] },
    }),
  },
);
const scenarioMeta = {
  identifier: uuid,
  version: int,
  name: str,
  description: str,
  format: enumOf(['tamis', 'hosted']),
  source: enumOf(['config', 'api']),
  created_at: { type: ['string', 'null'], format: 'date-time' },
  created_by: nuuid,
};
const totals = obj({ held: int, alerted: int, not_triggered: int, errors: int, segments: { type: 'object', additionalProperties: int } });
const scenarioRef = { type: 'object', required: ['identifier', 'name', 'version', 'description'], properties: { identifier: uuid, name: str, version: int, description: str } };

/** Every audit record type of the spec, each checked against its own detail schema. */
function auditRecord(): Schema {
  const types = ['TRANSACTION_RECEIVED', 'TRANSACTION_MONITORED', 'PAYMENT_SCREENED', 'TRANSACTION_RELEASE_DECISION', 'ALERT_MUTED_FOR_RISK', 'RISK_STATUS_UPDATED', ...Object.keys(CASE_AUDIT_DETAIL_SCHEMAS)];
  return {
    type: 'object',
    required: ['identifier', 'occurred_at', 'type', 'detail'],
    properties: { type: enumOf(types) },
    allOf: types.map((t) => ({
      if: { properties: { type: { const: t } }, required: ['type'] },
      then: TRANSACTION_AREA_AUDIT_TYPES.has(t) ? v1Ref('V1_AuditTransactionRecord') : (caseAuditRecordSchema(t) as Schema),
    })),
  };
}

const NAMED: Record<string, Schema> = {
  V1_Problem: {
    ...(TRANSACTION_SCHEMAS.problem_detail as Schema),
    properties: {
      ...((TRANSACTION_SCHEMAS.problem_detail as { properties: Record<string, Schema> }).properties),
      errors: arr(obj({ code: str, message: str, path: str })),
    },
    required: ['identifier', 'timestamp', 'status', 'title', 'detail', 'errors'],
  },
  V1_Transaction: transactionBody('transaction', 'output'),
  V1_AuditTransactionRecord: transactionBody('audit_record', 'output'),
  V1_AuditRecord: auditRecord(),
  V1_AuditPage: envelope('audit_logs', v1Ref('V1_AuditRecord')),
  V1_Case: obj(caseProperties),
  V1_CaseListItem: obj({ ...caseProperties, alerts: obj({ count: int, highest_priority: { type: ['integer', 'null'], minimum: 1, maximum: 9 } }) }),
  V1_CaseAlert: caseAlert,
  V1_CaseNote: caseNote,
  V1_CaseStage: stage,
  V1_Batch: batch,
  V1_ScenarioVersion: obj({ ...scenarioMeta, definition: { type: 'object' } }),
  V1_ScenarioSummary: obj({ ...scenarioMeta, versions: arr(int) }),
  V1_BacktestReport: obj({
    candidate: scenarioRef,
    in_force: { oneOf: [scenarioRef, { type: 'null' }] },
    evaluated: int,
    candidate_totals: totals,
    in_force_totals: { oneOf: [totals, { type: 'null' }] },
    newly_held: arr(str),
    no_longer_held: arr(str),
    held_by_both: arr(str),
    errors: arr(obj({ external_identifier: str, problems: arr(obj({ code: str, message: str, path: str })) })),
  }),
  V1_CustomerProfile: CUSTOMER_PROFILE_SCHEMA as unknown as Schema,
  V1_CustomerProfileRequest: CUSTOMER_PROFILE_REQUEST_SCHEMA as unknown as Schema,
};

/** Response shapes by name, for the route table. */
export const V1 = {
  problem: v1Ref('V1_Problem'),
  transaction: v1Ref('V1_Transaction'),
  auditPage: v1Ref('V1_AuditPage'),
  case: v1Ref('V1_Case'),
  caseList: envelope('cases', v1Ref('V1_CaseListItem')),
  alerts: arr(v1Ref('V1_CaseAlert')),
  alert: v1Ref('V1_CaseAlert'),
  notes: arr(v1Ref('V1_CaseNote')),
  note: v1Ref('V1_CaseNote'),
  stages: obj({ stages: arr(v1Ref('V1_CaseStage')) }),
  assigned: obj({ assignee: nuuid, updated_at: time, updated_by: nuuid }),
  transition: obj({ stage_identifier: uuid, last_user_stage_identifier: nuuid, state: enumOf(CASE_STATES), last_user_state: { type: ['string', 'null'], enum: [...CASE_STATES, null] } }),
  bulkResult: obj({
    results: { type: ['array', 'null'], items: obj({ identifier: uuid, success: bool, errors: { type: ['array', 'null'], items: obj({ message: str, detail: str }) } }) },
  }),
  batch: v1Ref('V1_Batch'),
  batchList: envelope('batches', v1Ref('V1_Batch')),
  batchReport: obj({ workflows_download_link: nstr }),
  deletedBatch: obj({ identifier: uuid }),
  scenario: v1Ref('V1_ScenarioVersion'),
  scenarioVersions: obj({ versions: arr(v1Ref('V1_ScenarioVersion')) }),
  scenarioList: envelope('scenarios', v1Ref('V1_ScenarioSummary')),
  backtest: v1Ref('V1_BacktestReport'),
  riskTypes: obj({ identifier: uuid, risk_types: arr(str) }),
  riskDecision: obj({ identifier: uuid, decision: enumOf(['NOT_REVIEWED', 'IN_REVIEW', 'FALSE_POSITIVE', 'TRUE_POSITIVE']) }),
  customer: v1Ref('V1_CustomerProfile'),
  customerRequest: v1Ref('V1_CustomerProfileRequest'),
  backtestRequest: { type: 'object', additionalProperties: false, properties: { version: { type: 'integer', minimum: 1 }, definition: { type: 'object' } } },
  scenarioDefinition: { type: 'object', description: 'A tamis scenario definition (schema_version, identifier, version, segments) or a hosted-language document (specification)' },
} as const;

export const pageQuery: Record<string, Schema> = {
  page_number: { type: 'integer', minimum: 1, description: 'page, from 1 (default 1)' },
  page_size: { type: 'integer', minimum: 1, maximum: 1000, description: 'items per page (default 50)' },
};
