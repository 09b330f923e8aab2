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
import { CULTURES } from './innocent-names.mjs';
import { generateEntities, mulberry32 } from './synthetic.mjs';

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

/** @param {() => number} rnd @template T @param {readonly T[]} a @returns {T} */
const pick = (rnd, a) => /** @type {T} */ (a[Math.floor(rnd() * a.length)]);
/** Folded words, as a reader would split them. @param {string} s */
const fold = (s) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 0);

// ------------------------------------------------------------------------------------------------------------
// The list, and what counts as a real coincidence.

const files = { sdn: readFileSync(path.join(OFAC, 'sdn.csv')), alt: readFileSync(path.join(OFAC, 'alt.csv')), add: readFileSync(path.join(OFAC, 'add.csv')) };
const mods = [];
for (const dir of builds) mods.push(await import(pathToFileURL(path.join(ROOT, dir, 'index.js')).href));
const parsed = mods[1].parseOfacSdn(files, { skipInvalid: true });
/** @type {any[]} */
const entities = parsed.value.entities;
const persons = entities.filter((e) => e.entity_type === 'person');
const organisations = entities.filter((e) => e.entity_type === 'organisation');

/** word -> indexes of list names holding it (every name, primary and aka) */
const holders = new Map();
const listNames = entities.flatMap((e) => [e.name, ...(e.aka ?? []).map((/** @type {any} */ a) => a.name)]);
listNames.forEach((n, k) => {
  for (const w of new Set(fold(n))) (holders.get(w) ?? holders.set(w, []).get(w)).push(k);
});
/** Whether some list name holds every word of `name` that is longer than a letter: a real coincidence. @param {string} name */
function onList(name) {
  const ws = fold(name).filter((w) => w.length > 1);
  if (ws.length === 0) return false;
  let common = new Set(holders.get(ws[0]) ?? []);
  for (const w of ws.slice(1)) common = new Set((holders.get(w) ?? []).filter((/** @type {number} */ k) => common.has(k)));
  return common.size > 0;
}

// ------------------------------------------------------------------------------------------------------------
// Innocent names.

/** @param {number} count @param {number} seed */
function innocentNames(count, seed) {
  const rnd = mulberry32(seed);
  /** @type {{ term: string, culture: string, absent: boolean, shape: string }[]} */
  const out = [];
  const seen = new Set();
  const letters = 'ABCDEFGHIJKLMNOPRSTVW';
  for (let tries = 0; out.length < count && tries < count * 20; tries++) {
    const c = pick(rnd, CULTURES);
    const g = pick(rnd, c.given);
    const s = pick(rnd, c.surname);
    const r = rnd();
    let term;
    let shape;
    if (r < 0.4) [term, shape] = [`${g} ${s}`, 'given surname'];
    else if (r < 0.6) [term, shape] = [`${g} ${pick(rnd, c.given)} ${s}`, 'with a middle name'];
    else if (r < 0.75) [term, shape] = [`${g} ${pick(rnd, [...letters])}. ${s}`, 'with a middle initial'];
    else if (r < 0.85) [term, shape] = [`${g[0]}. ${s}`, 'first initial'];
    else if (r < 0.95) [term, shape] = [`${s}, ${g}`, 'surname first'];
    else [term, shape] = [`${g} ${s} ${pick(rnd, c.surname)}`, 'two surnames'];
    if (seen.has(term) || onList(term)) continue;
    seen.add(term);
    out.push({ term, culture: c.culture, absent: c.absent, shape });
  }
  return out;
}

// ------------------------------------------------------------------------------------------------------------
// Perturbations of listed names.

const CYRILLIC = /** @type {Record<string, string>} */ ({
  shch: 'щ', kh: 'х', ts: 'ц', ch: 'ч', sh: 'ш', yu: 'ю', ya: 'я', zh: 'ж', a: 'а', b: 'б', v: 'в', g: 'г', d: 'д',
  e: 'е', z: 'з', i: 'и', y: 'ы', k: 'к', l: 'л', m: 'м', n: 'н', o: 'о', p: 'п', r: 'р', s: 'с', t: 'т', u: 'у',
  f: 'ф', c: 'к', h: 'х', j: 'дж', q: 'к', w: 'в', x: 'кс',
});
/** A naive Latin → Cyrillic spelling, as a clerk might type a name in Russian. @param {string} s */
function cyrillic(s) {
  let out = '';
  const t = s.toLowerCase();
  for (let i = 0; i < t.length; ) {
    const key = [4, 2, 1].map((n) => t.slice(i, i + n)).find((k) => CYRILLIC[k] !== undefined);
    if (key === undefined) [out, i] = [out + t[i], i + 1];
    else [out, i] = [out + CYRILLIC[key], i + key.length];
  }
  return out;
}

