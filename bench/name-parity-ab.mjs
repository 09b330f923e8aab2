// @ts-check
/**
 * Whether two builds answer alike: the same lists screened by both in one process, the same queries under many
 * settings, and the JSON of every response compared (hits, scores, match types, details, order, total_hits).
 * A change meant to make name search faster must leave every answer as it was: this prints the differences, and
 * exits with 1 when there is any.
 *
 *   P=$PWD; mkdir /tmp/base && git archive main | tar -x -C /tmp/base && ln -s "$P/node_modules" /tmp/base/node_modules
 *   (cd /tmp/base && npx tsc -p tsconfig.build.json --outDir "$P/dist-base")   # the reference build, ignored by git
 *   npx tsc -p tsconfig.build.json
 *   node --max-old-space-size=8000 bench/name-parity-ab.mjs --a dist-base --b dist [--sizes 10000,100000] [--no-ofac]
 *
 * Lists: the OFAC SDN list from ../shared/data/ofac (with an internal list beside it, and without its akas for
 * the alias queries), and synthetic lists of bench/synthetic.mjs (one of them also after entities were removed,
 * replaced and added). Queries: the synthetic query mix (exact, typo, reordered, partial, phonetic, none),
 * innocent names of cultures absent from the list, the perturbations and alias queries of bench/quality.mjs,
 * degenerate terms. Each is searched with the defaults and with two of the settings below in turn; payment
 * references are screened too. Build B is also asked through a snapshot restored from JSON, and from a binary snapshot when it writes one.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateEntities, generateNonMatchingNames, generateQueries } from './synthetic.mjs';
import { ofacQueries } from './ofac-queries.mjs';
import { references } from './reference-mix.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OFAC = path.resolve(ROOT, '../shared/data/ofac');

/** @param {string} name @param {string} fallback */
function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}
const SIZES = arg('sizes', '10000,100000').split(',').filter((s) => s !== '').map(Number);
const NO_OFAC = process.argv.includes('--no-ofac');
const PER_KIND = Number(arg('per-kind', '150'));
const builds = [arg('a', 'dist-base'), arg('b', 'dist')];
const log = (/** @type {string} */ s) => process.stderr.write(`${s}\n`);

const mods = [];
for (const dir of builds) {
  const main = await import(pathToFileURL(path.join(ROOT, dir, 'index.js')).href);
  const reference = await import(pathToFileURL(path.join(ROOT, dir, 'reference/index.js')).href);
  mods.push({ ...main, screenReference: reference.screenReference });
}
const [A, B] = mods;

/** Settings each query is also searched with (two per query, in turn). @type {((term: string) => Record<string, unknown>)[]} */
const VARIANTS = [
  () => ({ limit: 10 }),
  () => ({ fuzziness: 0 }),
  () => ({ fuzziness: 1 }),
  () => ({ fuzziness: 0.3 }),
  () => ({ fuzziness: 0.8, limit: 20 }),
  () => ({ exact_match: true }),
  () => ({ name_variations: true }),
  () => ({ min_matched_words: 2 }),
  () => ({ name_variations: true, min_matched_words: 2, limit: 10 }),
  () => ({ filters: { entity_type: 'person' } }),
  () => ({ filters: { entity_type: 'organisation' } }),
  () => ({ filters: { birth_year: 1960 } }),
  () => ({ filters: { types: ['sanction'], country_codes: ['IR', 'RU'], remove_deceased: '1' } }),
  () => ({ limit: 5, offset: 3 }),
  () => ({ details_shape: 'keyed', limit: 3 }),
  () => ({ limit: 1 }),
];

/** A structured term from a string: last word as last name, the rest given names. @param {string} term */
function structured(term) {
  const ws = term.split(/\s+/).filter((w) => w !== '');
  if (ws.length < 2) return undefined;
  return { first_name: ws[0], middle_names: ws.slice(1, -1).join(' ') || undefined, last_name: ws[ws.length - 1] };
}

const DEGENERATE = [
  'al- '.repeat(64).slice(0, 255).trim(),
  Array.from({ length: 5 }, () => [...'abcdefghijklmnopqrstuvwxyz'].join(' ')).join(' ').slice(0, 255),
  'Mohammed '.repeat(30).slice(0, 255).trim(),
  'Mohammed Ali Hassan Ahmed Hussein Abdul Rahman Omar Ibrahim Khalid Yusuf Mustafa Ali Mahmoud Karim Said Salem Nasser Tariq Faisal Hamid Jamal Rashid Walid Samir Adel Aziz Bakr Zaid Hadi Fadi Majid Bilal'.slice(0, 255),
  'Y. Lee', 'Li', 'A', 'Al', 'Van Der', 'Bank', 'Trading LLC', 'Ltd', 'Mr', 'E. S. Co.', 'Al-Ustadh', 'IBM', 'Владимир Путин', '习近平', '김정은', 'محمد علي',
];

let compared = 0;
let differences = 0;
/** @type {string[]} */
const examples = [];
/** @param {string} where @param {unknown} request @param {unknown} a @param {unknown} b */
function compare(where, request, a, b) {
  compared++;
  const ja = JSON.stringify(a);
  const jb = JSON.stringify(b);
  if (ja === jb) return;
  differences++;
  if (examples.length < 20) examples.push(`${where}: ${JSON.stringify(request)}\n  a: ${ja.slice(0, 400)}\n  b: ${jb.slice(0, 400)}`);
}

