/**
 * Two prunings of candidate generation, each of which must keep every hit a scan of every entity finds:
 * - a split witness (QueryReach.splitWitness) counts only where some entity holds all the parts of the split
 *   (postings-intersect.ts, shareASlot): `nagy` = `n` + `a` + `g` + `y` marks nothing where no entity holds the four;
 * - the parts filter (postings-walk.ts) reads the other words of the cheapest query words only, taking the bits of
 *   the words it leaves unread as held by every entity.
 * Each row is a list where the split's parts are common and held apart by many entities, with a hit holding them
 * together (in one name or across names): the index must find what the scan finds, and read fewer entities than
 * hold a part.
 */
import { describe, expect, it } from 'vitest';
import { createScreener } from '../../src/screening/screener.js';
import { seek, shareASlot, shareASlotOf } from '../../src/screening/postings-intersect.js';
import { partsToRead } from '../../src/screening/postings-walk.js';
import { Postings } from '../../src/screening/postings-store.js';
import type { Entity } from '../../src/types/entity.js';
import { filler, person } from './fixtures.js';
import { indexAndScan, indexScanAndTouched } from './index-and-scan.js';

const company = (id: string, name: string): Entity => ({ id, entity_type: 'company', name, sources: ['t'], types: ['sanction'] });

// The parts of `nagy` and `elina` held apart: each by 40 people, never two of a split's parts together.
const APART: Entity[] = [];
const PARTS = ['N', 'A', 'G', 'Y', 'Na', 'Nag', 'E', 'Lina', 'Li', 'El'];
for (const [p, part] of PARTS.entries()) for (let k = 0; k < 40; k++) APART.push(person(`${part}-${k}`, `${filler(p * 40 + k)} ${part}`));
for (let k = 0; k < 40; k++) APART.push(person(`zarko-${k}`, `Zarko ${filler(k + 500)}`));
const apart = createScreener({ entities: APART });
const TOGETHER: Entity[] = [
  ...APART,
  person('nagy-split', 'Zarko Nag Y'),
  person('nagy-letters', 'Zarko N A G Y'),
  company('nagy-company', 'Na G Y Trading'),
  person('elina-split', 'E Lina Zarko'),
  person('elina-across-names', 'El Zarko', { aka: [{ name: 'Li Na Zarko' }] }),
];
const together = createScreener({ entities: TOGETHER });

describe('a split counts where some entity holds all its parts, and every such entity is kept', () => {
  it.each([
    ['a split into a word and a letter', 'Zarko Nagy', 'nagy-split'],
    ['a split into four letters', 'Zarko Nagy', 'nagy-letters'],
    ['a split of a company name', 'Nagy Trading', 'nagy-company'],
    ['a split into a letter and a word, the other query word after it', 'Elina Zarko', 'elina-split'],
    ['the same at fuzziness 1', 'Elina Zarko', 'elina-split'],
  ] as const)('%s', (_shape, term, expected) => {
    const { viaIndex, scan } = indexAndScan(together, { search_term: term });
    expect(scan).toContain(expected);
    expect(viaIndex).toEqual(scan);
  });

  it.each([
    ['Zarko Nagy'],
    ['Elina Zarko'],
    ['Nagy Elina'],
    ['Elina Nagy Zarko'],
  ] as const)('%s: the index finds what the scan finds on both lists', (term) => {
    for (const on of [apart, together]) {
      for (const fuzziness of [undefined, 1]) {
        const { viaIndex, scan } = indexAndScan(on, { search_term: term, ...(fuzziness === undefined ? {} : { fuzziness }) });
        expect(viaIndex).toEqual(scan);
      }
    }
  });

  it.each([
    // Before the pruning: 120 entities read (the holders of n, g and y, each the rarest part of a split).
    ['a query of one word', 'Nagy', 0],
    // Before: 80 (the holders of the rarest parts of both words' splits); left: the holders of lina (one off elina).
    ['a query of two split words', 'Nagy Elina', 40],
  ] as const)('where no entity holds a split\'s parts together, their holders are not read: %s', (_shape, term, most) => {
    const { viaIndex, scan, touched } = indexScanAndTouched(apart, { search_term: term });
    expect(viaIndex).toEqual(scan);
    expect(touched).toBeLessThanOrEqual(most);
  });
});

