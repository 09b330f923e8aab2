/**
 * SQLite adapter (better-sqlite3) of the credential store. Subpath `tamis/tokens/sqlite`.
 *
 *   import Database from 'better-sqlite3';
 *   import { createSqliteCredentialStore } from 'tamis/tokens/sqlite';
 *   const users = createSqliteCredentialStore(new Database('tamis.db'));
 */
import type { SqliteDatabase as Db } from '../../sqlite/database.js';
import { sqliteCalls, type SqliteBusyOptions } from '../../storage/sqlite.js';
import type { ApiUserRecord, CredentialStore } from '../ports.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS tamis_api_users (
  realm TEXT NOT NULL,
  username_lc TEXT NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (realm, username_lc)
);
`;

export function createSqliteCredentialStore(db: Db, options: { migrate?: boolean } & SqliteBusyOptions = {}): CredentialStore {
  const calls = sqliteCalls(db, options);
  if (options.migrate !== false) calls.run(() => db.exec(SCHEMA));
  const find = db.prepare('SELECT data FROM tamis_api_users WHERE realm = ? AND username_lc = ?');
  const put = db.prepare('INSERT OR REPLACE INTO tamis_api_users (realm, username_lc, data) VALUES (?, ?, ?)');
  const del = db.prepare('DELETE FROM tamis_api_users WHERE realm = ? AND username_lc = ?');
  return {
    async findUser(realm, username) {
      const row = calls.run(() => find.get(realm, username.toLowerCase()) as { data: string } | undefined);
      return row ? (JSON.parse(row.data) as ApiUserRecord) : null;
    },
    async putUser(user) {
      calls.run(() => put.run(user.realm, user.username.toLowerCase(), JSON.stringify(user)));
    },
    async deleteUser(realm, username) {
      return calls.run(() => del.run(realm, username.toLowerCase()).changes > 0);
    },
  };
}

export { openSqliteDatabase, type SqliteDatabase, type SqliteStatement, type SqliteRunResult, type SqliteTransaction } from '../../sqlite/database.js';
export { MissingPeerDependencyError } from '../../peer.js';
