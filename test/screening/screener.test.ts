import { describe, expect, it } from 'vitest';
import { createScreener, type SearchRequest, type SearchResult } from '../../src/index.js';
import type { Entity } from '../../src/types/entity.js';
import { LIST, person } from './fixtures.js';

const screener = createScreener({ entities: LIST });

function search(request: Record<string, unknown>, s = screener): SearchResult {
  const result = s.search(request as unknown as SearchRequest);
  if (!result.ok) throw new Error(`unexpected failure: ${result.error.message}`);
  return result.value;
}
const ids = (r: SearchResult) => r.hits.map((h) => h.doc.id).sort();

describe('response shape (spec POST /searches content)', () => {
  it('carries the spec fields, with the filters echoed with exact_match and fuzziness', () => {
    const r = search({ search_term: '  Ivan   SIDOROV ', fuzziness: 0.6, filters: { types: ['sanction'] } });
    expect(r).toMatchObject({ search_term: 'Ivan SIDOROV', submitted_term: '  Ivan   SIDOROV ', limit: 100, offset: 0 });
    expect(r.filters).toEqual({ types: ['sanction'], exact_match: false, fuzziness: 0.6 });
    expect(r.total_hits).toBe(r.hits.length);
    expect(r.total_matches).toBe(r.total_hits);
    expect(Object.keys(r.hits[0]!).sort()).toEqual(['doc', 'match_status', 'match_types', 'match_types_details', 'risk_level', 'score']);
  });

  it('returns each hit doc as the stored entity, unchanged', () => {
    const r = search({ search_term: 'Acme Trading' });
    expect(r.hits[0]!.doc).toBe(LIST.find((e) => e.id === 'acme'));
  });

  it('joins a structured term first, middle, last', () => {
    const r = search({ search_term: { first_name: 'Ivan', middle_names: 'Petrovich', last_name: 'Sidorov' } });
    expect(r.search_term).toBe('Ivan Petrovich Sidorov');
    expect(r.hits[0]!.doc.id).toBe('sanctioned-ru');
    expect(r.hits[0]!.match_types[0]).toBe('name_exact');
  });

  it('reports an aka match as aka_exact with the aka as matching_name', () => {
    const r = search({ search_term: 'Ivan Sidorov', filters: { types: ['fitness-probity'] } });
    expect(ids(r)).toEqual(['aka-only']);
    expect(r.hits[0]!.match_types[0]).toBe('aka_exact');
    expect(r.hits[0]!.match_types_details).toEqual([
      expect.objectContaining({ matching_name: 'Ivan Sidorov', sources: ['test-list'], aml_types: ['fitness-probity'] }),
    ]);
  });

  it('offers the keyed match_types_details shape as an option', () => {
    const r = search({ search_term: 'Ivan Sidorov', details_shape: 'keyed', filters: { types: ['fitness-probity'] } });
    expect(r.hits[0]!.match_types_details).toEqual({
      'Ivan Sidorov': { match_types: { ivan: ['exact_match'], sidorov: ['exact_match'] }, type: 'aka' },
    });
  });
});

