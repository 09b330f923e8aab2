/**
 * Ports of the transaction area. The core never reads a clock, generates randomness or touches storage itself:
 * hosts pass these in. History is synchronous (evaluation is synchronous); storage ports are small and async.
 */
import type { Direction, MonetaryType, TransactionRiskDecision } from './enums.js';
import type { AlertMute, TransactionAuditRecord, Transaction, TransactionInput, TransactionMonitoringRisk } from './types.js';

/** Current time as an ISO 8601 string. */
export interface TransactionClock {
  now(): string;
}

/** A fresh UUID each call. */
export interface TransactionIdGenerator {
  next(): string;
}

/**
 * One past transaction as the scenario engine sees it: flat, numeric time, base-value amount. Build it with
 * `toHistoryRecord`.
 */
export interface HistoryRecord {
  /** The transaction's external identifier (the current transaction is never counted twice). */
  id: string;
  /** The customer key (customer_identifier). */
  customer: string;
  /** occurred_at in epoch milliseconds. */
  t: number;
  /** Base value amount. */
  amount: number;
  currency: string;
  direction: Direction;
  type: MonetaryType;
  /** Counterparty key: its external identifier, else its normalised name; null when unknown. */
  counterparty: string | null;
  /** Counterparty country (ISO alpha-2), or the cash-pickup country for remittances; null when unknown. */
  country: string | null;
  mcc: string | null;
  payment_stage: string | null;
  card_payment_type: string | null;
  payment_channel: string | null;
  cash_pickup: boolean;
  /**
   * The whole transaction, kept only when an engine has a hosted-language scenario whose aggregations read fields
   * this flat record lacks (custom fields, card funding type, ...).
   */
  source?: TransactionInput | Transaction;
}

export type HistoryScope = 'customer' | 'counterparty';

/** A slice `records[start, end)` of one subject's history, ordered by time. No copy is made. */
export interface HistoryView {
  readonly records: readonly HistoryRecord[];
  readonly start: number;
  readonly end: number;
}

/** The host's transaction history, read synchronously by the engine. */
export interface HistoryPort {
  /**
   * Records of `key` in `scope` with `fromMs < t <= toMs`, ordered by time. Both scopes index the same records: a
   * record of customer C with counterparty P is in both `customer C` and `counterparty P`.
   */
  range(scope: HistoryScope, key: string, fromMs: number, toMs: number): HistoryView;
  /**
   * Optional: every record with `fromMs < t <= toMs`, ordered by time (hosted-language aggregations grouped by
   * neither customer nor counterparty). Without it such an aggregation is a HISTORY_UNAVAILABLE evaluation error.
   */
  rangeAll?(fromMs: number, toMs: number): HistoryView;
  /** Optional: record a transaction once evaluated (the service calls it when present). */
  append?(record: HistoryRecord): void;
  /**
   * Optional: the aggregates of a window computed elsewhere (a database), or undefined to have the engine read the
   * window's records through `range`. The engine adds the transaction being evaluated itself.
   */
  aggregate?(request: HistoryAggregateRequest): HistoryAggregate | undefined;
}

/** A text field of a history record a `HistoryPredicate` or a distinct count reads. */
export type HistoryTextField =
  | 'id'
  | 'customer'
  | 'counterparty'
  | 'currency'
  | 'direction'
  | 'type'
  | 'country'
  | 'mcc'
  | 'payment_stage'
  | 'card_payment_type'
  | 'payment_channel';

/**
 * A condition on one history record, as a database can test it. `in`: the field's value (a missing one read as
 * `otherwise` when given, then upper-cased when `upper`) is one of `in`, where null stands for a missing value;
 * `cmp`: amount or time (`t`) compared with a number; `multiple_of`: `amount % n === 0` (n a non-zero integer);
 * `is`: the cash-pickup flag. `all: []` always holds, `any: []` never does.
 */
export type HistoryPredicate =
  | { all: readonly HistoryPredicate[] }
  | { any: readonly HistoryPredicate[] }
  | { not: HistoryPredicate }
  | { field: HistoryTextField; in: readonly (string | null)[]; upper?: boolean; otherwise?: string }
  | { field: 'amount' | 't'; cmp: '==' | '!=' | '<' | '<=' | '>' | '>='; value: number }
  | { field: 'amount'; multiple_of: number }
  | { field: 'cash_pickup'; is: boolean };

/** What a distinct count counts: a text field, the amount, the time, or the UTC day (`floor(t / 86 400 000)`). */
export type HistoryValueField = HistoryTextField | 'amount' | 't' | 'day';

/**
 * Aggregates of the records of `key` in `scope` with `fromMs < t <= toMs`, less the record `exclude` (same id and
 * time: the transaction being evaluated when the history already holds it), that `where` holds for (all when null).
 * The count is always computed; the rest only when asked.
 */
export interface HistoryAggregateRequest {
  scope: HistoryScope;
  key: string;
  fromMs: number;
  toMs: number;
  exclude: { id: string; t: number };
  where: HistoryPredicate | null;
  /** The sum of amounts, added in time order (ties in append order) starting from 0, as the engine adds them. */
  sum: boolean;
  /** The least and greatest amount. */
  range: boolean;
  /** Welford's running mean and sum of squared deviations of the amounts, in time order, as the engine runs them. */
  moments: boolean;
  /** The number of distinct non-null values of a field, and whether `probe` is one of them. */
  distinct: { of: HistoryValueField; probe: string | number | null } | null;
}

