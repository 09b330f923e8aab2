/**
 * How the words of one payment reference match vocabulary words, memoised while the reference is verified: an
 * open-addressing table over (vocabulary word, reference word, rules) reused across references, told apart by a
 * stamp instead of being cleared. Verifying a reference asks the same pairs hundreds of times (every candidate
 * name, every start, every cell of the alignment), and the answers otherwise come from maps of vocabulary words
 * that a large list leaves out of the CPU's cache.
 */
import { WORD_MATCH_TYPES, type WordMatchType } from '../names/types.js';

/** A pair known not to match. */
const NO_MATCH = WORD_MATCH_TYPES.length;
const MIN_SIZE = 256;
const MAX_STAMP = 0x7fffffff;

export class TypeMemo {
  private ids = new Int32Array(MIN_SIZE);
  /** Reference word × 2 + 1 for person rules. */
  private words = new Int32Array(MIN_SIZE);
  private types = new Uint8Array(MIN_SIZE);
  private stamps = new Int32Array(MIN_SIZE);
  private stamp = 1;
  private size = 0;

  /** Forget every answer (a new reference). */
  reset(): void {
    this.size = 0;
    if (++this.stamp < MAX_STAMP) return;
    this.stamps.fill(0);
    this.stamp = 1;
  }

  private start(id: number, word: number): number {
    return (Math.imul(id, 0x9e3779b1) ^ Math.imul(word + 1, 0x85ebca6b)) & (this.ids.length - 1);
  }

  /** The type memoised for the pair: a type, null for no match, undefined when not memoised. */
  get(id: number, p: number, person: boolean): WordMatchType | null | undefined {
    const word = 2 * p + (person ? 1 : 0);
    const mask = this.ids.length - 1;
    for (let at = this.start(id, word); ; at = (at + 1) & mask) {
      if (this.stamps[at] !== this.stamp) return undefined;
      if (this.ids[at] === id && this.words[at] === word) {
        const type = this.types[at]!;
        return type === NO_MATCH ? null : WORD_MATCH_TYPES[type]!;
      }
    }
  }

  /** Memoise the type of a pair not memoised yet. */
  set(id: number, p: number, person: boolean, type: WordMatchType | null): void {
    if (2 * (this.size + 1) > this.ids.length) this.grow();
    this.put(id, 2 * p + (person ? 1 : 0), type === null ? NO_MATCH : WORD_MATCH_TYPES.indexOf(type));
    this.size++;
  }

  private put(id: number, word: number, type: number): void {
    const mask = this.ids.length - 1;
    let at = this.start(id, word);
    while (this.stamps[at] === this.stamp) at = (at + 1) & mask;
    this.stamps[at] = this.stamp;
    this.ids[at] = id;
    this.words[at] = word;
    this.types[at] = type;
  }

  private grow(): void {
    const { ids, words, types, stamps, stamp } = this;
    const size = 2 * ids.length;
    this.ids = new Int32Array(size);
    this.words = new Int32Array(size);
    this.types = new Uint8Array(size);
    this.stamps = new Int32Array(size);
    for (let at = 0; at < ids.length; at++) if (stamps[at] === stamp) this.put(ids[at]!, words[at]!, types[at]!);
  }
}
