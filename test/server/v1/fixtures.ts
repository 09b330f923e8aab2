/** Transactions of the /v1 tests: a bank payment the library holds, a card payment and a remittance it allows. */
let n = 0;
const next = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++n}`;
const me = (customer: string) => ({ name: 'Jane Doe', identifier: { type: 'CUSTOMER', external_identifier: customer } });

/**
 * 75,000 EUR to a new counterparty of the customer's own: HOLD (very large amount, outbound sum in 24 hours, large
 * payment to a new counterparty).
 */
export function heldBankPayment(customer: string, o: { id?: string; amount?: number } = {}) {
  return {
    external_identifier: o.id ?? next('bank'),
    customer_external_identifier: customer,
    occurred_at: new Date().toISOString(),
    details: {
      classification: 'MONETARY',
      base_value: { amount: o.amount ?? 75000, currency: 'EUR' },
      details: {
        type: 'BANK_PAYMENT',
        payment_scheme: 'SEPA',
        state: 'BOOKED',
        creditor: { name: 'Harbour Imports BV', identifier: { type: 'COUNTERPARTY', external_identifier: `cp-of-${customer}` } },
        debtor: me(customer),
      },
    },
  };
}

/** 25 EUR at a grocery of the customer's own (no other customer pays it): ALLOW. */
export function allowedCardPayment(customer: string) {
  return {
    external_identifier: next('card'),
    customer_external_identifier: customer,
    occurred_at: new Date().toISOString(),
    details: {
      classification: 'MONETARY',
      base_value: { amount: 25.4, currency: 'EUR' },
      details: {
        type: 'CARD_PAYMENT',
        card: { fingerprint: 'fp-77' },
        card_holder: { details: me(customer) },
        merchant: { details: { name: `Corner Grocery of ${customer}` }, mcc_category_code: '5411' },
        payment_stage: 'SETTLED',
        card_payment_type: 'REGULAR',
      },
    },
  };
}

/** 120 GBP to a relative's bank account in Ireland: ALLOW. */
export function allowedRemittance(customer: string) {
  return {
    external_identifier: next('rem'),
    customer_external_identifier: customer,
    occurred_at: new Date().toISOString(),
    details: {
      classification: 'MONETARY',
      base_value: { amount: 120, currency: 'GBP' },
      details: {
        type: 'REMITTANCE',
        creditor: { details: { name: 'Sean Murphy', identifier: { type: 'COUNTERPARTY', external_identifier: `cp-ie-of-${customer}` }, address: { format: 'STRUCTURED', country: 'IE' } } },
        debtor: me(customer),
        collection_method: 'BANK_TRANSFER',
        purpose_of_payment: 'FAMILY_SUPPORT',
      },
    },
  };
}
