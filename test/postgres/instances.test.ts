/**
 * Two `tamis serve` processes on one PostgreSQL database, under concurrent load: nothing lost, nothing twice.
 * (The built CLI runs them: `npm test` builds first.)
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describePg, testDatabase } from './helpers.js';
import { CLI, KEYS, call, configFile, receiver, serve, sleep, until, type Instance, type Receiver } from './instances.js';

describePg('two tamis serve instances on one database', () => {
  const db = testDatabase({ migrate: false });
  const LIMIT = 30;
  let a: Instance;
  let b: Instance;
  let hooks: Receiver;
  let file: string;

  beforeAll(async () => {
    if (!existsSync(CLI)) throw new Error(`${CLI} is missing: npm run build first`);
    const d = await db.open();
    hooks = await receiver();
    file = configFile(d.url, hooks.url, LIMIT);
    // The first migrates the empty database at start; the second finds it up to date.
    a = await serve(file, KEYS);
    b = await serve(file, KEYS);
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await hooks?.close();
  });
  const both = () => [a, b] as const;
  const count = async (sql: string) => Number((await (await db.open()).pool.query<{ n: string }>(sql)).rows[0]?.n);

  it('start: the schema is migrated once and both serve the same list version', async () => {
    const d = await db.open();
    expect(await count('SELECT count(*) AS n FROM tamis_schema_migrations')).toBeGreaterThan(0);
    const versions = await d.pool.query('SELECT version FROM tamis_list_versions');
    expect(versions.rows).toHaveLength(1);
    for (const i of both()) expect((await call(i.url, 'GET', '/users')).status).toBe(200);
  });

  it('concurrent searches on both instances: every one stored once, under distinct ids', async () => {
    const before = await count('SELECT count(*) AS n FROM tamis_searches');
    const created = await Promise.all(
      Array.from({ length: 40 }, (_, i) => call(both()[i % 2]!.url, 'POST', '/searches', { search_term: `Load Test ${i}`, client_ref: `C-${i}` })),
    );
    expect(created.map((r) => r.status)).toEqual(created.map(() => 200));
    const ids = created.map((r) => r.json.content.data.id as number);
    expect(new Set(ids).size).toBe(40);
    expect(await count('SELECT count(*) AS n FROM tamis_searches')).toBe(before + 40);
  });

  it('concurrent updates of one search through both instances: no acknowledged update is lost', async () => {
    const s = await call(a.url, 'POST', '/searches', { search_term: 'Concurrent Updates' });
    const id = s.json.content.data.id as number;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call(both()[i % 2]!.url, 'PATCH', `/searches/${id}`, { tags: { [`t${i}`]: `v${i}` } })),
    );
    const ok = answers.flatMap((r, i) => (r.status === 200 ? [i] : []));
    // Every answer is a success or a conflict after the service's retries; none is anything else.
    expect(answers.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(ok.length).toBeGreaterThan(0);
    const stored = await call(b.url, 'GET', `/searches/${id}`);
    const tags = stored.json.content.data.tags as Record<string, string>;
    for (const i of ok) expect(tags[`t${i}`]).toBe(`v${i}`);
    expect(Object.keys(tags)).toHaveLength(ok.length);
  });

  it('each webhook is delivered once, though both instances drain the outbox', async () => {
    const before = hooks.deliveries.length;
    const created = await Promise.all(Array.from({ length: 30 }, (_, i) => call(both()[i % 2]!.url, 'POST', '/searches', { search_term: `Hook ${i}` })));
    await Promise.all(
      created.map((c, i) => call(both()[(i + 1) % 2]!.url, 'PATCH', `/searches/${c.json.content.data.id}`, { risk_level: 'high' })),
    );
    const records = await count(`SELECT count(*) AS n FROM tamis_outbox`);
    expect(records).toBeGreaterThanOrEqual(30);
    expect(await until(async () => (await count('SELECT count(*) AS n FROM tamis_outbox WHERE NOT delivered')) === 0, 30_000)).toBe(true);
    await sleep(500); // a second delivery, if any, would arrive by now
    const ids = hooks.deliveries.slice(before);
    expect(ids.length).toBe(new Set(ids).size);
    expect(new Set(hooks.deliveries).size).toBe(records);
  });

  it(`the rate limit holds across both instances (${LIMIT} calls a minute for the limited key)`, async () => {
    const answers = await Promise.all(Array.from({ length: LIMIT + 20 }, (_, i) => call(both()[i % 2]!.url, 'GET', '/users', undefined, KEYS.TAMIS_API_KEY_LIMITED)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(LIMIT);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(20);
  });

  it('an instance killed mid-load (SIGKILL) loses no search it acknowledged; the other goes on', async () => {
    const victim = await serve(file, KEYS);
    const acknowledged: number[] = [];
    const load = Array.from({ length: 60 }, async (_, i) => {
      await sleep(i * 5);
      const r = await call(victim.url, 'POST', '/searches', { search_term: `Killed ${i}` }).catch(() => null);
      if (r?.status === 200) acknowledged.push(r.json.content.data.id as number);
    });
    await until(() => acknowledged.length >= 5, 20_000);
    victim.child.kill('SIGKILL');
    await Promise.all(load);
    await victim.stop();
    expect(acknowledged.length).toBeGreaterThanOrEqual(5);
    for (const id of acknowledged) expect((await call(a.url, 'GET', `/searches/${id}`)).status).toBe(200);
    expect((await call(b.url, 'POST', '/searches', { search_term: 'After The Kill' })).status).toBe(200);
  });
});
