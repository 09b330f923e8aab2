import pg from 'pg';
import { expect, it } from 'vitest';
import { createPostgresListVersions, createPostgresRateLimiter, createPostgresStore } from '../../src/postgres/index.js';
import { createScreeningService, manualClock, randomIds } from '../../src/service/index.js';
import { fakeScreener, person } from '../service/helpers.js';
import { describePg, testDatabase } from './helpers.js';

describePg('instances coordinate through PostgreSQL', () => {
  const db = testDatabase();
  /** A second pool on the database: another instance's connections. */
  const another = async () => (await db.open()).newPool();

  it('the rate limit holds across instances: 600 calls a minute per key in all, not per instance', async () => {
    const d = await db.open();
    await d.reset();
    const a = createPostgresRateLimiter(d.pool);
    const b = createPostgresRateLimiter(await another());
    const t0 = Date.parse('2026-01-01T00:00:00Z');
    const calls = Array.from({ length: 700 }, (_, i) => (i % 2 === 0 ? a : b).take('key-1', 600, t0 + (i % 50)));
    const allowed = (await Promise.all(calls)).filter(Boolean).length;
    expect(allowed).toBe(600);
    expect(await a.take('key-2', 600, t0 + 100)).toBe(true); // another key has its own window
    expect(await b.take('key-1', 600, t0 + 59_000)).toBe(false);
    // A minute after the first calls, the window has slid past them.
    expect(await b.take('key-1', 600, t0 + 60_000 + 49)).toBe(true);
  });

  it('a new list version is recorded once and re-screened by one instance; every instance serves it', async () => {
    const d = await db.open();
    await d.reset();
    const clock = manualClock('2026-01-01T00:00:00Z');
    const old = fakeScreener([person('e1', 'Jane Doe')]);
    const make = (pool: pg.Pool) =>
      createScreeningService({ store: createPostgresStore(pool), clock, ids: randomIds(), screener: old, listVersions: createPostgresListVersions(pool) });
    const s1 = make(d.pool);
    const s2 = make(await another());
    const user = await s1.createUser({ email: 'a@example.com', name: 'A' });
    await s1.createApiKey(user.id, 'key-a-123456');
    const api = s1.forApiKey('key-a-123456');
    for (const term of ['Jane', 'John']) {
      const r = await api.createSearch({ search_term: term });
      if (r.status !== 'success') throw new Error('search');
      await api.updateMonitors(r.content.data.id, { is_monitored: true });
    }
    const v1 = await Promise.all([s1.loadListVersion(old, 'fp-1'), s2.loadListVersion(old, 'fp-1')]);
    expect(v1.map((r) => r.version.version)).toEqual([1, 1]);
    const next = fakeScreener([person('e1', 'Jane Doe'), person('e2', 'John Roe')]);
    const loads = await Promise.all([s1.loadListVersion(next, 'fp-2'), s2.loadListVersion(next, 'fp-2')]);
    expect(loads.map((r) => r.version.version)).toEqual([2, 2]);
    const reports = loads.map((r) => r.rescreen).filter((r) => r !== null);
    expect(reports).toHaveLength(1);
    expect(reports[0]?.rescreened).toBe(2);
    expect(reports[0]?.changed).toHaveLength(1);
    expect(next.calls.length).toBe(2); // each monitored search re-run once, by one instance
    expect([s1.listVersion?.version, s2.listVersion?.version]).toEqual([2, 2]);
    expect((await s2.currentListVersion())?.fingerprint).toBe('fp-2');
    // Loading the same lists again (a restart) is no new version and no re-screening.
    expect(await s1.loadListVersion(next, 'fp-2')).toMatchObject({ version: { version: 2 }, rescreen: null });
  });
});
