/** The ways of placing one query word on a list name (assign.ts weighs them), and the pair types they read. */
import type { AffixRole } from './affixes.js';
import { GLUED_FUZZY_SIMILARITY, INITIAL_MASS, LIST_LEFT, editSimilarity, SIMILARITY, SKELETON_SIMILARITY } from './evidence.js';
import type { PreparedWord } from './prepare.js';
import type { WordMatchType } from './types.js';
import { isOneEdit } from './word-match.js';
import { abbreviationOptions } from './abbreviation-options.js';
import { gluedType } from './pair-types.js';
import { makeOption, MAX_ACRONYM, MIN_ACRONYM, range, sum, type AssignContext, type Option, type Span } from './placement.js';

/** Types that anchor a hit on a full word. */
const ANCHORS: ReadonlySet<WordMatchType> = new Set(['exact_match', 'edit_distance', 'removed_spaces', 'digit_to_word', 'word_to_digit']);

const MAX_GLUE = 4;

/**
 * The list words of the options that take one list word, and of those that take none, shared by every option
 * (nothing writes to an option's or a placement's list): a name's options cost no array each.
 */
const ONE_WORD: number[][] = [];
const NO_WORDS: number[] = [];

function oneWord(j: number): number[] {
  while (ONE_WORD.length <= j) ONE_WORD.push([ONE_WORD.length]);
  return ONE_WORD[j]!;
}

function concat(words: readonly PreparedWord[], from: number, count: number): string {
  let s = '';
  for (let k = from; k < from + count; k++) s += words[k]!.text;
  return s;
}

function initials(words: readonly PreparedWord[], from: number, count: number): string {
  let s = '';
  for (let k = from; k < from + count; k++) s += words[k]!.text[0];
  return s;
}

/**
 * The options of query word `i`: every way of placing it on the list name, and of leaving it unplaced, written into
 * `options` (an array the caller reuses, emptied first), returned.
 */
