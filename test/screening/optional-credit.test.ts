/**
 * The index never drops a hit for want of counting what the query's optional words (affixes, particles, initials)
 * can earn (issue 22): a list name reached by a required query word and by an optional one (`Company`), or by an
 * optional word alone (`YK`, an organisation suffix, on an aircraft's registration) is found through the index
 * exactly as a scan of every entity with the matcher finds it, with and without name variations. Found by
 * bench/index-vs-scan.mjs on the OFAC list (`AL HARAM COMMERCIAL COMPANY` with akas removed, `YK-AKF`).
 */
import { describe, expect, it } from 'vitest';
import { createScreener } from '../../src/screening/screener.js';
import { validateSearchRequest } from '../../src/request/validate.js';
import { prepareQuery } from '../../src/names/name-match.js';
import { settingsFor } from '../../src/names/compare.js';
import { matchEntity } from '../../src/names/entity-match.js';
import type { Entity } from '../../src/types/entity.js';

const organisation = (id: string, name: string): Entity => ({ id, entity_type: 'organisation', name, sources: ['t'], types: ['sanction'] });
const LIST: Entity[] = [
  organisation('north-credit', 'Joint Stock Company Commercial Bank North Credit'),
  organisation('cueta', 'Compania Agro Comercial Cueta S. en C.'),
  organisation('verkhnevolzhsky', 'Open Joint Stock Company Commercial Bank Verkhnevolzhsky'),
  { id: 'yk-and', entity_type: 'aircraft', name: 'YK-AND', sources: ['t'], types: ['sanction'] },
  { id: 'yk-anh', entity_type: 'aircraft', name: 'YK-ANH', sources: ['t'], types: ['sanction'] },
];
const screener = createScreener({ entities: LIST });
const index = screener.lists.index;

function ids(request: Record<string, unknown>): { viaIndex: string[]; scan: string[] } {
  const valid = validateSearchRequest(request);
  if (!valid.ok) throw new Error('invalid request');
  const query = prepareQuery(valid.value.searchTerm, valid.value.filters.entity_type, index.tables);
  const settings = settingsFor(valid.value, index.tables, index.weight);
  const scan: string[] = [];
  for (const slot of index.liveSlots()) if (matchEntity(query, index.prepared(slot), settings) !== null) scan.push(index.slots[slot]!.entity.id);
  const viaIndex = screener.lists.matches(valid.value).map((r) => r.entity.id);
  return { viaIndex: viaIndex.sort(), scan: scan.sort() };
}

describe('the index finds every hit an optional query word helps make', () => {
  const BANKS = ['cueta', 'north-credit', 'verkhnevolzhsky'];
  it.each([
    ['an affix reaching a list word, a required word dropped by name variations', { search_term: 'AL HARAM COMMERCIAL COMPANY', name_variations: true }, BANKS],
    ['a particle and an affix beside one required word', { search_term: 'Al Commercial Company' }, BANKS],
    ['an affix beside one required word', { search_term: 'Commercial Company' }, BANKS],
    ['the same under name variations', { search_term: 'Haram Commercial Company', name_variations: true }, BANKS],
    ['an affix alone placed, the one required word dropped by name variations', { search_term: 'YK-AKF', name_variations: true }, ['yk-and', 'yk-anh']],
  ])('%s', (_shape, request, expected) => {
    const { viaIndex, scan } = ids(request);
    expect(scan).toEqual(expected);
    expect(viaIndex).toEqual(scan);
  });
});
