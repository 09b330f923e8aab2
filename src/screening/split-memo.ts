/**
 * The splits of a query word remembered across searches: each way of writing the word as 2..4 list words that some
 * entity holds together (query-reach.ts, markSplit), with the split's rarest part, its parts and their masses.
 * Unlike a per-word look-up (lookup-memo.ts), that answer depends on the entities as well as the vocabulary: a split
 * counts only where one entity holds all its parts (the postings), its rarest part is the one fewest entities hold,
 * and a part's mass is its rarity over the live entities. So an entry is exact while both the vocabulary keeps its
 * generation (Vocabulary.generation) and the index keeps its content version (EntityIndex.contentVersion: every
 * entity added or removed), and the memo forgets everything when either changes. A snapshot restored or a list
 * reloaded makes a new index, with a new, empty memo.
 *
 * Bounded by the look-up memo's capacity (its words; cleared when full): capacity 0 turns both off.
 */

/** One split of a query word, as markSplit reports it. */
export interface RememberedSplit {
  /** The part fewest entities hold. */
  readonly rarest: number;
  /** The parts' masses together. */
  readonly total: number;
  readonly parts: readonly number[];
  /** Each part's mass (partMass), in the parts' order. */
  readonly masses: readonly number[];
}

/** The answer for a word with no split held by an entity. */
export const NO_SPLITS: readonly RememberedSplit[] = Object.freeze([]) as readonly RememberedSplit[];

export class SplitMemo {
  private readonly byText = new Map<string, readonly RememberedSplit[]>();
  private generation = -1;
  private version = -1;
  /** Words answered from the memo, and split afresh, since it was made (figures). */
  hits = 0;
  misses = 0;

  /** Words remembered. */
  get size(): number {
    return this.byText.size;
  }

  /** The splits of a word of this text, valid for the vocabulary generation and index version given, or undefined. */
  get(text: string, generation: number, version: number): readonly RememberedSplit[] | undefined {
    if (generation !== this.generation || version !== this.version) {
      this.clear();
      this.generation = generation;
      this.version = version;
      this.misses++;
      return undefined;
    }
    const known = this.byText.get(text);
    if (known === undefined) this.misses++;
    else this.hits++;
    return known;
  }

  /** Remembers the splits found under this generation and version (cleared first when `capacity` words are held). */
  put(text: string, splits: readonly RememberedSplit[], generation: number, version: number, capacity: number): void {
    if (capacity <= 0) return;
    if (generation !== this.generation || version !== this.version || this.byText.size >= capacity) {
      this.clear();
      this.generation = generation;
      this.version = version;
    }
    this.byText.set(text, splits);
  }

  clear(): void {
    this.byText.clear();
  }
}
