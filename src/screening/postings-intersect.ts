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

/**
 * Whether some slot is in every list (each ascending; undefined: none): a leapfrog join over the lists, fewest slots first, that
 * stops at the first slot they share. Costs about the shortest list's length times the log of the gaps.
 */
export function shareASlot(lists: readonly (readonly number[] | undefined)[]): boolean {
  if (lists.length === 0) return false;
  const sorted: (readonly number[])[] = [];
  for (const list of lists) {
    if (list === undefined || list.length === 0) return false;
    sorted.push(list);
  }
  sorted.sort((a, b) => a.length - b.length);
  const at = new Array<number>(sorted.length).fill(0);
  let slot = sorted[0]![0]!;
  // The lists that hold `slot` in a row; a list that holds a greater one moves `slot` up to it.
  let agree = 0;
  for (let k = 0; ; k = (k + 1) % sorted.length) {
    const list = sorted[k]!;
    const p = (at[k] = seek(list, at[k]!, slot));
    if (p === list.length) return false;
    if (list[p] === slot) {
      if (++agree === sorted.length) return true;
    } else {
      slot = list[p]!;
      agree = 1;
    }
  }
}
