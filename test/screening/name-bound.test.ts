/**
 * The candidate check's last step, name by name (name-bound.ts), and the list masses of the names it reads
 * (name-masses.ts). An entity whose words could make a hit together, but none of whose names could pass the name
 * check (its query words spread over its aliases, or each name holding words no query word reaches), is no
 * candidate; every hit a scan finds is still found. The masses are those of the list as it is: after a change they
 * are not used until the list has stayed the same for a number of searches (one per 2,000 names), then computed.
 */
import { describe, expect, it } from 'vitest';
import { createScreener, type TamisScreener } from '../../src/index.js';
import { INITIAL_MASS } from '../../src/names/evidence.js';
import { prepareQuery } from '../../src/names/name-match.js';
import { settingsFor } from '../../src/names/compare.js';
import { validateSearchRequest } from '../../src/request/validate.js';
import { nameMasses } from '../../src/screening/name-masses.js';
import type { Entity, EntityType } from '../../src/types/entity.js';
import { indexAndScan } from './index-and-scan.js';

const entity = (id: string, name: string, entity_type: EntityType = 'person', aka: string[] = []): Entity => ({
  id,
  entity_type,
  name,
  aka: aka.map((n) => ({ name: n })),
  sources: ['t'],
  types: ['sanction'],
});

// Over 2,000 names, so that after a change the masses wait two searches (the first search runs without them).
const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'to', 'vi', 'ze', 'bo', 'da', 'fe', 'gu'];
const word = (k: number): string => SYLLABLES[k % 13]! + SYLLABLES[Math.floor(k / 13) % 13]! + SYLLABLES[Math.floor(k / 169) % 13]!;
const FILLER = Array.from({ length: 2100 }, (_, k) => entity(`filler-${k}`, `${word(k)} ${word(k + 977)}`));

// Each kind of entity the bound drops, several times over: a search bounds entities name by name only where it
// checks 16 or more (fewer repay little of its set-up).
const times = (count: number, make: (k: number) => Entity): Entity[] => Array.from({ length: count }, (_, k) => make(k));
const ROWS: Entity[] = [
  entity('whole', 'Mohammed Al-Rashid'),
  ...times(10, (k) => entity(`spread-${k}`, 'Hassan Al-Rashid', 'person', ['Mohammed Karimov'])),
  ...times(10, (k) => entity(`other-words-${k}`, 'Hassan Al-Rashid Mahmoud Oglu', 'person', ['Mohammed Tursunov Karimovich'])),
  entity('dubai-petroleum', 'Dubai Petroleum Company', 'company'),
  ...times(20, (k) => entity(`dubai-freight-${k}`, 'Dubai Freight Logistics Maritime Services', 'company', ['Petroleum Transport Holding International'])),
  entity('initials', 'M. Al-Rashid'),
];

function screenerOfRows(): TamisScreener {
  return createScreener({ entities: [...FILLER, ...ROWS] });
}

/** The ids of the candidates the index generates for a request (one search of its finder). */
function candidates(screener: TamisScreener, request: Record<string, unknown>): string[] {
  const index = screener.lists.index;
  const valid = validateSearchRequest(request);
  if (!valid.ok) throw new Error('invalid request');
  const query = prepareQuery(valid.value.searchTerm, valid.value.filters.entity_type, index.tables);
  const settings = settingsFor(valid.value, index.tables, index.weight);
  return screener.lists.finder.find(query, settings).slots.map((slot) => index.idOf(slot)).sort();
}

describe('an entity none of whose names could pass the name check is no candidate', () => {
  it.each<[string, string, string[], string[]]>([
    ['query words spread over two aliases', 'Mohammed Al-Rashid', ['spread-0', 'spread-9', 'other-words-0', 'other-words-9'], ['whole']],
    ['each name holding words no query word reaches', 'Dubai Petroleum', ['dubai-freight-0', 'dubai-freight-19'], ['dubai-petroleum']],
  ])('%s (%s)', (_why, term, dropped, kept) => {
    const screener = screenerOfRows();
    // A change: the masses are stale, so the next search checks entities on their words only.
    screener.add(entity('late', 'Late Addition'));
    const before = candidates(screener, { search_term: term });
    for (const id of [...dropped, ...kept]) expect(before).toContain(id);
    // The second search computes the masses and checks name by name.
    const after = candidates(screener, { search_term: term });
    for (const id of dropped) expect(after).not.toContain(id);
    for (const id of kept) expect(after).toContain(id);
    const { viaIndex, scan } = indexAndScan(screener, { search_term: term });
    expect(viaIndex).toEqual(scan);
    for (const id of dropped) expect(scan).not.toContain(id);
  });
});

