/**
 * The credit cap of the name check (name-check.ts): a placement matches each list word at most once and earns at
 * most its mass, so the credit the query words can earn on a name is cut to the mass of the name's words not
 * certainly unmatched. The cap stays an upper bound: every name the matcher matches still passes the check (the
 * index finds every hit a scan finds, at every fuzziness, names with initials included); and names whose list
 * initials several query words reach, too weak to be hits, are now rejected before the matcher runs.
 */
import { describe, expect, it } from 'vitest';
import { createScreener, type SearchRequest } from '../../src/index.js';
import type { SearchCounters } from '../../src/screening/candidate-types.js';
import type { Entity, EntityType } from '../../src/types/entity.js';
import { indexAndScan } from './index-and-scan.js';

const entity = (id: string, name: string, entity_type: EntityType = 'person'): Entity => ({ id, entity_type, name, sources: ['t'], types: ['sanction'] });
// Filler names give the words their rarity: common given names and suffixes, rare surnames.
const FILLER = ['John Doe', 'John Brown', 'Mary Jones', 'Abdul Rahman', 'Ahmed Ali', 'Maria Lopez'].map((n, k) => entity(`filler-${k}`, n));
const screener = createScreener({
  entities: [
    ...FILLER,
    entity('john-smith', 'John Smith'),
    entity('smith', 'Smith'),
    entity('j-smith', 'J. Smith'),
    entity('khan', 'Abdul Basit Khan'),
    entity('a-b-khan', 'A B Khan'),
    entity('j-r-r', 'J R R Tolkien'),
    entity('s-a', 'S A Soto'),
    entity('valpark', 'Valpark S.A. de C.V.', 'company'),
    entity('okcoffee', 'C.I. Okcoffee Colombia S.A.', 'company'),
    entity('agricola', 'Agricola Gaxiola S.A. de C.V.', 'company'),
    entity('ipc', 'I P C International Limited', 'company'),
  ],
});

describe('the capped check passes every name the matcher matches (the index finds what a scan finds)', () => {
  const SETTINGS: [string, Record<string, unknown>][] = [
    ['fuzziness 0', { fuzziness: 0 }],
    ['default', {}],
    ['fuzziness 1', { fuzziness: 1 }],
    ['name_variations', { name_variations: true }],
  ];
  it.each<[string, string, string]>([
    ['an initial on a given name', 'J. Smith', 'john-smith'],
    ['a given name on an initial', 'John Smith', 'j-smith'],
    ['an initial left unplaced', 'J Smith', 'smith'],
    ['two initials on two given names', 'A B Khan', 'khan'],
    ['two given names on two initials', 'Abdul Basit Khan', 'a-b-khan'],
    ['initials repeated on a name of initials', 'J J R Tolkien', 'j-r-r'],
    ['two initials on the same letters', 'S S Soto', 's-a'],
  ])('%s: %s', (_why, term, expected) => {
    for (const [, settings] of SETTINGS) {
      const { viaIndex, scan } = indexAndScan(screener, { search_term: term, ...settings });
      expect(viaIndex).toEqual(scan);
    }
    // The name is a hit at the most lenient fuzziness: the check let it through.
    expect(indexAndScan(screener, { search_term: term, fuzziness: 1 }).viaIndex).toContain(expected);
  });
});

/** The names checked, matched and rejected by the matcher in one search, and its hits. */
function work(request: Record<string, unknown>): Pick<SearchCounters, 'namesChecked' | 'namesMatched' | 'namesRejected'> & { hits: string[] } {
  const counters = screener.lists.finder.counters;
  const before = { ...counters };
  const result = screener.search(request as unknown as SearchRequest);
  if (!result.ok) throw new Error(result.error.message);
  return {
    namesChecked: counters.namesChecked - before.namesChecked,
    namesMatched: counters.namesMatched - before.namesMatched,
    namesRejected: counters.namesRejected - before.namesRejected,
    hits: result.value.hits.map((h) => h.doc.id).sort(),
  };
}

describe('names whose initials several query words reach are rejected by the check, before the matcher', () => {
  it.each<[string, string, Record<string, unknown>]>([
    ['a personal name on a company of initials and suffixes', 'Csaba S Soos', {}],
    ['the same at fuzziness 1', 'Csaba S Soos', { fuzziness: 1 }],
    ['the same under name_variations', 'Csaba S Soos', { name_variations: true }],
    ['two words and an initial on a company of initials and suffixes', 'Cesar S Aviles', {}],
  ])('%s: %s', (_why, term, settings) => {
    const w = work({ search_term: term, ...settings });
    expect(w.hits).toEqual([]);
    expect(w.namesChecked).toBeGreaterThan(0);
    expect(w.namesMatched).toBe(0);
    expect(w.namesRejected).toBe(0);
  });
});
