import { describe, expect, it } from 'vitest';
import type { EvaluationContext, TransactionCustomerContext, TransactionInput } from '../../../src/transactions/index.js';
import { HOUR, bank, card, remit } from '../helpers.js';
import { AMOUNT, constant, doc, field, run } from './fixtures.js';

const DIRECTION = field('transaction.monetary_details.direction');
const CURRENCY = field('transaction.monetary_details.value.iso_3_currency_code');
const TYPE = field('transaction.type');
const block = (value: string, datatype = 'string', dflt?: unknown) => ({ type: 'block', value, datatype, ...(dflt !== undefined ? { default: dflt } : {}) });

function withDetails(tx: TransactionInput, patch: Record<string, unknown>): TransactionInput {
  return { ...tx, details: { ...tx.details, ...patch } } as TransactionInput;
}
const prepaidCard = (): TransactionInput => {
  const tx = card({ amount: 50 });
  const d = tx.details.details as Extract<TransactionInput['details']['details'], { type: 'CARD_PAYMENT' }>;
  return { ...tx, details: { ...tx.details, details: { ...d, card: { fingerprint: 'fp', funding_type: 'PREPAID' }, payment_stages_info: { authorization: { state: 'DECLINED' } } } } };
};

interface Case {
  name: string;
  spec: unknown;
  tx: TransactionInput;
  customer?: Partial<TransactionCustomerContext>;
  ctx?: Partial<EvaluationContext>;
  outcome: 'HOLD' | 'ALLOW' | 'ERROR';
}

