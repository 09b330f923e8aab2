import { expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/command.js';
import { runCli } from '../../src/cli/run.js';
import { createPostgresStore, LATEST_SCHEMA_VERSION, MIGRATIONS, migrate, pendingMigrations, schemaVersion } from '../../src/postgres/index.js';
import { makeAccountRecord } from '../../src/service/testing/store-records.js';
import { describePg, testDatabase } from './helpers.js';

function io(env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const value: CliIo = {
    readFile: () => {
      throw new Error('no file');
    },
    writeFile: () => undefined,
    readStdin: async () => '',
    stdout: (t) => void out.push(t),
    stderr: (t) => void err.push(t),
    env,
    isTTY: false,
    sampleListPath: 'sample.json',
    version: '0.0.0',
  };
  return { io: value, out: () => out.join(''), err: () => err.join('') };
}

describePg('versioned migrations (migrate, tamis migrate)', () => {
  const db = testDatabase({ migrate: false });

  it('numbers the migrations 1, 2, 3, ... without gaps', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    expect(LATEST_SCHEMA_VERSION).toBe(MIGRATIONS.length);
  });

  it('tamis migrate applies what a database lacks, step by step, and then leaves it alone', async () => {
    const d = await db.open();
    const status = io({ TAMIS_DATABASE_URL: d.url });
    expect(await runCli(['migrate', '--status'], status.io)).toBe(0);
    expect(status.out()).toBe(`schema 0 (latest ${LATEST_SCHEMA_VERSION}); pending: ${MIGRATIONS.map((m) => `${m.version} ${m.name}`).join(', ')}\n`);
    const first = io();
    expect(await runCli(['migrate', '--database', d.url, '--to', '2'], first.io)).toBe(0);
    expect(first.out()).toBe('migrated to schema 2 (applied 1, 2)\n');
    const rest = io({ TAMIS_DATABASE_URL: d.url });
    expect(await runCli(['migrate'], rest.io)).toBe(0);
    expect(rest.out()).toBe(`migrated to schema ${LATEST_SCHEMA_VERSION} (applied ${MIGRATIONS.slice(2).map((m) => m.version).join(', ')})\n`);
    const again = io({ TAMIS_DATABASE_URL: d.url });
    expect(await runCli(['migrate'], again.io)).toBe(0);
    expect(again.out()).toBe(`schema ${LATEST_SCHEMA_VERSION}: up to date\n`);
    expect(await pendingMigrations(d.pool)).toEqual([]);
  });

  it('instances starting at once migrate once (advisory lock); a newer database is refused', async () => {
    const d = await db.open();
    await d.pool.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
    const reports = await Promise.all([d.pool, d.newPool(), d.newPool()].map((p) => migrate(p)));
    expect(reports.map((r) => r.applied.length).sort()).toEqual([0, 0, LATEST_SCHEMA_VERSION]);
    expect(await schemaVersion(d.pool)).toBe(LATEST_SCHEMA_VERSION);
    await d.pool.query("INSERT INTO tamis_schema_migrations (version, name) VALUES (999, 'from the future')");
    await expect(migrate(d.pool)).rejects.toThrow(/newer tamis \(schema 999/);
    const refused = io({ TAMIS_DATABASE_URL: d.url });
    expect(await runCli(['migrate'], refused.io)).toBe(2);
    expect(refused.err()).toMatch(/database_error: the database was migrated by a newer tamis/);
  });

  it('migration 8 records the internal lists of the accounts stored before it, each id exactly', async () => {
    const d = await db.open();
    await d.pool.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
    await migrate(d.pool, { to: 7 });
    const lists = { 1: null, 2: ['fraud', 'x\u0000y', 'a"b'], 3: ['fraud', 'pep'], 4: [] };
    for (const [id, internal_lists] of Object.entries(lists)) {
      await d.pool.query('INSERT INTO tamis_accounts (id, data) VALUES ($1, $2)', [id, JSON.stringify(makeAccountRecord(Number(id), { internal_lists }))]);
    }
    expect((await migrate(d.pool)).applied).toEqual([8]);
    const store = createPostgresStore(d.pool);
    expect(await store.listInternalListsOfOtherAccounts(1)).toEqual(['a"b', 'fraud', 'pep', 'x\u0000y']);
    expect(await store.listInternalListsOfOtherAccounts(2)).toEqual(['fraud', 'pep']);
    expect(await store.listInternalListsOfOtherAccounts(3)).toEqual(['a"b', 'fraud', 'x\u0000y']);
  });

  it('tamis migrate without a database names the option', async () => {
    const none = io();
    expect(await runCli(['migrate'], none.io)).toBe(2);
    expect(none.err()).toMatch(/missing_option: --database URL \(or TAMIS_DATABASE_URL\) is required/);
  });
});
