// tamis serve's own layer over real sockets, without the search: every server answers POST /searches from a service
// that hands back, in turn, 20 answers of real OFAC searches made beforehand (the same objects each time, as a
// list's entity docs are), so only the server's own work and Node's HTTP differ between the ways.
//   node bench/server-layer.mjs [rounds] [--no-log] [--against DIR ...]
// Ways, in alternating blocks of 500 calls, in orders where each way follows each other way equally often:
//   tamis    createServer() of this build (dist/), logging at info through bufferedLog to /dev/null, as `tamis serve`;
//   DIR      the same of another build (e.g. dist-base, the build of main), for each --against;
//   bare     a bare Fastify route calling the same service and sending JSON.stringify(answer), no logging.
// The client (undici, one keep-alive connection per server, one call at a time) runs in a child process; server CPU
// per call is process.cpuUsage() of this process over each block. Printed: the bare route's median block and each
// way minus the bare route and minus each other, as medians of the paired blocks of the same round, µs.
import { fork } from 'node:child_process';
import { existsSync, openSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const KEY = 'bench-key-0001';
const BLOCK = 500;

if (process.argv.includes('--client')) {
  const { Pool } = await import('undici');
  const pools = {};
  process.on('message', async (m) => {
    if (m.cmd === 'init') {
      for (const [k, u] of Object.entries(m.urls)) pools[k] = new Pool(u, { connections: 1, pipelining: 1 });
      process.send({});
      return;
    }
    if (m.cmd === 'close') process.exit(0);
    const pool = pools[m.target];
    for (let i = 0; i < BLOCK; i++) {
      const res = await pool.request({
        path: '/searches',
        method: 'POST',
        headers: { authorization: `Token ${KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ search_term: `Jane Doe ${i % 50}`, client_ref: `C-${i % 50}`, limit: 10 }),
      });
      const text = await res.body.text();
      if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}: ${text.slice(0, 200)}`);
    }
    process.send({});
  });
} else {
  const { default: Fastify } = await import('fastify');
  const rounds = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 24);
  const log = !process.argv.includes('--no-log');
  const against = process.argv.flatMap((a, i) => (a === '--against' ? [process.argv[i + 1]] : []));
  const build = async (dir) => {
    const base = dir ? `${pathToFileURL(resolve(dir)).href}/` : new URL('../dist/', import.meta.url).href;
    return { lib: await import(`${base}index.js`), server: await import(`${base}server/index.js`), importers: await import(`${base}importers/node.js`) };
  };
  const here = await build(null);
  // ../shared beside the clone (/work/main), or two levels up from a worktree (/work/wt/<branch>).
  const ofacDir = ['../../shared/data/ofac', '../../../shared/data/ofac'].map((d) => fileURLToPath(new URL(d, import.meta.url))).find((d) => existsSync(`${d}/sdn.csv`));
  const imported = await here.importers.importOfacDir(ofacDir ?? fileURLToPath(new URL('../../shared/data/ofac', import.meta.url)));
  if (!imported.ok) throw new Error('OFAC import failed (../shared/data/ofac)');
  const entities = imported.value.entities;
  const { createMemoryStore, createScreener, createScreeningService, randomIds, systemClock } = here.lib;
  const real = createScreeningService({ store: createMemoryStore(), clock: systemClock(), ids: randomIds(), screener: createScreener({ entities }), rateLimit: false });
  const user = await real.createUser({ email: 'bench@example.com', name: 'Bench' });
  await real.createApiKey(user.id, KEY);
  const answers = [];
  for (let i = 0; answers.length < 20 && i < entities.length; i += 37) {
    const a = await real.forApiKey(KEY).createSearch({ search_term: entities[i].name, limit: 10 });
    if (a.status === 'success' && a.content.data.hits.length > 0) answers.push(a);
  }
  let next = 0;
  const api = { createSearch: async () => answers[next++ % answers.length], authorize: async () => null };
  const service = { listVersion: null, screener: { size: entities.length }, forApiKey: () => api, currentListVersion: async () => null };
  const loggerOf = (b) => (log ? { level: 'info', stream: b.server.bufferedLog(openSync('/dev/null', 'w')).stream } : false);
  const servers = { tamis: await here.server.createServer({ service, port: 0, webhooks: false, processMetrics: false, logger: loggerOf(here) }) };
  for (const dir of against) {
    const b = await build(dir);
    servers[dir] = await b.server.createServer({ service, port: 0, webhooks: false, processMetrics: false, logger: loggerOf(b) });
  }
  const urls = {};
  for (const [name, s] of Object.entries(servers)) urls[name] = await s.listen();
  const bare = Fastify();
  bare.post('/searches', async (req, reply) =>
    reply.type('application/json; charset=utf-8').send(JSON.stringify(await service.forApiKey(String(req.headers.authorization).slice(6)).createSearch(req.body))),
  );
  await bare.listen({ host: '127.0.0.1', port: 0 });
  urls.bare = `http://127.0.0.1:${bare.server.address().port}`;

  const child = fork(fileURLToPath(import.meta.url), ['--client'], { stdio: 'inherit' });
  const ask = (m) =>
    new Promise((done) => {
      child.once('message', done);
      child.send(m);
    });
  await ask({ cmd: 'init', urls });
  const ways = Object.keys(urls);
  // Williams orders (as bench/server.mjs): each way follows each other way equally often.
  const n = ways.length;
  const first = [0];
  for (let lo = 1, hi = n - 1; first.length < n; ) {
    first.push(lo++);
    if (first.length < n) first.push(hi--);
  }
  const rows = Array.from({ length: n }, (_, i) => first.map((k) => (k + i) % n));
  const orders = n % 2 === 0 ? rows : [...rows, ...rows.map((r) => [...r].reverse())];
  const blocks = Object.fromEntries(ways.map((w) => [w, []]));
  const loadBefore = loadavg()[0];
  for (let r = -orders.length; r < rounds; r++) {
    for (const k of orders[(r + orders.length) % orders.length]) {
      const c0 = process.cpuUsage();
      await ask({ cmd: 'block', target: ways[k] });
      const c = process.cpuUsage(c0);
      if (r >= 0) blocks[ways[k]].push((c.user + c.system) / BLOCK);
    }
  }
  const median = (xs) => {
    const v = [...xs].sort((a, b) => a - b);
    return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  };
  const paired = (a, b) => median(blocks[a].map((x, i) => x - blocks[b][i])).toFixed(1);
  console.log(`tamis serve's layer over sockets, canned OFAC answers (${answers.length}), ${rounds} rounds of ${BLOCK} calls per way, logging ${log ? 'at info' : 'off'}; load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after`);
  console.log(`  server CPU per call, µs: bare route (median block) ${median(blocks.bare).toFixed(1)}`);
  const named = ways.filter((w) => w !== 'bare');
  for (const w of named) console.log(`  ${w} minus bare route (median of paired blocks): ${paired(w, 'bare')}`);
  for (let i = 0; i < named.length; i++) for (let j = i + 1; j < named.length; j++) console.log(`  ${named[i]} minus ${named[j]}: ${paired(named[i], named[j])}`);
  child.send({ cmd: 'close' });
  for (const s of Object.values(servers)) await s.close();
  await bare.close();
}
