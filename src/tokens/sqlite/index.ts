/**
 * SQLite adapter (better-sqlite3) of the credential store. Subpath `tamis/tokens/sqlite`.
 *
 *   import Database from 'better-sqlite3';
 *   import { createSqliteCredentialStore } from 'tamis/tokens/sqlite';
 *   const users = createSqliteCredentialStore(new Database('tamis.db'));
 */
import type { SqliteDatabase as Db } from '../../sqlite/database.js';
import type { ApiUserRecord, CredentialStore } from '../ports.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS tamis_api_users (
  realm TEXT NOT NULL,
  username_lc TEXT NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (realm, username_lc)
);
`;

export function createSqliteCredentialStore(db: Db, options: { migrate?: boolean } = {}): CredentialStore {
  if (options.migrate !== false) db.exec(SCHEMA);
  const find = db.prepare('SELECT data FROM tamis_api_users WHERE realm = ? AND username_lc = ?');
  const put = db.prepare('INSERT OR REPLACE INTO tamis_api_users (realm, username_lc, data) VALUES (?, ?, ?)');
  const del = db.prepare('DELETE FROM tamis_api_users WHERE realm = ? AND username_lc = ?');
  return {
    async findUser(realm, username) {
      const row = find.get(realm, username.toLowerCase()) as { data: string } | undefined;
      return row ? (JSON.parse(row.data) as ApiUserRecord) : null;
    },
    async putUser(user) {
      put.run(user.realm, user.username.toLowerCase(), JSON.stringify(user));
    },
    async deleteUser(realm, username) {
      return del.run(realm, username.toLowerCase()).changes > 0;
    },
  };
}

export { openSqliteDatabase, type SqliteDatabase, type SqliteStatement, type SqliteRunResult, type SqliteTransaction } from '../../sqlite/database.js';
export { MissingPeerDependencyError } from '../../peer.js';
