// @ts-check
/**
 * Time per name search split by phase (normalise, look up, generate, verify, rank), with the work counters of
 * candidate generation per search: the query mix of bench/synthetic.mjs over a synthetic list, or the OFAC SDN
 * list with its own mix and innocent names. Each phase is timed by the screener's probe (`lists.probe`, wall
 * clock: the core reads no clock); the whole search also in CPU time. Also the build time and the heap after it.
 *
 *   node --expose-gc bench/name-phases.mjs [--dist dist] [--size 10000] [--rounds 3]
 *   node --expose-gc bench/name-phases.mjs [--dist dist] --ofac [--rounds 3]
 *   ... --memo-off     the look-up memo off (ScreenerOptions.lookupMemoWords 0; a build without one ignores it), and
 *                      the phonetic memo of query words (phoneticMemo.capacity 0)
 *   ... --memo-split   only the second half of the (distinct) queries timed, each round with the look-up and
 *                      phonetic memos cleared and warmed on the first half (a memo sees no query it is timed on beforehand)
 *   node --expose-gc bench/name-phases.mjs [--dist dist] [--size 10000] --kind non-matching
 *
 * `--kind K` keeps only the synthetic queries of that kind (bench/synthetic.mjs QUERY_KINDS): the phase table and
 * counters of the queries naming no one, say.
 *
 * Runs on a BUILT package inside the project (`dist/` by default).
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { nameQuerySet } from './name-query-set.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** @param {string} name @param {string} fallback */
function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}
const DIST = arg('dist', 'dist');
const ROUNDS = Number(arg('rounds', '3'));
const mod = await import(pathToFileURL(path.join(ROOT, DIST, 'index.js')).href);

const set = nameQuerySet(mod, { ofac: process.argv.includes('--ofac'), size: Number(arg('size', '10000')), kind: arg('kind', '') });
if (set === undefined) process.exit(0);
/** `none`: the queries of the synthetic mix that name no one on the list (no word of them is on it). */
const { entities, terms: queries, none, label } = set;

const b0 = process.cpuUsage();
const w0 = process.hrtime.bigint();
const MEMO_OFF = process.argv.includes('--memo-off');
const MEMO_SPLIT = process.argv.includes('--memo-split');
const screener = mod.createScreener(MEMO_OFF ? { entities, lookupMemoWords: 0 } : { entities });
// The phonetic memo of query words, in a build that has one (names/prepare.ts): off with the look-up memo.
if (MEMO_OFF && mod.phoneticMemo !== undefined) mod.phoneticMemo.capacity = 0;
const buildWall = Number(process.hrtime.bigint() - w0) / 1e9;
const b1 = process.cpuUsage(b0);
const buildCpu = (b1.user + b1.system) / 1e6;
/** @type {(() => void) | undefined} */
const gc = /** @type {any} */ (globalThis).gc;
gc?.();
const heap = process.memoryUsage().heapUsed / 2 ** 20;
/** Typed arrays' storage, outside the V8 heap. */
const buffers = process.memoryUsage().arrayBuffers / 2 ** 20;
const lists = screener.lists;
const PHASES = ['normalise', 'look up', 'generate', 'verify', 'rank'];
/** @type {Record<string, number[]>} */
const times = Object.fromEntries(PHASES.map((p) => [p, []]));
const cpu = [];
const wall = [];
/** @type {number[]} */
const noneCpu = [];
let last = 0n;
/** @type {Record<string, number>} */
let current = {};
lists.probe = (/** @type {string} */ phase) => {
  const t = process.hrtime.bigint();
  current[phase] = Number(t - last) / 1e6;
  last = t;
};
const search = (/** @type {string} */ term) => screener.search({ search_term: term, limit: 10 });
for (const q of queries) search(q);
/** @returns {Record<string, number>} */
const counters = () => ({ ...(lists.finder?.counters ?? {}) });
// --memo-split: the halves by distinct term, alternately (each with the mix of kinds).
const warmTerms = new Set([...new Set(queries)].filter((_, i) => i % 2 === 0));
const timed = MEMO_SPLIT ? queries.filter((q) => !warmTerms.has(q)) : queries;
let memoHits = 0;
let memoMisses = 0;
/** @type {Record<string, number>} the counters over the timed searches only */
const counted = {};
for (let r = 0; r < ROUNDS; r++) {
  if (MEMO_SPLIT) {
    lists.finder?.lookup?.memo?.clear();
    lists.finder?.lookup?.splitMemo?.clear();
    mod.phoneticMemo?.clear();
    for (const q of warmTerms) search(q);
  }
  const start = counters();
  const memo = lists.finder?.lookup?.memo;
  const m0 = memo === undefined ? [0, 0] : [memo.hits, memo.misses];
  for (const q of timed) {
    current = {};
    const c0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    last = t0;
    search(q);
    const t1 = process.hrtime.bigint();
    const c1 = process.cpuUsage(c0);
    wall.push(Number(t1 - t0) / 1e6);
    cpu.push((c1.user + c1.system) / 1000);
    if (none.has(q)) noneCpu.push((c1.user + c1.system) / 1000);
    for (const p of PHASES) times[p]?.push(current[p] ?? 0);
  }
  const end = counters();
  for (const k of Object.keys(end)) counted[k] = (counted[k] ?? 0) + (end[k] ?? 0) - (start[k] ?? 0);
  if (memo !== undefined) {
    memoHits += memo.hits - (m0[0] ?? 0);
    memoMisses += memo.misses - (m0[1] ?? 0);
  }
}
/** @type {Record<string, number>} */
const before = {};
const after = counted;

