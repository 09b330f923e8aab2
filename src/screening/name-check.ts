/**
 * The quick check of one name before the name matcher runs on it (candidates.ts): the required query words that
 * reach a word of the name could make a hit (evidence.ts) against the list words no query word reaches, with an
 * anchor, and with evidence on two name parts for people.
 */
import type { PreparedQuery } from '../names/name-match.js';
import type { PreparedName } from '../names/prepare.js';
import type { WordMatchType } from '../names/types.js';
import { INITIAL_MASS } from '../names/evidence.js';
import type { EntityType } from '../types/entity.js';
import { ANCHOR_TYPES, popcount, type CandidateSettings, type Feasibility } from './candidates.js';
import type { EntityIndex } from './entity-index.js';

/**
 * A quick check of one name before the matcher (it runs only where this holds): the required query words that
 * reach a word of the name could make a hit against the list words that no query word reaches (certainly
 * unmatched), and some word could anchor it.
 */
export function namePossibility(
index: EntityIndex,
  query: PreparedQuery,
  reach: readonly Set<number>[],
  wordTypes: readonly (Map<number, WordMatchType> | undefined)[],
  softIds: ReadonlySet<number>,
  required: number,
  acronymWord: readonly boolean[],
  n: number,
  feasible: Feasibility,
  settings: CandidateSettings,
): (name: PreparedName, entityType: EntityType) => boolean {
  // Vocabulary word → the required query words reaching it; whether one reaches it by an anchoring type.
  const bitsOf = new Map<number, number>();
  const anchorIds = new Set<number>();
  let acronyms = false;
  // Acronym words may spell out a run of the name's words: taken as matched.
  let acronymMask = 0;
  for (let i = 0; i < n; i++) {
    if (!((required >>> i) & 1)) continue;
    if (acronymWord[i]) {
      acronyms = true;
      acronymMask |= 1 << i;
    }
    const types = wordTypes[i];
    for (const id of reach[i]!) {
      bitsOf.set(id, (bitsOf.get(id) ?? 0) | (1 << i));
      const type = types?.get(id);
      if (type === undefined || ANCHOR_TYPES.has(type) || type === 'phonetic') {
        if (index.vocab.words[id]!.text.length > 1 || type === undefined) anchorIds.add(id);
      }
    }
  }
  // Letters of the query's initials: a list word beginning with one may be matched by it.
  const letters = new Set<string>();
  for (const w of query.words) if (w.text.length === 1) letters.add(w.text);
  // People need evidence on two name parts when both names have two full words (name-match.ts): the query's
  // required words are full words (fewer than its full words under any rules, so the check only errs lenient).
  const requiredWords = popcount(required);
  const parts = settings.nameVariations ? 1 : Math.min(2, requiredWords);
  const personQuery = query.entityType === 'person';
  return (name: PreparedName, entityType: EntityType): boolean => {
    const { words, roles } = name;
    let mask = acronymMask;
    let fullMask = acronymMask;
    let listFull = 0;
    let anchored = acronyms;
    let unmatched = 0;
    for (let j = 0; j < words.length; j++) {
      const w = words[j]!;
      const id = w.id!;
      const full = roles[j] === undefined && !w.particle && (w.text.length > 1 || w.isNumber);
      if (full) listFull++;
      const bits = bitsOf.get(id);
      if (bits !== undefined) {
        mask |= bits;
        if (full || softIds.has(id)) fullMask |= bits;
        if (anchorIds.has(id)) anchored = true;
        continue;
      }
      if (roles[j] !== undefined || w.particle || softIds.has(id) || letters.has(w.text[0]!)) continue;
      unmatched += w.text.length === 1 && !w.isNumber ? INITIAL_MASS : index.weightOfId(id);
    }
    if (!anchored) return false;
    if ((entityType === 'person' || personQuery) && popcount(fullMask) < Math.min(parts, listFull)) return false;
    return feasible.bound(mask, acronyms ? 0 : unmatched) >= feasible.threshold;
  };
}
