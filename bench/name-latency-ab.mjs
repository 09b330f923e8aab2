// @ts-check
/**
 * Name search latency of two builds side by side: the same list and queries searched by both in one process, in
 * alternating rounds, one search at a time, each timed alone in CPU time (process.cpuUsage) and wall clock. On a
 * shared machine, paired rounds in one process tell a change apart from the neighbours' load.
 *
 *   node bench/name-latency-ab.mjs --a dist-base --b dist [--size 10000] [--rounds 4] [--limit 10]
 *   node bench/name-latency-ab.mjs --a dist-base --b dist --ofac [--rounds 4]
 *   node bench/name-latency-ab.mjs --a dist-base --b dist --size 1000000 --kind non-matching   (one kind of query)
 *   ... --memo-off    the look-up memo off in a build that has one (ScreenerOptions.lookupMemoWords 0), and the
 *                     phonetic memo of query words (phoneticMemo.capacity 0)
 *   ... --memo-split  only the second half of the (distinct) queries timed, each round of each build with its
 *                     look-up and phonetic memos cleared and warmed on the first half
 *
 * Lists: synthetic (bench/synthetic.mjs, 100 queries per kind), or with --ofac the OFAC SDN list from
 * ../shared/data/ofac with its own query mix (the same kinds, made from its entities) plus innocent names.
 * Builds are directories holding a build's index.js, inside the project (see bench/name-parity-ab.mjs).
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
const SIZE = Number(arg('size', '10000'));
const ROUNDS = Number(arg('rounds', '4'));
const LIMIT = Number(arg('limit', '10'));
const OFAC = process.argv.includes('--ofac');
const dirs = [arg('a', 'dist-base'), arg('b', 'dist')];
const mods = [];
for (const dir of dirs) mods.push(await import(pathToFileURL(path.join(ROOT, dir, 'index.js')).href));

const set = nameQuerySet(mods[1], { ofac: OFAC, size: SIZE, kind: arg('kind', '') });
if (set === undefined) process.exit(0);
const { entities, terms: queries, label: listLabel } = set;

const MEMO_OFF = process.argv.includes('--memo-off');
const MEMO_SPLIT = process.argv.includes('--memo-split');
// --memo-split: the halves by distinct term, alternately (each with the mix of kinds).
const warmTerms = new Set([...new Set(queries)].filter((_, i) => i % 2 === 0));
const timed = MEMO_SPLIT ? queries.filter((q) => !warmTerms.has(q)) : queries;
/** @type {{ dir: string, search: (term: string) => unknown, memo: any, splits: any, phonetic: any, cpu: number[], wall: number[] }[]} */
const sides = [];
for (const [k, mod] of mods.entries()) {
  const screener = mod.createScreener(MEMO_OFF ? { entities, lookupMemoWords: 0 } : { entities });
  // The phonetic memo of query words, in a build that has one (names/prepare.ts): off with the look-up memo.
  if (MEMO_OFF && mod.phoneticMemo !== undefined) mod.phoneticMemo.capacity = 0;
  const search = (/** @type {string} */ term) => screener.search({ search_term: term, limit: LIMIT });
  for (const q of queries) search(q);
  sides.push({ dir: dirs[k] ?? '', search, memo: screener.lists.finder?.lookup?.memo, splits: screener.lists.finder?.lookup?.splitMemo, phonetic: mod.phoneticMemo, cpu: [], wall: [] });
}
for (let r = 0; r < ROUNDS; r++) {
  for (const side of r % 2 === 0 ? sides : [...sides].reverse()) {
    if (MEMO_SPLIT) {
      side.memo?.clear();
      side.splits?.clear();
      side.phonetic?.clear();
      for (const q of warmTerms) side.search(q);
    }
    for (const q of timed) {
      const c0 = process.cpuUsage();
      const t0 = process.hrtime.bigint();
      side.search(q);
      const t1 = process.hrtime.bigint();
      const c1 = process.cpuUsage(c0);
      side.wall.push(Number(t1 - t0) / 1e6);
      side.cpu.push((c1.user + c1.system) / 1000);
    }
  }
}
process.stdout.write(`${timed.length} queries × ${ROUNDS} rounds, ${listLabel}${MEMO_OFF ? ', look-up memo off' : ''}${MEMO_SPLIT ? ', timed on half the queries after the look-up memo was warmed on the other half' : ''}, limit ${LIMIT}, node ${process.version} (ms: CPU / wall)\n\n`);
process.stdout.write('| build | mean | p50 | p95 | p99 | max |\n|---|---:|---:|---:|---:|---:|\n');
const stats = (/** @type {number[]} */ xs) => {
  const t = [...xs].sort((x, y) => x - y);
  const at = (/** @type {number} */ p) => t[Math.min(t.length - 1, Math.floor(t.length * p))] ?? 0;
  return { mean: t.reduce((s, x) => s + x, 0) / t.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: t[t.length - 1] ?? 0 };
};
const f = (/** @type {number} */ x) => (x < 1 ? x.toFixed(3) : x < 10 ? x.toFixed(2) : x.toFixed(1));
for (const side of sides) {
  const c = stats(side.cpu);
  const w = stats(side.wall);
  process.stdout.write(`| ${side.dir} | ${f(c.mean)} / ${f(w.mean)} | ${f(c.p50)} / ${f(w.p50)} | ${f(c.p95)} / ${f(w.p95)} | ${f(c.p99)} / ${f(w.p99)} | ${f(c.max)} / ${f(w.max)} |\n`);
}
