/**
 * Conformance suites for the storage ports. Each suite is a list of named cases; a case receives a fresh adapter from
 * the factory and throws when the adapter breaks the port's contract. Run them from any test framework:
 *
 *   for (const c of transactionStoreConformance) it(c.name, () => c.run(() => new MyStore()));
 */
import type { AuditSink, CustomerRecord, CustomerRecordStore, HistoryPort, HistoryRecord, HistoryStore, MuteStore, ProductRecord, RiskStore, TransactionStore } from './ports.js';
import type { AlertMute, TransactionAuditRecord, Transaction } from './types.js';

export interface ConformanceCase<P> {
  name: string;
  run(make: () => P | Promise<P>): Promise<void>;
}

function check(cond: unknown, message: string): asserts cond {
  if (!cond) throw new Error(`conformance: ${message}`);
}

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

function sampleTransaction(n: number, occurredAt: string, outcome: Transaction['evaluation_outcome'] = 'HOLD'): Transaction {
  return {
    external_identifier: `conf-${n}`,
    identifier: uuid(n),
    customer_identifier: uuid(1000),
    occurred_at: occurredAt,
    received_at: occurredAt,
    details: {
      classification: 'MONETARY',
      base_value: { amount: 100 + n, currency: 'EUR' },
      details: {
        type: 'BANK_PAYMENT',
        creditor: { name: 'Creditor' },
        debtor: { name: 'Debtor' },
        payment_scheme: 'SEPA',
        state: 'BOOKED',
      },
    },
    evaluation_outcome: outcome,
    review_decision: outcome === 'HOLD' ? 'NOT_REVIEWED' : 'NOT_APPLICABLE',
  };
}

export const transactionStoreConformance: ConformanceCase<TransactionStore>[] = [
  {
    name: 'a stored transaction is read back by identifier and by external identifier',
    async run(make) {
      const s = await make();
      const t = sampleTransaction(1, '2026-01-01T00:00:00Z');
      await s.put(t);
      check(JSON.stringify(await s.get(uuid(1))) === JSON.stringify(t), 'get returns the stored transaction');
      check((await s.getByExternalIdentifier('conf-1'))?.identifier === uuid(1), 'getByExternalIdentifier finds it');
      check((await s.get(uuid(99))) === undefined, 'unknown identifier gives undefined');
    },
  },
  {
    name: 'returned transactions are copies: mutating them does not change the store',
    async run(make) {
      const s = await make();
      await s.put(sampleTransaction(1, '2026-01-01T00:00:00Z'));
      const got = await s.get(uuid(1));
      check(got, 'stored');
      got.review_decision = 'REJECT';
      check((await s.get(uuid(1)))?.review_decision === 'NOT_REVIEWED', 'store unchanged');
    },
  },
  {
    name: 'list orders transactions by occurred_at',
    async run(make) {
      const s = await make();
      await s.put(sampleTransaction(2, '2026-01-02T00:00:00Z'));
      await s.put(sampleTransaction(1, '2026-01-03T00:00:00+05:00'));
      await s.put(sampleTransaction(3, '2026-01-01T00:00:00Z'));
      const order = (await s.list()).map((t) => t.external_identifier);
      check(JSON.stringify(order) === JSON.stringify(['conf-3', 'conf-2', 'conf-1']), `order was ${order.join(',')}`);
    },
  },
  {
    name: 'insertIfAbsent: of concurrent inserts with one external_identifier exactly one wins, and it is the one stored',
    async run(make) {
      const s = await make();
      const candidates = [1, 2, 3, 4].map((n) => ({ ...sampleTransaction(n, '2026-01-01T00:00:00Z'), external_identifier: 'same' }));
      const won = await Promise.all(candidates.map((t) => s.insertIfAbsent(t)));
      check(won.filter(Boolean).length === 1, `exactly one insert wins (won: ${won.join(',')})`);
      const winner = candidates[won.indexOf(true)]!;
      check((await s.getByExternalIdentifier('same'))?.identifier === winner.identifier, 'the winner is stored');
      check((await s.list()).length === 1, 'nothing else is stored');
      check(await s.insertIfAbsent(sampleTransaction(9, '2026-01-01T00:00:00Z')), 'another external_identifier is inserted');
    },
  },
  {
    name: 'setReviewDecision is a compare-and-set on the current decision',
    async run(make) {
      const s = await make();
      await s.put(sampleTransaction(1, '2026-01-01T00:00:00Z'));
      check(await s.setReviewDecision(uuid(1), 'NOT_REVIEWED', 'RELEASE'), 'first decision applies');
      check(!(await s.setReviewDecision(uuid(1), 'NOT_REVIEWED', 'REJECT')), 'second decision is refused');
      check((await s.get(uuid(1)))?.review_decision === 'RELEASE', 'decision kept');
      check(!(await s.setReviewDecision(uuid(42), 'NOT_REVIEWED', 'REJECT')), 'unknown transaction is refused');
    },
  },
];

