/**
 * Intersections of postings (entity slots, ascending: slots only grow, entity-index.ts), for the split witnesses of
 * the look-up (query-reach.ts, markSplit): a query word written as several list words needs all of them on one
 * name, so a split whose parts no entity holds together witnesses nothing.
 */

/** The first position at or after `from` in `list` (ascending) whose slot is at least `slot`: galloping search. */
export function seek(list: readonly number[], from: number, slot: number): number {
  let step = 1;
  let lo = from;
  let hi = from;
  // Gallop: double the step until past the slot (or the end), then search the last step by halves.
  while (hi < list.length && list[hi]! < slot) {
    lo = hi + 1;
    hi += step;
    step *= 2;
  }
  if (hi > list.length) hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < slot) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Scratch of the join (the lists fewest slots first, and each one's position): reused, never held across calls. */
const sorted: (readonly number[])[] = [];
let at = new Int32Array(8);

/**
 * Whether some slot is in every list (each ascending; undefined: none): a leapfrog join over the lists, fewest slots first, that
 * stops at the first slot they share. Costs about the shortest list's length times the log of the gaps.
 */
export function shareASlot(lists: readonly (readonly number[] | undefined)[]): boolean {
  sorted.length = 0;
  for (const list of lists) if (!take(list)) return none();
  return join();
}

/**
 * shareASlot over the postings of these word ids (`postings[id]`), without making the array of lists: whether some
 * entity holds every word.
 */
export function shareASlotOf(postings: readonly (readonly number[] | undefined)[], ids: readonly number[]): boolean {
  sorted.length = 0;
  for (const id of ids) if (!take(postings[id])) return none();
  return join();
}

/** Empties the scratch (it holds no list after a call): false. */
function none(): boolean {
  sorted.length = 0;
  return false;
}

/** Adds a list to the scratch, kept fewest slots first (a stable insertion); false when it is empty. */
function take(list: readonly number[] | undefined): boolean {
  if (list === undefined || list.length === 0) return false;
  let k = sorted.length;
  sorted.push(list);
  for (; k > 0 && sorted[k - 1]!.length > list.length; k--) sorted[k] = sorted[k - 1]!;
  sorted[k] = list;
  return true;
}

/** The leapfrog join over the scratch's lists. */
function join(): boolean {
  const count = sorted.length;
  if (count === 0) return false;
  if (at.length < count) at = new Int32Array(count * 2);
  at.fill(0, 0, count);
  let slot = sorted[0]![0]!;
  // The lists that hold `slot` in a row; a list that holds a greater one moves `slot` up to it.
  let agree = 0;
  for (let k = 0; ; k = (k + 1) % count) {
    const list = sorted[k]!;
    const p = (at[k] = seek(list, at[k]!, slot));
    if (p === list.length) return none();
    if (list[p] === slot) {
      if (++agree === count) {
        sorted.length = 0;
        return true;
      }
    } else {
      slot = list[p]!;
      agree = 1;
    }
  }
}
