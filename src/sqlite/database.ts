/**
 * The SQLite adapters' view of a database: the few methods of a better-sqlite3 `Database` they call. Declared
 * here, structurally, so the package's types do not depend on better-sqlite3's (a host that never uses SQLite
 * needs neither the package nor its types). A better-sqlite3 `Database` is one.
 */
import { loadPeer } from '../peer.js';

export interface SqliteRunResult {
  changes: number;
  lastInsertRowid: number | bigint;
}

export interface SqliteStatement {
  run(...params: unknown[]): SqliteRunResult;
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyFunction = (...params: any[]) => unknown;
type ArgumentsOf<F extends AnyFunction> = F extends (...args: infer A) => unknown ? A : never;

/** `fn` wrapped so that each call runs in one transaction (BEGIN, or BEGIN IMMEDIATE / EXCLUSIVE). */
export interface SqliteTransaction<F extends AnyFunction> {
  (...params: ArgumentsOf<F>): ReturnType<F>;
  deferred(...params: ArgumentsOf<F>): ReturnType<F>;
  immediate(...params: ArgumentsOf<F>): ReturnType<F>;
  exclusive(...params: ArgumentsOf<F>): ReturnType<F>;
}

export interface SqliteDatabase {
  prepare(sql: string): SqliteStatement;
  exec(sql: string): unknown;
  transaction<F extends AnyFunction>(fn: F): SqliteTransaction<F>;
  /** Runs a PRAGMA (`busy_timeout = 5000`). */
  pragma(source: string): unknown;
  /** Whether a transaction is open on the connection. */
  readonly inTransaction: boolean;
}

/**
 * Opens (or creates) a SQLite database file with better-sqlite3, an optional peer dependency: install it to use
 * the SQLite stores. Fails with `MissingPeerDependencyError` naming the package when it is not installed.
 */
export async function openSqliteDatabase(file: string, options: { readonly?: boolean } = {}): Promise<SqliteDatabase> {
  const { default: Database } = await loadPeer('better-sqlite3', 'Opening a SQLite database', () => import('better-sqlite3'));
  return new Database(file, { readonly: options.readonly === true }) as unknown as SqliteDatabase;
}