/** The answer to a `HistoryAggregateRequest` (fields not asked for hold their empty values: 0, null, false). */
export interface HistoryAggregate {
  count: number;
  sum: number;
  min: number | null;
  max: number | null;
  mean: number;
  m2: number;
  distinct: number;
  probeSeen: boolean;
}

/** One window the scenarios read: `HistoryPort.range` of a scope and key, or `rangeAll` (scope `all`, key null). */
export interface HistoryWindow {
  scope: HistoryScope | 'all';
  key: string | null;
  fromMs: number;
  toMs: number;
}

/**
 * A history kept in a database, read asynchronously (the `HistoryPort` the engine reads is synchronous). Given one,
 * the transaction service finds the windows and aggregates an evaluation reads (a first pass of the scenarios
 * against an empty history records them), loads them (or has the store compute the aggregates), and evaluates
 * against what was loaded, again until nothing is missing.
 */
export interface HistoryStore {
  /** For each window, its records with `fromMs < t <= toMs`, ordered by time (ties in append order). */
  load(windows: readonly HistoryWindow[]): Promise<HistoryRecord[][]>;
  /** Record a transaction once evaluated; a record with the id of a stored one replaces it. */
  append(record: HistoryRecord): Promise<void>;
  /**
   * Optional: aggregates computed by the store, one per request (see `HistoryAggregateRequest`), or null for a
   * request it declines (its window is then loaded with `load`). Without it, every window is loaded.
   */
  aggregate?(requests: readonly HistoryAggregateRequest[]): Promise<Array<HistoryAggregate | null>>;
}

/** A page request: 1-based page number and page size. */
export interface TransactionPageRequest {
  page_number?: number;
  page_size?: number;
}

export interface TransactionPage<T> {
  items: T[];
  total_count: number;
}

/** Stored transactions (output form) with the risks raised on them. */
export interface TransactionStore {
  /** Insert or replace by identifier. */
  put(transaction: Transaction): Promise<void>;
  /**
   * Insert unless a transaction with the same external_identifier is stored; true when inserted. Atomic: of
   * concurrent calls with one external_identifier (in one process or several sharing the store) exactly one wins.
   */
  insertIfAbsent(transaction: Transaction): Promise<boolean>;
  get(identifier: string): Promise<Transaction | undefined>;
  getByExternalIdentifier(externalIdentifier: string): Promise<Transaction | undefined>;
  /** All stored transactions ordered by occurred_at then identifier (for back-testing). */
  list(): Promise<Transaction[]>;
  /** Compare-and-set of the review decision: succeeds only when the current decision equals `expected`. */
  setReviewDecision(identifier: string, expected: Transaction['review_decision'], next: Transaction['review_decision']): Promise<boolean>;
}

export interface StoredRisk {
  risk: TransactionMonitoringRisk;
  customer_identifier: string;
  decision: TransactionRiskDecision;
  risk_types: string[];
}

export interface RiskStore {
  put(risk: StoredRisk): Promise<void>;
  get(identifier: string): Promise<StoredRisk | undefined>;
  setDecision(identifier: string, decision: TransactionRiskDecision): Promise<boolean>;
  /** Newest first. */
  list(page: Required<TransactionPageRequest>): Promise<TransactionPage<StoredRisk>>;
}

export interface MuteStore {
  create(mute: AlertMute): Promise<void>;
  /** Mutes of one customer. */
  forCustomer(customerIdentifier: string): Promise<AlertMute[]>;
  /** All mutes, oldest first. */
  list(page: Required<TransactionPageRequest>): Promise<TransactionPage<AlertMute>>;
  /** Remove a mute (unmute); the mute removed, or null when there was none. */
  delete(id: string): Promise<AlertMute | null>;
}

export interface AuditSink {
  append(record: TransactionAuditRecord): Promise<void>;
  /** Records about one transaction (transaction page), oldest first. */
  forTransaction(transactionIdentifier: string): Promise<TransactionAuditRecord[]>;
}

/** One record of the customer (the hosted language's `customer[N]`): a `person` or a `company`, any host fields. */
export interface CustomerRecord {
  person?: Readonly<Record<string, unknown>>;
  company?: Readonly<Record<string, unknown>>;
  readonly [key: string]: unknown;
}

/** A product or loan record a transaction is booked on (the hosted language's `transaction.product.*`). */
export type ProductRecord = Readonly<Record<string, unknown>>;

/** A detector's result for one transaction (`detector.<slug>.score` / `.triggered`). */
export interface DetectorResult {
  score?: number;
  triggered?: boolean;
}

/** Customer and product records, read by the service before an evaluation (the engine itself stays synchronous). */
export interface CustomerRecordStore {
  /** The customer's records, primary first; empty when none are known. */
  customers(customerIdentifier: string): Promise<readonly CustomerRecord[]>;
  /** The product record named `productName` (the transaction's `details.product_name`) of the customer, if any. */
  product(customerIdentifier: string, productName: string): Promise<ProductRecord | undefined>;
}
