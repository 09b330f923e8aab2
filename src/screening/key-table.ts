/**
 * A compact multi-map from string keys to word ids, for the vocabulary's look-up keys (one-deletion keys,
 * phonetic codes, skeletons, texts). Keys are not stored: a key is reduced to a 32-bit hash, and the ids of every
 * key with that hash form one group. The groups sit in typed arrays (a bucketed CSR: bucket → groups, group →
 * ids), with appends collected in a small chained table and merged in when it grows (amortised linear time).
 *
 * Two keys may share a hash, so a look-up checks ids with the table's `has(id, key)` (the word really has the
 * key) and answers exactly the ids pushed under that key, in the order they were pushed. A group that only one key
 * ever reached (most) is checked on its first id alone: when that word has the key, every id of the group does.
 *
 * Contract: the keys of an id are pushed in one run (no other id's in between), each once, and `has(id, key)` is
 * true exactly for the keys pushed for `id`.
 */

/** A 32-bit hash of a key (the default is FNV-1a with a final mix; tests inject weak ones to force collisions). */
export type KeyHash = (key: string) => number;

export function fnv1a(key: string): number {
  let h = FNV_START;
  for (let i = 0; i < key.length; i++) h = fnvStep(h, key.charCodeAt(i));
  return fnvFinish(h);
}

/**
 * FNV-1a in steps, for hashing parts of a text without cutting them out (`fnvFinish` of the steps over the
 * characters of a string from FNV_START is `fnv1a` of it).
 */
export const FNV_START = 0x811c9dc5 | 0;

export function fnvStep(h: number, charCode: number): number {
  return Math.imul(h ^ charCode, 0x01000193);
}

export function fnvFinish(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h | 0;
}

/**
 * A key table's typed arrays. Groups are sorted by bucket: the groups of bucket b (hash & (buckets - 1), the
 * number of buckets a power of two) are `bucketStart[b] .. bucketStart[b + 1]`; group g holds the ids of every key
 * whose hash is `groupHash[g]`, at `ids[groupStart[g] .. groupStart[g + 1]]`, in the order they were pushed.
 */
export interface KeyTableParts {
  /** buckets + 1 entries, non-decreasing from 0 to the number of groups. */
  bucketStart: Int32Array;
  /** The hash of each group's keys (distinct, each in its bucket). */
  groupHash: Int32Array;
  /** groups + 1 entries, non-decreasing from 0 to `ids.length`. */
  groupStart: Int32Array;
  /** 1 for each group that several keys reached (its ids are checked one by one), else 0. */
  groupMixed: Uint8Array;
  /** Word ids. */
  ids: Int32Array;
}

const EMPTY: Int32Array = new Int32Array(0);
const MIN_PENDING = 1024;

function grow(a: Int32Array, need: number): Int32Array {
  if (need <= a.length) return a;
  const b = new Int32Array(Math.max(need, a.length * 2, 64));
  b.set(a);
  return b;
}

/** Why a key table's parts are not a valid table, or undefined when they are (ids below `idLimit`). */
export function keyTablePartsProblem(parts: KeyTableParts, idLimit: number): string | undefined {
  const { bucketStart, groupHash, groupStart, groupMixed, ids } = parts;
  if (![bucketStart, groupHash, groupStart, ids].every((a) => a instanceof Int32Array) || !(groupMixed instanceof Uint8Array)) return 'arrays are not typed';
  if (groupMixed.length !== groupHash.length || groupMixed.some((m) => m > 1)) return 'group flags are not one 0 or 1 per group';
  const buckets = bucketStart.length - 1;
  if (buckets < 1 || (buckets & (buckets - 1)) !== 0) return 'bucket count is not a power of two';
  if (bucketStart[0] !== 0 || bucketStart[buckets] !== groupHash.length) return 'bucket starts do not cover the groups';
  if (groupStart.length !== groupHash.length + 1 || groupStart[0] !== 0 || groupStart[groupHash.length] !== ids.length) return 'group starts do not cover the ids';
  const mask = buckets - 1;
  for (let b = 0; b < buckets; b++) {
    const from = bucketStart[b]!;
    const to = bucketStart[b + 1]!;
    if (to < from) return 'bucket starts decrease';
    for (let g = from; g < to; g++) if ((groupHash[g]! & mask) !== b) return `group ${g} is not in the bucket of its hash`;
    if (to - from > 1 && !distinct(groupHash, from, to)) return `two groups of bucket ${b} have the same hash`;
  }
  for (let g = 0; g < groupHash.length; g++) if (groupStart[g + 1]! < groupStart[g]!) return 'group starts decrease';
  for (let i = 0; i < ids.length; i++) if (!(ids[i]! >= 0 && ids[i]! < idLimit)) return `id ${ids[i]} is out of range`;
  return undefined;
}

