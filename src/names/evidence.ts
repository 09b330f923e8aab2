/**
 * The weight of evidence that a query names a list name (GUIDE.md section 1, step 5; issue 16).
 *
 * Every word carries a mass: its rarity in the loaded list (inverse document frequency scaled to 0..1, 1 for a
 * word the list lacks), `INITIAL_MASS` for a single letter, nothing for a name particle or an affix (wherever it
 * stands, so word order never changes a verdict). A query word placed on a list word earns credit = similarity(type) × the list word's mass (an
 * initial on either side earns at most `INITIAL_MASS`); the rest of both words' masses is left unconfirmed.
 *
 *   evidence E = C / (C + QUERY_LEFT × Rq + LIST_LEFT × Rl + CONFLICT × min(Uq, Ul))
 *
 * C: the credit earned; Rq: the query's mass left unconfirmed (unplaced query words in full); Rl: the same on the
 * list side; Uq, Ul: the masses of the query words left unplaced and of the list words left unmatched. Unplaced
 * query words cost much (a word the searched person has and the listed one lacks; more for organisations), unplaced
 * list words little (lists carry full names, queries often not), and both at once cost more (a conflict). An
 * unplaced initial or number against an unmatched list word is a contradiction: no hit. E is 1 for the same words, falls with every
 * word unconfirmed, and only rises with credit, so the best placement is the one of most credit.
 *
 * A name is a hit when E reaches the threshold of the fuzziness (`evidenceThreshold`), one word is anchored (matched
 * exactly, by one edit, glued, as a digit, as an acronym or across scripts by consonant skeleton), and, for people,
 * evidence lies on two name parts when both names have two full words (initials and particles aside).
 */
import type { WordMatchType } from './types.js';

/** Mass of a single letter (an initial): it says only how a name begins. */
export const INITIAL_MASS = 0.25;
/** Weight of query mass left unconfirmed, for a person's name (people have middle names lists often omit). */
export const QUERY_LEFT = 0.4;
/** Weight of query mass left unconfirmed, for other names (a company has no middle names). */
export const QUERY_LEFT_ORGANISATION = 0.6;
/** Weight of list mass left unconfirmed. */
export const LIST_LEFT = 0.12;
/**
 * Weight of a conflict: the smaller of the query mass left unplaced and the list mass left unmatched, words that
 * stand for the same part of the name and differ (`Kim Jong Un`, `Kim Jong Il`).
 */
export const CONFLICT = 0.6;

/** Similarity of a placed word by its type: the share of its mass it earns. */
export const SIMILARITY: Readonly<Record<WordMatchType, number>> = {
  exact_match: 1,
  edit_distance: 0.8, // by length: editSimilarity
  removed_spaces: 0.9,
  digit_to_word: 0.9,
  word_to_digit: 0.9,
  phonetic: 0.72,
  equivalent_name: 0.68,
  word_to_initial: 1,
  initial_to_word: 1,
  name_variations_removal: 0,
  removed_personal_title: 0,
  removed_personal_suffix: 0,
  removed_organisation_prefix: 0,
  removed_organisation_suffix: 0,
  removed_clerical_mark: 0,
};
/** A one-edit match of a word of n letters: one letter in n differs (at least 0.75). */
export function editSimilarity(length: number): number {
  return Math.max(0.75, 1 - 1 / length);
}
/** An abjad word (short vowels unwritten) against a Latin spelling, by consonant skeleton or sound. */
export const SKELETON_SIMILARITY = 0.85;
/** Two query words glued (one a two-letter fragment), then matched by edit, sound or equivalence. */
export const GLUED_FUZZY_SIMILARITY = 0.8;
/**
 * Query words all this short glued into one list word (`Li Na` → `Lina`): any two syllables spell some name, so
 * the glue earns at most SHORT_GLUE_SIMILARITY of the word, anchors nothing and makes one name part.
 */
export const SHORT_GLUE_LENGTH = 2;
export const SHORT_GLUE_SIMILARITY = 0.6;

/**
 * Fuzziness → evidence threshold: 0.78 at 0, 0.70 at the default 0.5, 0.62 at 1, in a straight line.
 * (The shortest word allowed one edit follows the GUIDE table as before.)
 */
export function evidenceThreshold(fuzziness: number): number {
  const f = Math.min(1, Math.max(0, fuzziness));
  return Math.round((0.78 - 0.16 * f) * 1e6) / 1e6;
}

/** The evidence of a credit against the unconfirmed masses and the conflict. */
export function evidenceOf(credit: number, queryLeft: number, listLeft: number, conflict: number, queryWeight = QUERY_LEFT): number {
  if (credit <= 0) return 0;
  return credit / (credit + queryWeight * Math.max(0, queryLeft) + LIST_LEFT * Math.max(0, listLeft) + CONFLICT * Math.max(0, conflict));
}

/**
 * The highest evidence a credit can reach with this much query mass certainly unplaced and list mass certainly
 * unmatched (any rules).
 */
export function evidenceBound(credit: number, queryUnplaced: number, listUnmatched = 0): number {
  return evidenceOf(credit, queryUnplaced, listUnmatched, Math.min(queryUnplaced, listUnmatched), Math.min(QUERY_LEFT, QUERY_LEFT_ORGANISATION));
}
