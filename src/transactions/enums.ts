/**
 * Enumerations of the transaction area (transaction-contracts.md, "Enumerations of the transaction area" and the
 * resource tables). One source for both the JSON Schemas and the TypeScript types, so the two cannot drift.
 */

export const EVALUATION_OUTCOMES = ['PENDING', 'PROCESS', 'ALLOW', 'HOLD', 'ERROR'] as const;
export type EvaluationOutcome = (typeof EVALUATION_OUTCOMES)[number];

export const REVIEW_DECISION_STATES = ['NOT_APPLICABLE', 'NOT_REVIEWED', 'RELEASE', 'REJECT'] as const;
export type ReviewDecisionState = (typeof REVIEW_DECISION_STATES)[number];

export const REVIEW_DECISIONS = ['RELEASE', 'REJECT'] as const;
export type ReviewDecisionValue = (typeof REVIEW_DECISIONS)[number];

export const TRANSACTION_CLASSIFICATIONS = ['MONETARY'] as const;
export const MONETARY_TYPES = ['BANK_PAYMENT', 'CARD_PAYMENT', 'REMITTANCE'] as const;
export type MonetaryType = (typeof MONETARY_TYPES)[number];
/** Transaction `type` in audit details (includes CRYPTO, which has no details shape in this revision). */
export const AUDIT_TRANSACTION_TYPES = ['BANK_PAYMENT', 'CARD_PAYMENT', 'REMITTANCE', 'CRYPTO'] as const;
export type AuditTransactionType = (typeof AUDIT_TRANSACTION_TYPES)[number];

export const DIRECTIONS = ['OUTBOUND', 'INBOUND'] as const;
export type Direction = (typeof DIRECTIONS)[number];

export const PAYMENT_CHANNELS = ['OTHER', 'MOBILE', 'WEB', 'BRANCH', 'TELEPHONE', 'ATM'] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];

export const PAYMENT_SCHEMES = ['OTHER', 'SWIFT', 'SEPA', 'SEPA_INSTANT', 'FASTER_PAYMENTS', 'CHAPS', 'BACS', 'FEDNOW'] as const;
export type PaymentScheme = (typeof PAYMENT_SCHEMES)[number];

export const BANK_PAYMENT_STATES = ['PENDING', 'BOOKED'] as const;
export type BankPaymentState = (typeof BANK_PAYMENT_STATES)[number];

