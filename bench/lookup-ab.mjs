// @ts-check
/**
 * The look-up phase of a name search alone (CandidateFinder.lookUp: what each query word reaches in the
 * vocabulary), and the query's preparation before it (`normalise`: prepareQuery), in two builds side by side: the same list and queries in one process, in alternating rounds, each
 * round timed whole (ms per query). Also the look-up's two largest parts over the queries' words:
 * `vocabularyTypes` (the words each query word matches by a per-word type) and `markSplit` (its ways of being
 * written as several list words). Reports the fastest round (the least disturbed by the machine's other load) and
 * the median round. The builds hold no cache across queries: a repeated round costs what the first did (after
 * warm-up).
 *
 *   node bench/lookup-ab.mjs --a dist-base --b dist [--size 100000] [--kind non-matching] [--rounds 15]
 *   node bench/lookup-ab.mjs --a dist-base --b dist --ofac [--rounds 15]
 *   node bench/lookup-ab.mjs --a dist-base --b dist --ofac --alloc   # bytes allocated per query instead (sampled)
 *   node bench/lookup-ab.mjs --a dist-base --b dist --ofac --cpu     # CPU time (process.cpuUsage) instead of wall
 *   node bench/lookup-ab.mjs --a dist-base --b dist --ofac --memo-off    # the look-up memo turned off (lookup-memo.ts)
 *   node bench/lookup-ab.mjs --a dist-base --b dist --ofac --memo-split  # `look up` timed on the second half of the
 *     queries only, each round with the memo cleared and warmed on the first half (no word remembered from a round
 *     before: what a memo earns on queries it has not seen, from the words they share with others)
 *
 * Reads the builds' internals (`screener.lists.finder`, `names/name-match.js`): for comparing builds of this
 * project, not an API. Builds are directories holding a build's index.js, inside the project.
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
const ROUNDS = Number(arg('rounds', '15'));
const MEMO_OFF = process.argv.includes('--memo-off');
const MEMO_SPLIT = process.argv.includes('--memo-split');
const KIND = arg('kind', '');
const CPU = process.argv.includes('--cpu');
const dirs = [arg('a', 'dist-base'), arg('b', 'dist')];

const set = nameQuerySet(await import(pathToFileURL(path.join(ROOT, dirs[0] ?? 'dist', 'index.js')).href), {
  ofac: process.argv.includes('--ofac'),
  size: Number(arg('size', '100000')),
  kind: KIND,
});
if (set === undefined) process.exit(0);
const { entities, terms } = set;
const label = `${set.label}${MEMO_OFF ? ', look-up memo off' : ''}${MEMO_SPLIT ? ', look up: the memo warmed on half the queries, timed on the other half' : ''}`;

const settings = { exactMatch: false, minEditLength: 3, nameVariations: true, threshold: undefined, minMatchedWords: undefined };
const sides = [];
for (const dir of dirs) {
  const mod = await import(pathToFileURL(path.join(ROOT, dir, 'index.js')).href);
  const { prepareQuery } = await import(pathToFileURL(path.join(ROOT, dir, 'names/name-match.js')).href);
  const finder = mod.createScreener({ entities }).lists.finder;
  const tables = finder.index.tables;
  const queries = terms.map((t) => prepareQuery(t, undefined, tables));
  // The look-up memo of a build that has one (lookup-memo.ts): off, or warmed on one half and timed on the other.
  const memo = finder.lookup.memo;
  if (memo !== undefined && MEMO_OFF) memo.capacity = 0;
  // The halves by distinct term, alternately (each has the mix of kinds; no term is in both).
  const distinct = [...new Set(terms)];
  const warmTerms = new Set(distinct.filter((_, i) => i % 2 === 0));
  const warm = queries.filter((_, i) => warmTerms.has(/** @type {string} */ (terms[i])));
  const timed = MEMO_SPLIT ? queries.filter((_, i) => !warmTerms.has(/** @type {string} */ (terms[i]))) : queries;
  /** @type {Record<string, number>} */
  const counts = { 'look up': timed.length };
  /** @type {Record<string, () => void>} before a task's timed run, untimed */
  const before = {};
  if (MEMO_SPLIT && memo !== undefined) {
    before['look up'] = () => {
      memo.clear();
      finder.lookup.splitMemo?.clear();
      for (const q of warm) finder.lookUp(q, settings);
    };
  }
  const words = queries.flatMap((q) => q.words);
  const ctx = { tables, minEditLength: 3, nicknames: true, initials: true };
  /** @type {Record<string, () => void>} */
  const tasks = {
    normalise: () => {
      for (const t of terms) prepareQuery(t, undefined, tables);
    },
    'look up': () => {
      for (const q of timed) finder.lookUp(q, settings);
    },
    vocabularyTypes: () => {
      for (const w of words) finder.lookup.vocabularyTypes(w, ctx, 3);
    },
    markSplit: () => {
      for (const w of words) finder.lookup.markSplit(w, () => {});
    },
  };
  for (let r = 0; r < 2; r++) for (const run of Object.values(tasks)) run();
  /** @type {Record<string, number[]>} */
  const times = Object.fromEntries(Object.keys(tasks).map((k) => [k, []]));
  sides.push({ dir, tasks, times, count: queries.length, counts, before });
}
if (process.argv.includes('--alloc')) {
  // Every object allocated (the sampling heap profiler, keeping what the collector freed), per query of each task.
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  process.stdout.write(`bytes allocated per query (sampled every 128 bytes, 5 rounds), ${label}\n\n| build | ${Object.keys(sides[0]?.tasks ?? {}).join(' | ')} |\n|---|${Object.keys(sides[0]?.tasks ?? {}).map(() => '---:').join('|')}|\n`);
  for (const side of sides) {
    const cells = [];
    for (const [name, run] of Object.entries(side.tasks)) {
      /** @type {(node: any) => number} */
      const total = (node) => node.selfSize + node.children.reduce((/** @type {number} */ sum, /** @type {any} */ c) => sum + total(c), 0);
      let bytes = 0;
      for (let r = 0; r < 5; r++) {
        side.before[name]?.();
        await session.post('HeapProfiler.startSampling', { samplingInterval: 128, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
        run();
        const { profile } = await session.post('HeapProfiler.stopSampling');
        bytes += total(profile.head);
      }
      cells.push((bytes / 5 / (side.counts[name] ?? side.count)).toFixed(0));
    }
    process.stdout.write(`| ${side.dir} | ${cells.join(' | ')} |\n`);
  }
  process.exit(0);
}
for (let r = 0; r < ROUNDS; r++) {
  for (const side of r % 2 === 0 ? sides : [...sides].reverse()) {
    for (const [name, run] of Object.entries(side.tasks)) {
      const count = side.counts[name] ?? side.count;
      side.before[name]?.();
      if (CPU) {
        const c0 = process.cpuUsage();
        run();
        const c1 = process.cpuUsage(c0);
        side.times[name]?.push((c1.user + c1.system) / 1e3 / count);
        continue;
      }
      const t0 = process.hrtime.bigint();
      run();
      side.times[name]?.push(Number(process.hrtime.bigint() - t0) / 1e6 / count);
    }
  }
}
const f = (/** @type {number} */ x) => x.toFixed(4);
process.stdout.write(`${terms.length} queries × ${ROUNDS} rounds, ${label}, node ${process.version} (${CPU ? 'CPU' : 'wall'} ms per query: fastest round / median round)\n\n`);
process.stdout.write(`| build | ${Object.keys(sides[0]?.tasks ?? {}).join(' | ')} |\n|---|${Object.keys(sides[0]?.tasks ?? {}).map(() => '---:').join('|')}|\n`);
for (const side of sides) {
  const cells = Object.values(side.times).map((xs) => {
    const t = [...xs].sort((x, y) => x - y);
    return `${f(t[0] ?? 0)} / ${f(t[Math.floor(t.length / 2)] ?? 0)}`;
  });
  process.stdout.write(`| ${side.dir} | ${cells.join(' | ')} |\n`);
}
