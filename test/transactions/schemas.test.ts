import { describe, expect, it } from 'vitest';
import {
  fixedTransactionClock,
  sequentialTransactionIds,
  toProblemDetail,
  validateTransactionShape,
  type TransactionSchemaName,
  type ValidationMode,
} from '../../src/transactions/index.js';
import * as S from './samples.js';

type Mutable = Record<string, any>;
const clone = <T>(v: T): any => structuredClone(v);

describe('every typed sample validates against its schema (types and schemas agree)', () => {
  const valid: Array<[TransactionSchemaName, ValidationMode, unknown]> = [
    ['token_request', 'input', S.tokenRequest],
    ['token_response', 'output', S.tokenResponse],
    ['party_identification', 'input', S.creditor],
    ['party_identification', 'input', S.debtorInput],
    ['agent', 'input', S.agent],
    ['bank_payment_details', 'input', S.bankPayment],
    ['card_payment_details', 'input', S.cardPayment],
    ['remittance_details', 'input', S.remittance],
    ['transaction', 'input', S.transactionInput],
    ['transaction', 'output', S.transactionOutput],
    ['review_decision_request', 'input', S.reviewDecisionRequest],
    ['review_decision_response', 'output', S.reviewDecisionResponse],
    ['transaction_risk_types_request', 'input', S.riskTypesRequest],
    ['alert_mute', 'output', S.alertMute],
    ['alert_mute_create_request', 'input', S.alertMuteCreate],
    ['alert_mute_list', 'output', S.alertMuteList],
    ['transaction_monitoring_risk', 'output', S.risk],
    ['risk_list', 'output', S.riskList],
    ['risk_status_update', 'input', S.riskStatusUpdate],
    ['state_transition', 'input', S.stateTransition],
    ['problem_detail', 'output', S.problemDetail],
    ...S.auditRecords.map((r) => ['audit_record', 'output', r] as [TransactionSchemaName, ValidationMode, unknown]),
  ];
  it.each(valid.map(([n, m, v], i) => [`${n} (${m}) #${i}`, n, m, v] as const))('%s', (_label, name, mode, value) => {
    const r = validateTransactionShape(name, value, mode);
    expect(r.ok ? [] : r.error).toEqual([]);
  });

  it('a card payment and a remittance transaction validate as inputs', () => {
    for (const details of [S.cardPayment, S.remittance]) {
      const t = clone(S.transactionInput);
      t.details.details = details;
      const r = validateTransactionShape('transaction', t, 'input');
      expect(r.ok ? [] : r.error).toEqual([]);
    }
  });

  it('an offset timestamp is accepted for occurred_at', () => {
    const t = clone(S.transactionInput);
    t.occurred_at = '2026-03-01T10:00:00.123-05:30';
    expect(validateTransactionShape('transaction', t, 'input').ok).toBe(true);
  });
});

interface Bad {
  name: string;
  schema?: TransactionSchemaName;
  mode?: ValidationMode;
  base?: unknown;
  mutate: (v: Mutable) => void;
  code: string;
  path: string;
}

const tx = (f: (t: Mutable) => void) => f;
const bankOf = (t: Mutable) => t.details.details;
const asCard = (t: Mutable) => {
  t.details.details = clone(S.cardPayment);
  return t.details.details;
};
const asRemit = (t: Mutable) => {
  t.details.details = clone(S.remittance);
  return t.details.details;
};

