/**
 * Several instances on one database: searches created per second (the screening service, POST /searches) and
 * transactions evaluated per second (the transaction service over the scenario library: evaluate, store the
 * transaction, its risks, audit records and history), with the PostgreSQL store for one and two instances (separate
 * processes), against SQLite (one file; two processes share it), in the same run. Prints a markdown table.
 *
 *   npm run build && node bench/postgres.mjs [--n 1000] [--concurrency 8] [--database URL] [--part all|instances|aggregates] [--history 10000]
 *
 * Without --database (or TAMIS_BENCH_DATABASE_URL) it starts a throwaway PostgreSQL cluster (initdb and pg_ctl of
 * the Debian postgresql package, as the postgres user when run as root) on a Unix socket, with fsync on.
 * SQLite rows: the transaction store in the file, risks, audit and history in each process's memory (the SQLite
 * adapters of those are not shared by processes); PostgreSQL rows: every store in the database.
 *
 * The aggregates part (postgres-aggregates.mjs): transactions evaluated per second for one customer whose history
 * holds --history records, with the history aggregates computed in SQL, then with the window's records loaded and
 * aggregated in Node, on two databases seeded alike.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startCluster } from '../scripts/pg-cluster.mjs';

const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '8' },
    database: { type: 'string' },
    part: { type: 'string', default: 'all' },
    history: { type: 'string', default: '10000' },
  },
});
const N = Number(values.n);
const C = Number(values.concurrency);
const WORKER = new URL('./postgres-worker.mjs', import.meta.url).pathname;
const KEY = 'bench-api-key-0001';

let cluster = null;
let adminUrl = values.database ?? process.env.TAMIS_BENCH_DATABASE_URL;
if (!adminUrl) {
  const started = startCluster({ fsync: true });
  if ('reason' in started) {
    console.error(`bench/postgres: ${started.reason}`);
    process.exit(2);
  }
  cluster = started;
  adminUrl = `postgresql://${started.user}@/postgres?host=${encodeURIComponent(started.host)}`;
}
const { connectPostgres, migrate, createPostgresStore } = await import('../dist/postgres/index.js');
const { createScreeningService, randomIds, systemClock } = await import('../dist/service/index.js');
const { createSqliteStore } = await import('../dist/service/sqlite/index.js');
const { createScreener } = await import('../dist/screening/index.js');
const { default: Database } = await import('better-sqlite3');

const dir = mkdtempSync(join(tmpdir(), 'tamis-bench-pg-'));
let serial = 0;

/** The URL of a new, empty PostgreSQL database. */
async function freshPostgresUrl() {
  serial++;
  const name = `tamis_bench_${process.pid}_${serial}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const m = /^(postgres(?:ql)?:\/\/[^/?]*)\/?[^?]*(\?.*)?$/.exec(adminUrl);
  if (!m) throw new Error(`not a postgresql:// URL: ${adminUrl}`);
  return `${m[1]}/${name}${m[2] ?? ''}`;
}

/** A fresh store for one run: a new SQLite file, or a new migrated PostgreSQL database. */
async function freshStore(type) {
  serial++;
  if (type === 'sqlite') {
    const file = join(dir, `bench-${serial}.db`);
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    return { location: `sqlite:${file}`, service: createSqliteStore(db), close: async () => db.close() };
  }
  const url = await freshPostgresUrl();
  const pool = await connectPostgres({ connectionString: url, max: 2 });
  await migrate(pool);
  return { location: `postgres:${url}`, service: createPostgresStore(pool), close: () => pool.end() };
}

/** The api key the search workers call with. */
async function setupSearches(store) {
  const entities = JSON.parse(readFileSync(new URL('../lists/sample/entities.json', import.meta.url), 'utf8'));
  const service = createScreeningService({ store, clock: systemClock(), ids: randomIds(), screener: createScreener({ entities }) });
  const user = await service.createUser({ email: 'bench@example.com', name: 'Bench' });
  await service.createApiKey(user.id, KEY);
}

function worker(kind, location, tag) {
  const child = spawn(process.execPath, [WORKER, kind, location, String(N), String(C), tag], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  const lines = [];
  const waiters = [];
  child.stdout.on('data', (b) => {
    out += b.toString();
    let i;
    while ((i = out.indexOf('\n')) >= 0) {
      lines.push(out.slice(0, i));
      out = out.slice(i + 1);
      waiters.splice(0).forEach((w) => w());
    }
  });
  const next = async () => {
    while (lines.length === 0) {
      if (child.exitCode !== null) throw new Error(`${kind} worker exited with ${child.exitCode}`);
      await new Promise((r) => {
        waiters.push(r);
        child.once('exit', r);
      });
    }
    return /** @type {string} */ (lines.shift());
  };
  return { child, next };
}

async function run(kind, type, instances) {
  const store = await freshStore(type);
  if (kind === 'searches') await setupSearches(store.service);
  const workers = Array.from({ length: instances }, (_, i) => worker(kind, store.location, `w${i}`));
  for (const w of workers) if ((await w.next()) !== 'ready') throw new Error('worker not ready');
  for (const w of workers) w.child.stdin.write('go\n');
  const results = await Promise.all(workers.map(async (w) => JSON.parse(await w.next())));
  await Promise.all(workers.map((w) => new Promise((r) => (w.child.exitCode !== null ? r(null) : w.child.once('exit', r)))));
  await store.close();
  const ops = results.reduce((s, r) => s + r.ok, 0);
  const seconds = (Math.max(...results.map((r) => r.end)) - Math.min(...results.map((r) => r.start))) / 1000;
  return { kind, type, instances, ops, seconds, rate: ops / seconds };
}

const rows = [];
let aggregateRows = [];
try {
  if (values.part === 'all' || values.part === 'aggregates') {
    const { benchAggregates } = await import('./postgres-aggregates.mjs');
    aggregateRows = await benchAggregates({ freshDatabase: freshPostgresUrl, connectPostgres, migrate, n: N, concurrency: C, history: Number(values.history) });
  }
  for (const kind of values.part === 'aggregates' ? [] : ['searches', 'transactions']) {
    for (const type of ['sqlite', 'postgres']) {
      for (const instances of [1, 2]) {
        const r = await run(kind, type, instances);
        rows.push(r);
        console.error(`${kind} ${type} x${instances}: ${Math.round(r.rate)}/s`);
      }
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
  cluster?.stop();
}

if (aggregateRows.length > 0) {
  console.log(`\n### History aggregates: one customer with ${values.history} history records, ${N} transactions, ${C} in flight (Node ${process.version})\n`);
  console.log('| history aggregates | transactions | seconds | per second | statements read | rows read |\n|---|---|---|---|---|---|');
  for (const r of aggregateRows) {
    console.log(`| ${r.label} | ${r.ops} | ${r.seconds.toFixed(2)} | ${r.rate.toFixed(1)} | ${r.statements} | ${r.rowsRead.toLocaleString('en-US')} |`);
  }
}
if (rows.length === 0) process.exit(0);
console.log(`\n### Several instances: ${N} operations per instance, ${C} in flight each (Node ${process.version})\n`);
console.log('| operation | store | instances | operations | seconds | per second |\n|---|---|---|---|---|---|');
const label = { searches: 'searches created', transactions: 'transactions evaluated' };
for (const r of rows) {
  console.log(`| ${label[r.kind]} | ${r.type === 'sqlite' ? 'SQLite (one file)' : 'PostgreSQL'} | ${r.instances} | ${r.ops} | ${r.seconds.toFixed(2)} | ${Math.round(r.rate).toLocaleString('en-US')} |`);
}
