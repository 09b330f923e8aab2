// Transaction-monitoring benchmark: the whole scenario library against a history of 1M transactions over 10k
// customers (seeded generator). Run after building:
//   npx tsc -p tsconfig.build.json && node --expose-gc bench/transactions.mjs [--history 1000000] [--customers 10000] [--evals 20000]
import { mulberry32 } from './synthetic.mjs';
import {
  InMemoryHistory,
  SCENARIO_LIBRARY,
  createLibraryEngine,
  fixedTransactionClock,
  sequentialTransactionIds,
} from '../dist/transactions/index.js';

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : dflt;
};
const HISTORY = arg('history', 1_000_000);
const CUSTOMERS = arg('customers', 10_000);
const EVALS = arg('evals', 20_000);

const rand = mulberry32(42);
const pick = (xs) => xs[Math.floor(rand() * xs.length)];
const uuid = (n) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

const NOW = Date.parse('2026-06-01T12:00:00Z');
const SPAN = 365 * 86_400_000;
const COUNTRIES = ['DE', 'FR', 'GB', 'NL', 'ES', 'IT', 'PL', 'US', 'NG', 'TR', 'AE', 'IR'];
const COUNTRY_W = [30, 15, 15, 8, 8, 8, 5, 5, 2, 2, 1.5, 0.5];
const cumW = COUNTRY_W.map(((s) => (w) => (s += w))(0));
const country = () => {
  const x = rand() * cumW[cumW.length - 1];
  return COUNTRIES[cumW.findIndex((c) => x < c)];
};
const MCCS = ['5411', '5812', '5999', '4111', '5732', '7995', '6011'];
const amount = () => Math.round(Math.exp(rand() * 9) * 100) / 100; // 1 .. ~8100, log-uniform

console.log(`generating ${HISTORY.toLocaleString()} history records over ${CUSTOMERS.toLocaleString()} customers...`);
let t0 = performance.now();
const records = new Array(HISTORY);
for (let i = 0; i < HISTORY; i++) {
  const c = Math.floor(rand() * CUSTOMERS);
  const r = rand();
  const type = r < 0.6 ? 'BANK_PAYMENT' : r < 0.9 ? 'CARD_PAYMENT' : 'REMITTANCE';
  const card = type === 'CARD_PAYMENT';
  records[i] = {
    id: `h-${i}`,
    customer: uuid(c),
    t: NOW - Math.floor(rand() * SPAN) - 60_000,
    amount: card && rand() < 0.05 ? 1 + Math.floor(rand() * 4) : amount(),
    currency: 'EUR',
    direction: card ? (rand() < 0.03 ? 'INBOUND' : 'OUTBOUND') : rand() < 0.4 ? 'INBOUND' : 'OUTBOUND',
    type,
    counterparty: card ? `name:merchant ${Math.floor(rand() * 5000)}` : `id:cp-${rand() < 0.7 ? c * 10 + Math.floor(rand() * 10) : Math.floor(rand() * 50_000)}`,
    country: country(),
    mcc: card ? pick(MCCS) : null,
    payment_stage: card ? (rand() < 0.01 ? 'CHARGEBACK' : 'SETTLED') : null,
    card_payment_type: card ? (rand() < 0.02 ? 'REFUND' : 'REGULAR') : null,
    payment_channel: pick(['WEB', 'MOBILE', 'BRANCH']),
    cash_pickup: type === 'REMITTANCE' && rand() < 0.3,
  };
}
const history = InMemoryHistory.from(records);
const genMs = performance.now() - t0;

