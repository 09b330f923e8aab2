// The HTTP overhead of `tamis serve`: POST /searches over HTTP with keep-alive against the same call in process,
// in the same run, on the built package:  npm run build && node bench/server.mjs [calls] [--tls]
//
// The list is the OFAC SDN list from ../shared/data/ofac when present (else the bundled sample list). Each round
// makes the same searches once over HTTP (one keep-alive connection, one call at a time) and once in process
// (`service.forApiKey(key).createSearch(body)`), alternating, so both see the same store size and machine load.
// Reported per call: mean, p50 and p99 of each, the gap (HTTP minus in process) in wall time and in CPU time, then
// searches per second with 8 calls in flight over 8 keep-alive connections. `--tls` serves HTTPS with a certificate made for the run.
import { existsSync, readFileSync } from 'node:fs';
import { Pool } from 'undici';
import { createMemoryStore, createScreener, createScreeningService, randomIds, systemClock } from '../dist/index.js';
import { importOfacDir } from '../dist/importers/node.js';
import { createServer } from '../dist/server/index.js';

const calls = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 2000);
const tls = process.argv.includes('--tls');
const KEY = 'bench-key-0001';

const ofacDir = new URL('../../shared/data/ofac', import.meta.url).pathname;
let entities;
if (existsSync(`${ofacDir}/sdn.csv`)) {
  const r = await importOfacDir(ofacDir);
  if (!r.ok) throw new Error('OFAC import failed');
  entities = r.value.entities;
} else {
  entities = JSON.parse(readFileSync(new URL('../lists/sample/entities.json', import.meta.url), 'utf8'));
}
const service = createScreeningService({
  store: createMemoryStore(),
  clock: systemClock(),
  ids: randomIds(),
  screener: createScreener({ entities }),
  rateLimit: false,
});
const user = await service.createUser({ email: 'bench@example.com', name: 'Bench' });
await service.createApiKey(user.id, KEY);
const api = service.forApiKey(KEY);

// Names of the list, one word changed in every third (a typo), so searches find a few hits each.
const names = entities.filter((_, i) => i % Math.max(1, Math.floor(entities.length / 200)) === 0).slice(0, 200).map((e, i) => (i % 3 === 0 ? e.name.replace(/[aeiou]/i, 'x') : e.name));
const body = (i) => ({ search_term: names[i % names.length], client_ref: `C-${i % 50}`, limit: 10 });

let pems;
if (tls) {
  const { generate } = await import('selfsigned');
  const p = await generate([{ name: 'commonName', value: '127.0.0.1' }], { keySize: 2048, extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }] });
  pems = { cert: p.cert, key: p.private };
}
const server = await createServer({ service, port: 0, webhooks: false, processMetrics: false, ...(pems ? { tls: pems } : {}) });
const url = await server.listen();
const pool = (connections) => new Pool(url, { connections, pipelining: 1, ...(pems ? { connect: { ca: pems.cert } } : {}) });

const one = pool(1);
async function overHttp(p, i) {
  const res = await p.request({ path: '/searches', method: 'POST', headers: { authorization: `Token ${KEY}`, 'content-type': 'application/json' }, body: JSON.stringify(body(i)) });
  const text = await res.body.text();
  if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}: ${text.slice(0, 200)}`);
  return text.length;
}
async function inProcess(i) {
  const r = await api.createSearch(body(i));
  if (r.status !== 'success') throw new Error(JSON.stringify(r));
  return JSON.stringify(r).length;
}

// Warm-up.
for (let i = 0; i < 200; i++) {
  await overHttp(one, i);
  await inProcess(i);
}
const http = [];
const local = [];
let bytes = 0;
let cpuHttp = 0;
let cpuLocal = 0;
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
// Blocks of 50 calls each way, alternating: wall time per call, and CPU time per block (client and server run in
// this one process, so the HTTP CPU includes undici's client side, which a real client pays in its own process).
const httpBlock = async (from, to) => {
  const c = cpu();
  for (let k = from; k < to; k++) {
    const t = performance.now();
    bytes += await overHttp(one, k);
    http.push(performance.now() - t);
  }
  cpuHttp += cpu() - c;
};
const localBlock = async (from, to) => {
  const c = cpu();
  for (let k = from; k < to; k++) {
    const t = performance.now();
    await inProcess(k);
    local.push(performance.now() - t);
  }
  cpuLocal += cpu() - c;
};
// The same searches each way; which way goes first alternates, so neither profits from the other's warm caches.
for (let i = 0, round = 0; i < calls; i += 50, round++) {
  const to = Math.min(calls, i + 50);
  if (round % 2 === 0) {
    await httpBlock(i, to);
    await localBlock(i, to);
  } else {
    await localBlock(i, to);
    await httpBlock(i, to);
  }
}
const q = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const ms = (x) => `${x.toFixed(3)} ms`;
console.log(`tamis serve bench: ${entities.length} entities, ${calls} calls each way, ${tls ? 'HTTPS' : 'HTTP'} keep-alive on 127.0.0.1, mean response ${Math.round(bytes / calls)} bytes`);
console.log(`  over HTTP     mean ${ms(mean(http))}  p50 ${ms(q(http, 0.5))}  p99 ${ms(q(http, 0.99))}`);
console.log(`  in process    mean ${ms(mean(local))}  p50 ${ms(q(local, 0.5))}  p99 ${ms(q(local, 0.99))}`);
console.log(`  HTTP overhead per call: wall mean ${ms(mean(http) - mean(local))}, p50 ${ms(q(http, 0.5) - q(local, 0.5))}; CPU ${ms((cpuHttp - cpuLocal) / calls)} (client and server, ${ms(cpuHttp / calls)} against ${ms(cpuLocal / calls)})`);
const load = (await import('node:os')).loadavg()[0];
console.log(`  load average ${load.toFixed(1)} on ${(await import('node:os')).cpus().length} cores during the run`);

// Throughput: 8 in flight over 8 connections, against the in-process calls one after another.
const eight = pool(8);
let next = 0;
let t = performance.now();
await Promise.all(Array.from({ length: 8 }, async () => {
  while (next < calls) await overHttp(eight, next++);
}));
const httpRate = calls / ((performance.now() - t) / 1000);
t = performance.now();
for (let i = 0; i < calls; i++) await inProcess(i);
const localRate = calls / ((performance.now() - t) / 1000);
console.log(`  searches per second: ${Math.round(httpRate)} over HTTP (8 in flight), ${Math.round(localRate)} in process`);
await one.close();
await eight.close();
await server.close();