describe('the bound drops no hit (the index finds what a scan finds)', () => {
  const screener = screenerOfRows();
  const SETTINGS: Record<string, unknown>[] = [{ fuzziness: 0 }, {}, { fuzziness: 1 }, { name_variations: true }, { fuzziness: 0.8, name_variations: true }];
  it.each(['Mohammed Al-Rashid', 'M. Al-Rashid', 'Al-Rashid Mohammed', 'Mohamed Rashid', 'Hassan Karimov', 'Dubai Petroleum Co', 'Petroleum Transport', 'DPC', 'Mahmoud Oglu Hassan'])('%s', (term) => {
    for (const settings of SETTINGS) {
      const { viaIndex, scan } = indexAndScan(screener, { search_term: term, ...settings });
      expect(viaIndex).toEqual(scan);
    }
  });
});

describe('the list mass of a name: its distinct words, affixes and particles apart, an initial at an initial’s mass', () => {
  const screener = createScreener({
    entities: [
      ...FILLER.slice(0, 50),
      entity('plain', 'John Smith'),
      entity('initial', 'J. Smith'),
      entity('repeat', 'Mohammed Mohammed Karimov'),
      entity('title', 'Dr. John Smith'),
      entity('particle', 'Abu Bakr al Baghdadi'),
      entity('suffix', 'Smith Trading Ltd', 'company'),
    ],
  });
  const index = screener.lists.index;
  const store = index.nameStore;
  /** The mass and full words by their definition, from the name's prepared words. */
  const expected = (slot: number): { mass: number; full: number } => {
    const name = index.names(slot)[0]!;
    const seen = new Set<string>();
    let mass = 0;
    let full = 0;
    name.words.forEach((w, j) => {
      if (name.roles[j] !== undefined || w.particle) return;
      if (w.text.length > 1 || w.isNumber) full++;
      if (seen.has(w.text)) return;
      seen.add(w.text);
      mass += w.text.length === 1 && !w.isNumber ? INITIAL_MASS : index.weight(w.text);
    });
    return { mass, full };
  };
  it.each<[string, number]>([
    ['plain', 2],
    ['initial', 1],
    ['repeat', 3],
    ['title', 2],
    ['particle', 2],
    ['suffix', 2],
  ])('%s (%i full words)', (id, fullWords) => {
    const masses = nameMasses(index).current()!;
    const slot = index.slotOf(id)!;
    const n = store.slotStart[slot]!;
    const { mass, full } = expected(slot);
    expect(masses[2 * n]).toBeCloseTo(mass, 5);
    expect(mass).toBeGreaterThan(0);
    expect(masses[2 * n + 1]).toBe(full);
    expect(full).toBe(fullWords);
  });
});

describe('after a change the masses wait for searches of the list as it is (one per 2,000 names), then are computed', () => {
  it.each<[string, (s: TamisScreener) => void]>([
    ['an entity added', (s) => s.add(entity('late', 'Late Addition'))],
    ['an entity removed', (s) => void s.remove('filler-7')],
  ])('%s', (_why, change) => {
    const screener = createScreener({ entities: [...FILLER, ...FILLER.map((e) => ({ ...e, id: `${e.id}-b` }))] });
    const masses = nameMasses(screener.lists.index);
    expect(masses.current()).toBeDefined();
    change(screener);
    const waited = Math.ceil(screener.lists.index.nameStore.names / 2000);
    expect(waited).toBe(3);
    for (let k = 1; k < waited; k++) expect(masses.current()).toBeUndefined();
    const computed = masses.current()!;
    expect(computed).toBeDefined();
    // The rarities moved with the change: the masses are those of the list as it is.
    const slot = screener.lists.index.slotOf('filler-1')!;
    const name = screener.lists.index.names(slot)[0]!;
    const sum = name.words.reduce((s, w) => s + screener.lists.index.weight(w.text), 0);
    expect(computed[2 * screener.lists.index.nameStore.slotStart[slot]!]).toBeCloseTo(sum, 6);
  });
});
