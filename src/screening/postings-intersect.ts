/**
 * Intersections of postings (entity slots, ascending: slots only grow, entity-index.ts), for the split witnesses of
 * the look-up (query-reach.ts, markSplit): a query word written as several list words needs all of them on one
 * name, so a split whose parts no entity holds together witnesses nothing.
 */

/** The first position at or after `from` in `list` (ascending) whose slot is at least `slot`: galloping search. */
export function seek(list: readonly number[], from: number, slot: number): number {
  return seekIn(list, from, list.length, slot);
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

/** The first position in [from, end) of `list` (ascending) whose slot is at least `slot`, else `end`: galloping. */
export function seekIn(list: ArrayLike<number>, from: number, end: number, slot: number): number {
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

/**
 * Whether each split of one query word into list words has its parts held together by some entity, with what its
 * splits share joined once (`elina` = `e` + `l` + `i` + `na` and `e` + `li` + `na` both need the holders of `na`
 * and `e` together). Each split's parts are joined rarest first: the holders of its two rarest parts, kept (in
 * `pool`) and reused by the next split with the same two rarest parts (and so for three), then the next part's
 * holders among them. A join costs about its shorter list's length times the log of the gaps (a leapfrog), and the
 * shorter list after the first join is the few entities holding both rarest parts. The same answers as
 * shareASlotOf; scratch reused from call to call, one word at a time (`begin`).
 */
export class SplitJoins {
  private postings: PostingRuns | undefined;
  /** Per kept join: the ids of its parts, rarest first (KEY_WIDTH of them, -1 past the last). */
  private keys = new Int32Array(KEY_WIDTH * 16);
  /** Per kept join: where its slots start in `pool`, and how many. */
  private starts = new Int32Array(16);
  private lengths = new Int32Array(16);
  private kept = 0;
  /** The kept joins' slots, ascending within each (an Int32Array, as the postings: the joins read one kind of list). */
  private pool = new Int32Array(1 << 10);
  private used = 0;
  /** The parts of the split being joined, rarest first (scratch). */
  private readonly order: number[] = [];

  /** Starts the splits of one word over these postings (word id to ascending entity slots): forgets the joins kept. */
  begin(postings: PostingRuns): void {
    this.postings = postings;
    this.kept = 0;
    this.used = 0;
  }

  /** Whether some entity holds every word of `ids` (shareASlotOf over the postings given to `begin`). */
  share(ids: readonly number[]): boolean {
    const postings = this.postings!;
    const order = this.order;
    order.length = 0;
    for (const id of ids) {
      const size = postings.count(id);
      if (size === 0) return false;
      // Insertion by size (stable): ids has at most a few parts.
      let k = order.length;
      order.push(id);
      for (; k > 0 && postings.count(order[k - 1]!) > size; k--) order[k] = order[k - 1]!;
      order[k] = id;
    }
    if (order.length < 2) return order.length === 1;
    // Longer splits than the kept joins' keys are joined whole (none is made today: MAX_GLUE).
    if (order.length > KEY_WIDTH + 1) return shareASlotOf(postings, order);
    // The join so far: the rarest part's postings, then kept joins in the pool.
    const slots = postings.slots;
    let list: Int32Array = slots;
    let from = postings.first(order[0]!);
    let end = from + postings.count(order[0]!);
    for (let k = 1; k < order.length; k++) {
      const nextFrom = postings.first(order[k]!);
      const nextEnd = nextFrom + postings.count(order[k]!);
      if (k === order.length - 1) return firstShared(list, from, end, slots, nextFrom, nextEnd) >= 0;
      let found = this.find(k + 1);
      if (found < 0) found = this.keep(k + 1, list, from, end, slots, nextFrom, nextEnd);
      list = this.pool;
      from = this.starts[found]!;
      end = from + this.lengths[found]!;
      if (end === from) return false;
    }
    return true;
  }

  /** The kept join of the first `count` parts of `order`, or -1. */
  private find(count: number): number {
    const keys = this.keys;
    const order = this.order;
    for (let e = 0; e < this.kept; e++) {
      const base = e * KEY_WIDTH;
      let same = true;
      for (let k = 0; k < KEY_WIDTH; k++) {
        if (keys[base + k] !== (k < count ? order[k]! : -1)) {
          same = false;
          break;
        }
      }
      if (same) return e;
    }
    return -1;
  }

  /** Joins list[from, end) with next[nextFrom, nextEnd) into the pool, kept under the first `count` parts of `order`: its entry. */
  private keep(count: number, list: Int32Array, from: number, end: number, next: Int32Array, nextFrom: number, nextEnd: number): number {
    const start = this.used;
    // At most the shorter list's length: room for it first (the pool may be the list being read: grow copies it).
    const room = start + Math.min(end - from, nextEnd - nextFrom);
    if (room > this.pool.length) {
      const grown = new Int32Array(Math.max(room, this.pool.length * 2));
      grown.set(this.pool.subarray(0, start));
      if (list === this.pool) list = grown;
      this.pool = grown;
    }
    const pool = this.pool;
    let out = start;
    let i = from;
    let j = nextFrom;
    while (i < end && j < nextEnd) {
      const a = list[i]!;
      const b = next[j]!;
      if (a === b) {
        pool[out++] = a;
        i++;
        j++;
      } else if (a < b) i = seekIn(list, i + 1, end, b);
      else j = seekIn(next, j + 1, nextEnd, a);
    }
    this.used = out;
    if (this.kept * KEY_WIDTH >= this.keys.length) {
      const keys = new Int32Array(this.keys.length * 2);
      keys.set(this.keys);
      this.keys = keys;
      const starts = new Int32Array(this.starts.length * 2);
      starts.set(this.starts);
      this.starts = starts;
      const lengths = new Int32Array(this.lengths.length * 2);
      lengths.set(this.lengths);
      this.lengths = lengths;
    }
    const e = this.kept++;
    for (let k = 0; k < KEY_WIDTH; k++) this.keys[e * KEY_WIDTH + k] = k < count ? this.order[k]! : -1;
    this.starts[e] = start;
    this.lengths[e] = out - start;
    return e;
  }
}

/** Kept joins are of the two or three rarest parts of a split (a split has at most four: MAX_GLUE). */
const KEY_WIDTH = 3;

/** The first slot of list[from, end) that other[otherFrom, otherEnd) holds too (both ascending), or -1: a leapfrog of the two. */
function firstShared(list: Int32Array, from: number, end: number, other: Int32Array, otherFrom: number, otherEnd: number): number {
  let i = from;
  let j = otherFrom;
  while (i < end && j < otherEnd) {
    const a = list[i]!;
    const b = other[j]!;
    if (a === b) return a;
    if (a < b) i = seekIn(list, i + 1, end, b);
    else j = seekIn(other, j + 1, otherEnd, a);
  }
  return -1;
}
