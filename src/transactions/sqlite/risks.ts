/**
 * SQLite adapters (better-sqlite3) of the risk store and the mute store. Subpath `tamis/transactions/sqlite`.
 *
 *   const risks = createSqliteRiskStore(db);
 *   const mutes = createSqliteMuteStore(db);
 *
 * Risks are listed newest first (insertion order), mutes oldest first, as the in-memory adapters do.
 */
import type { SqliteDatabase as Db } from '../../sqlite/database.js';
import { sqliteCalls, type SqliteBusyOptions } from '../../storage/sqlite.js';
import type { TransactionRiskDecision } from '../enums.js';
import type { MuteStore, RiskStore, StoredRisk } from '../ports.js';
import type { AlertMute } from '../types.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS tamis_risks (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  identifier TEXT NOT NULL UNIQUE,
  data TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS tamis_alert_mutes (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  customer_identifier TEXT NOT NULL,
  data TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS tamis_alert_mutes_customer ON tamis_alert_mutes (customer_identifier, seq);
`;

export interface SqliteRiskStoreOptions extends SqliteBusyOptions {
  migrate?: boolean;
}

export function createSqliteRiskStore(db: Db, options: SqliteRiskStoreOptions = {}): RiskStore {
  const calls = sqliteCalls(db, options);
  if (options.migrate !== false) calls.run(() => db.exec(SCHEMA));
  const upsert = calls.statement(
    'INSERT INTO tamis_risks (identifier, data) VALUES (?, ?) ON CONFLICT (identifier) DO UPDATE SET data = excluded.data',
  );
  const byId = calls.statement('SELECT data FROM tamis_risks WHERE identifier = ?');
  const decide = calls.statement(`UPDATE tamis_risks SET data = json_set(data, '$.decision', ?) WHERE identifier = ?`);
  const page = calls.statement('SELECT data FROM tamis_risks ORDER BY seq DESC LIMIT ? OFFSET ?');
  const count = calls.statement('SELECT count(*) AS n FROM tamis_risks');
  return {
    async put(risk) {
      upsert.run(risk.risk.identifier, JSON.stringify(risk));
    },
    async get(identifier) {
      const row = byId.get(identifier) as { data: string } | undefined;
      return row ? (JSON.parse(row.data) as StoredRisk) : undefined;
    },
    async setDecision(identifier: string, decision: TransactionRiskDecision) {
      return decide.run(decision, identifier).changes === 1;
    },
    async list(p) {
      const rows = page.all(p.page_size, (p.page_number - 1) * p.page_size) as Array<{ data: string }>;
      return { items: rows.map((r) => JSON.parse(r.data) as StoredRisk), total_count: (count.get() as { n: number }).n };
    },
  };
}

export function createSqliteMuteStore(db: Db, options: SqliteRiskStoreOptions = {}): MuteStore {
  const calls = sqliteCalls(db, options);
  if (options.migrate !== false) calls.run(() => db.exec(SCHEMA));
  const insert = calls.statement('INSERT INTO tamis_alert_mutes (id, customer_identifier, data) VALUES (?, ?, ?)');
  const ofCustomer = calls.statement('SELECT data FROM tamis_alert_mutes WHERE customer_identifier = ? ORDER BY seq');
  const page = calls.statement('SELECT data FROM tamis_alert_mutes ORDER BY seq LIMIT ? OFFSET ?');
  const count = calls.statement('SELECT count(*) AS n FROM tamis_alert_mutes');
  const remove = calls.statement('DELETE FROM tamis_alert_mutes WHERE id = ? RETURNING data');
  const parse = (rows: unknown[]) => (rows as Array<{ data: string }>).map((r) => JSON.parse(r.data) as AlertMute);
  return {
    async create(mute) {
      insert.run(mute.id, mute.customer_identifier, JSON.stringify(mute));
    },
    async forCustomer(customerIdentifier) {
      return parse(ofCustomer.all(customerIdentifier));
    },
    async list(p) {
      return { items: parse(page.all(p.page_size, (p.page_number - 1) * p.page_size)), total_count: (count.get() as { n: number }).n };
    },
    async delete(id) {
      const row = remove.get(id) as { data: string } | undefined;
      return row ? (JSON.parse(row.data) as AlertMute) : null;
    },
  };
}
