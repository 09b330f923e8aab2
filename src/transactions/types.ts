/**
 * TypeScript shapes of the transaction area (transaction-contracts.md), snake_case exactly as the spec.
 *
 * Drift control: enumerations come from `enums.ts`, which the JSON Schemas (`schemas.ts`) use too; every shape here
 * has a typed sample in `test/transactions/samples.ts` that the schema test validates (valid samples must pass their
 * schema, and the samples must type-check against these interfaces). A field added to one side and not the other
 * fails either `tsc` or that test.
 */
import type {
  TransactionActorType,
  AddressType,
  AgentRole,
  TransactionAlertState,
  AuditTransactionType,
  AuthorizationState,
  AuthorizationType,
  CardFundingType,
  CardPaymentScope,
  CardPaymentStage,
  CardPaymentType,
  CardScheme,
  CardWalletType,
  ChargebackOutcome,
  Direction,
  EvaluationOutcome,
  FincenCashTransactionSubtype,
  MerchantCategoryType,
  MonetaryType,
  PaymentChannel,
  PaymentScheme,
  TransactionProfileHitState,
  RemittancePaymentMethod,
  RemittancePurpose,
  RemittanceRelationship,
  ReviewDecisionState,
  ReviewDecisionValue,
  TransactionRiskDecision,
  TransactionRiskSource,
  TransactionRiskKind,
  SegmentOutcome,
  ServiceProviderType,
  SourceOfFunds,
  BankPaymentState,
  VerificationResult,
} from './enums.js';

// ---------------------------------------------------------------- token

export interface TransactionTokenRequest {
  username: string;
  password: string;
  realm: string;
}

export interface TransactionTokenResponse {
  access_token: string;
  expires_in: number;
  scope: 'read:api write:api';
  token_type: 'Bearer';
}

// ---------------------------------------------------------------- values, parties, addresses, agents

export interface MonetaryValue {
  amount: number;
  currency: string;
}

export interface StructuredAddress {
  format: 'STRUCTURED';
  address_line1?: string;
  address_line2?: string;
  town_name?: string;
  postal_code?: string;
  country_subdivision?: string;
  address_type?: AddressType;
  country?: string;
}

export interface UnstructuredAddress {
  format: 'UNSTRUCTURED';
  country?: string;
  local_details?: string;
}

export type TransactionAddress = StructuredAddress | UnstructuredAddress;

export interface CustomerPartyIdentifier {
  type: 'CUSTOMER';
  /** Write-only: accepted on input, never echoed. */
  external_identifier?: string;
  /** Read-only: set by the service. */
  identifier?: string;
}

export interface CounterpartyPartyIdentifier {
  type: 'COUNTERPARTY';
  external_identifier?: string;
}

export type PartyIdentifier = CustomerPartyIdentifier | CounterpartyPartyIdentifier;

export interface PartyIdentification {
  name?: string | null;
  identifier?: PartyIdentifier | null;
  address?: TransactionAddress | null;
}

export interface AgentBank {
  bic?: string;
  name?: string;
  legal_entity_address?: TransactionAddress;
}

export interface NamedOperator {
  identifier?: string;
  name?: string;
}

export interface Agent {
  role: AgentRole;
  bank?: AgentBank;
  index?: number | null;
  money_transfer_operator?: NamedOperator;
  online_remittance_platform?: NamedOperator;
  reference_text?: string;
}

// ---------------------------------------------------------------- bank payment

export interface BankPaymentDetails {
  type: 'BANK_PAYMENT';
  creditor: PartyIdentification;
  debtor: PartyIdentification;
  payment_scheme: PaymentScheme;
  state: BankPaymentState;
  agents?: Agent[];
  ultimate_creditor?: PartyIdentification;
  ultimate_debtor?: PartyIdentification;
}

// ---------------------------------------------------------------- card payment

export interface CardAcquirer {
  identifier?: string;
  details?: PartyIdentification;
}

export interface Card {
  fingerprint: string;
  funding_type?: CardFundingType;
  wallet_identifier?: string | null;
  wallet_type?: CardWalletType;
}

export interface VerificationCheck {
  result?: VerificationResult;
  description?: string | null;
}

export interface CardVerificationResults {
  avs_check?: VerificationCheck;
  cvc_check?: VerificationCheck;
  three_d_secure_check?: VerificationCheck;
}

export interface CardIssuer {
  bank_identification_number?: string;
  details?: PartyIdentification;
}

export interface Merchant {
  category_type?: MerchantCategoryType;
  details?: PartyIdentification;
  mcc_category_code?: string;
  mcc_code_description?: string;
}