/** @param {string} w @param {() => number} rnd */
function typo(w, rnd) {
  const at = 1 + Math.floor(rnd() * (w.length - 2));
  const k = rnd();
  if (k < 0.4) return w.slice(0, at) + w.slice(at + 1);
  if (k < 0.7) return w.slice(0, at) + pick(rnd, [...'aeiouklmnrst']) + w.slice(at + 1);
  return w.slice(0, at) + w[at + 1] + w[at] + w.slice(at + 2);
}

/** Queries per kind: { term, id }. */
function perturbations() {
  const rnd = mulberry32(SEED ^ 0x5eed);
  const simple = persons.filter((e) => !e.name.includes(',') && fold(e.name).length >= 2);
  const givenPool = simple.map((e) => e.name.split(/\s+/)[0]).filter((w) => /^[A-Za-z]{3,}$/.test(w));
  /** @type {Record<string, { term: string, id: string }[]>} */
  const kinds = {};
  const add = (/** @type {string} */ kind, /** @type {string} */ term, /** @type {string} */ id) => (kinds[kind] ??= []).push({ term, id });
  const sample = [...simple].sort(() => rnd() - 0.5).slice(0, PER_KIND * 3);
  for (const e of sample) {
    const ws = /** @type {string[]} */ (e.name.split(/\s+/));
    const full = (kinds.exact?.length ?? 0) < PER_KIND;
    if (full) add('exact', e.name, e.id);
    let longest = 0;
    ws.forEach((w, i) => (w.length > (ws[longest] ?? '').length ? (longest = i) : 0));
    if ((ws[longest] ?? '').length >= 6 && (kinds.typo?.length ?? 0) < PER_KIND) add('typo', ws.map((w, i) => (i === longest ? typo(w, rnd) : w)).join(' '), e.id);
    if ((kinds['surname first']?.length ?? 0) < PER_KIND) add('surname first', [ws[ws.length - 1], ...ws.slice(0, -1)].join(' '), e.id);
    if (ws.length >= 3 && (kinds['dropped word']?.length ?? 0) < PER_KIND) {
      const k = 1 + Math.floor(rnd() * (ws.length - 2));
      add('dropped word', ws.filter((_, i) => i !== k).join(' '), e.id);
    }
    if ((kinds['extra middle name']?.length ?? 0) < PER_KIND) add('extra middle name', [ws[0], pick(rnd, givenPool), ...ws.slice(1)].join(' '), e.id);
    if ((kinds['extra initial']?.length ?? 0) < PER_KIND) add('extra initial', [ws[0], `${pick(rnd, [...'ABDEFGHIJKLMNPRSTV'])}.`, ...ws.slice(1)].join(' '), e.id);
    if ((kinds.title?.length ?? 0) < PER_KIND) add('title', `${pick(rnd, ['Mr', 'Dr', 'General', 'Sheikh', 'Mrs'])} ${e.name}`, e.id);
    if ((kinds['Cyrillic script']?.length ?? 0) < PER_KIND) add('Cyrillic script', cyrillic(e.name), e.id);
  }
  const orgs = organisations.filter((e) => fold(e.name).length >= 2).sort(() => rnd() - 0.5);
  for (const e of orgs) {
    const ws = /** @type {string[]} */ (e.name.split(/\s+/));
    let longest = 0;
    ws.forEach((w, i) => (w.length > (ws[longest] ?? '').length ? (longest = i) : 0));
    if ((ws[longest] ?? '').length >= 6 && (kinds['organisation typo']?.length ?? 0) < PER_KIND) add('organisation typo', ws.map((w, i) => (i === longest ? typo(w, rnd) : w)).join(' '), e.id);
  }
  return kinds;
}

/** Alias queries: each aka of an entity, against the list without its akas. */
function aliasQueries() {
  const rnd = mulberry32(SEED ^ 0xa11a5);
  /** @type {{ term: string, id: string, person: boolean }[]} */
  const out = [];
  for (const e of entities) {
    for (const a of e.aka ?? []) {
      if (typeof a?.name !== 'string' || fold(a.name).join(' ') === fold(e.name).join(' ')) continue;
      out.push({ term: a.name, id: e.id, person: e.entity_type === 'person' });
    }
  }
  return out.sort(() => rnd() - 0.5).slice(0, PER_KIND * 3);
}

// ------------------------------------------------------------------------------------------------------------
// Payment references.

const PURPOSES = words(`INVOICE PAYMENT CONSULTING RENT SALARY SERVICES GOODS DONATION INSURANCE REFUND DEPOSIT TUITION
  SCHOOL FEES MAINTENANCE REPAIR SUPPLIES FREIGHT SHIPPING SUBSCRIPTION MEMBERSHIP LOAN REPAYMENT DIVIDEND BONUS`);
