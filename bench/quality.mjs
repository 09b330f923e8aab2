// @ts-check
/**
 * Match quality of two builds side by side on the real OFAC SDN list (../shared/data/ofac), in one run:
 * - innocent person names (cultures absent from the list, with and without middle names and initials; English
 *   names as a control): share with a hit at default settings;
 * - recall per perturbation kind (typo, word order, dropped word, extra middle name, extra initial, title,
 *   Cyrillic script, aliases queried against the list without its akas): share of queries whose source entity is
 *   among the hits;
 * - the four shapes of issue 16 that were missed;
 * - payment references: innocent ones with and without person names (share with a hit) and references naming
 *   listed entities (share finding them);
 * - worst latency over degenerate terms at 10,000 synthetic entities.
 *
 *   npx tsc -p tsconfig.build.json                      # the new build, dist/
 *   P=$PWD; git worktree add /tmp/base main && ln -s "$P/node_modules" /tmp/base/node_modules
 *   (cd /tmp/base && npx tsc -p tsconfig.build.json --outDir "$P/dist-base")   # the old rule, ignored by git
 *   node bench/quality.mjs --a dist-base --b dist [--c dist-other] [--names 6000] [--per-kind 400] [--refs 3000] [--seed 16]
 *     [--examples 12]   # how many innocent hits and misses per kind to print on stderr
 *   node bench/quality.mjs --a dist-base --b dist --stricter [--dump]   # b's hits ⊆ a's, scores no higher; exit 1 if not
 *
 * Builds are directories holding a build's index.js, inside the project so that their imports resolve.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateEntities } from './synthetic.mjs';
import { ofacQueries } from './ofac-queries.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OFAC = path.resolve(ROOT, '../shared/data/ofac');

/** @param {string} name @param {string} fallback */
function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}
const NAMES = Number(arg('names', '6000'));
const PER_KIND = Number(arg('per-kind', '400'));
const REFS = Number(arg('refs', '3000'));
const SEED = Number(arg('seed', '16'));
const builds = [arg('a', 'dist-base'), arg('b', 'dist'), ...(arg('c', '') === '' ? [] : [arg('c', '')])];
const EXAMPLES = Number(arg('examples', '12'));
const log = (/** @type {string} */ s) => process.stderr.write(`${s}\n`);

for (const dir of builds) {
  if (!existsSync(path.join(ROOT, dir, 'index.js'))) {
    log(`no build at ${dir}/: build it first (the header of bench/quality.mjs says how to build the previous rule into dist-base/)`);
    process.exit(2);
  }
}
if (!existsSync(path.join(OFAC, 'sdn.csv'))) {
  log(`no OFAC data at ${OFAC}: nothing to measure`);
  process.exit(0);
}

// ------------------------------------------------------------------------------------------------------------
// The list.

const files = { sdn: readFileSync(path.join(OFAC, 'sdn.csv')), alt: readFileSync(path.join(OFAC, 'alt.csv')), add: readFileSync(path.join(OFAC, 'add.csv')) };
const mods = [];
for (const dir of builds) mods.push(await import(pathToFileURL(path.join(ROOT, dir, 'index.js')).href));
const parsed = mods[1].parseOfacSdn(files, { skipInvalid: true });
/** @type {any[]} */
const entities = parsed.value.entities;

const { innocentNames, perturbations, aliasQueries, innocentReferences, listedReferences } = ofacQueries(entities, { seed: SEED, perKind: PER_KIND });

// ------------------------------------------------------------------------------------------------------------
// Running both builds.

const SHAPES = [
  { term: 'Vladimir Vladimirovich Putin', listed: 'Vladimir Putin' },
  { term: 'Gena C Randolph', listed: 'Randolph, Gena' },
  { term: 'Abdulhai Abdul Ghafoor Salek', listed: 'Abdulhai Salek' },
  { term: 'Shoigu Shoigu Sergey', listed: 'Sergey Shoigu' },
];

const innocents = innocentNames(NAMES, SEED);
const kinds = perturbations();
const aliases = aliasQueries();
const refsInnocent = innocentReferences(REFS);
const refsListed = listedReferences();
log(`[quality] ${innocents.length} innocent names, ${Object.values(kinds).reduce((s, q) => s + q.length, 0)} perturbed queries, ${aliases.length} alias queries, ${refsInnocent.length} innocent and ${refsListed.length} listed references`);

/** @type {Record<string, Record<string, string>>} */
const table = {};
/** @param {string} row @param {number} b @param {string} value */
const put = (row, b, value) => ((table[row] ??= {})[builds[b] ?? ''] = value);
const pct = (/** @type {number} */ n, /** @type {number} */ d) => (d === 0 ? '–' : `${((100 * n) / d).toFixed(2)}% (${n}/${d})`);

