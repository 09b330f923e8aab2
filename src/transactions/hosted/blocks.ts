/**
 * Blocks: named extractors (`{ "type": "block", "value": "counterparty-id" }`) that hide where a value lives.
 * The registry ships the blocks below; a host adds its own with `createBlockRegistry([...])`. Times are UTC.
 */
import type { EvaluationContext, TransactionCustomerContext } from '../engine.js';
import type { HistoryRecord } from '../ports.js';
import { counterpartyOf } from '../record.js';
import type { AnyTransaction } from './paths.js';
import { dayStart, parseIsoDateTime, type DataType } from './values.js';

/** What a block sees besides the record: the customer and context of the transaction being evaluated. */
export interface BlockEnvironment {
  /** The history record of the transaction being evaluated. */
  readonly rec: HistoryRecord;
  readonly customer: TransactionCustomerContext;
  readonly ctx: EvaluationContext;
}

export interface BlockDefinition {
  slug: string;
  datatype: DataType;
  description: string;
  /**
   * The value for `record` (the transaction being evaluated, or a history record in an aggregation); `transaction`
   * is the whole transaction when known (always for the one being evaluated; for history records only when stored).
   * Return undefined when there is no value.
   */
  read(record: HistoryRecord, transaction: AnyTransaction | undefined, env: BlockEnvironment): unknown;
  /** True when `read` needs only the flat record (aggregations then need no stored transactions). */
  flat?: boolean;
  /** The grouping key when it differs from the value (counterparty-id groups by the counterparty key). */
  key?(record: HistoryRecord): unknown;
  /** The history index a grouping by this block can use. */
  scope?: 'customer' | 'counterparty';
  /** An ISO code or enumeration member: compared without regard to case. */
  code?: boolean;
}

export type BlockRegistry = ReadonlyMap<string, BlockDefinition>;

const date = (r: HistoryRecord) => new Date(r.t);

function party(tx: AnyTransaction | undefined) {
  return tx ? counterpartyOf(tx.details) : null;
}

