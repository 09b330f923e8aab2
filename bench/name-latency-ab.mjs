// @ts-check
/**
 * Name search latency of two builds side by side: the same synthetic list and query mix (bench/synthetic.mjs,
 * 100 queries per kind) searched by both in one process, in alternating rounds, one search at a time.
 *
 *   node bench/name-latency-ab.mjs --a dist-base --b dist [--size 10000] [--rounds 4]
 *
 * Builds are directories holding a build's index.js, inside the project (see bench/quality.mjs for dist-base).
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateEntities, generateQueries } from './synthetic.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** @param {string} name @param {string} fallback */
function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}
const SIZE = Number(arg('size', '10000'));
const ROUNDS = Number(arg('rounds', '4'));
const entities = generateEntities(SIZE, 42);
const queries = generateQueries(entities, 43, { perKind: 100 }).map((q) => q.term);
/** @type {{ dir: string, search: (term: string) => unknown, times: number[] }[]} */
const sides = [];
for (const dir of [arg('a', 'dist-base'), arg('b', 'dist')]) {
  const { createScreener } = await import(pathToFileURL(path.join(ROOT, dir, 'index.js')).href);
  const screener = createScreener({ entities });
  const search = (/** @type {string} */ term) => screener.search({ search_term: term });
  for (const q of queries) search(q);
  sides.push({ dir, search, times: [] });
}
for (let r = 0; r < ROUNDS; r++) {
  for (const side of r % 2 === 0 ? sides : [...sides].reverse()) {
    for (const q of queries) {
      const t0 = process.hrtime.bigint();
      side.search(q);
      side.times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
  }
}
process.stdout.write(`${queries.length} queries × ${ROUNDS} rounds, ${SIZE.toLocaleString('en')} synthetic entities (wall ms)\n\n| build | mean | p50 | p95 | p99 |\n|---|---:|---:|---:|---:|\n`);
for (const side of sides) {
  const t = [...side.times].sort((x, y) => x - y);
  const at = (/** @type {number} */ p) => (t[Math.min(t.length - 1, Math.floor(t.length * p))] ?? 0).toFixed(3);
  const mean = t.reduce((s, x) => s + x, 0) / t.length;
  process.stdout.write(`| ${side.dir} | ${mean.toFixed(3)} | ${at(0.5)} | ${at(0.95)} | ${at(0.99)} |\n`);
}