const CASES: Case[] = [
  { name: 'equals on the base amount', spec: { equals: [AMOUNT, constant(100)] }, tx: bank({ amount: 100 }), outcome: 'HOLD' },
  { name: 'not_equals', spec: { not_equals: [AMOUNT, constant(100)] }, tx: bank({ amount: 100 }), outcome: 'ALLOW' },
  { name: 'greater_than', spec: { greater_than: [AMOUNT, constant(99)] }, tx: bank({ amount: 100 }), outcome: 'HOLD' },
  { name: 'less_than', spec: { less_than: [AMOUNT, constant(100)] }, tx: bank({ amount: 100 }), outcome: 'ALLOW' },
  { name: 'greater_than_or_equals', spec: { greater_than_or_equals: [AMOUNT, constant(100)] }, tx: bank({ amount: 100 }), outcome: 'HOLD' },
  { name: 'less_than_or_equals', spec: { less_than_or_equals: [AMOUNT, constant(99.5)] }, tx: bank({ amount: 100 }), outcome: 'ALLOW' },
  { name: 'older spelling greater_than_or_equal', spec: { greater_than_or_equal: [AMOUNT, constant(100)] }, tx: bank({ amount: 100 }), outcome: 'HOLD' },
  { name: 'older spelling less_than_or_equal', spec: { less_than_or_equal: [AMOUNT, constant(100)] }, tx: bank({ amount: 100 }), outcome: 'HOLD' },
  { name: 'a number written as a string', spec: { greater_than: [AMOUNT, constant('9950', 'number')] }, tx: bank({ amount: 9951 }), outcome: 'HOLD' },
  { name: 'datatype float is a number', spec: { equals: [AMOUNT, constant('12.5', 'float')] }, tx: bank({ amount: 12.5 }), outcome: 'HOLD' },
  { name: 'datatype integer is a number', spec: { equals: [AMOUNT, constant(12, 'integer')] }, tx: bank({ amount: 12 }), outcome: 'HOLD' },
  {
    name: 'any_of with currencies written in lower case',
    spec: { any_of: [CURRENCY, { type: 'constant_list', datatype: 'string', values: ['usd', 'eur'] }] },
    tx: bank({ currency: 'USD' }),
    outcome: 'HOLD',
  },
  {
    name: 'not_any_of',
    spec: { not_any_of: [CURRENCY, { type: 'constant_list', datatype: 'string', values: ['USD'] }] },
    tx: bank({ currency: 'USD' }),
    outcome: 'ALLOW',
  },
  {
    name: 'any_of on numbers written as strings',
    spec: { any_of: [AMOUNT, { type: 'constant_list', datatype: 'number', values: ['100', '200'] }] },
    tx: bank({ amount: 200 }),
    outcome: 'HOLD',
  },
  {
    name: 'regex_match with a (?i) prefix is case-insensitive',
    spec: { regex_match: { text: field('transaction.monetary_details.bank_payment.debtor.name', 'string', ''), pattern: '(?i)^joe\\b' } },
    tx: bank({ direction: 'INBOUND', counterpartyName: 'JOE Bloggs' }),
    outcome: 'HOLD',
  },
  {
    name: 'regex_match without (?i) is case-sensitive',
    spec: { regex_match: { text: field('transaction.monetary_details.bank_payment.debtor.name', 'string', ''), pattern: '^joe' } },
    tx: bank({ direction: 'INBOUND', counterpartyName: 'JOE Bloggs' }),
    outcome: 'ALLOW',
  },
  {
    name: 'regex_match finds a keyword anywhere in reference_text',
    spec: { regex_match: { text: field('transaction.monetary_details.reference_text', 'string', ''), pattern: '(?i)crypto|casino' } },
    tx: withDetails(bank(), { reference_text: 'Top-up for my Casino account' }),
    outcome: 'HOLD',
  },
  {
    name: 'and, or and not (one child as a list)',
    spec: { and: [{ or: [{ equals: [AMOUNT, constant(1)] }, { equals: [AMOUNT, constant(100)] }] }, { not: [{ equals: [DIRECTION, constant('INBOUND')] }] }] },
    tx: bank({ amount: 100 }),
    outcome: 'HOLD',
  },
  { name: 'not with an object child', spec: { not: { equals: [AMOUNT, constant(100)] } }, tx: bank({ amount: 100 }), outcome: 'ALLOW' },
  { name: 'add', spec: { equals: [{ add: [AMOUNT, constant(1)] }, constant(101)] }, tx: bank({ amount: 100 }), outcome: 'HOLD' },
  { name: 'subtract', spec: { equals: [{ subtract: [AMOUNT, constant(1)] }, constant(99)] }, tx: bank({ amount: 100 }), outcome: 'HOLD' },
  { name: 'multiply', spec: { equals: [{ multiply: [AMOUNT, constant(3)] }, constant(300)] }, tx: bank({ amount: 100 }), outcome: 'HOLD' },
  { name: 'divide', spec: { equals: [{ divide: [AMOUNT, constant(4)] }, constant(25)] }, tx: bank({ amount: 100 }), outcome: 'HOLD' },
  { name: 'mod: a round amount', spec: { equals: [{ mod: [AMOUNT, constant(1000)] }, constant(0)] }, tx: bank({ amount: 5000 }), outcome: 'HOLD' },
  { name: 'abs', spec: { less_than: [{ abs: [{ subtract: [AMOUNT, constant(500)] }] }, constant(10)] }, tx: bank({ amount: 495 }), outcome: 'HOLD' },
  { name: 'division by zero has no value: the comparison is false', spec: { greater_than: [{ divide: [AMOUNT, constant(0)] }, constant(0)] }, tx: bank(), outcome: 'ALLOW' },
  {
    name: 'a boolean constant in any case',
    spec: { equals: [block('cash-pickup', 'boolean'), constant('TRUE', 'boolean')] },
    tx: remit({ pickupCountry: 'NG' }),
    outcome: 'HOLD',
  },
  {
    name: 'MONETARY_TRANSACTION_DIRECTION_INBOUND maps onto INBOUND',
    spec: { equals: [DIRECTION, constant('MONETARY_TRANSACTION_DIRECTION_INBOUND')] },
    tx: bank({ direction: 'INBOUND' }),
    outcome: 'HOLD',
  },
  { name: 'TRANSACTION_TYPE_CARD_PAYMENT', spec: { equals: [TYPE, constant('TRANSACTION_TYPE_CARD_PAYMENT')] }, tx: card(), outcome: 'HOLD' },
  { name: 'TRANSACTION_TYPE_BANK_PAYMENT against a card', spec: { equals: [TYPE, constant('TRANSACTION_TYPE_BANK_PAYMENT')] }, tx: card(), outcome: 'ALLOW' },
  {
    name: 'CARD_PAYMENT_STAGE_AUTHORIZED',
    spec: { equals: [field('transaction.monetary_details.card_payment.payment_stage', 'string', 'NONE'), constant('CARD_PAYMENT_STAGE_AUTHORIZED')] },
    tx: card({ stage: 'AUTHORIZED' }),
    outcome: 'HOLD',
  },
  {
    name: 'CARD_PAYMENT_TYPE_REFUND in a constant list',
    spec: { any_of: [field('transaction.monetary_details.card_payment.card_payment_type', 'string', 'NONE'), { type: 'constant_list', datatype: 'string', values: ['CARD_PAYMENT_TYPE_REFUND'] }] },
    tx: card({ type: 'REFUND' }),
    outcome: 'HOLD',
  },
  {
    name: 'PAYMENT_CHANNEL_ATM',
    spec: { equals: [field('transaction.monetary_details.payment_channel', 'string', 'NONE'), constant('PAYMENT_CHANNEL_ATM')] },
    tx: withDetails(bank(), { payment_channel: 'ATM' }),
    outcome: 'HOLD',
  },
  {
    name: 'CARD_FUNDING_TYPE_PREPAID on card.funding_type',
    spec: { equals: [field('transaction.monetary_details.card_payment.card.funding_type', 'string', 'NONE'), constant('CARD_FUNDING_TYPE_PREPAID')] },
    tx: prepaidCard(),
    outcome: 'HOLD',
  },
  {
    name: 'payment_stages_info.authorization.state',
    spec: { equals: [field('transaction.monetary_details.card_payment.payment_stages_info.authorization.state', 'string', 'NONE'), constant('CARD_AUTHORIZATION_STATE_DECLINED')] },
    tx: prepaidCard(),
    outcome: 'HOLD',
  },
  {
    name: 'a card path on a bank payment takes its default',
    spec: { equals: [field('transaction.monetary_details.card_payment.card.funding_type', 'string', 'NONE'), constant('NONE')] },
    tx: bank(),
    outcome: 'HOLD',
  },
  {
    name: 'placeholder guard: a field present',
    spec: { not_equals: [field('transaction.monetary_details.value.iso_3_currency_code', 'string', 'CURRENCY_CODE'), constant('CURRENCY_CODE')] },
    tx: bank({ currency: 'USD' }),
    outcome: 'HOLD',
  },
  {
    name: 'placeholder guard: a field absent',
    spec: { not_equals: [field('transaction.monetary_details.customer_account_balance.current_balance.amount', 'number', -1), constant(-1)] },
    tx: bank(),
    outcome: 'ALLOW',
  },
  {
    name: 'percentage of the account balance',
    spec: { greater_than: [{ divide: [AMOUNT, field('transaction.monetary_details.customer_account_balance.current_balance.amount', 'number')] }, constant(0.9)] },
    tx: withDetails(bank({ amount: 950 }), { customer_account_balance: { current_balance: { amount: 1000, currency: 'EUR' } } }),
    outcome: 'HOLD',
  },
  { name: 'a missing field with no default is an evaluation error', spec: { equals: [field('transaction.monetary_details.reference_text'), constant('x')] }, tx: bank(), outcome: 'ERROR' },
  { name: 'a missing field takes its default', spec: { equals: [field('transaction.monetary_details.reference_text', 'string', 'x'), constant('x')] }, tx: bank(), outcome: 'HOLD' },
  { name: 'default: null is no default', spec: { equals: [field('transaction.monetary_details.reference_text', 'string', null), constant('x')] }, tx: bank(), outcome: 'ERROR' },
  {
    name: 'custom field decimal_value',
    spec: { greater_than: [field('transaction.custom_fields.risk_score.decimal_value', 'number', '0'), constant(70)] },
    tx: { ...bank(), custom_fields: [{ key: 'risk_score', value: { data_type: 'DECIMAL', decimal: 80 } }] },
    outcome: 'HOLD',
  },
  {
    name: 'custom field string_value',
    spec: { equals: [field('transaction.custom_fields.channel.string_value', 'string', ''), constant('kiosk')] },
    tx: { ...bank(), custom_fields: [{ key: 'channel', value: { data_type: 'TEXT', text: 'kiosk' } }] },
    outcome: 'HOLD',
  },
  {
    name: 'enrichment boolean_value from the host',
    spec: { equals: [field('transaction.enrichments.on_watchlist.boolean_value', 'boolean', false), constant(true, 'boolean')] },
    tx: bank(),
    ctx: { enrichments: [{ key: 'on_watchlist', type: 'LOOKUP_LIST', value: { data_type: 'BOOLEAN', boolean: true } }] },
    outcome: 'HOLD',
  },
  {
    name: 'detector score and triggered',
    spec: { and: [{ greater_than: [field('detector.mule.score', 'number', 0), constant(0.8)] }, { equals: [field('detector.mule.triggered', 'boolean', false), constant('True', 'boolean')] }] },
    tx: bank(),
    ctx: { detectors: { mule: { score: 0.93, triggered: true } } },
    outcome: 'HOLD',
  },
  {
    name: 'customer[0].person with a typed wrapper suffix',
    spec: { greater_than: [field('customer[0].person.net_worth.float', 'number', '0'), constant(1_000_000)] },
    tx: bank(),
    customer: { records: [{ person: { net_worth: 2_000_000 } }] },
    outcome: 'HOLD',
  },
  {
    name: 'customer[1].company',
    spec: { equals: [field('customer[1].company.country', 'string', ''), constant('cy')] },
    tx: bank(),
    customer: { records: [{ person: {} }, { company: { country: 'CY' } }] },
    outcome: 'HOLD',
  },
  {
    name: 'transaction.product from the host',
    spec: { greater_than: [AMOUNT, { multiply: [field('transaction.product.monthly_instalment', 'number'), constant(3)] }] },
    tx: bank({ amount: 1000 }),
    ctx: { product: { monthly_instalment: 300 } },
    outcome: 'HOLD',
  },
  {
    name: 'a datetime against a date constant (date converts)',
    spec: { greater_than_or_equals: [field('transaction.occurred_at', 'datetime'), constant('2026-06-01', 'date')] },
    tx: bank(),
    outcome: 'HOLD',
  },
  {
    name: 'subtracting dates gives days',
    spec: { less_than: [{ subtract: [field('transaction.occurred_at', 'date'), field('customer[0].person.date_of_birth', 'date')] }, constant(18 * 365.25)] },
    tx: bank(),
    customer: { records: [{ person: { date_of_birth: '2010-03-01' } }] },
    outcome: 'HOLD',
  },
  { name: 'hour-of-day: between midnight and 5 a.m.', spec: { less_than: [block('hour-of-day', 'number'), constant(5)] }, tx: bank({ t: -10 * HOUR }), outcome: 'HOLD' },
  { name: 'hour-of-day at noon', spec: { less_than: [block('hour-of-day', 'number'), constant(5)] }, tx: bank(), outcome: 'ALLOW' },
  { name: 'day-of-week (2026-06-01 is a Monday)', spec: { equals: [block('day-of-week', 'number'), constant(1)] }, tx: bank(), outcome: 'HOLD' },
  { name: 'calendar-month', spec: { equals: [block('calendar-month', 'number'), constant(6)] }, tx: bank(), outcome: 'HOLD' },
  { name: 'counterparty-id', spec: { equals: [block('counterparty-id', 'string', '1234'), constant('cp-9')] }, tx: bank({ counterparty: 'cp-9' }), outcome: 'HOLD' },
  {
    name: 'counterparty-details: identifier and name',
    spec: { equals: [block('counterparty-details'), constant('353454354-Eric-Idle')] },
    tx: bank({ counterparty: '353454354', counterpartyName: 'Eric Idle' }),
    outcome: 'HOLD',
  },
  {
    name: 'counterparty-country-code in a list, any case',
    spec: { any_of: [block('counterparty-country-code', 'string', 'XX'), { type: 'constant_list', datatype: 'string', values: ['ir', 'kp'] }] },
    tx: bank({ country: 'IR' }),
    outcome: 'HOLD',
  },
  { name: 'contains (tamis text operator)', spec: { contains: [field('transaction.monetary_details.reference_text', 'string', ''), constant('loan')] }, tx: withDetails(bank(), { reference_text: 'car loan' }), outcome: 'HOLD' },
  { name: 'starts_with', spec: { starts_with: [block('counterparty-name', 'string', ''), constant('Counter')] }, tx: bank(), outcome: 'HOLD' },
  { name: 'ends_with', spec: { ends_with: [block('counterparty-name', 'string', ''), constant('Ltd')] }, tx: bank(), outcome: 'ALLOW' },
  { name: 'operator names in any case', spec: { AND: [{ Greater_Than: [AMOUNT, constant(1)] }] }, tx: bank({ amount: 100 }), outcome: 'HOLD' },
  {
    name: 'an inline (?i) inside the pattern applies to the whole pattern',
    spec: { regex_match: { text: block('counterparty-name', 'string', ''), pattern: '^counterparty (?i)CP-1$' } },
    tx: bank({ counterparty: 'cp-1' }),
    outcome: 'HOLD',
  },
  { name: 'a field without datatype takes its default’s type', spec: { equals: [{ type: 'field', value: 'transaction.custom_fields.n.decimal_value', default: 5 }, constant(5)] }, tx: bank(), outcome: 'HOLD' },
  {
    name: 'customer-age from the customer record',
    spec: { less_than: [block('customer-age', 'number', 99), constant(18)] },
    tx: bank(),
    customer: { records: [{ person: { date_of_birth: '2008-06-02' } }] },
    outcome: 'HOLD',
  },
  { name: 'is-weekend (a Monday)', spec: { equals: [block('is-weekend', 'boolean'), constant(false, 'boolean')] }, tx: bank(), outcome: 'HOLD' },
  { name: 'merchant-category-code', spec: { equals: [block('merchant-category-code', 'string', ''), constant('7995')] }, tx: card({ mcc: '7995' }), outcome: 'HOLD' },
  {
    name: 'counterparty-bic of the first agent, any case',
    spec: { equals: [block('counterparty-bic', 'string', ''), constant('deutdeffxxx')] },
    tx: (() => {
      const tx = bank();
      const d = tx.details.details as Extract<TransactionInput['details']['details'], { type: 'BANK_PAYMENT' }>;
      return { ...tx, details: { ...tx.details, details: { ...d, agents: [{ role: 'COUNTERPARTY_BANK' as const, bank: { bic: 'DEUTDEFFXXX' } }] } } };
    })(),
    outcome: 'HOLD',
  },
  {
    name: 'list indexes in brackets',
    spec: { equals: [field('customer[0].person.addresses[1].country', 'string', ''), constant('fr')] },
    tx: bank(),
    customer: { records: [{ person: { addresses: [{ country: 'DE' }, { country: 'FR' }] } }] },
    outcome: 'HOLD',
  },
  {
    name: 'a regex pattern written as a constant',
    spec: { regex_match: { text: block('counterparty-name', 'string', ''), pattern: { type: 'constant', value: '(?i)^counterparty', datatype: 'string' } } },
    tx: bank(),
    outcome: 'HOLD',
  },
  { name: 'a boolean value as a condition', spec: field('detector.fraud.triggered', 'boolean', false), tx: bank(), ctx: { detectors: { fraud: { triggered: true } } }, outcome: 'HOLD' },
];