export const riskStoreConformance: ConformanceCase<RiskStore>[] = [
  {
    name: 'risks are stored, read back, decided and listed newest first with a total',
    async run(make) {
      const s = await make();
      for (let i = 1; i <= 3; i++) {
        await s.put({
          customer_identifier: uuid(1000),
          decision: 'NOT_REVIEWED',
          risk_types: [],
          risk: {
            identifier: uuid(i),
            created_at: '2026-01-01T00:00:00Z',
            type: 'TRANSACTION_MONITORING',
            detail: {
              scenario: { description: 'd', identifier: uuid(500), name: 's', version: 1 },
              transaction: { external_identifier: `t${i}`, identifier: uuid(100 + i), type: 'BANK_PAYMENT' },
              triggered_segment: { identifiers: [uuid(501)], name: 'seg', outcome: 'HOLD', priority: 1 },
            },
          },
        });
      }
      check((await s.get(uuid(2)))?.risk.identifier === uuid(2), 'get');
      check(await s.setDecision(uuid(2), 'TRUE_POSITIVE'), 'setDecision on a known risk');
      check((await s.get(uuid(2)))?.decision === 'TRUE_POSITIVE', 'decision stored');
      check(!(await s.setDecision(uuid(77), 'TRUE_POSITIVE')), 'setDecision on an unknown risk is refused');
      const page = await s.list({ page_number: 1, page_size: 2 });
      check(page.total_count === 3, 'total_count');
      check(page.items.map((r) => r.risk.identifier).join() === [uuid(3), uuid(2)].join(), 'newest first, page size');
      const page2 = await s.list({ page_number: 2, page_size: 2 });
      check(page2.items.length === 1 && page2.items[0]?.risk.identifier === uuid(1), 'second page');
    },
  },
];

const mute = (n: number, customer: number): AlertMute => ({
  id: uuid(n),
  created_at: '2026-01-01T00:00:00Z',
  customer_identifier: uuid(customer),
  profile_identifier: 'profile',
  risk_identifier: null,
});

export const muteStoreConformance: ConformanceCase<MuteStore>[] = [
  {
    name: 'mutes are listed per customer and in pages, oldest first, with a total',
    async run(make) {
      const s = await make();
      await s.create(mute(1, 1000));
      await s.create(mute(2, 1001));
      await s.create(mute(3, 1000));
      const forCustomer = (await s.forCustomer(uuid(1000))).map((m) => m.id);
      check(forCustomer.join() === [uuid(1), uuid(3)].join(), 'forCustomer');
      const page = await s.list({ page_number: 1, page_size: 2 });
      check(page.total_count === 3 && page.items.map((m) => m.id).join() === [uuid(1), uuid(2)].join(), 'first page');
      const empty = await s.list({ page_number: 3, page_size: 2 });
      check(empty.items.length === 0 && empty.total_count === 3, 'page past the end is empty');
    },
  },
  {
    name: 'delete removes one mute by id and returns it; an unknown id gives null',
    async run(make) {
      const s = await make();
      await s.create(mute(1, 1000));
      await s.create(mute(2, 1000));
      check((await s.delete(uuid(1)))?.id === uuid(1), 'the deleted mute is returned');
      check((await s.delete(uuid(1))) === null, 'a second delete finds nothing');
      check((await s.forCustomer(uuid(1000))).map((m) => m.id).join() === uuid(2), 'the other mute stays');
      check((await s.list({ page_number: 1, page_size: 10 })).total_count === 1, 'the total counts one less');
    },
  },
];

