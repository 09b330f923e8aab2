/**
 * The entities one reference found, by slot: how often each was found, its best match so far (found name and
 * bearing name) and the chain of all its matches. An open-addressing hash table sized to the bearers of the
 * reference and reused across references: a name borne by thousands of entities of a 1M list is counted in a
 * table that stays in the CPU's cache, where an array by slot would take a cache miss per bearer. A position's
 * fields share one cache line, and positions of earlier references are told apart by a stamp instead of being
 * cleared.
 */

/**
 * Fields of a position: the stamp of the reference that filled it, slot, count, best found and bearing names,
 * first match, whether the best was chosen, last match.
 */
const STAMP = 0;
const SLOT = 1;
const COUNT = 2;
const FOUND = 3;
const NAME = 4;
const HEAD = 5;
/** 1 once the best of several matches was chosen (`choose`). */
const CHOSEN = 6;
const TAIL = 7;
/** Eight 4-byte fields: two positions per 64-byte cache line, none straddling two. */
const STRIDE = 8;
const MAX_STAMP = 0x7fffffff;

export class SlotTable {
  private table = new Int32Array(0);
  private stamp = 0;
  /** Matches as (found name, bearing name, index of the next match of the same slot or -1). */
  private chain = new Int32Array(0);
  private chained = 0;
  private mask = 0;
  private shift = 32;

  /** Empty the table for up to `expected` matches. */
  reset(expected: number): void {
    let size = 64;
    while (size < 2 * expected) size *= 2;
    if (this.table.length < size * STRIDE || this.stamp >= MAX_STAMP) {
      this.table = new Int32Array(Math.max(size, this.table.length / STRIDE) * STRIDE);
      this.chain = new Int32Array(Math.max(size, this.table.length / STRIDE) * 3);
      this.stamp = 0;
    }
    this.stamp++;
    this.chained = 0;
    this.mask = size - 1;
    this.shift = 32 - Math.log2(size);
  }

  /** Position of a slot, or -1 when it is not in the table. */
  find(slot: number): number {
    const t = this.table;
    for (let at = Math.imul(slot + 1, 0x9e3779b1) >>> this.shift; ; at = (at + 1) & this.mask) {
      const p = at * STRIDE;
      if (t[p + STAMP] !== this.stamp) return -1;
      if (t[p + SLOT] === slot) return p;
    }
  }

  /** Position of a slot, added with a count of 0 when not in the table. Up to `expected` slots (`reset`). */
  add(slot: number): number {
    const t = this.table;
    for (let at = Math.imul(slot + 1, 0x9e3779b1) >>> this.shift; ; at = (at + 1) & this.mask) {
      const p = at * STRIDE;
      if (t[p + STAMP] !== this.stamp) {
        t[p + STAMP] = this.stamp;
        t[p + SLOT] = slot;
        t[p + COUNT] = 0;
        t[p + HEAD] = -1;
        t[p + CHOSEN] = 0;
        return p;
      }
      if (t[p + SLOT] === slot) return p;
    }
  }

  count(at: number): number {
    return this.table[at + COUNT]!;
  }

  /** Count one more match at a position; the first is its best until another is chosen. */
  record(at: number, found: number, name: number): void {
    const t = this.table;
    const c = 3 * this.chained++;
    this.chain[c] = found;
    this.chain[c + 1] = name;
    this.chain[c + 2] = -1;
    if (t[at + COUNT]!++ === 0) {
      t[at + FOUND] = found;
      t[at + NAME] = name;
      t[at + HEAD] = c;
    } else this.chain[t[at + TAIL]! + 2] = c;
    t[at + TAIL] = c;
  }

  /** Make a match the best at a position, once its matches were compared. */
  choose(at: number, found: number, name: number): void {
    const t = this.table;
    t[at + FOUND] = found;
    t[at + NAME] = name;
    t[at + CHOSEN] = 1;
  }

  /** Whether the best match at a position is settled: its only match, or one chosen among several. */
  settled(at: number): boolean {
    return this.table[at + COUNT] === 1 || this.table[at + CHOSEN] === 1;
  }

  /** The found name of the best match at a position. */
  found(at: number): number {
    return this.table[at + FOUND]!;
  }

  /** The bearing name of the best match at a position. */
  name(at: number): number {
    return this.table[at + NAME]!;
  }

  /**
   * The first match at a position, in the order recorded, as a handle for `foundAt`, `nameAt` and `next`; -1
   * when there is none.
   */
  first(at: number): number {
    return this.table[at + COUNT] === 0 ? -1 : this.table[at + HEAD]!;
  }

  /** The match recorded after this one at the same position, or -1. */
  next(match: number): number {
    return this.chain[match + 2]!;
  }

  foundAt(match: number): number {
    return this.chain[match]!;
  }

  nameAt(match: number): number {
    return this.chain[match + 1]!;
  }
}
