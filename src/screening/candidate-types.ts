/**
 * What candidate generation (candidates.ts) is asked with and gives: its settings, its answer, the counters of its
 * work, and the planes of the marks a search keeps per vocabulary word (CandidateFinder.words).
 */
import type { PreparedName } from '../names/prepare.js';
import type { WordMatchType } from '../names/types.js';
import type { NameCheck } from './name-check.js';

export interface CandidateSettings {
  exactMatch: boolean;
  minEditLength: number | null;
  nameVariations: boolean;
  /** The evidence a hit needs (name search); absent: every required query word must be matched. */
  threshold?: number;
  /** `min_matched_words`, when asked. */
  minMatchedWords?: number;
}

export interface Candidates {
  /** Entity slots to verify, ascending. */
  slots: number[];
  /**
   * For each query word looked up in full (two letters or more), every vocabulary word it matches, with the type
   * (under the widest rules): a vocabulary word absent from the map does not match it.
   */
  wordTypes: (Map<number, WordMatchType> | undefined)[];
  /**
   * Whether a name could match at all: every required query word (less the one a name variation may drop) has a
   * word in the name it matches alone or as part of a glued form or acronym. A quick check before the matcher.
   */
  namePossible: NameCheck;
  /**
   * Whether a name of the entity in a slot holds a word on which a hit could be anchored (QueryReach.anchorable):
   * a name without one is not a hit. Valid until the next search of this finder.
   */
  mayAnchor: (slot: number, name: PreparedName) => boolean;
  /** mayAnchor on name `n` of the index's name store (NameStore), read flat. */
  mayAnchorStored: (slot: number, n: number) => boolean;
  /**
   * Whether a name may hold a glued, split or abbreviated form of the query or an acronym of its words
   * (QueryReach.forms): where it holds none, the matcher places one query word on one list word only.
   */
  multiWordForms: (name: PreparedName) => boolean;
}

/** Work done by the searches of a finder (deterministic counts, for benchmarks). */
export interface SearchCounters {
  searches: number;
  /** Vocabulary words reached by query words. */
  wordsReached: number;
  /** Postings (entity slots) walked. */
  postingsWalked: number;
  /** Entities the postings walked reach whose words are read (those the parts filter keeps: postings-walk.ts). */
  entitiesTouched: number;
  /** Entities that passed the check on their own words: the candidates. */
  candidates: number;
  /** Names checked before the matcher (distinct names per search). */
  namesChecked: number;
  /** Names the matcher ran on. */
  namesMatched: number;
  /** Names the matcher ran on and found no match on (passed the check before it, then rejected: name-screen.ts). */
  namesRejected: number;
}

/** Planes of CandidateFinder.words. */
export const BITS = 0;
export const FLAGS = 1;
export const ROW = 2;
/** Plane of the query words that may stay unmatched (not required) reaching the word. */
export const OPTIONAL_BITS = 3;
/** Plane of the query words whose splits or expansions have the word as a part (QueryReach.splitParts). */
export const PART_BITS = 4;
/** Plane of each marked word's list mass (name-masses.ts, wordMass), in units of MASS_UNIT rounded up. */
export const MASS = 5;
