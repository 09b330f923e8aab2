/**
 * A search scores every hit from the index's flat names and this search's verdicts (name-screen.ts, storedScore)
 * and makes the entity (its prepared names, its evaluation) only for the hits it keeps (the result cap): a common
 * name borne by hundreds of entities is counted in `total_hits` without making them. The hits kept, their order and
 * their scores must be those of evaluating every entity alone.
 */
import { describe, expect, it, vi } from 'vitest';
import { createScreener, type SearchRequest } from '../../src/index.js';
import { settingsFor } from '../../src/names/compare.js';
import { matchEntity } from '../../src/names/entity-match.js';
import { prepareQuery } from '../../src/names/name-match.js';
import { validateSearchRequest } from '../../src/request/validate.js';
import type { Entity } from '../../src/types/entity.js';
import { dob, person } from './fixtures.js';

const MIDDLE = ['Ana', 'Teresa', 'Luisa'];
/** 300 bearers of one name with middle names, spellings, birth years and a weak alias here and there. */
const LIST: Entity[] = [];
for (let k = 0; k < 300; k++) {
  const middle = MIDDLE[k % MIDDLE.length]!;
  const surname = k % 7 === 0 ? 'Garcya' : 'Garcia';
  const extra: Partial<Entity> = { fields: [dob(String(1950 + (k % 5)))] };
  if (k % 11 === 0) extra.aka = [{ name: 'Mari', type: 'weak-aka' }];
  LIST.push(person(`m${String(k).padStart(3, '0')}`, k % 4 === 0 ? `Maria ${surname}` : `Maria ${middle} ${surname}`, extra));
}
const screener = createScreener({ entities: LIST, resultCap: 50 });

/** Every hit of the request, each entity evaluated alone, best first (equal scores by id), and how many. */
function evaluatedAlone(request: Record<string, unknown>, on = screener): { ids: string[]; scores: number[]; total: number } {
  const index = on.lists.index;
  const valid = validateSearchRequest(request);
  if (!valid.ok) throw new Error('invalid request');
  const query = prepareQuery(valid.value.searchTerm, valid.value.filters.entity_type, index.tables);
  const settings = settingsFor(valid.value, index.tables, index.weight);
  const hits: { id: string; score: number }[] = [];
  for (const slot of index.liveSlots()) {
    const match = matchEntity(query, index.prepared(slot), settings);
    if (match !== null) hits.push({ id: index.idOf(slot), score: match.score });
  }
  hits.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
  return { ids: hits.map((h) => h.id), scores: hits.map((h) => h.score), total: hits.length };
}

describe('hits are scored from the flat names; entities are made for the hits kept only', () => {
  it.each([
    ['a name borne by every entity', { search_term: 'Maria Garcia', limit: 50 }],
    ['with a middle name (some bearers hold it)', { search_term: 'Maria Teresa Garcia', limit: 50 }],
    ['with a birth year (scores move with it)', { search_term: 'Maria Garcia', limit: 50, filters: { birth_year: 1952 } }],
    ['under name variations', { search_term: 'Garcia Maria', limit: 50, name_variations: true }],
  ] as const)('%s: the page and total_hits are those of evaluating every entity', (_shape, request) => {
    const alone = evaluatedAlone(request);
    const r = screener.search(request as unknown as SearchRequest);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    expect(r.value.total_hits).toBe(alone.total);
    expect(alone.total).toBeGreaterThan(50);
    expect(r.value.hits.map((h) => h.doc.id)).toEqual(alone.ids.slice(0, 50));
    expect(r.value.hits.map((h) => h.score)).toEqual(alone.scores.slice(0, 50));
  });

  it('makes the entities of the hits kept, not of every hit', () => {
    const prepared = vi.spyOn(screener.lists.index, 'prepared');
    const r = screener.search({ search_term: 'Maria Garcia', limit: 10 } as SearchRequest);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    expect(r.value.total_hits).toBeGreaterThan(250);
    // The 50 kept, and the entities with a weak alias (their own rule reads the entity's other names).
    const weak = LIST.filter((e) => e.aka !== undefined).length;
    expect(prepared.mock.calls.length).toBeLessThanOrEqual(50 + weak);
    prepared.mockRestore();
  });
});

describe('the page is kept as the search goes: hits of equal scores at its edge are ordered by id, whatever the slot order', () => {
  // The list added in reverse and in a shuffled order: ids no longer ascend with the slots.
  const shuffled = LIST.map((e, k) => ({ e, key: (k * 7919) % LIST.length })).sort((a, b) => a.key - b.key).map((x) => x.e);
  it.each([
    ['ids descending with the slots', [...LIST].reverse()],
    ['ids in no order', shuffled],
  ] as const)('%s', (_order, entities) => {
    const on = createScreener({ entities, resultCap: 50 });
    for (const request of [{ search_term: 'Maria Garcia', limit: 10 }, { search_term: 'Maria Teresa Garcia', limit: 7 }]) {
      const alone = evaluatedAlone(request, on);
      const r = on.search(request as SearchRequest);
      if (!r.ok) throw new Error(JSON.stringify(r.error));
      expect(r.value.total_hits).toBe(alone.total);
      expect(r.value.hits.map((h) => h.doc.id)).toEqual(alone.ids.slice(0, request.limit));
      // Equal scores at the edge of the page: the order by id decides which hits are on it.
      expect(alone.scores[request.limit - 1]).toBe(alone.scores[request.limit]);
    }
  });
});
