// The HTTP overhead of `tamis serve`, on the built package:
//   npm run bench:server            (= npm run build && node bench/server.mjs)
//   node bench/server.mjs [calls] [--tls] [--no-log] [--sample | --empty] [--dist DIR] [--against DIR] [--gap-only]
//
// POST /searches over the OFAC SDN list from ../shared/data/ofac (the bundled sample list with --sample or when the
// folder is absent; an empty list with --empty), five ways in the same run, in alternating blocks of 50 calls, in
// orders where each way follows each other way equally often, so all five see the same store size, machine load and
// carry-over:
//   in process   `service.forApiKey(key).createSearch(body)`, the answer as an object (no JSON), back to back;
//   in process, idle between calls: the same call after a 1-byte TCP round trip with the client process, so the
//                process waits between calls as a server does (its core goes to other processes, its caches cool,
//                and V8 does deferred garbage collection work in the idle time): the search's own cost in a server;
//   tamis serve  createServer(), logging at info as `tamis serve` does (one line per request, buffered), to /dev/null;
//   bare route   a bare Fastify route making the same service call and sending JSON.stringify(answer): the floor
//                of any HTTP layer doing this work with Fastify and Node's http;
//   canned       a bare Fastify route sending a fixed answer of the same size, no search: HTTP alone;
//   against      with --against DIR: tamis serve of another build (e.g. dist-base, the build of main) over the same
//                service, so a change to the server is measured paired, in the same run, against the build before it
//                (six ways: give a multiple of 300 calls, e.g. 2400, so that each order of the ways runs equally often).
// The fair baseline: a server sends the answer's JSON text, which the in-process call does not make; after each block
// of the in-process way the same 50 answers are written with JSON.stringify, timed on their own ("JSON of the
// answer"), and the gap is also given against the in-process call plus that JSON. The client reads each answer's
// text and does not parse it (nor does the in-process side).
// The client (undici, one keep-alive connection per server, one call at a time) runs in a child process, so the
// server's CPU time is measured alone (process.cpuUsage() of this process over each block); the client's CPU is
// reported beside it. CPU time is the figure to read on a loaded machine: wall times include waiting for a core.
// Then: the layer alone (Fastify's inject, no sockets: tamis serve minus the bare route, over an empty list), and
// searches per second with 8 calls in flight over 8 connections.
import { fork } from 'node:child_process';
import { existsSync, openSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const sys = () => process.cpuUsage().system / 1000;
// The main thread's CPU alone (Linux: /proc/self/task/<pid>/schedstat, ns on a core), without V8's background
// threads (concurrent marking and sweeping, compilation) and libuv's pool (the log's writes), which process.cpuUsage()
// counts; null where the file is absent.
// The kernel adds a running thread's time to that figure only at a scheduler tick (4 ms here) or when the thread
// stops running: read after a back-to-back block it missed up to 4 ms (0.08 ms a call over 50 calls; every figure
// a multiple of 0.08 ms), and the next block was billed for it. A 1 µs sleep (Atomics.wait) first makes the thread
// stop, so the figure is up to date when read.
const SCHEDSTAT = `/proc/self/task/${process.pid}/schedstat`;
const SLEEP = new Int32Array(new SharedArrayBuffer(4));
const mainCpu = existsSync(SCHEDSTAT)
  ? () => {
      Atomics.wait(SLEEP, 0, 0, 0.001);
      return Number(readFileSync(SCHEDSTAT, 'utf8').split(' ')[0]) / 1e6;
    }
  : () => 0;
const BLOCK = Number(process.env.BENCH_BLOCK ?? 50);
// Orders of the ways in successive rounds such that each way follows each other way equally often (Williams
// designs): a block pays part of the garbage collection and cache misses of the block before it, and a fixed order
// would bill one way for another (measured: 0.13 ms per call on the way placed after the in-process block).
const williams = (n) => {
  const first = [0];
  for (let lo = 1, hi = n - 1; first.length < n; ) {
    first.push(lo++);
    if (first.length < n) first.push(hi--);
  }
  const rows = Array.from({ length: n }, (_, i) => first.map((k) => (k + i) % n));
  return n % 2 === 0 ? rows : [...rows, ...rows.map((r) => [...r].reverse())];
};
const KEY = 'bench-key-0001';
const body = (names, i) => ({ search_term: names[i % names.length], client_ref: `C-${i % 50}`, limit: 10 });

if (process.argv.includes('--client')) await client();
else await main();

async function client() {
  const { Pool } = await import('undici');
  let names;
  let pools = {};
  let ca;
  const call = async (pool, i) => {
    const res = await pool.request({
      path: '/searches',
      method: 'POST',
      headers: { authorization: `Token ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify(body(names, i)),
    });
    const text = await res.body.text();
    if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}: ${text.slice(0, 200)}`);
    return text.length;
  };
  process.on('message', async (m) => {
    if (m.cmd === 'init') {
      // The echo of the 'idle' way: one byte back for each byte.
      const { createServer } = await import('node:net');
      const echo = createServer((socket) => {
        socket.setNoDelay(true);
        socket.on('data', (d) => socket.write(d));
      });
      await new Promise((resolve) => echo.listen(0, '127.0.0.1', resolve));
      echo.unref();
      names = m.names;
      ca = m.ca;
      for (const [name, url] of Object.entries(m.urls)) pools[name] = new Pool(url, { connections: 1, pipelining: 1, ...(ca ? { connect: { ca } } : {}) });
      process.send({ ok: true, echoPort: echo.address().port });
    } else if (m.cmd === 'block') {
      const walls = [];
      let bytes = 0;
      const c = cpu();
      for (let k = m.from; k < m.to; k++) {
        const t = performance.now();
        bytes += await call(pools[m.target], k);
        walls.push(performance.now() - t);
      }
      process.send({ walls, bytes, cpu: cpu() - c });
    } else if (m.cmd === 'flight') {
      const pool = new (await import('undici')).Pool(m.url, { connections: m.inflight, pipelining: 1, ...(ca ? { connect: { ca } } : {}) });
      let next = 0;
      const t = performance.now();
      await Promise.all(Array.from({ length: m.inflight }, async () => {
        while (next < m.calls) await call(pool, next++);
      }));
      const ms = performance.now() - t;
      await pool.close();
      process.send({ ms });
    } else if (m.cmd === 'close') {
      await Promise.all(Object.values(pools).map((p) => p.close()));
      process.exit(0);
    }
  });
}

async function main() {
  const { default: Fastify } = await import('fastify');
  // --dist DIR: another build (e.g. of an earlier commit), to compare; default the build of this checkout.
  const at = process.argv.indexOf('--dist');
  const dist = at > 0 ? pathToFileURL(`${resolve(process.argv[at + 1])}/`).href : new URL('../dist/', import.meta.url).href;
  const { createMemoryStore, createScreener, createScreeningService, randomIds, systemClock } = await import(`${dist}index.js`);
  const { importOfacDir } = await import(`${dist}importers/node.js`);
  const { bufferedLog, createServer } = await import(`${dist}server/index.js`);
  const againstAt = process.argv.indexOf('--against');
  const againstDir = againstAt > 0 ? process.argv[againstAt + 1] : null;
  const other = againstDir ? await import(`${pathToFileURL(`${resolve(againstDir)}/`).href}server/index.js`) : null;

  const calls = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 2000);
  const tls = process.argv.includes('--tls');
  const log = !process.argv.includes('--no-log');
  // ../shared beside the clone (/work/main), or two levels up from a worktree (/work/wt/<branch>).
  const ofacDir = [fileURLToPath(new URL('../../shared/data/ofac', import.meta.url)), fileURLToPath(new URL('../../../shared/data/ofac', import.meta.url))].find((d) => existsSync(`${d}/sdn.csv`)) ?? fileURLToPath(new URL('../../shared/data/ofac', import.meta.url));
  // --empty: the searches run over an empty list (a few microseconds each), names taken from the sample list: the
  // HTTP layer without the search's cache and garbage collection effects.
  const emptyList = process.argv.includes('--empty');
  const ofac = !emptyList && !process.argv.includes('--sample') && existsSync(`${ofacDir}/sdn.csv`);
  let entities;
  if (ofac) {
    const r = await importOfacDir(ofacDir);
    if (!r.ok) throw new Error('OFAC import failed');
    entities = r.value.entities;
  } else {
    entities = JSON.parse(readFileSync(new URL('../lists/sample/entities.json', import.meta.url), 'utf8'));
  }
  const makeService = async (list) => {
    const service = createScreeningService({
      store: createMemoryStore(),
      clock: systemClock(),
      ids: randomIds(),
      screener: createScreener({ entities: list }),
      rateLimit: false,
    });
    const user = await service.createUser({ email: 'bench@example.com', name: 'Bench' });
    await service.createApiKey(user.id, KEY);
    return service;
  };
  const service = await makeService(emptyList ? [] : entities);
  const api = service.forApiKey(KEY);
  // Names of the list, one letter changed in every third (a typo), so searches find a few hits each.
  const step = Math.max(1, Math.floor(entities.length / 200));
  const names = entities.filter((_, i) => i % step === 0).slice(0, 200).map((e, i) => (i % 3 === 0 ? e.name.replace(/[aeiou]/i, 'x') : e.name));

  let pems;
  if (tls) {
    const { generate } = await import('selfsigned');
    const p = await generate([{ name: 'commonName', value: '127.0.0.1' }], { keySize: 2048, extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }] });
    pems = { cert: p.cert, key: p.private };
  }
  const scheme = tls ? 'https' : 'http';
  // As `tamis serve` logs (one line per request, through a buffer), to /dev/null.
  // (A build without bufferedLog logged through pino's default destination: a write per line.)
  const loggerOf = (build) => (!log ? false : build.bufferedLog ? { level: 'info', stream: build.bufferedLog(openSync('/dev/null', 'w')).stream } : { level: 'info', file: '/dev/null' });
  const logger = loggerOf({ bufferedLog });
  // --against: the other build's server over the same service (same store, same searches), with its own logger.
  // BENCH_AGAINST_FIRST=1 creates it before this build's (to check that the order of creation does not bias the pair).
  // BENCH_AGAINST_LOG=0 or 1: the --against server logs or not whatever --no-log says (with --against dist: what the
  // request line costs, paired; swap with --no-log and BENCH_AGAINST_LOG=1).
  const againstLogs = process.env.BENCH_AGAINST_LOG === undefined ? log : process.env.BENCH_AGAINST_LOG === '1';
  const loggerOfAgainst = (build) => (againstLogs ? { level: 'info', stream: build.bufferedLog(openSync('/dev/null', 'w')).stream } : false);
  const makeOther = () => (other ? other.createServer({ service, port: 0, webhooks: false, processMetrics: false, logger: other.bufferedLog ? loggerOfAgainst(other) : loggerOf(other), ...(pems ? { tls: pems } : {}) }) : null);
  const otherFirst = process.env.BENCH_AGAINST_FIRST === '1' ? await makeOther() : null;
  const server = await createServer({ service, port: 0, webhooks: false, processMetrics: false, logger, ...(pems ? { tls: pems } : {}) });
  const otherServer = otherFirst ?? (await makeOther());
  const bareOptions = pems ? { https: { cert: pems.cert, key: pems.key } } : {};
  const bare = Fastify(bareOptions);
  bare.post('/searches', async (req, reply) => {
    const token = String(req.headers.authorization ?? '').slice('Token '.length);
    const res = await service.forApiKey(token).createSearch(req.body);
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(res));
  });
  const cannedAnswer = JSON.stringify(await api.createSearch(body(names, 1)));
  const canned = Fastify(bareOptions);
  canned.post('/searches', async (_req, reply) => reply.type('application/json; charset=utf-8').send(cannedAnswer));
  const listen = async (app) => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    return `${scheme}://127.0.0.1:${app.server.address().port}`;
  };
  const urls = { tamis: await server.listen(), bare: await listen(bare), canned: await listen(canned), ...(otherServer ? { against: await otherServer.listen() } : {}) };

  const child = fork(fileURLToPath(import.meta.url), ['--client'], { stdio: 'inherit' });
  child.on('exit', (code) => {
    if (code !== 0) {
      console.error(`the client process stopped (exit code ${code})`);
      process.exit(1);
    }
  });
  const ask = (m) =>
    new Promise((resolve) => {
      child.once('message', resolve);
      child.send(m);
    });
  const { echoPort } = await ask({ cmd: 'init', urls, names, ca: pems?.cert });
  const { connect } = await import('node:net');
  const echo = connect(echoPort, '127.0.0.1');
  await new Promise((resolve) => echo.once('connect', resolve));
  echo.setNoDelay(true);
  const ONE = Buffer.from('x');
  const roundTrip = () =>
    new Promise((resolve) => {
      echo.once('data', resolve);
      echo.write(ONE);
    });

  const ways = ['local', 'idle', 'tamis', 'bare', 'canned', ...(otherServer ? ['against'] : [])];
  const WILLIAMS = williams(ways.length);
  // blocks: server CPU per call of each block, in round order (the medians below pair the ways round by round).
  const fresh = () => ({ walls: [], serverCpu: 0, serverSys: 0, clientCpu: 0, bytes: 0, blocks: [], json: [], main: [] });
  const stats = Object.fromEntries(ways.map((w) => [w, fresh()]));
  const block = async (way, from, to) => {
    const s = stats[way];
    if (way === 'local' || way === 'idle') {
      const c = cpu();
      const m0 = mainCpu();
      const k0 = sys();
      const answers = [];
      for (let k = from; k < to; k++) {
        const t = performance.now();
        if (way === 'idle') await roundTrip();
        const r = await api.createSearch(body(names, k));
        s.walls.push(performance.now() - t);
        if (r.status !== 'success') throw new Error(JSON.stringify(r));
        answers.push(r);
      }
      const c1 = cpu();
      s.main.push((mainCpu() - m0) / (to - from));
      s.serverCpu += c1 - c;
      s.serverSys += sys() - k0;
      s.blocks.push((c1 - c) / (to - from));
      // The JSON text a server sends, timed apart (not in the block's figure).
      let length = 0;
      for (const a of answers) length += JSON.stringify(a).length;
      if (length === 0) throw new Error('no JSON');
      s.json.push((cpu() - c1) / (to - from));
      return;
    }
    const c = cpu();
    const m0 = mainCpu();
    const k0 = sys();
    const r = await ask({ cmd: 'block', target: way, from, to });
    s.main.push((mainCpu() - m0) / (to - from));
    s.serverCpu += cpu() - c;
    s.serverSys += sys() - k0;
    s.blocks.push((cpu() - c) / (to - from));
    s.clientCpu += r.cpu;
    s.bytes += r.bytes;
    s.walls.push(...r.walls);
  };

  // Warm-up: 200 calls each way, then reset.
  for (let i = 0; i < 200; i += BLOCK) for (const w of ways) await block(w, i, i + BLOCK);
  for (const w of ways) stats[w] = fresh();
  const loadBefore = loadavg()[0];
  for (let i = 0, round = 0; i < calls; i += BLOCK, round++) {
    const to = Math.min(calls, i + BLOCK);
    for (const k of WILLIAMS[round % WILLIAMS.length]) await block(ways[k], i, to);
  }
  const loadAfter = loadavg()[0];

  const q = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const f = (x) => x.toFixed(3).padStart(8);
  const per = (w, k) => stats[w][k] / calls;
  const list = emptyList ? 'an empty list (names of the sample list)' : ofac ? `OFAC SDN list (${entities.length} entities)` : `bundled sample list (${entities.length} entities)`;
  console.log(`tamis serve bench: POST /searches, ${list}, ${calls} calls each way in alternating blocks of ${BLOCK}`);
  console.log(`  ${tls ? 'HTTPS' : 'HTTP'} keep-alive on 127.0.0.1, client (undici) in its own process, one call at a time; answers ${Math.round(stats.tamis.bytes / calls)} bytes on average; tamis serve logging ${log ? 'at info (to /dev/null)' : 'off'}`);
  console.log(`  load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after, on ${cpus().length} cores`);
  // A major garbage collection of the growing store (tens of ms) lands in one block of one way and moves that way's
  // mean; the median over blocks, and the median of the differences of two ways in the same round, do not move.
  const median = (xs) => {
    const v = [...xs].sort((a, b) => a - b);
    return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  };
  const paired = (a, b) => median(stats[a].blocks.map((x, i) => x - stats[b].blocks[i]));
  console.log('  per call, ms                       server CPU (kernel)  median  client CPU   wall mean     p50       p99');
  const label = { local: 'in process (createSearch)', idle: 'in process, idle between calls', tamis: 'tamis serve', bare: 'bare Fastify route, same call', canned: 'bare Fastify route, canned answer', against: `tamis serve of ${againstDir}` };
  for (const w of ways) {
    const s = stats[w];
    console.log(`  ${label[w].padEnd(34)}${f(per(w, 'serverCpu'))} ${f(per(w, 'serverSys'))} ${f(median(s.blocks))}  ${w === 'local' || w === 'idle' ? '       -' : f(per(w, 'clientCpu'))}  ${f(mean(s.walls))}  ${f(q(s.walls, 0.5))}  ${f(q(s.walls, 0.99))}`);
  }
  // Each figure twice: difference of the means / median of the paired block differences (the steadier one).
  const both = (a, b) => `${(per(a, 'serverCpu') - per(b, 'serverCpu')).toFixed(3)} / ${paired(a, b).toFixed(3)} ms`;
  console.log(`  HTTP overhead per call, server CPU (difference of means / median of paired blocks):`);
  console.log(`    tamis serve minus in process: ${both('tamis', 'local')}; client CPU ${per('tamis', 'clientCpu').toFixed(3)} ms; wall mean ${(mean(stats.tamis.walls) - mean(stats.local.walls)).toFixed(3)} ms, p50 ${(q(stats.tamis.walls, 0.5) - q(stats.local.walls, 0.5)).toFixed(3)} ms`);
  console.log(`    of which the search's own extra cost when the process idles between calls (in process idle minus back to back): ${both('idle', 'local')}`);
  console.log(`    and the HTTP layer (tamis serve minus in process idle between calls): ${both('tamis', 'idle')}`);
  console.log(`    Fastify and Node's HTTP with the same call (bare route minus in process idle between calls): ${both('bare', 'idle')}`);
  console.log(`    tamis's own layer (tamis serve minus bare route): ${both('tamis', 'bare')}`);
  // The fair gap: the in-process call plus the JSON of its answer (JSON.stringify, timed after the block), paired.
  const withJson = (a, b) => {
    const d = stats[a].blocks.map((x, i) => x - stats[b].blocks[i] - stats[b].json[i]);
    return `${(per(a, 'serverCpu') - per(b, 'serverCpu') - mean(stats[b].json)).toFixed(3)} / ${median(d).toFixed(3)} ms`;
  };
  const mainPaired = (a, b, json = false) => median(stats[a].main.map((x, i) => x - stats[b].main[i] - (json ? stats[b].json[i] : 0))).toFixed(3);
  console.log(`    main thread only (no V8 background threads, no libuv pool), median of paired blocks: in process back to back ${median(stats.local.main).toFixed(3)} ms, tamis serve minus in process ${mainPaired('tamis', 'local')}, minus in process + JSON ${mainPaired('tamis', 'local', true)}, minus in process idle + JSON ${mainPaired('tamis', 'idle', true)}; bare route minus in process idle + JSON ${mainPaired('bare', 'idle', true)}; tamis serve minus bare route ${mainPaired('tamis', 'bare')}${otherServer ? `; ${againstDir} minus in process + JSON ${mainPaired('against', 'local', true)}, this build minus ${againstDir} ${mainPaired('tamis', 'against')}` : ''}`);
  console.log(`    the JSON of the answer (JSON.stringify after the in-process call, timed apart): ${mean(stats.local.json).toFixed(3)} / ${median(stats.local.json).toFixed(3)} ms`);
  console.log(`    FAIR GAP, tamis serve minus (in process + the JSON of its answer): back to back ${withJson('tamis', 'local')}; idle between calls ${withJson('tamis', 'idle')}`);
  if (otherServer) console.log(`    the same, tamis serve of ${againstDir}: back to back ${withJson('against', 'local')}; idle between calls ${withJson('against', 'idle')}`);
  // Wall time per call: the client's round trip (its own process) against the in-process call's time in this one.
  const wallGap = (a, b) => `p50 ${(q(stats[a].walls, 0.5) - q(stats[b].walls, 0.5)).toFixed(3)}, p99 ${(q(stats[a].walls, 0.99) - q(stats[b].walls, 0.99)).toFixed(3)} ms`;
  console.log(`    wall gap, tamis serve minus in process: back to back ${wallGap('tamis', 'local')}; idle between calls ${wallGap('tamis', 'idle')}${otherServer ? `; ${againstDir}: ${wallGap('against', 'local')} / ${wallGap('against', 'idle')}` : ''}`);
  console.log(`    for comparison, HTTP alone (canned answer, no search): server CPU ${per('canned', 'serverCpu').toFixed(3)} ms, client CPU ${per('canned', 'clientCpu').toFixed(3)} ms`);
  if (otherServer) {
    console.log(`    tamis serve of ${againstDir} minus in process: ${both('against', 'local')}; minus in process idle between calls: ${both('against', 'idle')}`);
    console.log(`    this build's tamis serve minus ${againstDir}'s (paired, same run): ${both('tamis', 'against')}`);
  }

  // --gap-only: stop here (no inject, no throughput).
  if (process.argv.includes('--gap-only')) {
    echo.destroy();
    child.send({ cmd: 'close' });
    await server.close();
    await otherServer?.close();
    await bare.close();
    await canned.close();
    return;
  }
  // The layer alone, without sockets: Fastify's inject into tamis serve and into the bare route, over an empty list
  // (the search is a few microseconds), alternating blocks of 500.
  const empty = await makeService([]);
  const layer = await createServer({ service: empty, port: 0, webhooks: false, processMetrics: false, logger });
  const otherLayer = other ? await other.createServer({ service: empty, port: 0, webhooks: false, processMetrics: false, logger: loggerOf(other) }) : null;
  if (otherLayer) await otherLayer.app.ready();
  const bareLayer = Fastify();
  bareLayer.post('/searches', async (req, reply) => reply.type('application/json; charset=utf-8').send(JSON.stringify(await empty.forApiKey(String(req.headers.authorization).slice(6)).createSearch(req.body))));
  await layer.app.ready();
  await bareLayer.ready();
  const emptyApi = empty.forApiKey(KEY);
  const inject = (app, i) => app.inject({ method: 'POST', url: '/searches', headers: { authorization: `Token ${KEY}`, 'content-type': 'application/json' }, payload: JSON.stringify(body(names, i)) });
  const layerWays = {
    local: async (i) => emptyApi.createSearch(body(names, i)),
    tamis: async (i) => inject(layer.app, i),
    bare: async (i) => inject(bareLayer, i),
    ...(otherLayer ? { against: async (i) => inject(otherLayer.app, i) } : {}),
  };
  const layerNames = Object.keys(layerWays);
  const LAYER_ORDERS = williams(layerNames.length);
  const layerCpu = Object.fromEntries(layerNames.map((w) => [w, 0]));
  const rounds = 24;
  for (let r = -6; r < rounds; r++) {
    for (const w of LAYER_ORDERS[(r + 6) % LAYER_ORDERS.length].map((k) => layerNames[k])) {
      const c = cpu();
      for (let i = 0; i < 500; i++) await layerWays[w](i);
      if (r >= 0) layerCpu[w] += cpu() - c;
    }
  }
  const us = (w) => (1000 * layerCpu[w]) / (rounds * 500);
  console.log(`  the layer alone (Fastify inject, no sockets, empty list), CPU per call: tamis serve ${us('tamis').toFixed(1)} µs, bare route ${us('bare').toFixed(1)} µs, in process ${us('local').toFixed(1)} µs: tamis's own layer ${(us('tamis') - us('bare')).toFixed(1)} µs${otherLayer ? `; tamis serve of ${againstDir} ${us('against').toFixed(1)} µs (its layer ${(us('against') - us('bare')).toFixed(1)} µs)` : ''}`);
  await layer.close();
  await otherLayer?.close();

  // Throughput: 8 in flight over 8 connections, against the in-process calls one after another.
  const flight = await ask({ cmd: 'flight', url: urls.tamis, inflight: 8, calls });
  let t = performance.now();
  for (let i = 0; i < calls; i++) await api.createSearch(body(names, i));
  const localMs = performance.now() - t;
  console.log(`  searches per second: ${Math.round(calls / (flight.ms / 1000))} over HTTP (8 in flight), ${Math.round(calls / (localMs / 1000))} in process (one at a time)`);
  echo.destroy();
  child.send({ cmd: 'close' });
  await server.close();
  await otherServer?.close();
  await bare.close();
  await canned.close();
}