if (process.argv.includes('--stricter')) {
  // Whether build b only ever drops hits of build a (and never scores one higher): every query set above, names and
  // references. Prints each query where it does not, and innocent hits of b when --dump is given.
  const listed = [...entities, ...SHAPES.map((s, k) => ({ id: `shape-${k}`, entity_type: 'person', name: s.listed, sources: ['shape'], types: ['sanction'] }))];
  const nameQueries = [...innocents.map((q) => q.term), ...Object.values(kinds).flat().map((q) => q.term), ...SHAPES.map((s) => s.term)];
  const answers = mods.slice(0, 2).map((mod) => {
    const full = mod.createScreener({ entities: listed });
    const stripped = mod.createScreener({ entities: entities.map(({ aka: _a, ...rest }) => rest) });
    /** @type {Map<string, Map<string, number>>} */
    const out = new Map();
    const scores = (/** @type {any[]} */ hits) => new Map(hits.map((h) => [h.doc.id, h.score]));
    for (const t of nameQueries) out.set(`name: ${t}`, scores(full.search({ search_term: t, limit: 100 }).value.hits));
    for (const q of aliases) out.set(`alias: ${q.term}`, scores(stripped.search({ search_term: q.term, limit: 100 }).value.hits));
    for (const r of [...refsInnocent, ...refsListed]) {
      const res = mod.screenReference(full, { search_term: r.text, client_ref: 'q', search_profile: 'default' });
      out.set(`reference: ${r.text}`, scores(res.ok ? res.value.hits : []));
    }
    return out;
  });
  let wider = 0;
  let dropped = 0;
  const [before, after] = /** @type {[Map<string, Map<string, number>>, Map<string, Map<string, number>>]} */ (answers);
  for (const [q, b] of after) {
    const a = before.get(q) ?? new Map();
    for (const [id, score] of b) {
      const was = a.get(id);
      if (was === undefined || score > was + 1e-9) {
        wider++;
        log(`[stricter] ${builds[1]} ${was === undefined ? 'adds' : 'raises'} ${q} -> ${id} (${was ?? '–'} -> ${score})`);
      }
    }
    for (const id of a.keys()) if (!b.has(id)) dropped++;
  }
  process.stdout.write(`${after.size} queries: ${wider} hits of ${builds[1]} not in ${builds[0]} or scored higher; ${dropped} hits of ${builds[0]} dropped\n`);
  if (process.argv.includes('--dump')) {
    const s = mods[1].createScreener({ entities: listed });
    for (const q of innocents) {
      const hit = s.search({ search_term: q.term, limit: 1 }).value.hits[0];
      if (hit !== undefined) log(`[dump] ${q.absent ? 'absent' : 'English'} / ${q.shape}: ${q.term} -> ${describeHit(hit)}`);
    }
  }
  process.exit(wider === 0 ? 0 : 1);
}

