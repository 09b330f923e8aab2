/**
 * Assigning query words to list words (GUIDE.md section 1, steps 4-5). Each query word takes one list word,
 * or several glued (`removed_spaces`), or an acronym's run, or is left unplaced (an affix or particle removed, or
 * any word at the cost of its mass). The search finds the placement of most evidence (evidence.ts): it maximises
 * credit against what is left unconfirmed, weighed at the threshold, so the best placement passes the threshold
 * whenever any does.
 */
import type { AffixRole } from './affixes.js';
import { INITIAL_MASS } from './evidence.js';
import type { PreparedWord } from './prepare.js';
import type { WordMatchType } from './types.js';
import { pairType } from './pair-types.js';
import { evaluate, mayPass, singleWordsMayPass } from './placement-evidence.js';
import { optionsInto } from './placement-options.js';
import { onlySingleWordOptions } from './single-words.js';
import { beginOptions, coreRangeInto, endOptions, type AssignContext, type Assignment, type Option, type Span } from './placement.js';

export {
  coreRange,
  coreRangeInto,
  makeOption,
  MAX_ACRONYM,
  MIN_ACRONYM,
  placement,
  PLACEMENT_QUALITY,
  range,
  sum,
  type AssignContext,
  type Assignment,
  type Option,
  type PlacedWord,
  type Span,
} from './placement.js';

const MAX_SEARCH_LIST_WORDS = 30;
/** More query words than this are placed greedily (no name has as many; degenerate terms do). */
const MAX_SEARCH_QUERY_WORDS = 12;

/** Rows of the pair table (assignWords) by the list name's number of words, reused: the matcher runs once at a time. */
const PAIR_ROWS: (WordMatchType | null)[][][] = [];

/** The options of each query word (assignWords), in arrays reused from name to name. */
const OPTIONS: Option[][] = [];
/** The core spans of the query and the name (acronyms), reused. */
const CORES: { query: Span; list: Span } = { query: { from: 0, to: 0 }, list: { from: 0, to: 0 } };

/** The placement of most evidence of every query word on the list name. */
export function assignWords(
  query: readonly PreparedWord[],
  roles: readonly (AffixRole | undefined)[],
  list: readonly PreparedWord[],
  ctx: AssignContext,
): Assignment | null {
  // The name's options are pooled objects (placement.ts): the assignment returned holds none of them.
  beginOptions();
  try {
    return placeWords(query, roles, list, ctx);
  } finally {
    endOptions();
  }
}

function placeWords(
  query: readonly PreparedWord[],
  roles: readonly (AffixRole | undefined)[],
  list: readonly PreparedWord[],
  ctx: AssignContext,
): Assignment | null {
  const n = query.length;
  const m = list.length;
  if (n === 0) return null;
  // The pair table in rows of m cells reused from name to name (read only within this call; a repeated word's row
  // is not read).
  const pair = (PAIR_ROWS[m] ??= []);
  while (pair.length < n) pair.push(new Array<WordMatchType | null>(m).fill(null));
  for (let i = 0; i < n; i++) {
    if (ctx.duplicateOf?.[i] !== undefined) continue;
    const q = query[i]!;
    const row = pair[i]!;
    for (let j = 0; j < m; j++) row[j] = pairType(q, i, list[j]!, ctx);
  }
  const exact = allExact(pair, n, m, ctx);
  if (exact !== null) return evaluate(exact.choices, n, query, list, ctx);
  // Where every option places one word on one word (the index knows, or the words show it), their bound may reject
  // the name before its options are made.
  if (singleWordsMayPass(query, roles, list, pair, ctx) === false && (ctx.singleWords === true || onlySingleWordOptions(query, roles, list, ctx))) return null;
  // The core spans of the query and the name (acronyms), once per name.
  let cores: { query: Span; list: Span } | undefined;
  if (ctx.acronyms) {
    cores = CORES;
    coreRangeInto(query, roles, cores.query);
    coreRangeInto(list, ctx.listRoles, cores.list);
  }
  const options = OPTIONS;
  while (options.length < n) options.push([]);
  for (let i = 0; i < n; i++) optionsInto(options[i]!, i, query, roles, list, pair, ctx, cores);
  if (!mayPass(options, ctx, n)) return null;
  if (m > MAX_SEARCH_LIST_WORDS || n > MAX_SEARCH_QUERY_WORDS) return evaluate(greedy(options, n), n, query, list, ctx);
  const independent = independentChoices(options, n);
  if (independent !== null) return evaluate(independent, n, query, list, ctx);

  const memo = placementMemo(n, m);
  const choices: Option[] = [];
  let used = 0;
  let dropped = false;
  for (let i = 0; i < n; ) {
    const slot = search(memo, options, n, i, used, dropped);
    const k = memo.choice[slot]!;
    if (k < 0) return null;
    const choice = options[i]![k]!;
    choices.push(choice);
    for (const j of choice.list) used |= 1 << j;
    dropped ||= choice.freeDrop === true;
    i += choice.queryCount;
  }
  return evaluate(choices, n, query, list, ctx);
}

