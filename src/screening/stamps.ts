/**
 * Per-search marks over ids (vocabulary words, entity slots, name groups) with generation stamps: an entry counts
 * only when its stamp is the current search's, so nothing is cleared between searches and a search reads and
 * writes only the entries it touches, whatever the size of the list or of its vocabulary. Each id holds one value
 * per plane (all 0 until set in the search).
 */
export class StampedMarks {
  private stamps = new Uint32Array(0);
  private readonly planes: Int32Array[];
  private now = 0;

  constructor(planes = 1) {
    this.planes = Array.from({ length: planes }, () => new Int32Array(0));
  }

  /** Start a new search over ids below `size`: every mark of the last one is forgotten at once. */
  reset(size: number): void {
    this.stamps = grown(this.stamps, size);
    for (let p = 0; p < this.planes.length; p++) this.planes[p] = grown(this.planes[p]!, this.stamps.length);
    if (this.now === 0xffffffff) {
      this.stamps.fill(0);
      this.now = 0;
    }
    this.now++;
  }

  /** Whether the id was marked in this search. */
  has(id: number): boolean {
    return this.stamps[id] === this.now;
  }

  /** The id's value in a plane in this search (0 when unmarked). */
  get(id: number, plane = 0): number {
    return this.stamps[id] === this.now ? this.planes[plane]![id]! : 0;
  }

  set(id: number, value: number, plane = 0): void {
    this.touch(id);
    this.planes[plane]![id] = value;
  }

  /** OR bits into the id's value in a plane; true when the id was not marked before in this search. */
  or(id: number, bits: number, plane = 0): boolean {
    const fresh = this.touch(id);
    this.planes[plane]![id]! |= bits;
    return fresh;
  }

  /** Mark the id in this search (no value: a set of ids); true when it was not marked before. */
  add(id: number): boolean {
    return this.touch(id);
  }

  /**
   * The arrays behind the marks, for loops over many ids (valid until the next reset). A loop that marks an id
   * sets its stamp to `now` and writes every plane's entry (they hold a stale value until then).
   */
  view(): { stamps: Uint32Array; now: number; planes: readonly Int32Array[] } {
    return { stamps: this.stamps, now: this.now, planes: this.planes };
  }

  private touch(id: number): boolean {
    if (this.stamps[id] === this.now) return false;
    this.stamps[id] = this.now;
    for (const plane of this.planes) plane[id] = 0;
    return true;
  }
}

/**
 * Zeros the `count` entries of `array` from `from`: a loop, where `fill(0, from, to)` (a call into the runtime) costs
 * more than the few entries of a query's words it clears, once per entity checked.
 */
export function zeroed(array: Float64Array, from: number, count: number): void {
  for (let k = from, to = from + count; k < to; k++) array[k] = 0;
}

type Typed = Uint8Array | Uint16Array | Int32Array | Uint32Array | Float64Array;

/** The array itself when it holds `size` entries, else a copy at least twice as long (the rest zeros). */
export function grown<T extends Typed>(array: T, size: number): T {
  if (array.length >= size) return array;
  const out = new (array.constructor as new (length: number) => T)(Math.max(size, array.length * 2, 64));
  out.set(array);
  return out;
}

/**
 * A set of ids (entity slots, vocabulary words) as bits, one per id, with the 32-bit words it set listed: clearing
 * it costs the words touched, not the size of the list. Its bits (an eighth of a byte per id) stay in cache where
 * a stamp per id (StampedMarks, four bytes) does not: a loop testing many ids of a large list reads it instead.
 */
export class SparseBits {
  /** The bits: id `i` is bit `i & 31` of `bits[i >>> 5]` (read directly in hot loops; valid until `reset`). */
  bits = new Int32Array(0);
  /** The indexes in `bits` of the words holding a set bit (each once). */
  private touched = new Int32Array(64);
  private count = 0;

  /** Empty the set, for ids below `size` (clears only the words set since the last reset). */
  reset(size: number): void {
    const bits = this.bits;
    for (let k = 0; k < this.count; k++) bits[this.touched[k]!] = 0;
    this.count = 0;
    const words = (size + 31) >>> 5;
    if (bits.length < words) this.bits = grown(bits, words);
  }

  has(id: number): boolean {
    return (this.bits[id >>> 5]! & (1 << (id & 31))) !== 0;
  }

  /** Add the id; true when it was not in the set. */
  add(id: number): boolean {
    const w = id >>> 5;
    const old = this.bits[w]!;
    const bit = 1 << (id & 31);
    if ((old & bit) !== 0) return false;
    if (old === 0) {
      if (this.count === this.touched.length) this.touched = grown(this.touched, this.count + 1);
      this.touched[this.count++] = w;
    }
    this.bits[w] = old | bit;
    return true;
  }
}
