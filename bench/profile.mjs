// @ts-check
/**
 * CPU profile of the index build and of the query mix over a synthetic list, per phase, with the V8 sampling
 * profiler (node:inspector). Prints the functions with the most self time and the most total (inclusive) time,
 * and writes the raw profiles (open them in Chrome DevTools > Performance, or speedscope).
 *
 *   node --expose-gc bench/profile.mjs [--size 100000] [--rounds 3] [--phase build,query] [--top 25] [--kind typo] [--dist DIR]
 *   node --expose-gc bench/profile.mjs --ofac 1 [--rounds 10] [--phase query]   # the OFAC list and its query mix (name-query-set.mjs)
 *
 * Runs on the BUILT package (`dist/`): build first.
 */
import { Session } from 'node:inspector/promises';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateEntities, generateQueries } from './synthetic.mjs';
import { nameQuerySet } from './name-query-set.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..');

/** @type {Record<string, string>} */
const args = {};
for (let i = 2; i < process.argv.length; i += 2) args[String(process.argv[i]).replace(/^--/, '')] = String(process.argv[i + 1]);
const size = Number(args.size ?? 100_000);
const rounds = Number(args.rounds ?? 3);
const phases = (args.phase ?? 'build,query').split(',');
const top = Number(args.top ?? 25);
const seed = Number(args.seed ?? 42);

/**
 * @typedef {{ id: number, callFrame: { functionName: string, url: string, lineNumber: number }, hitCount?: number, children?: number[] }} ProfileNode
 * @typedef {{ nodes: ProfileNode[], samples: number[], timeDeltas: number[], startTime: number, endTime: number }} Profile
 */

/** @param {ProfileNode['callFrame']} f */
function label(f) {
  const file = f.url.replace(/^file:\/\//, '').replace(`${ROOT}/`, '');
  return `${f.functionName || '(anonymous)'} ${file === '' ? '' : `${file}:${f.lineNumber + 1}`}`.trim();
}

/**
 * Self and total time per function (ms), from a V8 CPU profile.
 * @param {Profile} profile
 */
export function summarise(profile) {
  /** @type {Map<number, ProfileNode>} */
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  /** @type {Map<number, number>} */
  const selfUs = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = /** @type {number} */ (profile.samples[i]);
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  /** @type {Map<string, { self: number, total: number }>} */
  const fn = new Map();
  const get = (/** @type {string} */ k) => {
    let v = fn.get(k);
    if (v === undefined) fn.set(k, (v = { self: 0, total: 0 }));
    return v;
  };
  const root = profile.nodes[0];
  /** @type {Map<string, number>} */
  const onStack = new Map();
  /** @param {ProfileNode} node @returns {number} */
  const walk = (node) => {
    const key = label(node.callFrame);
    const self = selfUs.get(node.id) ?? 0;
    get(key).self += self;
    onStack.set(key, (onStack.get(key) ?? 0) + 1);
    let total = self;
    for (const c of node.children ?? []) total += walk(/** @type {ProfileNode} */ (byId.get(c)));
    const depth = /** @type {number} */ (onStack.get(key));
    if (depth === 1) get(key).total += total; // count recursion once
    onStack.set(key, depth - 1);
    return total;
  };
  const all = root === undefined ? 0 : walk(root);
  return { totalMs: all / 1000, functions: [...fn.entries()].map(([name, v]) => ({ name, selfMs: v.self / 1000, totalMs: v.total / 1000 })) };
}

/**
 * @param {ReturnType<typeof summarise>} s
 * @param {string} title
 */
function print(s, title) {
  const skip = /^(\((root|program|idle)\)|dispatch$)/; // dispatch: the inspector's own Profiler.stop
  const rows = s.functions.filter((f) => !skip.test(f.name));
  const pctOf = (/** @type {number} */ x) => `${((100 * x) / s.totalMs).toFixed(1)}%`.padStart(6);
  console.log(`\n## ${title}: ${s.totalMs.toFixed(0)} ms sampled\n\nself time:`);
  for (const f of [...rows].sort((a, b) => b.selfMs - a.selfMs).slice(0, top)) console.log(`  ${pctOf(f.selfMs)} ${f.selfMs.toFixed(0).padStart(7)} ms  ${f.name}`);
  console.log('\ntotal time (inclusive, functions of the package):');
  for (const f of [...rows].filter((f) => /dist(-snapshot)?\//.test(f.name)).sort((a, b) => b.totalMs - a.totalMs).slice(0, top)) {
    console.log(`  ${pctOf(f.totalMs)} ${f.totalMs.toFixed(0).padStart(7)} ms  ${f.name}`);
  }
}

async function main() {
  const dist = args.dist !== undefined ? path.resolve(args.dist) : path.join(ROOT, 'dist');
  const { createScreener } = await import(pathToFileURL(path.join(dist, 'screening/index.js')).href);
  let entities;
  let queries;
  if (args.ofac !== undefined) {
    const set = nameQuerySet(await import(pathToFileURL(path.join(dist, 'index.js')).href), { ofac: true, size: 0 });
    if (set === undefined) return;
    entities = set.entities;
    queries = set.terms.map((term) => ({ term }));
  } else {
    entities = generateEntities(size, seed);
    queries = generateQueries(entities, seed + 1);
    if (args.kind !== undefined) queries = queries.filter((q) => q.kind === args.kind);
  }
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  const outDir = path.join(HERE, 'results');
  mkdirSync(outDir, { recursive: true });
  /**
   * @param {string} phase
   * @param {() => void} run
   */
  const profile = async (phase, run) => {
    await session.post('Profiler.start');
    const t0 = performance.now();
    run();
    const wall = performance.now() - t0;
    const { profile: p } = /** @type {{ profile: Profile }} */ (/** @type {unknown} */ (await session.post('Profiler.stop')));
    const file = path.join(outDir, `profile-${phase}-${args.ofac !== undefined ? 'ofac' : size}.cpuprofile`);
    writeFileSync(file, JSON.stringify(p));
    print(summarise(p), `${phase} (${entities.length.toLocaleString('en')} entities, ${wall.toFixed(0)} ms wall; ${path.relative(process.cwd(), file)})`);
  };
  /** @type {any} */
  let screener;
  if (phases.includes('build')) await profile('build', () => (screener = createScreener({ entities })));
  else screener = createScreener({ entities });
  if (phases.includes('query')) {
    for (const q of queries) screener.search({ search_term: q.term, limit: 10 }); // warm-up
    await profile('query', () => {
      for (let r = 0; r < rounds; r++) for (const q of queries) screener.search({ search_term: q.term, limit: 10 });
    });
  }
  session.disconnect();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
