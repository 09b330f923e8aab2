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

type Typed = Uint8Array | Uint16Array | Int32Array | Uint32Array | Float64Array;

/** The array itself when it holds `size` entries, else a copy at least twice as long (the rest zeros). */
export function grown<T extends Typed>(array: T, size: number): T {
  if (array.length >= size) return array;
  const out = new (array.constructor as new (length: number) => T)(Math.max(size, array.length * 2, 64));
  out.set(array);
  return out;
}
