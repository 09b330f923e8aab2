/**
 * The shape of a search's look-up phase (query-reach.ts): what the query reaches in the vocabulary, and the settings
 * it is looked up under.
 */
import type { WordMatchType } from '../names/types.js';

export interface LookupSettings {
  exactMatch: boolean;
  minEditLength: number | null;
}

/** What a query reaches in the vocabulary. */
export interface QueryReach {
  /** Query words tracked: min(words, MAX_TRACKED_WORDS). */
  n: number;
  /** Query words that cannot be removed (not initials, particles, affixes or repeats), as a bitmask. */
  required: number;
  /** The query is particles alone (`Van Der`): they are its required words. */
  particlesOnly: boolean;
  /**
   * Vocabulary words each query word reaches: alone, or within a glued form, split or acronym it belongs to. Read
   * only: a set may be shared with the look-up memo and other searches (query-reach.ts).
   */
  reach: Set<number>[];
  /**
   * For each query word looked up in full (two letters or more), every vocabulary word it matches, with the type
   * (under the widest rules): a vocabulary word absent from the map does not match it.
   */
  wordTypes: (Map<number, WordMatchType> | undefined)[];
  /** Query words of 3 to 8 letters that some organisation name of the list spells as an acronym. */
  acronymWord: boolean[];
  /** For those, the slots of the entities whose names spell them. */
  acronymSlots: (readonly number[] | undefined)[];
  /** The most a query word written as several list words can earn: the parts' rarities together. */
  splitCredit: Float64Array;
  /**
   * Per query word: the vocabulary words that witness its split credit, each with the most it can earn there: the
   * rarest part of each way of writing the word as several list words, every word of an expansion it abbreviates.
   * A split needs all its parts, an expansion all its words: a name holding no witness of a query word earns no
   * split credit for it. Complete only where QueryReach.forms is known (splitCreditNeedsForm).
   */
  splitWitness: ReadonlyMap<number, number>[];
  /**
   * Per query word: every part of its splits and every word of the expansions it abbreviates, with the most that
   * word brings to one of them (its rarity, times its repeats there, by SIMILARITY.removed_spaces): a name earns at
   * most the sum over the parts it holds (a split needs all its parts). Complete where splitWitness is.
   */
  splitParts: ReadonlyMap<number, number>[];
  /**
   * Per query word: the words it reaches only as a split's witness or an expansion's word (no per-word type, glue
   * or acronym reaches them): what it earns there is a split credit (Feasibility.withoutSplits leaves it out).
   */
  splitOnly: ReadonlySet<number>[];
  /** Every part of a query word written as several list words (only the rarest is reached). */
  softIds: Set<number>;
  /**
   * Vocabulary words on which the name matcher could anchor a hit (assign.ts: a word placed exactly, by one edit,
   * glued, split, as a digit, an abbreviation, or by sound across scripts or one letter off in organisation
   * names), for any query word: a name holding none of them, whose entity spells no query word as an acronym,
   * cannot be a hit. Undefined when not known (exact_match, or more query words than are tracked).
   */
  anchorable: Set<number> | undefined;
  /**
   * Every vocabulary word of a glued, split or abbreviated form of the query or of an acronym of its words: a
   * name holding none of them offers the matcher only placements of one query word on one list word. Undefined
   * when not known (exact_match, more query words than are tracked, or words written in Han, Hangul or Kana).
   */
  forms: Set<number> | undefined;
}