describe('filters', () => {
  it.each([
    ['a parent type selects its children', ['pep'], ['dead', 'pep-fr', 'pep-none', 'source-note-country']],
    ['a child type selects only itself', ['pep-class-2'], ['pep-fr']],
    ['adverse-media selects every adverse-media category', ['adverse-media'], ['am-only']],
    ['several types are a union', ['sanction', 'warning'], ['sanctioned-ru', 'warning-de']],
  ])('types: %s', (_why, types, expected) => {
    expect(ids(search({ search_term: 'Ivan Sidorov', filters: { types } }))).toEqual(expected);
  });

  it('country_codes: sanctioned, adverse-media-only and country-less entities always pass; others need a selected country', () => {
    const r = search({ search_term: 'Ivan Sidorov', filters: { country_codes: ['fr'] } });
    expect(r.filters.country_codes).toEqual(['FR']);
    expect(ids(r)).toEqual(['aka-only', 'am-only', 'dead', 'pep-fr', 'pep-none', 'sanctioned-ru']);
  });

  it('country_codes reads source_notes countries too', () => {
    expect(ids(search({ search_term: 'Ivan Sidorov', filters: { country_codes: ['IT'], types: ['pep'] } }))).toEqual(['dead', 'pep-none', 'source-note-country']);
  });

  it('remove_deceased "1" drops entities with a date of death; "0" keeps them', () => {
    expect(ids(search({ search_term: 'Ivan Sidorov', filters: { remove_deceased: '1', types: ['pep-class-1'] } }))).toEqual([]);
    expect(ids(search({ search_term: 'Ivan Sidorov', filters: { remove_deceased: '0', types: ['pep-class-1'] } }))).toEqual(['dead']);
  });

  it.each([
    ['exact year', 1960, 0.5, ['sanctioned-ru'], 'exact_birth_year_match'],
    ['one year off within the window', 1959, 0.5, ['sanctioned-ru'], 'fuzzy_birth_year_match'],
    ['one year off at fuzziness 0', 1959, 0, [], undefined],
    ['two years off', 1958, 0.5, [], undefined],
  ])('birth_year: %s', (_why, year, fuzziness, expected, secondary) => {
    const r = search({ search_term: 'Ivan Petrovich Sidorov', fuzziness, exact_match: false, filters: { birth_year: year, types: ['sanction'] } });
    expect(ids(r)).toEqual(expected);
    if (secondary) {
      expect(r.hits[0]!.match_types).toContain('year_of_birth');
      expect((r.hits[0]!.match_types_details as { secondary_matches: unknown[] }[])[0]!.secondary_matches).toEqual([{ query_term: String(year), match_types: [secondary] }]);
    }
  });

  it('birth_year keeps entities with no known birth year, without year_of_birth', () => {
    const r = search({ search_term: 'Ivan Sidorov', filters: { birth_year: 1900, types: ['pep'] } });
    expect(ids(r)).toEqual(['dead', 'pep-none', 'source-note-country']);
    for (const hit of r.hits) expect(hit.match_types).not.toContain('year_of_birth');
  });

  it('entity_type tunes matching and does not filter', () => {
    // Nicknames apply to people: Bob ~ Robert matches the company only when the query is not a company query.
    expect(ids(search({ search_term: 'Bob Holdings' }))).toEqual([]);
    expect(ids(search({ search_term: 'Robert Holdings', filters: { entity_type: 'person' } }))).toEqual(['robert-co']);
    expect(ids(search({ search_term: 'Bob Holdings', filters: { entity_type: 'person' } }))).toEqual(['robert-co']);
  });
});

describe('ordering, paging and caps', () => {
  const many: Entity[] = Array.from({ length: 620 }, (_, i) => person(`e${String(i).padStart(4, '0')}`, i % 2 === 0 ? 'Omar Haddad' : 'Omar Haddad Khalil'));
  const big = createScreener({ entities: many });

  it('orders by score, best first, equal scores by entity id', () => {
    const r = search({ search_term: 'Omar Haddad', limit: 100 }, big);
    const scores = r.hits.map((h) => h.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const exact = r.hits.filter((h) => h.doc.name === 'Omar Haddad').map((h) => h.doc.id);
    expect(exact).toEqual([...exact].sort());
    expect(r.hits[0]!.doc.name).toBe('Omar Haddad');
  });

  it('counts every match in total_hits and pages within the first 100 pulled', () => {
    const first = search({ search_term: 'Omar Haddad', limit: 60 }, big);
    const second = search({ search_term: 'Omar Haddad', limit: 60, offset: 60 }, big);
    expect(first.total_hits).toBe(620);
    expect(first.hits).toHaveLength(60);
    expect(second.hits).toHaveLength(40);
    expect(new Set([...first.hits, ...second.hits].map((h) => h.doc.id)).size).toBe(100);
    expect(search({ search_term: 'Omar Haddad', offset: 100 }, big).hits).toHaveLength(0);
  });

  it('pulls up to 500 when the result cap is raised', () => {
    const raised = createScreener({ entities: many, resultCap: 500 });
    expect(search({ search_term: 'Omar Haddad', limit: 100, offset: 400 }, raised).hits).toHaveLength(100);
    expect(search({ search_term: 'Omar Haddad', limit: 100, offset: 500 }, raised).hits).toHaveLength(0);
  });

  it.each([0, 501, 1.5])('refuses a result cap of %s', (cap) => {
    expect(() => createScreener({ entities: [], resultCap: cap })).toThrow(RangeError);
  });
});

describe('errors in the spec envelope', () => {
  it.each([
    ['limit above 100', { search_term: 'a b', limit: 101 }, 'limit_invalid'],
    ['limit zero', { search_term: 'a b', limit: 0 }, 'limit_invalid'],
    ['negative offset', { search_term: 'a b', offset: -1 }, 'offset_invalid'],
    ['unknown type', { search_term: 'a b', filters: { types: ['sanctions'] } }, 'types_invalid'],
    ['bad country code', { search_term: 'a b', filters: { country_codes: ['XX'] } }, 'country_codes_invalid'],
    ['remove_deceased not "0"/"1"', { search_term: 'a b', filters: { remove_deceased: 1 } }, 'remove_deceased_invalid'],
    ['client_ref over 255', { search_term: 'a b', client_ref: 'x'.repeat(256) }, 'client_ref_too_long'],
  ])('%s → 400 with code %s', (_why, request, code) => {
    const result = screener.search(request as unknown as SearchRequest);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toMatchObject({ code: 400, status: 'failure' });
      expect(result.error.message.length).toBeGreaterThan(0);
      expect(result.error.errors?.map((e) => e.code)).toContain(code);
    }
  });
});

