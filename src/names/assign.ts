/**
 * Assigning query words to list words (GUIDE.md section 1, steps 4-5). Each query word takes one list word,
 * or several glued (`removed_spaces`), or an acronym's run, or is left unplaced (an affix or particle removed, or
 * any word at the cost of its mass). The search finds the placement of most evidence (evidence.ts): it maximises
 * credit against what is left unconfirmed, weighed at the threshold, so the best placement passes the threshold
 * whenever any does.
 */
import type { AffixRole } from './affixes.js';
import {
  GLUED_FUZZY_SIMILARITY,
  INITIAL_MASS,
  LIST_LEFT,
  editSimilarity,
  SIMILARITY,
  SKELETON_SIMILARITY,
} from './evidence.js';
import type { PreparedWord } from './prepare.js';
import type { WordMatchType } from './types.js';
import { isOneEdit, wordMatchType, type WordMatchContext } from './word-match.js';
import { abbreviationOptions } from './abbreviation-options.js';
import { evaluate, mayPass, singleWordsMayPass } from './placement-evidence.js';

export interface AssignContext extends WordMatchContext {
  /** Any one query word may stay unplaced at no cost (`name_variations`). */
  nameVariations: boolean;
  /** Organisation rules: acronyms against word runs. */
  acronyms: boolean;
  /**
   * Query words may spell out a list acronym only when the search says it is for an organisation (`entity_type`):
   * otherwise any three-word personal name would match some three-letter acronym.
   */
  reverseAcronyms?: boolean;
  /** Affix roles of the list name's words (acronyms must span the rest). */
  listRoles?: readonly (AffixRole | undefined)[];
  /** Neighbouring query words glued (where one is a two-letter fragment): matched by edit, sound or equivalence. */
  gluedPairs?: readonly (PreparedWord | undefined)[];
  /** Per-word types already known for query word `i` (an index search caches them); null when unknown. */
  knownType?: (i: number, list: PreparedWord) => WordMatchType | null | undefined;
  /**
   * Types of the pairs computed in this search (wordMatchType) where knownType gives none, per query word by the
   * list word's vocabulary id and the rules (nicknames, initials): a search compares a query word with a list word
   * once, whatever the number of names holding it.
   */
  pairTypes?: Map<number, WordMatchType | null>[];
  /** Mass of each query word left unplaced (evidence.ts): 0 for particles, affixes where affixes stand, repeats. */
  queryMass: readonly number[];
  /** Mass of each list word: 0 for its affixes and particles. */
  listMass: readonly number[];
  /** The sum of listMass. */
  listTotal: number;
  /** For a repeated query word, the index of its first occurrence. */
  duplicateOf?: readonly (number | undefined)[];
  /** The threshold's odds T / (1 - T): weighs credit against what is left unconfirmed. */
  lambda: number;
  /** Weight of query mass left unconfirmed (evidence.ts: persons or other names). */
  queryWeight: number;
  /**
   * The list name holds no glued, split or abbreviated form of the query nor an acronym of its words (an index
   * search knows): every option places one query word on one list word, and the bound before the search is
   * taken from the pair types alone.
   */
  singleWords?: boolean;
}

export interface PlacedWord {
  type: WordMatchType;
  /** Indexes of the list words this query word matched (empty when removed). */
  list: number[];
  /** Part of an acronym matched against a run of words: a whole-name match, so it counts as strong. */
  acronym?: boolean;
  /** Left unmatched under `name_variations` (not a particle or an affix). */
  variation?: boolean;
}

/** The best placement of a query on a list name, with its evidence. */
export interface Assignment {
  placed: PlacedWord[];
  /** Credit earned, and the masses left unconfirmed on each side (evidence.ts). */
  credit: number;
  queryLeft: number;
  listLeft: number;
  evidence: number;
  /** Some word is matched exactly, by one edit, glued, as a digit or acronym, or by skeleton across scripts. */
  anchored: boolean;
  /** Query words placed by a full word (not an initial, not removed). */
  parts: number;
  /** An unplaced initial or number of the query against an unmatched list word, or the reverse. */
  contradiction: boolean;
}