const BAD: Bad[] = [
  // required
  { name: 'external_identifier is required', mutate: tx((t) => delete t.external_identifier), code: 'MANDATORY_COLUMN_MISSING', path: '$.external_identifier' },
  { name: 'customer_external_identifier is required on input', mutate: (t) => delete t.customer_external_identifier, code: 'MANDATORY_COLUMN_MISSING', path: '$.customer_external_identifier' },
  { name: 'occurred_at is required', mutate: (t) => delete t.occurred_at, code: 'MANDATORY_COLUMN_MISSING', path: '$.occurred_at' },
  { name: 'details is required', mutate: (t) => delete t.details, code: 'MANDATORY_COLUMN_MISSING', path: '$.details' },
  { name: 'base_value is required', mutate: (t) => delete t.details.base_value, code: 'MANDATORY_COLUMN_MISSING', path: '$.details.base_value' },
  { name: 'bank payment creditor is required', mutate: (t) => delete bankOf(t).creditor, code: 'MANDATORY_COLUMN_MISSING', path: '$.details.details.creditor' },
  { name: 'bank payment state is required', mutate: (t) => delete bankOf(t).state, code: 'MANDATORY_COLUMN_MISSING', path: '$.details.details.state' },
  { name: 'bank payment scheme is required', mutate: (t) => delete bankOf(t).payment_scheme, code: 'MANDATORY_COLUMN_MISSING', path: '$.details.details.payment_scheme' },
  { name: 'card fingerprint is required', mutate: (t) => delete asCard(t).card.fingerprint, code: 'MANDATORY_COLUMN_MISSING', path: '$.details.details.card.fingerprint' },
  { name: 'chargeback value is required', mutate: (t) => delete asCard(t).payment_stages_info.chargeback.value, code: 'MANDATORY_COLUMN_MISSING', path: '$.details.details.payment_stages_info.chargeback.value' },
  { name: 'settlement timestamp is required', mutate: (t) => delete asCard(t).payment_stages_info.settlement.timestamp, code: 'MANDATORY_COLUMN_MISSING', path: '$.details.details.payment_stages_info.settlement.timestamp' },
  { name: 'refund timestamp is required', mutate: (t) => delete asCard(t).payment_stages_info.refund.timestamp, code: 'MANDATORY_COLUMN_MISSING', path: '$.details.details.payment_stages_info.refund.timestamp' },
  { name: 'reversal value is required', mutate: (t) => delete asCard(t).payment_stages_info.reversal.value, code: 'MANDATORY_COLUMN_MISSING', path: '$.details.details.payment_stages_info.reversal.value' },
  { name: 'remittance creditor details are required', mutate: (t) => delete asRemit(t).creditor.details, code: 'MANDATORY_COLUMN_MISSING', path: '$.details.details.creditor.details' },
  { name: 'remittance debtor is required', mutate: (t) => delete asRemit(t).debtor, code: 'MANDATORY_COLUMN_MISSING', path: '$.details.details.debtor' },
  { name: 'agent role is required', mutate: (t) => delete bankOf(t).agents[0].role, code: 'MANDATORY_COLUMN_MISSING', path: '$.details.details.agents[0].role' },
  { name: 'custom field key is required', mutate: (t) => delete t.custom_fields[0].key, code: 'MANDATORY_COLUMN_MISSING', path: '$.custom_fields[0].key' },
  { name: 'custom TEXT field needs text', mutate: (t) => delete t.custom_fields[0].value.text, code: 'MANDATORY_COLUMN_MISSING', path: '$.custom_fields[0].value.text' },
  { name: 'fincen subtype is required inside fincen_details', mutate: (t) => (t.regulatory_reporting_details.fincen_details = {}), code: 'MANDATORY_COLUMN_MISSING', path: '$.regulatory_reporting_details.fincen_details.fincen_cash_transaction_subtype' },
  { name: 'account balance needs current_balance', mutate: (t) => (t.details.customer_account_balance = {}), code: 'MANDATORY_COLUMN_MISSING', path: '$.details.customer_account_balance.current_balance' },
  // read-only on input
  { name: 'identifier cannot be specified', mutate: (t) => (t.identifier = S.U(1)), code: 'READ_ONLY_FIELD', path: '$.identifier' },
  { name: 'customer_identifier cannot be specified', mutate: (t) => (t.customer_identifier = S.U(1)), code: 'READ_ONLY_FIELD', path: '$.customer_identifier' },
  { name: 'received_at cannot be specified', mutate: (t) => (t.received_at = '2026-01-01T00:00:00Z'), code: 'READ_ONLY_FIELD', path: '$.received_at' },
  { name: 'enrichments cannot be specified', mutate: (t) => (t.enrichments = []), code: 'READ_ONLY_FIELD', path: '$.enrichments' },
  { name: 'evaluation_outcome cannot be specified', mutate: (t) => (t.evaluation_outcome = 'ALLOW'), code: 'READ_ONLY_FIELD', path: '$.evaluation_outcome' },
  { name: 'review_decision cannot be specified', mutate: (t) => (t.review_decision = 'RELEASE'), code: 'READ_ONLY_FIELD', path: '$.review_decision' },
  { name: 'direction cannot be specified', mutate: (t) => (t.details.direction = 'INBOUND'), code: 'READ_ONLY_FIELD', path: '$.details.direction' },
  { name: 'a customer party identifier cannot be specified', mutate: (t) => (bankOf(t).debtor.identifier.identifier = S.U(3)), code: 'READ_ONLY_FIELD', path: '$.details.details.debtor.identifier.identifier' },
  // write-only on output
  { name: 'customer_external_identifier is never echoed', mode: 'output', base: S.transactionOutput, mutate: (t) => (t.customer_external_identifier = 'c'), code: 'WRITE_ONLY_FIELD', path: '$.customer_external_identifier' },
  { name: 'a customer party external identifier is never echoed', mode: 'output', base: S.transactionOutput, mutate: (t) => (t.details.details.debtor.identifier.external_identifier = 'c'), code: 'WRITE_ONLY_FIELD', path: '$.details.details.debtor.identifier.external_identifier' },
  { name: 'customer_identifier is required on output', mode: 'output', base: S.transactionOutput, mutate: (t) => delete t.customer_identifier, code: 'MANDATORY_COLUMN_MISSING', path: '$.customer_identifier' },
  { name: 'evaluation_outcome is required on output', mode: 'output', base: S.transactionOutput, mutate: (t) => delete t.evaluation_outcome, code: 'MANDATORY_COLUMN_MISSING', path: '$.evaluation_outcome' },
  { name: 'evaluation_outcome is one of its states', mode: 'output', base: S.transactionOutput, mutate: (t) => (t.evaluation_outcome = 'DONE'), code: 'INVALID_VALUE', path: '$.evaluation_outcome' },
  { name: 'review_decision is one of its states', mode: 'output', base: S.transactionOutput, mutate: (t) => (t.review_decision = 'MAYBE'), code: 'INVALID_VALUE', path: '$.review_decision' },
  { name: 'enrichment type is LOOKUP_LIST', mode: 'output', base: S.transactionOutput, mutate: (t) => (t.enrichments[0].type = 'OTHER'), code: 'INVALID_VALUE', path: '$.enrichments[0].type' },
  { name: 'enrichment text is at most 256', mode: 'output', base: S.transactionOutput, mutate: (t) => (t.enrichments[0].value.text = 'x'.repeat(257)), code: 'MAX_SIZE_LIMIT_REACHED', path: '$.enrichments[0].value.text' },
  { name: 'enrichment BOOLEAN needs a boolean', mode: 'output', base: S.transactionOutput, mutate: (t) => (t.enrichments[2].value.boolean = 'yes'), code: 'INVALID_BOOLEAN', path: '$.enrichments[2].value.boolean' },
  // numbers are finite and timestamps are times the clock can hold, wherever they are accepted
  { name: 'an amount of NaN is refused', mutate: (t) => (t.details.base_value.amount = NaN), code: 'INVALID_NUMBER', path: '$.details.base_value.amount' },
  { name: 'an amount of Infinity is refused', mutate: (t) => (t.details.base_value.amount = Infinity), code: 'INVALID_NUMBER', path: '$.details.base_value.amount' },
  { name: 'an amount of -Infinity is refused', mutate: (t) => (t.details.value.amount = -Infinity), code: 'INVALID_NUMBER', path: '$.details.value.amount' },
  { name: 'a custom DECIMAL of NaN is refused', mutate: (t) => (t.custom_fields = [{ key: 'k', value: { data_type: 'DECIMAL', decimal: NaN } }]), code: 'INVALID_NUMBER', path: '$.custom_fields[0].value.decimal' },
  { name: 'an agent index of NaN is refused', mutate: (t) => (bankOf(t).agents[0].index = NaN), code: 'INVALID_NUMBER', path: '$.details.details.agents[0].index' },
  { name: 'the leap second 23:59:60 is refused in occurred_at', mutate: (t) => (t.occurred_at = '2026-06-30T23:59:60Z'), code: 'INVALID_TIMESTAMP', path: '$.occurred_at' },
  { name: 'the leap second 23:59:60 is refused in nested timestamps', mutate: (t) => (asCard(t).payment_stages_info.settlement.timestamp = '2026-06-30T23:59:60Z'), code: 'INVALID_TIMESTAMP', path: '$.details.details.payment_stages_info.settlement.timestamp' },
  // codes from the bulk row error list
  { name: 'currency must be ISO 4217', mutate: (t) => (t.details.base_value.currency = 'XYZ'), code: 'INVALID_CURRENCY_CODE', path: '$.details.base_value.currency' },
  { name: 'currency must be three upper-case letters', mutate: (t) => (t.details.value.currency = 'eu'), code: 'INVALID_CURRENCY_CODE', path: '$.details.value.currency' },
  { name: 'structured address country must be ISO 3166-1 alpha-2', mutate: (t) => (bankOf(t).creditor.address.country = 'XX'), code: 'INVALID_COUNTRY_CODE', path: '$.details.details.creditor.address.country' },
  { name: 'structured address country must be two upper-case letters', mutate: (t) => (bankOf(t).creditor.address.country = 'gbr'), code: 'INVALID_COUNTRY_CODE', path: '$.details.details.creditor.address.country' },
  { name: 'cash pickup country must be ISO alpha-2', mutate: (t) => (asRemit(t).creditor.cash_pickup.country = 'ng'), code: 'INVALID_COUNTRY_CODE', path: '$.details.details.creditor.cash_pickup.country' },
  { name: 'BIC must match the BIC pattern', mutate: (t) => (bankOf(t).agents[0].bank.bic = 'DEUT1EFF'), code: 'INVALID_BIC', path: '$.details.details.agents[0].bank.bic' },
  { name: 'BIC branch part is three characters', mutate: (t) => (bankOf(t).agents[0].bank.bic = 'DEUTDEFF50'), code: 'INVALID_BIC', path: '$.details.details.agents[0].bank.bic' },
  { name: 'at most 10 agents', mutate: (t) => (bankOf(t).agents = Array.from({ length: 11 }, () => ({ role: 'INTERMEDIARY' }))), code: 'TOO_MANY_AGENTS', path: '$.details.details.agents' },
  { name: 'at most 10 remittance agents', mutate: (t) => (asRemit(t).agents = Array.from({ length: 11 }, () => ({ role: 'INTERMEDIARY' }))), code: 'TOO_MANY_AGENTS', path: '$.details.details.agents' },
  { name: 'at most 10 custom fields', mutate: (t) => (t.custom_fields = Array.from({ length: 11 }, (_, i) => ({ key: `k${i}`, value: { data_type: 'DECIMAL', decimal: i } }))), code: 'TOO_MANY_CUSTOM_FIELDS', path: '$.custom_fields' },
  { name: 'agent role is an enumeration', mutate: (t) => (bankOf(t).agents[0].role = 'BANK'), code: 'INVALID_AGENT_ROLE', path: '$.details.details.agents[0].role' },
  { name: 'agent index is int32', mutate: (t) => (bankOf(t).agents[0].index = 2 ** 31), code: 'INVALID_NUMBER', path: '$.details.details.agents[0].index' },
  { name: 'BIN is 6 to 8 digits', mutate: (t) => (asCard(t).issuer.bank_identification_number = '12345'), code: 'INVALID_BANK_IDENTIFICATION_NUMBER', path: '$.details.details.issuer.bank_identification_number' },
  { name: 'BIN is digits only', mutate: (t) => (asCard(t).issuer.bank_identification_number = '12345A'), code: 'INVALID_BANK_IDENTIFICATION_NUMBER', path: '$.details.details.issuer.bank_identification_number' },
  { name: 'BIN has at most 8 digits', mutate: (t) => (asCard(t).issuer.bank_identification_number = '123456789'), code: 'INVALID_BANK_IDENTIFICATION_NUMBER', path: '$.details.details.issuer.bank_identification_number' },
  { name: 'MCC is 4 digits', mutate: (t) => (asCard(t).merchant.mcc_category_code = '541'), code: 'INVALID_MERCHANT_CATEGORY_CODE', path: '$.details.details.merchant.mcc_category_code' },
  { name: 'sub-merchant MCC is 4 digits', mutate: (t) => (asCard(t).sub_merchant.mcc_category_code = '58121'), code: 'INVALID_MERCHANT_CATEGORY_CODE', path: '$.details.details.sub_merchant.mcc_category_code' },
  { name: 'POS condition code is 2 digits', mutate: (t) => (asCard(t).point_of_sale.condition.code = '1'), code: 'INVALID_POS_CONDITION_CODE', path: '$.details.details.point_of_sale.condition.code' },
  { name: 'POS entry mode code is 3 digits', mutate: (t) => (asCard(t).point_of_sale.entry_mode.code = '05'), code: 'INVALID_POS_ENTRY_MODE_CODE', path: '$.details.details.point_of_sale.entry_mode.code' },
  { name: 'authorization response code is at most 10', mutate: (t) => (asCard(t).payment_stages_info.authorization.response.code = 'x'.repeat(11)), code: 'INVALID_CARD_AUTHORIZATION_RESPONSE_CODE', path: '$.details.details.payment_stages_info.authorization.response.code' },
  { name: 'transaction type is an enumeration', mutate: (t) => (bankOf(t).type = 'CRYPTO'), code: 'INVALID_TRANSACTION_TYPE', path: '$.details.details.type' },
  { name: 'classification is MONETARY', mutate: (t) => (t.details.classification = 'NON_MONETARY'), code: 'INVALID_TRANSACTION_CLASSIFICATION', path: '$.details.classification' },
  { name: 'bank payment state is PENDING or BOOKED', mutate: (t) => (bankOf(t).state = 'SETTLED'), code: 'INVALID_BANK_PAYMENT_STATE', path: '$.details.details.state' },
  { name: 'payment scheme is an enumeration', mutate: (t) => (bankOf(t).payment_scheme = 'ACH'), code: 'INVALID_PAYMENT_SCHEME', path: '$.details.details.payment_scheme' },
  { name: 'payment channel is an enumeration', mutate: (t) => (t.details.payment_channel = 'POST'), code: 'INVALID_PAYMENT_CHANNEL', path: '$.details.payment_channel' },
  { name: 'address type is an enumeration', mutate: (t) => (bankOf(t).creditor.address.address_type = 'HOME'), code: 'INVALID_ADDRESS_TYPE', path: '$.details.details.creditor.address.address_type' },
  { name: 'card payment stage is an enumeration', mutate: (t) => (asCard(t).payment_stage = 'CAPTURED'), code: 'INVALID_CARD_PAYMENT_STAGE', path: '$.details.details.payment_stage' },
  { name: 'card scheme is an enumeration', mutate: (t) => (asCard(t).card_scheme = 'ELO'), code: 'INVALID_CARD_SCHEME', path: '$.details.details.card_scheme' },
  { name: 'card payment scope is an enumeration', mutate: (t) => (asCard(t).card_payment_scope = 'LOCAL'), code: 'INVALID_CARD_PAYMENT_SCOPE', path: '$.details.details.card_payment_scope' },
  { name: 'card payment type is an enumeration', mutate: (t) => (asCard(t).card_payment_type = 'ONE_OFF'), code: 'INVALID_CARD_PAYMENT_TYPE', path: '$.details.details.card_payment_type' },
  { name: 'card wallet type is an enumeration', mutate: (t) => (asCard(t).card.wallet_type = 'SAMSUNG_PAY'), code: 'INVALID_CARD_WALLET_TYPE', path: '$.details.details.card.wallet_type' },
  { name: 'card funding type is an enumeration', mutate: (t) => (asCard(t).card.funding_type = 'CHARGE'), code: 'INVALID_CARD_FUNDING_TYPE', path: '$.details.details.card.funding_type' },
  { name: 'merchant category type is an enumeration', mutate: (t) => (asCard(t).merchant.category_type = 'SHOPS'), code: 'INVALID_MERCHANT_CATEGORY_TYPE', path: '$.details.details.merchant.category_type' },
  { name: 'verification result is an enumeration', mutate: (t) => (asCard(t).card_verification_results.cvc_check.result = 'OK'), code: 'INVALID_CARD_VERIFICATION_RESULT', path: '$.details.details.card_verification_results.cvc_check.result' },
  { name: 'chargeback outcome is an enumeration', mutate: (t) => (asCard(t).payment_stages_info.chargeback.outcome = 'LOSS'), code: 'INVALID_CARD_CHARGEBACK_OUTCOME', path: '$.details.details.payment_stages_info.chargeback.outcome' },
  { name: 'authorization state is an enumeration', mutate: (t) => (asCard(t).payment_stages_info.authorization.state = 'OK'), code: 'INVALID_CARD_AUTHORIZATION_STATE', path: '$.details.details.payment_stages_info.authorization.state' },
  { name: 'authorization type is an enumeration', mutate: (t) => (asCard(t).payment_stages_info.authorization.type = 'CAPTURE'), code: 'INVALID_CARD_AUTHORIZATION_TYPE', path: '$.details.details.payment_stages_info.authorization.type' },
  { name: 'remittance collection method is an enumeration', mutate: (t) => (asRemit(t).collection_method = 'PIGEON'), code: 'INVALID_REMITTANCE_PAYMENT_METHOD', path: '$.details.details.collection_method' },
  { name: 'remittance source payment method is an enumeration', mutate: (t) => (asRemit(t).source_payment_method = 'PIGEON'), code: 'INVALID_REMITTANCE_PAYMENT_METHOD', path: '$.details.details.source_payment_method' },
  { name: 'remittance purpose is an enumeration', mutate: (t) => (asRemit(t).purpose_of_payment = 'FUN'), code: 'INVALID_REMITTANCE_PURPOSE', path: '$.details.details.purpose_of_payment' },
  { name: 'remittance relationship is an enumeration', mutate: (t) => (asRemit(t).relationship = 'COUSIN'), code: 'INVALID_REMITTANCE_RELATIONSHIP', path: '$.details.details.relationship' },
  { name: 'remittance source of funds is an enumeration', mutate: (t) => (asRemit(t).source_of_funds = 'LOTTERY'), code: 'INVALID_REMITTANCE_SOURCE_OF_FUNDS', path: '$.details.details.source_of_funds' },
  { name: 'service provider type is an enumeration', mutate: (t) => (asRemit(t).service_provider.type = 'SHOP'), code: 'INVALID_REMITTANCE_SERVICE_PROVIDER_TYPE', path: '$.details.details.service_provider.type' },
  { name: 'fincen subtype is an enumeration', mutate: (t) => (t.regulatory_reporting_details.fincen_details.fincen_cash_transaction_subtype = 'BRIBE'), code: 'INVALID_VALUE', path: '$.regulatory_reporting_details.fincen_details.fincen_cash_transaction_subtype' },
  { name: 'occurred_at must be a date-time', mutate: (t) => (t.occurred_at = '2026-03-01'), code: 'INVALID_TIMESTAMP', path: '$.occurred_at' },
  { name: 'amount must be a number', mutate: (t) => (t.details.base_value.amount = '10'), code: 'INVALID_NUMBER', path: '$.details.base_value.amount' },
  { name: 'custom DECIMAL field needs a number', mutate: (t) => (t.custom_fields[1].value.decimal = 'x'), code: 'INVALID_NUMBER', path: '$.custom_fields[1].value.decimal' },
  { name: 'custom field data type is TEXT or DECIMAL', mutate: (t) => (t.custom_fields[0].value.data_type = 'BOOLEAN'), code: 'INVALID_VALUE', path: '$.custom_fields[0].value.data_type' },
  // lengths
  { name: 'external_identifier is at most 512', mutate: (t) => (t.external_identifier = 'x'.repeat(513)), code: 'MAX_SIZE_LIMIT_REACHED', path: '$.external_identifier' },
  { name: 'customer_external_identifier is at most 512', mutate: (t) => (t.customer_external_identifier = 'x'.repeat(513)), code: 'INVALID_CUSTOMER_EXTERNAL_IDENTIFIER', path: '$.customer_external_identifier' },
  { name: 'party name is at most 256', mutate: (t) => (bankOf(t).creditor.name = 'x'.repeat(257)), code: 'MAX_SIZE_LIMIT_REACHED', path: '$.details.details.creditor.name' },
  { name: 'address line is at most 256', mutate: (t) => (bankOf(t).creditor.address.address_line1 = 'x'.repeat(257)), code: 'MAX_SIZE_LIMIT_REACHED', path: '$.details.details.creditor.address.address_line1' },
  { name: 'town name is at most 256', mutate: (t) => (bankOf(t).creditor.address.town_name = 'x'.repeat(257)), code: 'MAX_SIZE_LIMIT_REACHED', path: '$.details.details.creditor.address.town_name' },
  { name: 'postal code is at most 256', mutate: (t) => (bankOf(t).creditor.address.postal_code = 'x'.repeat(257)), code: 'MAX_SIZE_LIMIT_REACHED', path: '$.details.details.creditor.address.postal_code' },
  { name: 'local_details is at most 512', mutate: (t) => (bankOf(t).debtor.address.local_details = 'x'.repeat(513)), code: 'MAX_SIZE_LIMIT_REACHED', path: '$.details.details.debtor.address.local_details' },
  { name: 'counterparty external identifier is at most 512', mutate: (t) => (bankOf(t).creditor.identifier.external_identifier = 'x'.repeat(513)), code: 'MAX_SIZE_LIMIT_REACHED', path: '$.details.details.creditor.identifier.external_identifier' },
  { name: 'bank name is at most 256', mutate: (t) => (bankOf(t).agents[0].bank.name = 'x'.repeat(257)), code: 'MAX_SIZE_LIMIT_REACHED', path: '$.details.details.agents[0].bank.name' },
  { name: 'agent operator name is at most 256', mutate: (t) => (bankOf(t).agents[0].money_transfer_operator.name = 'x'.repeat(257)), code: 'MAX_SIZE_LIMIT_REACHED', path: '$.details.details.agents[0].money_transfer_operator.name' },
  { name: 'agent reference text is at most 512', mutate: (t) => (bankOf(t).agents[0].reference_text = 'x'.repeat(513)), code: 'MAX_SIZE_LIMIT_REACHED', path: '$.details.details.agents[0].reference_text' },
  { name: 'transaction reference text is at most 512', mutate: (t) => (t.details.reference_text = 'x'.repeat(513)), code: 'MAX_SIZE_LIMIT_REACHED', path: '$.details.reference_text' },
  { name: 'product name is at most 256', mutate: (t) => (t.details.product_name = 'x'.repeat(257)), code: 'MAX_SIZE_LIMIT_REACHED', path: '$.details.product_name' },
  { name: 'custom field text is at most 256', mutate: (t) => (t.custom_fields[0].value.text = 'x'.repeat(257)), code: 'MAX_SIZE_LIMIT_REACHED', path: '$.custom_fields[0].value.text' },
  { name: 'card fingerprint is at most 100', mutate: (t) => (asCard(t).card.fingerprint = 'x'.repeat(101)), code: 'MAX_SIZE_LIMIT_REACHED', path: '$.details.details.card.fingerprint' },
  { name: 'wallet identifier is at most 50', mutate: (t) => (asCard(t).card.wallet_identifier = 'x'.repeat(51)), code: 'MAX_SIZE_LIMIT_REACHED', path: '$.details.details.card.wallet_identifier' },
  { name: 'acquirer identifier is at most 50', mutate: (t) => (asCard(t).acquirer.identifier = 'x'.repeat(51)), code: 'MAX_SIZE_LIMIT_REACHED', path: '$.details.details.acquirer.identifier' },
  { name: 'verification description is at most 200', mutate: (t) => (asCard(t).card_verification_results.avs_check.description = 'x'.repeat(201)), code: 'MAX_SIZE_LIMIT_REACHED', path: '$.details.details.card_verification_results.avs_check.description' },
  { name: 'MCC description is at most 200', mutate: (t) => (asCard(t).merchant.mcc_code_description = 'x'.repeat(201)), code: 'MAX_SIZE_LIMIT_REACHED', path: '$.details.details.merchant.mcc_code_description' },
  { name: 'POS description is at most 200', mutate: (t) => (asCard(t).point_of_sale.entry_mode.description = 'x'.repeat(201)), code: 'MAX_SIZE_LIMIT_REACHED', path: '$.details.details.point_of_sale.entry_mode.description' },
  { name: 'related transaction identifier is at most 100', mutate: (t) => (asCard(t).related_transaction_identifier = 'x'.repeat(101)), code: 'MAX_SIZE_LIMIT_REACHED', path: '$.details.details.related_transaction_identifier' },
  { name: 'authorization identifier is at most 50', mutate: (t) => (asCard(t).payment_stages_info.authorization.identifier = 'x'.repeat(51)), code: 'MAX_SIZE_LIMIT_REACHED', path: '$.details.details.payment_stages_info.authorization.identifier' },
  { name: 'authorization reason code is at most 50', mutate: (t) => (asCard(t).payment_stages_info.authorization.response.reason_code = 'x'.repeat(51)), code: 'MAX_SIZE_LIMIT_REACHED', path: '$.details.details.payment_stages_info.authorization.response.reason_code' },
  { name: 'chargeback description is at most 255', mutate: (t) => (asCard(t).payment_stages_info.chargeback.description = 'x'.repeat(256)), code: 'MAX_SIZE_LIMIT_REACHED', path: '$.details.details.payment_stages_info.chargeback.description' },
  { name: 'chargeback reason is at most 50', mutate: (t) => (asCard(t).payment_stages_info.chargeback.reason = 'x'.repeat(51)), code: 'MAX_SIZE_LIMIT_REACHED', path: '$.details.details.payment_stages_info.chargeback.reason' },
  { name: 'refund reason description is at most 200', mutate: (t) => (asCard(t).payment_stages_info.refund.reason.description = 'x'.repeat(201)), code: 'MAX_SIZE_LIMIT_REACHED', path: '$.details.details.payment_stages_info.refund.reason.description' },
  { name: 'reversal identifier is at most 50', mutate: (t) => (asCard(t).payment_stages_info.reversal.identifier = 'x'.repeat(51)), code: 'MAX_SIZE_LIMIT_REACHED', path: '$.details.details.payment_stages_info.reversal.identifier' },
  { name: 'cash pickup agent network is at most 256', mutate: (t) => (asRemit(t).creditor.cash_pickup.agent_network = 'x'.repeat(257)), code: 'MAX_SIZE_LIMIT_REACHED', path: '$.details.details.creditor.cash_pickup.agent_network' },
  { name: 'service provider name is at most 256', mutate: (t) => (asRemit(t).service_provider.name = 'x'.repeat(257)), code: 'MAX_SIZE_LIMIT_REACHED', path: '$.details.details.service_provider.name' },
  // structure
  { name: 'unknown fields are rejected', mutate: (t) => (t.colour = 'red'), code: 'UNKNOWN_FIELD', path: '$.colour' },
  { name: 'address format is STRUCTURED or UNSTRUCTURED', mutate: (t) => (bankOf(t).creditor.address.format = 'FREE'), code: 'INVALID_VALUE', path: '$.details.details.creditor.address.format' },
  { name: 'party identifier type is CUSTOMER or COUNTERPARTY', mutate: (t) => (bankOf(t).creditor.identifier.type = 'OTHER'), code: 'INVALID_VALUE', path: '$.details.details.creditor.identifier.type' },
  { name: 'an unstructured address takes no address lines', mutate: (t) => (bankOf(t).debtor.address.town_name = 'Berlin'), code: 'UNKNOWN_FIELD', path: '$.details.details.debtor.address.town_name' },
  { name: 'a bank payment takes no card fields', mutate: (t) => (bankOf(t).card_scheme = 'VISA'), code: 'UNKNOWN_FIELD', path: '$.details.details.card_scheme' },
  // other payloads
  { name: 'token username must be an email', schema: 'token_request', base: S.tokenRequest, mutate: (t) => (t.username = 'not-an-email'), code: 'INVALID_EMAIL_ADDRESS', path: '$.username' },
  { name: 'token realm is required', schema: 'token_request', base: S.tokenRequest, mutate: (t) => delete t.realm, code: 'MANDATORY_COLUMN_MISSING', path: '$.realm' },
  { name: 'token type is Bearer', schema: 'token_response', mode: 'output', base: S.tokenResponse, mutate: (t) => (t.token_type = 'Basic'), code: 'INVALID_VALUE', path: '$.token_type' },
  { name: 'token scope is read:api write:api', schema: 'token_response', mode: 'output', base: S.tokenResponse, mutate: (t) => (t.scope = 'admin'), code: 'INVALID_VALUE', path: '$.scope' },
  { name: 'review decision is RELEASE or REJECT', schema: 'review_decision_request', base: S.reviewDecisionRequest, mutate: (t) => (t.review_decision = 'NOT_REVIEWED'), code: 'INVALID_VALUE', path: '$.review_decision' },
  { name: 'review decision response needs created_by', schema: 'review_decision_response', mode: 'output', base: S.reviewDecisionResponse, mutate: (t) => delete t.created_by, code: 'MANDATORY_COLUMN_MISSING', path: '$.created_by' },
  { name: 'review decision response account is read-only on input', schema: 'review_decision_response', mode: 'input', base: S.reviewDecisionResponse, mutate: () => undefined, code: 'READ_ONLY_FIELD', path: '$.account_identifier' },
  { name: 'risk types are catalogue keys', schema: 'transaction_risk_types_request', base: S.riskTypesRequest, mutate: (t) => (t.risk_types = ['fraud']), code: 'INVALID_VALUE', path: '$.risk_types[0]' },
  { name: 'risk types are required', schema: 'transaction_risk_types_request', base: S.riskTypesRequest, mutate: (t) => delete t.risk_types, code: 'MANDATORY_COLUMN_MISSING', path: '$.risk_types' },
  { name: 'mute profile is required', schema: 'alert_mute_create_request', base: S.alertMuteCreate, mutate: (t) => delete t.profile_identifier, code: 'MANDATORY_COLUMN_MISSING', path: '$.profile_identifier' },
  { name: 'mute customer is a uuid', schema: 'alert_mute_create_request', base: S.alertMuteCreate, mutate: (t) => (t.customer_identifier = 'c-1'), code: 'INVALID_IDENTIFIER', path: '$.customer_identifier' },
  { name: 'mute record requires customer_identifier', schema: 'alert_mute', mode: 'output', base: S.alertMute, mutate: (t) => delete t.customer_identifier, code: 'MANDATORY_COLUMN_MISSING', path: '$.customer_identifier' },
  { name: 'list envelope requires first', schema: 'alert_mute_list', mode: 'output', base: S.alertMuteList, mutate: (t) => delete t.first, code: 'MANDATORY_COLUMN_MISSING', path: '$.first' },
  { name: 'list envelope requires self', schema: 'risk_list', mode: 'output', base: S.riskList, mutate: (t) => delete t.self, code: 'MANDATORY_COLUMN_MISSING', path: '$.self' },
  { name: 'risk priority is at most 9', schema: 'transaction_monitoring_risk', mode: 'output', base: S.risk, mutate: (t) => (t.detail.triggered_segment.priority = 10), code: 'INVALID_PRIORITY', path: '$.detail.triggered_segment.priority' },
  { name: 'risk priority is at least 1', schema: 'transaction_monitoring_risk', mode: 'output', base: S.risk, mutate: (t) => (t.detail.triggered_segment.priority = 0), code: 'INVALID_PRIORITY', path: '$.detail.triggered_segment.priority' },
  { name: 'risk segment outcome is ALLOW or HOLD', schema: 'transaction_monitoring_risk', mode: 'output', base: S.risk, mutate: (t) => (t.detail.triggered_segment.outcome = 'ERROR'), code: 'INVALID_VALUE', path: '$.detail.triggered_segment.outcome' },
  { name: 'risk type is TRANSACTION_MONITORING', schema: 'transaction_monitoring_risk', mode: 'output', base: S.risk, mutate: (t) => (t.type = 'OTHER'), code: 'INVALID_VALUE', path: '$.type' },
  { name: 'risk scenario version is required', schema: 'transaction_monitoring_risk', mode: 'output', base: S.risk, mutate: (t) => delete t.detail.scenario.version, code: 'MANDATORY_COLUMN_MISSING', path: '$.detail.scenario.version' },
  { name: 'risk status decision is an enumeration', schema: 'risk_status_update', base: S.riskStatusUpdate, mutate: (t) => (t.decision = 'NEW'), code: 'INVALID_VALUE', path: '$.decision' },
  { name: 'state transition state is an enumeration', schema: 'state_transition', base: S.stateTransition, mutate: (t) => (t.state = 'UNSPECIFIED'), code: 'INVALID_VALUE', path: '$.state' },
  { name: 'audit actor type is SYSTEM or USER', schema: 'audit_record', mode: 'output', base: S.auditRecords[0], mutate: (t) => (t.actioned_by.type = 'ROBOT'), code: 'INVALID_VALUE', path: '$.actioned_by.type' },
  { name: 'audit TRANSACTION_MONITORED needs scenario_evaluations', schema: 'audit_record', mode: 'output', base: S.auditRecords[1], mutate: (t) => delete t.detail.scenario_evaluations, code: 'MANDATORY_COLUMN_MISSING', path: '$.detail.scenario_evaluations' },
  { name: 'problem detail needs an identifier', schema: 'problem_detail', mode: 'output', base: S.problemDetail, mutate: (t) => delete t.identifier, code: 'MANDATORY_COLUMN_MISSING', path: '$.identifier' },
];

