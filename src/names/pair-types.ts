/** Per-word match types of a query word and a list word as the matcher reads them, cached per search. */
import type { PreparedWord } from './prepare.js';
import type { WordMatchType } from './types.js';
import { wordMatchType } from './word-match.js';
import type { AssignContext } from './placement.js';

/** Types a cache filled under the widest rules may hold but narrower rules (organisations) may not allow. */
const RULE_DEPENDENT: ReadonlySet<WordMatchType> = new Set(['equivalent_name', 'initial_to_word', 'word_to_initial']);

export function pairType(q: PreparedWord, i: number, l: PreparedWord, ctx: AssignContext): WordMatchType | null {
  const known = ctx.knownType?.(i, l);
  if (known === undefined) return computedType(q, i, l, ctx);
  if (known !== null && RULE_DEPENDENT.has(known) && (!ctx.nicknames || !ctx.initials)) return computedType(q, i, l, ctx);
  return known;
}

/** wordMatchType of a pair, kept in ctx.pairTypes when given (the list word from a vocabulary). */
export function computedType(q: PreparedWord, i: number, l: PreparedWord, ctx: AssignContext): WordMatchType | null {
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
export function gluedType(glued: PreparedWord, slot: number, l: PreparedWord, ctx: AssignContext): WordMatchType | null {
  const cache = ctx.pairTypes;
  if (cache === undefined || l.id === undefined) return wordMatchType(glued, l, ctx);
  const byWord = (cache[slot] ??= new Map());
  const key = l.id * 4 + (ctx.nicknames ? 2 : 0) + (ctx.initials ? 1 : 0);
  let type = byWord.get(key);
  if (type === undefined) byWord.set(key, (type = wordMatchType(glued, l, ctx)));
  return type;
}
