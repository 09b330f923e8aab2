/**
 * JSON Schemas (draft-07) of every shape of the transaction area (transaction-contracts.md).
 *
 * Conventions:
 * - `readOnly: true` marks fields set by the service: rejected on input (`READ_ONLY_FIELD`).
 * - `writeOnly: true` marks fields accepted on input and never echoed: rejected on output (`WRITE_ONLY_FIELD`).
 *   `deriveSchema(schema, mode)` turns one annotated schema into the input or the output variant.
 * - `x-code` names the stable violation code of a schema (the spec's bulk row error code for the same fault where one
 *   exists): a string for every keyword of that schema, or an object keyed by ajv keyword.
 * - Discriminated unions are `allOf` of `if`/`then` on the tag plus an `enum` on the tag, so a bad tag yields one
 *   violation with the tag's code and a good tag yields only the violations of its branch.
 */
import {
  ADDRESS_TYPES,
  AGENT_ROLES,
  TRANSACTION_ACTOR_TYPES,
  AUDIT_TRANSACTION_TYPES,
  AUTHORIZATION_STATES,
  AUTHORIZATION_TYPES,
  BANK_PAYMENT_STATES,
  CARD_FUNDING_TYPES,
  CARD_PAYMENT_SCOPES,
  CARD_PAYMENT_STAGES,
  CARD_PAYMENT_TYPES,
  CARD_SCHEMES,
  CARD_WALLET_TYPES,
  CHARGEBACK_OUTCOMES,
  DIRECTIONS,
  EVALUATION_OUTCOMES,
  FINCEN_CASH_TRANSACTION_SUBTYPES,
  MERCHANT_CATEGORY_TYPES,
  MONETARY_TYPES,
  PAYMENT_CHANNELS,
  PAYMENT_SCHEMES,
  TRANSACTION_PROFILE_HIT_STATES,
  REMITTANCE_PAYMENT_METHODS,
  REMITTANCE_PURPOSES,
  REMITTANCE_RELATIONSHIPS,
  REVIEW_DECISIONS,
  REVIEW_DECISION_STATES,
  TRANSACTION_RISK_DECISIONS,
  TRANSACTION_RISK_SOURCES,
  TRANSACTION_RISK_KINDS,
  SEGMENT_OUTCOMES,
  SERVICE_PROVIDER_TYPES,
  SOURCES_OF_FUNDS,
  VERIFICATION_RESULTS,
  TRANSACTION_ALERT_STATES,
} from './enums.js';

export type JsonSchema = { [key: string]: unknown };

// ---------------------------------------------------------------- builders

const nullable = (s: JsonSchema): JsonSchema => {
  if (Array.isArray(s.enum)) {
    const type = typeof s.type === 'string' ? { type: [s.type, 'null'] } : {};
    return { ...s, ...type, enum: [...(s.enum as unknown[]), null] };
  }
  // `x-nullable-of` lets the validator swap the copy for a reference to the shared schema (see SHARED_SCHEMAS).
  if (s.type === 'object') return { ...s, type: ['object', 'null'], 'x-nullable-of': s };
  if (typeof s.type === 'string') return { ...s, type: [s.type, 'null'] };
  return { anyOf: [{ type: 'null' }, s] };
};
const str = (maxLength?: number, extra: JsonSchema = {}): JsonSchema =>
  maxLength === undefined ? { type: 'string', ...extra } : { type: 'string', maxLength, ...extra };