describe('invalid samples are rejected with the right code and JSON path', () => {
  it.each(BAD.map((b) => [b.name, b] as const))('%s', (_name, b) => {
    const value = clone(b.base ?? S.transactionInput);
    b.mutate(value);
    const r = validateTransactionShape(b.schema ?? 'transaction', value, b.mode ?? 'input');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toContainEqual(expect.objectContaining({ code: b.code, path: b.path }));
  });
});

describe('validation reports', () => {
  it('lists every violation, not only the first', () => {
    const t = clone(S.transactionInput);
    t.details.base_value.currency = 'XYZ';
    t.details.details.agents[0].bank.bic = 'bad';
    delete t.occurred_at;
    const r = validateTransactionShape('transaction', t, 'input');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.map((e) => e.code).sort()).toEqual(['INVALID_BIC', 'INVALID_CURRENCY_CODE', 'MANDATORY_COLUMN_MISSING']);
  });

  it('a bad discriminator yields one violation on the tag, not the errors of every branch', () => {
    const t = clone(S.transactionInput);
    t.details.details.type = 'WIRE';
    const r = validateTransactionShape('transaction', t, 'input');
    expect(r.ok ? [] : r.error).toEqual([expect.objectContaining({ code: 'INVALID_TRANSACTION_TYPE', path: '$.details.details.type' })]);
  });

  it('maps violations to the problem-detail body with identifier and timestamp from the ports', () => {
    const t = clone(S.transactionInput);
    t.details.base_value.currency = 'XYZ';
    const r = validateTransactionShape('transaction', t, 'input');
    if (r.ok) throw new Error('expected invalid');
    const body = toProblemDetail(r.error, { clock: fixedTransactionClock('2026-05-01T00:00:00Z'), ids: sequentialTransactionIds('aaaaaaaa') });
    expect(body).toMatchObject({
      identifier: 'aaaaaaaa-0000-4000-8000-000000000001',
      timestamp: '2026-05-01T00:00:00.000Z',
      status: 400,
      title: 'Bad Request',
      type: 'about:blank',
      errors: [{ code: 'INVALID_CURRENCY_CODE', path: '$.details.base_value.currency' }],
    });
    expect(body.detail).toContain('$.details.base_value.currency');
    expect(validateTransactionShape('problem_detail', body, 'output').ok).toBe(true);
  });
});

