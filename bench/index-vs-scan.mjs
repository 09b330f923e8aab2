// @ts-check
/**
 * Whether the index ever drops a hit (issue 22): each query is searched through the index (ListIndex.matches,
 * the screener's own path, every pre-check on) and through a brute-force scan that evaluates every entity of the
 * list with the same matcher and settings (matchEntity, as test/screening/parity.test.ts does). A hit the scan
 * finds and the index does not is a miss: the worst failure a screening engine can have. The reverse (a hit only
 * the index finds) and a different score or match type are reported too. Exits with 1 on any difference.
 *
 *   npx tsc -p tsconfig.build.json
 *   node bench/index-vs-scan.mjs [--dist dist] [--queries 120] [--seed 16] [--only-stripped]
 *
 * Lists: the OFAC SDN list from ../shared/data/ofac (imported with the OFAC importer), whole for the perturbed
 * names (bench/ofac-queries.mjs: typo, surname first, dropped word, extra middle name, extra initial, title,
 * Cyrillic) and the listed names, and without its akas for the alias queries. `--queries N` queries of each of
 * the two sets are drawn (deterministically), and each is searched under every setting of SETTINGS.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { mulberry32 } from './synthetic.mjs';
import { ofacQueries } from './ofac-queries.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OFAC = path.resolve(ROOT, '../shared/data/ofac');

/** @param {string} name @param {string} fallback */
function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}
const DIST = arg('dist', 'dist');
const QUERIES = Number(arg('queries', '120'));
const SEED = Number(arg('seed', '16'));
const ONLY_STRIPPED = process.argv.includes('--only-stripped');
const log = (/** @type {string} */ s) => process.stderr.write(`${s}\n`);

/** Settings each query is searched with (all of them). @type {Record<string, unknown>[]} */
const SETTINGS = [{}, { name_variations: true }, { fuzziness: 0.3 }, { fuzziness: 0.8, name_variations: true }, { fuzziness: 1 }];

const lib = async (/** @type {string} */ file) => import(pathToFileURL(path.join(ROOT, DIST, file)).href);
const T = await lib('index.js');
const { validateSearchRequest } = await lib('request/validate.js');
const { prepareQuery } = await lib('names/name-match.js');
const { settingsFor } = await lib('names/compare.js');
const { matchEntity } = await lib('names/entity-match.js');
const { entityFilter } = await lib('screening/filters.js');
const { isDeceased } = await lib('names/birth-year.js');

if (!existsSync(path.join(OFAC, 'sdn.csv'))) {
  log(`[index-vs-scan] no OFAC data at ${OFAC}: nothing to compare`);
  process.exit(0);
}
const files = { sdn: readFileSync(path.join(OFAC, 'sdn.csv')), alt: readFileSync(path.join(OFAC, 'alt.csv')), add: readFileSync(path.join(OFAC, 'add.csv')) };
/** @type {any[]} */
const entities = T.parseOfacSdn(files, { skipInvalid: true }).value.entities;
const gen = ofacQueries(entities, { seed: SEED, perKind: Math.max(QUERIES, 50) });

/** `count` of `items`, drawn deterministically. @template T @param {T[]} items @param {number} count @returns {T[]} */
function draw(items, count) {
  const rnd = mulberry32(SEED ^ 0x1d5ca);
  return items.map((x) => ({ x, k: rnd() })).sort((a, b) => a.k - b.k).slice(0, count).map((o) => o.x);
}

/** One hit as compared: id, match types, score. @typedef {[string, string, number]} Row */