describe('shareASlot: whether ascending lists share a slot', () => {
  it.each([
    ['no list', [], false],
    ['one list', [[3, 5]], true],
    ['an empty list', [[1, 2], []], false],
    ['an absent list', [[1, 2], undefined], false],
    ['a shared first slot', [[1, 4], [1, 9]], true],
    ['a shared last slot', [[1, 4, 9], [2, 3, 9]], true],
    ['interleaved, none shared', [[1, 3, 5, 7], [2, 4, 6, 8]], false],
    ['three lists sharing only one slot', [[1, 5, 9, 12], [0, 5, 12], [2, 3, 12, 40]], true],
    ['pairs shared, never all three', [[1, 2], [2, 3], [1, 3]], false],
    ['a repeated list', [[4, 8], [4, 8]], true],
  ] as const)('%s', (_shape, lists, expected) => {
    expect(shareASlot(lists as unknown as (number[] | undefined)[])).toBe(expected);
  });

  it('agrees with a brute-force intersection on seeded random lists', () => {
    let seed = 7;
    const random = (): number => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let trial = 0; trial < 400; trial++) {
      const count = 2 + Math.floor(random() * 3);
      const lists: number[][] = [];
      for (let k = 0; k < count; k++) {
        const density = random() * 0.5;
        const list: number[] = [];
        for (let slot = 0; slot < 200; slot++) if (random() < density) list.push(slot);
        lists.push(list);
      }
      const brute = lists[0]!.some((slot) => lists.every((list) => list.includes(slot)));
      expect(shareASlot(lists)).toBe(brute);
    }
  });

  it('shareASlotOf answers as shareASlot over the postings of the ids, whatever came before', () => {
    const postings: (number[] | undefined)[] = [[1, 5, 9, 12], [0, 5, 12], [2, 3, 12, 40], [1, 2], [2, 3], [1, 3], [], undefined];
    const cases: number[][] = [[0, 1, 2], [3, 4, 5], [3, 4], [0, 6], [0, 7], [2], [], [1, 1], [4, 3, 0]];
    const runs = Postings.empty();
    // Added slot by slot across the words (as entities are added), so the runs move within the one array.
    for (let slot = 0; slot <= 40; slot++) postings.forEach((list, id) => list?.includes(slot) && runs.add(id, slot));
    for (const ids of cases) {
      expect(shareASlotOf(runs, ids)).toBe(shareASlot(ids.map((id) => postings[id])));
    }
  });

  it.each([
    ['the first slot at least the target', [2, 4, 6, 8], 0, 5, 2],
    ['from a later position', [2, 4, 6, 8], 3, 1, 3],
    ['past the end', [2, 4, 6, 8], 0, 9, 4],
    ['an equal slot', [2, 4, 6, 8], 1, 6, 2],
  ] as const)('seek: %s', (_shape, list, from, slot, expected) => {
    expect(seek(list, from, slot)).toBe(expected);
  });
});

describe('partsToRead: the parts filter reads whole query words, the cheapest first, within its budget', () => {
  // Words 0..4 with their postings (lengths) and the query words they are name parts of (bits).
  const LENGTHS = [10, 20, 300, 5, 40];
  const BITS = [0b01, 0b01, 0b10, 0b10, 0b101];
  const postings = { count: (id: number): number => LENGTHS[id] ?? 0 };
  const read = (budget: number): number[] => partsToRead([0, 1, 2, 3, 4], (id) => BITS[id]!, postings, budget).sort((a, b) => a - b);
  it.each([
    ['every word within the budget', 1000, [0, 1, 2, 3, 4]],
    // Bit 0: words 0, 1, 4 (70 postings); bit 2: word 4 (40); bit 1: words 2, 3 (305).
    ['the cheapest query word whole (bit 2 alone), then bit 0 with it', 70, [0, 1, 4]],
    ['the cheapest query word only', 50, [4]],
    ['nothing when no query word fits', 30, []],
  ] as const)('%s', (_shape, budget, expected) => {
    expect(read(budget)).toEqual(expected);
  });
});
