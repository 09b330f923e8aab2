/**
 * Intersections of postings (entity slots, ascending: slots only grow, entity-index.ts), for the split witnesses of
 * the look-up (query-reach.ts, markSplit): a query word written as several list words needs all of them on one
 * name, so a split whose parts no entity holds together witnesses nothing.
 */

/** The first position at or after `from` in `list` (ascending) whose slot is at least `slot`: galloping search. */
export function seek(list: readonly number[], from: number, slot: number): number {
  return seekIn(list, from, list.length, slot);
}

/** seek within list[from .. end) (end when none). */
function seekIn(list: ArrayLike<number>, from: number, end: number, slot: number): number {
  let step = 1;
  let lo = from;
  let hi = from;
  // Gallop: double the step until past the slot (or the end), then search the last step by halves.
  while (hi < end && list[hi]! < slot) {
    lo = hi + 1;
    hi += step;
    step *= 2;
  }
  if (hi > end) hi = end;
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

/** Postings as runs of one array (Postings, postings-store.ts): word id's slots are slots[first(id) .. first(id) + count(id)). */
export interface PostingRuns {
  readonly slots: Int32Array;
  first(id: number): number;
  count(id: number): number;
}

/** Scratch of shareASlotOf: each run's position and end, fewest slots first (reused, never held across calls). */
let runAt = new Int32Array(8);
let runEnd = new Int32Array(8);

/**
 * shareASlot over the postings of these word ids, without making the array of lists: whether some entity holds
 * every word (the same leapfrog join, over the runs of the postings' one array).
 */
export function shareASlotOf(postings: PostingRuns, ids: readonly number[]): boolean {
  const count = ids.length;
  if (count === 0) return false;
  if (runAt.length < count) {
    runAt = new Int32Array(count * 2);
    runEnd = new Int32Array(count * 2);
  }
  for (let n = 0; n < count; n++) {
    const length = postings.count(ids[n]!);
    if (length === 0) return false;
    const from = postings.first(ids[n]!);
    let k = n;
    for (; k > 0 && runEnd[k - 1]! - runAt[k - 1]! > length; k--) {
      runAt[k] = runAt[k - 1]!;
      runEnd[k] = runEnd[k - 1]!;
    }
    runAt[k] = from;
    runEnd[k] = from + length;
  }
  const slots = postings.slots;
  let slot = slots[runAt[0]!]!;
  let agree = 0;
  for (let k = 0; ; k = (k + 1) % count) {
    const p = (runAt[k] = seekIn(slots, runAt[k]!, runEnd[k]!, slot));
    if (p === runEnd[k]) return false;
    if (slots[p] === slot) {
      if (++agree === count) return true;
    } else {
      slot = slots[p]!;
      agree = 1;
    }
  }
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
