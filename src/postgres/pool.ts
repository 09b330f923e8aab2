/**
 * What the PostgreSQL adapters need of the `pg` driver, as small structural interfaces: a `pg.Pool` fits them, and
 * so does any pool with the same `query` / `connect` calls. The adapters never import `pg` themselves (its types
 * are not needed by hosts); only `connectPostgres` loads it, when a host asks for a pool from a connection string.
 *
 * Writes that span several statements run in `inTransaction`: one connection, BEGIN … COMMIT, retried as a whole
 * when PostgreSQL reports a serialization failure or a deadlock (the other transaction won; ours re-reads).
 */
import { loadPeer } from '../peer.js';

/** One query's result, as `pg` answers it. */
export interface PgResult<R = Record<string, unknown>> {
  rows: R[];
  rowCount: number | null;
}

/** A pool or a client: runs one parameterised statement. */
export interface PgQueryable {
  query<R = Record<string, unknown>>(text: string, values?: readonly unknown[]): Promise<PgResult<R>>;
}

/** A connection taken from the pool, given back with `release`. */
export interface PgClient extends PgQueryable {
  release(error?: Error | boolean): void;
}

/** What the adapters take: a `pg.Pool` (or anything with its `query` and `connect`). */
export interface PgPool extends PgQueryable {
  connect(): Promise<PgClient>;
}

/** A pool the host may close (`pg.Pool` has `end`). */
export interface ClosablePgPool extends PgPool {
  end(): Promise<void>;
}

/** SQLSTATE codes after which a transaction is retried: serialization_failure, deadlock_detected. */
const RETRYABLE = new Set(['40001', '40P01']);

export const sqlState = (e: unknown): string | undefined =>
  typeof e === 'object' && e !== null && typeof (e as { code?: unknown }).code === 'string' ? (e as { code: string }).code : undefined;

/** unique_violation: an insert met an existing key. */
export const isUniqueViolation = (e: unknown): boolean => sqlState(e) === '23505';

export interface TransactionOptions {
  /** Attempts when PostgreSQL reports a serialization failure or a deadlock (default 5). */
  retries?: number;
}

/** Runs `fn` on one connection inside BEGIN … COMMIT (ROLLBACK when it throws), retried when the database asks. */
export async function inTransaction<T>(pool: PgPool, fn: (client: PgQueryable) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  const attempts = options.retries ?? 5;
  for (let attempt = 1; ; attempt++) {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      try {
        const out = await fn(client);
        await client.query('COMMIT');
        return out;
      } catch (e) {
        try {
          await client.query('ROLLBACK');
        } catch (rollbackError) {
          broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        }
        if (!RETRYABLE.has(sqlState(e) ?? '') || attempt >= attempts) throw e;
      }
    } finally {
      client.release(broken ?? false);
    }
  }
}

/** Text a PostgreSQL `text` column accepts: NUL (U+0000) is the one character it refuses; it becomes U+FFFD. */
export const pgText = (s: string): string => (s.includes('\u0000') ? s.replaceAll('\u0000', '\uFFFD') : s);

/** JSON of a record, stored in a `text` column and read back exactly (lone surrogates and NUL stay escaped). */
export const toJson = (v: unknown): string => JSON.stringify(v);
export const fromJson = <T>(row: { data: string } | undefined): T | null => (row ? (JSON.parse(row.data) as T) : null);
export const fromJsonRows = <T>(rows: readonly { data: string }[]): T[] => rows.map((r) => JSON.parse(r.data) as T);

/** Options of `connectPostgres`: a `pg.Pool` config (connectionString, host, max, ...). */
export interface PostgresConnectOptions {
  connectionString?: string;
  /** Connections kept by the pool (pg's default: 10). */
  max?: number;
  [key: string]: unknown;
}

/**
 * A `pg.Pool` for a connection string (or a pool config). `pg` is an optional peer dependency of `tamis/postgres`:
 * install it next to tamis (`npm install pg`); without it this throws an error that says so.
 */
export async function connectPostgres(options: string | PostgresConnectOptions): Promise<ClosablePgPool> {
  const mod = (await loadPeer('pg', 'tamis/postgres (connectPostgres)', () => import('pg'))) as { default?: { Pool?: unknown }; Pool?: unknown };
  const Pool = (mod.default?.Pool ?? mod.Pool) as new (config: PostgresConnectOptions) => ClosablePgPool;
  return new Pool(typeof options === 'string' ? { connectionString: options } : options);
}
