// Transactions evaluated per second over HTTP (POST /v1/transactions with a bearer token) against the same call in
// process (`area.submit`: validate, evaluate against the bundled scenario library, store, audit, group the alerts
// into cases), in the same run, on the built package:
//   npm run build && node bench/server-transactions.mjs [--calls 4000] [--history 100000] [--customers 2000] [--tls]
//
// The history holds --history records over --customers customers (seeded generator, the last 365 days); every
// transaction submitted is new (its own external identifier) and belongs to one of those customers, so the
// aggregations of the library read real windows. Calls alternate in blocks of 50 (HTTP, in process), so both see
// the same stores and machine load. Reported: per call mean, p50, p99 of each, the gap, and evaluations per second
// one call at a time and with 8 in flight over 8 keep-alive connections.
import { cpus, loadavg } from 'node:os';
import { Pool } from 'undici';
import { createMemoryStore, createScreener, createScreeningService, randomIds, systemClock, InMemoryHistory, SCENARIO_LIBRARY } from '../dist/index.js';
import { createServer, createTransactionArea, memoryTransactionAreaStores } from '../dist/server/index.js';
import { customerIdentifierOf } from '../dist/server/v1/customers.js';
import { mulberry32 } from './synthetic.mjs';

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : dflt;
};
const CALLS = arg('calls', 4000);
const HISTORY = arg('history', 100_000);
const CUSTOMERS = arg('customers', 2000);
const tls = process.argv.includes('--tls');
const ACCOUNT = '0000acc0-0000-4000-8000-000000000001';
const USER = { username: 'bench@bank.example', password: 'bench password', realm: 'Bench' };

const rand = mulberry32(7);
const pick = (xs) => xs[Math.floor(rand() * xs.length)];
const NOW = Date.now();
const SPAN = 365 * 86_400_000;
const COUNTRIES = ['DE', 'FR', 'GB', 'NL', 'ES', 'IT', 'PL', 'US', 'NG', 'TR', 'AE', 'IR'];
const MCCS = ['5411', '5812', '5999', '4111', '5732', '7995', '6011'];
const amount = () => Math.round(Math.exp(rand() * 9) * 100) / 100; // 1 .. ~8100, log-uniform
const customerKey = (c) => customerIdentifierOf(ACCOUNT, `cust-${c}`);

let t0 = performance.now();
const records = [];
for (let i = 0; i < HISTORY; i++) {
  const c = Math.floor(rand() * CUSTOMERS);
  const r = rand();
  const type = r < 0.6 ? 'BANK_PAYMENT' : r < 0.9 ? 'CARD_PAYMENT' : 'REMITTANCE';
  const card = type === 'CARD_PAYMENT';
  records.push({
    id: `h-${i}`,
    customer: customerKey(c),
    t: NOW - Math.floor(rand() * SPAN) - 3_600_000,
    amount: amount(),
    currency: 'EUR',
    direction: card ? 'OUTBOUND' : rand() < 0.4 ? 'INBOUND' : 'OUTBOUND',
    type,
    counterparty: card ? `name:merchant ${Math.floor(rand() * 5000)}` : `id:cp-${c * 10 + Math.floor(rand() * 10)}`,
    country: pick(COUNTRIES),
    mcc: card ? pick(MCCS) : null,
    payment_stage: card ? 'SETTLED' : null,
    card_payment_type: card ? 'REGULAR' : null,
    payment_channel: pick(['WEB', 'MOBILE', 'BRANCH']),
    cash_pickup: false,
  });
}
const history = InMemoryHistory.from(records);
const historyMs = performance.now() - t0;

let seq = 0;
function transaction() {
  const i = seq++;
  const c = Math.floor(rand() * CUSTOMERS);
  const r = rand();
  const me = { name: `Customer ${c}`, identifier: { type: 'CUSTOMER', external_identifier: `cust-${c}` } };
  const cp = { name: `Counterparty ${c}`, identifier: { type: 'COUNTERPARTY', external_identifier: `cp-${c * 10 + Math.floor(rand() * 10)}` }, address: { format: 'STRUCTURED', country: pick(COUNTRIES) } };
  let details;
  if (r < 0.6) {
    const inbound = rand() < 0.4;
    details = { type: 'BANK_PAYMENT', creditor: inbound ? me : cp, debtor: inbound ? cp : me, payment_scheme: 'SEPA', state: 'BOOKED' };
  } else if (r < 0.9) {
    details = { type: 'CARD_PAYMENT', card: { fingerprint: `fp-${c}` }, card_holder: { details: me }, card_payment_type: 'REGULAR', payment_stage: 'SETTLED', merchant: { mcc_category_code: pick(MCCS), details: { name: `Merchant ${Math.floor(rand() * 5000)}` } } };
  } else {
    details = { type: 'REMITTANCE', creditor: { details: cp }, debtor: me };
  }
  return {
    external_identifier: `bench-${i}`,
    customer_external_identifier: `cust-${c}`,
    occurred_at: new Date(NOW + i).toISOString(),
    details: { classification: 'MONETARY', base_value: { amount: amount(), currency: 'EUR' }, details },
  };
}