/**
 * Every query under the defaults and two variants, through each pair of screeners (a's and each of b's).
 * @param {string} label @param {any} a @param {any[]} bs @param {string[]} terms
 */
function searchAll(label, a, bs, terms) {
  const before = compared;
  const t0 = performance.now();
  terms.forEach((term, k) => {
    /** @type {Record<string, unknown>[]} */
    const requests = [{ search_term: term }, { search_term: term, ...VARIANTS[k % VARIANTS.length]?.(term) }, { search_term: term, ...VARIANTS[(k * 7 + 3) % VARIANTS.length]?.(term) }];
    const s = k % 5 === 0 ? structured(term) : undefined;
    if (s !== undefined) requests.push({ search_term: s, fuzziness: 0.6 });
    for (const request of requests) {
      const ra = a.search(request);
      for (const b of bs) compare(label, request, ra, b.search(request));
    }
  });
  log(`[parity] ${label}: ${compared - before} responses compared in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

/** @param {string} label @param {any} a @param {any} b @param {string[]} texts */
function referencesAll(label, a, b, texts) {
  const before = compared;
  for (const text of texts) {
    const request = { search_term: text, client_ref: 'parity', search_profile: 'default' };
    compare(label, request, A.screenReference(a, request), B.screenReference(b, request));
  }
  log(`[parity] ${label}: ${compared - before} references compared`);
}

/**
 * B's screener again, through a snapshot written to JSON and restored, and through a binary snapshot (version 2)
 * when B writes one. @param {any} b @returns {any[]}
 */
function restored(b) {
  const snapshots = [JSON.parse(JSON.stringify(B.snapshotScreener(b)))];
  if (typeof B.snapshotScreenerBytes === 'function') snapshots.push(B.snapshotScreenerBytes(b));
  return snapshots.map((snapshot) => {
    const r = B.restoreScreener(snapshot);
    if (!r.ok) throw new Error(`snapshot restore failed: ${JSON.stringify(r.error)}`);
    return r.value;
  });
}

if (!NO_OFAC && existsSync(path.join(OFAC, 'sdn.csv'))) {
  const files = { sdn: readFileSync(path.join(OFAC, 'sdn.csv')), alt: readFileSync(path.join(OFAC, 'alt.csv')), add: readFileSync(path.join(OFAC, 'add.csv')) };
  /** @type {any[]} */
  const entities = B.parseOfacSdn(files, { skipInvalid: true }).value.entities;
  const internal = [
    { id: 'bl-1', entities: generateEntities(1500, 5) },
    { id: 'bl-2', entities: entities.slice(0, 300).map((e) => ({ ...e, id: `own-${e.id}` })) },
  ];
  const gen = ofacQueries(entities, { seed: 16, perKind: PER_KIND });
  const kinds = gen.perturbations();
  const terms = [
    ...gen.innocentNames(PER_KIND * 4, 16).map((q) => q.term),
    ...Object.values(kinds).flatMap((qs) => qs.map((q) => q.term)),
    ...entities.filter((_, k) => k % 7 === 0).map((e) => e.name),
    ...generateNonMatchingNames(PER_KIND, 3, entities),
    ...DEGENERATE,
  ];
  const a = A.createScreener({ entities, internalLists: internal });
  const b = B.createScreener({ entities, internalLists: internal });
  searchAll(`OFAC (${entities.length} entities, internal lists)`, a, [b, ...restored(b)], terms);
  const stripped = entities.map(({ aka: _a, ...rest }) => rest);
  searchAll('OFAC without akas: alias queries', A.createScreener({ entities: stripped }), [B.createScreener({ entities: stripped })], gen.aliasQueries().map((q) => q.term));
  referencesAll('OFAC: payment references', a, b, [...gen.innocentReferences(PER_KIND * 3).map((r) => r.text), ...gen.listedReferences().map((r) => r.text)]);
} else if (!NO_OFAC) log(`[parity] no OFAC data at ${OFAC}: OFAC skipped`);

for (const size of SIZES) {
  const entities = generateEntities(size, 42);
  const queries = generateQueries(entities, 43, { perKind: PER_KIND });
  const innocent = ofacQueries([], { seed: 22, perKind: PER_KIND }).innocentNames(PER_KIND * 2, 22).map((q) => q.term);
  const terms = [...queries.map((q) => q.term), ...innocent, ...DEGENERATE];
  const a = A.createScreener({ entities });
  const b = B.createScreener({ entities });
  const label = `synthetic ${size.toLocaleString('en')}`;
  searchAll(label, a, size <= 20000 ? [b, ...restored(b)] : [b], terms);
  referencesAll(`${label}: payment references`, a, b, references(entities, 600, 7).map((r) => r.text));
  if (size <= 20000) {
    // Removals, replacements and additions, alike on both.
    for (const s of [a, b]) {
      entities.forEach((e, k) => {
        if (k % 17 === 0) s.remove(e.id);
        if (k % 41 === 5) s.add({ ...e, name: `${e.name} Junior`, aka: undefined });
      });
      for (const e of generateEntities(500, 99)) s.add(e);
    }
    searchAll(`${label} after removals and additions`, a, [b, ...restored(b)], terms.filter((_, k) => k % 2 === 0));
  }
}

process.stdout.write(`\n${compared.toLocaleString('en')} responses compared between ${builds[0]} and ${builds[1]}: ${differences} differences\n`);
for (const e of examples) process.stdout.write(`${e}\n`);
process.exit(differences === 0 ? 0 : 1);
