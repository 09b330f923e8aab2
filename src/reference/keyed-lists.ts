/**
 * Lists of numbers under 30-bit integer keys (the n-gram keys of ngram-index.ts), with a bit filter in front of
 * the map: a payment reference looks up hundreds of word pairs, nearly all absent from the list, and a key that
 * is absent is turned away by one read of a bit array instead of a probe of a map of millions of keys.
 */

/** Bits per key the filter keeps: with 16, about one absent key in sixteen reaches the map. */
const BITS_PER_KEY = 16;
const MIN_BITS_LOG2 = 10;
/** The list of a key added without values (never pushed to). */
const NONE: readonly number[] = Object.freeze([]);

export class KeyedLists {
  private readonly map = new Map<number, readonly number[]>();
  private bits: Uint32Array = new Uint32Array(1 << (MIN_BITS_LOG2 - 5));
  private bitsLog2 = MIN_BITS_LOG2;

  /** Whether the key may be present (false: certainly absent). */
  private maybe(key: number): boolean {
    const h = Math.imul(key, 0x9e3779b1) >>> (32 - this.bitsLog2);
    return (this.bits[h >>> 5]! & (1 << (h & 31))) !== 0;
  }

  private mark(key: number): void {
    const h = Math.imul(key, 0x9e3779b1) >>> (32 - this.bitsLog2);
    this.bits[h >>> 5]! |= 1 << (h & 31);
  }

  get(key: number): readonly number[] | undefined {
    return this.maybe(key) ? this.map.get(key) : undefined;
  }

  get size(): number {
    return this.map.size;
  }

  /** Add a value under a key (not twice in a row: a name keyed twice under one key is listed once). */
  push(key: number, value: number): void {
    const list = this.map.get(key);
    if (list !== undefined && list !== NONE) {
      if (list[list.length - 1] !== value) (list as number[]).push(value);
      return;
    }
    this.map.set(key, [value]);
    if (list === undefined) this.added(key);
  }

  /** A key with no values (a set of keys). */
  add(key: number): void {
    if (this.map.has(key)) return;
    this.map.set(key, NONE);
    this.added(key);
  }

  private added(key: number): void {
    if (this.map.size * BITS_PER_KEY > 2 ** this.bitsLog2) this.grow();
    else this.mark(key);
  }

  private grow(): void {
    while (this.map.size * BITS_PER_KEY > 2 ** this.bitsLog2) this.bitsLog2++;
    this.bits = new Uint32Array(2 ** (this.bitsLog2 - 5));
    for (const key of this.map.keys()) this.mark(key);
  }
}
