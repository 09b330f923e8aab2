// @ts-check
/**
 * The time to prepare a query (`prepareQuery`: tokens, sound codes, affix roles, glued pairs), alone, over the
 * name benches' query mix (the OFAC SDN mix with --ofac, else the synthetic mix): the `normalise` phase of a search
 * without the rest. Each pass prepares every query once; the first passes warm the phonetic memo and the JIT.
 *
 *   node bench/prepare-query.mjs [--dist dist] [--ofac | --size 10000] [--passes 20]
 *
 * Runs on a BUILT package inside the project.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { nameQuerySet } from './name-query-set.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** @param {string} name @param {string} fallback */
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const DIST = arg('dist', 'dist');
const PASSES = Number(arg('passes', '20'));
const mod = await import(pathToFileURL(path.join(ROOT, DIST, 'index.js')).href);
const { prepareQuery } = await import(pathToFileURL(path.join(ROOT, DIST, 'names/name-match.js')).href);
const set = nameQuerySet(mod, { ofac: process.argv.includes('--ofac'), size: Number(arg('size', '10000')) });
if (set === undefined) process.exit(0);
const tables = mod.defaultWordTables();
for (let r = 0; r < 3; r++) for (const t of set.terms) prepareQuery(t, undefined, tables);
/** @type {number[]} µs per query, per pass */
const perPass = [];
for (let r = 0; r < PASSES; r++) {
  const t0 = process.hrtime.bigint();
  for (const t of set.terms) prepareQuery(t, undefined, tables);
  perPass.push(Number(process.hrtime.bigint() - t0) / 1e3 / set.terms.length);
}
perPass.sort((a, b) => a - b);
const median = perPass[Math.floor(perPass.length / 2)] ?? 0;
process.stdout.write(`${set.terms.length} queries × ${PASSES} passes, ${set.label}, ${DIST}: prepareQuery ${median.toFixed(2)} µs per query (median of passes; fastest ${perPass[0]?.toFixed(2)}, slowest ${perPass[perPass.length - 1]?.toFixed(2)})\n`);