export const auditSinkConformance: ConformanceCase<AuditSink>[] = [
  {
    name: 'audit records are kept in order and found by transaction',
    async run(make) {
      const s = await make();
      const rec = (n: number, tx: number): TransactionAuditRecord => ({
        identifier: uuid(n),
        occurred_at: '2026-01-01T00:00:00Z',
        type: 'TRANSACTION_RELEASE_DECISION',
        detail: { review_decision: 'RELEASE', transaction: { identifier: uuid(tx) } },
      });
      await s.append(rec(1, 100));
      await s.append(rec(2, 101));
      await s.append(rec(3, 100));
      const found = (await s.forTransaction(uuid(100))).map((r) => r.identifier);
      check(found.join() === [uuid(1), uuid(3)].join(), `found ${found.join()}`);
      check((await s.forTransaction(uuid(999))).length === 0, 'none for an unknown transaction');
    },
  },
];

/** A plain history record of the conformance suites: an outbound EUR bank payment of 1 unless `fields` say otherwise. */
export const testHistoryRecord = (fields: Pick<HistoryRecord, 'id' | 'customer' | 't'> & Partial<HistoryRecord>): HistoryRecord => ({ ...BASE_RECORD, ...fields });

const BASE_RECORD: HistoryRecord = {
  id: '',
  customer: '',
  t: 0,
  amount: 1,
  currency: 'EUR',
  direction: 'OUTBOUND',
  type: 'BANK_PAYMENT',
  counterparty: null,
  country: null,
  mcc: null,
  payment_stage: null,
  card_payment_type: null,
  payment_channel: null,
  cash_pickup: false,
};

const hrec = (id: string, customer: string, t: number, counterparty: string | null = null): HistoryRecord => testHistoryRecord({ id, customer, t, counterparty });

/** History ports are synchronous; the factory receives the records to hold. */
export const historyPortConformance: ConformanceCase<(records: HistoryRecord[]) => HistoryPort>[] = [
  {
    name: 'range returns the subject records with from < t <= to, ordered by time',
    async run(make) {
      const build = await make();
      const h = build([hrec('c', 'A', 30, 'X'), hrec('a', 'A', 10, 'X'), hrec('b', 'A', 20), hrec('d', 'B', 20, 'X')]);
      const v = h.range('customer', 'A', 10, 30);
      const ids = v.records.slice(v.start, v.end).map((r) => r.id);
      check(ids.join() === 'b,c', `customer window was ${ids.join()}`);
      const w = h.range('counterparty', 'X', 0, 25);
      check(w.records.slice(w.start, w.end).map((r) => r.id).join() === 'a,d', 'counterparty window');
      const none = h.range('customer', 'Z', 0, 100);
      check(none.end - none.start === 0, 'unknown subject is empty');
    },
  },
  {
    name: 'appended records appear in time order',
    async run(make) {
      const build = await make();
      const h = build([hrec('a', 'A', 10), hrec('c', 'A', 30)]);
      if (!h.append) return;
      h.append(hrec('b', 'A', 20));
      const v = h.range('customer', 'A', 0, 100);
      check(v.records.slice(v.start, v.end).map((r) => r.id).join() === 'a,b,c', 'order after append');
    },
  },
  {
    name: 'rangeAll (when present) returns every record with from < t <= to, ordered by time, appended ones included',
    async run(make) {
      const build = await make();
      const h = build([hrec('c', 'A', 30, 'X'), hrec('a', 'B', 10), hrec('b', 'A', 20)]);
      if (!h.rangeAll) return;
      const v = h.rangeAll(10, 30);
      check(v.records.slice(v.start, v.end).map((r) => r.id).join() === 'b,c', 'window over all customers');
      if (!h.append) return;
      h.append(hrec('d', 'C', 25));
      const w = h.rangeAll(0, 100);
      check(w.records.slice(w.start, w.end).map((r) => r.id).join() === 'a,b,d,c', 'order after append');
    },
  },
];

const ids = (records: readonly HistoryRecord[] | undefined) => (records ?? []).map((r) => r.id).join();

