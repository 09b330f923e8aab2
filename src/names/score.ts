/**
 * Scores. Name search scores a hit by its evidence (`evidenceScore`); payment-reference screening ranks found
 * names by match class first (`scoreMatch`, `scoreCeiling`), described here.
 *
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

const WITHIN = 20;

/**
 * The score of a name search hit: its weight of evidence (evidence.ts) on a scale of 100, plus 1 for the exact
 * birth year or 0.5 within the window. Hits are ordered by it, so ordering and the hit decision agree.
 */
export function evidenceScore(evidence: number, birthYear: BirthYearVerdict | undefined): number {
  const birth = birthYear === 'exact' ? 1 : birthYear === 'fuzzy' ? 0.5 : 0;
  return Math.round((100 * evidence + birth) * 10000) / 10000;
}

/** The highest score a match of this class can reach without a birth year: its tier plus every other part. */
export function scoreCeiling(matchClass: MatchClass): number {
  return TIER[matchClass] + WITHIN;
}

/** Name words matched, by position: reused across calls (they run one at a time). */
let matchedScratch = new Uint8Array(64);

export function scoreMatch(input: ScoreInput): number {
  const { placed, queryWords, edgeAffix, weight } = input;
  let qNum = 0;
  let qDen = 0;
  for (let i = 0; i < placed.length; i++) {
    let quality = WORD_QUALITY[placed[i]!.type];
    if (quality === undefined) {
      if (edgeAffix[i] === true) continue; // removed affix where affixes stand: neither helps nor hurts
      quality = 0;
    }
    const w = weight(queryWords[i]!.text);
    qNum += w * quality;
    qDen += w;
  }
  const { words, roles } = input.name;
  if (matchedScratch.length < words.length) matchedScratch = new Uint8Array(2 * words.length);
  const matched = matchedScratch;
  matched.fill(0, 0, words.length);
  for (const p of placed) for (const j of p.list) matched[j] = 1;
  let cNum = 0;
  let cDen = 0;
  for (let j = 0; j < words.length; j++) {
    if (roles[j] !== undefined && matched[j] === 0) continue;
    const w = weight(words[j]!.text);
    cDen += w;
    if (matched[j] === 1) cNum += w;
  }
  const q = qDen > 0 ? qNum / qDen : 0;
  const c = cDen > 0 ? cNum / cDen : 0;
  const within = 0.45 * q + 0.45 * c + 0.05 * (input.inOrder ? 1 : 0) + 0.05 * (input.isPrimary ? 1 : 0);
  const birth = input.birthYear === 'exact' ? 1 : input.birthYear === 'fuzzy' ? 0.5 : 0;
  return Math.round((TIER[input.matchClass] + WITHIN * within + birth) * 10000) / 10000;
}
