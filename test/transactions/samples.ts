/**
 * Typed sample objects for every shape of the transaction area. They type-check against the TypeScript types
 * (tsc) and must validate against the JSON Schemas (schemas.test.ts): the two cannot drift apart silently.
 */
import type {
  AlertMute,
  AlertMuteCreateRequest,
  AlertMuteList,
  BankPaymentDetails,
  CardPaymentDetails,
  RemittanceDetails,
  ReviewDecisionRequest,
  ReviewDecisionResponse,
  RiskList,
  Transaction,
  TransactionAuditRecord,
  TransactionInput,
  TransactionMonitoringRisk,
  TransactionProblemDetail,
  TransactionRiskStatusUpdate,
  TransactionRiskTypesRequest,
  TransactionStateTransition,
  TransactionTokenRequest,
  TransactionTokenResponse,
  PartyIdentification,
  Agent,
} from '../../src/transactions/index.js';

export const U = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

export const tokenRequest: TransactionTokenRequest = { username: 'api@example.com', password: 'secret', realm: 'Acme' };
export const tokenResponse: TransactionTokenResponse = {
  access_token: 'eyJ...',
  expires_in: 3600,
  scope: 'read:api write:api',
  token_type: 'Bearer',
};

export const creditor: PartyIdentification = {
  name: 'Jane Creditor',
  identifier: { type: 'COUNTERPARTY', external_identifier: 'cp-1' },
  address: {
    format: 'STRUCTURED',
    address_line1: '1 High Street',
    address_line2: 'Flat 2',
    town_name: 'London',
    postal_code: 'N1 1AA',
    country_subdivision: 'LND',
    address_type: 'RESIDENTIAL',
    country: 'GB',
  },
};

export const debtorInput: PartyIdentification = {
  name: 'John Customer',
  identifier: { type: 'CUSTOMER', external_identifier: 'cust-1' },
  address: { format: 'UNSTRUCTURED', country: 'Germany', local_details: 'Hauptstrasse 1, Berlin' },
};

export const agent: Agent = {
  role: 'COUNTERPARTY_BANK',
  bank: { bic: 'DEUTDEFF500', name: 'Deutsche Bank', legal_entity_address: { format: 'STRUCTURED', country: 'DE' } },
  index: 0,
  money_transfer_operator: { identifier: 'mto-1', name: 'MTO' },
  online_remittance_platform: { identifier: 'orp-1', name: 'ORP' },
  reference_text: 'agent ref',
};

export const bankPayment: BankPaymentDetails = {
  type: 'BANK_PAYMENT',
  creditor,
  debtor: debtorInput,
  payment_scheme: 'SEPA',
  state: 'BOOKED',
  agents: [agent],
  ultimate_creditor: { name: 'Ultimate Creditor' },
  ultimate_debtor: { name: null, identifier: null, address: null },
};

export const cardPayment: CardPaymentDetails = {
  type: 'CARD_PAYMENT',
  acquirer: { identifier: 'acq-1', details: { name: 'Acquirer Ltd' } },
  card: { fingerprint: 'fp-123', funding_type: 'DEBIT', wallet_identifier: null, wallet_type: 'APPLE_PAY' },
  card_holder: { details: { name: 'John Customer', identifier: { type: 'CUSTOMER', external_identifier: 'cust-1' } } },
  card_payment_scope: 'CROSSBORDER',
  card_payment_type: 'REGULAR',
  card_scheme: 'VISA',
  card_verification_results: {
    avs_check: { result: 'PASS', description: null },
    cvc_check: { result: 'FAIL', description: 'mismatch' },
    three_d_secure_check: { result: 'UNCHECKED' },
  },
  issuer: { bank_identification_number: '412345', details: { name: 'Issuer Bank' } },
  merchant: {
    category_type: 'RETAIL_OUTLET_SERVICES',
    details: { name: 'Shop', address: { format: 'STRUCTURED', country: 'FR' } },
    mcc_category_code: '5411',
    mcc_code_description: 'Grocery stores',
  },
  sub_merchant: { mcc_category_code: '5812' },
  payment_stage: 'SETTLED',
  payment_stages_info: {
    authorization: {
      identifier: 'auth-1',
      response: { code: '00', reason_code: 'approved' },
      state: 'APPROVED',
      timestamp: '2026-03-01T10:00:00Z',
      type: 'AUTHORIZATION',
      value: { amount: 12.5, currency: 'EUR' },
    },
    chargeback: {
      timestamp: '2026-03-05T10:00:00Z',
      value: { amount: 12.5, currency: 'EUR' },
      description: 'not received',
      outcome: 'PENDING',
      reason: '13.1',
    },
    refund: { timestamp: '2026-03-06T10:00:00Z', reason: { code: 'R1', description: 'returned' } },
    reversal: { timestamp: '2026-03-02T10:00:00Z', value: { amount: 1, currency: 'EUR' }, identifier: 'rev-1' },
    settlement: { timestamp: '2026-03-03T10:00:00Z', value: { amount: 12.5, currency: 'EUR' } },
  },
  point_of_sale: {
    condition: { code: '00', description: 'normal' },
    entry_mode: { code: '051', description: 'chip' },
  },
  related_transaction_identifier: 'tx-0',
};

