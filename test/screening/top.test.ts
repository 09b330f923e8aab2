import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Top } from '../../src/screening/top.js';

const byScoreThenId = (a: { score: number; id: string }, b: { score: number; id: string }): number =>
  b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Every item offered to a Top of k, then taken (as a search offers its hits and takes the page). */
function firstInOrder<T>(items: readonly T[], k: number, compare: (a: T, b: T) => number): T[] {
  const top = new Top(k, compare);
  for (const item of items) top.offer(item);
  return top.take();
}

describe('Top, every item offered then taken', () => {
  it('gives the first k items of a full sort, in order, for any items and k', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ score: fc.integer({ min: 0, max: 5 }), id: fc.string({ maxLength: 3 }) })), fc.integer({ min: 0, max: 30 }), (items, k) => {
        const sorted = [...items].sort(byScoreThenId);
        expect(firstInOrder(items, k, byScoreThenId)).toEqual(sorted.slice(0, k));
      }),
    );
  });

  it.each([
    ['an unbounded k keeps every item', [3, 1, 2], Infinity, [3, 2, 1]],
    ['k of 0 keeps nothing', [3, 1, 2], 0, []],
    ['k above the count keeps every item', [1, 2], 5, [2, 1]],
  ])('%s', (_why, scores, k, expected) => {
    const items = scores.map((score) => ({ score, id: String(score) }));
    expect(firstInOrder(items, k, byScoreThenId).map((i) => i.score)).toEqual(expected);
  });
});

describe('Top', () => {
  it('has no bar until k items are kept, then the worst item kept; hands the items over in order once', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 30 }), fc.integer({ min: 1, max: 8 }), (scores, k) => {
        const top = new Top(k, (a: number, b: number) => b - a);
        scores.forEach((score, i) => {
          top.offer(score);
          const kept = [...scores.slice(0, i + 1)].sort((a, b) => b - a).slice(0, k);
          expect(top.bar).toBe(kept.length < k ? undefined : kept[k - 1]);
        });
        expect(top.take()).toEqual([...scores].sort((a, b) => b - a).slice(0, k));
        // Taken: the Top is empty again.
        expect([top.bar, top.take()]).toEqual([undefined, []]);
      }),
    );
  });

  it('keeps the first k of items offered in order, and of items that come out of order after a run in order', () => {
    const byScoreThenName = (a: [number, string], b: [number, string]) => b[0] - a[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0);
    const item = fc.tuple(fc.integer({ min: 0, max: 20 }), fc.string({ maxLength: 2 }));
    fc.assert(
      fc.property(fc.array(item, { maxLength: 40 }), fc.array(item, { maxLength: 10 }), fc.integer({ min: 0, max: 12 }), (run, rest, k) => {
        const items = [...[...run].sort(byScoreThenName), ...rest];
        const top = new Top(k, byScoreThenName);
        items.forEach((x, i) => {
          top.offer(x);
          const kept = items.slice(0, i + 1).sort(byScoreThenName).slice(0, k);
          expect(top.bar).toEqual(k === 0 || kept.length < k ? undefined : kept[k - 1]);
        });
        expect(top.take()).toEqual([...items].sort(byScoreThenName).slice(0, k));
      }),
    );
  });
});
