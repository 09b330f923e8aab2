/**
 * The index never misses what the name matcher would accept: the same queries through the index and through a
 * brute-force scan of every entity with the matcher must give identical hits (ids, match types, scores).
 */
import { describe, expect, it } from 'vitest';
import { generateEntities, generateQueries } from '../../bench/synthetic.mjs';
import { createScreener } from '../../src/screening/screener.js';
import { validateSearchRequest } from '../../src/request/validate.js';
import { prepareQuery } from '../../src/names/name-match.js';
import { settingsFor } from '../../src/names/compare.js';
import { matchEntity } from '../../src/names/entity-match.js';
import { entityFilter } from '../../src/screening/filters.js';
import { isDeceased } from '../../src/names/birth-year.js';
import type { Entity } from '../../src/types/entity.js';

const entities: Entity[] = generateEntities(3000, 7);
// Hand-made entities for the rules synthetic names rarely exercise.
entities.push(
  { id: 'x-acronym', entity_type: 'company', name: 'International Business Machines Corp', sources: ['t'], types: ['warning'] },
  { id: 'x-glued', entity_type: 'person', name: 'Osama Binladen', sources: ['t'], types: ['sanction'] },
  { id: 'x-split', entity_type: 'person', name: 'Abdul Rahman Al Amin', sources: ['t'], types: ['sanction'] },
  { id: 'x-digit', entity_type: 'company', name: 'Two Brothers Trading LLC', sources: ['t'], types: ['sanction'] },
  { id: 'x-initial', entity_type: 'person', name: 'J Robert Oppenheimer', sources: ['t'], types: ['pep-class-1'] },
  { id: 'x-arabic', entity_type: 'person', name: 'محمد علي', sources: ['t'], types: ['sanction'] },
  { id: 'x-cyrillic', entity_type: 'person', name: 'Владимир Путин', sources: ['t'], types: ['pep-class-1'] },
  { id: 'x-title', entity_type: 'person', name: 'Sheikh Khalid Mansour', sources: ['t'], types: ['sanction'] },
);
const screener = createScreener({ entities });
const index = screener.lists.index;

function bruteForce(request: Record<string, unknown>): [string, string, number][] {
  const valid = validateSearchRequest(request);
  if (!valid.ok) throw new Error('invalid');
  const query = prepareQuery(valid.value.searchTerm, valid.value.filters.entity_type, index.tables);
  const settings = settingsFor(valid.value, index.tables, index.weight);
  const keep = entityFilter(valid.value.filters, isDeceased);
  const out: [string, string, number][] = [];
  for (const slot of index.liveSlots()) {
    const entity = index.entity(slot)!;
    if (!keep(entity)) continue;
    const match = matchEntity(query, index.prepared(slot), settings);
    if (match !== null) out.push([entity.id, match.match_types.join(','), match.score]);
  }
  return out.sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

function viaIndex(request: Record<string, unknown>): [string, string, number][] {
  const valid = validateSearchRequest(request);
  if (!valid.ok) throw new Error('invalid');
  return screener.lists
    .matches(valid.value)
    .map((r): [string, string, number] => {
      const hit = r.hit();
      return [hit.doc.id, hit.match_types.join(','), hit.score];
    })
    .sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

const synthetic = generateQueries(entities.slice(0, 3000), 11, { perKind: 25 }).map((q) => q.term);
const handmade = [
  'IBM', 'Osama Bin Laden', 'Abdulrahman Al Amin', 'Abdul Rahman Amin', '2 Brothers Trading', 'Robert Oppenheimer',
  'J R Oppenheimer', 'Mohamed Ali', 'Vladimir Putin', 'Путин', 'Dr Khalid Mansour', 'Khalid Mansour Jr', 'Ltd',
];
const settings: Record<string, unknown>[] = [
  {},
  { fuzziness: 0 },
  { fuzziness: 1 },
  { fuzziness: 0.3 },
  { exact_match: true },
  { name_variations: true },
  { name_variations: true, min_matched_words: 2 },
  { filters: { entity_type: 'company' } },
  { filters: { entity_type: 'person', birth_year: 1970 } },
];

describe('index parity with a brute-force scan (3,008 entities)', () => {
  it.each(settings.map((s) => [JSON.stringify(s), s]))('identical hits with settings %s', (_name, extra) => {
    let compared = 0;
    let withHits = 0;
    for (const term of [...synthetic, ...handmade]) {
      const request = { search_term: term, ...extra };
      const expected = bruteForce(request);
      expect(viaIndex(request), `query "${term}"`).toEqual(expected);
      compared++;
      if (expected.length > 0) withHits++;
    }
    expect(compared).toBe(synthetic.length + handmade.length);
    // The comparison is meaningful: a good share of queries find something under every setting.
    expect(withHits).toBeGreaterThan(compared / 5);
  });
});
