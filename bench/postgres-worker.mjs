// One instance of the bench/postgres.mjs benchmark, in its own process: a screening service or a transaction
// service on SQLite or PostgreSQL, timed on N operations with C in flight.
//   node bench/postgres-worker.mjs KIND STORE N C TAG
//     KIND: searches | transactions      STORE: sqlite:FILE | postgres:URL      TAG: prefix of this worker's ids
// Prints one JSON line {start, end, ok} (epoch ms) after reading "go" on stdin, so that instances start together.
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { createScreener } from '../dist/screening/index.js';
import { createScreeningService, randomIds, systemClock } from '../dist/service/index.js';
import {
  InMemoryAuditSink,
  InMemoryHistory,
  InMemoryMuteStore,
  InMemoryRiskStore,
  createLibraryEngine,
  createTransactionService,
  randomTransactionIds,
  systemTransactionClock,
} from '../dist/transactions/index.js';

const [kind, store, nText, cText, tag] = process.argv.slice(2);
const N = Number(nText);
const C = Number(cText);
const [type, location] = /** @type {[string, string]} */ ([store.slice(0, store.indexOf(':')), store.slice(store.indexOf(':') + 1)]);
const KEY = 'bench-api-key-0001';

async function open() {
  if (type === 'postgres') {
    const pg = await import('../dist/postgres/index.js');
    const pool = await pg.connectPostgres({ connectionString: location, max: C });
    return { pool, pg, close: () => pool.end() };
  }
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(location);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  return { db, close: async () => db.close() };
}

const opened = await open();
/** @type {() => Promise<unknown>} */
let op;
let n = 0;
let phase = 'warm';
if (kind === 'searches') {
  const entities = JSON.parse(readFileSync(new URL('../lists/sample/entities.json', import.meta.url), 'utf8'));
  const screener = createScreener({ entities });
  const svcStore =
    type === 'postgres'
      ? opened.pg.createPostgresStore(opened.pool)
      : (await import('../dist/service/sqlite/index.js')).createSqliteStore(/** @type {any} */ (opened.db));
  const service = createScreeningService({
    store: svcStore,
    clock: systemClock(),
    ids: randomIds(),
    screener,
    rateLimit: false,
    ...(type === 'postgres' ? { listVersions: opened.pg.createPostgresListVersions(opened.pool) } : {}),
  });
  const api = service.forApiKey(KEY);
  const names = ['Vladimir Putin', 'Jane Smith', 'Acme Trading Ltd', 'Kim Jong Un', 'Maria Garcia', 'Ali Hassan'];
  op = async () => {
    const i = n++;
    const r = await api.createSearch({ search_term: `${names[i % names.length]}`, client_ref: `${tag}-${phase}-${i}` });
    if (r.status !== 'success') throw new Error(JSON.stringify(r));
  };
} else {
  const engine = createLibraryEngine();
  if (!engine.ok) throw new Error('engine');
  const stores =
    type === 'postgres'
      ? opened.pg.createPostgresTransactionStores(opened.pool)
      : {
          transactions: (await import('../dist/transactions/sqlite/index.js')).createSqliteTransactionStore(/** @type {any} */ (opened.db)),
          risks: new InMemoryRiskStore(),
          mutes: new InMemoryMuteStore(),
          audit: new InMemoryAuditSink(),
          history: new InMemoryHistory(),
        };
  const service = createTransactionService({ engine: engine.value, ...stores, clock: systemTransactionClock, ids: randomTransactionIds });
  const customers = Array.from({ length: 50 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
  op = async () => {
    const i = n++;
    const customer = /** @type {string} */ (customers[i % customers.length]);
    const r = await service.submit(
      {
        external_identifier: `${tag}-${phase}-${i}`,
        customer_external_identifier: customer,
        occurred_at: new Date(Date.parse('2026-06-01T00:00:00Z') + i * 37_000).toISOString(),
        details: {
          classification: 'MONETARY',
          base_value: { amount: 100 + (i % 13) * 700, currency: 'EUR' },
          details: {
            type: 'BANK_PAYMENT',
            creditor: { name: `Counterparty ${i % 17}`, identifier: { type: 'COUNTERPARTY', external_identifier: `cp-${i % 17}` } },
            debtor: { name: 'Customer', identifier: { type: 'CUSTOMER', external_identifier: customer } },
            payment_scheme: 'SEPA',
            state: 'BOOKED',
          },
        },
      },
      { identifier: customer },
    );
    if (!r.ok) throw new Error(JSON.stringify(r.error));
  };
}

// Warm up (connections, statement plans, JIT), then wait for the parent's "go".
for (let i = 0; i < Math.min(20, N); i++) await op();
n = 0;
phase = 'run';
process.stdout.write('ready\n');
const lines = createInterface({ input: process.stdin });
await new Promise((resolve) => lines.once('line', resolve));
const start = Date.now();
let done = 0;
await Promise.all(
  Array.from({ length: C }, async () => {
    while (done < N) {
      done++;
      await op();
    }
  }),
);
const end = Date.now();
process.stdout.write(`${JSON.stringify({ start, end, ok: done })}\n`);
lines.close();
await opened.close();