/** Relative quality of each way of placing a word, for payment-reference alignment (src/reference/align.ts). */
export const PLACEMENT_QUALITY: Readonly<Record<WordMatchType, number>> = {
  exact_match: 10,
  edit_distance: 8,
  removed_spaces: 8,
  digit_to_word: 8,
  word_to_digit: 8,
  phonetic: 6,
  equivalent_name: 6,
  removed_personal_title: 4,
  removed_personal_suffix: 4,
  removed_organisation_prefix: 4,
  removed_organisation_suffix: 4,
  removed_clerical_mark: 4,
  word_to_initial: 3,
  initial_to_word: 3,
  name_variations_removal: 1,
};

/** Types that anchor a hit on a full word. */
const ANCHORS: ReadonlySet<WordMatchType> = new Set(['exact_match', 'edit_distance', 'removed_spaces', 'digit_to_word', 'word_to_digit']);

export interface Option {
  /** Query words consumed, starting at the current one. */
  queryCount: number;
  /** List words consumed. */
  list: number[];
  type: WordMatchType;
  /** Evidence earned (similarity × mass, see evidence.ts). */
  credit: number;
  /** Query mass this placement accounts for: the credit plus what it leaves unconfirmed. */
  queryMass: number;
  /** Contribution to the search objective (evidence.ts: credit against what is left unconfirmed). */
  value: number;
  freeDrop: boolean;
  acronym: boolean;
  /** Anchors a hit: a full word spelt exactly, with one edit, glued, as a digit, as an acronym or by skeleton. */
  anchor: boolean;
  /** Places a query word by a full word: evidence on a name part. */
  part: boolean;
  /** A repeated query word. */
  duplicate: boolean;
}

const MAX_GLUE = 4;
/**
 * Acronyms have 3 to 8 letters. Two-letter ones are left out: they are ordinary words far too often (`co`, `of`,
 * `al`, `kk`), and any two-word name would spell one.
 */
export const MIN_ACRONYM = 3;
export const MAX_ACRONYM = 8;
const MAX_SEARCH_LIST_WORDS = 30;
/** More query words than this are placed greedily (no name has as many; degenerate terms do). */
const MAX_SEARCH_QUERY_WORDS = 12;

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

function optionsFor(
  i: number,
  query: readonly PreparedWord[],
  roles: readonly (AffixRole | undefined)[],
  list: readonly PreparedWord[],
  pair: readonly (readonly (WordMatchType | null)[])[],
  ctx: AssignContext,
  cores: { query: Span; list: Span } | undefined,
): Option[] {
  const options: Option[] = [];
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
      const credit = Math.min(qInitial ? INITIAL_MASS : queryMass[i]!, listMass[j]!);
      // A particle or affix is no one's initial (`al` is not the `A.` of `A. Al-Rashid`).
      if (credit > 0) options.push(makeOption(1, [j], type, credit, qInitial ? INITIAL_MASS : queryMass[i]!, gain, cost, false, false, false, false));
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
    options.push(makeOption(1, [j], type, sim * lm, lm, gain, cost, false, false, anchor && lm > 0, lm > 0));
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
      options.push(makeOption(k, [j], 'removed_spaces', SIMILARITY.removed_spaces * lm, lm, gain, cost, false, false, lm > 0, lm > 0));
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
        options.push(makeOption(2, [j], 'removed_spaces', GLUED_FUZZY_SIMILARITY * lm, lm, gain, cost, false, false, false, lm > 0));
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
        options.push(makeOption(k, [j], 'word_to_initial', SIMILARITY.removed_spaces * lm, lm, gain, cost, false, true, true, true));
      }
    }
  }
  // Left unplaced: an affix or particle removed, or any word at the cost of its mass.
  const role = roles[i];
  const removal: WordMatchType = role ?? 'name_variations_removal';
  options.push(makeOption(1, [], removal, 0, queryMass[i]!, gain, cost, false, false, false, false));
  if (ctx.nameVariations && role === undefined && !q.particle && queryMass[i]! > 0) {
    options.push(makeOption(1, [], 'name_variations_removal', 0, 0, gain, cost, true, false, false, false));
  }
  return options;
}

/** An option, its value computed (one object shape for every option: V8 keeps reads of them monomorphic). */
export function makeOption(
  queryCount: number,
  list: number[],
  type: WordMatchType,
  credit: number,
  queryMass: number,
  gain: number,
  cost: number,
  freeDrop: boolean,
  acronym: boolean,
  anchor: boolean,
  part: boolean,
): Option {
  return { queryCount, list, type, credit, queryMass, value: credit * gain - cost * queryMass, freeDrop, acronym, anchor, part, duplicate: false };
}

