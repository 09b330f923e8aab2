/** No state is lost or half-written when an operation fails. */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createMemoryStore, StoreConflictError, type ServiceStore } from '../../src/service/index.js';
import { createSqliteStore } from '../../src/service/sqlite/index.js';
import { content, setup, STORES } from './helpers.js';

/** A SQLite store whose outbox inserts fail inside the transaction (after the other writes of the batch ran). */
function sqliteWithFailingOutbox(): { store: ServiceStore; arm: () => void } {
  const db = new Database(':memory:');
  const store = createSqliteStore(db);
  return {
    store,
    arm: () => db.exec(`CREATE TRIGGER fail_outbox BEFORE INSERT ON tamis_outbox BEGIN SELECT RAISE(ABORT, 'disk full'); END;`),
  };
}

describe('a failing write leaves no partial state (sqlite, failure inside the transaction)', () => {
  it('PATCH search: the search update is rolled back with the failed outbox insert', async () => {
    const f = sqliteWithFailingOutbox();
    const t = await setup(() => f.store);
    const s = content(await t.alice.createSearch({ search_term: 'smith', client_ref: 'C1' })).data;
    f.arm();
    await expect(t.alice.updateSearch(s.id, { risk_level: 'high', tags: { team: 'x' } })).rejects.toThrow(/disk full/);
    const after = await t.store.getSearch(s.id);
    expect(after).toMatchObject({ version: 1, risk_level: 'unknown', tags: {}, labels: [] });
  });

  it('PATCH entities: hits, whitelist and search stay as they were', async () => {
    const f = sqliteWithFailingOutbox();
    const t = await setup(() => f.store);
    const s = content(await t.alice.createSearch({ search_term: 'smith', client_ref: 'C1' })).data;
    f.arm();
    await expect(t.alice.updateSearchEntities(s.id, { entities: ['e1', 'e2'], match_status: 'false_positive' })).rejects.toThrow(/disk full/);
    expect((await t.store.getHits(s.id, 'comply')).map((h) => h.hit.match_status)).toEqual(['potential_match', 'potential_match', 'potential_match']);
    expect(await t.store.getWhitelist(1, 'C1')).toEqual([]);
    expect((await t.store.getSearch(s.id))?.version).toBe(1);
  });

  it('monitor re-run: hits, differences and totals stay as they were', async () => {
    const f = sqliteWithFailingOutbox();
    const t = await setup(() => f.store);
    const s = content(await t.alice.createSearch({ search_term: 'smith' })).data;
    await t.alice.updateMonitors(s.id, { is_monitored: true });
    f.arm();
    const { fakeScreener, person } = await import('./helpers.js');
    await expect(t.service.rescreenMonitored(fakeScreener([person('n1', 'New Smith')]))).rejects.toThrow(/disk full/);
    expect((await t.store.getHits(s.id, 'comply')).map((h) => h.entity_id)).toEqual(['e1', 'e2', 'e3']);
    expect(await t.store.getDifferences(s.id, '2026-03-05')).toEqual([]);
    expect((await t.store.getSearch(s.id))?.total_hits).toBe(3);
  });
});

describe.each(STORES)('concurrency and failures (%s store)', (_name, makeStore) => {
  it('concurrent updates of one search are serialised by version checks: nothing is lost', async () => {
    const t = await setup(makeStore);
    const s = content(await t.alice.createSearch({ search_term: 'smith' })).data;
    const results = await Promise.all([
      t.alice.updateSearch(s.id, { tags: { team: 'a' } }),
      t.bob.updateSearch(s.id, { tags: { region: 'eu' } }),
      t.alice.updateSearch(s.id, { risk_level: 'high' }),
      t.bob.updateSearchEntities(s.id, { entities: ['e1'], match_status: 'no_match' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['success', 'success', 'success', 'success']);
    const g = content(await t.alice.getSearch(s.id)).data;
    expect(g.tags).toEqual({ team: 'a', region: 'eu' });
    expect(g.risk_level).toBe('high');
    expect(g.hits[0]?.match_status).toBe('no_match');
    expect((await t.store.getSearch(s.id))?.version).toBe(5);
  });

  it('a conflict that never resolves answers 409 and changes nothing', async () => {
    const inner = makeStore();
    let failing = false;
    const store: ServiceStore = {
      ...inner,
      commit: async (ops) => {
        if (failing) throw new StoreConflictError('always');
        return inner.commit(ops);
      },
    };
    // bind the remaining methods to the inner store
    for (const k of Object.keys(inner) as (keyof ServiceStore)[]) {
      if (k !== 'commit') (store as unknown as Record<string, unknown>)[k] = (inner[k] as (...a: unknown[]) => unknown).bind(inner);
    }
    const t = await setup(() => store);
    const s = content(await t.alice.createSearch({ search_term: 'smith' })).data;
    failing = true;
    const r = await t.alice.updateSearch(s.id, { risk_level: 'high' });
    expect(r).toMatchObject({ code: 409, status: 'failure' });
    expect((await inner.getSearch(s.id))?.risk_level).toBe('unknown');
  });

  it('a store that throws makes the call throw (host maps it to 500) and keeps earlier state', async () => {
    const inner = createMemoryStore();
    let broken = false;
    const store = new Proxy(inner, {
      get(target, prop, recv) {
        if (prop === 'commit' && broken) return async () => Promise.reject(new Error('connection lost'));
        return Reflect.get(target, prop, recv);
      },
    });
    const t = await setup(() => store);
    const s = content(await t.alice.createSearch({ search_term: 'smith' })).data;
    broken = true;
    await expect(t.alice.deleteSearch(s.id)).rejects.toThrow('connection lost');
    await expect(t.alice.createSearch({ search_term: 'smith' })).rejects.toThrow('connection lost');
    broken = false;
    expect(content(await t.alice.listSearches()).data.map((x) => x.id)).toEqual([s.id]);
  });
});