/** Asynchronous history stores (a database): the factory returns an empty store. */
export const historyStoreConformance: ConformanceCase<HistoryStore>[] = [
  {
    name: 'load returns, per window, the records with from < t <= to ordered by time: customer, counterparty and all',
    async run(make) {
      const s = await make();
      for (const r of [hrec('c', 'A', 30, 'X'), hrec('a', 'A', 10, 'X'), hrec('b', 'A', 20), hrec('d', 'B', 20, 'X'), hrec('e', 'B', 40)]) await s.append(r);
      const got = await s.load([
        { scope: 'customer', key: 'A', fromMs: 10, toMs: 30 },
        { scope: 'counterparty', key: 'X', fromMs: 0, toMs: 25 },
        { scope: 'all', key: null, fromMs: 15, toMs: 40 },
        { scope: 'customer', key: 'Z', fromMs: 0, toMs: 100 },
      ]);
      check(got.length === 4, 'one list per window');
      check(ids(got[0]) === 'b,c', `customer window was ${ids(got[0])}`);
      check(ids(got[1]) === 'a,d', `counterparty window was ${ids(got[1])}`);
      check(['b,d,c,e', 'd,b,c,e'].includes(ids(got[2])), `all window was ${ids(got[2])}`);
      check((got[3] ?? []).length === 0, 'unknown subject is empty');
      check(JSON.stringify(got[0]?.[0]) === JSON.stringify(hrec('b', 'A', 20)), 'records read back equal');
      check((await s.load([])).length === 0, 'no window, no list');
    },
  },
  {
    name: 'records of equal time keep their append order; an appended record with a stored id replaces it',
    async run(make) {
      const s = await make();
      await s.append(hrec('x2', 'A', 10));
      await s.append(hrec('x1', 'A', 10));
      await s.append({ ...hrec('x2', 'A', 10), amount: 7 });
      const [w] = await s.load([{ scope: 'customer', key: 'A', fromMs: 0, toMs: 10 }]);
      check(ids(w) === 'x2,x1', `order was ${ids(w)}`);
      check(w?.[0]?.amount === 7, 'the later append replaced the record');
    },
  },
];

/** A fresh, empty store with the adapter's own way of storing records (ports only read). */
export interface CustomerRecordStoreFixture {
  store: CustomerRecordStore;
  put(customerIdentifier: string, records: readonly CustomerRecord[]): void | Promise<void>;
  putProduct(customerIdentifier: string, productName: string, record: ProductRecord): void | Promise<void>;
}

export const customerRecordStoreConformance: ConformanceCase<CustomerRecordStoreFixture>[] = [
  {
    name: 'customers returns the records put, primary first, and an empty list for an unknown customer',
    async run(make) {
      const f = await make();
      await f.put(uuid(1), [{ person: { first_name: 'Ada' } }, { company: { name: 'Acme' } }]);
      const got = await f.store.customers(uuid(1));
      check(got.length === 2 && (got[0]?.person as { first_name?: string } | undefined)?.first_name === 'Ada', 'records in order');
      check((await f.store.customers(uuid(2))).length === 0, 'unknown customer has no records');
    },
  },
  {
    name: 'product returns the record of that customer and product name only',
    async run(make) {
      const f = await make();
      await f.putProduct(uuid(1), 'loan-1', { outstanding_balance: 1200 });
      check((await f.store.product(uuid(1), 'loan-1'))?.outstanding_balance === 1200, 'product by name');
      check((await f.store.product(uuid(1), 'loan-2')) === undefined, 'other product name');
      check((await f.store.product(uuid(2), 'loan-1')) === undefined, 'other customer');
    },
  },
  {
    name: 'records read back are copies: changing them does not change the store',
    async run(make) {
      const f = await make();
      await f.put(uuid(1), [{ person: { first_name: 'Ada' } }]);
      const got = (await f.store.customers(uuid(1))) as Array<{ person?: Record<string, unknown> }>;
      if (got[0]?.person) got[0].person.first_name = 'Changed';
      const again = await f.store.customers(uuid(1));
      check((again[0]?.person as { first_name?: string } | undefined)?.first_name === 'Ada', 'stored record unchanged');
    },
  },
];
