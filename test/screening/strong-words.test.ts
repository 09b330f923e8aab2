/**
 * The strong-word walk of candidate generation (feasibility.ts strongWords, postings-walk.ts): under the evidence
 * rule, the words of most postings are left out of the walk (weak) while an entity holding weak words only, each
 * query word it holds earning the best credit a weak word gives it (a split witness its split credit), could not
 * pass the credit bound of the candidate check. It must keep every entity whose own words can pass it: one holding
 * a rare word a common query word reaches, one holding a split of a query word whose parts are common (its witness
 * brings the split's credit), an organisation spelling the query word as an acronym (acronym slots are walked),
 * one holding a word an optional query word reaches. Each row is a hit a scan of every entity finds, on a list where
 * the strong walk is the cheapest (three common query words, or common split parts beside a rare word): the index
 * must find it too. Leaving out the witnesses' credit or the acronym slots makes a row fail.
 */
import { describe, expect, it } from 'vitest';
import { createScreener } from '../../src/screening/screener.js';
import type { Entity } from '../../src/types/entity.js';
import { filler, person } from './fixtures.js';
import { indexScanAndTouched } from './index-and-scan.js';

const company = (id: string, name: string): Entity => ({ id, entity_type: 'company', name, sources: ['t'], types: ['sanction'] });
const FILLERS: Entity[] = [];
for (let k = 0; k < 90; k++) {
  FILLERS.push(person(`z${k}`, `Zarko ${filler(k)}`));
  FILLERS.push(person(`o${k}`, `${filler(k + 100)} Okonkwo`));
  FILLERS.push(person(`j${k}`, `${filler(k + 200)} Jimoh`));
}
const TARGETS: Entity[] = [
  person('all', 'Zarko Okonkwo Jimoh'),
  person('both', 'Zarko Okonkwo'),
  person('rare3', 'Zarko Okonkwa Jimah'),
  person('split3', 'Zarko Okon Kwo Jimoh'),
  company('acronym', 'Zeta Omega Jaguar'),
  person('suffix', 'Zarko Okonkwo Gmbh'),
  company('suffix2', 'Zarko Okonkwo Gmbh'),
];
const screener = createScreener({ entities: [...FILLERS, ...TARGETS] });
// Parts of a split common enough to weigh little beside a rare other query word: an entity holding the split alone
// earns its credit only through its witness (split-witness.test.ts), which must not be left out as weak.
const COMMON_PARTS: Entity[] = [company('split-alone', 'Tra Ding'), company('zorbax', 'Zorbax Holdings')];
for (let k = 0; k < 8; k++) COMMON_PARTS.push(person(`t${k}`, `Tra ${filler(k)}`), person(`d${k}`, `${filler(k + 30)} Ding`));
for (let k = 0; k < 200; k++) COMMON_PARTS.push(person(`u${k}`, `${filler(k + 60)} ${filler(k + 300)}`));
const commonParts = createScreener({ entities: COMMON_PARTS });

const found = (request: Record<string, unknown>, on = screener) => indexScanAndTouched(on, request);

describe('the strong-word walk keeps every entity whose own words can pass the credit bound', () => {
  it.each([
    ['an entity holding every query word', { search_term: 'Zarko Okonkwo Jimoh' }, 'all'],
    ['an entity holding rare words two common query words reach (one edit)', { search_term: 'Zarko Okonkwo Jimoh' }, 'rare3'],
    ['an entity holding a query word written as two list words', { search_term: 'Zarko Okonkwo Jimoh' }, 'split3'],
    ['an entity holding two of three query words', { search_term: 'Zarko Okonkwo Jimoh', fuzziness: 1 }, 'both'],
    ['an organisation spelling the query word as an acronym', { search_term: 'ZOJ Corp' }, 'acronym'],
    ['a person holding two of three query words and a word an optional query word (an organisation suffix) reaches', { search_term: 'Zarko Okonkwo Jimoh Gmbh' }, 'suffix'],
    ['a company holding the same', { search_term: 'Zarko Okonkwo Jimoh Gmbh' }, 'suffix2'],
  ] as const)('%s', (_shape, request, expected) => {
    const { viaIndex, scan, touched } = found(request);
    expect(scan).toContain(expected);
    expect(viaIndex).toEqual(scan);
    // Of the 270 entities holding a query word, only a few were read.
    expect(touched).toBeLessThan(20);
  });
});

describe('the strong-word walk keeps an entity a split witness it holds brings the credit it needs', () => {
  it('a split of common parts making the hit alone, the rare other query word unmatched', () => {
    const { viaIndex, scan, touched } = found({ search_term: 'Zorbax Trading', fuzziness: 1 }, commonParts);
    expect(scan).toContain('split-alone');
    expect(viaIndex).toEqual(scan);
    // Of the 19 entities holding a query word or a part, those holding the weak part only (ding) are not read.
    expect(touched).toBeLessThan(15);
  });
});
