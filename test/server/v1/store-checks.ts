/**
 * The behaviour of the /v1 area's own stores (scenario versions, customer profiles), for every adapter: memory,
 * SQLite (stores.test.ts) and PostgreSQL (postgres.test.ts).
 */
import { expect, it } from 'vitest';
import type { CustomerProfile, CustomerProfileStore } from '../../../src/server/v1/customers.js';
import type { ScenarioVersionRecord, ScenarioVersionStore } from '../../../src/server/v1/scenario-store.js';

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

/** The cases, each on a fresh pair of stores from `make`. */
export function storeChecks(make: () => Promise<[ScenarioVersionStore, CustomerProfileStore]> | [ScenarioVersionStore, CustomerProfileStore]): void {
  it('scenario versions: one per identifier and version, listed by identifier then version', async () => {
    const [s] = await make();
    expect(await s.insert(version('b', 2))).toBe(true);
    expect(await s.insert(version('a', 1))).toBe(true);
    expect(await s.insert(version('b', 1))).toBe(true);
    expect(await s.insert(version('b', 2))).toBe(false);
    expect((await s.list()).map((r) => `${r.identifier}${r.version}`)).toEqual(['a1', 'b1', 'b2']);
    expect((await s.list())[2]!.definition).toEqual({ v: 2 });
  });

  it('customer profiles: written only over the version expected (0: none stored)', async () => {
    const [, p] = await make();
    expect(await p.get(profile(1).identifier)).toBeNull();
    expect(await p.put(profile(1), 1)).toBe(false);
    expect(await p.put(profile(1), 0)).toBe(true);
    expect(await p.put(profile(1), 0)).toBe(false);
    expect(await p.put(profile(2), 1)).toBe(true);
    expect(await p.put(profile(3), 1)).toBe(false);
    expect(await p.get(profile(1).identifier)).toEqual(profile(2));
  });
}
