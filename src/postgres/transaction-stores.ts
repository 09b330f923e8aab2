/**
 * PostgreSQL adapters of the transaction-area ports: transactions (insert-if-absent on the external identifier: a
 * unique constraint and ON CONFLICT DO NOTHING, so of concurrent submits of one transaction across instances one
 * wins; the review decision a compare-and-set), risks, mutes, the audit sink, customer and product records, and the
 * history as a `HistoryStore`: the windows an evaluation reads are selected in SQL by (customer, occurred_at),
 * (counterparty, occurred_at) or occurred_at alone, all the windows of one pass in one statement.
 * Run `migrate(pool)` first.
 */
import type { TransactionRiskDecision } from '../transactions/enums.js';
import type {
  AuditSink,
  CustomerRecord,
  CustomerRecordStore,
  HistoryRecord,
  HistoryStore,
  MuteStore,
  ProductRecord,
  RiskStore,
  StoredRisk,
  TransactionStore,
} from '../transactions/ports.js';
import type { AlertMute, Transaction, TransactionAuditRecord } from '../transactions/types.js';
import { isPlainRecord } from '../transactions/history-aggregates.js';
import { aggregateInSql } from './history-aggregates.js';
import { fromJsonRows, toJson, type PgPool } from './pool.js';

type DataRow = { data: string };

async function page<T>(pool: PgPool, sql: string, countSql: string, p: { page_number: number; page_size: number }, map: (row: DataRow & Record<string, unknown>) => T) {
  const r = await pool.query<DataRow & { total: string }>(`${sql} LIMIT $1 OFFSET $2`, [p.page_size, (p.page_number - 1) * p.page_size]);
  const total = r.rows[0] ? Number(r.rows[0].total) : Number((await pool.query<{ n: string }>(countSql)).rows[0]?.n ?? 0);
  return { items: r.rows.map(map), total_count: total };
}

export function createPostgresTransactionStore(pool: PgPool): TransactionStore {
  type Row = { data: string; review_decision: Transaction['review_decision'] };
  // The review decision lives in its own column (compare-and-set); the JSON keeps the rest, in its key order.
  const parse = (r: Row | undefined): Transaction | undefined => (r ? { ...(JSON.parse(r.data) as Transaction), review_decision: r.review_decision } : undefined);
  const values = (t: Transaction) => {
    if (t.identifier === null) throw new Error('createPostgresTransactionStore: transaction has no identifier');
    return [t.identifier, t.external_identifier, Date.parse(t.occurred_at), t.review_decision, toJson(t)];
  };
  const COLUMNS = '(identifier, external_identifier, occurred_ms, review_decision, data) VALUES ($1, $2, $3, $4, $5)';
  return {
    async put(t) {
      await pool.query(
        `INSERT INTO tamis_transactions ${COLUMNS} ON CONFLICT (identifier) DO UPDATE SET external_identifier = EXCLUDED.external_identifier,
         occurred_ms = EXCLUDED.occurred_ms, review_decision = EXCLUDED.review_decision, data = EXCLUDED.data`,
        values(t),
      );
    },
    async insertIfAbsent(t) {
      const r = await pool.query(`INSERT INTO tamis_transactions ${COLUMNS} ON CONFLICT DO NOTHING`, values(t));
      return r.rowCount === 1;
    },
    async get(identifier) {
      return parse((await pool.query<Row>('SELECT data, review_decision FROM tamis_transactions WHERE identifier = $1', [identifier])).rows[0]);
    },
    async getByExternalIdentifier(externalIdentifier) {
      return parse((await pool.query<Row>('SELECT data, review_decision FROM tamis_transactions WHERE external_identifier = $1', [externalIdentifier])).rows[0]);
    },
    async list() {
      const r = await pool.query<Row>('SELECT data, review_decision FROM tamis_transactions ORDER BY occurred_ms, identifier');
      return r.rows.map((row) => parse(row) as Transaction);
    },
    async setReviewDecision(identifier, expected, next) {
      const r = await pool.query('UPDATE tamis_transactions SET review_decision = $3 WHERE identifier = $1 AND review_decision IS NOT DISTINCT FROM $2', [
        identifier,
        expected,
        next,
      ]);
      return r.rowCount === 1;
    },
  };
}

