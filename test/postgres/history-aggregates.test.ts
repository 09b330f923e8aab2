import { expect, it } from 'vitest';
import { createPostgresHistoryStore } from '../../src/postgres/index.js';
import { aggregateRecords, historyAggregateConformance, toHistoryRecord, type HistoryRecord } from '../../src/transactions/index.js';
import { expectSameResults, generateHistory, observed } from '../transactions/generated-history.js';
import { bank } from '../transactions/helpers.js';
import { describePg, testDatabase } from './helpers.js';

describePg('PostgreSQL history aggregates computed in SQL', () => {
  const db = testDatabase();
  const fresh = async () => {
    const d = await db.open();
    await d.reset();
    return d.pool;
  };

  for (const c of historyAggregateConformance) it(`HistoryStore.aggregate: ${c.name}`, () => c.run(async () => createPostgresHistoryStore(await fresh())));

  it('the whole library gives the same outcomes, segments and traced values with aggregates in SQL as over the records', async () => {
    const pool = await fresh();
    const store = createPostgresHistoryStore(pool);
    const { records, evaluations } = generateHistory({ customers: 6, perCustomer: 80, evaluations: 60 });
    for (const r of records) await store.append(r);
    const rows = observed(createPostgresHistoryStore(pool, { aggregateInSql: false }), false);
    const computed = observed(store, false);
    const triggered = await expectSameResults(rows.store, computed.store, evaluations);
    expect(triggered.size).toBeGreaterThanOrEqual(5);
    expect(computed.requests.length).toBeGreaterThan(evaluations.length);
    expect(computed.windows).toEqual([]);
    expect(rows.requests).toEqual([]);
  });

  it('zeros of either sign: the same sum, least and greatest amount as the engine over the records the store loads', async () => {
    const store = createPostgresHistoryStore(await fresh());
    const at = (id: string, t: number, amount: number): HistoryRecord => ({ ...toHistoryRecord(bank({ amount: 1 }), 'Z'), id, t, amount });
    for (const r of [at('a', 10, -0), at('b', 20, 0), at('c', 30, -0), at('d', 10, -0), at('e', 40, 3), at('f', 50, -2)]) await store.append(r);
    const ask = { scope: 'customer', key: 'Z', exclude: { id: '', t: -1 }, where: null, sum: true, range: true, moments: true, distinct: { of: 'amount', probe: 0 } } as const;
    const requests = [10, 30, 40, 50].map((toMs) => ({ ...ask, fromMs: 0, toMs }));
    const got = await store.aggregate?.(requests);
    const loaded = await store.load(requests.map((q) => ({ scope: q.scope, key: q.key, fromMs: q.fromMs, toMs: q.toMs })));
    const show = (x: unknown) => JSON.stringify(x, (_k, v: unknown) => (Object.is(v, -0) ? '-0' : v));
    expect(show(got)).toBe(show(requests.map((q, i) => aggregateRecords(loaded[i] ?? [], q))));
  });

  it('rows written before migration 7 are filled in from their JSON, and one the check cannot vouch for is declined', async () => {
    const pool = await fresh();
    const store = createPostgresHistoryStore(pool);
    const r = toHistoryRecord(bank({ amount: 12.5 }), 'OLD');
    await store.append({ ...r, id: 'old-1' });
    await store.append({ ...r, id: 'old-2', mcc: 'caf\u00e9' });
    // As migration 7 found them: no columns, not plain; then its backfill runs again.
    await pool.query("UPDATE tamis_history SET plain = false, amount = NULL, currency = NULL WHERE customer = 'OLD'");
    const { MIGRATIONS } = await import('../../src/postgres/migrations/index.js');
    const sql = MIGRATIONS.find((m) => m.version === 7)?.sql ?? '';
    const backfill = sql.slice(sql.indexOf('UPDATE tamis_history'), sql.indexOf('CREATE FUNCTION'));
    await pool.query(backfill);
    const got = await pool.query<{ id: string; plain: boolean; amount: number; currency: string }>("SELECT id, plain, amount, currency FROM tamis_history WHERE customer = 'OLD' ORDER BY id");
    expect(got.rows).toEqual([
      { id: 'old-1', plain: true, amount: 12.5, currency: r.currency },
      { id: 'old-2', plain: false, amount: null, currency: null },
    ]);
  });
});
