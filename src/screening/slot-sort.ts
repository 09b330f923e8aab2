/**
 * Sorting entity slots (non-negative integers below a list's slot count) in place: the postings walk sorts the slots
 * it keeps so that their words are read in the order they lie in memory. The runtime's sort of a typed array costs
 * n log n comparisons; a search reaching tens of thousands of slots sorts them faster by their digits (a radix sort
 * of 11 bits a pass, two passes up to 4,194,304 slots).
 */

/** Below this many slots the runtime's sort is the faster. */
const RADIX_FROM = 4096;
const DIGIT_BITS = 11;
const DIGITS = 1 << DIGIT_BITS;

/** Scratch of the radix passes (one sort at a time; grown when needed, never shrunk). */
let spare = new Int32Array(0);
const counts = new Int32Array(DIGITS);

/** Sorts `slots[0 .. count)` ascending, in place; every slot lies in [0, slotCount). */
export function sortSlots(slots: Int32Array, count: number, slotCount: number): void {
  if (count < RADIX_FROM) {
    slots.subarray(0, count).sort();
    return;
  }
  if (spare.length < count) spare = new Int32Array(Math.max(count, 2 * spare.length));
  const bits = 32 - Math.clz32(Math.max(1, slotCount - 1));
  const passes = Math.max(1, Math.ceil(bits / DIGIT_BITS));
  let from: Int32Array = slots;
  let to: Int32Array = spare;
  for (let pass = 0; pass < passes; pass++) {
    const shift = pass * DIGIT_BITS;
    counts.fill(0);
    for (let i = 0; i < count; i++) counts[(from[i]! >>> shift) & (DIGITS - 1)]!++;
    let sum = 0;
    for (let d = 0; d < DIGITS; d++) {
      const c = counts[d]!;
      counts[d] = sum;
      sum += c;
    }
    for (let i = 0; i < count; i++) {
      const slot = from[i]!;
      to[counts[(slot >>> shift) & (DIGITS - 1)]!++] = slot;
    }
    const t = from;
    from = to;
    to = t;
  }
  if (from !== slots) slots.set(from.subarray(0, count));
}