export function createPostgresRiskStore(pool: PgPool): RiskStore {
  type Row = { data: string; decision: TransactionRiskDecision };
  const parse = (r: Row): StoredRisk => ({ ...(JSON.parse(r.data) as StoredRisk), decision: r.decision });
  return {
    async put(risk) {
      await pool.query(
        `INSERT INTO tamis_risks (identifier, decision, data) VALUES ($1, $2, $3)
         ON CONFLICT (identifier) DO UPDATE SET decision = EXCLUDED.decision, data = EXCLUDED.data`,
        [risk.risk.identifier, risk.decision, toJson(risk)],
      );
    },
    async get(identifier) {
      const r = await pool.query<Row>('SELECT data, decision FROM tamis_risks WHERE identifier = $1', [identifier]);
      return r.rows[0] ? parse(r.rows[0]) : undefined;
    },
    async setDecision(identifier, decision) {
      return (await pool.query('UPDATE tamis_risks SET decision = $2 WHERE identifier = $1', [identifier, decision])).rowCount === 1;
    },
    list: (p) =>
      page(pool, 'SELECT data, decision, COUNT(*) OVER () AS total FROM tamis_risks ORDER BY seq DESC', 'SELECT COUNT(*) AS n FROM tamis_risks', p, (r) =>
        parse(r as unknown as Row),
      ),
  };
}

export function createPostgresMuteStore(pool: PgPool): MuteStore {
  return {
    async create(mute) {
      await pool.query('INSERT INTO tamis_mutes (customer_identifier, data) VALUES ($1, $2)', [mute.customer_identifier, toJson(mute)]);
    },
    async forCustomer(customerIdentifier) {
      return fromJsonRows<AlertMute>((await pool.query<DataRow>('SELECT data FROM tamis_mutes WHERE customer_identifier = $1 ORDER BY seq', [customerIdentifier])).rows);
    },
    list: (p) =>
      page(pool, 'SELECT data, COUNT(*) OVER () AS total FROM tamis_mutes ORDER BY seq', 'SELECT COUNT(*) AS n FROM tamis_mutes', p, (r) => JSON.parse(r.data) as AlertMute),
    async delete(id) {
      // Migration 6 indexes the mute id (the expression below).
      const r = await pool.query<DataRow>("DELETE FROM tamis_mutes WHERE (data::json ->> 'id') = $1 RETURNING data", [id]);
      return r.rows[0] ? (JSON.parse(r.rows[0].data) as AlertMute) : null;
    },
  };
}

export function createPostgresAuditSink(pool: PgPool): AuditSink {
  return {
    async append(record) {
      const tx = (record.detail as { transaction?: { identifier?: unknown } } | null)?.transaction?.identifier;
      await pool.query('INSERT INTO tamis_transaction_audit (transaction_identifier, data) VALUES ($1, $2)', [typeof tx === 'string' ? tx : null, toJson(record)]);
    },
    async forTransaction(transactionIdentifier) {
      const r = await pool.query<DataRow>('SELECT data FROM tamis_transaction_audit WHERE transaction_identifier = $1 ORDER BY seq', [transactionIdentifier]);
      return fromJsonRows<TransactionAuditRecord>(r.rows);
    },
  };
}

/** Customer and product records (read by the service before an evaluation), with the host's writes. */
export interface PostgresCustomerRecords extends CustomerRecordStore {
  /** Sets the customer's records, primary first. */
  put(customerIdentifier: string, records: readonly CustomerRecord[]): Promise<void>;
  putProduct(customerIdentifier: string, productName: string, record: ProductRecord): Promise<void>;
}

