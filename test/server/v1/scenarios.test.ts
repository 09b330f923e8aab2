/**
 * Scenarios over real HTTPS: the set in force, a new version in the tamis format and in the hosted language (in
 * force at once), version conflicts, back-tests over the stored transactions, and re-evaluating a transaction
 * whose evaluation failed once its scenario is fixed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransactionArea, memoryTransactionAreaStores } from '../../../src/server/index.js';
import { allowedCardPayment, heldBankPayment } from './fixtures.js';
import { ACCOUNT, REALM, SECRET, startV1, type V1Harness } from './harness.js';

let v: V1Harness;
let large: any;
beforeAll(async () => {
  v = await startV1();
  large = ((await v.call('GET', '/v1/scenarios?page_size=100')).json.scenarios as any[]).find((s) => s.name === 'Large transaction');
});
afterAll(() => v.close());

const hosted = (o: { name: string; field: string; withDefault?: boolean }) => ({
  name: o.name,
  description: 'Reference {{Reference}}',
  specification: {
    value: {
      segments: [{ identifiers: [], name: 'All customers', values: {}, outcome: { action: 'HOLD', alert_priority: 4 } }],
      parameters: { risk_subject_grouping: 'CUSTOMER' },
      specification: {
        equals: [
          { type: 'field', value: o.field, datatype: 'string', name: 'Reference', ...(o.withDefault ? { default: '' } : {}) },
          { type: 'constant', value: 'SUSPICIOUS', datatype: 'string' },
        ],
      },
    },
  },
});

describe('GET /v1/scenarios', () => {
  it('lists the bundled library in force, by name, in pages', async () => {
    const all = (await v.call('GET', '/v1/scenarios?page_size=100')).json;
    expect(all.total_count).toBe(12);
    expect(all.scenarios.map((s: any) => s.name)).toEqual([...all.scenarios.map((s: any) => s.name)].sort((a: string, b: string) => a.localeCompare(b)));
    expect(large).toMatchObject({ version: 1, format: 'tamis', source: 'config', versions: [1], created_at: null });
    const page = (await v.call('GET', '/v1/scenarios?page_size=5&page_number=3')).json;
    expect(page.scenarios).toHaveLength(2);
    expect(page.next).toBeNull();
  });

  it('GET /v1/scenarios/{id} answers the version in force with its definition; 404 for an unknown one', async () => {
    const r = (await v.call('GET', `/v1/scenarios/${large.identifier}`)).json;
    expect(r.definition).toMatchObject({ identifier: large.identifier, version: 1, schema_version: 1 });
    expect((await v.call('GET', '/v1/scenarios/00000000-0000-4000-8000-00000000beef')).status).toBe(404);
  });
});

describe('POST /v1/scenarios and back-tests', () => {
  it('a tamis version goes in force at once; the same version again is 409; back-tests compare it with the one before', async () => {
    const before = (await v.call('POST', '/v1/transactions', { body: allowedCardPayment('sc-1') })).json;
    expect(before.evaluation_outcome).toBe('ALLOW');
    const held = (await v.call('POST', '/v1/transactions', { body: heldBankPayment('sc-2') })).json;

    const definition = (await v.call('GET', `/v1/scenarios/${large.identifier}`)).json.definition;
    const v2 = {
      ...definition,
      version: 2,
      segments: [{ identifier: '5ce7a710-00ff-4000-8000-000000000001', name: 'Anything over 10', outcome: 'HOLD', priority: 1, when: { compare: [{ field: 'amount' }, '>=', 10] } }],
    };
    const r = await v.call('POST', '/v1/scenarios', { body: v2 });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ identifier: large.identifier, version: 2, format: 'tamis', source: 'api', created_by: expect.any(String) });
    expect(r.headers.get('location')).toBe(`/v1/scenarios/${large.identifier}`);
    expect((await v.call('POST', '/v1/transactions', { body: allowedCardPayment('sc-3') })).json.evaluation_outcome).toBe('HOLD');
    expect((await v.call('POST', '/v1/scenarios', { body: v2 })).json.errors[0].code).toBe('VERSION_NOT_NEWER');
    expect((await v.call('GET', `/v1/scenarios/${large.identifier}/versions`)).json.versions.map((x: any) => x.version)).toEqual([1, 2]);

    const report = (await v.call('POST', `/v1/scenarios/${large.identifier}/backtest`, { body: {} })).json;
    expect(report).toMatchObject({ candidate: { version: 2 }, in_force: { version: 1 } });
    expect(report.evaluated).toBeGreaterThanOrEqual(3);
    expect(report.newly_held).toContain(before.external_identifier);
    expect(report.held_by_both).toContain(held.external_identifier);
    const old = (await v.call('POST', `/v1/scenarios/${large.identifier}/backtest`, { body: { version: 1 } })).json;
    expect(old).toMatchObject({ candidate: { version: 1 }, in_force: { version: 2 } });
    expect(old.no_longer_held).toContain(before.external_identifier);
    expect((await v.call('POST', `/v1/scenarios/${large.identifier}/backtest`, { body: { version: 7 } })).status).toBe(404);
    expect((await v.call('POST', `/v1/scenarios/${large.identifier}/backtest`, { body: { versions: 1 } })).status).toBe(400);
  });

  it('reads a hosted-language document: a version without a number takes the next one', async () => {
    const doc = hosted({ name: 'Suspicious reference', field: 'transaction.monetary_details.reference_text', withDefault: true });
    const first = await v.call('POST', '/v1/scenarios', { body: doc });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ format: 'hosted', version: 1, name: 'Suspicious reference' });
    const second = await v.call('POST', '/v1/scenarios', { body: doc });
    expect(second.json).toMatchObject({ identifier: first.json.identifier, version: 2 });
  });

  it('answers 400 with the problems of an invalid scenario', async () => {
    const r = await v.call('POST', '/v1/scenarios', { body: { schema_version: 1, identifier: 'nope', name: 'x', version: 1 } });
    expect(r.status).toBe(400);
    expect(r.json.errors[0].code).toBe('INVALID_SCENARIO');
    const h = await v.call('POST', '/v1/scenarios', { body: hosted({ name: 'Bad path', field: 'wallet.balance' }) });
    expect(h.json.errors.map((e: any) => e.code)).toContain('UNKNOWN_FIELD_PATH');
  });

  it('re-evaluates a transaction whose evaluation failed once its scenario is fixed', async () => {
    const broken = hosted({ name: 'Reference check', field: 'transaction.monetary_details.reference_text' });
    const created = (await v.call('POST', '/v1/scenarios', { body: broken })).json;
    const t = (await v.call('POST', '/v1/transactions', { body: allowedCardPayment('sc-err') })).json;
    expect(t.evaluation_outcome).toBe('ERROR');
    expect((await v.call('POST', `/v1/transactions/${t.identifier}/re-evaluate`)).json.evaluation_outcome).toBe('ERROR');
    expect((await v.call('POST', '/v1/scenarios', { body: hosted({ name: 'Reference check', field: 'transaction.monetary_details.reference_text', withDefault: true }) })).json.version).toBe(created.version + 1);
    const again = await v.call('POST', `/v1/transactions/${t.identifier}/re-evaluate`);
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ identifier: t.identifier, evaluation_outcome: 'HOLD' }); // the large-transaction version 2 holds it
  });
});

describe('several instances sharing the stores', () => {
  it('a version created on one instance is in force on another once its copy is 5 seconds old, at once for a new version', async () => {
    const stores = memoryTransactionAreaStores();
    const clock = { skew: 0, now: () => new Date(Date.now() + clock.skew).toISOString() };
    const make = () => createTransactionArea({ stores, account_identifier: ACCOUNT, realm: REALM, tokenSecret: SECRET, clock });
    const [a, b] = [await make(), await make()];
    const id = large.identifier;
    const def = (a.scenarios.get(id) as any).value.definition;
    expect((await a.scenarios.create({ ...def, version: 2 }, null)).ok).toBe(true);
    expect((b.scenarios.get(id) as any).value.version).toBe(1);
    await b.submit(allowedCardPayment('instances'));
    expect((b.scenarios.get(id) as any).value.version).toBe(1); // read less than 5 seconds ago
    clock.skew = 5000;
    await b.submit(allowedCardPayment('instances'));
    expect((b.scenarios.get(id) as any).value.version).toBe(2);
    const conflict = await b.scenarios.create({ ...def, version: 2 }, null);
    expect(conflict.ok).toBe(false);
    expect((a.scenarios.get(id) as any).value.version).toBe(2);
  });
});