const service = createScreeningService({ store: createMemoryStore(), clock: systemClock(), ids: randomIds(), screener: createScreener({ entities: [] }), rateLimit: false });
const area = await createTransactionArea({
  stores: { ...memoryTransactionAreaStores(), history },
  account_identifier: ACCOUNT,
  realm: USER.realm,
  tokenSecret: 'a-bench-secret-of-at-least-32-bytes!!',
  users: [{ username: USER.username, password: USER.password }],
});

let pems;
if (tls) {
  const { generate } = await import('selfsigned');
  const p = await generate([{ name: 'commonName', value: '127.0.0.1' }], { keySize: 2048, extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }] });
  pems = { cert: p.cert, key: p.private };
}
const server = await createServer({ service, transactions: area, port: 0, webhooks: false, processMetrics: false, bodyLimit: 1 << 20, ...(pems ? { tls: pems } : {}) });
const url = await server.listen();
const pool = (connections) => new Pool(url, { connections, pipelining: 1, ...(pems ? { connect: { ca: pems.cert } } : {}) });
const one = pool(1);
const tokenRes = await one.request({ path: '/v1/token', method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(USER) });
const { access_token: token } = await tokenRes.body.json();

const outcomes = { http: { ALLOW: 0, HOLD: 0, ERROR: 0 }, local: { ALLOW: 0, HOLD: 0, ERROR: 0 } };
async function overHttp(p) {
  const res = await p.request({ path: '/v1/transactions', method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(transaction()) });
  const body = await res.body.json();
  if (res.statusCode !== 201) throw new Error(`HTTP ${res.statusCode}: ${JSON.stringify(body).slice(0, 300)}`);
  outcomes.http[body.evaluation_outcome]++;
}
async function inProcess() {
  const r = await area.submit(transaction());
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  outcomes.local[r.value.evaluation_outcome]++;
}

for (let i = 0; i < 200; i++) {
  await overHttp(one);
  await inProcess();
}
const http = [];
const local = [];
// CPU time per block as well: client and server share this process, so the HTTP side includes undici's client
// work, which a real client pays in its own process; CPU time does not count time the machine gave to others.
const cpuOf = { http: 0, local: 0 };
const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const block = async (n, f, into) => {
  const c = cpuNow();
  for (let k = 0; k < n; k++) {
    const t = performance.now();
    await f();
    into.push(performance.now() - t);
  }
  cpuOf[into === http ? 'http' : 'local'] += cpuNow() - c;
};
t0 = performance.now();
for (let i = 0, round = 0; i < CALLS; i += 50, round++) {
  const n = Math.min(50, CALLS - i);
  if (round % 2 === 0) {
    await block(n, () => overHttp(one), http);
    await block(n, inProcess, local);
  } else {
    await block(n, inProcess, local);
    await block(n, () => overHttp(one), http);
  }
}
const q = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const sum = (xs) => xs.reduce((a, b) => a + b, 0);
const ms = (x) => `${x.toFixed(3)} ms`;

const eight = pool(8);
let left = CALLS;
let t = performance.now();
await Promise.all(Array.from({ length: 8 }, async () => {
  while (left-- > 0) await overHttp(eight);
}));
const rate8 = CALLS / ((performance.now() - t) / 1000);

console.log(`tamis serve /v1 bench: ${SCENARIO_LIBRARY.length} library scenarios, history ${HISTORY.toLocaleString('en-US')} records over ${CUSTOMERS.toLocaleString('en-US')} customers (built in ${(historyMs / 1000).toFixed(1)} s), ${CALLS} transactions each way, ${tls ? 'HTTPS' : 'HTTP'} keep-alive on 127.0.0.1`);
console.log(`  outcomes over HTTP ${JSON.stringify(outcomes.http)}, in process ${JSON.stringify(outcomes.local)}`);
console.log('');
console.log('| path | transactions/s (one at a time) | mean | p50 | p99 |');
console.log('|---|---:|---:|---:|---:|');
console.log(`| POST /v1/transactions over ${tls ? 'HTTPS' : 'HTTP'} | ${Math.round((http.length / sum(http)) * 1000)} | ${ms(mean(http))} | ${ms(q(http, 0.5))} | ${ms(q(http, 0.99))} |`);
console.log(`| area.submit in process | ${Math.round((local.length / sum(local)) * 1000)} | ${ms(mean(local))} | ${ms(q(local, 0.5))} | ${ms(q(local, 0.99))} |`);
console.log('');
console.log(`  HTTP overhead per transaction: mean ${ms(mean(http) - mean(local))}, p50 ${ms(q(http, 0.5) - q(local, 0.5))}`);
console.log(`  CPU per transaction: ${ms(cpuOf.http / http.length)} over HTTP (client and server), ${ms(cpuOf.local / local.length)} in process: ${Math.round(http.length / (cpuOf.http / 1000))} and ${Math.round(local.length / (cpuOf.local / 1000))} transactions per CPU-second`);
console.log(`  over HTTP with 8 in flight: ${Math.round(rate8)} transactions/s`);
console.log(`  load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores during the run`);
await one.close();
await eight.close();
await server.close();
