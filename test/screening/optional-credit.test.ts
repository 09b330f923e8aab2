/**
 * The index never drops a hit for want of counting what the query's optional words (affixes, particles, initials)
 * can earn (issue 22): a list name reached by a required query word and by an optional one (`Company`), or by an
 * optional word alone (`YK`, an organisation suffix, on an aircraft's registration), or by a query word split over
 * one-letter list words and affixes (`casa` on `E.C.A. S.A.`, an anchor as a form whatever the letters' own types)
 * is found through the index exactly as a scan of every entity with the matcher finds it, with and without name
 * variations. Found by bench/index-vs-scan.mjs on the OFAC list (`AL HARAM COMMERCIAL COMPANY` with akas removed,
 * `YK-AKF`, `CASA APOLLO`).
 */
import { describe, expect, it } from 'vitest';
import { createScreener } from '../../src/screening/screener.js';
import type { Entity } from '../../src/types/entity.js';
import { indexAndScan } from './index-and-scan.js';

const organisation = (id: string, name: string): Entity => ({ id, entity_type: 'organisation', name, sources: ['t'], types: ['sanction'] });
const LIST: Entity[] = [
  organisation('north-credit', 'Joint Stock Company Commercial Bank North Credit'),
  organisation('cueta', 'Compania Agro Comercial Cueta S. en C.'),
  organisation('verkhnevolzhsky', 'Open Joint Stock Company Commercial Bank Verkhnevolzhsky'),
  { id: 'yk-and', entity_type: 'aircraft', name: 'YK-AND', sources: ['t'], types: ['sanction'] },
  { id: 'yk-anh', entity_type: 'aircraft', name: 'YK-ANH', sources: ['t'], types: ['sanction'] },
];
// On a list of its own, as on OFAC, the index dropped it (beside the lists above it did not).
const ECA: Entity[] = [{ ...organisation('eca', 'ENSAMBLADORA COLOMBIANA AUTOMOTRIZ S.A.'), aka: [{ name: 'E.C.A. S.A.', type: 'aka' }] }];
const SCREENERS = { mixed: createScreener({ entities: LIST }), eca: createScreener({ entities: ECA }) };

function ids(list: keyof typeof SCREENERS, request: Record<string, unknown>): { viaIndex: string[]; scan: string[] } {
  return indexAndScan(SCREENERS[list], request);
}

describe('the index finds every hit an optional query word helps make', () => {
  const BANKS = ['cueta', 'north-credit', 'verkhnevolzhsky'];
  it.each([
    ['an affix reaching a list word, a required word dropped by name variations', 'mixed', { search_term: 'AL HARAM COMMERCIAL COMPANY', name_variations: true }, BANKS],
    ['a particle and an affix beside one required word', 'mixed', { search_term: 'Al Commercial Company' }, BANKS],
    ['an affix beside one required word', 'mixed', { search_term: 'Commercial Company' }, BANKS],
    ['the same under name variations', 'mixed', { search_term: 'Haram Commercial Company', name_variations: true }, BANKS],
    ['an affix alone placed, the one required word dropped by name variations', 'mixed', { search_term: 'YK-AKF', name_variations: true }, ['yk-and', 'yk-anh']],
    ['a query word split over initials and affixes, anchored as a form', 'eca', { search_term: 'CASA APOLLO', name_variations: true }, ['eca']],
  ] as const)('%s', (_shape, list, request, expected) => {
    const { viaIndex, scan } = ids(list, request);
    expect(scan).toEqual(expected);
    expect(viaIndex).toEqual(scan);
  });
});
