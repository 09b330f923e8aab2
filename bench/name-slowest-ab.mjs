/**
 * The slowest queries of a query set, two builds side by side: each distinct query searched `--reps` times by
 * each build in one process (alternating), the median CPU time of the whole search and the median wall time of
 * verify + rank (the screener's probe, from the end of generation to the page described), with the work counters
 * of the second build per search (candidates, names checked, names the matcher ran on) and the hits. Sorted by the
 * first build's CPU time (`--by verify`: by its verify + rank time); the last lines give the percentiles of the
 * per-query medians over every distinct query.
 *
 *   node bench/name-slowest-ab.mjs --a dist-base --b dist --ofac [--reps 7] [--top 20] [--by verify]
 *   node bench/name-slowest-ab.mjs --a dist-base --b dist --size 10000
 *   node bench/name-slowest-ab.mjs --a dist-base --b dist --ofac --alloc   # bytes allocated per search instead
 *
 * `--alloc`: the bytes each build allocates per search (the sampling heap profiler every 128 bytes, keeping what the
 * collector freed), over every distinct query and over the 40 that check the most names (the heavy ones), 3 rounds.
 *
 * Runs on BUILT packages inside the project (directories holding a build's index.js).
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { nameQuerySet } from './name-query-set.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}
const dirs = [arg('a', 'dist-base'), arg('b', 'dist')];
const REPS = Number(arg('reps', '7'));
const TOP = Number(arg('top', '20'));
const BY = arg('by', 'cpu');
const mods = [];
for (const dir of dirs) mods.push(await import(pathToFileURL(path.join(ROOT, dir, 'index.js')).href));
const set = nameQuerySet(mods[0], { ofac: process.argv.includes('--ofac'), size: Number(arg('size', '10000')) });
if (set === undefined) process.exit(0);
const screeners = mods.map((mod) => mod.createScreener({ entities: set.entities }));
/** Verify + rank wall ms of each build's last search. */
const verify = [0, 0];
screeners.forEach((s, k) => {
  let generated = 0n;
  s.lists.probe = (phase) => {
    const t = process.hrtime.bigint();
    if (phase === 'generate') generated = t;
    if (phase === 'rank') verify[k] = Number(t - generated) / 1e6;
  };
});
const queries = [...new Set(set.terms)];
const search = (k, q) => screeners[k].search({ search_term: q, limit: 10 });
for (const s of [0, 1]) for (const q of queries) search(s, q);
const median = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];
if (process.argv.includes('--alloc')) {
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  const counters = screeners[1].lists.finder.counters;
  const checked = queries.map((q) => {
    const before = counters.namesChecked;
    search(1, q);
    return { q, checked: counters.namesChecked - before };
  });
  const heavy = checked.sort((a, b) => b.checked - a.checked).slice(0, 40).map((x) => x.q);
  /** @type {(node: any) => number} */
  const total = (node) => node.selfSize + node.children.reduce((/** @type {number} */ sum, /** @type {any} */ c) => sum + total(c), 0);
  process.stdout.write(`bytes allocated per search (sampled every 128 bytes, 3 rounds), ${set.label}, limit 10\n\n| build | all ${queries.length} queries | the 40 checking most names |\n|---|---:|---:|\n`);
  for (const k of [0, 1]) {
    const cells = [];
    for (const qs of [queries, heavy]) {
      await session.post('HeapProfiler.startSampling', { samplingInterval: 128, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
      for (let r = 0; r < 3; r++) for (const q of qs) search(k, q);
      const { profile } = await session.post('HeapProfiler.stopSampling');
      cells.push(Math.round(total(profile.head) / 3 / qs.length).toLocaleString('en'));
    }
    process.stdout.write(`| ${dirs[k]} | ${cells.join(' | ')} |\n`);
  }
  process.exit(0);
}
const rows = [];
for (const q of queries) {
  const cpu = [[], []];
  const ver = [[], []];
  let hits = 0;
  const before = { ...screeners[1].lists.finder.counters };
  for (let r = 0; r < REPS; r++) {
    for (const first of [0, 1]) {
      const k = r % 2 === 0 ? first : 1 - first;
      const c0 = process.cpuUsage();
      const result = search(k, q);
      const c = process.cpuUsage(c0);
      cpu[k].push((c.user + c.system) / 1000);
      ver[k].push(verify[k]);
      if (k === 1) hits = result.value.total_hits;
    }
  }
  const after = screeners[1].lists.finder.counters;
  const per = (key) => ((after[key] - before[key]) / REPS).toFixed(0);
  rows.push({ q, hits, candidates: per('candidates'), checked: per('namesChecked'), matched: per('namesMatched'), verA: median(ver[0]), verB: median(ver[1]), cpuA: median(cpu[0]), cpuB: median(cpu[1]) });
}
rows.sort(BY === 'verify' ? (a, b) => b.verA - a.verA : (a, b) => b.cpuA - a.cpuA);
const f = (x) => x.toFixed(3);
process.stdout.write(`${queries.length} distinct queries × ${REPS} searches per build, ${set.label}, limit 10; medians (ms); counters of ${dirs[1]} per search\n\n`);
process.stdout.write(`| query | total_hits | candidates | names checked | names matched | verify+rank wall, ${dirs[0]} | ${dirs[1]} | CPU, ${dirs[0]} | ${dirs[1]} |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n`);
for (const r of rows.slice(0, TOP)) process.stdout.write(`| ${r.q} | ${r.hits} | ${r.candidates} | ${r.checked} | ${r.matched} | ${f(r.verA)} | ${f(r.verB)} | ${f(r.cpuA)} | ${f(r.cpuB)} |\n`);
const pct = (key, p) => f([...rows.map((r) => r[key])].sort((x, y) => x - y)[Math.floor(rows.length * p)]);
const sum = (key) => rows.reduce((s, r) => s + r[key], 0).toFixed(1);
process.stdout.write('\n| per-query medians | p50 | p95 | p99 | sum |\n|---|---:|---:|---:|---:|\n');
for (const [key, label] of [['verA', `verify+rank, ${dirs[0]}`], ['verB', `verify+rank, ${dirs[1]}`], ['cpuA', `CPU, ${dirs[0]}`], ['cpuB', `CPU, ${dirs[1]}`]]) {
  process.stdout.write(`| ${label} | ${pct(key, 0.5)} | ${pct(key, 0.95)} | ${pct(key, 0.99)} | ${sum(key)} |\n`);
}