/** A single letter (an initial), not a digit. */
function isLetter(w: PreparedWord): boolean {
  return w.text.length === 1 && !w.isNumber;
}

export function sum(values: readonly number[], from: number, count: number): number {
  let s = 0;
  for (let k = from; k < from + count; k++) s += values[k]!;
  return s;
}

export function placement(option: Option): PlacedWord {
  const placed: PlacedWord = { type: option.type, list: option.list };
  if (option.acronym) placed.acronym = true;
  if (option.freeDrop) placed.variation = true;
  return placed;
}

export interface Span {
  from: number;
  to: number;
}

/** The first to last word that is neither an affix nor a particle (the whole name when all are). */
export function coreRange(words: readonly PreparedWord[], roles: readonly (AffixRole | undefined)[] | undefined): Span {
  const core = (k: number): boolean => roles?.[k] === undefined && !words[k]!.particle;
  let from = 0;
  let to = words.length;
  while (from < to && !core(from)) from++;
  while (to > from && !core(to - 1)) to--;
  return from < to ? { from, to } : { from: 0, to: words.length };
}

/** Words from..from+count-1 are exactly the core span. */
function spans(core: Span, from: number, count: number): boolean {
  return core.from === from && core.to === from + count;
}

export function range(from: number, count: number): number[] {
  return Array.from({ length: count }, (_, k) => from + k);
}

/** Types a cache filled under the widest rules may hold but narrower rules (organisations) may not allow. */
const RULE_DEPENDENT: ReadonlySet<WordMatchType> = new Set(['equivalent_name', 'initial_to_word', 'word_to_initial']);

function pairType(q: PreparedWord, i: number, l: PreparedWord, ctx: AssignContext): WordMatchType | null {
  const known = ctx.knownType?.(i, l);
  if (known === undefined) return computedType(q, i, l, ctx);
  if (known !== null && RULE_DEPENDENT.has(known) && (!ctx.nicknames || !ctx.initials)) return computedType(q, i, l, ctx);
  return known;
}

/** wordMatchType of a pair, kept in ctx.pairTypes when given (the list word from a vocabulary). */
function computedType(q: PreparedWord, i: number, l: PreparedWord, ctx: AssignContext): WordMatchType | null {
  const cache = ctx.pairTypes;
  if (cache === undefined || l.id === undefined) return wordMatchType(q, l, ctx);
  const byWord = (cache[i] ??= new Map());
  const key = l.id * 4 + (ctx.nicknames ? 2 : 0) + (ctx.initials ? 1 : 0);
  let type = byWord.get(key);
  if (type === undefined) byWord.set(key, (type = wordMatchType(q, l, ctx)));
  return type;
}

/**
 * wordMatchType of query words glued (AssignContext.gluedPairs) and a list word, kept in ctx.pairTypes at `slot`
 * (the query's length plus the first word's index: the glued word of a search is the same in every name).
 */
function gluedType(glued: PreparedWord, slot: number, l: PreparedWord, ctx: AssignContext): WordMatchType | null {
  const cache = ctx.pairTypes;
  if (cache === undefined || l.id === undefined) return wordMatchType(glued, l, ctx);
  const byWord = (cache[slot] ??= new Map());
  const key = l.id * 4 + (ctx.nicknames ? 2 : 0) + (ctx.initials ? 1 : 0);
  let type = byWord.get(key);
  if (type === undefined) byWord.set(key, (type = wordMatchType(glued, l, ctx)));
  return type;
}

/** Rows of the pair table (assignWords), reused: the matcher runs once at a time. */
const PAIR_ROWS: (WordMatchType | null)[][] = [];

interface Best {
  value: number;
  choice: Option | null;
}

