// @ts-check
/**
 * Where a search allocates: the sampling heap profiler (node:inspector, every 64 bytes by default, keeping what the
 * collector freed) over the name-search query mix, the allocation sites with the most bytes per search.
 *
 *   node bench/alloc-sites.mjs --ofac [--rounds 5] [--top 30] [--dist DIR]
 *   node bench/alloc-sites.mjs --size 10000
 *
 * Runs on the BUILT package (`dist/`): build first.
 */
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { nameQuerySet } from './name-query-set.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** @param {string} name @param {string} fallback */
function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}
const dist = path.resolve(ROOT, arg('dist', 'dist'));
const rounds = Number(arg('rounds', '5'));
const top = Number(arg('top', '30'));
const mod = await import(pathToFileURL(path.join(dist, 'index.js')).href);
const set = nameQuerySet(mod, { ofac: process.argv.includes('--ofac'), size: Number(arg('size', '10000')) });
if (set === undefined) process.exit(0);
const screener = mod.createScreener({ entities: set.entities });
for (const term of set.terms) screener.search({ search_term: term, limit: 10 }); // warm-up
const session = new Session();
session.connect();
await session.post('HeapProfiler.enable');
await session.post('HeapProfiler.startSampling', {
  samplingInterval: Number(arg('interval', '64')),
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: true,
});
for (let r = 0; r < rounds; r++) for (const term of set.terms) screener.search({ search_term: term, limit: 10 });
const { profile } = /** @type {any} */ (await session.post('HeapProfiler.stopSampling'));
session.disconnect();
const searches = rounds * set.terms.length;
/** @type {Map<string, number>} */
const bySite = new Map();
let total = 0;
/** @param {any} node @param {string[]} stack */
const walk = (node, stack) => {
  const f = node.callFrame;
  const file = String(f.url).replace(/^file:\/\//, '').replace(`${ROOT}/`, '');
  const here = `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}`;
  const self = (node.selfSize ?? 0);
  if (self > 0) {
    // The site: the innermost frame of the package, with its caller.
    const own = [...stack, here].filter((s) => /dist(-base)?\//.test(s));
    const key = own.slice(-2).join(' < ') || here;
    bySite.set(key, (bySite.get(key) ?? 0) + self);
    total += self;
  }
  for (const c of node.children ?? []) walk(c, [...stack, here]);
};
walk(profile.head, []);
console.log(`${set.label}: ${searches.toLocaleString('en')} searches, ${(total / searches).toFixed(0)} bytes sampled per search\n`);
for (const [site, bytes] of [...bySite].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`${(bytes / searches).toFixed(0).padStart(8)} B  ${((100 * bytes) / total).toFixed(1).padStart(5)}%  ${site}`);
}
