// @ts-check
/**
 * Payment-reference screening benchmark: references screened per second on one core, against the OFAC SDN list
 * (when ../shared/data/ofac and the built importer exist) and synthetic lists (bench/synthetic.mjs).
 *
 *   npx tsc -p tsconfig.build.json
 *   node --expose-gc bench/reference.mjs                       # OFAC, then 1M synthetic entities
 *   node --expose-gc bench/reference.mjs --sizes 100000 --no-ofac --refs 5000
 *   node --expose-gc --max-semi-space-size=64 bench/reference.mjs   # a larger young generation (docs/benchmarks.md, payment references)
 *
 * Runs on the BUILT package (dist/). Each list is built once; the n-gram index is built by a first (untimed)
 * reference; then a fixed, seeded mix of references is screened `--warmup` times untimed (2 by default) and
 * `--rounds` times timed (3 by default; the best round is reported). The mix: names of
 * listed entities (primary and aka, as written, in capitals, with a one-letter typo, reordered surname first,
 * hyphenated, glued), two names in one reference, and references with no listed name (payment words, numbers,
 * dates, IBANs and held-out person names).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateEntities } from './synthetic.mjs';
import { references } from './reference-mix.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..');
const DIST = path.join(ROOT, 'dist');
const OFAC_DIR = path.resolve(ROOT, '../shared/data/ofac');

/** @param {string} name @param {string | undefined} fallback */
function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}
const SIZES = (arg('sizes', '1000000') ?? '').split(',').filter(Boolean).map(Number);
const REFS = Number(arg('refs', '20000'));
const ROUNDS = Number(arg('rounds', '3'));
const SEED = Number(arg('seed', '7'));
const WARMUP = Number(arg('warmup', '2'));
const NO_OFAC = process.argv.includes('--no-ofac');

const { createScreener } = await import(pathToFileURL(path.join(DIST, 'index.js')).href);
const { screenReference } = await import(pathToFileURL(path.join(DIST, 'reference/index.js')).href);

const f = (/** @type {number} */ x, d = 0) => x.toLocaleString('en', { maximumFractionDigits: d, minimumFractionDigits: d });