function transaction(i) {
  const c = Math.floor(rand() * CUSTOMERS);
  const r = rand();
  const me = { name: `Customer ${c}`, identifier: { type: 'CUSTOMER', external_identifier: `cust-${c}` } };
  const cp = {
    name: `Counterparty ${i}`,
    identifier: { type: 'COUNTERPARTY', external_identifier: `cp-${rand() < 0.7 ? c * 10 + Math.floor(rand() * 10) : Math.floor(rand() * 50_000)}` },
    address: { format: 'STRUCTURED', country: country() },
  };
  let details;
  if (r < 0.6) {
    const inbound = rand() < 0.4;
    details = { type: 'BANK_PAYMENT', creditor: inbound ? me : cp, debtor: inbound ? cp : me, payment_scheme: 'SEPA', state: 'BOOKED' };
  } else if (r < 0.9) {
    details = {
      type: 'CARD_PAYMENT',
      card: { fingerprint: `fp-${c}` },
      card_payment_type: 'REGULAR',
      payment_stage: 'AUTHORIZED',
      merchant: { mcc_category_code: pick(MCCS), details: { name: `Merchant ${Math.floor(rand() * 5000)}`, address: { format: 'STRUCTURED', country: country() } } },
    };
  } else {
    details = {
      type: 'REMITTANCE',
      creditor: { details: cp, ...(rand() < 0.3 ? { cash_pickup: { country: country() } } : {}) },
      debtor: me,
    };
  }
  return {
    customer: uuid(c),
    tx: {
      external_identifier: `e-${i}`,
      customer_external_identifier: `cust-${c}`,
      occurred_at: new Date(NOW + i).toISOString(),
      details: { classification: 'MONETARY', base_value: { amount: amount(), currency: 'EUR' }, details },
    },
  };
}
const inputs = Array.from({ length: EVALS }, (_, i) => transaction(i));

const engine = createLibraryEngine();
if (!engine.ok) throw new Error(JSON.stringify(engine.error));
const clock = fixedTransactionClock('2026-06-01T12:00:00Z');
const ids = sequentialTransactionIds();

function run(validate) {
  const outcomes = { ALLOW: 0, HOLD: 0, ERROR: 0 };
  globalThis.gc?.(); // start each run with the history build's garbage collected (node --expose-gc)
  const ctxOf = (customer) => ({ customer: { identifier: customer }, history, clock, ids, validate });
  // Pass 1, throughput: no per-evaluation timing.
  const cpu0 = process.cpuUsage();
  const start = process.hrtime.bigint();
  for (let i = 0; i < EVALS; i++) {
    const { tx, customer } = inputs[i];
    const r = engine.value.evaluate(tx, ctxOf(customer));
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    outcomes[r.value.evaluation_outcome]++;
  }
  const totalMs = Number(process.hrtime.bigint() - start) / 1e6;
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  // Pass 2, latency: wall-clock and CPU time of each evaluation (CPU time excludes time the OS gave to others).
  const lat = new Float64Array(EVALS);
  const latCpu = new Float64Array(EVALS);
  for (let i = 0; i < EVALS; i++) {
    const { tx, customer } = inputs[i];
    const c = process.cpuUsage();
    const s = process.hrtime.bigint();
    engine.value.evaluate(tx, ctxOf(customer));
    lat[i] = Number(process.hrtime.bigint() - s) / 1e6;
    const d = process.cpuUsage(c);
    latCpu[i] = (d.user + d.system) / 1000;
  }
  lat.sort();
  latCpu.sort();
  const q = (a, p) => a[Math.min(EVALS - 1, Math.floor(p * EVALS))];
  return {
    validate,
    perSec: Math.round((EVALS / totalMs) * 1000),
    perCpuSec: Math.round((EVALS / cpuMs) * 1000),
    p50: q(lat, 0.5),
    p99: q(lat, 0.99),
    cpuP50: q(latCpu, 0.5),
    cpuP99: q(latCpu, 0.99),
    outcomes,
  };
}

run(true); // warm-up pass: JIT and the heap settle after the history build
const rows = [run(false), run(true)];
const fmt = (n) => n.toFixed(3);
const load = (await import('node:os')).loadavg()[0].toFixed(1);
console.log('');
console.log(`load average ${load}; node ${process.version}, ${SCENARIO_LIBRARY.length} scenarios, history ${HISTORY.toLocaleString()} records / ${CUSTOMERS.toLocaleString()} customers (built in ${(genMs / 1000).toFixed(1)} s), ${EVALS.toLocaleString()} evaluations, one thread`);
console.log('');
console.log('| schema validation | evaluations/s (wall) | evaluations per CPU-second | p50 ms (wall) | p99 ms (wall) | p50 ms (CPU) | p99 ms (CPU) | ALLOW | HOLD | ERROR |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(
    `| ${r.validate ? 'on' : 'off'} | ${r.perSec.toLocaleString('en-US')} | ${r.perCpuSec.toLocaleString('en-US')} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.cpuP50)} | ${fmt(r.cpuP99)} | ${r.outcomes.ALLOW} | ${r.outcomes.HOLD} | ${r.outcomes.ERROR} |`,
  );
}
