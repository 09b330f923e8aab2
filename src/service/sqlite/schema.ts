/**
 * The tables of the SQLite service store, and the migration of files written by earlier versions.
 *
 * Version 1 (before accounts): no account columns. Version 2: accounts; tag definitions, search profiles and
 * whitelist entries keyed by account; searches carry `account_id`. Migrating a version-1 file puts every record
 * in the default account (id 1), created with `internal_lists: null` (every internal list, as before) and no
 * webhooks: the file keeps working unchanged for a single-account host. Version 3: `tamis_account_internal_lists`,
 * the internal lists each account names (kept by `put_account`), filled from the accounts when a file is migrated.
 * The version is kept in `tamis_service_schema` (not `PRAGMA user_version`, which other stores may share).
 */
import type { SqliteDatabase as Db, SqliteStatement } from '../../sqlite/database.js';
import { internalListKey } from '../store.js';
import { DEFAULT_ACCOUNT_ID, type AccountRecord } from '../types.js';

export const SCHEMA_VERSION = 3;

const TABLES = `
CREATE TABLE IF NOT EXISTS tamis_service_schema (version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS tamis_accounts (id INTEGER PRIMARY KEY, data TEXT NOT NULL);
-- The internal lists each account names (list_key: the list id's JSON text), so the lists other accounts name are
-- read without going through every account (listInternalListsOfOtherAccounts).
CREATE TABLE IF NOT EXISTS tamis_account_internal_lists (
  list_key TEXT NOT NULL,
  account_id INTEGER NOT NULL,
  PRIMARY KEY (list_key, account_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS tamis_account_internal_lists_account ON tamis_account_internal_lists (account_id);
CREATE TABLE IF NOT EXISTS tamis_users (id INTEGER PRIMARY KEY, data TEXT NOT NULL, account_id INTEGER NOT NULL DEFAULT 1);
CREATE TABLE IF NOT EXISTS tamis_api_keys (key_hash TEXT PRIMARY KEY, data TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tamis_tag_definitions (
  account_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (account_id, name)
);
CREATE TABLE IF NOT EXISTS tamis_search_profiles (
  account_id INTEGER NOT NULL,
  id TEXT NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (account_id, id)
);
CREATE TABLE IF NOT EXISTS tamis_sequences (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS tamis_searches (
  id INTEGER PRIMARY KEY,
  ref TEXT NOT NULL UNIQUE,
  version INTEGER NOT NULL,
  searcher_id INTEGER NOT NULL,
  assignee_id INTEGER,
  match_status TEXT NOT NULL,
  risk_level TEXT NOT NULL,
  search_term_lc TEXT NOT NULL,
  submitted_term_lc TEXT NOT NULL,
  client_ref TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  is_monitored INTEGER NOT NULL,
  is_suspended INTEGER NOT NULL,
  tags TEXT NOT NULL,
  data TEXT NOT NULL,
  account_id INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX IF NOT EXISTS tamis_searches_client_ref ON tamis_searches (client_ref);
CREATE INDEX IF NOT EXISTS tamis_searches_created_at ON tamis_searches (created_at);
CREATE INDEX IF NOT EXISTS tamis_searches_monitored ON tamis_searches (is_monitored);
CREATE INDEX IF NOT EXISTS tamis_searches_account ON tamis_searches (account_id, id);
-- The hits of one provider of one search, as one JSON array in rank order (at most 500: one row write per
-- provider instead of one per hit).
CREATE TABLE IF NOT EXISTS tamis_hit_sets (
  search_id INTEGER NOT NULL,
  provider TEXT NOT NULL,
  count INTEGER NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (search_id, provider)
);
CREATE TABLE IF NOT EXISTS tamis_comments (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  search_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  data TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS tamis_comments_search ON tamis_comments (search_id);
CREATE TABLE IF NOT EXISTS tamis_whitelist (
  account_id INTEGER NOT NULL,
  client_ref TEXT NOT NULL,
  entity_id TEXT NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (account_id, client_ref, entity_id)
);
CREATE TABLE IF NOT EXISTS tamis_differences (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  search_id INTEGER NOT NULL,
  date TEXT NOT NULL,
  data TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS tamis_differences_search ON tamis_differences (search_id, date);
CREATE TABLE IF NOT EXISTS tamis_outbox (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  delivered INTEGER NOT NULL,
  next_attempt_at TEXT,
  data TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS tamis_outbox_pending ON tamis_outbox (delivered, seq);
`;