function distinct(a: Int32Array, from: number, to: number): boolean {
  if (to - from > 8) return new Set(a.subarray(from, to)).size === to - from;
  for (let i = from + 1; i < to; i++) for (let k = from; k < i; k++) if (a[k] === a[i]) return false;
  return true;
}

export class KeyTable {
  private bucketStart: Int32Array = new Int32Array(2);
  private groupHash: Int32Array = EMPTY;
  private groupStart: Int32Array = new Int32Array(1);
  private groupMixed: Uint8Array = new Uint8Array(0);
  /** Hashes whose group several keys reached since the last merge. */
  private readonly pendingMixed = new Set<number>();
  private ids: Int32Array = EMPTY;
  private mask = 0;
  /** Ids pushed since the last merge: hash, id and next event of the same chain, by event. */
  private pHash: Int32Array = EMPTY;
  private pId: Int32Array = EMPTY;
  private pNext: Int32Array = EMPTY;
  private pending = 0;
  /** Chains of pending events by hash & pMask: first and last event, -1 when empty. */
  private pHead: Int32Array = new Int32Array(MIN_PENDING).fill(-1);
  private pTail: Int32Array = new Int32Array(MIN_PENDING).fill(-1);
  private pMask = MIN_PENDING - 1;

  /**
   * @param has whether word `id` has `key` (the look-up's check against hash collisions)
   * @param hash the key hash (tables exchanged as parts must use the same)
   */
  constructor(
    private readonly has: (id: number, key: string) => boolean,
    private readonly hash: KeyHash = fnv1a,
  ) {}

  /** A table over existing parts (checked by `keyTablePartsProblem`); later pushes are appended. */
  static fromParts(parts: KeyTableParts, has: (id: number, key: string) => boolean, hash: KeyHash = fnv1a): KeyTable {
    const table = new KeyTable(has, hash);
    table.adopt(parts.bucketStart, parts.groupHash, parts.groupStart, parts.groupMixed, parts.ids);
    return table;
  }

  /** Every id pushed so far, merged into typed arrays (the arrays are the table's own: do not modify them). */
  toParts(): KeyTableParts {
    if (this.pending > 0) this.merge();
    return { bucketStart: this.bucketStart, groupHash: this.groupHash, groupStart: this.groupStart, groupMixed: this.groupMixed, ids: this.ids };
  }

  /** Ids held (with repeats), for figures. */
  get entries(): number {
    return this.ids.length + this.pending;
  }

  push(key: string, id: number): void {
    if (this.pending >= Math.max(MIN_PENDING, this.ids.length)) this.merge();
    const h = this.hash(key);
    const g = this.group(h);
    if (!this.mixed(h, g)) {
      // The group turns mixed when its first word lacks the key (another key reached it), or when the word pushed
      // last is this one (a second key of the word reached it).
      let first = g >= 0 ? this.ids[this.groupStart[g]!]! : -1;
      let last = g >= 0 ? this.ids[this.groupStart[g + 1]! - 1]! : -1;
      for (let e = this.pHead[h & this.pMask]!; e >= 0; e = this.pNext[e]!) {
        if (this.pHash[e] !== h) continue;
        if (first < 0) first = this.pId[e]!;
        last = this.pId[e]!;
      }
      if (first >= 0 && (last === id || !this.has(first, key))) this.pendingMixed.add(h);
    }
    const e = this.pending++;
    this.pHash = grow(this.pHash, e + 1);
    this.pId = grow(this.pId, e + 1);
    this.pNext = grow(this.pNext, e + 1);
    this.pHash[e] = h;
    this.pId[e] = id;
    if (this.pending > this.pHead.length) this.rechain(this.pHead.length * 2);
    else this.link(e);
  }

  /**
   * Whether some key with hash `h` was pushed: when not, no key with that hash has an id (`each` visits none,
   * `first` finds none), so a look-up can skip building the key.
   */
  holds(h: number): boolean {
    if (this.group(h) >= 0) return true;
    for (let e = this.pHead[h & this.pMask]!; e >= 0; e = this.pNext[e]!) if (this.pHash[e] === h) return true;
    return false;
  }

