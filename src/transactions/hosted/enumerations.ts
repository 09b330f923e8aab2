/**
 * Enumeration constants as published rule libraries write them (`MONETARY_TRANSACTION_DIRECTION_INBOUND`,
 * `TRANSACTION_TYPE_CARD_PAYMENT`, `CARD_FUNDING_TYPE_PREPAID`, ...): a prefix naming the enumeration and the member.
 * Each prefix maps onto the enumeration of the V3 contract (`enums.ts`); a constant whose rest is a member becomes
 * that member. Anything else (an `_UNSPECIFIED` member, a prefix of no known enumeration) is left as written.
 */
import {
  ADDRESS_TYPES,
  AGENT_ROLES,
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
  MERCHANT_CATEGORY_TYPES,
  PARTY_IDENTIFIER_TYPES,
  PAYMENT_CHANNELS,
  PAYMENT_SCHEMES,
  REMITTANCE_PAYMENT_METHODS,
  REMITTANCE_PURPOSES,
  REMITTANCE_RELATIONSHIPS,
  SERVICE_PROVIDER_TYPES,
  SOURCES_OF_FUNDS,
  TRANSACTION_CLASSIFICATIONS,
  VERIFICATION_RESULTS,
} from '../enums.js';

/** Prefix → the V3 enumeration its members belong to (longest prefix first when matching). */
export const ENUMERATION_PREFIXES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['MONETARY_TRANSACTION_DIRECTION_', DIRECTIONS],
  ['TRANSACTION_DIRECTION_', DIRECTIONS],
  ['DIRECTION_', DIRECTIONS],
  ['TRANSACTION_TYPE_', AUDIT_TRANSACTION_TYPES],
  ['MONETARY_TRANSACTION_TYPE_', AUDIT_TRANSACTION_TYPES],
  ['TRANSACTION_CLASSIFICATION_', TRANSACTION_CLASSIFICATIONS],
  ['PAYMENT_CHANNEL_', PAYMENT_CHANNELS],
  ['PAYMENT_SCHEME_', PAYMENT_SCHEMES],
  ['BANK_PAYMENT_STATE_', BANK_PAYMENT_STATES],
  ['CARD_PAYMENT_STAGE_', CARD_PAYMENT_STAGES],
  ['PAYMENT_STAGE_', CARD_PAYMENT_STAGES],
  ['CARD_PAYMENT_TYPE_', CARD_PAYMENT_TYPES],
  ['CARD_PAYMENT_SCOPE_', CARD_PAYMENT_SCOPES],
  ['CARD_FUNDING_TYPE_', CARD_FUNDING_TYPES],
  ['FUNDING_TYPE_', CARD_FUNDING_TYPES],
  ['CARD_SCHEME_', CARD_SCHEMES],
  ['CARD_WALLET_TYPE_', CARD_WALLET_TYPES],
  ['CARD_AUTHORIZATION_STATE_', AUTHORIZATION_STATES],
  ['AUTHORIZATION_STATE_', AUTHORIZATION_STATES],
  ['CARD_AUTHORIZATION_TYPE_', AUTHORIZATION_TYPES],
  ['AUTHORIZATION_TYPE_', AUTHORIZATION_TYPES],
  ['CARD_CHARGEBACK_OUTCOME_', CHARGEBACK_OUTCOMES],
  ['CHARGEBACK_OUTCOME_', CHARGEBACK_OUTCOMES],
  ['CARD_VERIFICATION_RESULT_', VERIFICATION_RESULTS],
  ['VERIFICATION_RESULT_', VERIFICATION_RESULTS],
  ['MERCHANT_CATEGORY_TYPE_', MERCHANT_CATEGORY_TYPES],
  ['REMITTANCE_PAYMENT_METHOD_', REMITTANCE_PAYMENT_METHODS],
  ['REMITTANCE_PURPOSE_', REMITTANCE_PURPOSES],
  ['REMITTANCE_RELATIONSHIP_', REMITTANCE_RELATIONSHIPS],
  ['REMITTANCE_SOURCE_OF_FUNDS_', SOURCES_OF_FUNDS],
  ['SOURCE_OF_FUNDS_', SOURCES_OF_FUNDS],
  ['REMITTANCE_SERVICE_PROVIDER_TYPE_', SERVICE_PROVIDER_TYPES],
  ['SERVICE_PROVIDER_TYPE_', SERVICE_PROVIDER_TYPES],
  ['ADDRESS_TYPE_', ADDRESS_TYPES],
  ['AGENT_ROLE_', AGENT_ROLES],
  ['PARTY_IDENTIFIER_TYPE_', PARTY_IDENTIFIER_TYPES],
];

const BY_LENGTH = [...ENUMERATION_PREFIXES]
  .sort((a, b) => b[0].length - a[0].length)
  .map(([prefix, members]) => [prefix, new Set(members)] as const);

/** The V3 member a prefixed constant names (`CARD_FUNDING_TYPE_PREPAID` → `PREPAID`), else the text unchanged. */
export function mapEnumerationConstant(text: string): string {
  if (!text.includes('_')) return text;
  const upper = text.toUpperCase();
  for (const [prefix, members] of BY_LENGTH) {
    if (upper.startsWith(prefix)) {
      const rest = upper.slice(prefix.length);
      if (members.has(rest)) return rest;
    }
  }
  return text;
}

/**
 * Leaf names of V3 fields that hold an enumeration member or an ISO code: their comparisons ignore case
 * (`"usd"` equals `USD`, `"inbound"` equals `INBOUND`).
 */
export const CODE_LEAVES: ReadonlySet<string> = new Set([
  'direction',
  'type',
  'classification',
  'payment_channel',
  'payment_scheme',
  'state',
  'card_payment_type',
  'payment_stage',
  'card_payment_scope',
  'funding_type',
  'wallet_type',
  'card_scheme',
  'category_type',
  'collection_method',
  'source_payment_method',
  'purpose_of_payment',
  'relationship',
  'source_of_funds',
  'result',
  'outcome',
  'role',
  'address_type',
  'format',
  'currency',
  'iso_3_currency_code',
  'country',
  'country_code',
  'bic',
]);
