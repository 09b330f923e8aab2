// Scenario-language benchmark: the same scenarios in tamis's format and in the hosted service's language, evaluated by
// the tamis engine against a history of 100k transactions, and json-rules-engine on the same transactions with the
// facts (aggregates) computed beforehand, in the same run. Run after building:
//   npx tsc -p tsconfig.build.json && node --expose-gc bench/scenario-language.mjs [--history 100000] [--customers 1000] [--evals 20000]
import { Engine } from 'json-rules-engine';
import { mulberry32 } from './synthetic.mjs';
import {
  HOSTED_SCENARIO_LIBRARY_BY_NAME,
  InMemoryHistory,
  createScenarioEngine,
  fixedTransactionClock,
  hostedToTamis,
  sequentialTransactionIds,
} from '../dist/transactions/index.js';

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : dflt;
};
const HISTORY = arg('history', 100_000);
const CUSTOMERS = arg('customers', 1_000);
const EVALS = arg('evals', 20_000);
const ROUNDS = arg('rounds', 3);
const NAMES = ['velocity', 'round-amounts', 'dormant-account', 'percentage-of-balance', 'first-transaction', 'high-risk-country-or-currency'];
const HIGH_RISK_SEGMENT = 'a1e5c0de-5e90-4000-8000-00000000000a';

const rand = mulberry32(7);
const pick = (xs) => xs[Math.floor(rand() * xs.length)];
const uuid = (n) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const NOW = Date.parse('2026-06-01T12:00:00Z');
const SPAN = 2 * 365 * 86_400_000;
const COUNTRIES = ['DE', 'FR', 'GB', 'NL', 'ES', 'IT', 'PL', 'US', 'RU', 'IR', 'MM'];
const amount = () => (rand() < 0.05 ? 1000 * (1 + Math.floor(rand() * 9)) : Math.round(Math.exp(rand() * 9) * 100) / 100);
const highRisk = (c) => c % 10 === 0;

// ---- history: flat records, as a host's HistoryPort would return them
const records = new Array(HISTORY);
for (let i = 0; i < HISTORY; i++) {
  const c = Math.floor(rand() * CUSTOMERS);
  const type = rand() < 0.6 ? 'BANK_PAYMENT' : rand() < 0.75 ? 'CARD_PAYMENT' : 'REMITTANCE';
  records[i] = {
    id: `h-${i}`, customer: uuid(c), t: NOW - 60_000 - Math.floor(rand() * SPAN), amount: amount(), currency: 'EUR',
    direction: rand() < 0.4 ? 'INBOUND' : 'OUTBOUND', type, counterparty: `id:cp-${Math.floor(rand() * 20_000)}`, country: pick(COUNTRIES),
    mcc: type === 'CARD_PAYMENT' ? '5411' : null, payment_stage: type === 'CARD_PAYMENT' ? 'SETTLED' : null,
    card_payment_type: type === 'CARD_PAYMENT' ? 'REGULAR' : null, payment_channel: 'WEB', cash_pickup: false,
  };
}
const history = InMemoryHistory.from(records);

// ---- transactions to evaluate
function transaction(i) {
  const c = Math.floor(rand() * CUSTOMERS);
  const inbound = rand() < 0.4;
  const me = { name: `Customer ${c}`, identifier: { type: 'CUSTOMER', external_identifier: `cust-${c}` } };
  const cp = { name: `Counterparty ${i}`, identifier: { type: 'COUNTERPARTY', external_identifier: `cp-${Math.floor(rand() * 20_000)}` }, address: { format: 'STRUCTURED', country: pick(COUNTRIES) } };
  const a = amount();
  const balance = rand() < 0.5 ? { customer_account_balance: { current_balance: { amount: Math.round(a * (0.5 + rand() * 5)), currency: 'EUR' } } } : {};
  return {
    customer: { identifier: uuid(c), segments: highRisk(c) ? [HIGH_RISK_SEGMENT] : [], ...(highRisk(c) ? { segment: HIGH_RISK_SEGMENT } : {}) },
    tx: {
      external_identifier: `e-${i}`, customer_external_identifier: `cust-${c}`, occurred_at: new Date(NOW + i).toISOString(),
      details: {
        classification: 'MONETARY', base_value: { amount: a, currency: 'EUR' }, ...(rand() < 0.03 ? { value: { amount: a, currency: 'RUB' } } : {}), ...balance,
        details: { type: 'BANK_PAYMENT', creditor: inbound ? me : cp, debtor: inbound ? cp : me, payment_scheme: 'SEPA', state: 'BOOKED' },
      },
    },
  };
}
const inputs = Array.from({ length: EVALS }, (_, i) => transaction(i));