export const ADDRESS_TYPES = ['RESIDENTIAL', 'MAILING', 'OPERATING', 'REGISTRATION', 'BILLING'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

export const CARD_FUNDING_TYPES = ['CREDIT', 'DEBIT', 'PREPAID', 'OTHER'] as const;
export type CardFundingType = (typeof CARD_FUNDING_TYPES)[number];

export const CARD_WALLET_TYPES = ['GOOGLE_PAY', 'APPLE_PAY', 'PAYPAL', 'REMOTE_COMMERCE_PROGRAMS', 'OTHER'] as const;
export type CardWalletType = (typeof CARD_WALLET_TYPES)[number];

export const CARD_PAYMENT_SCOPES = ['DOMESTIC', 'CROSSBORDER'] as const;
export type CardPaymentScope = (typeof CARD_PAYMENT_SCOPES)[number];

export const CARD_PAYMENT_STAGES = ['AUTHORIZED', 'SETTLED', 'REVERSED', 'PARTIALLY_SETTLED', 'CHARGEBACK'] as const;
export type CardPaymentStage = (typeof CARD_PAYMENT_STAGES)[number];

export const CARD_PAYMENT_TYPES = [
  'REGULAR',
  'INSTALLMENT',
  'RECURRING',
  'MOTO',
  'UNSCHEDULED',
  'TOP_UP',
  'REFUND',
  'OTHER',
  'AUTH_ONLY',
] as const;
export type CardPaymentType = (typeof CARD_PAYMENT_TYPES)[number];

export const CARD_SCHEMES = [
  'VISA',
  'MASTERCARD',
  'AMERICAN_EXPRESS',
  'DISCOVER',
  'JCB',
  'UNIONPAY',
  'DINERS_CLUB',
  'MAESTRO',
  'RUPAY',
  'MIR',
] as const;
export type CardScheme = (typeof CARD_SCHEMES)[number];

export const VERIFICATION_RESULTS = ['PASS', 'FAIL', 'UNAVAILABLE', 'UNCHECKED'] as const;
export type VerificationResult = (typeof VERIFICATION_RESULTS)[number];

export const MERCHANT_CATEGORY_TYPES = [
  'AGRICULTURAL_SERVICES',
  'CONTRACTED_SERVICES',
  'TRANSPORTATION_SERVICES',
  'UTILITY_SERVICES',
  'RETAIL_OUTLET_SERVICES',
  'CLOTHING_SHOPS',
  'MISCELLANEOUS_SHOPS',
  'BUSINESS_SERVICES',
  'PROFESSIONAL_SERVICES',
  'GOVERNMENT_SERVICES',
] as const;
export type MerchantCategoryType = (typeof MERCHANT_CATEGORY_TYPES)[number];

export const AUTHORIZATION_STATES = ['APPROVED', 'DECLINED', 'PENDING', 'EXPIRED', 'CANCELLED'] as const;
export type AuthorizationState = (typeof AUTHORIZATION_STATES)[number];
export const AUTHORIZATION_TYPES = ['PREAUTHORIZATION', 'AUTHORIZATION'] as const;
export type AuthorizationType = (typeof AUTHORIZATION_TYPES)[number];
export const CHARGEBACK_OUTCOMES = ['UNDEFENDED', 'PENDING', 'WON', 'LOST', 'WITHDRAW'] as const;
export type ChargebackOutcome = (typeof CHARGEBACK_OUTCOMES)[number];

export const REMITTANCE_PAYMENT_METHODS = [
  'CASH',
  'CREDIT_CARD',
  'DEBIT_CARD',
  'BANK_TRANSFER',
  'MOBILE_WALLET',
  'PREPAID_CARD',
  'CHEQUE',
  'CRYPTOCURRENCY',
  'GIFT_CARD',
  'POSTAL_ORDER',
  'BARTER',
  'OTHER',
] as const;
export type RemittancePaymentMethod = (typeof REMITTANCE_PAYMENT_METHODS)[number];

export const REMITTANCE_PURPOSES = [
  'FAMILY_SUPPORT',
  'EDUCATION',
  'MEDICAL',
  'BUSINESS',
  'PROPERTY',
  'EMERGENCY',
  'SAVINGS',
  'GIFT',
  'TRAVEL',
  'DEBT_REPAYMENT',
  'PURCHASE',
  'SALARY',
  'RENT',
  'OTHER',
] as const;
export type RemittancePurpose = (typeof REMITTANCE_PURPOSES)[number];

export const REMITTANCE_RELATIONSHIPS = ['SPOUSE', 'FAMILY', 'FRIEND', 'BUSINESS_PARTNER', 'EMPLOYEE', 'OTHER'] as const;
export type RemittanceRelationship = (typeof REMITTANCE_RELATIONSHIPS)[number];

export const SERVICE_PROVIDER_TYPES = [
  'TRADITIONAL_BANK',
  'MONEY_TRANSFER_OPERATOR',
  'DIGITAL_PLATFORM',
  'ONLINE_PAYMENT_SERVICE',
  'MOBILE_MONEY_SERVICE',
  'CRYPTOCURRENCY_PLATFORM',
  'NEOBANK',
  'OTHER',
] as const;
export type ServiceProviderType = (typeof SERVICE_PROVIDER_TYPES)[number];

export const SOURCES_OF_FUNDS = [
  'SALARY',
  'BUSINESS_INCOME',
  'SAVINGS',
  'INVESTMENTS',
  'PENSION',
  'LOAN',
  'GIFT',
  'INHERITANCE',
  'ASSET_SALE',
  'INSURANCE_PAYOUT',
  'GOVERNMENT_BENEFITS',
  'TRUST_DISTRIBUTION',
  'CRYPTO_LIQUIDATION',
  'CROWDFUNDING',
  'GAMBLING_WINNINGS',
  'OTHER',
] as const;
export type SourceOfFunds = (typeof SOURCES_OF_FUNDS)[number];

export const FINCEN_CASH_TRANSACTION_SUBTYPES = [
  'DEPOSIT',
  'PAYMENT',
  'CURRENCY_TRANSFER_OUT',
  'NEGOTIABLE_INSTRUMENT_PURCHASE',
  'CURRENCY_EXCHANGE',
  'CURRENCY_TO_PREPAID_ACCESS',
  'GAMING_INSTRUMENT_PURCHASE',
  'CURRENCY_WAGER',
  'BILLS_INSERTED_INTO_GAMING_DEVICES',
  'WITHDRAWAL',
  'ADVANCE_ON_CREDIT',
  'CURRENCY_TRANSFER_IN',
  'NEGOTIABLE_INSTRUMENT_CASHED',
  'CURRENCY_FROM_PREPAID_ACCESS',
  'GAMING_INSTRUMENT_REDEMPTION',
  'PAYMENT_ON_WAGER',
  'TRAVEL_COMPLIMENTARY_EXPENSES',
  'PROMOTION_PAYMENT',
  'OTHER',
] as const;
export type FincenCashTransactionSubtype = (typeof FINCEN_CASH_TRANSACTION_SUBTYPES)[number];

export const AGENT_ROLES = ['COUNTERPARTY_BANK', 'INTERMEDIARY'] as const;
export type AgentRole = (typeof AGENT_ROLES)[number];

export const PARTY_IDENTIFIER_TYPES = ['CUSTOMER', 'COUNTERPARTY'] as const;
export const ADDRESS_FORMATS = ['STRUCTURED', 'UNSTRUCTURED'] as const;
export const CUSTOM_FIELD_DATA_TYPES = ['TEXT', 'DECIMAL'] as const;
export const ENRICHMENT_DATA_TYPES = ['TEXT', 'DECIMAL', 'BOOLEAN'] as const;
export const ENRICHMENT_TYPES = ['LOOKUP_LIST'] as const;

export const SEGMENT_OUTCOMES = ['ALLOW', 'HOLD'] as const;
export type SegmentOutcome = (typeof SEGMENT_OUTCOMES)[number];

export const TRANSACTION_RISK_DECISIONS = ['NOT_REVIEWED', 'IN_REVIEW', 'FALSE_POSITIVE', 'TRUE_POSITIVE'] as const;
export type TransactionRiskDecision = (typeof TRANSACTION_RISK_DECISIONS)[number];

export const TRANSACTION_PROFILE_HIT_STATES = ['NEW', 'IN_REVIEW', 'TRUE_POSITIVE', 'FALSE_POSITIVE', 'UPDATED'] as const;
export type TransactionProfileHitState = (typeof TRANSACTION_PROFILE_HIT_STATES)[number];

export const TRANSACTION_ALERT_STATES = ['NOT_STARTED', 'IN_PROGRESS', 'POSITIVE_END_STATE', 'NEGATIVE_END_STATE'] as const;
export type TransactionAlertState = (typeof TRANSACTION_ALERT_STATES)[number];

export const TRANSACTION_RISK_SOURCES = ['CUSTOMER_SCREENING', 'KYB', 'PAYMENT_SCREENING', 'TRANSACTION_MONITORING'] as const;
export type TransactionRiskSource = (typeof TRANSACTION_RISK_SOURCES)[number];

export const TRANSACTION_ACTOR_TYPES = ['SYSTEM', 'USER'] as const;
export type TransactionActorType = (typeof TRANSACTION_ACTOR_TYPES)[number];

export const TRANSACTION_RISK_KINDS = ['ENTITY_SCREENING', 'PAYMENT_SCREENING', 'TRANSACTION_MONITORING'] as const;
export type TransactionRiskKind = (typeof TRANSACTION_RISK_KINDS)[number];