const heapMb = () => {
  globalThis.gc?.();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

/** @param {string} label @param {any[]} entities */
function run(label, entities) {
  const h0 = heapMb();
  let t = performance.now();
  const screener = createScreener({ entities });
  const buildMs = performance.now() - t;
  const h1 = heapMb();
  console.error(`[${label}] screener built in ${(buildMs / 1000).toFixed(1)} s`);
  const mix = references(entities, REFS, SEED);
  const refs = mix.map((r) => r.text);
  const request = (/** @type {string} */ s) => ({ search_term: s, client_ref: 'bench', search_profile: 'default' });
  t = performance.now();
  screenReference(screener, request(refs[0] ?? 'x'));
  const ngramMs = performance.now() - t;
  const h2 = heapMb();
  console.error(`[${label}] n-gram index in ${(ngramMs / 1000).toFixed(1)} s, heap ${f(h1 - h0)} MB list + ${f(h2 - h1)} MB n-grams`);
  /**
   * Best of ROUNDS timed passes over `texts` (after WARMUP untimed passes, so that the compiler and the
   * collector's work on the list just built are done): references per second of wall time, and per second of
   * this process's CPU time (user + system), which stays meaningful on a loaded machine.
   */
  const rate = (/** @type {string[]} */ texts) => {
    for (let k = 0; k < WARMUP; k++) for (const r of texts) screenReference(screener, request(r));
    let best = Infinity;
    let bestCpu = Infinity;
    for (let round = 0; round < ROUNDS; round++) {
      const c = process.cpuUsage();
      const s = performance.now();
      for (const r of texts) screenReference(screener, request(r));
      best = Math.min(best, performance.now() - s);
      const used = process.cpuUsage(c);
      bestCpu = Math.min(bestCpu, (used.user + used.system) / 1000);
    }
    return texts.length === 0 ? { wall: 0, cpu: 0 } : { wall: (texts.length / best) * 1000, cpu: (texts.length / bestCpu) * 1000 };
  };
  const all = rate(refs);
  console.error(`[${label}] whole mix: ${f(all.wall)} refs/s wall, ${f(all.cpu)} refs/s CPU`);
  const listed = rate(mix.filter((r) => r.listed).map((r) => r.text));
  const unlisted = rate(mix.filter((r) => !r.listed).map((r) => r.text));
  // Cold: a fresh mix the vocabulary-match cache has not seen, one pass.
  const cold = references(entities, Math.min(REFS, 5000), SEED + 1).map((r) => r.text);
  t = performance.now();
  for (const r of cold) screenReference(screener, request(r));
  const coldMs = performance.now() - t;
  let hits = 0;
  let withHit = 0;
  const lat = refs.map((r) => {
    const s = performance.now();
    const res = screenReference(screener, request(r));
    const dt = performance.now() - s;
    if (!res.ok) throw new Error(JSON.stringify(res.error));
    hits += res.value.total_hits;
    if (res.value.total_hits > 0) withHit++;
    return dt;
  }).sort((a, b) => a - b);
  const pct = (/** @type {number} */ q) => lat[Math.min(lat.length - 1, Math.floor(q * lat.length))] ?? 0;
  return {
    label,
    entities: entities.length,
    buildS: buildMs / 1000,
    ngramS: ngramMs / 1000,
    heapListMb: h1 - h0,
    heapNgramMb: h2 - h1,
    refsPerS: all,
    listedPerS: listed,
    unlistedPerS: unlisted,
    coldRefsPerS: (cold.length / coldMs) * 1000,
    p50: pct(0.5),
    p95: pct(0.95),
    p99: pct(0.99),
    withHit: withHit / refs.length,
    hitsPerRef: hits / refs.length,
    sample: refs.slice(0, 4).map((r) => {
      const res = screenReference(screener, request(r));
      return { reference: r, hits: res.ok ? res.value.hits.slice(0, 3).map((/** @type {any} */ h) => `${h.doc.name} [${h.match_details.map((/** @type {any} */ d) => d.substring).join(' | ')}]`) : res.error };
    }),
  };
}

async function ofacEntities() {
  if (!existsSync(path.join(OFAC_DIR, 'sdn.csv'))) return { skipped: `no OFAC data at ${OFAC_DIR}` };
  const importer = path.join(DIST, 'importers/index.js');
  if (!existsSync(importer)) return { skipped: `${importer} missing (build first)` };
  const mod = await import(pathToFileURL(importer).href);
  if (typeof mod.parseOfacSdn !== 'function') return { skipped: 'dist/importers/index.js has no parseOfacSdn' };
  const read = (/** @type {string} */ f) => (existsSync(path.join(OFAC_DIR, f)) ? readFileSync(path.join(OFAC_DIR, f)) : undefined);
  const r = mod.parseOfacSdn({ sdn: read('sdn.csv'), alt: read('alt.csv'), add: read('add.csv'), comments: read('sdn_comments.csv') }, { skipInvalid: true });
  if (!r.ok) return { skipped: `OFAC import failed: ${JSON.stringify(r.error).slice(0, 200)}` };
  return { entities: /** @type {any[]} */ (r.value.entities) };
}

const results = [];
if (!NO_OFAC) {
  const ofac = await ofacEntities();
  if (ofac.skipped !== undefined) console.log(`OFAC part skipped: ${ofac.skipped}`);
  else results.push(run('OFAC SDN', ofac.entities ?? []));
}
for (const size of SIZES) {
  const t = performance.now();
  const entities = generateEntities(size, SEED);
  console.error(`generated ${size} entities in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  results.push(run(`synthetic ${size.toLocaleString('en')}`, entities));
}

const flags = process.execArgv.filter((a) => !a.startsWith('--max-old-space-size') && a !== '--expose-gc');
console.log(`\nPayment-reference screening, ${REFS.toLocaleString('en')} references × ${ROUNDS} rounds (best round), one core, node ${process.version}${flags.length > 0 ? ` ${flags.join(' ')}` : ''}\n`);
console.log('refs/s: references per second of wall time / of CPU time (best round); cold: a fresh mix, one pass, wall time.\n');
console.log('| list | entities | index build (s) | n-gram index (s) | heap list (MB) | heap n-gram (MB) | refs/s, whole mix | refs/s, listed names | refs/s, no listed name | refs/s, cold | p50 (ms) | p95 (ms) | p99 (ms) | refs with a hit | hits/ref |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
const both = (/** @type {{ wall: number, cpu: number }} */ x) => `${f(x.wall)} / ${f(x.cpu)}`;
for (const r of results) {
  console.log(`| ${r.label} | ${f(r.entities)} | ${f(r.buildS, 1)} | ${f(r.ngramS, 1)} | ${f(r.heapListMb)} | ${f(r.heapNgramMb)} | ${both(r.refsPerS)} | ${both(r.listedPerS)} | ${both(r.unlistedPerS)} | ${f(r.coldRefsPerS)} | ${f(r.p50, 3)} | ${f(r.p95, 3)} | ${f(r.p99, 3)} | ${f(r.withHit * 100, 1)}% | ${f(r.hitsPerRef, 2)} |`);
}
console.log(`\nload average at the end: ${(await import('node:os')).loadavg().map((x) => x.toFixed(1)).join(', ')} on ${(await import('node:os')).cpus().length} CPUs`);
for (const r of results) {
  console.log(`\n${r.label}, sample:`);
  for (const s of r.sample) console.log(`  ${JSON.stringify(s.reference)} → ${JSON.stringify(s.hits)}`);
}