describe('hosted language: operators, values and paths', () => {
  for (const c of CASES) {
    it(`${c.name} → ${c.outcome}`, () => {
      const r = run(doc(c.spec), c.tx, [], c.customer ?? {}, c.ctx ?? {});
      expect(r.evaluation_outcome).toBe(c.outcome);
    });
  }

  it('a missing field error names the field and points at its node', () => {
    const r = run(doc({ and: [{ equals: [AMOUNT, constant(100)] }, { equals: [field('transaction.monetary_details.reference_text'), constant('x')] }] }), bank());
    expect(r.scenario_evaluations[0]?.problems).toEqual([
      { code: 'MISSING_FIELD', message: 'field transaction.monetary_details.reference_text is missing and has no default', path: '$.specification.and[1].equals[0]' },
    ]);
    expect(r.risks).toEqual([]);
  });

  it('a value that is not of its declared type is a BAD_DATA evaluation error', () => {
    const tx = { ...bank(), custom_fields: [{ key: 'score', value: { data_type: 'TEXT' as const, text: 'high' } }] };
    const r = run(doc({ greater_than: [field('transaction.custom_fields.score.string_value', 'number'), constant(1)] }), tx);
    expect(r.scenario_evaluations[0]?.problems[0]?.code).toBe('BAD_DATA');
  });
});