  /** Calls `visit` with each id pushed under `key`, in push order (`h`: the key's hash, when known). */
  each(key: string, visit: (id: number) => void, h: number = this.hash(key)): void {
    const g = this.group(h);
    if (!this.mixed(h, g)) {
      const first = this.firstOf(h, g);
      if (first < 0 || !this.has(first, key)) return;
      if (g >= 0) for (let i = this.groupStart[g]!, end = this.groupStart[g + 1]!; i < end; i++) visit(this.ids[i]!);
      for (let e = this.pHead[h & this.pMask]!; e >= 0; e = this.pNext[e]!) if (this.pHash[e] === h) visit(this.pId[e]!);
      return;
    }
    let last = -1;
    if (g >= 0) {
      const ids = this.ids;
      for (let i = this.groupStart[g]!, end = this.groupStart[g + 1]!; i < end; i++) {
        const id = ids[i]!;
        if (id !== last && this.has(id, key)) {
          last = id;
          visit(id);
        }
      }
    }
    for (let e = this.pHead[h & this.pMask]!; e >= 0; e = this.pNext[e]!) {
      const id = this.pId[e]!;
      if (this.pHash[e] === h && id !== last && this.has(id, key)) {
        last = id;
        visit(id);
      }
    }
  }

  /**
   * `each` for the key of hash `h` that `has` recognises in a word (has(id): the word has that key, as the table's
   * own check would say), so a caller that can check a word against a key without its text builds no string.
   */
  eachWhere(h: number, has: (id: number) => boolean, visit: (id: number) => void): void {
    const g = this.group(h);
    if (!this.mixed(h, g)) {
      const first = this.firstOf(h, g);
      if (first < 0 || !has(first)) return;
      if (g >= 0) for (let i = this.groupStart[g]!, end = this.groupStart[g + 1]!; i < end; i++) visit(this.ids[i]!);
      for (let e = this.pHead[h & this.pMask]!; e >= 0; e = this.pNext[e]!) if (this.pHash[e] === h) visit(this.pId[e]!);
      return;
    }
    let last = -1;
    if (g >= 0) {
      const ids = this.ids;
      for (let i = this.groupStart[g]!, end = this.groupStart[g + 1]!; i < end; i++) {
        const id = ids[i]!;
        if (id !== last && has(id)) {
          last = id;
          visit(id);
        }
      }
    }
    for (let e = this.pHead[h & this.pMask]!; e >= 0; e = this.pNext[e]!) {
      const id = this.pId[e]!;
      if (this.pHash[e] === h && id !== last && has(id)) {
        last = id;
        visit(id);
      }
    }
  }

  /** The first id pushed under `key` that `accept` takes, or -1. */
  first(key: string, accept: (id: number) => boolean): number {
    const h = this.hash(key);
    const g = this.group(h);
    // In a group one key reached, every id has the key when the first has it.
    const mixed = this.mixed(h, g);
    if (!mixed) {
      const first = this.firstOf(h, g);
      if (first < 0 || !this.has(first, key)) return -1;
    }
    if (g >= 0) {
      for (let i = this.groupStart[g]!, end = this.groupStart[g + 1]!; i < end; i++) {
        const id = this.ids[i]!;
        if ((!mixed || this.has(id, key)) && accept(id)) return id;
      }
    }
    for (let e = this.pHead[h & this.pMask]!; e >= 0; e = this.pNext[e]!) {
      const id = this.pId[e]!;
      if (this.pHash[e] === h && (!mixed || this.has(id, key)) && accept(id)) return id;
    }
    return -1;
  }

  /** Whether several keys reached the ids of hash h (merged in group g, or -1, and pending). */
  private mixed(h: number, g: number): boolean {
    return (g >= 0 && this.groupMixed[g] === 1) || (this.pendingMixed.size > 0 && this.pendingMixed.has(h));
  }

  /** The first id pushed with hash h (merged in group g, or -1, or pending), or -1. */
  private firstOf(h: number, g: number): number {
    if (g >= 0) return this.ids[this.groupStart[g]!]!;
    for (let e = this.pHead[h & this.pMask]!; e >= 0; e = this.pNext[e]!) if (this.pHash[e] === h) return this.pId[e]!;
    return -1;
  }

  /** The merged group of hash h, or -1. */
  private group(h: number): number {
    for (let g = this.bucketStart[h & this.mask]!, end = this.bucketStart[(h & this.mask) + 1]!; g < end; g++) {
      if (this.groupHash[g] === h) return g;
    }
    return -1;
  }

