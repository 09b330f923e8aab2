/**
 * Two transaction-service instances (separate processes) on one PostgreSQL database: concurrent submissions of the
 * same transactions are evaluated and stored once; an instance killed (SIGKILL) mid-write loses nothing it
 * acknowledged. (The processes run the built package: `npm test` builds first.)
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describePg, testDatabase } from './helpers.js';
import { ROOT, until } from './instances.js';

const SCRIPT = join(ROOT, 'test/postgres/fixtures/transaction-instance.mjs');

function run(url: string, args: string[]) {
  const child = spawn(process.execPath, [SCRIPT, url, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr.on('data', (b: Buffer) => (err += b.toString()));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => child.once('exit', (code, signal) => r({ code, signal })));
  return { child, done, out: () => out, err: () => err };
}

describePg('two transaction-service instances on one database', () => {
  const db = testDatabase();
  const count = async (sql: string, params: unknown[] = []) => Number((await (await db.open()).pool.query<{ n: string }>(sql, params)).rows[0]?.n);

  it('the same transactions submitted to both at once are evaluated and stored once each', async () => {
    expect(existsSync(join(ROOT, 'dist/postgres/index.js'))).toBe(true);
    const d = await db.open();
    const ids = Array.from({ length: 30 }, (_, i) => `dup-${i}`);
    const [p, q] = [run(d.url, ['submit', ...ids]), run(d.url, ['submit', ...[...ids].reverse()])];
    const ends = await Promise.all([p.done, q.done]);
    expect(ends.map((e) => e.code), p.err() + q.err()).toEqual([0, 0]);
    const lines = [...p.out().trim().split('\n'), ...q.out().trim().split('\n')].map((l) => l.split(' '));
    for (const id of ids) {
      const answers = lines.filter((l) => l[0] === id).map((l) => l[1]).sort();
      expect(answers, id).toEqual(['409', 'ok']);
    }
    expect(await count("SELECT count(*) AS n FROM tamis_transactions WHERE external_identifier LIKE 'dup-%'")).toBe(30);
    expect(await count("SELECT count(*) AS n FROM tamis_history WHERE id LIKE 'dup-%'")).toBe(30);
    expect(await count(`SELECT count(*) AS n FROM tamis_transaction_audit WHERE data::jsonb->>'type' = 'TRANSACTION_RECEIVED'`)).toBe(30);
  });

  it('an instance killed mid-write (SIGKILL) loses no transaction it acknowledged', async () => {
    const d = await db.open();
    const p = run(d.url, ['stream', 'kill']);
    const acked = () => p.out().split('\n').filter((l) => l.startsWith('ack ')).map((l) => l.slice(4));
    expect(await until(() => acked().length >= 15, 60_000), p.err()).toBe(true);
    p.child.kill('SIGKILL');
    expect((await p.done).signal).toBe('SIGKILL');
    const ids = acked();
    expect(await count('SELECT count(*) AS n FROM tamis_transactions WHERE external_identifier = ANY($1)', [ids])).toBe(ids.length);
    expect(await count('SELECT count(*) AS n FROM tamis_history WHERE id = ANY($1)', [ids])).toBe(ids.length);
  });
});