const withAccount = (column = 'data') => `json_set(${column}, '$.account_id', ${DEFAULT_ACCOUNT_ID})`;

/** Version 1 → 2: every record joins the default account; tables keyed by name get the account in their key. */
const V1_TO_V2 = `
ALTER TABLE tamis_users ADD COLUMN account_id INTEGER NOT NULL DEFAULT 1;
UPDATE tamis_users SET data = ${withAccount()};
UPDATE tamis_api_keys SET data = ${withAccount()};
ALTER TABLE tamis_tag_definitions RENAME TO tamis_tag_definitions_v1;
ALTER TABLE tamis_search_profiles RENAME TO tamis_search_profiles_v1;
ALTER TABLE tamis_whitelist RENAME TO tamis_whitelist_v1;
ALTER TABLE tamis_searches ADD COLUMN account_id INTEGER NOT NULL DEFAULT 1;
UPDATE tamis_searches SET data = ${withAccount()};
UPDATE tamis_outbox SET data = ${withAccount()};
`;

const V1_COPY = `
INSERT INTO tamis_tag_definitions (account_id, name, data) SELECT 1, name, ${withAccount()} FROM tamis_tag_definitions_v1;
INSERT INTO tamis_search_profiles (account_id, id, data) SELECT 1, id, ${withAccount()} FROM tamis_search_profiles_v1;
INSERT INTO tamis_whitelist (account_id, client_ref, entity_id, data)
  SELECT 1, client_ref, entity_id, ${withAccount()} FROM tamis_whitelist_v1;
DROP TABLE tamis_tag_definitions_v1;
DROP TABLE tamis_search_profiles_v1;
DROP TABLE tamis_whitelist_v1;
`;

/** Records the internal lists an account names, in place of those it named before (in the caller's transaction). */
export function putInternalLists(prepare: (sql: string) => SqliteStatement, account: AccountRecord): void {
  prepare('DELETE FROM tamis_account_internal_lists WHERE account_id = ?').run(account.id);
  const insert = prepare('INSERT OR IGNORE INTO tamis_account_internal_lists (list_key, account_id) VALUES (?, ?)');
  for (const id of account.internal_lists ?? []) insert.run(internalListKey(id), account.id);
}

const tableExists = (db: Db, name: string): boolean =>
  db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;

/** The schema version of the file: 0 for an empty file, 1 for a file written before accounts. */
export function schemaVersion(db: Db): number {
  if (tableExists(db, 'tamis_service_schema')) {
    const row = db.prepare('SELECT version FROM tamis_service_schema').get() as { version: number } | undefined;
    if (row) return row.version;
  }
  return tableExists(db, 'tamis_searches') ? 1 : 0;
}

/** Creates the tables of an empty file, or brings an older file to the current version, in one transaction. */
export function migrate(db: Db): void {
  db.transaction(() => {
    const version = schemaVersion(db);
    if (version > SCHEMA_VERSION) {
      throw new Error(`the service store was written by a newer version (schema ${version}; this one knows ${SCHEMA_VERSION})`);
    }
    if (version === SCHEMA_VERSION) return;
    if (version === 1) db.exec(V1_TO_V2);
    db.exec(TABLES);
    if (version === 1) {
      db.exec(V1_COPY);
      const account = {
        id: DEFAULT_ACCOUNT_ID,
        name: 'default',
        internal_lists: null,
        webhooks: [],
        webhook_secret: null,
        created_at: (db.prepare("SELECT datetime('now') AS t").get() as { t: string }).t,
      };
      db.prepare('INSERT OR IGNORE INTO tamis_accounts (id, data) VALUES (?, ?)').run(
        DEFAULT_ACCOUNT_ID,
        JSON.stringify({ ...account, updated_at: account.created_at }),
      );
    }
    if (version === 1 || version === 2) {
      const accounts = db.prepare('SELECT data FROM tamis_accounts').all() as { data: string }[];
      for (const row of accounts) putInternalLists((sql) => db.prepare(sql), JSON.parse(row.data) as AccountRecord);
    }
    db.prepare('DELETE FROM tamis_service_schema').run();
    db.prepare('INSERT INTO tamis_service_schema (version) VALUES (?)').run(SCHEMA_VERSION);
  }).immediate();
}
