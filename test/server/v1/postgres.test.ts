/**
 * The /v1 area over PostgreSQL (skipped, with the reason, without PostgreSQL): its own stores behave as in memory
 * and SQLite, and the area's flows work over postgresTransactionAreaStores (the history read from the database).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPostgresCustomerProfiles, createPostgresScenarioVersions } from '../../../src/postgres/index.js';
import { postgresTransactionAreaStores } from '../../../src/server/index.js';
import { describePg, testDatabase, type TestDatabase } from '../../postgres/helpers.js';
import { heldBankPayment } from './fixtures.js';
import { startV1, type V1Harness } from './harness.js';
import { storeChecks } from './store-checks.js';

describePg('the /v1 area over PostgreSQL', () => {
  const database = testDatabase();
  let db: TestDatabase;
  let v: V1Harness;
  beforeAll(async () => {
    db = await database.open();
    v = await startV1({ stores: await postgresTransactionAreaStores(db.pool) });
  });
  afterAll(() => v?.close());

  storeChecks(async () => {
    await db.pool.query('DELETE FROM tamis_scenario_versions; DELETE FROM tamis_customer_profiles');
    return [createPostgresScenarioVersions(db.pool), createPostgresCustomerProfiles(db.pool)];
  });

  it('submits, groups alerts into a case, aggregates over the stored history, mutes and unmutes', async () => {
    const first = (await v.call('POST', '/v1/transactions', { body: heldBankPayment('pg-1') })).json;
    expect(first.evaluation_outcome).toBe('HOLD');
    const cases = (await v.call('GET', `/v1/cases?customer_identifier=${first.customer_identifier}`)).json;
    expect(cases.cases[0].alerts.count).toBe(3);
    const second = (await v.call('POST', '/v1/transactions', { body: heldBankPayment('pg-1', { amount: 20000 }) })).json;
    const risks = ((await v.call('GET', '/v1/risks?page_size=100')).json.risks as any[]).filter((r) => r.detail.transaction.identifier === second.identifier);
    expect(risks.map((r) => r.detail.triggered_segment.name)).toContain('Outbound sum in 24 hours');
    const mute = (await v.call('POST', '/v1/alert-mutes', { body: { profile_identifier: 'p', customer_identifier: first.customer_identifier } })).json;
    expect((await v.call('DELETE', `/v1/alert-mutes/${mute.id}`)).status).toBe(204);
    expect((await v.call('DELETE', `/v1/alert-mutes/${mute.id}`)).status).toBe(404);
    expect((await v.call('PUT', '/v1/customer-profiles/pg-1', { body: { name: 'Ada' } })).status).toBe(201);
    const types = ((await v.call('GET', `/v1/customers/${first.customer_identifier}/audit-logs?page_size=100`)).json.audit_logs as any[]).map((r) => r.type);
    expect(types).toEqual(expect.arrayContaining(['CASE_CREATED', 'ALERT_UNMUTED_FOR_RISK', 'CUSTOMER_CREATED']));
  });
});
