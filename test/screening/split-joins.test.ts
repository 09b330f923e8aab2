/**
 * SplitJoins (postings-intersect.ts): whether some entity holds every part of each split of one word, with the joins
 * of the rarest parts kept and reused by the word's next splits. Its answers must be those of shareASlotOf (a
 * leapfrog over every part's postings) whatever the splits asked before on the same word: a join kept under the
 * wrong parts, or kept across words, would answer for another split.
 */
import { describe, expect, it } from 'vitest';
import { shareASlotOf, SplitJoins } from '../../src/screening/postings-intersect.js';
import { Postings } from '../../src/screening/postings-store.js';

/** The postings as runs of one array (as an index holds them), added slot by slot across the words so runs move. */
function runsOf(lists: readonly (readonly number[] | undefined)[]): Postings {
  const runs = Postings.empty();
  const pairs = lists.flatMap((list, id) => (list ?? []).map((slot) => [slot, id] as const));
  pairs.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  for (const [slot, id] of pairs) runs.add(id, slot);
  return runs;
}

/** Whether some slot is in the postings of every id (by brute force). */
const brute = (postings: readonly (readonly number[] | undefined)[], ids: readonly number[]): boolean =>
  ids.length > 0 && (postings[ids[0]!] ?? []).some((slot) => ids.every((id) => (postings[id] ?? []).includes(slot)));

// Word ids 0..8 by their postings (slots ascending): 0 and 1 are rare, 2..5 common, 6 empty, 7 absent.
const POSTINGS: (number[] | undefined)[] = [
  [5, 9, 20, 31], // 0
  [9, 20, 31, 40], // 1
  [1, 2, 3, 9, 10, 11, 12, 20, 50, 60], // 2
  [0, 4, 9, 13, 14, 15, 31, 32, 33, 51], // 3
  [2, 6, 7, 8, 16, 17, 18, 19, 20, 52], // 4
  [9, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31], // 5
  [], // 6
  undefined, // 7
  [5, 9, 20, 31], // 8: the same slots as 0
];

describe('SplitJoins answers as shareASlotOf, split after split of one word', () => {
  it.each([
    [
      'splits sharing their two rarest parts (the kept join of 0 and 1 is reused)',
      [[0, 1, 2], [1, 0, 3], [0, 1, 4], [0, 1, 5], [0, 1]],
    ],
    [
      'splits of four parts sharing their three rarest (the kept join of 0, 1 and 5 is reused)',
      [[0, 1, 5, 2], [5, 1, 0, 3], [0, 5, 1, 4], [0, 1, 5]],
    ],
    ['a kept join that no entity holds, asked again with another last part', [[2, 3, 4], [3, 2, 5], [2, 3, 0]]],
    ['a part that no entity holds, or absent from the postings', [[0, 6], [6, 0, 1], [0, 7], [7, 1, 2], [0, 1, 2]]],
    ['a repeated part, and parts of the same postings', [[0, 0], [0, 8], [8, 0, 1], [2, 2, 3], [0, 8, 5]]],
    ['one part alone', [[0], [6], [7]]],
  ] as const)('%s', (_shape, splits) => {
    const joins = new SplitJoins();
    const runs = runsOf(POSTINGS);
    joins.begin(runs);
    for (const ids of splits) {
      expect({ ids, shared: joins.share(ids) }).toEqual({ ids, shared: shareASlotOf(runs, ids) });
    }
  });

  it('forgets the joins of the previous word: the same parts over other postings answer for those', () => {
    const joins = new SplitJoins();
    joins.begin(runsOf([[1, 2], [2, 3], [2, 9]]));
    expect(joins.share([0, 1, 2])).toBe(true);
    joins.begin(runsOf([[1, 2], [3, 4], [2, 9]]));
    expect(joins.share([0, 1, 2])).toBe(false);
    expect(joins.share([0, 2])).toBe(true);
  });

  it('agrees with a brute-force intersection on seeded random words (long postings, shared parts, many splits)', () => {
    let seed = 11;
    const random = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const joins = new SplitJoins();
    let shared = 0;
    let apart = 0;
    for (let word = 0; word < 60; word++) {
      // Eight parts, some long (kept joins of hundreds of slots), some sparse.
      const postings: number[][] = [];
      for (let p = 0; p < 8; p++) {
        const density = p < 3 ? 0.3 + random() * 0.6 : random() * 0.2;
        const list: number[] = [];
        for (let slot = 0; slot < 3000; slot++) if (random() < density) list.push(slot);
        postings.push(list);
      }
      joins.begin(runsOf(postings));
      for (let split = 0; split < 30; split++) {
        const ids: number[] = [];
        const parts = 2 + Math.floor(random() * 3);
        for (let k = 0; k < parts; k++) ids.push(Math.floor(random() * 8));
        const expected = brute(postings, ids);
        expect({ word, ids, shared: joins.share(ids) }).toEqual({ word, ids, shared: expected });
        if (expected) shared++;
        else apart++;
      }
    }
    // Both answers were asked for many times.
    expect(Math.min(shared, apart)).toBeGreaterThan(100);
  });
});
