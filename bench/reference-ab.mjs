// @ts-check
/**
 * Two builds of tamis side by side on payment references: both screen the same synthetic list and the same mix
 * (bench/reference-mix.mjs) in one process, in alternating timed passes, so the machine's load falls on both
 * alike. On a shared machine separate runs of one build differ by a third, more than most single changes; paired
 * passes tell a change of a few per cent. Both lists live in one heap, which makes each young-generation
 * collection dearer than with one list (docs/benchmarks.md, payment references): compare the two builds with each other, not
 * with bench/reference.mjs.
 *
 *   P=$PWD; git worktree add /tmp/base COMMIT && ln -s "$P/node_modules" /tmp/base/node_modules
 *   (cd /tmp/base && npx tsc -p tsconfig.build.json --outDir "$P/dist-base")   # the baseline, ignored by git
 *   npx tsc -p tsconfig.build.json
 *   node --max-old-space-size=14000 bench/reference-ab.mjs --a dist-base --b dist --size 1000000 --passes 12
 *
 * Builds are directories holding index.js and reference/index.js (a build's `dist/`), inside the project so that
 * their imports resolve.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateEntities } from './synthetic.mjs';
import { references } from './reference-mix.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** @param {string} name @param {string} fallback */
function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}
const SIZE = Number(arg('size', '100000'));
const REFS = Number(arg('refs', '2000'));
const PASSES = Number(arg('passes', '12'));
const SEED = Number(arg('seed', '7'));
const builds = [arg('a', 'dist'), arg('b', 'dist')].map((dir) => path.resolve(ROOT, dir));

const entities = generateEntities(SIZE, SEED);
const texts = references(entities, REFS, SEED).map((r) => r.text);
const request = (/** @type {string} */ s) => ({ search_term: s, client_ref: 'bench', search_profile: 'default' });

const sides = [];
for (const dir of builds) {
  const { createScreener } = await import(pathToFileURL(path.join(dir, 'index.js')).href);
  const { screenReference } = await import(pathToFileURL(path.join(dir, 'reference/index.js')).href);
  const screener = createScreener({ entities });
  // Two untimed passes: the n-gram index, the caches and the compiler settle.
  for (let k = 0; k < 2; k++) for (const t of texts) screenReference(screener, request(t));
  sides.push({
    dir: path.relative(ROOT, dir) || '.',
    pass: () => {
      for (const t of texts) screenReference(screener, request(t));
    },
    /** @type {number[]} */ cpuMs: [],
  });
}

for (let p = 0; p < PASSES; p++) {
  // Alternate which build goes first, so neither always runs right after the other's garbage.
  for (const side of p % 2 === 0 ? sides : [...sides].reverse()) {
    const c = process.cpuUsage();
    side.pass();
    const used = process.cpuUsage(c);
    side.cpuMs.push((used.user + used.system) / 1000);
  }
}

const median = (/** @type {number[]} */ xs) => {
  const s = [...xs].sort((x, y) => x - y);
  return s.length % 2 === 1 ? s[(s.length - 1) / 2] ?? 0 : ((s[s.length / 2 - 1] ?? 0) + (s[s.length / 2] ?? 0)) / 2;
};
const perSecond = (/** @type {number} */ ms) => Math.round((texts.length / ms) * 1000).toLocaleString('en');
console.log(`\n${texts.length.toLocaleString('en')} references × ${PASSES} alternating passes per build, ${SIZE.toLocaleString('en')} synthetic entities, node ${process.version}\n`);
console.log('| build | refs per CPU-second, median pass | best pass |');
console.log('|---|---:|---:|');
for (const s of sides) console.log(`| ${s.dir} | ${perSecond(median(s.cpuMs))} | ${perSecond(Math.min(...s.cpuMs))} |`);
const [a, b] = sides;
if (a !== undefined && b !== undefined) {
  const ratio = median(a.cpuMs) / median(b.cpuMs);
  // Pass by pass: how often b was the faster of the pair.
  let bFaster = 0;
  for (let p = 0; p < PASSES; p++) if ((b.cpuMs[p] ?? 0) < (a.cpuMs[p] ?? 0)) bFaster++;
  console.log(`\n${b.dir} / ${a.dir}: ${ratio.toFixed(3)}× the speed (median CPU per pass); ${b.dir} faster in ${bFaster} of ${PASSES} pairs`);
}
