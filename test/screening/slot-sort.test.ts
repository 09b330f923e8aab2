/**
 * sortSlots (slot-sort.ts) sorts entity slots as the runtime's sort does, on both sides of the size where it turns to
 * its radix passes, for slot counts needing one, two and three passes of digits.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sortSlots } from '../../src/screening/slot-sort.js';

const sortedCopy = (values: readonly number[]): number[] => [...values].sort((a, b) => a - b);

describe('sortSlots sorts slots ascending, as the runtime sort does', () => {
  it.each([
    ['few slots (the runtime sort)', 100, 1_000],
    ['just under the radix size', 4_095, 1_000_000],
    ['the radix size, one pass (slots below 2,048)', 4_096, 2_048],
    ['many slots, two passes (a list of a million)', 30_000, 1_000_000],
    ['many slots, three passes (a list of ten million)', 10_000, 10_000_000],
  ] as const)('%s', (_shape, count, slotCount) => {
    fc.assert(
      fc.property(fc.array(fc.nat(slotCount - 1), { minLength: count, maxLength: count }), (values) => {
        // A larger array than the slots sorted: the entries past `count` stay as they are.
        const slots = new Int32Array(count + 3).fill(-7);
        slots.set(values);
        sortSlots(slots, count, slotCount);
        expect(Array.from(slots.subarray(0, count))).toEqual(sortedCopy(values));
        expect(Array.from(slots.subarray(count))).toEqual([-7, -7, -7]);
      }),
      { numRuns: 5 },
    );
  });

  it('keeps runs already in order (the walk appends each word\'s postings, ascending)', () => {
    const runs = [Array.from({ length: 3_000 }, (_, k) => 3 * k), Array.from({ length: 3_000 }, (_, k) => 3 * k + 1)];
    const slots = Int32Array.from(runs.flat());
    sortSlots(slots, slots.length, 9_000);
    expect(Array.from(slots)).toEqual(sortedCopy(runs.flat()));
  });
});
