import type { TamisScreener } from '../../src/screening/screener.js';
import type { SearchRequest } from '../../src/index.js';
import { validateSearchRequest } from '../../src/request/validate.js';
import { prepareQuery } from '../../src/names/name-match.js';
import { settingsFor } from '../../src/names/compare.js';
import { matchEntity } from '../../src/names/entity-match.js';

/**
 * The ids of the hits of a request on a screener's list, through the index and through a scan that evaluates
 * every entity with the same matcher (both sorted): equal when the index drops no hit and invents none.
 */
export function indexAndScan(screener: TamisScreener, request: Record<string, unknown>): { viaIndex: string[]; scan: string[] } {
  const index = screener.lists.index;
  const valid = validateSearchRequest(request);
  if (!valid.ok) throw new Error('invalid request');
  const query = prepareQuery(valid.value.searchTerm, valid.value.filters.entity_type, index.tables);
  const settings = settingsFor(valid.value, index.tables, index.weight);
  const scan: string[] = [];
  for (const slot of index.liveSlots()) if (matchEntity(query, index.prepared(slot), settings) !== null) scan.push(index.entity(slot)!.id);
  const viaIndex = screener.lists.matches(valid.value).map((r) => r.entity.id);
  return { viaIndex: viaIndex.sort(), scan: scan.sort() };
}

/**
 * indexAndScan, and the entities whose words the index's candidate generation read for the request (the finder's
 * `entitiesTouched` counter over one search): how much of the list a pruning rule left unread.
 */
export function indexScanAndTouched(screener: TamisScreener, request: Record<string, unknown>): { viaIndex: string[]; scan: string[]; touched: number } {
  const counters = screener.lists.finder.counters;
  const before = counters.entitiesTouched;
  const result = screener.search(request as unknown as SearchRequest);
  if (!result.ok) throw new Error(result.error.message);
  const touched = counters.entitiesTouched - before;
  return { ...indexAndScan(screener, request), touched };
}