  private adopt(bucketStart: Int32Array, groupHash: Int32Array, groupStart: Int32Array, groupMixed: Uint8Array, ids: Int32Array): void {
    this.bucketStart = bucketStart;
    this.groupHash = groupHash;
    this.groupStart = groupStart;
    this.groupMixed = groupMixed;
    this.pendingMixed.clear();
    this.ids = ids;
    this.mask = bucketStart.length - 2;
    this.pending = 0;
    this.rechain(MIN_PENDING);
  }

  /** Rebuilds the chains of pending events over `chains` chains (a power of two). */
  private rechain(chains: number): void {
    this.pHead = new Int32Array(chains).fill(-1);
    this.pTail = new Int32Array(chains).fill(-1);
    this.pMask = chains - 1;
    for (let e = 0; e < this.pending; e++) this.link(e);
  }

  private link(e: number): void {
    const c = this.pHash[e]! & this.pMask;
    const tail = this.pTail[c]!;
    if (tail < 0) this.pHead[c] = e;
    else this.pNext[tail] = e;
    this.pNext[e] = -1;
    this.pTail[c] = e;
  }

  /** Merges the pending ids into the typed groups (rebuilt sorted by bucket; each group's ids keep their order). */
  private merge(): void {
    const old = this.groupHash.length;
    const pending = this.pending;
    // The group of each pending event: a merged one, or a new one per new hash.
    const eventGroup = new Int32Array(pending);
    // New hashes get groups old, old + 1, ... in the order they first come (found through the pending chains).
    const addedHash = new Int32Array(pending);
    let addedCount = 0;
    for (let e = 0; e < pending; e++) {
      const h = this.pHash[e]!;
      let g = this.group(h);
      if (g < 0) {
        let firstEvent = this.pHead[h & this.pMask]!;
        while (this.pHash[firstEvent] !== h) firstEvent = this.pNext[firstEvent]!;
        if (firstEvent === e) {
          g = old + addedCount;
          addedHash[addedCount++] = h;
        } else g = eventGroup[firstEvent]!;
      }
      eventGroup[e] = g;
    }
    const groups = old + addedCount;
    const hashOf = (g: number): number => (g < old ? this.groupHash[g]! : addedHash[g - old]!);
    const buckets = Math.max(2, 1 << Math.max(1, Math.ceil(Math.log2(groups)) - 1));
    const mask = buckets - 1;
    const bucketStart = new Int32Array(buckets + 1);
    for (let g = 0; g < groups; g++) bucketStart[(hashOf(g) & mask) + 1] = bucketStart[(hashOf(g) & mask) + 1]! + 1;
    for (let b = 0; b < buckets; b++) bucketStart[b + 1] = bucketStart[b + 1]! + bucketStart[b]!;
    const fill = bucketStart.slice(0, buckets);
    const position = new Int32Array(groups);
    const groupHash = new Int32Array(groups);
    const groupMixed = new Uint8Array(groups);
    for (let g = 0; g < groups; g++) {
      const h = hashOf(g);
      const p = fill[h & mask]!;
      fill[h & mask] = p + 1;
      position[g] = p;
      groupHash[p] = h;
      groupMixed[p] = (g < old && this.groupMixed[g] === 1) || this.pendingMixed.has(h) ? 1 : 0;
    }
    const size = new Int32Array(groups);
    for (let g = 0; g < old; g++) size[position[g]!] = this.groupStart[g + 1]! - this.groupStart[g]!;
    for (let e = 0; e < pending; e++) size[position[eventGroup[e]!]!] = size[position[eventGroup[e]!]!]! + 1;
    const groupStart = new Int32Array(groups + 1);
    for (let p = 0; p < groups; p++) groupStart[p + 1] = groupStart[p]! + size[p]!;
    const ids = new Int32Array(groupStart[groups]!);
    const cursor = groupStart.slice(0, groups);
    for (let g = 0; g < old; g++) {
      const p = position[g]!;
      ids.set(this.ids.subarray(this.groupStart[g]!, this.groupStart[g + 1]!), cursor[p]!);
      cursor[p] = cursor[p]! + this.groupStart[g + 1]! - this.groupStart[g]!;
    }
    for (let e = 0; e < pending; e++) {
      const p = position[eventGroup[e]!]!;
      ids[cursor[p]!] = this.pId[e]!;
      cursor[p] = cursor[p]! + 1;
    }
    this.adopt(bucketStart, groupHash, groupStart, groupMixed, ids);
    this.pHash = EMPTY;
    this.pId = EMPTY;
    this.pNext = EMPTY;
  }
}
