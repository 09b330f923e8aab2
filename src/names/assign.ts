/**
 * Assigning query words to list words (GUIDE.md section 1, steps 4-5). Each query word takes one list word,
 * or several glued (`removed_spaces`), or an acronym's run, or is removed as an affix, a particle or a
 * name variation. The search maximises match quality; every query word must be placed.
 */
import type { AffixRole } from './affixes.js';
import type { PreparedWord } from './prepare.js';
import type { WordMatchType } from './types.js';
import { wordMatchType, type WordMatchContext } from './word-match.js';

export interface AssignContext extends WordMatchContext {
  /** Any one non-particle query word may stay unmatched. */
  nameVariations: boolean;
  /** Query words that must match strongly, capped at the query's words other than affixes and particles (default 1). */
  minMatchedWords?: number;
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

/** Relative quality of each way of placing a query word; the search maximises the sum. */
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

/** Types that make a name match on their own; initials and removals only support them. */
const STRONG: ReadonlySet<WordMatchType> = new Set([
  'exact_match',
  'edit_distance',
  'removed_spaces',
  'digit_to_word',
  'word_to_digit',
  'phonetic',
  'equivalent_name',
]);

interface Option {
  /** Query words consumed, starting at the current one. */
  queryCount: number;
  /** List words consumed. */
  list: number[];
  type: WordMatchType;
  quality: number;
  freeDrop?: boolean;
  acronym?: boolean;
}

const MAX_GLUE = 4;
/**
 * Acronyms have 3 to 8 letters. Two-letter ones are left out: they are ordinary words far too often (`co`, `of`,
 * `al`, `kk`), and any two-word name would spell one.
 */
export const MIN_ACRONYM = 3;
export const MAX_ACRONYM = 8;
const MAX_SEARCH_LIST_WORDS = 30;

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
): Option[] {
  const options: Option[] = [];
  const q = query[i]!;
  const n = query.length;
  const m = list.length;
  for (let j = 0; j < m; j++) {
    const type = pair[i]![j];
    if (type) options.push({ queryCount: 1, list: [j], type, quality: PLACEMENT_QUALITY[type] });
  }
  // Glued words: query words i..i+k-1 written as one list word, or query word i written as list words j..j+k-1.
  for (let k = 2; k <= MAX_GLUE && i + k <= n; k++) {
    const glued = concat(query, i, k);
    for (let j = 0; j < m; j++) {
      if (list[j]!.text === glued) options.push({ queryCount: k, list: [j], type: 'removed_spaces', quality: PLACEMENT_QUALITY.removed_spaces * k });
    }
  }
  // Two query words glued, then matched like one word (`Esma'il` → `esma il` → `esmail` ~ `Ismail`).
  const pair2 = ctx.gluedPairs?.[i];
  if (pair2 !== undefined) {
    for (let j = 0; j < m; j++) {
      if (list[j]!.text === pair2.text) continue;
      const type = wordMatchType(pair2, list[j]!, ctx);
      if (type === 'edit_distance' || type === 'phonetic' || type === 'equivalent_name') {
        // Worth less than the two words placed apart, so it only serves where they cannot be.
        options.push({ queryCount: 2, list: [j], type: 'removed_spaces', quality: PLACEMENT_QUALITY[type] });
      }
    }
  }
  for (let k = 2; k <= MAX_GLUE; k++) {
    for (let j = 0; j + k <= m; j++) {
      if (!q.text.startsWith(list[j]!.text) || q.text.length <= list[j]!.text.length) continue;
      if (concat(list, j, k) === q.text) {
        options.push({ queryCount: 1, list: range(j, k), type: 'removed_spaces', quality: PLACEMENT_QUALITY.removed_spaces });
      }
    }
  }
  if (ctx.acronyms) {
    // An acronym stands for a whole name: the acronym and the words it spells out must each be all of their
    // name but affixes and particles ("IBM Corp" ~ "International Business Machines Corporation").
    const coreQuery = coreRange(query, roles);
    const coreList = coreRange(list, ctx.listRoles);
    // Query acronym against a run of list words.
    const len = q.text.length;
    if (len >= MIN_ACRONYM && len <= MAX_ACRONYM && !q.isNumber && coreQuery.from === i && coreQuery.to === i + 1) {
      for (let j = 0; j + len <= m; j++) {
        if (list[j]!.text[0] !== q.text[0] || !spans(coreList, j, len)) continue;
        if (initials(list, j, len) === q.text) {
          options.push({ queryCount: 1, list: range(j, len), type: 'initial_to_word', quality: PLACEMENT_QUALITY.removed_spaces, acronym: true });
        }
      }
    }
    // Query words i..i+k-1 spelling out a list acronym.
    for (let k = MIN_ACRONYM; ctx.reverseAcronyms === true && k <= MAX_ACRONYM && i + k <= n; k++) {
      if (!spans(coreQuery, i, k)) continue;
      const acronym = initials(query, i, k);
      for (let j = 0; j < m; j++) {
        if (list[j]!.text === acronym && spans(coreList, j, 1)) options.push({ queryCount: k, list: [j], type: 'word_to_initial', quality: PLACEMENT_QUALITY.removed_spaces * k, acronym: true });
      }
    }
  }
  const role = roles[i];
  if (role !== undefined) options.push({ queryCount: 1, list: [], type: role, quality: PLACEMENT_QUALITY[role] });
  else if (q.particle) options.push({ queryCount: 1, list: [], type: 'name_variations_removal', quality: PLACEMENT_QUALITY.name_variations_removal });
  else if (ctx.nameVariations) options.push({ queryCount: 1, list: [], type: 'name_variations_removal', quality: 0, freeDrop: true });
  return options;
}