// ---- the same six scenarios in both formats
const hostedDocs = NAMES.map((n) => HOSTED_SCENARIO_LIBRARY_BY_NAME[n]);
const tamisDefs = hostedDocs.map((d) => {
  const r = hostedToTamis(d);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
});
const engineOf = (scenarios) => {
  const e = createScenarioEngine({ scenarios });
  if (!e.ok) throw new Error(JSON.stringify(e.error));
  return e.value;
};
const engines = { 'tamis format': engineOf(tamisDefs), 'hosted language': engineOf(hostedDocs) };
const clock = fixedTransactionClock('2026-06-01T12:00:00Z');
const ids = sequentialTransactionIds();

// ---- json-rules-engine: the same conditions over precomputed facts
const DAY = 86_400_000;
function facts({ tx, customer }) {
  const t = Date.parse(tx.occurred_at);
  const view = (fromMs, toMs) => history.range('customer', customer.identifier, fromMs, toMs);
  const count = (fromMs, toMs, test = () => true) => {
    const v = view(fromMs, toMs);
    let n = 0;
    for (let i = v.start; i < v.end; i++) if (test(v.records[i])) n++;
    return n;
  };
  const d = tx.details;
  const outbound = d.details.creditor.identifier?.type !== 'CUSTOMER';
  const a = d.base_value.amount;
  const balance = d.customer_account_balance?.current_balance.amount ?? -1;
  const months = (n) => { const x = new Date(t); x.setUTCMonth(x.getUTCMonth() - n); return x.getTime(); };
  return {
    high_risk: customer.segments.includes(HIGH_RISK_SEGMENT),
    direction: outbound ? 'OUTBOUND' : 'INBOUND',
    type: d.details.type,
    amount: a,
    amount_mod_1000: a % 1000,
    balance,
    balance_share: balance > 0 ? a / balance : -1,
    country: (outbound ? d.details.creditor : d.details.debtor).address?.country ?? 'COUNTRY_CODE',
    currency: d.value?.currency ?? d.base_value.currency,
    outbound_24h: count(t - DAY, t, (r) => r.direction === 'OUTBOUND') + (outbound ? 1 : 0),
    round_30d: count(t - 30 * DAY, t, (r) => r.amount % 1000 === 0 && r.amount >= 5000) + (a % 1000 === 0 && a >= 5000 ? 1 : 0),
    count_180d: count(t - 180 * DAY, t),
    count_2y: count(months(24), t),
    count_12mo: count(months(12), t),
  };
}
const f = (fact, operator, value) => ({ fact, operator, value });
const rule = (name, priority, all) => ({ name, priority, conditions: { all }, event: { type: name } });
const hr = (countries, currencies) => [
  f('type', 'in', ['BANK_PAYMENT', 'REMITTANCE']),
  { any: [f('country', 'in', countries), f('currency', 'in', currencies)] },
  f('direction', 'notEqual', 'DIRECTION'),
];
const RULES = [
  rule('velocity/high-risk', 9, [f('high_risk', 'equal', true), f('direction', 'equal', 'OUTBOUND'), f('outbound_24h', 'greaterThanInclusive', 10)]),
  rule('velocity/all', 8, [f('direction', 'equal', 'OUTBOUND'), f('outbound_24h', 'greaterThanInclusive', 20)]),
  rule('round-amounts', 7, [f('amount_mod_1000', 'equal', 0), f('amount', 'greaterThanInclusive', 5000), f('round_30d', 'greaterThanInclusive', 3)]),
  rule('dormant', 6, [f('amount', 'greaterThanInclusive', 1000), f('count_180d', 'equal', 0), f('count_2y', 'greaterThan', 0)]),
  rule('balance', 5, [f('direction', 'equal', 'OUTBOUND'), f('balance', 'notEqual', -1), f('balance', 'greaterThan', 0), f('amount', 'greaterThanInclusive', 500), f('balance_share', 'greaterThan', 0.9)]),
  rule('first', 4, [f('count_12mo', 'equal', 0), f('amount', 'greaterThanInclusive', 3000)]),
  rule('high-risk/high-risk', 3, [f('high_risk', 'equal', true), ...hr(['IR', 'KP', 'MM', 'RU', 'SY'], ['IRR', 'KPW', 'RUB'])]),
  rule('high-risk/all', 2, hr(['IR', 'KP', 'MM'], ['IRR', 'KPW'])),
];
const jre = new Engine(RULES, { allowUndefinedFacts: false });

