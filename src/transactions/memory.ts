/**
 * In-memory adapters of the transaction ports, and deterministic clock/id helpers for tests and hosts that supply
 * their own time.
 */
import { aggregateRecords } from './history-aggregates.js';
import { internString } from './record.js';
import type { TransactionRiskDecision } from './enums.js';
import type {
  AuditSink,
  CustomerRecord,
  CustomerRecordStore,
  ProductRecord,
  HistoryAggregate,
  HistoryAggregateRequest,
  HistoryPort,
  HistoryRecord,
  HistoryScope,
  HistoryStore,
  HistoryView,
  HistoryWindow,
  MuteStore,
  TransactionPage,
  TransactionPageRequest,
  RiskStore,
  StoredRisk,
  TransactionClock,
  TransactionIdGenerator,
  TransactionStore,
} from './ports.js';
import type { AlertMute, TransactionAuditRecord, Transaction } from './types.js';

/** First index whose time is greater than `ms` (times sorted ascending). */
export function upperBound(times: readonly number[], ms: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((times[mid] as number) <= ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** One subject's records sorted by time, with their times in a packed array for the binary searches. */
interface Subject {
  records: HistoryRecord[];
  times: number[];
}

const EMPTY: readonly HistoryRecord[] = [];

/**
 * History indexed by customer and by counterparty, each a time-sorted array; a window is two binary searches and
 * no copy.
 */
export class InMemoryHistory implements HistoryPort {
  private readonly byCustomer = new Map<string, Subject>();
  private readonly byCounterparty = new Map<string, Subject>();
  private count = 0;

  /**
   * Build from records in any order: sorted once per customer, and copied in that order so that one customer's
   * records sit together in memory (window scans touch neighbouring objects).
   */
  static from(records: Iterable<HistoryRecord>): InMemoryHistory {
    const h = new InMemoryHistory();
    for (const r of records) h.push(h.byCustomer, r.customer, r);
    const byT = (a: HistoryRecord, b: HistoryRecord) => a.t - b.t;
    for (const subject of h.byCustomer.values()) {
      const arr = subject.records;
      arr.sort(byT);
      for (let i = 0; i < arr.length; i++) {
        const copy = h.intern(arr[i] as HistoryRecord);
        arr[i] = copy;
        if (copy.counterparty !== null) h.push(h.byCounterparty, copy.counterparty, copy);
        h.count++;
      }
      subject.times = arr.map((r) => r.t);
    }
    for (const subject of h.byCounterparty.values()) {
      subject.records.sort(byT);
      subject.times = subject.records.map((r) => r.t);
    }
    return h;
  }

  private readonly strings = new Map<string, string>();

  private str<S extends string | null>(v: S): S {
    if (v === null) return v;
    const known = this.strings.get(v);
    if (known !== undefined) return known as S;
    const canonical = internString(v);
    this.strings.set(v, canonical);
    return canonical as S;
  }

  /** A copy whose repeated strings are shared instances (equal values compare and hash from hot memory). */
  private intern(r: HistoryRecord): HistoryRecord {
    return {
      id: r.id,
      customer: this.str(r.customer),
      t: r.t,
      amount: r.amount,
      currency: this.str(r.currency),
      direction: r.direction,
      type: r.type,
      counterparty: this.str(r.counterparty),
      country: this.str(r.country),
      mcc: this.str(r.mcc),
      payment_stage: this.str(r.payment_stage),
      card_payment_type: this.str(r.card_payment_type),
      payment_channel: this.str(r.payment_channel),
      cash_pickup: r.cash_pickup,
      source: r.source,
    };
  }

  get size(): number {
    return this.count;
  }

  private push(index: Map<string, Subject>, key: string, r: HistoryRecord): void {
    const subject = index.get(key);
    if (subject) subject.records.push(r);
    else index.set(key, { records: [r], times: [] });
  }

  private insert(index: Map<string, Subject>, key: string, r: HistoryRecord): void {
    const subject = index.get(key);
    if (!subject) {
      index.set(key, { records: [r], times: [r.t] });
      return;
    }
    const at = upperBound(subject.times, r.t);
    subject.records.splice(at, 0, r);
    subject.times.splice(at, 0, r.t);
  }

  append(input: HistoryRecord): void {
    const record = this.intern(input);
    this.insert(this.byCustomer, record.customer, record);
    if (record.counterparty !== null) this.insert(this.byCounterparty, record.counterparty, record);
    if (this.all !== null) {
      const at = upperBound(this.all.times, record.t);
      this.all.records.splice(at, 0, record);
      this.all.times.splice(at, 0, record.t);
    }
    this.count++;
  }

  /** Every record by time, built on the first `rangeAll` (only hosts with customer-independent groups pay for it). */
  private all: Subject | null = null;

  rangeAll(fromMs: number, toMs: number): HistoryView {
    if (this.all === null) {
      const records: HistoryRecord[] = [];
      for (const subject of this.byCustomer.values()) for (const r of subject.records) records.push(r);
      records.sort((a, b) => a.t - b.t);
      this.all = { records, times: records.map((r) => r.t) };
    }
    const times = this.all.times;
    return { records: this.all.records, start: upperBound(times, fromMs), end: upperBound(times, toMs) };
  }

  range(scope: HistoryScope, key: string, fromMs: number, toMs: number): HistoryView {
    const subject = (scope === 'customer' ? this.byCustomer : this.byCounterparty).get(key);
    if (!subject) return { records: EMPTY, start: 0, end: 0 };
    const times = subject.times;
    return { records: subject.records, start: upperBound(times, fromMs), end: upperBound(times, toMs) };
  }
}

/**
 * The `HistoryStore` in memory (the reference for database adapters, and a way to run the service's preloading
 * path without a database): records by id, a record appended with a known id replaces it. It computes aggregates
 * (`aggregate`) with `aggregateRecords`; wrap it without `aggregate` to have every window loaded instead.
 */
export class InMemoryHistoryStore implements HistoryStore {
  private readonly byId = new Map<string, HistoryRecord>();
  private index: InMemoryHistory | null = null;

  async load(windows: readonly HistoryWindow[]): Promise<HistoryRecord[][]> {
    const h = (this.index ??= InMemoryHistory.from(this.byId.values()));
    return windows.map((w) => {
      const v = w.scope === 'all' ? h.rangeAll(w.fromMs, w.toMs) : h.range(w.scope, w.key ?? '', w.fromMs, w.toMs);
      return v.records.slice(v.start, v.end).map(clone);
    });
  }

  /** Aggregates computed over the stored records (the reference answers of `HistoryStore.aggregate`). */
  async aggregate(requests: readonly HistoryAggregateRequest[]): Promise<Array<HistoryAggregate | null>> {
    const h = (this.index ??= InMemoryHistory.from(this.byId.values()));
    return requests.map((q) => {
      const v = h.range(q.scope, q.key, q.fromMs, q.toMs);
      return aggregateRecords(v.records.slice(v.start, v.end), q);
    });
  }

  async append(record: HistoryRecord): Promise<void> {
    if (this.index && !this.byId.has(record.id)) this.index.append(clone(record));
    else this.index = null;
    this.byId.set(record.id, clone(record));
  }
}

/** Customer and product records in memory (the `CustomerRecordStore` adapter for tests and small hosts). */
export class InMemoryCustomerRecords implements CustomerRecordStore {
  private readonly customerRecords = new Map<string, readonly CustomerRecord[]>();
  private readonly products = new Map<string, ProductRecord>();

  /** Set the customer's records, primary first. */
  put(customerIdentifier: string, records: readonly CustomerRecord[]): void {
    this.customerRecords.set(customerIdentifier, clone(records));
  }

  putProduct(customerIdentifier: string, productName: string, record: ProductRecord): void {
    this.products.set(`${customerIdentifier}\u0000${productName}`, clone(record));
  }

  async customers(customerIdentifier: string): Promise<readonly CustomerRecord[]> {
    return clone(this.customerRecords.get(customerIdentifier) ?? []);
  }

  async product(customerIdentifier: string, productName: string): Promise<ProductRecord | undefined> {
    const p = this.products.get(`${customerIdentifier}\u0000${productName}`);
    return p === undefined ? undefined : clone(p);
  }
}

/** A clock that returns a fixed instant, or advances by `stepMs` on each call. */
export function fixedTransactionClock(iso: string, stepMs = 0): TransactionClock {
  let t = Date.parse(iso);
  return {
    now(): string {
      const out = new Date(t).toISOString();
      t += stepMs;
      return out;
    },
  };
}

/** Deterministic UUID-shaped ids: 00000000-0000-4000-8000-<12 hex counter>, optionally with a 8-hex prefix. */
export function sequentialTransactionIds(prefix = '00000000'): TransactionIdGenerator {
  let n = 0;
  return {
    next(): string {
      n++;
      return `${prefix}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
    },
  };
}

function pageOf<T>(items: readonly T[], page: Required<TransactionPageRequest>): TransactionPage<T> {
  const from = (page.page_number - 1) * page.page_size;
  return { items: items.slice(from, from + page.page_size), total_count: items.length };
}

const clone = <T>(v: T): T => structuredClone(v);

export class InMemoryTransactionStore implements TransactionStore {
  private readonly byId = new Map<string, Transaction>();
  private readonly byExternal = new Map<string, string>();

  async put(transaction: Transaction): Promise<void> {
    if (transaction.identifier === null) throw new Error('InMemoryTransactionStore.put: transaction has no identifier');
    this.byId.set(transaction.identifier, clone(transaction));
    this.byExternal.set(transaction.external_identifier, transaction.identifier);
  }
  async insertIfAbsent(transaction: Transaction): Promise<boolean> {
    // No await before the check and the write: one event-loop turn, so concurrent calls cannot interleave.
    if (this.byExternal.has(transaction.external_identifier)) return false;
    await this.put(transaction);
    return true;
  }
  async get(identifier: string): Promise<Transaction | undefined> {
    const t = this.byId.get(identifier);
    return t ? clone(t) : undefined;
  }
  async getByExternalIdentifier(externalIdentifier: string): Promise<Transaction | undefined> {
    const id = this.byExternal.get(externalIdentifier);
    return id === undefined ? undefined : this.get(id);
  }
  async list(): Promise<Transaction[]> {
    return [...this.byId.values()]
      .map(clone)
      .sort((a, b) => Date.parse(a.occurred_at) - Date.parse(b.occurred_at) || String(a.identifier).localeCompare(String(b.identifier)));
  }
  async setReviewDecision(
    identifier: string,
    expected: Transaction['review_decision'],
    next: Transaction['review_decision'],
  ): Promise<boolean> {
    const t = this.byId.get(identifier);
    if (!t || t.review_decision !== expected) return false;
    t.review_decision = next;
    return true;
  }
}

export class InMemoryRiskStore implements RiskStore {
  private readonly items: StoredRisk[] = [];
  private readonly byId = new Map<string, StoredRisk>();

  async put(risk: StoredRisk): Promise<void> {
    const existing = this.byId.get(risk.risk.identifier);
    const copy = clone(risk);
    if (existing) this.items[this.items.indexOf(existing)] = copy;
    else this.items.push(copy);
    this.byId.set(risk.risk.identifier, copy);
  }
  async get(identifier: string): Promise<StoredRisk | undefined> {
    const r = this.byId.get(identifier);
    return r ? clone(r) : undefined;
  }
  async setDecision(identifier: string, decision: TransactionRiskDecision): Promise<boolean> {
    const r = this.byId.get(identifier);
    if (!r) return false;
    r.decision = decision;
    return true;
  }
  async list(page: Required<TransactionPageRequest>): Promise<TransactionPage<StoredRisk>> {
    const p = pageOf([...this.items].reverse(), page);
    return { items: p.items.map(clone), total_count: p.total_count };
  }
}

export class InMemoryMuteStore implements MuteStore {
  private readonly items: AlertMute[] = [];

  async create(mute: AlertMute): Promise<void> {
    this.items.push(clone(mute));
  }
  async forCustomer(customerIdentifier: string): Promise<AlertMute[]> {
    return this.items.filter((m) => m.customer_identifier === customerIdentifier).map(clone);
  }
  async list(page: Required<TransactionPageRequest>): Promise<TransactionPage<AlertMute>> {
    const p = pageOf(this.items, page);
    return { items: p.items.map(clone), total_count: p.total_count };
  }
  async delete(id: string): Promise<AlertMute | null> {
    const at = this.items.findIndex((m) => m.id === id);
    return at === -1 ? null : (this.items.splice(at, 1)[0] as AlertMute);
  }
}

export class InMemoryAuditSink implements AuditSink {
  readonly records: TransactionAuditRecord[] = [];

  async append(record: TransactionAuditRecord): Promise<void> {
    this.records.push(clone(record));
  }
  async forTransaction(transactionIdentifier: string): Promise<TransactionAuditRecord[]> {
    return this.records
      .filter((r) => {
        const d = r.detail as { transaction?: { identifier?: string } };
        return d.transaction?.identifier === transactionIdentifier;
      })
      .map(clone);
  }
}
