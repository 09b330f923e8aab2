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
import { optionsFor } from './placement-options.js';
import { onlySingleWordOptions } from './single-words.js';
import { coreRange, type AssignContext, type Assignment, type Option } from './placement.js';

export {
  coreRange,
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
  // Where every option places one word on one word (the index knows, or the words show it), their bound may reject
  // the name before its options are made.
  if (singleWordsMayPass(query, roles, list, pair, ctx) === false && (ctx.singleWords === true || onlySingleWordOptions(query, roles, list, ctx))) return null;
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
