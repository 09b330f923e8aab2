/**
 * Per-search marks over ids (vocabulary words, entity slots, name groups) with generation stamps: an entry counts
 * only when its stamp is the current search's, so nothing is cleared between searches and a search reads and
 * writes only the entries it touches, whatever the size of the list or of its vocabulary.
 */
export class StampedMarks {
  private stamps = new Uint32Array(0);
  private values = new Int32Array(0);
  private now = 0;

  /** Start a new search over ids below `size`: every mark of the last one is forgotten at once. */
  reset(size: number): void {
    this.stamps = grown(this.stamps, size);
    this.values = grown(this.values, this.stamps.length);
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

  /** The id's value in this search (0 when unmarked). */
  get(id: number): number {
    return this.stamps[id] === this.now ? this.values[id]! : 0;
  }

  set(id: number, value: number): void {
    this.stamps[id] = this.now;
    this.values[id] = value;
  }

  /** OR bits into the id's value; true when the id was not marked before in this search. */
  or(id: number, bits: number): boolean {
    if (this.stamps[id] === this.now) {
      this.values[id]! |= bits;
      return false;
    }
    this.stamps[id] = this.now;
    this.values[id] = bits;
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