export const remittance: RemittanceDetails = {
  type: 'REMITTANCE',
  creditor: {
    details: { name: 'Receiver Name', identifier: { type: 'COUNTERPARTY', external_identifier: 'rcv-1' } },
    cash_pickup: { agent_network: 'Network', country: 'NG', location_identifier: 'LOC-1' },
  },
  debtor: { name: 'John Customer', identifier: { type: 'CUSTOMER', external_identifier: 'cust-1' } },
  agents: [{ role: 'INTERMEDIARY' }],
  collection_method: 'CASH',
  source_payment_method: 'DEBIT_CARD',
  payment_scheme: 'OTHER',
  purpose_of_payment: 'FAMILY_SUPPORT',
  relationship: 'FAMILY',
  service_provider: { identifier: 'sp-1', name: 'Remit Co', type: 'MONEY_TRANSFER_OPERATOR' },
  source_of_funds: 'SALARY',
  ultimate_creditor: { name: 'Someone' },
  ultimate_debtor: { name: 'Someone Else' },
};

export const transactionInput: TransactionInput = {
  external_identifier: 'tx-1',
  customer_external_identifier: 'cust-1',
  occurred_at: '2026-03-01T10:00:00+01:00',
  details: {
    classification: 'MONETARY',
    base_value: { amount: 1200.5, currency: 'EUR' },
    value: { amount: 1000, currency: 'GBP' },
    details: bankPayment,
    payment_channel: 'WEB',
    product_name: 'Current account',
    reference_text: 'Invoice 42',
    customer_account_balance: { current_balance: { amount: 5000, currency: 'EUR' } },
  },
  custom_fields: [
    { key: 'branch', value: { data_type: 'TEXT', text: 'north' } },
    { key: 'score', value: { data_type: 'DECIMAL', decimal: 0.7 } },
  ],
  regulatory_reporting_details: { fincen_details: { fincen_cash_transaction_subtype: 'DEPOSIT' } },
};

export const transactionOutput: Transaction = {
  external_identifier: 'tx-1',
  identifier: U(1),
  customer_identifier: U(2),
  occurred_at: '2026-03-01T10:00:00+01:00',
  received_at: '2026-03-01T09:00:01Z',
  details: {
    ...transactionInput.details,
    direction: 'OUTBOUND',
    details: { ...bankPayment, debtor: { name: 'John Customer', identifier: { type: 'CUSTOMER', identifier: U(2) } } },
  },
  custom_fields: transactionInput.custom_fields ?? null,
  enrichments: [
    { key: 'list-a', type: 'LOOKUP_LIST', value: { data_type: 'TEXT', text: 'x' } },
    { key: 'list-b', type: 'LOOKUP_LIST', value: { data_type: 'DECIMAL', decimal: 2 } },
    { key: 'list-c', type: 'LOOKUP_LIST', value: { data_type: 'BOOLEAN', boolean: true } },
  ],
  evaluation_outcome: 'HOLD',
  review_decision: 'NOT_REVIEWED',
};