export interface PosCode {
  code?: string | null;
  description?: string | null;
}

export interface PointOfSale {
  condition?: PosCode | null;
  entry_mode?: PosCode | null;
}

export interface AuthorizationStage {
  identifier?: string;
  response?: { code?: string; reason_code?: string };
  state?: AuthorizationState;
  timestamp?: string;
  type?: AuthorizationType;
  value?: MonetaryValue;
}

export interface ChargebackStage {
  timestamp: string;
  value: MonetaryValue;
  description?: string;
  outcome?: ChargebackOutcome;
  reason?: string;
}

export interface RefundStage {
  timestamp: string;
  reason?: { code?: string; description?: string };
}

export interface ReversalStage {
  timestamp: string;
  value: MonetaryValue;
  identifier?: string;
}

export interface SettlementStage {
  timestamp: string;
  value: MonetaryValue;
}

export interface PaymentStagesInfo {
  authorization?: AuthorizationStage;
  chargeback?: ChargebackStage;
  refund?: RefundStage;
  reversal?: ReversalStage;
  settlement?: SettlementStage;
}

export interface CardPaymentDetails {
  type: 'CARD_PAYMENT';
  acquirer?: CardAcquirer;
  card?: Card;
  card_holder?: { details?: PartyIdentification };
  card_payment_scope?: CardPaymentScope;
  card_payment_type?: CardPaymentType;
  card_scheme?: CardScheme;
  card_verification_results?: CardVerificationResults;
  issuer?: CardIssuer;
  merchant?: Merchant;
  sub_merchant?: Merchant;
  payment_stage?: CardPaymentStage;
  payment_stages_info?: PaymentStagesInfo;
  point_of_sale?: PointOfSale;
  related_transaction_identifier?: string;
}

// ---------------------------------------------------------------- remittance

export interface CashPickup {
  agent_network?: string;
  country?: string;
  location_identifier?: string;
}

export interface RemittanceCreditor {
  details: PartyIdentification;
  cash_pickup?: CashPickup;
}

export interface ServiceProvider {
  identifier?: string;
  name?: string;
  type?: ServiceProviderType;
}

export interface RemittanceDetails {
  type: 'REMITTANCE';
  creditor: RemittanceCreditor;
  debtor: PartyIdentification;
  agents?: Agent[];
  collection_method?: RemittancePaymentMethod;
  source_payment_method?: RemittancePaymentMethod;
  payment_scheme?: PaymentScheme;
  purpose_of_payment?: RemittancePurpose;
  relationship?: RemittanceRelationship;
  service_provider?: ServiceProvider;
  source_of_funds?: SourceOfFunds;
  ultimate_creditor?: PartyIdentification;
  ultimate_debtor?: PartyIdentification;
}

export type MonetaryTypeDetails = BankPaymentDetails | CardPaymentDetails | RemittanceDetails;

// ---------------------------------------------------------------- monetary details and transaction

export interface MonetaryDetails {
  classification: 'MONETARY';
  base_value: MonetaryValue;
  value?: MonetaryValue;
  details: MonetaryTypeDetails;
  /** Read-only: derived by the service relative to the primary customer. */
  direction?: Direction;
  payment_channel?: PaymentChannel;
  product_name?: string;
  reference_text?: string;
  customer_account_balance?: { current_balance: MonetaryValue };
}

export type CustomFieldValue = { data_type: 'TEXT'; text: string } | { data_type: 'DECIMAL'; decimal: number };

export interface CustomField {
  key: string;
  value: CustomFieldValue;
}

export type EnrichmentValue =
  | { data_type: 'TEXT'; text: string }
  | { data_type: 'DECIMAL'; decimal: number }
  | { data_type: 'BOOLEAN'; boolean: boolean };

export interface Enrichment {
  key: string;
  type: 'LOOKUP_LIST';
  value: EnrichmentValue;
}

export interface RegulatoryReportingDetails {
  fincen_details?: { fincen_cash_transaction_subtype: FincenCashTransactionSubtype };
}

/** Transaction (V3) as submitted: read-only fields absent. */
export interface TransactionInput {
  external_identifier: string;
  customer_external_identifier: string;
  occurred_at: string;
  details: MonetaryDetails;
  custom_fields?: CustomField[] | null;
  regulatory_reporting_details?: RegulatoryReportingDetails;
}

/** Transaction (V3) as returned: read-only fields filled, write-only fields absent. */
export interface Transaction {
  external_identifier: string;
  identifier: string | null;
  customer_identifier: string;
  occurred_at: string;
  received_at: string | null;
  details: MonetaryDetails;
  custom_fields?: CustomField[] | null;
  enrichments?: Enrichment[] | null;
  evaluation_outcome: EvaluationOutcome;
  review_decision: ReviewDecisionState;
  regulatory_reporting_details?: RegulatoryReportingDetails;
}

