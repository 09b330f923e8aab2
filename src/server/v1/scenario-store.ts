/**
 * Scenario versions created over HTTP: a small store port with an in-memory and a SQLite adapter. The versions of
 * the config's scenario set are not stored (the config file is their source); versions created through
 * POST /v1/scenarios are, so they survive a restart.
 */
import type { SqliteDatabase } from '../../sqlite/database.js';
import { sqliteCalls } from '../../storage/sqlite.js';

export type ScenarioFormat = 'tamis' | 'hosted';

export interface ScenarioVersionRecord {
  identifier: string;
  version: number;
  name: string;
  description: string;
  /** `tamis` (the scenario format of transactions.md) or `hosted` (the hosted service's language). */
  format: ScenarioFormat;
  /** The definition or document as given. */
  definition: unknown;
  /** `config`: from the config's scenario set; `api`: created over HTTP. */
  source: 'config' | 'api';
  /** Null for the config's scenarios. */
  created_at: string | null;
  created_by: string | null;
}

export interface ScenarioVersionStore {
  /** Insert a version; false when that identifier already has that version. */
  insert(record: ScenarioVersionRecord): Promise<boolean>;
  /** Every stored version, ordered by identifier then version. */
  list(): Promise<ScenarioVersionRecord[]>;
}

const order = (a: ScenarioVersionRecord, b: ScenarioVersionRecord) => a.identifier.localeCompare(b.identifier) || a.version - b.version;

export class InMemoryScenarioVersions implements ScenarioVersionStore {
  private readonly items = new Map<string, ScenarioVersionRecord>();
  async insert(record: ScenarioVersionRecord): Promise<boolean> {
    const key = `${record.identifier}@${record.version}`;
    if (this.items.has(key)) return false;
    this.items.set(key, structuredClone(record));
    return true;
  }
  async list(): Promise<ScenarioVersionRecord[]> {
    return [...this.items.values()].map((r) => structuredClone(r)).sort(order);
  }
}

export function createSqliteScenarioVersions(db: SqliteDatabase): ScenarioVersionStore {
  const calls = sqliteCalls(db);
  calls.run(() =>
    db.exec(
      'CREATE TABLE IF NOT EXISTS tamis_scenario_versions (identifier TEXT NOT NULL, version INTEGER NOT NULL, data TEXT NOT NULL, PRIMARY KEY (identifier, version))',
    ),
  );
  const insert = calls.statement('INSERT INTO tamis_scenario_versions (identifier, version, data) VALUES (?, ?, ?) ON CONFLICT DO NOTHING');
  const all = calls.statement('SELECT data FROM tamis_scenario_versions ORDER BY identifier, version');
  return {
    async insert(r) {
      return insert.run(r.identifier, r.version, JSON.stringify(r)).changes === 1;
    },
    async list() {
      return (all.all() as Array<{ data: string }>).map((row) => JSON.parse(row.data) as ScenarioVersionRecord);
    },
  };
}
