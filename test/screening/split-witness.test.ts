/**
 * A query word earns its split credit (written as several list words, or abbreviating a run of them) only on an
 * entity or name holding a witness of that split (QueryReach.splitWitness: the rarest part of the split, a word of
 * the expansion), and at most what the parts it holds bring (QueryReach.splitParts: a part's rarity times its
 * repeats, an initial's mass at least for a letter). A name holding the whole split or expansion must keep it: each
 * row is a hit a scan of every entity finds, which the index must find too, beside names holding a part only.
 */
import { describe, expect, it } from 'vitest';
import { createScreener } from '../../src/screening/screener.js';
import type { Entity } from '../../src/types/entity.js';
import { filler, person } from './fixtures.js';
import { indexAndScan } from './index-and-scan.js';

const company = (id: string, name: string): Entity => ({ id, entity_type: 'company', name, sources: ['t'], types: ['sanction'] });
const LIST: Entity[] = [
  company('split', 'Lumtron Tra Ding'),
  company('split-initial', 'Zelbor E Lina'),
  person('part-only', 'E. Smith'),
  person('part-only-2', 'Lina Mbeki'),
  company('expansion', 'Okonkwo International Bank'),
  company('expansion-2', 'International Okonkwo'),
  company('other', 'Okonkwo National'),
  company('split-alone', 'Tra Ding'),
  company('kingdom', 'Zorbax United Kingdom'),
  company('kingdom-part', 'Kingdom Holdings'),
  company('kingdom-alone', 'United Kingdom'),
  company('repeat', 'Tazo Tazo'),
  person('ding', 'Wei Ding'),
  person('tra', 'Tra My Nguyen'),
];
// Letters common enough on the list to weigh less than an initial's mass (rarity below 0.25).
const LETTERS: Entity[] = [company('letters', 'Q V X')];
for (let k = 0; k < 150; k++) LETTERS.push(person(`f${k}`, `${filler(k)} Q V X`));
const screener = createScreener({ entities: LIST });
// Split parts common enough that the word they split is no driver on its own words (Feasibility.withoutSplits),
// beside a rare other query word: the split's holder is found through the witnesses' postings.
const COMMON_PARTS: Entity[] = [company('split-alone', 'Tra Ding'), company('zorbax', 'Zorbax Holdings')];
for (let k = 0; k < 8; k++) COMMON_PARTS.push(person(`t${k}`, `Tra ${filler(k)}`), person(`d${k}`, `${filler(k + 30)} Ding`));
for (let k = 0; k < 200; k++) COMMON_PARTS.push(person(`u${k}`, `${filler(k + 60)} ${filler(k + 300)}`));
const commonParts = createScreener({ entities: COMMON_PARTS });
const letters = createScreener({ entities: LETTERS });

function found(request: Record<string, unknown>, on = screener): { viaIndex: string[]; scan: string[] } {
  return indexAndScan(on, request);
}

describe('a name holding a whole split or expansion keeps its split credit', () => {
  it.each([
    ['a query word written as two list words (the rarer held)', { search_term: 'Lumtron Trading' }, ['split']],
    ['a query word written as an initial and a word, beside names holding one of them', { search_term: 'Zelbor Elina' }, ['split-initial']],
    ['the same at fuzziness 1', { search_term: 'Zelbor Elina', fuzziness: 1 }, ['split-initial']],
    ['a query word abbreviating a list word, in either order', { search_term: 'Okonkwo Intl' }, ['expansion', 'expansion-2']],
    ['a split making the hit alone, the other query word unmatched', { search_term: 'Zorbax Trading', fuzziness: 1 }, ['split-alone']],
    ['a split repeating a part', { search_term: 'Zorbax Tazotazo' }, ['repeat']],
    ['an abbreviation of two list words', { search_term: 'Zorbax UK' }, ['kingdom']],
    ['an abbreviation of two list words making the hit alone', { search_term: 'Zorbax UK', fuzziness: 1 }, ['kingdom', 'kingdom-alone']],
    ['an abbreviation written with an apostrophe (two query words)', { search_term: "Okonkwo Int'l Bank" }, ['expansion']],
  ] as const)('%s', (_shape, request, expected) => {
    const { viaIndex, scan } = found(request);
    expect(scan).toEqual(expected);
    expect(viaIndex).toEqual(scan);
  });

  it('a split of a query word too common to drive the walk on its own words, found through its witness', () => {
    const { viaIndex, scan } = found({ search_term: 'Zorbax Trading', fuzziness: 1 }, commonParts);
    expect(scan).toContain('split-alone');
    expect(viaIndex).toEqual(scan);
  });

  it('a split into single letters, each weighing an initial\'s mass where it is rarer than that', () => {
    const { viaIndex, scan } = found({ search_term: 'Qvx' }, letters);
    expect(scan).toContain('letters');
    expect(viaIndex).toEqual(scan);
  });
});
