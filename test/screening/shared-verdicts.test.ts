import { describe, expect, it } from 'vitest';
import { createScreener, type SearchRequest } from '../../src/index.js';
import { settingsFor } from '../../src/names/compare.js';
import { matchEntity } from '../../src/names/entity-match.js';
import { listMasses, prepareQuery } from '../../src/names/name-match.js';
import type { EntityMatch } from '../../src/names/types.js';
import { validateSearchRequest } from '../../src/request/validate.js';
import type { Entity } from '../../src/types/entity.js';
import { dob, person } from './fixtures.js';

const company = (id: string, name: string, extra: Partial<Entity> = {}): Entity => ({ id, entity_type: 'company', name, sources: ['test-list'], types: ['sanction'], ...extra });

type Request = Partial<SearchRequest> & { search_term: string };

/**
 * The search's verdict on each entity of the list (its hit without the document, or null), and the matcher's verdict
 * on each entity verified alone (matchEntity: every name through the matcher, nothing shared, no name check).
 */
function verdicts(entities: Entity[], request: Request): { search: Record<string, EntityMatch | null>; alone: Record<string, EntityMatch | null>; total: number } {
  const screener = createScreener({ entities });
  const r = screener.search({ limit: 100, ...request } as SearchRequest);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  const index = screener.lists.index;
  const valid = validateSearchRequest({ limit: 100, ...request });
  if (!valid.ok) throw new Error('invalid request');
  const query = prepareQuery(valid.value.searchTerm, valid.value.filters.entity_type, index.tables);
  const settings = settingsFor(valid.value, index.tables, index.weight);
  const search: Record<string, EntityMatch | null> = {};
  const alone: Record<string, EntityMatch | null> = {};
  for (const slot of index.liveSlots()) {
    const id = index.idOf(slot);
    const hit = r.value.hits.find((h) => h.doc.id === id);
    search[id] = hit === undefined ? null : { match_types: hit.match_types, match_types_details: hit.match_types_details, score: hit.score };
    alone[id] = matchEntity(query, index.prepared(slot), settings);
  }
  return { search, alone, total: r.value.total_hits };
}