const stats = (/** @type {number[]} */ xs) => {
  const t = [...xs].sort((x, y) => x - y);
  const at = (/** @type {number} */ p) => t[Math.min(t.length - 1, Math.floor(t.length * p))] ?? 0;
  return { mean: t.reduce((s, x) => s + x, 0) / t.length, p50: at(0.5), p95: at(0.95), p99: at(0.99) };
};
const f = (/** @type {number} */ x) => (x < 1 ? x.toFixed(3) : x < 10 ? x.toFixed(2) : x.toFixed(1));
const row = (/** @type {string} */ name, /** @type {number[]} */ xs) => {
  const s = stats(xs);
  return `| ${name} | ${f(s.mean)} | ${f(s.p50)} | ${f(s.p95)} | ${f(s.p99)} |\n`;
};
process.stdout.write(`${timed.length} queries × ${ROUNDS} rounds, ${label}, limit 10, ${DIST}${MEMO_OFF ? ', look-up memo off' : ''}${MEMO_SPLIT ? ', timed on half the queries after the look-up memo was warmed on the other half' : ''}, node ${process.version} (ms)\n\n`);
process.stdout.write(`build ${buildWall.toFixed(1)} s wall, ${buildCpu.toFixed(1)} s CPU; heap after build ${gc === undefined ? 'not measured (run with --expose-gc)' : `${heap.toFixed(0)} MiB (entities included) + ${buffers.toFixed(0)} MiB array buffers`}\n\n`);
process.stdout.write('| phase | mean | p50 | p95 | p99 |\n|---|---:|---:|---:|---:|\n');
for (const p of PHASES) process.stdout.write(row(p, times[p] ?? []));
process.stdout.write(row('whole search (wall)', wall));
process.stdout.write(row('whole search (CPU)', cpu));
if (noneCpu.length > 0) process.stdout.write(row('queries naming no one (CPU)', noneCpu));
const searches = (after.searches ?? 0) - (before.searches ?? 0);
process.stdout.write(searches === 0 ? '\n(no search counters in this build)' : '\nper search: ');
process.stdout.write(
  Object.keys(after)
    .filter((k) => k !== 'searches')
    .map((k) => `${k} ${(((after[k] ?? 0) - (before[k] ?? 0)) / searches).toFixed(1)}`)
    .join(', '),
);
process.stdout.write('\n');
if (memoHits + memoMisses > 0) process.stdout.write(`look-up memo: ${((100 * memoHits) / (memoHits + memoMisses)).toFixed(1)}% of the per-word look-ups of the timed searches answered from it (${memoHits} of ${memoHits + memoMisses})\n`);