export const SHIPPED_BLOCKS: readonly BlockDefinition[] = [
  {
    slug: 'counterparty-id',
    datatype: 'string',
    description: "The counterparty's external identifier (COUNTERPARTY identifier of the creditor of an outbound payment, the debtor of an inbound one, the merchant of a card payment). Groups by the counterparty key (identifier, else folded name).",
    read: (r) => (r.counterparty?.startsWith('id:') ? r.counterparty.slice(3) : undefined),
    flat: true,
    key: (r) => r.counterparty ?? undefined,
    scope: 'counterparty',
  },
  {
    slug: 'counterparty-name',
    datatype: 'string',
    description: "The counterparty's name as written.",
    read: (_r, tx) => party(tx)?.name ?? undefined,
  },
  {
    slug: 'counterparty-details',
    datatype: 'string',
    description: "The counterparty's identifier and name joined by hyphens (`353454354-Eric-Idle`).",
    read: (_r, tx) => {
      const p = party(tx);
      if (!p) return undefined;
      const id = p.identifier?.type === 'COUNTERPARTY' ? p.identifier.external_identifier : undefined;
      const name = p.name?.trim().replace(/\s+/g, '-');
      const parts = [id, name].filter((x): x is string => typeof x === 'string' && x !== '');
      return parts.length > 0 ? parts.join('-') : undefined;
    },
  },
  {
    slug: 'counterparty-country-code',
    datatype: 'string',
    description: "The counterparty's country (ISO 3166-1 alpha-2): cash-pickup country, else address country, else the country of the first agent BIC.",
    read: (r) => r.country ?? undefined,
    flat: true,
    code: true,
  },
  {
    slug: 'customer-id',
    datatype: 'string',
    description: 'The customer identifier (the history key).',
    read: (r) => r.customer,
    flat: true,
    scope: 'customer',
  },
  {
    slug: 'cash-pickup',
    datatype: 'boolean',
    description: 'A remittance collected in cash (cash pickup or collection method CASH).',
    read: (r) => r.cash_pickup,
    flat: true,
  },
  {
    slug: 'reference-text',
    datatype: 'string',
    description: 'The payment reference (`details.reference_text`), else the first agent reference text.',
    read: (_r, tx) => {
      if (!tx) return undefined;
      if (tx.details.reference_text) return tx.details.reference_text;
      const d = tx.details.details;
      return d.type === 'CARD_PAYMENT' ? undefined : d.agents?.find((a) => a.reference_text)?.reference_text;
    },
  },
  {
    slug: 'counterparty-bic',
    datatype: 'string',
    description: 'The BIC of the first agent (the counterparty bank) of a bank payment or remittance.',
    read: (_r, tx) => {
      const d = tx?.details.details;
      return d && d.type !== 'CARD_PAYMENT' ? d.agents?.find((a) => a.bank?.bic)?.bank?.bic : undefined;
    },
    code: true,
  },
  {
    slug: 'merchant-category-code',
    datatype: 'string',
    description: "The card merchant's category code (MCC).",
    read: (r) => r.mcc ?? undefined,
    flat: true,
  },
  {
    slug: 'customer-age',
    datatype: 'number',
    description: "Whole years from the primary customer record's person.date_of_birth to occurred_at.",
    read: (r, _tx, env) => {
      if (r.customer !== env.rec.customer) return undefined;
      const dob = env.customer.records?.[0]?.person?.date_of_birth;
      const born = typeof dob === 'string' ? parseIsoDateTime(dob) : Number.NaN;
      if (!Number.isFinite(born)) return undefined;
      const a = new Date(born);
      const b = new Date(r.t);
      const beforeBirthday = b.getUTCMonth() < a.getUTCMonth() || (b.getUTCMonth() === a.getUTCMonth() && b.getUTCDate() < a.getUTCDate());
      return b.getUTCFullYear() - a.getUTCFullYear() - (beforeBirthday ? 1 : 0);
    },
    flat: true,
  },
  { slug: 'is-weekend', datatype: 'boolean', description: 'occurred_at on a Saturday or Sunday (UTC).', read: (r) => [0, 6].includes(date(r).getUTCDay()), flat: true },
  { slug: 'calendar-month', datatype: 'number', description: 'Month of occurred_at, 1 to 12 (UTC).', read: (r) => date(r).getUTCMonth() + 1, flat: true },
  { slug: 'calendar-year', datatype: 'number', description: 'Year of occurred_at (UTC).', read: (r) => date(r).getUTCFullYear(), flat: true },
  { slug: 'calendar-date', datatype: 'date', description: 'Date of occurred_at (UTC).', read: (r) => dayStart(r.t), flat: true },
  { slug: 'day-of-month', datatype: 'number', description: 'Day of the month of occurred_at, 1 to 31 (UTC).', read: (r) => date(r).getUTCDate(), flat: true },
  {
    slug: 'day-of-week',
    datatype: 'number',
    description: 'ISO day of the week of occurred_at: 1 Monday to 7 Sunday (UTC).',
    read: (r) => ((date(r).getUTCDay() + 6) % 7) + 1,
    flat: true,
  },
  { slug: 'hour-of-day', datatype: 'number', description: 'Hour of occurred_at, 0 to 23 (UTC).', read: (r) => date(r).getUTCHours(), flat: true },
  {
    slug: 'minute-of-day',
    datatype: 'number',
    description: 'Minutes since midnight of occurred_at, 0 to 1439 (UTC).',
    read: (r) => Math.floor((r.t - dayStart(r.t)) / 60_000),
    flat: true,
  },
];

/** The shipped blocks plus the host's (a host block replaces a shipped one of the same slug). */
export function createBlockRegistry(extra: readonly BlockDefinition[] = []): BlockRegistry {
  return new Map([...SHIPPED_BLOCKS, ...extra].map((b) => [b.slug, b]));
}

export const DEFAULT_BLOCKS: BlockRegistry = createBlockRegistry();
