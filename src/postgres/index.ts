/**
 * PostgreSQL adapters of every storage port, on the `pg` driver (an optional peer dependency: `npm install pg`),
 * for several instances of a service sharing one database. Subpath `tamis/postgres`.
 *
 *   import pg from 'pg';
 *   import { migrate, createPostgresStore } from 'tamis/postgres';
 *   const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
 *   await migrate(pool);                       // versioned migrations, once per database (advisory lock)
 *   const store = createPostgresStore(pool);   // the searches service store
 *
 * See docs/storage.md, "Several instances".
 */
export {
  connectPostgres,
  inTransaction,
  type ClosablePgPool,
  type PgClient,
  type PgPool,
  type PgQueryable,
  type PgResult,
  type PostgresConnectOptions,
  type TransactionOptions,
} from './pool.js';
export { migrate, schemaVersion, pendingMigrations, LATEST_SCHEMA_VERSION, type MigrateOptions, type MigrateReport } from './migrate.js';
export { MIGRATIONS, type Migration } from './migrations/index.js';
export { createPostgresStore, type PostgresStoreOptions } from './service-store.js';
export { createPostgresCaseStore, createPostgresAuditStore, createPostgresCaseStores } from './case-stores.js';
export { createPostgresBatchStore, createPostgresCredentialStore } from './batch-store.js';
export {
  createPostgresTransactionStore,
  createPostgresRiskStore,
  createPostgresMuteStore,
  createPostgresAuditSink,
  createPostgresCustomerRecords,
  createPostgresHistoryStore,
  createPostgresTransactionStores,
  type PostgresCustomerRecords,
} from './transaction-stores.js';
export { createPostgresRateLimiter, type PostgresRateLimiterOptions } from './rate-limiter.js';
export { createPostgresListVersions } from './list-versions.js';
export { createPostgresScenarioVersions, createPostgresCustomerProfiles } from './server-stores.js';
