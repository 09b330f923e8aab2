import { describe, expect, it } from 'vitest';
import { compareEntity } from '../../src/names/index.js';
import type { Entity, EntityType } from '../../src/types/entity.js';

const entity = (name: string, entity_type: EntityType): Entity => ({ id: 'e', entity_type, name, sources: ['t'], types: ['sanction'] });
const compare = (query: string, name: string, type: EntityType, searched?: EntityType) => {
  const r = compareEntity({ search_term: query, ...(searched ? { filters: { entity_type: searched } } : {}) }, entity(name, type));
  if (!r.ok) throw new Error('invalid');
  return r.value;
};

describe('acronyms stand for a whole organisation name', () => {
  it.each([
    ['query acronym to the name', 'IBM', 'International Business Machines Corp', 'company', ['ibm', 'initial_to_word'], undefined],
    ['query acronym with a legal form', 'IBM Corp', 'International Business Machines', 'organisation', ['ibm', 'initial_to_word'], undefined],
    ['query words to a list acronym, searching for a company', 'International Business Machines', 'IBM Corp', 'company', ['international', 'word_to_initial'], 'company'],
  ])('match: %s (%s ~ %s)', (_why, query, name, type, [term, wordType], searched) => {
    const m = compare(query, name, type as EntityType, searched as EntityType | undefined);
    expect(m?.match_types[0]).toBe('unknown');
    const details = m!.match_types_details as { name_matches: { query_term: string; match_types: string[] }[] }[];
    expect(details[0]!.name_matches.find((w) => w.query_term === term)?.match_types).toEqual([wordType]);
  });

  it.each([
    ['two-letter initials are ordinary words', 'Olafur Farkas', 'Bank of Dubai', 'company'],
    ['two-letter initials against a legal form', 'Chukwuemeka Okafor', 'Lagos Cement Co', 'company'],
    ['initials of a person query against one word of a longer name', 'Levan Olafur Tuominen', 'LOT 3A OF DETE VALLEY FARM', 'company'],
    ['an acronym must be the whole list name', 'Aatu Konstantinos Chkheidze', 'AKC Holdings Trading', 'company'],
    ['aircraft registrations are not acronyms', 'Aatu Konstantinos Chkheidze', 'YK-AKC', 'aircraft'],
    ['people have initials, not acronyms', 'JFK', 'John Fitzgerald Kennedy', 'person'],
    ['query words spell a list acronym only in an organisation search', 'Aino Iker Oikonomou', 'AIO', 'organisation'],
  ])('no match: %s (%s ~ %s)', (_why, query, name, type) => {
    expect(compare(query, name, type as EntityType)).toBeNull();
  });
});

describe('connecting words of organisation names are optional', () => {
  it.each([
    ['"and" in the query, "&" in the list', 'Smith and Wesson Holdings', 'Smith & Wesson Holdings'],
    ['"&" in the query, "and" in the list', 'Smith & Wesson Holdings', 'Smith and Wesson Holdings'],
    ['"of" missing from the list', 'Bank of Kabul', 'Kabul Bank'],
  ])('%s', (_why, query, name) => {
    expect(compare(query, name, 'company')).not.toBeNull();
  });
});

describe('phonetic alternates need the same first letter', () => {
  it.each([
    ['alternate code only, different first letters', 'Aino Balogh', 'Jon Balogh', false],
    ['equal primary codes', 'Catherine Zeta', 'Kathryn Zeta', true],
    ['alternate code with the same first letter', 'Schmidt Hans', 'Smith Hans', true],
  ])('%s: %s ~ %s', (_why, query, name, matches) => {
    expect(compare(query, name, 'person') !== null).toBe(matches);
  });
});

describe('apostrophe fragments glue back and match fuzzily (removed_spaces)', () => {
  it.each([
    ["one edit after gluing: Esma'il ~ Ismail", "Esma'il Ahmadi", 'Ismail Ahmadi', 'esma'],
    ["an equivalent after gluing: Sa'id ~ Saeed", "Sa'id Mortazavi", 'Saeed Mortazavi', 'sa'],
  ])('%s', (_why, query, name, fragment) => {
    const m = compare(query, name, 'person');
    expect(m?.match_types[0]).toBe('unknown');
    const details = m!.match_types_details as { name_matches: { query_term: string; match_types: string[] }[] }[];
    expect(details[0]!.name_matches.find((w) => w.query_term === fragment)?.match_types).toEqual(['removed_spaces']);
  });

  it.each([
    ['an initial is not a fragment to glue', 'J Smith', 'Jsmyth Brown'],
    ['two ordinary words are not glued fuzzily', 'Abdel Karim', 'Abdelkarin Nour'],
  ])('no glued match: %s', (_why, query, name) => {
    const m = compare(query, name, 'person');
    const types = m === null ? [] : (m.match_types_details as { name_matches: { match_types: string[] }[] }[])[0]!.name_matches.flatMap((w) => w.match_types);
    expect(types).not.toContain('removed_spaces');
  });
});
