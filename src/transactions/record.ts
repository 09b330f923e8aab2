/**
 * Derivations from a transaction: direction, counterparty, and the flat `HistoryRecord` the engine aggregates over.
 */
import type { Direction } from './enums.js';
import type { HistoryRecord } from './ports.js';
import type { MonetaryDetails, PartyIdentification, TransactionInput, Transaction } from './types.js';

type AnyTransaction = TransactionInput | Transaction;

/**
 * Direction relative to the primary customer (the spec's read-only `direction`): a stored direction wins; bank
 * payments and remittances whose creditor is the customer (identifier type CUSTOMER) are INBOUND, others OUTBOUND;
 * card payments are OUTBOUND except refunds.
 */
export function deriveDirection(details: MonetaryDetails): Direction {
  if (details.direction) return details.direction;
  const d = details.details;
  if (d.type === 'CARD_PAYMENT') return d.card_payment_type === 'REFUND' ? 'INBOUND' : 'OUTBOUND';
  const creditor = d.type === 'REMITTANCE' ? d.creditor.details : d.creditor;
  return creditor.identifier?.type === 'CUSTOMER' ? 'INBOUND' : 'OUTBOUND';
}

/** The party on the other side of the customer: creditor when outbound, debtor when inbound; the merchant for cards. */
export function counterpartyOf(details: MonetaryDetails, direction: Direction = deriveDirection(details)): PartyIdentification | null {
  const d = details.details;
  if (d.type === 'CARD_PAYMENT') return d.merchant?.details ?? null;
  if (direction === 'OUTBOUND') return d.type === 'REMITTANCE' ? d.creditor.details : d.creditor;
  return d.debtor;
}

/**
 * The engine's canonical instance of a string. In V8, property keys are internalized, and two internalized strings
 * compare by identity: window scans then compare keys without reading their characters.
 */
export function internString(s: string): string {
  const known = interned.get(s);
  if (known !== undefined) return known;
  if (interned.size >= INTERN_LIMIT) interned.clear();
  const canonical = Object.keys({ [s]: 0 })[0] ?? s;
  interned.set(s, canonical);
  return canonical;
}

/** Recently interned strings (bounded: cleared when full), so repeated keys cost one map lookup. */
const interned = new Map<string, string>();
const INTERN_LIMIT = 100_000;

/** Counterparty key: `id:<external identifier>` for COUNTERPARTY identifiers, else `name:<folded name>`. */
export function counterpartyKey(party: PartyIdentification | null): string | null {
  if (!party) return null;
  const id = party.identifier;
  if (id && id.type === 'COUNTERPARTY' && id.external_identifier) return internString(`id:${id.external_identifier}`);
  if (party.name) {
    const folded = party.name.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
    if (folded !== '') return internString(`name:${folded}`);
  }
  return null;
}

function addressCountry(party: PartyIdentification | null | undefined): string | null {
  const a = party?.address;
  if (!a || !a.country) return null;
  const c = a.country.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(c) ? c : null;
}

/**
 * Counterparty country: the cash-pickup country of a remittance, else the counterparty's address country, else the
 * country of the first agent BIC (characters 5-6), else the merchant's address country for cards.
 */
export function counterpartyCountry(details: MonetaryDetails, party: PartyIdentification | null): string | null {
  const d = details.details;
  if (d.type === 'REMITTANCE' && d.creditor.cash_pickup?.country) return d.creditor.cash_pickup.country;
  const fromAddress = addressCountry(party);
  if (fromAddress) return fromAddress;
  if (d.type !== 'CARD_PAYMENT' && d.agents) {
    for (const agent of d.agents) {
      const bic = agent.bank?.bic;
      if (bic && bic.length >= 6) return bic.slice(4, 6);
    }
  }
  return null;
}

/** The flat record of a transaction for the history and the engine. Throws on an unparsable `occurred_at`. */
export function toHistoryRecord(tx: AnyTransaction, customerIdentifier: string): HistoryRecord {
  const details = tx.details;
  const d = details.details;
  const direction = deriveDirection(details);
  const party = counterpartyOf(details, direction);
  const t = Date.parse(tx.occurred_at);
  return {
    id: tx.external_identifier,
    customer: internString(customerIdentifier),
    t,
    amount: details.base_value.amount,
    currency: details.value?.currency ?? details.base_value.currency,
    direction,
    type: d.type,
    counterparty: counterpartyKey(party),
    country: counterpartyCountry(details, party),
    mcc: d.type === 'CARD_PAYMENT' ? (d.merchant?.mcc_category_code ?? null) : null,
    payment_stage: d.type === 'CARD_PAYMENT' ? (d.payment_stage ?? null) : null,
    card_payment_type: d.type === 'CARD_PAYMENT' ? (d.card_payment_type ?? null) : null,
    payment_channel: details.payment_channel ?? null,
    cash_pickup: d.type === 'REMITTANCE' && (Boolean(d.creditor.cash_pickup) || d.collection_method === 'CASH'),
  };
}
