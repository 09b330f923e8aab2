/**
 * PostgreSQL adapters of the two stores of the server's /v1 area (src/server/v1): scenario versions and customer
 * profiles. Run `migrate(pool)` first (migration 6).
 */
import type { CustomerProfileStore } from '../server/v1/customers.js';
import type { ScenarioVersionStore } from '../server/v1/scenario-store.js';
import { fromJsonRows, toJson, type PgPool } from './pool.js';

export function createPostgresScenarioVersions(pool: PgPool): ScenarioVersionStore {
  return {
    async insert(r) {
      const res = await pool.query('INSERT INTO tamis_scenario_versions (identifier, version, data) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [r.identifier, r.version, toJson(r)]);
      return res.rowCount === 1;
    },
    async list() {
      return fromJsonRows((await pool.query<{ data: string }>('SELECT data FROM tamis_scenario_versions ORDER BY identifier, version')).rows);
    },
  };
}

export function createPostgresCustomerProfiles(pool: PgPool): CustomerProfileStore {
  return {
    async get(identifier) {
      return fromJsonRows<NonNullable<Awaited<ReturnType<CustomerProfileStore['get']>>>>((await pool.query<{ data: string }>('SELECT data FROM tamis_customer_profiles WHERE identifier = $1', [identifier])).rows)[0] ?? null;
    },
    async put(profile, expectedVersion) {
      const data = toJson(profile);
      const res =
        expectedVersion === 0
          ? await pool.query('INSERT INTO tamis_customer_profiles (identifier, version, data) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [profile.identifier, profile.version, data])
          : await pool.query('UPDATE tamis_customer_profiles SET version = $1, data = $2 WHERE identifier = $3 AND version = $4', [profile.version, data, profile.identifier, expectedVersion]);
      return res.rowCount === 1;
    },
  };
}