// A search verifies each distinct name (same words, roles and entity type) once and shares the verdict with every
// entity bearing it, and passes over the entities none of whose names can match before making them: each bearer
// must get the verdict the matcher gives it verified alone.
describe('a name shared by several entities: each bearer verified as when alone', () => {
  it.each<[string, Request, Entity[], number]>([
    [
      'a primary name, an aka, a name in another spelling and a non-matching namesake',
      { search_term: 'Wang Wei' },
      [person('p-1', 'Wang Wei'), person('p-2', 'WANG, Wei'), person('p-3', 'Li Na', { aka: [{ name: 'Wang Wei' }] }), person('p-4', 'Wang Weiming')],
      3,
    ],
    [
      'the shared name as a weak alias of one bearer (judged by its own rule)',
      { search_term: 'Larry Wood' },
      [
        person('w-1', 'Larry', { aka: [{ name: 'Larry Wood' }] }),
        person('w-2', 'Jorge Alejandro Paura', { aka: [{ name: 'Larry', type: 'weak-aka' }] }),
        person('w-3', 'Larry Wood'),
        person('w-4', 'Wood Larry', { aka: [{ name: 'Larry', type: 'weak-aka' }] }),
      ],
      3,
    ],
    [
      'a birth year that excludes one bearer and matches another',
      { search_term: 'Omar Haddad', filters: { birth_year: 1970 } },
      [person('y-1', 'Omar Haddad', { fields: [dob('1970')] }), person('y-2', 'Omar Haddad', { fields: [dob('1950')] }), person('y-3', 'Omar Haddad'), person('y-4', 'Haddad Omar', { fields: [dob('1971')] })],
      3,
    ],
    [
      'a name no bearer matches on, beside a name that matches on one of them',
      { search_term: 'Petrov Ivan' },
      [person('n-1', 'Ivan Petrenko'), person('n-2', 'Ivan Petrenko', { aka: [{ name: 'Ivan Petrov' }] }), person('n-3', 'Ivan Petrenko', { aka: [{ name: 'Petrov, Ivan' }] })],
      2,
    ],
    [
      'company names with affixes, abbreviations and an acronym',
      { search_term: 'Eastern Shipping Co.' },
      [
        company('c-1', 'Eastern Shipping Company'),
        company('c-2', 'EASTERN SHIPPING CO'),
        company('c-3', 'ESC', { aka: [{ name: 'E.S. Company' }] }),
        company('c-4', 'Alpha Trading', { aka: [{ name: 'Eastern Shipping Company Ltd' }, { name: 'Eastern Shipping Company' }] }),
        company('c-5', 'EasternShipping Company'),
      ],
      4,
    ],
    [
      'a person and a company bearing the same words (not one group)',
      { search_term: 'Golden Star' },
      [person('t-1', 'Golden Star'), company('t-2', 'Golden Star'), company('t-3', 'Golden Star Ltd'), person('t-4', 'Star Golden')],
      4,
    ],
    [
      'a word pair compared under the rules of a person and of a company (nicknames for people only)',
      { search_term: 'Bob Stone' },
      [person('r-1', 'Robert Stone'), company('r-2', 'Robert Stone'), company('r-3', 'Stone Robert Holdings'), person('r-4', 'Bob Stone')],
      2,
    ],
    [
      'an initial compared under the rules of a person and of a company (initials for people only)',
      { search_term: 'J Smith' },
      [person('j-1', 'John Smith'), company('j-2', 'John Smith'), company('j-3', 'Smith John Trading'), person('j-4', 'Jane Smith')],
      2,
    ],
    [
      'a name decided not to match on an earlier bearer, borne again by an entity whose other name matches (also as a weak alias)',
      { search_term: 'Omar Haddad' },
      [
        person('d-1', 'Omar Nasser'),
        person('d-2', 'Omar Haddad', { aka: [{ name: 'Omar Nasser' }] }),
        person('d-3', 'Haddad, Omar', { aka: [{ name: 'Omar Nasser', type: 'weak-aka' }] }),
        person('d-4', 'Omar Nasser', { aka: [{ name: 'Omar Al-Haddad' }] }),
      ],
      3,
    ],
    [
      'short query words compared with the words of many names',
      { search_term: 'Al Ali and Al Hamza LLC' },
      [company('a-1', 'Al Ali and Al Hamza LLC'), company('a-2', 'Al Hamza Trading LLC'), company('a-3', 'Ali Al Hamza Co'), person('a-4', 'Ali Al Hamza', { aka: [{ name: 'Al Ali' }] })],
      3,
    ],
  ])('%s', (_why, request, entities, hits) => {
    const { search, alone, total } = verdicts(entities, request);
    expect(search).toEqual(alone);
    expect(total).toBe(hits);
  });
});

// The matcher weighs the list words of a search by vocabulary id (read without hashing the text): each must weigh
// what its text weighs, a word in Han characters (a vocabulary word of its own beside its Latin spelling, with
// its own rarity) by its text's.
describe('list words weighed by vocabulary id weigh what their text weighs', () => {
  it.each<[string, Entity[]]>([
    ['Latin names', [person('l-1', 'Wang Wei'), person('l-2', 'Wang Li'), person('l-3', 'Ivan Petrov', { aka: [{ name: 'I. Petrov' }] })]],
    [
      'Han names beside Latin spellings of their words, of other rarities',
      [person('h-1', '王伟明'), person('h-2', '王伟'), person('h-3', 'Wang Wei'), person('h-4', 'Wang Li'), person('h-5', 'Wang Jun'), person('h-6', 'Wang Lei', { aka: [{ name: '王磊' }] })],
    ],
  ])('%s', (_why, entities) => {
    const index = createScreener({ entities }).lists.index;
    let words = 0;
    for (const slot of index.liveSlots()) {
      for (const name of index.prepared(slot).names) {
        expect(listMasses(name, index.weight, (id) => index.weightOfId(id))).toEqual(listMasses(name, index.weight));
        words += name.words.length;
      }
    }
    expect(words).toBeGreaterThan(entities.length);
  });
});