describe('internal lists (blacklists)', () => {
  const internal = createScreener({
    entities: LIST,
    internalLists: [
      { id: 'bl-1', entities: [person('own-1', 'Ivan Sidorov', { types: ['warning'], account_ids: [7], created_utc: '2026-01-01T00:00:00Z', scraper_ids: [] })] },
      { id: 'bl-2', entities: [person('own-2', 'Ivan Sidorov', { types: ['warning'] })] },
    ],
  });

  it('reports internal hits separately, tagged with their list ids', () => {
    const r = search({ search_term: 'Ivan Sidorov', filters: { types: ['warning'] } }, internal);
    expect(r.blacklist_filters).toEqual({ blacklist_ids: ['bl-1', 'bl-2'] });
    expect(r.total_blacklist_hits).toBe(2);
    expect(r.blacklist_hits!.map((h) => [h.doc.id, h.doc.blacklist_ids])).toEqual([
      ['own-1', ['bl-1']],
      ['own-2', ['bl-2']],
    ]);
    expect(r.blacklist_hits![0]!.doc).toMatchObject({ account_ids: [7], created_utc: '2026-01-01T00:00:00Z', scraper_ids: [] });
    expect(ids(r)).not.toContain('own-1');
  });

  it('blacklist_ids selects which lists apply', () => {
    const r = search({ search_term: 'Ivan Sidorov', blacklist_ids: ['bl-2'] }, internal);
    expect(r.blacklist_filters).toEqual({ blacklist_ids: ['bl-2'] });
    expect(r.blacklist_hits!.map((h) => h.doc.id)).toEqual(['own-2']);
  });

  it('leaves the blacklist fields out when the screener has no internal list', () => {
    expect(search({ search_term: 'Ivan Sidorov' })).not.toHaveProperty('blacklist_hits');
  });
});

describe('names shared by many entities (one verdict per name group)', () => {
  const search = (s: ReturnType<typeof createScreener>, term: string, extra: Partial<SearchRequest> = {}) => {
    const r = s.search({ search_term: term, ...extra });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    return r.value;
  };

  it('counts and orders every bearer, keeps each one its own birth-year verdict and score', () => {
    const s = createScreener({
      entities: [
        person('w-3', 'Wang Wei', { fields: [{ name: 'Date of Birth', tag: 'date_of_birth', value: '1970' }] }),
        person('w-1', 'Wang Wei'),
        person('w-2', 'WANG, Wei'),
        person('w-4', 'Li Wang Wei', { aka: [{ name: 'Wang Wei' }] }),
      ],
    });
    const all = search(s, 'Wang Wei');
    expect(all.total_hits).toBe(4);
    const order = [...all.hits].sort((a, b) => b.score - a.score || (a.doc.id < b.doc.id ? -1 : 1));
    expect(all.hits.map((h) => h.doc.id)).toEqual(order.map((h) => h.doc.id));
    // The same words under two spellings are one group: equal scores.
    expect(all.hits.find((h) => h.doc.id === 'w-2')!.score).toBe(all.hits.find((h) => h.doc.id === 'w-1')!.score);
    const byYear = search(s, 'Wang Wei', { filters: { birth_year: 1970 } });
    expect(byYear.hits[0]!.doc.id).toBe('w-3');
    expect(byYear.hits[0]!.match_types).toContain('year_of_birth');
    expect(byYear.hits.filter((h) => h.match_types.includes('year_of_birth')).map((h) => h.doc.id)).toEqual(['w-3']);
  });

  it('still finds the other bearers after the first one is removed, and new ones added', () => {
    const s = createScreener({ entities: [person('z-1', 'Zoran Novak'), person('z-2', 'Zoran Novak')] });
    expect(search(s, 'Zoran Novak').total_hits).toBe(2);
    s.remove('z-1');
    s.add(person('z-3', 'Zoran Novak'));
    expect(search(s, 'Zoran Novak').hits.map((h) => h.doc.id)).toEqual(['z-2', 'z-3']);
  });
});
