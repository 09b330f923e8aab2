/**
 * The stores of the transaction area, in memory, in one SQLite database or in PostgreSQL (the same database as the
 * search area's store when the config says `store: sqlite` or `postgres`). This is the seam for other databases: a
 * host builds a `TransactionAreaStores` of its own adapters and passes it to `createTransactionArea`.
 */
import { InMemoryBatchStore } from '../../bulk/memory.js';
import { createInMemoryCaseStores } from '../../cases/memory.js';
import type { PgPool } from '../../postgres/pool.js';
import type { SqliteDatabase } from '../../sqlite/database.js';
import { InMemoryCredentialStore } from '../../tokens/memory.js';
import { InMemoryMuteStore, InMemoryRiskStore, InMemoryTransactionStore } from '../../transactions/memory.js';
import type { TransactionAreaStores } from './area.js';
import { createSqliteCustomerProfiles, InMemoryCustomerProfiles } from './customers.js';
import { createSqliteScenarioVersions, InMemoryScenarioVersions } from './scenario-store.js';

export function memoryTransactionAreaStores(): TransactionAreaStores {
  const { cases, audit } = createInMemoryCaseStores();
  return {
    transactions: new InMemoryTransactionStore(),
    risks: new InMemoryRiskStore(),
    mutes: new InMemoryMuteStore(),
    cases,
    audit,
    batches: new InMemoryBatchStore(),
    credentials: new InMemoryCredentialStore(),
    scenarios: new InMemoryScenarioVersions(),
    customers: new InMemoryCustomerProfiles(),
  };
}

/** Every store in `db` (tables prefixed `tamis_`, created when missing). The adapters load with the first call. */
export async function sqliteTransactionAreaStores(db: SqliteDatabase): Promise<TransactionAreaStores> {
  const [{ createSqliteTransactionStore, createSqliteRiskStore, createSqliteMuteStore }, { createSqliteCaseStores }, { createSqliteBatchStore }, { createSqliteCredentialStore }] =
    await Promise.all([
      import('../../transactions/sqlite/index.js'),
      import('../../cases/sqlite/index.js'),
      import('../../bulk/sqlite/index.js'),
      import('../../tokens/sqlite/index.js'),
    ]);
  const { cases, audit } = createSqliteCaseStores(db);
  return {
    transactions: createSqliteTransactionStore(db),
    risks: createSqliteRiskStore(db),
    mutes: createSqliteMuteStore(db),
    cases,
    audit,
    batches: createSqliteBatchStore(db),
    credentials: createSqliteCredentialStore(db),
    scenarios: createSqliteScenarioVersions(db),
    customers: createSqliteCustomerProfiles(db),
  };
}

/**
 * Every store in PostgreSQL (run `migrate(pool)` first), the history read per evaluation (a `HistoryStore`), so
 * several instances share it. The adapters load with the first call.
 */
export async function postgresTransactionAreaStores(pool: PgPool): Promise<TransactionAreaStores> {
  const pg = await import('../../postgres/index.js');
  const { cases, audit } = pg.createPostgresCaseStores(pool);
  return {
    transactions: pg.createPostgresTransactionStore(pool),
    risks: pg.createPostgresRiskStore(pool),
    mutes: pg.createPostgresMuteStore(pool),
    cases,
    audit,
    batches: pg.createPostgresBatchStore(pool),
    credentials: pg.createPostgresCredentialStore(pool),
    scenarios: pg.createPostgresScenarioVersions(pool),
    customers: pg.createPostgresCustomerProfiles(pool),
    history: pg.createPostgresHistoryStore(pool),
    customerRecords: pg.createPostgresCustomerRecords(pool),
  };
}
