/**
 * SQLite adapter (better-sqlite3) of the transaction store. Subpath `tamis/transactions/sqlite`.
 *
 *   import Database from 'better-sqlite3';
 *   import { createSqliteTransactionStore } from 'tamis/transactions/sqlite';
 *   const transactions = createSqliteTransactionStore(new Database('tamis.db'));
 *
 * external_identifier is unique in the table, so `insertIfAbsent` is atomic across processes sharing the file.
 * Busy handling (timeout, immediate write transactions, retries) is shared with the other adapters.
 */
import type { SqliteDatabase as Db } from '../../sqlite/database.js';
import { sqliteCalls, type SqliteBusyOptions } from '../../storage/sqlite.js';
import type { TransactionStore } from '../ports.js';
import type { Transaction } from '../types.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS tamis_transactions (
  identifier TEXT PRIMARY KEY,
  external_identifier TEXT NOT NULL UNIQUE,
  occurred_ms REAL NOT NULL,
  data TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS tamis_transactions_occurred ON tamis_transactions (occurred_ms, identifier);
`;

export interface SqliteTransactionStoreOptions extends SqliteBusyOptions {
  migrate?: boolean;
}

export function createSqliteTransactionStore(db: Db, options: SqliteTransactionStoreOptions = {}): TransactionStore {
  const calls = sqliteCalls(db, options);
  if (options.migrate !== false) calls.run(() => db.exec(SCHEMA));
  const put = db.prepare(
    `INSERT INTO tamis_transactions (identifier, external_identifier, occurred_ms, data) VALUES (?, ?, ?, ?)
     ON CONFLICT (identifier) DO UPDATE SET external_identifier = excluded.external_identifier, occurred_ms = excluded.occurred_ms, data = excluded.data`,
  );
  const insert = db.prepare('INSERT INTO tamis_transactions (identifier, external_identifier, occurred_ms, data) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING');
  const byId = db.prepare('SELECT data FROM tamis_transactions WHERE identifier = ?');
  const byExternal = db.prepare('SELECT data FROM tamis_transactions WHERE external_identifier = ?');
  const all = db.prepare('SELECT data FROM tamis_transactions ORDER BY occurred_ms, identifier');
  const decide = db.prepare(
    `UPDATE tamis_transactions SET data = json_set(data, '$.review_decision', ?)
     WHERE identifier = ? AND json_extract(data, '$.review_decision') = ?`,
  );
  type Row = { data: string } | undefined;
  const parse = (r: Row): Transaction | undefined => (r ? (JSON.parse(r.data) as Transaction) : undefined);
  const row = (t: Transaction): [string, string, number, string] => {
    if (t.identifier === null) throw new Error('createSqliteTransactionStore: transaction has no identifier');
    return [t.identifier, t.external_identifier, Date.parse(t.occurred_at), JSON.stringify(t)];
  };
  return {
    async put(t) {
      const values = row(t);
      calls.run(() => put.run(...values));
    },
    async insertIfAbsent(t) {
      const values = row(t);
      return calls.run(() => insert.run(...values).changes === 1);
    },
    async get(identifier) {
      return parse(calls.run(() => byId.get(identifier) as Row));
    },
    async getByExternalIdentifier(externalIdentifier) {
      return parse(calls.run(() => byExternal.get(externalIdentifier) as Row));
    },
    async list() {
      return (calls.run(() => all.all()) as Array<{ data: string }>).map((r) => JSON.parse(r.data) as Transaction);
    },
    async setReviewDecision(identifier, expected, next) {
      return calls.run(() => decide.run(next, identifier, expected).changes === 1);
    },
  };
}

export { createSqliteRiskStore, createSqliteMuteStore, type SqliteRiskStoreOptions } from './risks.js';
export { openSqliteDatabase, type SqliteDatabase, type SqliteStatement, type SqliteRunResult, type SqliteTransaction } from '../../sqlite/database.js';
export { MissingPeerDependencyError } from '../../peer.js';
