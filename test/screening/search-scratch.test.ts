/**
 * What a search keeps from one search to the next to allocate less (screener.ts: the name memo, the list words'
 * rarities, the settings built field by field; feasibility.ts: strongWords' and drivers' scratch, the limits of
 * reachesWithin; query-reach.ts: a word's reach set shared with the look-up memo) changes no answer: searches
 * interleaved on one screener answer as a fresh screener does, a hit described after later searches is the same, a
 * search inside a search is unharmed, an entity added between searches is weighed afresh, and the reach sets of
 * look-ups interleaved are those of a look-up without the memo, in the same order.
 */
import { describe, expect, it } from 'vitest';
import { generateEntities, generateQueries } from '../../bench/synthetic.mjs';
import { createScreener, searchSettings, type IndexSettings } from '../../src/screening/screener.js';
import { settingsFor } from '../../src/names/compare.js';
import { validateSearchRequest } from '../../src/request/validate.js';
import type { Entity } from '../../src/types/entity.js';
import type { Hit, SearchRequest } from '../../src/screening/types.js';
import { prepareQuery } from '../../src/names/name-match.js';

const entities: Entity[] = generateEntities(1500, 11);
entities.push(
  { id: 'x-glued', entity_type: 'person', name: 'Osama Binladen', sources: ['t'], types: ['sanction'] },
  { id: 'x-split', entity_type: 'person', name: 'Abdul Rahman Al Amin', sources: ['t'], types: ['sanction'] },
  { id: 'x-acronym', entity_type: 'company', name: 'International Business Machines Corp', sources: ['t'], types: ['warning'] },
);
const terms: string[] = [
  ...generateQueries(entities.slice(0, 600), 5, { perKind: 6 }).map((q: { term: string }) => q.term),
  'Osama Bin Laden',
  'Abdulrahman Alamin',
  'IBM',
  'zzqx unknown',
];
// Each term under a few settings: fuzzy, exact, without name variations, with a minimum of words.
const requests: SearchRequest[] = terms.flatMap((term): SearchRequest[] => [
  { search_term: term, limit: 20 },
  { search_term: term, limit: 20, exact_match: true },
  { search_term: term, limit: 20, name_variations: false, min_matched_words: 2 },
]);

type Answer = { total: number; hits: Hit[] };
function answer(screener: ReturnType<typeof createScreener>, request: SearchRequest): Answer {
  const result = screener.search(request);
  if (!result.ok) throw new Error('invalid request');
  return { total: result.value.total_hits, hits: result.value.hits };
}

describe('search scratch kept across searches', () => {
  it('searches interleaved on one screener answer as a fresh screener does for each', () => {
    const shared = createScreener({ entities });
    // Forward then backward, so each request follows a different one than on the first pass.
    const order = [...requests, ...[...requests].reverse()];
    const expected = new Map<SearchRequest, Answer>();
    for (const request of requests.slice(0, 24)) expected.set(request, answer(createScreener({ entities }), request));
    for (const request of order) {
      const got = answer(shared, request);
      const want = expected.get(request);
      if (want !== undefined) expect(got).toEqual(want);
      else expected.set(request, got);
    }
    expect(requests.some((r) => (expected.get(r)?.total ?? 0) > 0)).toBe(true);
  });

  it('a ranked match describes the same hit after later searches', () => {
    const screener = createScreener({ entities });
    const valid = validateSearchRequest({ search_term: 'Osama Bin Laden' });
    if (!valid.ok) throw new Error('invalid');
    const kept = screener.lists.matches(valid.value);
    expect(kept.length).toBeGreaterThan(0);
    const before = kept.map((r) => r.hit());
    for (const request of requests.slice(0, 30)) screener.search(request);
    expect(kept.map((r) => r.hit())).toEqual(before);
  });

  it('a search run inside another (from its keep) leaves both answers unchanged', () => {
    const screener = createScreener({ entities });
    const outer = validateSearchRequest({ search_term: 'Abdul Rahman Al Amin' });
    const inner = validateSearchRequest({ search_term: 'Osama Binladen' });
    if (!outer.ok || !inner.ok) throw new Error('invalid');
    const ids = (request: typeof outer.value) => screener.lists.matches(request).map((r) => [r.id, r.score]);
    const outerAlone = ids(outer.value);
    const innerAlone = ids(inner.value);
    const innerWithin: unknown[] = [];
    const outerWith = screener.lists
      .matches(outer.value, () => {
        innerWithin.push(ids(inner.value));
        return true;
      })
      .map((r) => [r.id, r.score]);
    expect(outerWith).toEqual(outerAlone);
    expect(innerWithin.length).toBeGreaterThan(0);
    for (const within of innerWithin) expect(within).toEqual(innerAlone);
  });

  it('an entity added between searches is weighed afresh (the rarities kept are dropped)', () => {
    const screener = createScreener({ entities: entities.slice(0, 800) });
    const request = { search_term: 'Osama Bin Laden', limit: 50 };
    answer(screener, request);
    for (const entity of entities.slice(800)) screener.add(entity);
    expect(answer(screener, request)).toEqual(answer(createScreener({ entities }), request));
  });

  it('searchSettings copies every field of the request settings', () => {
    const valid = validateSearchRequest({ search_term: 'x', min_matched_words: 2, filters: { birth_year: 1970 }, details_shape: 'keyed' });
    if (!valid.ok) throw new Error('invalid');
    const base = settingsFor(valid.value, createScreener().lists.index.tables, () => 1);
    const extra: IndexSettings = {
      weight: () => 1,
      weightOfId: () => 1,
      namePossible: () => true,
      multiWordForms: () => true,
      nameMemo: new Map(),
      pairTypes: [],
      knownType: () => undefined,
    };
    const settings = searchSettings(base, extra);
    for (const key of Object.keys(base) as (keyof typeof base)[]) if (key !== 'weight') expect(settings[key]).toBe(base[key]);
    expect(Object.keys(settings).sort()).toEqual([...new Set([...Object.keys(base), ...Object.keys(extra)])].sort());
  });

  it('reach sets shared with the look-up memo are never added to: each look-up reaches what one without the memo does', () => {
    const on = createScreener({ entities });
    const off = createScreener({ entities, lookupMemoWords: 0 });
    // Words alone, then within glued pairs and splits that add to their reach, then alone again.
    const queries = ['Osama', 'Bin', 'Laden', 'Osama Bin Laden', 'Bin Laden', 'Abdulrahman', 'Abdul Rahman', 'Bin', 'Laden', ...terms.slice(0, 40), 'Osama Bin Laden'];
    const settings = { exactMatch: false, minEditLength: 4 };
    const reach = (s: ReturnType<typeof createScreener>, term: string) => {
      const r = s.lists.finder.lookUp(prepareQuery(term, undefined, s.lists.index.tables), settings as never);
      return r.reach.map((set) => [...set]);
    };
    for (const pass of [1, 2]) for (const term of queries) expect(reach(on, term), `${term} (pass ${pass})`).toEqual(reach(off, term));
    expect(on.lists.finder.lookup.memo.size).toBeGreaterThan(0);
  });
});