// ---- runs
const cpuNow = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
function measureSync(label, engine) {
  globalThis.gc?.();
  const outcomes = { ALLOW: 0, HOLD: 0, ERROR: 0 };
  let alerts = 0;
  const c0 = cpuNow();
  const s = process.hrtime.bigint();
  for (const { tx, customer } of inputs) {
    const r = engine.evaluate(tx, { customer, history, clock, ids, validate: false });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    outcomes[r.value.evaluation_outcome]++;
    alerts += r.value.risks.length;
  }
  const wall = Number(process.hrtime.bigint() - s) / 1e6;
  return { label, wall, cpu: cpuNow() - c0, result: `${outcomes.HOLD} HOLD, ${outcomes.ERROR} ERROR, ${alerts} alerts` };
}
async function measureRules() {
  const pre0 = process.hrtime.bigint();
  const allFacts = inputs.map(facts);
  const preMs = Number(process.hrtime.bigint() - pre0) / 1e6;
  globalThis.gc?.();
  let fired = 0;
  const c0 = cpuNow();
  const s = process.hrtime.bigint();
  for (const fs of allFacts) fired += (await jre.run(fs)).events.length;
  const wall = Number(process.hrtime.bigint() - s) / 1e6;
  return { label: 'json-rules-engine 7 (facts precomputed)', wall, cpu: cpuNow() - c0, result: `${fired} rules fired`, preMs };
}

// warm-up on the first 2,000, then measured passes
for (const e of Object.values(engines)) for (const { tx, customer } of inputs.slice(0, 2000)) e.evaluate(tx, { customer, history, clock, ids, validate: false });
for (const fs of inputs.slice(0, 2000).map(facts)) await jre.run(fs);

const runs = new Map();
const add = (r) => runs.set(r.label, [...(runs.get(r.label) ?? []), r]);
let preMs = 0;
for (let round = 0; round < ROUNDS; round++) {
  for (const [label, e] of Object.entries(engines)) add(measureSync(`tamis engine, ${label}`, e));
  const jr = await measureRules();
  preMs = jr.preMs;
  add(jr);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = [...runs.values()].map((rs) => ({ ...rs[0], wall: median(rs.map((r) => r.wall)), cpu: median(rs.map((r) => r.cpu)) }));
const jr = { preMs };
console.log(`scenario-language benchmark: ${NAMES.length} scenarios (${NAMES.join(', ')})`);
console.log(`history ${HISTORY.toLocaleString()} records over ${CUSTOMERS.toLocaleString()} customers (2 years), ${EVALS.toLocaleString()} evaluations × ${ROUNDS} rounds (median shown), Node ${process.version}, ${new Date().toISOString()}`);
console.log('');
console.log('| engine | evaluations/s (wall) | evaluations per CPU-second | µs per evaluation (wall) | outcome |');
console.log('|---|---:|---:|---:|---|');
for (const r of rows) {
  console.log(`| ${r.label} | ${Math.round(EVALS / (r.wall / 1000)).toLocaleString('en')} | ${Math.round(EVALS / (r.cpu / 1000)).toLocaleString('en')} | ${((r.wall * 1000) / EVALS).toFixed(1)} | ${r.result} |`);
}
console.log('');
console.log(`json-rules-engine facts (the aggregates) computed beforehand in ${jr.preMs.toFixed(0)} ms, not counted above.`);