const ORDINARY = words(`SOLAR PANELS OFFICE CHAIRS CAR PET FOOD LAKE HOUSE GARDEN TOOLS FLAKE ROOF TILES WINDOW
  CLEANING KITCHEN CABINETS BOOKS STATIONERY COFFEE BEANS PRINTER TONER LAPTOP PHONE BILL WATER ELECTRICITY GAS HEATING
  PLUMBING PAINT FLOOR CARPET FURNITURE TABLE LAMP BICYCLE TYRES FUEL PARKING TAXI HOTEL FLIGHT TICKETS CONCERT
  THEATRE MUSEUM ZOO PIANO LESSONS GUITAR STRINGS DENTAL CHECKUP VET CLINIC BAKERY BREAD FLOWERS WEDDING BIRTHDAY GIFT
  CAKE CATERING CLEANING LAUNDRY SHOES JACKET SPORTS CLUB GYM SWIMMING POOL TENNIS GOLF MARINA BOAT STORAGE MOVING
  TRUCK RENTAL TRAILER CAMPING TENT SEEDS FERTILIZER TRACTOR CATTLE FEED HARVEST ORCHARD VINEYARD WINE CHEESE MILK
  HONEY STONE GRANITE MARBLE STEEL TIMBER CEMENT BRICKS GLASS COPPER WIRE CABLE SOFTWARE LICENCE DESIGN PRINTING
  POSTAGE COURIER PHOTOGRAPHY CHILDCARE NURSERY TUTORING TRANSLATION LEGAL ADVICE AUDIT BOOKKEEPING PAYROLL`);
const MONTHS = words('JAN FEB MAR APR MAY JUN JUL AUG SEP OCT NOV DEC');
/** @param {string} s */
function words(s) {
  return s.split(/\s+/).filter((w) => w.length > 0);
}

/** @param {number} count */
function innocentReferences(count) {
  const rnd = mulberry32(SEED ^ 0x4ef);
  const people = innocentNames(2000, SEED ^ 0x77).filter((n) => n.absent || rnd() < 0.5).map((n) => n.term.toUpperCase());
  const num = () => String(Math.floor(rnd() * 1e6));
  const thing = () => Array.from({ length: 1 + Math.floor(rnd() * 2) }, () => pick(rnd, ORDINARY)).join(' ');
  /** @type {(() => string)[]} */
  const withName = [
    () => `SALARY ${pick(rnd, MONTHS)} 2024 ${pick(rnd, people)}`,
    () => `INV ${num()} PAYMENT TO ${pick(rnd, people)} FOR ${thing()}`,
    () => `${pick(rnd, people)} ${thing()} REF ${num()}`,
    () => `Transfer to ${pick(rnd, people).toLowerCase()} ${thing().toLowerCase()} ${(rnd() * 1000).toFixed(2)} EUR`,
  ];
  /** @type {(() => string)[]} */
  const withoutName = [
    () => `${pick(rnd, PURPOSES)} ${thing()} ${num()}`,
    () => `INV-${num()} ${thing()} ${pick(rnd, MONTHS)} 2024`,
    () => `${thing()} ${pick(rnd, PURPOSES)}`,
    () => `REF ${num()} ${thing().toLowerCase()} ${pick(rnd, PURPOSES).toLowerCase()}`,
  ];
  /** @type {{ text: string, kind: string }[]} */
  const out = [];
  while (out.length < count) {
    const named = out.length % 2 === 0;
    const text = pick(rnd, named ? withName : withoutName)();
    if (onList(text.replace(/[0-9]/g, ' '))) continue;
    out.push({ text: text.slice(0, 255), kind: named ? 'with a person name' : 'without a person name' });
  }
  return out;
}

/** References naming a listed entity (exact, one typo, surname first), with the entity's id. */
function listedReferences() {
  const rnd = mulberry32(SEED ^ 0x11f);
  const pool = entities.filter((e) => fold(e.name).length >= 2 && !e.name.includes(','));
  /** @type {{ text: string, id: string, kind: string }[]} */
  const out = [];
  for (let k = 0; k < PER_KIND * 3; k++) {
    const e = pick(rnd, pool);
    const ws = /** @type {string[]} */ (e.name.toUpperCase().split(/\s+/));
    const kind = ['exact', 'typo', 'surname first'][k % 3];
    let name = ws.join(' ');
    if (kind === 'typo') {
      let longest = 0;
      ws.forEach((w, i) => (w.length > (ws[longest] ?? '').length ? (longest = i) : 0));
      if ((ws[longest] ?? '').length < 6) continue;
      name = ws.map((w, i) => (i === longest ? typo(w, rnd) : w)).join(' ');
    } else if (kind === 'surname first') {
      if (e.entity_type !== 'person') continue;
      name = [ws[ws.length - 1], ...ws.slice(0, -1)].join(' ');
    }
    out.push({ text: `PAYMENT ${num(rnd)} TO ${name} FOR ${pick(rnd, PURPOSES)}`, id: e.id, kind: `listed name, ${kind}` });
  }
  return out;
}
/** @param {() => number} rnd */
const num = (rnd) => String(Math.floor(rnd() * 1e6));

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
