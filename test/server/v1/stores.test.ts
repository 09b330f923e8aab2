/**
 * The stores of the /v1 area: the SQLite risk and mute stores pass the transaction area's conformance suites, and
 * the scenario-version and customer-profile stores behave alike in memory and in SQLite.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { InMemoryCustomerProfiles, createSqliteCustomerProfiles, type CustomerProfile, type CustomerProfileStore } from '../../../src/server/v1/customers.js';
import { InMemoryScenarioVersions, createSqliteScenarioVersions, type ScenarioVersionRecord, type ScenarioVersionStore } from '../../../src/server/v1/scenario-store.js';
import type { SqliteDatabase } from '../../../src/sqlite/database.js';
import { InMemoryMuteStore, muteStoreConformance, riskStoreConformance } from '../../../src/transactions/index.js';
import { createSqliteMuteStore, createSqliteRiskStore } from '../../../src/transactions/sqlite/index.js';

const db = () => new Database(':memory:') as unknown as SqliteDatabase;

describe('SQLite risk and mute stores', () => {
  for (const c of riskStoreConformance) it(`RiskStore: ${c.name}`, () => c.run(() => createSqliteRiskStore(db())));
  for (const c of muteStoreConformance) it(`MuteStore: ${c.name}`, () => c.run(() => createSqliteMuteStore(db())));
  for (const c of muteStoreConformance) it(`InMemoryMuteStore: ${c.name}`, () => c.run(() => new InMemoryMuteStore()));
});

const version = (identifier: string, v: number): ScenarioVersionRecord => ({
  identifier,
  version: v,
  name: `s${v}`,
  description: '',
  format: 'tamis',
  definition: { v },
  source: 'api',
  created_at: '2026-01-01T00:00:00.000Z',
  created_by: null,
});

const profile = (v: number): CustomerProfile => ({
  identifier: '00000000-0000-5000-8000-000000000001',
  external_identifier: 'c-1',
  name: `Name ${v}`,
  type: 'PERSON',
  risk_level: 'LOW',
  segment: null,
  account_opened_at: null,
  attributes: { tier: v },
  version: v,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

describe.each([
  ['in memory', (): [ScenarioVersionStore, CustomerProfileStore] => [new InMemoryScenarioVersions(), new InMemoryCustomerProfiles()]],
  ['SQLite', (): [ScenarioVersionStore, CustomerProfileStore] => { const d = db(); return [createSqliteScenarioVersions(d), createSqliteCustomerProfiles(d)]; }],
])('%s', (_name, make) => {
  it('scenario versions: one per identifier and version, listed by identifier then version', async () => {
    const [s] = make();
    expect(await s.insert(version('b', 2))).toBe(true);
    expect(await s.insert(version('a', 1))).toBe(true);
    expect(await s.insert(version('b', 1))).toBe(true);
    expect(await s.insert(version('b', 2))).toBe(false);
    expect((await s.list()).map((r) => `${r.identifier}${r.version}`)).toEqual(['a1', 'b1', 'b2']);
    expect((await s.list())[2]!.definition).toEqual({ v: 2 });
  });

  it('customer profiles: written only over the version expected (0: none stored)', async () => {
    const [, p] = make();
    expect(await p.get(profile(1).identifier)).toBeNull();
    expect(await p.put(profile(1), 1)).toBe(false);
    expect(await p.put(profile(1), 0)).toBe(true);
    expect(await p.put(profile(1), 0)).toBe(false);
    expect(await p.put(profile(2), 1)).toBe(true);
    expect(await p.put(profile(3), 1)).toBe(false);
    expect(await p.get(profile(1).identifier)).toEqual(profile(2));
  });
});
