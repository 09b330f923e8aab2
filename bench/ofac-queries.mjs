// @ts-check
/**
 * Queries over a real list (the OFAC SDN list, imported), shared by bench/quality.mjs and bench/name-parity-ab.mjs:
 * innocent person names (cultures absent from the list; English names as a control), perturbations of listed
 * names, alias queries, innocent payment references and references naming listed entities. Deterministic in the
 * seed.
 */
import { CULTURES } from './innocent-names.mjs';
import { mulberry32 } from './synthetic.mjs';


/** @param {() => number} rnd @template T @param {readonly T[]} a @returns {T} */
const pick = (rnd, a) => /** @type {T} */ (a[Math.floor(rnd() * a.length)]);
/** Folded words, as a reader would split them. @param {string} s */
const fold = (s) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 0);

/**
 * The query generators over `entities` (the imported list).
 * @param {any[]} entities
 * @param {{ seed: number, perKind: number }} options
 */
export function ofacQueries(entities, { seed, perKind }) {
  const SEED = seed;
  const PER_KIND = perKind;
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
  return { innocentNames, perturbations, aliasQueries, innocentReferences, listedReferences, onList };
}