for (const [b, mod] of mods.entries()) {
  const label = builds[b];
  const t0 = performance.now();
  const screener = mod.createScreener({ entities: [...entities, ...SHAPES.map((s, k) => ({ id: `shape-${k}`, entity_type: 'person', name: s.listed, sources: ['shape'], types: ['sanction'] }))] });
  const stripped = mod.createScreener({ entities: entities.map(({ aka: _a, ...rest }) => rest) });
  const ids = (/** @type {any} */ s, /** @type {string} */ term) => {
    const r = s.search({ search_term: term, limit: 100 });
    if (!r.ok) throw new Error(`${label}: search failed for ${term}`);
    return r.value.hits.map((/** @type {any} */ h) => h.doc.id);
  };
  // Innocent names.
  /** @type {Record<string, [number, number]>} */
  const groups = {};
  const examples = [];
  for (const q of innocents) {
    const hit = ids(screener, q.term).length > 0;
    for (const g of [q.absent ? 'innocent names, cultures absent from the list' : 'innocent names, English (control)', `  … ${q.shape}${q.absent ? '' : ' (English)'}`]) {
      const c = (groups[g] ??= [0, 0]);
      c[1]++;
      if (hit) c[0]++;
    }
    if (hit && examples.length < EXAMPLES) examples.push(`${q.term} -> ${describeHit(screener.search({ search_term: q.term, limit: 1 }).value.hits[0])}`);
  }
  for (const [g, [n, d]] of Object.entries(groups).sort()) put(g, b, pct(n, d));
  log(`[${label}] innocent hits, e.g.: ${examples.join(' | ')}`);
  // Recall.
  for (const [kind, qs] of Object.entries(kinds)) {
    let found = 0;
    const missed = [];
    for (const q of qs) {
      if (ids(screener, q.term).includes(q.id)) found++;
      else if (missed.length < Math.max(4, EXAMPLES / 3)) missed.push(q.term);
    }
    put(`recall: ${kind}`, b, pct(found, qs.length));
    log(`[${label}] ${kind} missed e.g.: ${missed.join(' | ')}`);
  }
  for (const group of [true, false]) {
    const qs = aliases.filter((q) => q.person === group);
    const found = qs.filter((q) => ids(stripped, q.term).includes(q.id)).length;
    put(`recall: alias (${group ? 'persons' : 'others'}), akas removed`, b, pct(found, qs.length));
  }
  for (const [k, s] of SHAPES.entries()) put(`issue shape: ${s.term} → ${s.listed}`, b, ids(screener, s.term).includes(`shape-${k}`) ? 'found' : 'missed');
  // References.
  const request = (/** @type {string} */ text) => ({ search_term: text, client_ref: 'q', search_profile: 'default' });
  /** @type {Record<string, [number, number]>} */
  const refGroups = {};
  const refExamples = [];
  for (const r of refsInnocent) {
    const res = mod.screenReference(screener, request(r.text));
    const hit = res.ok && res.value.total_hits > 0;
    const c = (refGroups[`innocent references, ${r.kind}`] ??= [0, 0]);
    c[1]++;
    if (hit) {
      c[0]++;
      if (refExamples.length < 12) refExamples.push(`${r.text} -> ${res.value.hits[0].match_details[0].substring}=${res.value.hits[0].doc.name}`);
    }
  }
  for (const r of refsListed) {
    const res = mod.screenReference(screener, request(r.text));
    const c = (refGroups[`references: ${r.kind}`] ??= [0, 0]);
    c[1]++;
    if (res.ok && res.value.hits.some((/** @type {any} */ h) => h.doc.id === r.id)) c[0]++;
  }
  for (const [g, [n, d]] of Object.entries(refGroups)) put(g, b, pct(n, d));
  log(`[${label}] innocent reference hits, e.g.: ${refExamples.join(' | ')}`);
  // Degenerate terms at 10,000 entities.
  const synthetic = mod.createScreener({ entities: generateEntities(10_000, 42) });
  const degenerate = {
    'al- al- … (255 chars)': 'al- '.repeat(64).slice(0, 255).trim(),
    'a b c … z, five times': Array.from({ length: 5 }, () => [...'abcdefghijklmnopqrstuvwxyz'].join(' ')).join(' ').slice(0, 255),
    'one name repeated (255 chars)': 'Mohammed '.repeat(30).slice(0, 255).trim(),
    'many common names (255 chars)': 'Mohammed Ali Hassan Ahmed Hussein Abdul Rahman Omar Ibrahim Khalid Yusuf Mustafa Ali Mahmoud Karim Said Salem Nasser Tariq Faisal Hamid Jamal Rashid Walid Samir Adel Aziz Bakr Zaid Hadi Fadi Majid Bilal'.slice(0, 255),
    'normal query': 'Vladimir Putin',
  };
  let worst = 0;
  for (const [what, term] of Object.entries(degenerate)) {
    let best = Infinity;
    for (let k = 0; k < 3; k++) {
      const s = performance.now();
      synthetic.search({ search_term: term });
      const ms = performance.now() - s;
      best = Math.min(best, ms);
      if (ms > 500) break;
    }
    if (what !== 'normal query') worst = Math.max(worst, best);
    put(`latency ms, 10k entities: ${what}`, b, best.toFixed(2));
  }
  put('latency ms, 10k entities: worst degenerate term', b, worst.toFixed(2));
  log(`[${label}] done in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

/** The best hit's matching name, word types and score. @param {any} hit */
function describeHit(hit) {
  const d = hit.match_types_details?.[0];
  const words = (d?.name_matches ?? []).map((/** @type {any} */ w) => `${w.query_term}=${w.match_types.join('+')}`).join(' ');
  return `${d?.matching_name ?? hit.doc.name} [${words}] ${hit.score.toFixed(1)}`;
}

const head = `| measure | ${builds.join(' | ')} |\n|---|${builds.map(() => '---:').join('|')}|`;
const rows = Object.entries(table).map(([row, v]) => `| ${row} | ${builds.map((b) => v[b] ?? '–').join(' | ')} |`);
process.stdout.write(`${head}\n${rows.join('\n')}\n`);