const nstr = (maxLength?: number, extra: JsonSchema = {}): JsonSchema => nullable(str(maxLength, extra));
const enumOf = (values: readonly string[], code = 'INVALID_VALUE'): JsonSchema => ({
  type: 'string',
  enum: [...values],
  'x-code': code,
});
const uuid = (): JsonSchema => ({ type: 'string', format: 'uuid', 'x-code': 'INVALID_IDENTIFIER' });
const dateTime = (): JsonSchema => ({ type: 'string', format: 'date-time', 'x-code': 'INVALID_TIMESTAMP' });
const int32 = (): JsonSchema => ({ type: 'integer', minimum: -2147483648, maximum: 2147483647, 'x-code': 'INVALID_NUMBER' });
const int64 = (): JsonSchema => ({ type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991, 'x-code': 'INVALID_NUMBER' });
const ro = (s: JsonSchema): JsonSchema => ({ ...s, readOnly: true });
const wo = (s: JsonSchema): JsonSchema => ({ ...s, writeOnly: true });

function obj(properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema {
  return { type: 'object', properties, required, additionalProperties: false };
}

/** Tagged union: `tag` selects the branch; each branch is a complete object schema. */
function union(tag: string, branches: Record<string, JsonSchema>, code: string): JsonSchema {
  return {
    type: 'object',
    required: [tag],
    properties: { [tag]: enumOf(Object.keys(branches), code) },
    allOf: Object.entries(branches).map(([value, branch]) => ({
      if: { type: 'object', properties: { [tag]: { const: value } }, required: [tag] },
      then: branch,
    })),
  };
}

// ---------------------------------------------------------------- common pieces

export const currencySchema: JsonSchema = {
  type: 'string',
  pattern: '^[A-Z]{3}$',
  format: 'iso4217',
  'x-code': 'INVALID_CURRENCY_CODE',
};
export const countrySchema: JsonSchema = {
  type: 'string',
  pattern: '^[A-Z]{2}$',
  format: 'iso3166-alpha2',
  'x-code': 'INVALID_COUNTRY_CODE',
};
export const BIC_PATTERN = '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$';

export const monetaryValueSchema = obj(
  { amount: { type: 'number', 'x-code': 'INVALID_NUMBER' }, currency: currencySchema },
  ['amount', 'currency'],
);

export const addressSchema = union(
  'format',
  {
    STRUCTURED: obj({
      format: { const: 'STRUCTURED' },
      address_line1: str(256),
      address_line2: str(256),
      town_name: str(256),
      postal_code: str(256),
      country_subdivision: str(256),
      address_type: enumOf(ADDRESS_TYPES, 'INVALID_ADDRESS_TYPE'),
      country: countrySchema,
    }),
    UNSTRUCTURED: obj({ format: { const: 'UNSTRUCTURED' }, country: str(), local_details: str(512) }),
  },
  'INVALID_VALUE',
);

export const partyIdentifierSchema = union(
  'type',
  {
    CUSTOMER: obj({
      type: { const: 'CUSTOMER' },
      external_identifier: wo(str(512)),
      identifier: ro(uuid()),
    }),
    COUNTERPARTY: obj({ type: { const: 'COUNTERPARTY' }, external_identifier: str(512) }),
  },
  'INVALID_VALUE',
);

export const partyIdentificationSchema = obj({
  name: nstr(256),
  identifier: nullable(partyIdentifierSchema),
  address: nullable(addressSchema),
});

const namedOperator = obj({ identifier: str(256), name: str(256) });

export const agentSchema = obj(
  {
    role: enumOf(AGENT_ROLES, 'INVALID_AGENT_ROLE'),
    bank: obj({
      bic: str(undefined, { pattern: BIC_PATTERN, 'x-code': 'INVALID_BIC' }),
      name: str(256),
      legal_entity_address: addressSchema,
    }),
    index: nullable(int32()),
    money_transfer_operator: namedOperator,
    online_remittance_platform: namedOperator,
    reference_text: str(512),
  },
  ['role'],
);

const agentsSchema: JsonSchema = { type: 'array', maxItems: 10, items: agentSchema, 'x-code': { maxItems: 'TOO_MANY_AGENTS' } };

// ---------------------------------------------------------------- payment types

export const bankPaymentDetailsSchema = obj(
  {
    type: { const: 'BANK_PAYMENT' },
    creditor: partyIdentificationSchema,
    debtor: partyIdentificationSchema,
    payment_scheme: enumOf(PAYMENT_SCHEMES, 'INVALID_PAYMENT_SCHEME'),
    state: enumOf(BANK_PAYMENT_STATES, 'INVALID_BANK_PAYMENT_STATE'),
    agents: agentsSchema,
    ultimate_creditor: partyIdentificationSchema,
    ultimate_debtor: partyIdentificationSchema,
  },
  ['type', 'creditor', 'debtor', 'payment_scheme', 'state'],
);

const verificationCheck = obj({
  result: enumOf(VERIFICATION_RESULTS, 'INVALID_CARD_VERIFICATION_RESULT'),
  description: nstr(200),
});

export const merchantSchema = obj({
  category_type: enumOf(MERCHANT_CATEGORY_TYPES, 'INVALID_MERCHANT_CATEGORY_TYPE'),
  details: partyIdentificationSchema,
  mcc_category_code: str(undefined, { pattern: '^[0-9]{4}$', 'x-code': 'INVALID_MERCHANT_CATEGORY_CODE' }),
  mcc_code_description: str(200),
});

export const pointOfSaleSchema = obj({
  condition: nullable(
    obj({
      code: nstr(undefined, { pattern: '^[0-9]{2}$', 'x-code': 'INVALID_POS_CONDITION_CODE' }),
      description: nstr(200),
    }),
  ),
  entry_mode: nullable(
    obj({
      code: nstr(undefined, { pattern: '^[0-9]{3}$', 'x-code': 'INVALID_POS_ENTRY_MODE_CODE' }),
      description: nstr(200),
    }),
  ),
});

export const paymentStagesInfoSchema = obj({
  authorization: obj({
    identifier: str(50),
    response: obj({
      code: str(10, { 'x-code': 'INVALID_CARD_AUTHORIZATION_RESPONSE_CODE' }),
      reason_code: str(50),
    }),
    state: enumOf(AUTHORIZATION_STATES, 'INVALID_CARD_AUTHORIZATION_STATE'),
    timestamp: dateTime(),
    type: enumOf(AUTHORIZATION_TYPES, 'INVALID_CARD_AUTHORIZATION_TYPE'),
    value: monetaryValueSchema,
  }),
  chargeback: obj(
    {
      timestamp: dateTime(),
      value: monetaryValueSchema,
      description: str(255),
      outcome: enumOf(CHARGEBACK_OUTCOMES, 'INVALID_CARD_CHARGEBACK_OUTCOME'),
      reason: str(50),
    },
    ['timestamp', 'value'],
  ),
  refund: obj({ timestamp: dateTime(), reason: obj({ code: str(50), description: str(200) }) }, ['timestamp']),
  reversal: obj({ timestamp: dateTime(), value: monetaryValueSchema, identifier: str(50) }, ['timestamp', 'value']),
  settlement: obj({ timestamp: dateTime(), value: monetaryValueSchema }, ['timestamp', 'value']),
});

export const cardPaymentDetailsSchema = obj(
  {
    type: { const: 'CARD_PAYMENT' },
    acquirer: obj({ identifier: str(50), details: partyIdentificationSchema }),
    card: obj(
      {
        fingerprint: str(100),
        funding_type: enumOf(CARD_FUNDING_TYPES, 'INVALID_CARD_FUNDING_TYPE'),
        wallet_identifier: nstr(50),
        wallet_type: enumOf(CARD_WALLET_TYPES, 'INVALID_CARD_WALLET_TYPE'),
      },
      ['fingerprint'],
    ),
    card_holder: obj({ details: partyIdentificationSchema }),
    card_payment_scope: enumOf(CARD_PAYMENT_SCOPES, 'INVALID_CARD_PAYMENT_SCOPE'),
    card_payment_type: enumOf(CARD_PAYMENT_TYPES, 'INVALID_CARD_PAYMENT_TYPE'),
    card_scheme: enumOf(CARD_SCHEMES, 'INVALID_CARD_SCHEME'),
    card_verification_results: obj({
      avs_check: verificationCheck,
      cvc_check: verificationCheck,
      three_d_secure_check: verificationCheck,
    }),
    issuer: obj({
      bank_identification_number: str(undefined, {
        pattern: '^[0-9]{6,8}$',
        'x-code': 'INVALID_BANK_IDENTIFICATION_NUMBER',
      }),
      details: partyIdentificationSchema,
    }),
    merchant: merchantSchema,
    sub_merchant: merchantSchema,
    payment_stage: enumOf(CARD_PAYMENT_STAGES, 'INVALID_CARD_PAYMENT_STAGE'),
    payment_stages_info: paymentStagesInfoSchema,
    point_of_sale: pointOfSaleSchema,
    related_transaction_identifier: str(100),
  },
  ['type'],
);

export const remittanceDetailsSchema = obj(
  {
    type: { const: 'REMITTANCE' },
    creditor: obj(
      {
        details: partyIdentificationSchema,
        cash_pickup: obj({ agent_network: str(256), country: countrySchema, location_identifier: str(256) }),
      },
      ['details'],
    ),
    debtor: partyIdentificationSchema,
    agents: agentsSchema,
    collection_method: enumOf(REMITTANCE_PAYMENT_METHODS, 'INVALID_REMITTANCE_PAYMENT_METHOD'),
    source_payment_method: enumOf(REMITTANCE_PAYMENT_METHODS, 'INVALID_REMITTANCE_PAYMENT_METHOD'),
    payment_scheme: enumOf(PAYMENT_SCHEMES, 'INVALID_PAYMENT_SCHEME'),
    purpose_of_payment: enumOf(REMITTANCE_PURPOSES, 'INVALID_REMITTANCE_PURPOSE'),
    relationship: enumOf(REMITTANCE_RELATIONSHIPS, 'INVALID_REMITTANCE_RELATIONSHIP'),
    service_provider: obj({
      identifier: str(256),
      name: str(256),
      type: enumOf(SERVICE_PROVIDER_TYPES, 'INVALID_REMITTANCE_SERVICE_PROVIDER_TYPE'),
    }),
    source_of_funds: enumOf(SOURCES_OF_FUNDS, 'INVALID_REMITTANCE_SOURCE_OF_FUNDS'),
    ultimate_creditor: partyIdentificationSchema,
    ultimate_debtor: partyIdentificationSchema,
  },
  ['type', 'creditor', 'debtor'],
);

export const monetaryDetailsSchema = obj(
  {
    classification: { const: 'MONETARY', 'x-code': 'INVALID_TRANSACTION_CLASSIFICATION' },
    base_value: monetaryValueSchema,
    value: monetaryValueSchema,
    details: union(
      'type',
      { BANK_PAYMENT: bankPaymentDetailsSchema, CARD_PAYMENT: cardPaymentDetailsSchema, REMITTANCE: remittanceDetailsSchema },
      'INVALID_TRANSACTION_TYPE',
    ),
    direction: ro(enumOf(DIRECTIONS)),
    payment_channel: enumOf(PAYMENT_CHANNELS, 'INVALID_PAYMENT_CHANNEL'),
    product_name: str(256),
    reference_text: str(512),
    customer_account_balance: obj({ current_balance: monetaryValueSchema }, ['current_balance']),
  },
  ['classification', 'base_value', 'details'],
);

const customFieldValue = union(
  'data_type',
  {
    TEXT: obj({ data_type: { const: 'TEXT' }, text: str(256) }, ['data_type', 'text']),
    DECIMAL: obj({ data_type: { const: 'DECIMAL' }, decimal: { type: 'number', 'x-code': 'INVALID_NUMBER' } }, [
      'data_type',
      'decimal',
    ]),
  },
  'INVALID_VALUE',
);

export const customFieldSchema = obj({ key: str(), value: customFieldValue }, ['key', 'value']);

const enrichmentValue = union(
  'data_type',
  {
    TEXT: obj({ data_type: { const: 'TEXT' }, text: str(256) }, ['data_type', 'text']),
    DECIMAL: obj({ data_type: { const: 'DECIMAL' }, decimal: { type: 'number', 'x-code': 'INVALID_NUMBER' } }, [
      'data_type',
      'decimal',
    ]),
    BOOLEAN: obj({ data_type: { const: 'BOOLEAN' }, boolean: { type: 'boolean', 'x-code': 'INVALID_BOOLEAN' } }, [
      'data_type',
      'boolean',
    ]),
  },
  'INVALID_VALUE',
);

export const enrichmentSchema = obj(
  { key: str(), type: enumOf(['LOOKUP_LIST']), value: enrichmentValue },
  ['key', 'type', 'value'],
);

/** Transaction (V3). Use `deriveSchema(transactionSchema, 'input' | 'output')`. */
export const transactionSchema = obj(
  {
    external_identifier: str(512),
    identifier: ro(nullable(uuid())),
    customer_external_identifier: wo(str(512, { 'x-code': 'INVALID_CUSTOMER_EXTERNAL_IDENTIFIER' })),
    customer_identifier: ro(uuid()),
    occurred_at: dateTime(),
    received_at: ro(nullable(dateTime())),
    details: union('classification', { MONETARY: monetaryDetailsSchema }, 'INVALID_TRANSACTION_CLASSIFICATION'),
    custom_fields: {
      type: ['array', 'null'],
      maxItems: 10,
      items: customFieldSchema,
      'x-code': { maxItems: 'TOO_MANY_CUSTOM_FIELDS' },
    },
    enrichments: ro({ type: ['array', 'null'], items: enrichmentSchema }),
    evaluation_outcome: ro(enumOf(EVALUATION_OUTCOMES)),
    review_decision: ro(enumOf(REVIEW_DECISION_STATES)),
    regulatory_reporting_details: obj({
      fincen_details: obj(
        { fincen_cash_transaction_subtype: enumOf(FINCEN_CASH_TRANSACTION_SUBTYPES) },
        ['fincen_cash_transaction_subtype'],
      ),
    }),
  },
  [
    'external_identifier',
    'customer_external_identifier',
    'customer_identifier',
    'occurred_at',
    'details',
    'evaluation_outcome',
    'review_decision',
  ],
);

// ---------------------------------------------------------------- other payloads

export const tokenRequestSchema = obj(
  { username: { type: 'string', format: 'email', 'x-code': 'INVALID_EMAIL_ADDRESS' }, password: str(), realm: str() },
  ['username', 'password', 'realm'],
);

export const tokenResponseSchema = obj(
  {
    access_token: str(),
    expires_in: { type: 'integer', minimum: 0, 'x-code': 'INVALID_NUMBER' },
    scope: { const: 'read:api write:api' },
    token_type: { const: 'Bearer' },
  },
  ['access_token', 'expires_in', 'scope', 'token_type'],
);

export const reviewDecisionRequestSchema = obj({ review_decision: enumOf(REVIEW_DECISIONS) }, ['review_decision']);

export const reviewDecisionResponseSchema = obj(
  {
    account_identifier: ro(uuid()),
    created_at: dateTime(),
    created_by: ro(uuid()),
    review_decision: enumOf(REVIEW_DECISIONS),
    transaction_identifier: ro(nullable(uuid())),
  },
  ['account_identifier', 'created_at', 'created_by', 'review_decision'],
);

/** The risk catalogue is not in the spec; risk types are catalogue keys such as `r_fraud`. */
export const transactionRiskTypesRequestSchema = obj(
  {
    risk_types: {
      type: 'array',
      uniqueItems: true,
      items: { type: 'string', pattern: '^r_[a-z0-9_]+$', 'x-code': 'INVALID_VALUE' },
    },
  },
  ['risk_types'],
);

export const alertMuteSchema = obj(
  {
    id: uuid(),
    created_at: dateTime(),
    customer_identifier: uuid(),
    profile_identifier: str(),
    risk_identifier: nullable(uuid()),
  },
  ['id', 'created_at', 'customer_identifier', 'profile_identifier'],
);

export const alertMuteCreateRequestSchema = obj(
  { profile_identifier: str(), customer_identifier: nullable(uuid()), risk_identifier: nullable(uuid()) },
  ['profile_identifier'],
);

const envelope = (itemsKey: string, item: JsonSchema): JsonSchema =>
  obj(
    {
      [itemsKey]: { type: 'array', items: item },
      first: str(),
      self: str(),
      next: nstr(),
      prev: nstr(),
      total_count: nullable(int64()),
    },
    [itemsKey, 'first', 'self'],
  );

export const transactionMonitoringRiskSchema = obj(
  {
    identifier: uuid(),
    created_at: dateTime(),
    type: { const: 'TRANSACTION_MONITORING' },
    detail: obj(
      {
        scenario: obj(
          { description: str(), identifier: uuid(), name: str(), version: int32() },
          ['description', 'identifier', 'name', 'version'],
        ),
        transaction: obj(
          { external_identifier: str(512), identifier: uuid(), type: enumOf(MONETARY_TYPES, 'INVALID_TRANSACTION_TYPE') },
          ['external_identifier', 'identifier', 'type'],
        ),
        triggered_segment: obj(
          {
            identifiers: { type: 'array', items: uuid() },
            name: str(),
            outcome: enumOf(SEGMENT_OUTCOMES),
            priority: { type: 'integer', minimum: 1, maximum: 9, 'x-code': 'INVALID_PRIORITY' },
          },
          ['identifiers', 'name', 'outcome', 'priority'],
        ),
      },
      ['scenario', 'transaction', 'triggered_segment'],
    ),
  },
  ['identifier', 'created_at', 'type', 'detail'],
);

export const alertMuteListSchema = envelope('alert_mutes', alertMuteSchema);
export const riskListSchema = envelope('risks', transactionMonitoringRiskSchema);
export const riskStatusUpdateSchema = obj({ decision: enumOf(TRANSACTION_RISK_DECISIONS) }, ['decision']);
export const stateTransitionSchema = obj({ state: enumOf(TRANSACTION_ALERT_STATES) }, ['state']);

const idRef = obj({ identifier: uuid() }, ['identifier']);
const txRef = obj({ identifier: uuid(), type: enumOf(AUDIT_TRANSACTION_TYPES, 'INVALID_TRANSACTION_TYPE') }, [
  'identifier',
  'type',
]);
const uuidSet: JsonSchema = { type: 'array', uniqueItems: true, items: uuid() };
const auditCommon = {
  identifier: uuid(),
  occurred_at: dateTime(),
  actioned_by: obj({ type: enumOf(TRANSACTION_ACTOR_TYPES), identifier: nullable(uuid()) }, ['type']),
  grouping_key: nstr(),
};
const auditOf = (type: string, detail: JsonSchema): JsonSchema =>
  obj({ ...auditCommon, type: { const: type }, detail }, ['identifier', 'occurred_at', 'type', 'detail']);

/** Audit log record (V2), the types this area writes (transaction page, plus the customer and case types it emits). */
export const auditRecordSchema = union(
  'type',
  {
    TRANSACTION_RECEIVED: auditOf(
      'TRANSACTION_RECEIVED',
      obj(
        {
          transaction: obj(
            { identifier: uuid(), received_at: dateTime(), type: enumOf(AUDIT_TRANSACTION_TYPES, 'INVALID_TRANSACTION_TYPE') },
            ['identifier', 'received_at', 'type'],
          ),
        },
        ['transaction'],
      ),
    ),
    TRANSACTION_MONITORED: auditOf(
      'TRANSACTION_MONITORED',
      obj(
        {
          risk_identifiers: { type: 'array', items: uuid() },
          risk_source: enumOf(TRANSACTION_RISK_SOURCES),
          scenario_evaluations: obj(
            {
              outcome: enumOf(EVALUATION_OUTCOMES),
              configurations: {
                type: 'array',
                uniqueItems: true,
                items: obj({ identifier: uuid(), outcome: enumOf(EVALUATION_OUTCOMES) }, ['identifier', 'outcome']),
              },
            },
            ['outcome', 'configurations'],
          ),
          transaction: txRef,
        },
        ['risk_identifiers', 'risk_source', 'scenario_evaluations', 'transaction'],
      ),
    ),
    PAYMENT_SCREENED: auditOf(
      'PAYMENT_SCREENED',
      obj({ risk_identifiers: uuidSet, transaction: txRef, case: idRef }, ['risk_identifiers', 'transaction']),
    ),
    TRANSACTION_RELEASE_DECISION: auditOf(
      'TRANSACTION_RELEASE_DECISION',
      obj({ review_decision: enumOf(REVIEW_DECISIONS), transaction: idRef }, ['review_decision', 'transaction']),
    ),
    ALERT_MUTED_FOR_RISK: auditOf(
      'ALERT_MUTED_FOR_RISK',
      obj(
        {
          customer: idRef,
          mute_key: str(),
          risk: obj({ source: enumOf(TRANSACTION_RISK_SOURCES), identifier: nullable(uuid()) }, ['source']),
          case: idRef,
        },
        ['customer', 'mute_key', 'risk'],
      ),
    ),
    RISK_STATUS_UPDATED: auditOf(
      'RISK_STATUS_UPDATED',
      obj(
        {
          account_identifier: uuid(),
          case: nullable(idRef),
          customer: idRef,
          new_profile_hit_state: enumOf(TRANSACTION_PROFILE_HIT_STATES),
          risk: obj({ identifier: uuid(), type: nullable(enumOf(TRANSACTION_RISK_KINDS)) }, ['identifier']),
        },
        ['account_identifier', 'case', 'customer', 'new_profile_hit_state', 'risk'],
      ),
    ),
  },
  'INVALID_VALUE',
);

/** Problem-detail error body; extra properties are allowed. */
export const problemDetailSchema: JsonSchema = {
  type: 'object',
  properties: {
    identifier: uuid(),
    timestamp: dateTime(),
    detail: nstr(),
    instance: nstr(undefined, { format: 'uri' }),
    status: nullable(int32()),
    title: nstr(),
    type: nstr(undefined, { format: 'uri' }),
  },
  required: ['identifier', 'timestamp'],
};

/**
 * Sub-schemas used in several places. The validator compiles each once as its own function and refers to it, which
 * keeps every compiled function small enough for the JavaScript engine to optimise.
 */
export const SHARED_SCHEMAS: ReadonlyArray<[string, JsonSchema]> = [
  ['monetary_value', monetaryValueSchema],
  ['address', addressSchema],
  ['party_identifier', partyIdentifierSchema],
  ['party_identification', partyIdentificationSchema],
  ['agent', agentSchema],
  ['agents', agentsSchema],
  ['merchant', merchantSchema],
  ['verification_check', verificationCheck],
  ['point_of_sale', pointOfSaleSchema],
  ['payment_stages_info', paymentStagesInfoSchema],
  ['bank_payment_details', bankPaymentDetailsSchema],
  ['card_payment_details', cardPaymentDetailsSchema],
  ['remittance_details', remittanceDetailsSchema],
  ['monetary_details', monetaryDetailsSchema],
  ['custom_field', customFieldSchema],
  ['enrichment', enrichmentSchema],
  ['transaction_monitoring_risk', transactionMonitoringRiskSchema],
  ['alert_mute', alertMuteSchema],
];

/**
 * Replace shared sub-schemas (by identity, or nullable copies of them) with `$ref`s to `tamis:<mode>:<name>`; the
 * root itself is kept when it is shared.
 */
export function factorSchema(schema: JsonSchema, mode: 'input' | 'output'): JsonSchema {
  const names = new Map<unknown, string>(SHARED_SCHEMAS.map(([n, s]) => [s, n]));
  const walk = (node: unknown, root: boolean): unknown => {
    if (Array.isArray(node)) return node.map((n) => walk(n, false));
    if (node === null || typeof node !== 'object') return node;
    if (!root) {
      const name = names.get(node);
      if (name) return { $ref: `tamis:${mode}:${name}` };
      const of = (node as JsonSchema)['x-nullable-of'];
      const ofName = names.get(of);
      if (ofName) return { if: { type: 'null' }, else: { $ref: `tamis:${mode}:${ofName}` } };
    }
    const out: JsonSchema = {};
    for (const [k, v] of Object.entries(node as JsonSchema)) {
      if (k === 'x-nullable-of') continue;
      out[k] = walk(v, false);
    }
    return out;
  };
  return walk(schema, true) as JsonSchema;
}

/** Every schema of the area by name. */
export const TRANSACTION_SCHEMAS = {
  token_request: tokenRequestSchema,
  token_response: tokenResponseSchema,
  monetary_value: monetaryValueSchema,
  address: addressSchema,
  party_identification: partyIdentificationSchema,
  agent: agentSchema,
  bank_payment_details: bankPaymentDetailsSchema,
  card_payment_details: cardPaymentDetailsSchema,
  payment_stages_info: paymentStagesInfoSchema,
  remittance_details: remittanceDetailsSchema,
  monetary_details: monetaryDetailsSchema,
  custom_field: customFieldSchema,
  enrichment: enrichmentSchema,
  transaction: transactionSchema,
  review_decision_request: reviewDecisionRequestSchema,
  review_decision_response: reviewDecisionResponseSchema,
  transaction_risk_types_request: transactionRiskTypesRequestSchema,
  alert_mute: alertMuteSchema,
  alert_mute_create_request: alertMuteCreateRequestSchema,
  alert_mute_list: alertMuteListSchema,
  transaction_monitoring_risk: transactionMonitoringRiskSchema,
  risk_list: riskListSchema,
  risk_status_update: riskStatusUpdateSchema,
  state_transition: stateTransitionSchema,
  audit_record: auditRecordSchema,
  problem_detail: problemDetailSchema,
} as const;

export type TransactionSchemaName = keyof typeof TRANSACTION_SCHEMAS;

/**
 * Input variant: read-only properties become forbidden and leave `required`. Output variant: the same for write-only
 * properties. Returns a new schema; the argument is not modified.
 */
export function deriveSchema(schema: JsonSchema, mode: 'input' | 'output'): JsonSchema {
  const forbiddenKey = mode === 'input' ? 'readOnly' : 'writeOnly';
  const marker = mode === 'input' ? 'READ_ONLY_FIELD' : 'WRITE_ONLY_FIELD';
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    const src = node as JsonSchema;
    const out: JsonSchema = {};
    for (const [k, v] of Object.entries(src)) {
      if (k === 'properties' && v && typeof v === 'object') {
        const props: JsonSchema = {};
        const forbidden: string[] = [];
        for (const [pk, pv] of Object.entries(v as JsonSchema)) {
          if (pv && typeof pv === 'object' && (pv as JsonSchema)[forbiddenKey] === true) {
            props[pk] = { not: {}, 'x-code': marker };
            forbidden.push(pk);
          } else props[pk] = walk(pv);
        }
        out.properties = props;
        if (Array.isArray(src.required)) out.required = (src.required as string[]).filter((r) => !forbidden.includes(r));
      } else if (k === 'required' && src.properties) {
        if (!('required' in out)) out.required = v;
      } else out[k] = walk(v);
    }
    return out;
  };
  return walk(schema) as JsonSchema;
}