/** @param {any} screener @param {Record<string, unknown>} request @returns {{ index: Row[], scan: Row[] }} */
function both(screener, request) {
  const list = screener.lists;
  const index = list.index;
  const valid = validateSearchRequest(request);
  if (!valid.ok) return { index: [], scan: [] };
  const viaIndex = list.matches(valid.value).map((/** @type {any} */ r) => {
    const hit = r.hit();
    return /** @type {Row} */ ([hit.doc.id, hit.match_types.join(','), hit.score]);
  });
  const query = prepareQuery(valid.value.searchTerm, valid.value.filters.entity_type, index.tables);
  const settings = settingsFor(valid.value, index.tables, index.weight);
  const keep = entityFilter(valid.value.filters, isDeceased);
  /** @type {Row[]} */
  const scan = [];
  for (const slot of index.liveSlots()) {
    const entity = index.entity ? index.entity(slot) : index.slots[slot].entity;
    if (!keep(entity)) continue;
    const match = matchEntity(query, index.prepared(slot), settings);
    if (match !== null) scan.push([entity.id, match.match_types.join(','), match.score]);
  }
  return { index: viaIndex, scan };
}

const totals = { searches: 0, hits: 0, misses: 0, extra: 0, changed: 0 };
/** One line per request with a difference. @type {string[]} */
const examples = [];

/** @param {string} label @param {any[]} list @param {string[]} terms */
function compare(label, list, terms) {
  const screener = T.createScreener({ entities: list });
  const started = performance.now();
  const before = { ...totals };
  for (const term of terms) {
    for (const extra of SETTINGS) {
      const request = { search_term: term, ...extra };
      const { index, scan } = both(screener, request);
      totals.searches++;
      totals.hits += scan.length;
      const got = new Map(index.map((r) => [r[0], r]));
      const want = new Map(scan.map((r) => [r[0], r]));
      /** @type {Record<'MISS' | 'EXTRA' | 'DIFF', string[]>} */
      const found = { MISS: [], EXTRA: [], DIFF: [] };
      for (const [id, row] of want) {
        const other = got.get(id);
        if (other === undefined) found.MISS.push(`${id} (${row[1]} ${row[2]})`);
        else if (other[1] !== row[1] || other[2] !== row[2]) found.DIFF.push(`${id} scan ${row[1]} ${row[2]}, index ${other[1]} ${other[2]}`);
      }
      for (const [id, row] of got) if (!want.has(id)) found.EXTRA.push(`${id} (${row[1]} ${row[2]})`);
      totals.misses += found.MISS.length;
      totals.extra += found.EXTRA.length;
      totals.changed += found.DIFF.length;
      for (const [kind, list] of Object.entries(found)) {
        if (list.length === 0) continue;
        const more = list.length > 3 ? ` and ${list.length - 3} more` : '';
        examples.push(`${kind.padEnd(5)} ${label}: ${JSON.stringify(request)} -> ${list.slice(0, 3).join('; ')}${more}`);
      }
    }
  }
  const s = (/** @type {keyof typeof totals} */ k) => totals[k] - before[k];
  log(
    `[index-vs-scan] ${label}: ${terms.length} queries x ${SETTINGS.length} settings = ${s('searches')} searches, ${s('hits')} scan hits; ` +
      `misses ${s('misses')}, index-only ${s('extra')}, changed ${s('changed')} (${((performance.now() - started) / 1000).toFixed(0)} s)`,
  );
}

if (!ONLY_STRIPPED) {
  const kinds = gen.perturbations();
  const pool = [...Object.values(kinds).flatMap((qs) => qs.map((/** @type {any} */ q) => q.term)), ...entities.map((e) => e.name)];
  compare(`OFAC (${entities.length} entities): perturbed and listed names`, entities, draw(pool, QUERIES));
}
const stripped = entities.map(({ aka: _a, ...rest }) => rest);
const aliases = ['AL HARAM COMMERCIAL COMPANY', ...draw(gen.aliasQueries().map((/** @type {any} */ q) => q.term), QUERIES)];
compare('OFAC without akas: alias queries', stripped, aliases);

for (const line of examples.slice(0, 40)) log(line);
if (examples.length > 40) log(`... ${examples.length - 40} more`);
console.log(JSON.stringify({ queries: QUERIES, settings: SETTINGS, ...totals }));
process.exit(totals.misses + totals.extra + totals.changed > 0 ? 1 : 0);
