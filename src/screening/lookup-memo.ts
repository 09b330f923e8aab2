/**
 * The look-up of one query word remembered across searches: the vocabulary words it matches by a per-word type
 * (VocabularyTypes.collect), their types and whether each may anchor a hit. That answer depends only on the word
 * (its folded text, script and native form: a query word is prepareWord of them), on the edit rule
 * (minEditLength) and on the vocabulary with its keys; never on the entities holding the words (their postings),
 * nor on the neighbouring query words (glued and abbreviated forms are looked up per search; splits, which depend on
 * the entities too, have their own memo: split-memo.ts). So an entry is
 * exact while the vocabulary keeps its generation (Vocabulary.generation: every word added, every key added to a
 * word), and the memo forgets everything when the generation changes. An entity removed leaves its words in the
 * vocabulary (their per-word types are unchanged); a snapshot restored or a list reloaded makes a new index, with
 * a new, empty memo.
 *
 * Bounded: at most `capacity` words (cleared when full); capacity 0 turns it off.
 */
import type { WordMatchType } from '../names/types.js';
import type { PreparedWord } from '../names/prepare.js';

/** Query words a look-up remembers by default. */
export const DEFAULT_LOOKUP_MEMO_WORDS = 4096;

/** The per-word look-up of one query word (read only: its map is shared by the searches that find it here). */
export interface WordLookup {
  readonly text: string;
  readonly script: string;
  readonly native: string | undefined;
  readonly minEditLength: number | null;
  /** The vocabulary words matched, in the order the look-up found them, with their types. */
  readonly ids: Int32Array;
  readonly types: readonly WordMatchType[];
  /** 1 where the word may anchor a hit (VocabularyLookup.mayAnchor), by position in `ids`. */
  readonly anchors: Uint8Array;
  /** The same as a map (undefined for a word of one letter: QueryReach.wordTypes). */
  readonly matches: Map<number, WordMatchType> | undefined;
  /**
   * `ids` as a set, in their order: the word's QueryReach.reach in a search where nothing else adds to it, shared
   * by those searches (read only; query-reach.ts copies it before adding).
   */
  readonly reach: Set<number>;
}

export class LookupMemo {
  /** Entries by folded text (a text may be looked up in several scripts or under several edit rules). */
  private readonly byText = new Map<string, WordLookup[]>();
  private words = 0;
  private generation = -1;
  /** Look-ups answered from the memo, and made afresh, since the memo was made (figures). */
  hits = 0;
  misses = 0;

  /** @param capacity the most words remembered (0: none; the memo is off) */
  constructor(public capacity: number = DEFAULT_LOOKUP_MEMO_WORDS) {}

  /** Words remembered. */
  get size(): number {
    return this.words;
  }

  /** The entry of query word q under the edit rule, valid for the vocabulary's generation, or undefined. */
  get(q: PreparedWord, minEditLength: number | null, generation: number): WordLookup | undefined {
    if (generation !== this.generation) {
      this.clear();
      this.generation = generation;
      return undefined;
    }
    const entries = this.byText.get(q.text);
    if (entries !== undefined) {
      for (const e of entries) {
        if (e.script === q.script && e.native === q.native && e.minEditLength === minEditLength) {
          this.hits++;
          return e;
        }
      }
    }
    this.misses++;
    return undefined;
  }

  /** Remembers an entry made under the vocabulary's generation (the memo is cleared first when full). */
  put(entry: WordLookup, generation: number): void {
    if (this.capacity <= 0) return;
    if (generation !== this.generation || this.words >= this.capacity) {
      this.clear();
      this.generation = generation;
    }
    const entries = this.byText.get(entry.text);
    if (entries === undefined) this.byText.set(entry.text, [entry]);
    else entries.push(entry);
    this.words++;
  }

  clear(): void {
    this.byText.clear();
    this.words = 0;
  }
}
