// The service's search path in process (what every POST /searches of `tamis serve` runs under the HTTP layer),
// this build against another, paired:
//   node bench/server-search-path.mjs [searches] --against DIR [--dist DIR] [--empty] [--whitelist N] [--accounts N]
//     [--tags N]
//
// Two screening services over the OFAC SDN list (../shared/data/ofac), one of each build (each with its own screener
// and memory store), the bench's bodies (`search_term`, `client_ref`, `limit: 10`), in alternating blocks of 50
// (ABBA), after 1,000 searches of warm-up each. Per search: the main thread's CPU (Linux schedstat; process CPU
// where absent), and the median of the paired block differences. With --whitelist N the account holds N whitelist
// entries (of other client_refs) before the run. With --accounts N the store holds N other accounts, every other one
// naming an internal list of its own (`internal-<id>`), the searching account naming none (null: every list but
// those, read at each search). With --tags N the other accounts hold N tag definitions between them (at most 1,000
// accounts), the searching account defines `team`, and each body carries `tags: { team: ... }`.
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SCHEDSTAT = `/proc/self/task/${process.pid}/schedstat`;
// (A 1 µs sleep first: the kernel brings a running thread's figure up to date only at a tick, 4 ms, or when it stops.)
const SLEEP = new Int32Array(new SharedArrayBuffer(4));
const cpu = existsSync(SCHEDSTAT)
  ? () => {
      Atomics.wait(SLEEP, 0, 0, 0.001);
      return Number(readFileSync(SCHEDSTAT, 'utf8').split(' ')[0]) / 1e6;
    }
  : () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1000;
    };
const arg = (name) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : null;
};
const calls = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 4000);
const againstDir = arg('--against');
if (!againstDir) throw new Error('--against DIR (e.g. dist-base) is required');
const whitelist = Number(arg('--whitelist') ?? 0);
const others = Number(arg('--accounts') ?? 0);
const tagDefs = Number(arg('--tags') ?? 0);
const builds = { this: arg('--dist') ? pathToFileURL(`${resolve(arg('--dist'))}/`).href : new URL('../dist/', import.meta.url).href, against: pathToFileURL(`${resolve(againstDir)}/`).href };
const ofacDir = [fileURLToPath(new URL('../../shared/data/ofac', import.meta.url)), fileURLToPath(new URL('../../../shared/data/ofac', import.meta.url))].find((d) => existsSync(`${d}/sdn.csv`));
const { importOfacDir } = await import(`${builds.this}importers/node.js`);
const imported = await importOfacDir(ofacDir);
if (!imported.ok) throw new Error('OFAC import failed');
const entities = imported.value.entities;
const step = Math.max(1, Math.floor(entities.length / 200));
const names = entities.filter((_, i) => i % step === 0).slice(0, 200).map((e, i) => (i % 3 === 0 ? e.name.replace(/[aeiou]/i, 'x') : e.name));
const KEY = 'bench-key-0001';
const body = (i) => ({ search_term: names[i % names.length], client_ref: `C-${i % 50}`, limit: 10, ...(tagDefs > 0 ? { tags: { team: `t${i % 5}` } } : {}) });

const apis = {};
for (const [name, dist] of Object.entries(builds)) {
  const { createMemoryStore, createScreener, createScreeningService, randomIds, systemClock } = await import(`${dist}index.js`);
  const list = process.argv.includes('--empty') ? [] : structuredClone(entities);
  const store = createMemoryStore();
  const service = createScreeningService({ store, clock: systemClock(), ids: randomIds(), screener: createScreener({ entities: list }), rateLimit: false });
  const user = await service.createUser({ email: 'bench@example.com', name: 'Bench' });
  await service.createApiKey(user.id, KEY);
  if (whitelist > 0) {
    const ts = '2026-01-01 00:00:00';
    const entries = Array.from({ length: whitelist }, (_, i) => ({ account_id: user.account_id, client_ref: `W-${i % 97}`, entity_id: `e-${i}`, fingerprint: 'x'.repeat(64), created_at: ts }));
    await store.commit(entries.map((entry) => ({ type: 'put_whitelist', entry })));
  }
  if (others > 0 || tagDefs > 0) {
    const ts = '2026-01-01 00:00:00';
    const ids = Array.from({ length: Math.max(others, tagDefs > 0 ? 1 : 0) }, (_, i) => user.account_id + 1 + i);
    const account = (id, i) => ({ id, name: `Other ${id}`, internal_lists: i % 2 === 0 ? [`internal-${id}`] : [], webhooks: [], webhook_secret: null, created_at: ts, updated_at: ts });
    await store.commit(ids.map((id, i) => ({ type: 'put_account', account: account(id, i) })));
    const tagged = ids.slice(0, 1000);
    const tags = Array.from({ length: tagDefs }, (_, i) => ({ account_id: tagged[i % tagged.length], name: `tag-${i}`, created_at: ts }));
    await store.commit(tags.map((tag) => ({ type: 'put_tag_definition', tag })));
    if (tagDefs > 0) await service.defineTag('team', user.account_id);
    if ((await store.getAccount(user.account_id)).internal_lists !== null) throw new Error('the searching account names internal lists');
  }
  apis[name] = service.forApiKey(KEY);
}
const BLOCK = 50;
const blocks = { this: [], against: [] };
const run = async (name, from) => {
  const api = apis[name];
  const c = cpu();
  for (let k = from; k < from + BLOCK; k++) {
    const r = await api.createSearch(body(k));
    if (r.status !== 'success') throw new Error(JSON.stringify(r));
  }
  return (cpu() - c) / BLOCK;
};
for (let i = 0; i < 1000; i += BLOCK) for (const n of ['this', 'against']) await run(n, i);
const load = [loadavg()[0]];
for (let i = 0, r = 0; i < calls; i += BLOCK, r++) {
  const order = r % 2 === 0 ? ['this', 'against'] : ['against', 'this'];
  for (const n of order) blocks[n].push(await run(n, i));
}
load.push(loadavg()[0]);
const median = (xs) => {
  const v = [...xs].sort((a, b) => a - b);
  return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
};
const us = (x) => `${(1000 * x).toFixed(1)} µs`;
console.log(`the service's search path in process, ${process.argv.includes('--empty') ? 'an empty list' : `OFAC (${entities.length} entities)`}${whitelist ? `, ${whitelist} whitelist entries` : ''}${others ? `, ${others} other accounts` : ''}${tagDefs ? `, ${tagDefs} tag definitions` : ''}, ${calls} searches each, blocks of ${BLOCK}; load average ${load[0].toFixed(1)} before, ${load[1].toFixed(1)} after`);
console.log(`  main-thread CPU per search, median block: ${arg('--dist') ?? 'this build'} ${us(median(blocks.this))}, ${againstDir} ${us(median(blocks.against))}`);
console.log(`  ${arg('--dist') ?? 'this build'} minus ${againstDir}, median of paired blocks: ${us(median(blocks.this.map((x, i) => x - blocks.against[i])))}`);