describe('nullable enumerations accept null', () => {
  it('a RISK_STATUS_UPDATED audit record may carry a null risk type, and still refuses an unknown one', async () => {
    const { validateTransactionShape } = await import('../../src/transactions/index.js');
    const record = (type: unknown) => ({
      identifier: '00000000-0000-4000-8000-000000000045',
      occurred_at: '2026-03-01T10:00:00Z',
      type: 'RISK_STATUS_UPDATED',
      detail: {
        account_identifier: '00000000-0000-4000-8000-000000000010',
        case: null,
        customer: { identifier: '00000000-0000-4000-8000-000000000002' },
        new_profile_hit_state: 'FALSE_POSITIVE',
        risk: { identifier: '00000000-0000-4000-8000-000000000030', type },
      },
    });
    expect(validateTransactionShape('audit_record', record(null), 'output').ok).toBe(true);
    expect(validateTransactionShape('audit_record', record('NOT_A_KIND'), 'output').ok).toBe(false);
  });
});

describe('validation work and report are bounded', () => {
  /** An array of `n` copies of `item` that counts how many of its items are read. */
  function counted<T>(n: number, item: T): { array: T[]; reads: () => number } {
    let reads = 0;
    const array = new Proxy(Array.from({ length: n }, () => item), {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    return { array, reads: () => reads };
  }

  it.each([
    ['agents', (t: Mutable, a: unknown[]) => (bankOf(t).agents = a), { role: 'NOT_A_ROLE' }, 'TOO_MANY_AGENTS'],
    ['custom_fields', (t: Mutable, a: unknown[]) => (t.custom_fields = a), { key: 1, value: { data_type: 'NOPE' } }, 'TOO_MANY_CUSTOM_FIELDS'],
  ])('100,000 bad %s: at most 1001 items are read and at most 100 violations reported', (_n, put, item, code) => {
    const t = clone(S.transactionInput);
    const { array, reads } = counted(100_000, item);
    put(t, array);
    const r = validateTransactionShape('transaction', t, 'input');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(reads()).toBeLessThanOrEqual(1001);
    expect(r.error.length).toBe(100);
    expect(r.error.map((v) => v.code)).toContain(code);
    expect(r.error.at(-1)?.code).toBe('TOO_MANY_VIOLATIONS');
    expect(JSON.stringify(r.error).length).toBeLessThan(50_000);
  });

  it('an array with no item limit in the schema is still read at most 1001 items deep, and reported', () => {
    const { array, reads } = counted(50_000, 'r_x');
    const r = validateTransactionShape('transaction_risk_types_request', { risk_types: array }, 'input');
    expect(reads()).toBeLessThanOrEqual(1001);
    expect(!r.ok && r.error[0]).toEqual({ code: 'MAX_SIZE_LIMIT_REACHED', message: 'at most 1000 items are read (50000 given)', path: '$.risk_types' });
  });

  it('nesting 100,000 levels deep is a violation, not a stack overflow', () => {
    let deep: unknown = {};
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    const t = clone(S.transactionInput);
    t.details.details.extra = deep;
    const r = validateTransactionShape('transaction', t, 'input');
    expect(!r.ok && r.error.map((v) => v.code)).toContain('MAX_SIZE_LIMIT_REACHED');
  });

  it('a valid transaction is returned as given (no copy)', () => {
    const r = validateTransactionShape('transaction', S.transactionInput, 'input');
    expect(r.ok && r.value).toBe(S.transactionInput);
  });
});
