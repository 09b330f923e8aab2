/**
 * The entities one reference found, by slot: how often each was found and its best match so far (found name
 * and bearing name). An open-addressing hash table sized to the bearers of the reference and reused across
 * references: a name borne by thousands of entities of a 1M list is counted in a table that stays in the CPU's
 * cache, where an array by slot would take a cache miss per bearer.
 */
export class SlotTable {
  /** Slot + 1 at each position (0: empty). */
  private keys = new Int32Array(0);
  private founds = new Int32Array(0);
  private names = new Int32Array(0);
  private counts = new Int32Array(0);
  private mask = 0;
  private shift = 32;

  /** Empty the table for up to `expected` slots. */
  reset(expected: number): void {
    let size = 64;
    while (size < 2 * expected) size *= 2;
    if (this.keys.length < size) {
      this.keys = new Int32Array(size);
      this.founds = new Int32Array(size);
      this.names = new Int32Array(size);
      this.counts = new Int32Array(size);
    } else this.keys.fill(0, 0, size);
    this.mask = size - 1;
    this.shift = 32 - Math.log2(size);
  }

  /** Position of a slot, or -1 when it is not in the table. */
  find(slot: number): number {
    const key = slot + 1;
    for (let at = Math.imul(key, 0x9e3779b1) >>> this.shift; ; at = (at + 1) & this.mask) {
      const k = this.keys[at]!;
      if (k === key) return at;
      if (k === 0) return -1;
    }
  }

  /** Position of a slot, added with a count of 0 when not in the table. Up to `expected` slots (`reset`). */
  add(slot: number): number {
    const key = slot + 1;
    for (let at = Math.imul(key, 0x9e3779b1) >>> this.shift; ; at = (at + 1) & this.mask) {
      const k = this.keys[at]!;
      if (k === key) return at;
      if (k === 0) {
        this.keys[at] = key;
        this.counts[at] = 0;
        return at;
      }
    }
  }

  count(at: number): number {
    return this.counts[at]!;
  }

  /** Count one more match at a position, recording it as the best when `best`. */
  record(at: number, found: number, name: number, best: boolean): void {
    this.counts[at]!++;
    if (!best) return;
    this.founds[at] = found;
    this.names[at] = name;
  }

  /** The found name of the best match at a position. */
  found(at: number): number {
    return this.founds[at]!;
  }

  /** The bearing name of the best match at a position. */
  name(at: number): number {
    return this.names[at]!;
  }
}
