/**
 * The parts filter of candidate generation (postings-walk.ts) drops, before reading their words, the entities
 * reached by one required query word only where a hit needs evidence on two name parts. It must keep every
 * entity spared that rule: a name of one full word, an entity other than a person for a query of no type, an
 * entity holding a word an optional query word (an affix under some type) reaches; and it counts as a name part
 * every word the candidate check counts (a one-character number, not an initial). Each row is a hit a scan of every entity
 * finds, on a list where the filter runs (both query words common enough): the index must find it too.
 */
import { describe, expect, it } from 'vitest';
import { createScreener } from '../../src/screening/screener.js';
import type { Entity } from '../../src/types/entity.js';
import { filler, person } from './fixtures.js';
import { indexScanAndTouched } from './index-and-scan.js';

const FILLERS: Entity[] = [];
for (let k = 0; k < 90; k++) {
  FILLERS.push(person(`z${k}`, `Zarko ${filler(k)}`));
  FILLERS.push(person(`o${k}`, `${filler(k + 100)} Okonkwo`));
  FILLERS.push(person(`s${k}`, `${filler(k + 200)} 7`));
}
const TARGETS: Entity[] = [
  person('short', 'Okonkwo'),
  { id: 'company', entity_type: 'company', name: 'Okon Kwo', sources: ['t'], types: ['sanction'] },
  person('split', 'Okon Kwo'),
  person('initial', 'Okonkwo Jimoh'),
  person('initial2', 'Jimoh Okonkwo'),
  person('initial3', 'J Okonkwo Jimoh'),
  person('affix', 'Okonkwo Gmbh'),
  person('affix2', 'Okonkwo Holdings'),
  person('both', 'Zarko Okonkwo'),
  person('digit', 'Okonkwo 7'),
];
const screener = createScreener({ entities: [...FILLERS, ...TARGETS] });

const found = (request: Record<string, unknown>) => indexScanAndTouched(screener, request);

describe('the parts filter keeps every entity spared the two-part rule', () => {
  it.each([
    ['a person known by one name', { search_term: 'Zarko Okonkwo' }, 'short'],
    ['an entity other than a person, for a query of no type (one query word split over its words)', { search_term: 'Zarko Okonkwo' }, 'company'],
    ['a person holding a word an optional query word reaches (an organisation suffix)', { search_term: 'Zarko Okonkwo Gmbh' }, 'affix'],
    ['a person holding both query words', { search_term: 'Zarko Okonkwo' }, 'both'],
    ['a person holding a query word and a one-character number another one reaches (a name part, not an initial)', { search_term: 'Okonkwo Seven' }, 'digit'],
  ] as const)('%s', (_shape, request, expected) => {
    const { viaIndex, scan, touched } = found(request);
    expect(scan).toContain(expected);
    expect(viaIndex).toEqual(scan);
    // The filter ran: of the 180 entities holding a query word, only those spared the rule were read.
    expect(touched).toBeLessThan(10);
  });
});
