/**
 * What the PostgreSQL test files share: the cluster started by global-setup.ts (or why there is none), a fresh
 * migrated database per file, and an emptied one per conformance test.
 */
import pg from 'pg';
import { afterAll, describe, inject } from 'vitest';
import { migrate } from '../../src/postgres/index.js';

const provided = inject('postgres');
/** Why the PostgreSQL tests skip, or null when a cluster runs. */
export const pgSkipReason: string | null = 'reason' in provided ? provided.reason : null;

/** `describe`, skipped with the reason printed when PostgreSQL is not available. */
export function describePg(name: string, fn: () => void): void {
  if (pgSkipReason !== null) console.warn(`[postgres] skipping "${name}": ${pgSkipReason}`);
  describe.skipIf(pgSkipReason !== null)(name, fn);
}

export interface TestDatabase {
  pool: pg.Pool;
  /** pg connection settings of the database (for other pools, child processes, workers). */
  config: { host: string; user: string; database: string };
  /** A connection string of the database (Unix socket). */
  url: string;
  /** Empty every tamis table (migrations kept). */
  reset(): Promise<void>;
  /** Another pool on the database (another instance's connections), ended before the database is dropped. */
  newPool(max?: number): pg.Pool;
}

let counter = 0;

/**
 * A new migrated database for this file, created on the first `open()` and dropped after the file's tests.
 * Call at the top of a `describePg` (it registers the `afterAll` that drops it).
 */
export function testDatabase(options: { max?: number; migrate?: boolean } = {}): { open(): Promise<TestDatabase> } {
  let opened: Promise<TestDatabase> | undefined;
  const pools: pg.Pool[] = [];
  const name = `tamis_${process.pid}_${Date.now().toString(36)}_${counter++}`;
  const admin = async (sql: string) => {
    if ('reason' in provided) throw new Error(provided.reason);
    const c = new pg.Client({ host: provided.host, user: provided.user, database: 'postgres' });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  const create = async (): Promise<TestDatabase> => {
    if ('reason' in provided) throw new Error(provided.reason);
    await admin(`CREATE DATABASE ${name}`);
    const config = { host: provided.host, user: provided.user, database: name };
    const newPool = (max = 8) => {
      const p = new pg.Pool({ ...config, max });
      p.on('error', () => undefined); // an idle connection ended by the server (the database dropped after the tests)
      pools.push(p);
      return p;
    };
    const pool = newPool(options.max ?? 8);
    if (options.migrate !== false) await migrate(pool);
    return {
      pool,
      config,
      newPool,
      url: `postgresql://${config.user}@/${name}?host=${encodeURIComponent(config.host)}`,
      async reset() {
        const r = await pool.query<{ t: string }>(
          "SELECT tablename AS t FROM pg_tables WHERE schemaname = current_schema() AND tablename LIKE 'tamis\\_%' AND tablename <> 'tamis_schema_migrations'",
        );
        // DELETE is much faster than TRUNCATE on a few rows (TRUNCATE replaces every table's files).
        if (r.rows.length > 0) await pool.query(r.rows.map((x) => `DELETE FROM ${x.t};`).join(' '));
      },
    };
  };
  afterAll(async () => {
    if (!opened) return;
    await opened;
    for (const p of pools) await p.end();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
  return { open: () => (opened ??= create()) };
}