/** The placement of most evidence of every query word on the list name. */
export function assignWords(
  query: readonly PreparedWord[],
  roles: readonly (AffixRole | undefined)[],
  list: readonly PreparedWord[],
  ctx: AssignContext,
): Assignment | null {
  const n = query.length;
  const m = list.length;
  if (n === 0) return null;
  // The pair table in rows reused from name to name (read only within this call; a repeated word's row is not read).
  while (PAIR_ROWS.length < n) PAIR_ROWS.push([]);
  const pair = PAIR_ROWS;
  for (let i = 0; i < n; i++) {
    if (ctx.duplicateOf?.[i] !== undefined) continue;
    const q = query[i]!;
    const row = pair[i]!;
    row.length = m;
    for (let j = 0; j < m; j++) row[j] = pairType(q, i, list[j]!, ctx);
  }
  const exact = allExact(pair, n, m, ctx);
  if (exact !== null) return evaluate(exact.choices, n, query, list, ctx);
  if (ctx.singleWords === true && singleWordsMayPass(query, roles, list, pair, ctx) === false) return null;
  // The core spans of the query and the name (acronyms), once per name.
  const cores = ctx.acronyms ? { query: coreRange(query, roles), list: coreRange(list, ctx.listRoles) } : undefined;
  const options: Option[][] = [];
  for (let i = 0; i < n; i++) options.push(optionsFor(i, query, roles, list, pair, ctx, cores));
  if (!mayPass(options, ctx)) return null;
  if (m > MAX_SEARCH_LIST_WORDS || n > MAX_SEARCH_QUERY_WORDS) return evaluate(greedy(options, n), n, query, list, ctx);

  // Depth-first search over (query word, used list words, free drop used), memoised.
  const memo = new Map<number, Best>();
  const search = (i: number, used: number, dropped: boolean): Best => {
    if (i >= n) return { value: 0, choice: null };
    const key = ((used >>> 0) * 2 + (dropped ? 1 : 0)) * 32 + i;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    let best: Best = { value: -Infinity, choice: null };
    for (const option of options[i]!) {
      if (option.freeDrop && dropped) continue;
      let mask = used;
      let free = true;
      for (const j of option.list) {
        const bit = 1 << j;
        if (mask & bit) { free = false; break; }
        mask |= bit;
      }
      if (!free) continue;
      const rest = search(i + option.queryCount, mask, dropped || option.freeDrop === true);
      const value = option.value + rest.value;
      if (value > best.value) best = { value, choice: option };
    }
    memo.set(key, best);
    return best;
  };

  const choices: Option[] = [];
  let used = 0;
  let dropped = false;
  for (let i = 0; i < n; ) {
    const { choice } = search(i, used, dropped);
    if (choice === null) return null;
    choices.push(choice);
    for (const j of choice.list) used |= 1 << j;
    dropped ||= choice.freeDrop === true;
    i += choice.queryCount;
  }
  return evaluate(choices, n, query, list, ctx);
}

/**
 * Every query word exact on its own list word: no placement can do better (a glued word is worth less than its
 * words matched exactly), so the search is skipped.
 */
function allExact(pair: readonly (readonly (WordMatchType | null)[])[], n: number, m: number, ctx: AssignContext): { choices: Option[] } | null {
  // Most names have some query word with no exact partner: known before anything is made.
  for (let i = 0; i < n; i++) {
    if (ctx.duplicateOf?.[i] !== undefined) continue;
    const row = pair[i]!;
    let j = 0;
    while (j < m && row[j] !== 'exact_match') j++;
    if (j === m) return null;
  }
  const used = new Array<boolean>(m).fill(false);
  const choices: Option[] = [];
  for (let i = 0; i < n; i++) {
    if (ctx.duplicateOf?.[i] !== undefined) {
      choices.push({ queryCount: 1, list: [], type: 'exact_match', credit: 0, queryMass: 0, value: 0, freeDrop: false, acronym: false, anchor: false, part: false, duplicate: true });
      continue;
    }
    const row = pair[i]!;
    let j = 0;
    while (j < m && (used[j] || row[j] !== 'exact_match')) j++;
    if (j === m) return null;
    used[j] = true;
    const lm = ctx.listMass[j]!;
    const letter = ctx.queryMass[i] === INITIAL_MASS && lm === INITIAL_MASS;
    choices.push({ queryCount: 1, list: [j], type: 'exact_match', credit: lm, queryMass: lm, value: 0, freeDrop: false, acronym: false, anchor: lm > 0 && !letter, part: lm > 0 && !letter, duplicate: false });
  }
  return { choices };
}

/** For very long names or queries: each query word's best option that is still free. */
function greedy(options: readonly Option[][], n: number): Option[] {
  const used = new Set<number>();
  const choices: Option[] = [];
  let dropped = false;
  for (let i = 0; i < n; ) {
    const choice = [...options[i]!]
      .sort((a, b) => b.value / b.queryCount - a.value / a.queryCount)
      .find((o) => o.list.every((j) => !used.has(j)) && !(o.freeDrop && dropped))!;
    choices.push(choice);
    for (const j of choice.list) used.add(j);
    dropped ||= choice.freeDrop === true;
    i += choice.queryCount;
  }
  return choices;
}