export function optionsInto(
  options: Option[],
  i: number,
  query: readonly PreparedWord[],
  roles: readonly (AffixRole | undefined)[],
  list: readonly PreparedWord[],
  pair: readonly (readonly (WordMatchType | null)[])[],
  ctx: AssignContext,
  cores: { query: Span; list: Span } | undefined,
): Option[] {
  // Emptied by popping: `options.length = 0` would drop the array's store, and each name would grow a new one.
  while (options.length > 0) options.pop();
  const q = query[i]!;
  const n = query.length;
  const m = list.length;
  const { listMass, queryMass, lambda } = ctx;
  const gain = 1 + lambda * (ctx.queryWeight + LIST_LEFT);
  const cost = lambda * ctx.queryWeight;
  if (ctx.duplicateOf?.[i] !== undefined) {
    // A repeated query word counts once: it takes the first occurrence's placement when reported.
    options.push({ queryCount: 1, list: [], type: 'exact_match', credit: 0, queryMass: 0, value: 0, freeDrop: false, acronym: false, anchor: false, part: false, duplicate: true });
    return options;
  }
  const qInitial = isLetter(q);
  for (let j = 0; j < m; j++) {
    const type = pair[i]![j];
    if (!type) continue;
    const l = list[j]!;
    const lInitial = isLetter(l);
    if (qInitial || lInitial) {
      // An initial on either side confirms at most an initial's mass.
      // `+INITIAL_MASS`: an imported constant as it is makes the branches a tagged value (a new heap number each).
      const credit = Math.min(qInitial ? +INITIAL_MASS : queryMass[i]!, listMass[j]!);
      // A particle or affix is no one's initial (`al` is not the `A.` of `A. Al-Rashid`).
      if (credit > 0) options.push(makeOption(1, oneWord(j), type, credit, qInitial ? +INITIAL_MASS : queryMass[i]!, gain, cost, false, false, false, false));
      continue;
    }
    let sim = SIMILARITY[type];
    let anchor = ANCHORS.has(type);
    if (type === 'edit_distance') sim = editSimilarity(Math.max(q.text.length, l.text.length));
    if (type === 'phonetic' && (q.script === 'abjad') !== (l.script === 'abjad')) {
      // Across an abjad and a Latin spelling, sound and skeleton are all there is to compare: as good as one edit.
      sim = SKELETON_SIMILARITY;
      anchor = true;
    } else if (type === 'phonetic' && !ctx.initials && Math.min(q.text.length, l.text.length) >= 4 && isOneEdit(q.text, l.text)) {
      // In names other than people's, a sound-alike that is also one letter off (a typo of a word too short for
      // the fuzziness) anchors. Not in people's names: short given names one letter apart are other names
      // (`Liis`, `Luis`; `Jan`, `Jon`).
      anchor = true;
    }
    const lm = listMass[j]!;
    options.push(makeOption(1, oneWord(j), type, sim * lm, lm, gain, cost, false, false, anchor && lm > 0, lm > 0));
  }
  // Glued words: query words i..i+k-1 written as one list word, or query word i written as list words j..j+k-1.
  // (Only when some list word begins with the query word: no string is made otherwise.)
  let gluable = false;
  for (let j = 0; j < m && !gluable; j++) gluable = list[j]!.text.startsWith(q.text);
  for (let k = 2; gluable && k <= MAX_GLUE && i + k <= n; k++) {
    const glued = concat(query, i, k);
    for (let j = 0; j < m; j++) {
      if (list[j]!.text !== glued) continue;
      const lm = listMass[j]!;
      options.push(makeOption(k, oneWord(j), 'removed_spaces', SIMILARITY.removed_spaces * lm, lm, gain, cost, false, false, lm > 0, lm > 0));
    }
  }
  // Two query words glued, then matched like one word (`Esma'il` → `esma il` → `esmail` ~ `Ismail`).
  const pair2 = ctx.gluedPairs?.[i];
  if (pair2 !== undefined) {
    for (let j = 0; j < m; j++) {
      if (list[j]!.text === pair2.text) continue;
      const type = gluedType(pair2, n + i, list[j]!, ctx);
      if (type === 'edit_distance' || type === 'phonetic' || type === 'equivalent_name') {
        const lm = listMass[j]!;
        options.push(makeOption(2, oneWord(j), 'removed_spaces', GLUED_FUZZY_SIMILARITY * lm, lm, gain, cost, false, false, false, lm > 0));
      }
    }
  }
  for (let k = 2; k <= MAX_GLUE; k++) {
    for (let j = 0; j + k <= m; j++) {
      if (!q.text.startsWith(list[j]!.text) || q.text.length <= list[j]!.text.length) continue;
      if (concat(list, j, k) === q.text) {
        const lm = sum(listMass, j, k);
        options.push(makeOption(1, range(j, k), 'removed_spaces', SIMILARITY.removed_spaces * lm, lm, gain, cost, false, false, lm > 0, lm > 0));
      }
    }
  }
  abbreviationOptions(i, query, list, ctx, options, gain, cost);
  if (ctx.acronyms) {
    // An acronym stands for a whole name: the acronym and the words it spells out must each be all of their
    // name but affixes and particles ("IBM Corp" ~ "International Business Machines Corporation").
    const coreQuery = cores!.query;
    const coreList = cores!.list;
    // Query acronym against a run of list words.
    const len = q.text.length;
    if (len >= MIN_ACRONYM && len <= MAX_ACRONYM && !q.isNumber && coreQuery.from === i && coreQuery.to === i + 1) {
      for (let j = 0; j + len <= m; j++) {
        if (list[j]!.text[0] !== q.text[0] || !spans(coreList, j, len)) continue;
        if (initials(list, j, len) === q.text) {
          const lm = sum(listMass, j, len);
          options.push(makeOption(1, range(j, len), 'initial_to_word', SIMILARITY.removed_spaces * lm, lm, gain, cost, false, true, true, true));
        }
      }
    }
    // Query words i..i+k-1 spelling out a list acronym.
    for (let k = MIN_ACRONYM; ctx.reverseAcronyms === true && k <= MAX_ACRONYM && i + k <= n; k++) {
      if (!spans(coreQuery, i, k)) continue;
      const acronym = initials(query, i, k);
      for (let j = 0; j < m; j++) {
        if (list[j]!.text !== acronym || !spans(coreList, j, 1)) continue;
        const lm = listMass[j]!;
        options.push(makeOption(k, oneWord(j), 'word_to_initial', SIMILARITY.removed_spaces * lm, lm, gain, cost, false, true, true, true));
      }
    }
  }
  // Left unplaced: an affix or particle removed, or any word at the cost of its mass.
  const role = roles[i];
  const removal: WordMatchType = role ?? 'name_variations_removal';
  options.push(makeOption(1, NO_WORDS, removal, 0, queryMass[i]!, gain, cost, false, false, false, false));
  if (ctx.nameVariations && role === undefined && !q.particle && queryMass[i]! > 0) {
    options.push(makeOption(1, NO_WORDS, 'name_variations_removal', 0, 0, gain, cost, true, false, false, false));
  }
  return options;
}

/** A single letter (an initial), not a digit. */
function isLetter(w: PreparedWord): boolean {
  return w.text.length === 1 && !w.isNumber;
}

/** Words from..from+count-1 are exactly the core span. */
function spans(core: Span, from: number, count: number): boolean {
  return core.from === from && core.to === from + count;
}