export function createPostgresCustomerRecords(pool: PgPool): PostgresCustomerRecords {
  return {
    async customers(customerIdentifier) {
      const r = await pool.query<DataRow>('SELECT data FROM tamis_customer_records WHERE customer_identifier = $1', [customerIdentifier]);
      return r.rows[0] ? (JSON.parse(r.rows[0].data) as CustomerRecord[]) : [];
    },
    async product(customerIdentifier, productName) {
      const r = await pool.query<DataRow>('SELECT data FROM tamis_customer_products WHERE customer_identifier = $1 AND product_name = $2', [
        customerIdentifier,
        productName,
      ]);
      return r.rows[0] ? (JSON.parse(r.rows[0].data) as ProductRecord) : undefined;
    },
    async put(customerIdentifier, records) {
      await pool.query(
        `INSERT INTO tamis_customer_records (customer_identifier, data) VALUES ($1, $2)
         ON CONFLICT (customer_identifier) DO UPDATE SET data = EXCLUDED.data`,
        [customerIdentifier, toJson(records)],
      );
    },
    async putProduct(customerIdentifier, productName, record) {
      await pool.query(
        `INSERT INTO tamis_customer_products (customer_identifier, product_name, data) VALUES ($1, $2, $3)
         ON CONFLICT (customer_identifier, product_name) DO UPDATE SET data = EXCLUDED.data`,
        [customerIdentifier, productName, toJson(record)],
      );
    },
  };
}

const FLAT_COLUMNS = ['amount', 'currency', 'direction', '"type"', 'country', 'mcc', 'payment_stage', 'card_payment_type', 'payment_channel', 'cash_pickup'];
const FLAT_NULLS = FLAT_COLUMNS.map(() => null);

/**
 * The history: windows read as records (`load`), or aggregated in SQL (`aggregate`, history-aggregates.ts).
 * Options: `aggregateInSql: false` leaves aggregates to the engine over the records (the benchmark compares both).
 */
export function createPostgresHistoryStore(pool: PgPool, options: { aggregateInSql?: boolean } = {}): HistoryStore {
  const inSql = options.aggregateInSql ?? true;
  const store: HistoryStore = {
    async load(windows) {
      if (windows.length === 0) return [];
      const params: unknown[] = [];
      const p = (v: unknown) => (params.push(v), `$${params.length}`);
      const parts = windows.map((w, i) => {
        const time = `occurred_ms > ${p(w.fromMs)} AND occurred_ms <= ${p(w.toMs)}`;
        const subject = w.scope === 'all' ? '' : `${w.scope === 'customer' ? 'customer' : 'counterparty'} = ${p(w.key)} AND `;
        return `SELECT ${i} AS w, occurred_ms, seq, data FROM tamis_history WHERE ${subject}${time}`;
      });
      const r = await pool.query<{ w: number; data: string }>(`${parts.join(' UNION ALL ')} ORDER BY w, occurred_ms, seq`, params);
      const out: HistoryRecord[][] = windows.map(() => []);
      for (const row of r.rows) out[row.w]?.push(JSON.parse(row.data) as HistoryRecord);
      return out;
    },
    async append(record) {
      // The flat fields in columns when the record is plain (what aggregate reads); NULL otherwise (never read).
      const plain = isPlainRecord(record);
      const r = record;
      const flat = plain ? [r.amount, r.currency, r.direction, r.type, r.country, r.mcc, r.payment_stage, r.card_payment_type, r.payment_channel, r.cash_pickup] : FLAT_NULLS;
      await pool.query(
        `INSERT INTO tamis_history (id, customer, counterparty, occurred_ms, data, plain, ${FLAT_COLUMNS.join(', ')})
         VALUES ($1, $2, $3, $4, $5, $6, ${FLAT_COLUMNS.map((_c, i) => `$${i + 7}`).join(', ')})
         ON CONFLICT (id) DO UPDATE SET customer = EXCLUDED.customer, counterparty = EXCLUDED.counterparty,
           occurred_ms = EXCLUDED.occurred_ms, data = EXCLUDED.data, plain = EXCLUDED.plain,
           ${FLAT_COLUMNS.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}`,
        [record.id, record.customer, record.counterparty, record.t, toJson(record), plain, ...flat],
      );
    },
  };
  if (inSql) store.aggregate = (requests) => aggregateInSql(pool, requests);
  return store;
}

/** Every transaction-area store over one pool, ready for `createTransactionService`. */
export function createPostgresTransactionStores(pool: PgPool, options: { aggregateInSql?: boolean } = {}) {
  return {
    transactions: createPostgresTransactionStore(pool),
    risks: createPostgresRiskStore(pool),
    mutes: createPostgresMuteStore(pool),
    audit: createPostgresAuditSink(pool),
    history: createPostgresHistoryStore(pool, options),
    customerRecords: createPostgresCustomerRecords(pool),
  };
}
