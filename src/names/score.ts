/**
 * Relative relevance of a hit (GUIDE.md section 1, "score"): deterministic, higher is better.
 *
 * score = tier(match class) + 20 × (0.45·Q + 0.45·C + 0.05·O + 0.05·P) + birth-year bonus
 * - tier: exact 80, fuzzy 60, phonetic 40, equivalent 20, unknown 0, so exact beats fuzzy beats phonetic beats
 *   equivalent;
 * - Q: weighted quality of the query words' matches (affixes removed where affixes stand are left out; an affix
 *   word removed from the middle of a name, like `Major` in `John Major`, counts as unmatched);
 * - C: weighted coverage of the list name's words (its affixes left out);
 * - O: 1 when the matched words keep the query's order; P: 1 on the primary name, 0 on an aka;
 * - weights: a word's rarity in the screening list (inverse document frequency), 1 when unknown;
 * - birth year: +1 exact, +0.5 within the window.
 */
import type { PlacedWord } from './assign.js';
import type { MatchClass } from './name-match.js';
import type { PreparedName, PreparedWord } from './prepare.js';
import type { WordMatchType } from './types.js';
import type { BirthYearVerdict } from './birth-year.js';

const TIER: Readonly<Record<MatchClass, number>> = { exact: 80, fuzzy: 60, phonetic: 40, equivalent: 20, unknown: 0 };

const WORD_QUALITY: Readonly<Partial<Record<WordMatchType, number>>> = {
  exact_match: 1,
  edit_distance: 0.85,
  removed_spaces: 0.85,
  digit_to_word: 0.85,
  word_to_digit: 0.85,
  phonetic: 0.7,
  equivalent_name: 0.65,
  word_to_initial: 0.45,
  initial_to_word: 0.45,
  name_variations_removal: 0,
};

export type WordWeight = (word: string) => number;
export const UNIFORM_WEIGHT: WordWeight = () => 1;

export interface ScoreInput {
  queryWords: readonly PreparedWord[];
  /** Whether each query word is an affix standing where affixes stand. */
  edgeAffix: readonly boolean[];
  placed: readonly PlacedWord[];
  name: PreparedName;
  matchClass: MatchClass;
  inOrder: boolean;
  isPrimary: boolean;
  birthYear: BirthYearVerdict | undefined;
  weight: WordWeight;
}

export function scoreMatch(input: ScoreInput): number {
  let qNum = 0;
  let qDen = 0;
  input.placed.forEach((p, i) => {
    let quality = WORD_QUALITY[p.type];
    if (quality === undefined) {
      if (input.edgeAffix[i] === true) return; // removed affix where affixes stand: neither helps nor hurts
      quality = 0;
    }
    const w = input.weight(input.queryWords[i]!.text);
    qNum += w * quality;
    qDen += w;
  });
  const matched = new Set(input.placed.flatMap((p) => p.list));
  let cNum = 0;
  let cDen = 0;
  input.name.words.forEach((word, j) => {
    if (input.name.roles[j] !== undefined && !matched.has(j)) return;
    const w = input.weight(word.text);
    cDen += w;
    if (matched.has(j)) cNum += w;
  });
  const q = qDen > 0 ? qNum / qDen : 0;
  const c = cDen > 0 ? cNum / cDen : 0;
  const within = 0.45 * q + 0.45 * c + 0.05 * (input.inOrder ? 1 : 0) + 0.05 * (input.isPrimary ? 1 : 0);
  const birth = input.birthYear === 'exact' ? 1 : input.birthYear === 'fuzzy' ? 0.5 : 0;
  return Math.round((TIER[input.matchClass] + 20 * within + birth) * 10000) / 10000;
}
