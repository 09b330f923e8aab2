/**
 * The shapes of reference matching (match.ts): a reference word as the matcher reads it, the settings of a
 * search, and a list name found in the reference.
 */
import type { PlacedWord } from '../names/assign.js';
import type { MatchClass } from '../names/name-match.js';
import type { PreparedWord } from '../names/prepare.js';
import type { Reading } from './ngram-index.js';
import type { OffsetToken } from './tokens.js';

export type Noise = 'stop_word' | 'number';

export interface ReferenceToken extends OffsetToken {
  word: PreparedWord;
  noise: Noise | undefined;
  /** May start a match: not noise, not a particle, two characters or more. */
  anchor: boolean;
  /** Written in capitals in the original text (acronyms must be). */
  upper: boolean;
}

export interface ReferenceMatchSettings {
  /** Shortest reference word allowed one edit (GUIDE.md fuzziness table); null disables edits. */
  minEditLength: number | null;
  /** Report names of one core word that belong to persons (off by default). */
  singleWordPersonNames: boolean;
}

/**
 * A list name found in the reference, once per name group (ngram-index.ts): every entity bearing the name is
 * found by it (`ReferenceIndex.bearers`).
 */
export interface Found {
  /** The n-gram index entry: the name group, read in list order or surname first. */
  entry: number;
  /** The entry's reading, with the names it stands for. */
  reading: Reading;
  rotated: boolean;
  acronym: boolean;
  /** First and one-past-last reference token of the match. */
  from: number;
  to: number;
  /** [start, end) offsets in the original text, and the text between them. */
  start: number;
  end: number;
  substring: string;
  /** Placement of each reference word from `from` to `to`. */
  placed: PlacedWord[];
  matchClass: MatchClass;
  /** The list name's words matched by a nickname (hypocorism). */
  hypocorism: boolean;
  /** The reference words from `from` to `to`. */
  words: PreparedWord[];
  /** Score for a bearer's aka [0] and primary name [1], computed on first use (`ReferenceMatcher.score`). */
  scores: [number | undefined, number | undefined];
  /**
   * The entry, placement and reference words, as a key of the score cache (`ReferenceMatcher.score`); the entry
   * alone (a number) for a name spelt exactly word for word, whose placement and words the entry determines.
   */
  signature: string | number | undefined;
}