/**
 * Each query word's best option where no choice of one word bears on another's: every option places one query
 * word, the list words of a word's options are none of another word's, and at most one word may be dropped for
 * free. The search would then find each word's best option whatever the others took; this picks them as it would
 * (the best sum of the word's value and the rest's, first best kept, from the last word back), without the search.
 * Null where the choices may interact.
 */
export function independentChoices(options: readonly (readonly Option[])[], n: number): Option[] | null {
  let taken = 0;
  let freeDrops = 0;
  for (let i = 0; i < n; i++) {
    let words = 0;
    let free = false;
    for (const o of options[i]!) {
      if (o.queryCount !== 1) return null;
      if (o.freeDrop) free = true;
      for (const j of o.list) words |= 1 << j;
    }
    if ((words & taken) !== 0) return null;
    taken |= words;
    if (free && ++freeDrops > 1) return null;
  }
  const choices = new Array<Option>(n);
  let rest = 0;
  for (let i = n - 1; i >= 0; i--) {
    let best = -Infinity;
    let choice: Option | null = null;
    for (const o of options[i]!) {
      const value = o.value + rest;
      if (value > best) {
        best = value;
        choice = o;
      }
    }
    if (choice === null) return null;
    choices[i] = choice;
    rest = best;
  }
  return choices;
}

/**
 * The search's memo over (query word, list words used, free drop used): the best value from there on and the
 * index of the option that reaches it (-1: none). Flat typed arrays indexed by the state where the states of a
 * name are few (2^(m+1) × n), stamped per name so that nothing is cleared; a map from state to a slot otherwise.
 */
interface PlacementMemo {
  /** Stamp of each slot: the slot is filled in this name's search when it equals `now`. */
  stamps: Uint32Array;
  now: number;
  value: Float64Array;
  choice: Int32Array;
  /** State to slot, where the states are too many to index (null: the slot is the state). */
  slots: Map<number, number> | null;
}

/** Most states a flat memo indexes (2^(m+1) × n). */
const FLAT_STATES = 1 << 16;

const FLAT: PlacementMemo = { stamps: new Uint32Array(0), now: 0, value: new Float64Array(0), choice: new Int32Array(0), slots: null };
const MAPPED: PlacementMemo = { stamps: new Uint32Array(0), now: 0, value: new Float64Array(0), choice: new Int32Array(0), slots: new Map() };

/** The memo for a name of m words and a query of n, empty. */
function placementMemo(n: number, m: number): PlacementMemo {
  const states = m < 16 ? 2 ** (m + 1) * n : Infinity;
  const memo = states <= FLAT_STATES ? FLAT : MAPPED;
  if (memo.slots !== null) {
    memo.slots.clear();
  } else if (memo.stamps.length < states) {
    const size = Math.max(states, 2 * memo.stamps.length);
    memo.stamps = new Uint32Array(size);
    memo.value = new Float64Array(size);
    memo.choice = new Int32Array(size);
    memo.now = 0;
  }
  if (memo.now === 0xffffffff) {
    memo.stamps.fill(0);
    memo.now = 0;
  }
  memo.now++;
  return memo;
}

/** The slot of a state, filled or to be filled (`filled` tells which). */
function slotOf(memo: PlacementMemo, key: number): number {
  const slots = memo.slots;
  if (slots === null) return key;
  let slot = slots.get(key);
  if (slot === undefined) {
    slot = slots.size;
    slots.set(key, slot);
    if (slot >= memo.stamps.length) {
      const size = Math.max(64, 2 * memo.stamps.length);
      const stamps = new Uint32Array(size);
      stamps.set(memo.stamps);
      const value = new Float64Array(size);
      value.set(memo.value);
      const choice = new Int32Array(size);
      choice.set(memo.choice);
      memo.stamps = stamps;
      memo.value = value;
      memo.choice = choice;
    }
  }
  return slot;
}

/**
 * Depth-first search from query word `i` with the list words `used` taken and the free drop `dropped` taken: the
 * slot of the memo holding the best value from there on and its option (the first best, options in order).
 */
function search(memo: PlacementMemo, options: readonly (readonly Option[])[], n: number, i: number, used: number, dropped: boolean): number {
  const key = ((used >>> 0) * 2 + (dropped ? 1 : 0)) * n + i;
  const slot = slotOf(memo, key);
  if (memo.stamps[slot] === memo.now) return slot;
  let bestValue = -Infinity;
  let bestChoice = -1;
  const own = options[i]!;
  for (let k = 0; k < own.length; k++) {
    const option = own[k]!;
    if (option.freeDrop && dropped) continue;
    let mask = used;
    let free = true;
    for (const j of option.list) {
      const bit = 1 << j;
      if (mask & bit) { free = false; break; }
      mask |= bit;
    }
    if (!free) continue;
    const next = i + option.queryCount;
    let rest = 0;
    if (next < n) {
      const restSlot = search(memo, options, n, next, mask, dropped || option.freeDrop === true);
      rest = memo.value[restSlot]!;
    }
    const value = option.value + rest;
    if (value > bestValue) {
      bestValue = value;
      bestChoice = k;
    }
  }
  // The memo may have grown in the search below (a mapped memo): write through it as it is now.
  memo.stamps[slot] = memo.now;
  memo.value[slot] = bestValue;
  memo.choice[slot] = bestChoice;
  return slot;
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
