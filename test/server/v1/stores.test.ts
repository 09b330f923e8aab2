/**
 * The stores of the /v1 area: the SQLite risk and mute stores pass the transaction area's conformance suites, and
 * the scenario-version and customer-profile stores behave alike in memory and in SQLite.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { InMemoryCustomerProfiles, createSqliteCustomerProfiles, type CustomerProfileStore } from '../../../src/server/v1/customers.js';
import { InMemoryScenarioVersions, createSqliteScenarioVersions, type ScenarioVersionStore } from '../../../src/server/v1/scenario-store.js';
import { storeChecks } from './store-checks.js';
import type { SqliteDatabase } from '../../../src/sqlite/database.js';
import { InMemoryMuteStore, muteStoreConformance, riskStoreConformance } from '../../../src/transactions/index.js';
import { createSqliteMuteStore, createSqliteRiskStore } from '../../../src/transactions/sqlite/index.js';

const db = () => new Database(':memory:') as unknown as SqliteDatabase;

describe('SQLite risk and mute stores', () => {
  for (const c of riskStoreConformance) it(`RiskStore: ${c.name}`, () => c.run(() => createSqliteRiskStore(db())));
  for (const c of muteStoreConformance) it(`MuteStore: ${c.name}`, () => c.run(() => createSqliteMuteStore(db())));
  for (const c of muteStoreConformance) it(`InMemoryMuteStore: ${c.name}`, () => c.run(() => new InMemoryMuteStore()));
});

describe.each([
  ['in memory', (): [ScenarioVersionStore, CustomerProfileStore] => [new InMemoryScenarioVersions(), new InMemoryCustomerProfiles()]],
  ['SQLite', (): [ScenarioVersionStore, CustomerProfileStore] => { const d = db(); return [createSqliteScenarioVersions(d), createSqliteCustomerProfiles(d)]; }],
])('%s', (_name, make) => {
  storeChecks(make);
});
