/**
 * Shared SQLite (better-sqlite3) handling of every adapter: a busy timeout on the connection, write transactions
 * that take the write lock up front (`BEGIN IMMEDIATE`: a deferred transaction that reads then writes can be
 * refused at once with SQLITE_BUSY, without waiting, when another connection writes), and a bounded retry of a
 * call refused with SQLITE_BUSY or SQLITE_LOCKED. Several processes can then share one database file: a call
 * waits for the others' writes instead of failing.
 */
import type { SqliteDatabase as Db, SqliteStatement, SqliteTransaction as Transaction } from '../sqlite/database.js';

/** A prepared statement whose calls are retried when busy. */
export type RetryingStatement = SqliteStatement;

export interface SqliteBusyOptions {
  /** How long one statement waits for another connection's lock, in ms (default 5000). */
  busyTimeoutMs?: number;
  /** Further attempts of a call still refused after the timeout (default 3). */
  busyRetries?: number;
}

export const DEFAULT_SQLITE_BUSY_TIMEOUT_MS = 5000;
export const DEFAULT_SQLITE_BUSY_RETRIES = 3;

const BUSY = new Set(['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_BUSY_RECOVERY', 'SQLITE_BUSY_TIMEOUT', 'SQLITE_LOCKED', 'SQLITE_LOCKED_SHAREDCACHE']);

/** Whether an error is SQLite refusing for a lock held by another connection. */
export function isSqliteBusy(e: unknown): boolean {
  return typeof e === 'object' && e !== null && BUSY.has(String((e as { code?: unknown }).code));
}

/** The calls of an adapter over one connection: the timeout set once, writes and reads retried when busy. */
export interface SqliteCalls {
  /** A write transaction (BEGIN IMMEDIATE), retried as a whole when busy. */
  write<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R;
  /** Run one call (a read, or a single write statement), retried when busy. */
  run<R>(fn: () => R): R;
  /** The statement of `sql`, prepared once, its calls retried when busy. */
  statement(sql: string): RetryingStatement;
}

/** Set the busy timeout on `db` and give the adapter its retrying calls. */
export function sqliteCalls(db: Db, options: SqliteBusyOptions = {}): SqliteCalls {
  const timeout = options.busyTimeoutMs ?? DEFAULT_SQLITE_BUSY_TIMEOUT_MS;
  const retries = options.busyRetries ?? DEFAULT_SQLITE_BUSY_RETRIES;
  if (!(Number.isInteger(timeout) && timeout >= 0 && Number.isInteger(retries) && retries >= 0))
    throw new RangeError('sqliteCalls: busyTimeoutMs and busyRetries are non-negative integers');
  db.pragma(`busy_timeout = ${timeout}`);
  const run = <R>(fn: () => R): R => {
    for (let attempt = 0; ; attempt++) {
      try {
        return fn();
      } catch (e) {
        // Inside an open transaction the caller's transaction must fail as a whole (it is retried by `write`).
        if (!isSqliteBusy(e) || attempt >= retries || db.inTransaction) throw e;
      }
    }
  };
  const cache = new Map<string, RetryingStatement>();
  const statement = (sql: string): RetryingStatement => {
    let s = cache.get(sql);
    if (!s) {
      const prepared = db.prepare(sql);
      s = {
        get: (...a: unknown[]) => run(() => prepared.get(...a)),
        all: (...a: unknown[]) => run(() => prepared.all(...a)),
        run: (...a: unknown[]) => run(() => prepared.run(...a)),
      } as RetryingStatement;
      cache.set(sql, s);
    }
    return s;
  };
  return {
    statement,
    write<A extends unknown[], R>(fn: (...args: A) => R) {
      const tx: Transaction<(...args: A) => R> = db.transaction(fn);
      return (...args: A): R => (db.inTransaction ? tx(...args) : run(() => tx.immediate(...args)));
    },
    run,
  };
}
