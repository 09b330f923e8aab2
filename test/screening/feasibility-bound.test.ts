/**
 * The credit bound of candidate generation and the name check (feasibility.ts): `reaches` is the boolean the
 * checks ask (the bound at or above the threshold), read without a number returned per call, and must agree with
 * `bound` for every set of matched query words, list mass left unmatched, per-entity credits and placements. The
 * strong-word walk orders the words reached by their postings, most first, ties by id.
 */
import { describe, expect, it } from 'vitest';
import { settingsFor } from '../../src/names/compare.js';
import { prepareQuery } from '../../src/names/name-match.js';
import { validateSearchRequest } from '../../src/request/validate.js';
import { byPostingsDescending, feasibility, type Placements } from '../../src/screening/feasibility.js';
import { createScreener } from '../../src/screening/screener.js';
import type { Entity } from '../../src/types/entity.js';
import { person } from './fixtures.js';

const company = (id: string, name: string): Entity => ({ id, entity_type: 'company', name, sources: ['t'], types: ['sanction'] });
const screener = createScreener({
  entities: [
    person('p1', 'Ivan Petrov'),
    person('p2', 'Ivan Sidorov'),
    person('p3', 'Ivan Petrovich Sidorov'),
    person('p4', 'J Smith'),
    person('p5', 'John Smithson'),
    company('c1', 'Eastern Ocean Shipping Ltd'),
    company('c2', 'EOS Trading'),
    company('c3', 'Abdulrahman Trading'),
  ],
});

function feasibilityOf(request: Record<string, unknown>) {
  const valid = validateSearchRequest(request);
  if (!valid.ok) throw new Error('invalid request');
  const index = screener.lists.index;
  const query = prepareQuery(valid.value.searchTerm, valid.value.filters.entity_type, index.tables);
  const base = settingsFor(valid.value, index.tables, index.weight);
  const settings = { exactMatch: base.exactMatch, minEditLength: base.minEditLength, nameVariations: base.nameVariations, threshold: base.threshold, minMatchedWords: base.minMatchedWords };
  const r = screener.lists.finder.lookUp(query, settings);
  return { r, feasible: feasibility(index, query, r, settings) };
}

describe('reaches is the bound at or above the threshold', () => {
  it.each<[string, Record<string, unknown>]>([
    ['a personal name', { search_term: 'Ivan Petrov Sidorov' }],
    ['a personal name with an initial, fuzziness 1', { search_term: 'J Smith', fuzziness: 1 }],
    ['a company name with a suffix (an optional query word)', { search_term: 'Eastern Ocean Shipping Ltd', filters: { entity_type: 'company' } }],
    ['a query word written as two list words', { search_term: 'Abdul Rahman Trading' }],
    ['min_matched_words', { search_term: 'Ivan Petrov Sidorov', min_matched_words: 2 }],
    ['name_variations', { search_term: 'Ivan Petrov Sidorov', name_variations: true }],
    ['exact_match (every required word needed)', { search_term: 'Ivan Petrov', exact_match: true }],
  ])('%s', (_why, request) => {
    const { r, feasible } = feasibilityOf(request);
    const n = r.n;
    const halves = new Float64Array(n).fill(0.5);
    const splits = new Float64Array(n).fill(0.7);
    let agreed = 0;
    let reached = 0;
    for (let mask = 0; mask < 1 << n; mask++) {
      for (const unmatched of [0, 0.4, 2]) {
        for (const [credits, placements, splitCredits] of [[undefined, undefined, undefined], [halves, 'multi', splits], [halves, 'single', undefined]] as [Float64Array | undefined, Placements | undefined, Float64Array | undefined][]) {
          const expected = feasible.bound(mask, unmatched, credits, placements, splitCredits) >= feasible.threshold;
          expect(feasible.reaches(mask, unmatched, credits, placements, splitCredits)).toBe(expected);
          agreed++;
          if (expected) reached++;
        }
      }
      expect(feasible(mask)).toBe(feasible.reaches(mask, 0));
    }
    // Some sets reach the threshold and some do not: both answers were compared.
    expect(reached).toBeGreaterThan(0);
    expect(reached).toBeLessThan(agreed);
  });
});

describe('the words of the strong-word walk are ordered by postings, most first, ties by id', () => {
  it.each<[string, number[], number[], number[]]>([
    ['distinct lengths', [5, 9, 2], [10, 3, 7], [5, 2, 9]],
    ['ties by id ascending', [8, 3, 6, 1], [4, 4, 9, 4], [6, 1, 3, 8]],
    ['one word', [42], [0], [42]],
    ['no word', [], [], []],
  ])('%s', (_why, ids, lengths, expected) => {
    expect(byPostingsDescending(ids, Float64Array.from(lengths))).toEqual(expected);
  });
});