// ---------------------------------------------------------------- review, risk types, mutes, risks

export interface ReviewDecisionRequest {
  review_decision: ReviewDecisionValue;
}

export interface ReviewDecisionResponse {
  account_identifier: string;
  created_at: string;
  created_by: string;
  review_decision: ReviewDecisionValue;
  transaction_identifier: string | null;
}

export interface TransactionRiskTypesRequest {
  risk_types: string[];
}

export interface AlertMute {
  id: string;
  created_at: string;
  customer_identifier: string;
  profile_identifier: string;
  risk_identifier?: string | null;
}

export interface AlertMuteCreateRequest {
  profile_identifier: string;
  customer_identifier?: string | null;
  risk_identifier?: string | null;
}

/** The paged list envelope (audit logs, alert mutes, risks, batches). */
export interface TransactionPageEnvelope {
  first: string;
  self: string;
  next?: string | null;
  prev?: string | null;
  total_count?: number | null;
}

export interface AlertMuteList extends TransactionPageEnvelope {
  alert_mutes: AlertMute[];
}

export interface TriggeredSegment {
  identifiers: string[];
  name: string;
  outcome: SegmentOutcome;
  priority: number;
}

export interface TransactionMonitoringRisk {
  identifier: string;
  created_at: string;
  type: 'TRANSACTION_MONITORING';
  detail: {
    scenario: { description: string; identifier: string; name: string; version: number };
    transaction: { external_identifier: string; identifier: string; type: MonetaryType };
    triggered_segment: TriggeredSegment;
  };
}

export interface RiskList extends TransactionPageEnvelope {
  risks: TransactionMonitoringRisk[];
}

export interface TransactionRiskStatusUpdate {
  decision: TransactionRiskDecision;
}

export interface TransactionStateTransition {
  state: TransactionAlertState;
}

// ---------------------------------------------------------------- audit (V2), the transaction page

export interface TransactionAuditActor {
  type: TransactionActorType;
  identifier?: string | null;
}

export interface AuditTransactionRef {
  identifier: string;
  type: AuditTransactionType;
}

export interface ScenarioEvaluationsDetail {
  outcome: EvaluationOutcome;
  configurations: Array<{ identifier: string; outcome: EvaluationOutcome }>;
}

export type TransactionAuditDetail =
  | { type: 'TRANSACTION_RECEIVED'; detail: { transaction: { identifier: string; received_at: string; type: AuditTransactionType } } }
  | {
      type: 'TRANSACTION_MONITORED';
      detail: {
        risk_identifiers: string[];
        risk_source: TransactionRiskSource;
        scenario_evaluations: ScenarioEvaluationsDetail;
        transaction: AuditTransactionRef;
      };
    }
  | {
      type: 'PAYMENT_SCREENED';
      detail: { risk_identifiers: string[]; transaction: AuditTransactionRef; case?: { identifier: string } };
    }
  | {
      type: 'TRANSACTION_RELEASE_DECISION';
      detail: { review_decision: ReviewDecisionValue; transaction: { identifier: string } };
    }
  | {
      type: 'ALERT_MUTED_FOR_RISK';
      detail: {
        customer: { identifier: string };
        mute_key: string;
        risk: { source: TransactionRiskSource; identifier?: string | null };
        case?: { identifier: string };
      };
    }
  | {
      type: 'RISK_STATUS_UPDATED';
      detail: {
        account_identifier: string;
        case: { identifier: string } | null;
        customer: { identifier: string };
        new_profile_hit_state: TransactionProfileHitState;
        risk: { identifier: string; type?: TransactionRiskKind | null };
      };
    };

export type TransactionAuditType = TransactionAuditDetail['type'];

export type TransactionAuditRecord = TransactionAuditDetail & {
  identifier: string;
  occurred_at: string;
  actioned_by?: TransactionAuditActor;
  grouping_key?: string | null;
};

/** The spec's problem-detail error body, plus the itemised violations (extra properties are allowed). */
export interface TransactionProblemDetail {
  identifier: string;
  timestamp: string;
  detail: string | null;
  instance?: string | null;
  status: number | null;
  title: string | null;
  type: string | null;
  errors: TransactionViolation[];
}

/** One violation: stable code (the spec's bulk row code where one exists), message and JSON path. */
export interface TransactionViolation {
  code: string;
  message: string;
  path: string;
}