export const reviewDecisionRequest: ReviewDecisionRequest = { review_decision: 'RELEASE' };
export const reviewDecisionResponse: ReviewDecisionResponse = {
  account_identifier: U(10),
  created_at: '2026-03-01T10:00:00Z',
  created_by: U(11),
  review_decision: 'REJECT',
  transaction_identifier: null,
};
export const riskTypesRequest: TransactionRiskTypesRequest = { risk_types: ['r_fraud'] };
export const alertMute: AlertMute = {
  id: U(20),
  created_at: '2026-03-01T10:00:00Z',
  customer_identifier: U(2),
  profile_identifier: 'profile-1',
  risk_identifier: null,
};
export const alertMuteCreate: AlertMuteCreateRequest = { profile_identifier: 'profile-1', customer_identifier: U(2), risk_identifier: null };
export const alertMuteList: AlertMuteList = {
  alert_mutes: [alertMute],
  first: '/v1/alert-mutes?page_number=1',
  self: '/v1/alert-mutes?page_number=1',
  next: null,
  prev: null,
  total_count: 1,
};
export const risk: TransactionMonitoringRisk = {
  identifier: U(30),
  created_at: '2026-03-01T10:00:00Z',
  type: 'TRANSACTION_MONITORING',
  detail: {
    scenario: { description: 'Large', identifier: U(31), name: 'Large transaction', version: 3 },
    transaction: { external_identifier: 'tx-1', identifier: U(1), type: 'BANK_PAYMENT' },
    triggered_segment: { identifiers: [U(32)], name: 'Very large', outcome: 'HOLD', priority: 1 },
  },
};
export const riskList: RiskList = { risks: [risk], first: '/v1/risks?page_number=1', self: '/v1/risks?page_number=1' };
export const riskStatusUpdate: TransactionRiskStatusUpdate = { decision: 'FALSE_POSITIVE' };
export const stateTransition: TransactionStateTransition = { state: 'IN_PROGRESS' };
export const auditRecords: TransactionAuditRecord[] = [
  {
    identifier: U(40),
    occurred_at: '2026-03-01T10:00:00Z',
    type: 'TRANSACTION_RECEIVED',
    actioned_by: { type: 'SYSTEM', identifier: null },
    grouping_key: null,
    detail: { transaction: { identifier: U(1), received_at: '2026-03-01T10:00:00Z', type: 'BANK_PAYMENT' } },
  },
  {
    identifier: U(41),
    occurred_at: '2026-03-01T10:00:00Z',
    type: 'TRANSACTION_MONITORED',
    detail: {
      risk_identifiers: [U(30)],
      risk_source: 'TRANSACTION_MONITORING',
      scenario_evaluations: { outcome: 'HOLD', configurations: [{ identifier: U(31), outcome: 'HOLD' }] },
      transaction: { identifier: U(1), type: 'BANK_PAYMENT' },
    },
  },
  {
    identifier: U(42),
    occurred_at: '2026-03-01T10:00:00Z',
    type: 'PAYMENT_SCREENED',
    detail: { risk_identifiers: [], transaction: { identifier: U(1), type: 'CARD_PAYMENT' }, case: { identifier: U(9) } },
  },
  {
    identifier: U(43),
    occurred_at: '2026-03-01T10:00:00Z',
    type: 'TRANSACTION_RELEASE_DECISION',
    actioned_by: { type: 'USER', identifier: U(11) },
    detail: { review_decision: 'RELEASE', transaction: { identifier: U(1) } },
  },
  {
    identifier: U(44),
    occurred_at: '2026-03-01T10:00:00Z',
    type: 'ALERT_MUTED_FOR_RISK',
    detail: { customer: { identifier: U(2) }, mute_key: U(20), risk: { source: 'TRANSACTION_MONITORING', identifier: U(30) } },
  },
  {
    identifier: U(45),
    occurred_at: '2026-03-01T10:00:00Z',
    type: 'RISK_STATUS_UPDATED',
    detail: {
      account_identifier: U(10),
      case: null,
      customer: { identifier: U(2) },
      new_profile_hit_state: 'FALSE_POSITIVE',
      risk: { identifier: U(30), type: 'TRANSACTION_MONITORING' },
    },
  },
];
export const problemDetail: TransactionProblemDetail = {
  identifier: U(50),
  timestamp: '2026-03-01T10:00:00Z',
  detail: 'x',
  status: 400,
  title: 'Bad Request',
  type: 'about:blank',
  errors: [],
};
