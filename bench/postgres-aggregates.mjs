// The aggregates part of bench/postgres.mjs: transactions evaluated per second (the transaction service over the
// scenario library: evaluation, transaction, risks, audit records, history entry) for one customer with a long
// history, with the history aggregates computed in SQL (createPostgresTransactionStores(pool)), then with every
// window read as records and aggregated in Node ({ aggregateInSql: false }), each on its own database seeded alike.
import {
  createLibraryEngine,
  createTransactionService,
  randomTransactionIds,
  systemTransactionClock,
  toHistoryRecord,
} from '../dist/transactions/index.js';

const CUSTOMER = '00000000-0000-4000-8000-00000000c0de';
const START = Date.parse('2026-06-01T00:00:00Z');
const DAY = 86_400_000;

/** A bank payment of the customer (deterministic in i). */
function payment(i, occurredMs, tag) {
  const inbound = i % 3 === 0;
  const cp = { name: `Counterparty ${i % 41}`, identifier: { type: 'COUNTERPARTY', external_identifier: `cp-${i % 41}` }, address: { format: 'STRUCTURED', country: ['DE', 'FR', 'GB', 'NL', 'IR', 'US'][i % 6] } };
  const me = { name: 'Customer', identifier: { type: 'CUSTOMER', external_identifier: CUSTOMER } };
  return {
    external_identifier: `${tag}-${i}`,
    customer_external_identifier: CUSTOMER,
    occurred_at: new Date(occurredMs).toISOString(),
    details: {
      classification: 'MONETARY',
      base_value: { amount: Math.round(((i * 7919) % 100_000) + (i % 100) / 100 * 100) / 100 + 50, currency: i % 5 === 0 ? 'USD' : 'EUR' },
      details: {
        type: 'BANK_PAYMENT',
        ...(inbound ? { debtor: cp, creditor: me } : { creditor: cp, debtor: me }),
        payment_scheme: 'SEPA',
        state: 'BOOKED',
      },
    },
  };
}

/** Counts the history reads of a pool: statements and rows. */
function counted(pool) {
  const stats = { statements: 0, rowsRead: 0 };
  const query = pool.query.bind(pool);
  pool.query = async (text, params) => {
    const r = await query(text, params);
    if (typeof text === 'string' && /^\s*SELECT/i.test(text) && text.includes('FROM tamis_history')) {
      stats.statements++;
      stats.rowsRead += r.rowCount ?? r.rows.length;
    }
    return r;
  };
  return stats;
}

async function inParallel(count, concurrency, fn) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await fn(next++);
    }),
  );
}

async function once({ freshDatabase, connectPostgres, migrate, n, concurrency, history }, aggregateInSql) {
  const { createPostgresTransactionStores } = await import('../dist/postgres/index.js');
  const pool = await connectPostgres({ connectionString: await freshDatabase(), max: concurrency });
  try {
    await migrate(pool);
    const stores = createPostgresTransactionStores(pool, { aggregateInSql });
    // The past: `history` payments over the 60 days before START.
    const step = (60 * DAY) / history;
    await inParallel(history, concurrency, (i) => stores.history.append(toHistoryRecord(payment(i, START - 60 * DAY + i * step, 'past'), CUSTOMER)));
    const engine = createLibraryEngine();
    if (!engine.ok) throw new Error('engine');
    const service = createTransactionService({ engine: engine.value, ...stores, clock: systemTransactionClock, ids: randomTransactionIds });
    const submit = async (i, tag) => {
      const r = await service.submit(payment(i, START + i * 37_000, tag), { identifier: CUSTOMER });
      if (!r.ok) throw new Error(JSON.stringify(r.error));
    };
    for (let i = 0; i < 10; i++) await submit(i, 'warm');
    const stats = counted(pool);
    const start = Date.now();
    await inParallel(n, concurrency, (i) => submit(i + 10, 'run'));
    const seconds = (Date.now() - start) / 1000;
    return { label: aggregateInSql ? 'in SQL' : 'rows loaded, aggregated in Node', ops: n, seconds, rate: n / seconds, ...stats };
  } finally {
    await pool.end();
  }
}

/** Both runs, SQL first. */
export async function benchAggregates(options) {
  const rows = [];
  for (const inSql of [true, false]) {
    const r = await once(options, inSql);
    console.error(`aggregates ${r.label}: ${r.rate.toFixed(1)}/s`);
    rows.push(r);
  }
  return rows;
}
