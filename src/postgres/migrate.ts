/**
 * Applies the versioned migrations (migrations/) a database lacks, in one transaction, under an advisory lock: of
 * several instances starting at once against one database, one migrates and the others wait, then find nothing
 * left to do. Applied versions are kept in `tamis_schema_migrations` of the current schema (the first of the
 * connection's search_path), so several tamis databases can live in schemas of one database.
 */
import { MIGRATIONS, type Migration } from './migrations/index.js';
import { inTransaction, type PgPool, type PgQueryable } from './pool.js';

export interface MigrateReport {
  /** The versions applied by this call, ascending (empty when the database was up to date). */
  applied: number[];
  /** The schema version of the database now. */
  version: number;
}

export interface MigrateOptions {
  /** Stop at this version (default: the latest). */
  to?: number;
}

/** The latest schema version this package knows. */
export const LATEST_SCHEMA_VERSION = Math.max(...MIGRATIONS.map((m) => m.version));

const LEDGER = `CREATE TABLE IF NOT EXISTS tamis_schema_migrations (
  version integer PRIMARY KEY,
  name text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
)`;

async function appliedVersions(db: PgQueryable): Promise<number[]> {
  const exists = await db.query<{ t: string | null }>("SELECT to_regclass('tamis_schema_migrations')::text AS t");
  if (exists.rows[0]?.t == null) return [];
  const rows = await db.query<{ version: number }>('SELECT version FROM tamis_schema_migrations ORDER BY version');
  return rows.rows.map((r) => Number(r.version));
}

/** The schema version of the database (0: never migrated). */
export async function schemaVersion(pool: PgQueryable): Promise<number> {
  const applied = await appliedVersions(pool);
  return applied.length === 0 ? 0 : Math.max(...applied);
}

/** The migrations not applied yet (what `migrate` would apply), in order. */
export async function pendingMigrations(pool: PgQueryable): Promise<Migration[]> {
  const applied = new Set(await appliedVersions(pool));
  return MIGRATIONS.filter((m) => !applied.has(m.version));
}

/**
 * Brings the database to the latest schema version (or `options.to`). Safe to call from every instance at start:
 * the calls are serialised by an advisory lock, and a database already up to date is left alone. A database of a
 * newer schema (written by a later tamis) is refused rather than misread.
 */
export async function migrate(pool: PgPool, options: MigrateOptions = {}): Promise<MigrateReport> {
  const target = options.to ?? LATEST_SCHEMA_VERSION;
  if (!Number.isInteger(target) || target < 0 || target > LATEST_SCHEMA_VERSION) {
    throw new RangeError(`migrate: "to" is a schema version from 0 to ${LATEST_SCHEMA_VERSION}`);
  }
  return inTransaction(pool, async (db) => {
    await db.query("SELECT pg_advisory_xact_lock(hashtext('tamis.migrate:' || current_schema()))");
    await db.query(LEDGER);
    const applied = new Set(await appliedVersions(db));
    const newest = Math.max(0, ...applied);
    if (newest > LATEST_SCHEMA_VERSION) {
      throw new Error(`the database was migrated by a newer tamis (schema ${newest}; this one knows ${LATEST_SCHEMA_VERSION})`);
    }
    const done: number[] = [];
    for (const m of MIGRATIONS) {
      if (m.version > target || applied.has(m.version)) continue;
      await db.query(m.sql);
      if (m.fill) await m.fill(db);
      await db.query('INSERT INTO tamis_schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      done.push(m.version);
    }
    return { applied: done, version: Math.max(newest, ...done) };
  });
}
