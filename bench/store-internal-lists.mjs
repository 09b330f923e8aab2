/**
 * The store read under every search of an account whose `internal_lists` is null (`internalScope`): the internal
 * lists other accounts name, with N other accounts of which every other one names a list of its own, in each store
 * adapter of this build: the read before session 13 (`listAccounts`, then a Set of the lists of the others) against
 * `listInternalListsOfOtherAccounts`. Wall time per call, after a warm-up.
 *
 *   npm run build && node bench/store-internal-lists.mjs [N=10000] [--no-postgres]
 *
 * PostgreSQL: a throwaway cluster (scripts/pg-cluster.mjs), skipped with the reason when it cannot start.
 */
import { startCluster } from '../scripts/pg-cluster.mjs';

const N = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 10000);
const dist = new URL('../dist/', import.meta.url).href;
const { createMemoryStore } = await import(`${dist}index.js`);
const { createSqliteStore } = await import(`${dist}service/sqlite/index.js`);
const ts = '2026-01-01 00:00:00';
const account = (id, internal_lists) => ({ id, name: `Account ${id}`, internal_lists, webhooks: [], webhook_secret: null, created_at: ts, updated_at: ts });
const ops = [{ type: 'put_account', account: account(1, null) }];
for (let i = 0; i < N; i++) ops.push({ type: 'put_account', account: account(i + 2, i % 2 === 0 ? [`internal-${i + 2}`] : []) });

async function perCall(fn, n) {
  for (let i = 0; i < Math.min(n, 20); i++) await fn();
  const t = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await fn();
  return Number(process.hrtime.bigint() - t) / 1e3 / n;
}
const before = async (s) => {
  const except = new Set();
  for (const a of await s.listAccounts()) if (a.id !== 1) for (const id of a.internal_lists ?? []) except.add(id);
  return except;
};

const stores = [['memory', createMemoryStore()]];
const { default: Database } = await import('better-sqlite3');
stores.push(['sqlite (:memory:)', createSqliteStore(new Database(':memory:'))]);
let cluster = null;
let pool = null;
if (!process.argv.includes('--no-postgres')) {
  cluster = startCluster();
  if ('reason' in cluster) {
    console.log(`postgres skipped: ${cluster.reason}`);
    cluster = null;
  } else {
    const { default: pg } = await import('pg');
    const { createPostgresStore, migrate } = await import(`${dist}postgres/index.js`);
    pool = new pg.Pool({ host: cluster.host, user: cluster.user, database: 'postgres', max: 4 });
    await migrate(pool);
    stores.push(['postgres', createPostgresStore(pool)]);
  }
}
console.log(`the internal lists other accounts name, ${N} other accounts (${N / 2} lists), µs per call`);
console.log('| store | listAccounts + Set (before) | listInternalListsOfOtherAccounts |');
console.log('|---|---:|---:|');
try {
  for (const [name, s] of stores) {
    await s.commit(ops);
    if (name === 'postgres') await pool.query('ANALYZE');
    const reps = name === 'postgres' ? 50 : 200;
    const got = await s.listInternalListsOfOtherAccounts(1);
    const want = [...(await before(s))].sort();
    if (JSON.stringify(got) !== JSON.stringify(want)) throw new Error(`${name}: the answers differ`);
    console.log(`| ${name} | ${(await perCall(() => before(s), reps)).toFixed(0)} | ${(await perCall(() => s.listInternalListsOfOtherAccounts(1), reps)).toFixed(0)} |`);
  }
} finally {
  await pool?.end();
  cluster?.stop();
}