function placement(option: Option): PlacedWord {
  const placed: PlacedWord = { type: option.type, list: option.list };
  if (option.acronym === true) placed.acronym = true;
  if (option.freeDrop === true) placed.variation = true;
  return placed;
}

interface Span {
  from: number;
  to: number;
}

/** The first to last word that is neither an affix nor a particle (the whole name when all are). */
function coreRange(words: readonly PreparedWord[], roles: readonly (AffixRole | undefined)[] | undefined): Span {
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

function range(from: number, count: number): number[] {
  return Array.from({ length: count }, (_, k) => from + k);
}

/** Types a cache filled under the widest rules may hold but narrower rules (organisations) may not allow. */
const RULE_DEPENDENT: ReadonlySet<WordMatchType> = new Set(['equivalent_name', 'initial_to_word', 'word_to_initial']);

function pairType(q: PreparedWord, i: number, l: PreparedWord, ctx: AssignContext): WordMatchType | null {
  const known = ctx.knownType?.(i, l);
  if (known === undefined) return wordMatchType(q, l, ctx);
  if (known !== null && RULE_DEPENDENT.has(known) && (!ctx.nicknames || !ctx.initials)) return wordMatchType(q, l, ctx);
  return known;
}

interface Best {
  quality: number;
  choice: Option | null;
}

/**
 * Place every query word, maximising total quality. Returns one placement per query word, or null when some
 * word cannot be placed or no word matched strongly.
 */
export function assignWords(
  query: readonly PreparedWord[],
  roles: readonly (AffixRole | undefined)[],
  list: readonly PreparedWord[],
  ctx: AssignContext,
): PlacedWord[] | null {
  const n = query.length;
  const m = list.length;
  if (n === 0) return null;
  const pair = query.map((q, i) => list.map((l) => pairType(q, i, l, ctx)));
  const exact = allExact(pair, n, m);
  if (exact !== null) return exact;
  const options = query.map((_, i) => optionsFor(i, query, roles, list, pair, ctx));
  if (m > MAX_SEARCH_LIST_WORDS) return greedy(options, n, ctx.minMatchedWords ?? 1);

  // Depth-first search over (query word, used list words, free drop used), memoised.
  const memo = new Map<number, Best>();
  const search = (i: number, used: number, dropped: boolean): Best => {
    if (i >= n) return { quality: 0, choice: null };
    const key = ((used >>> 0) * 2 + (dropped ? 1 : 0)) * 512 + i;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    let best: Best = { quality: -Infinity, choice: null };
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
      const quality = option.quality + rest.quality;
      if (quality > best.quality) best = { quality, choice: option };
    }
    memo.set(key, best);
    return best;
  };

  const placed: PlacedWord[] = [];
  let used = 0;
  let dropped = false;
  for (let i = 0; i < n; ) {
    const { quality, choice } = search(i, used, dropped);
    if (choice === null || quality === -Infinity) return null;
    for (let k = 0; k < choice.queryCount; k++) placed.push(placement(choice));
    for (const j of choice.list) used |= 1 << j;
    dropped ||= choice.freeDrop === true;
    i += choice.queryCount;
  }
  return acceptable(placed, ctx.minMatchedWords ?? 1) ? placed : null;
}

/**
 * Every query word exact on its own list word: no placement can do better (a glued word is worth less than its
 * words matched exactly), so the search is skipped.
 */
function allExact(pair: readonly (readonly (WordMatchType | null)[])[], n: number, m: number): PlacedWord[] | null {
  if (n > m) return null;
  const used = new Array<boolean>(m).fill(false);
  const placed: PlacedWord[] = [];
  for (let i = 0; i < n; i++) {
    const row = pair[i]!;
    let j = 0;
    while (j < m && (used[j] || row[j] !== 'exact_match')) j++;
    if (j === m) return null;
    used[j] = true;
    placed.push({ type: 'exact_match', list: [j] });
  }
  return placed;
}

/** For very long list names: take each query word's best option that is still free. */
function greedy(options: readonly Option[][], n: number, minMatchedWords: number): PlacedWord[] | null {
  const used = new Set<number>();
  const placed: PlacedWord[] = [];
  let dropped = false;
  for (let i = 0; i < n; ) {
    const choice = [...options[i]!]
      .sort((a, b) => b.quality / b.queryCount - a.quality / a.queryCount)
      .find((o) => o.list.every((j) => !used.has(j)) && !(o.freeDrop && dropped));
    if (choice === undefined) return null;
    for (let k = 0; k < choice.queryCount; k++) placed.push(placement(choice));
    for (const j of choice.list) used.add(j);
    dropped ||= choice.freeDrop === true;
    i += choice.queryCount;
  }
  return acceptable(placed, minMatchedWords) ? placed : null;
}

/**
 * A placement makes a match when enough query words matched strongly: at least one (initials and removals alone
 * never do), and at least `min_matched_words` when the query has that many words besides its removed affixes and
 * particles.
 */
function acceptable(placed: readonly PlacedWord[], minMatchedWords: number): boolean {
  let strong = 0;
  let core = 0;
  for (const p of placed) {
    if (STRONG.has(p.type) || p.acronym === true) strong++;
    if (p.list.length > 0 || p.variation === true) core++;
  }
  return strong >= Math.max(1, Math.min(minMatchedWords, core));
}
