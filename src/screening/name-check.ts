/**
 * The quick check of one name before the name matcher runs on it (candidates.ts): the required query words that
 * reach a word of the name could make a hit (evidence.ts), each credited with the most it can earn on the name's
 * own words, against the list words no query word reaches, with an anchor, and with evidence on two name parts
 * for people.
 */
import type { PreparedQuery } from '../names/name-match.js';
import type { PreparedName } from '../names/prepare.js';
import { INITIAL_MASS } from '../names/evidence.js';
import type { EntityType } from '../types/entity.js';
import { BITS, FLAGS, OPTIONAL_BITS, PART_BITS, ROW, type CandidateSettings, type SearchCounters } from './candidates.js';
import { addSplitParts, capSplits, popcount, raiseCredits, type Feasibility } from './feasibility.js';
import type { EntityIndex } from './entity-index.js';
import type { QueryReach } from './query-reach.js';
import type { StampedMarks } from './stamps.js';

/** WordFlag.AnchorPossible and WordFlag.Soft (candidates.ts). */
const ANCHOR_POSSIBLE = 1;
const SOFT = 4;
/** WordFlag.Form and WordFlag.Optional (candidates.ts). */
const FORM = 8;
const OPTIONAL = 16;

/**
 * A quick check of one name before the matcher (it runs only where this holds): the required query words that
 * reach a word of the name could make a hit against the list words that no query word reaches (certainly
 * unmatched), and some word could anchor it. `marks` holds the search's per-word bits, flags and rows of
 * `creditTable`, what each query word can earn on the word (candidates.ts): a query word earns at most the best
 * of its rows over the name's words (or what it earns as an acronym or split), never more than on the whole list.
 */
export function namePossibility(
  index: EntityIndex,
  query: PreparedQuery,
  r: QueryReach,
  feasible: Feasibility,
  settings: CandidateSettings,
  marks: StampedMarks,
  tables: { credit: Float64Array; split: Float64Array; part: Float64Array },
  counters: SearchCounters,
): (name: PreparedName, entityType: EntityType) => boolean {
  const { required, n, acronymWord } = r;
  let acronyms = false;
  // Acronym words may spell out a run of the name's words: taken as matched.
  let acronymMask = 0;
  for (let i = 0; i < n; i++) {
    if (!((required >>> i) & 1)) continue;
    if (acronymWord[i]) {
      acronyms = true;
      acronymMask |= 1 << i;
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
  const withCredits = feasible.creditOn !== undefined;
  const credits = new Float64Array(n);
  const formsDecide = splitCreditNeedsForm(query, r);
  const creditTable = tables.credit;
  const splitTable = tables.split;
  // Split credits per name where the witnesses are complete (QueryReach.splitWitness).
  const splitCredits = withCredits && formsDecide ? new Float64Array(n) : undefined;
  // What the parts of each query word's splits the name holds bring together (QueryReach.splitParts).
  const partSums = new Float64Array(n);
  const partTable = tables.part;
  const optional = feasible.optionalWords;
  return (name: PreparedName, entityType: EntityType): boolean => {
    counters.namesChecked++;
    const { words, roles } = name;
    let mask = acronymMask;
    let fullMask = acronymMask;
    let listFull = 0;
    let anchored = acronyms;
    // List mass certainly unmatched: not the list words a query word that may stay unmatched (an initial, affix or
    // particle) reaches, nor a word of a form.
    let unreached = 0;
    // Name parts the optional query words may place (on full words they reach).
    let optionalParts = 0;
    // A query word earns its split credit only on a name holding a word of a split or abbreviated form.
    let splits = !formsDecide;
    if (withCredits) {
      credits.fill(0);
      splitCredits?.fill(0);
      partSums.fill(0);
      for (let i = 0; i < n; i++) if ((acronymMask >>> i) & 1) credits[i] = feasible.acronymCredit?.(i) ?? 0;
    }
    for (let j = 0; j < words.length; j++) {
      const w = words[j]!;
      const id = w.id!;
      const full = roles[j] === undefined && !w.particle && (w.text.length > 1 || w.isNumber);
      if (full) listFull++;
      const bits = marks.get(id, BITS);
      const flags = marks.get(id, FLAGS);
      if ((flags & (SOFT | FORM)) !== 0) splits = true;
      if ((flags & ANCHOR_POSSIBLE) !== 0) anchored = true;
      if (full && (flags & OPTIONAL) !== 0) optionalParts = optional;
      const parts = splitCredits === undefined ? 0 : marks.get(id, PART_BITS);
      if (parts !== 0) addSplitParts(parts, (marks.get(id, ROW) - 1) * n, n, partTable, partSums);
      const optionalBits = marks.get(id, OPTIONAL_BITS);
      if (withCredits && optionalBits !== 0) raiseCredits(optionalBits, (marks.get(id, ROW) - 1) * n, n, creditTable, credits, splitTable, splitCredits);
      if (bits !== 0) {
        mask |= bits;
        if (full || (flags & SOFT) !== 0) fullMask |= bits;
        if (withCredits) raiseCredits(bits, (marks.get(id, ROW) - 1) * n, n, creditTable, credits, splitTable, splitCredits);
        continue;
      }
      if (roles[j] !== undefined || w.particle || (flags & SOFT) !== 0 || letters.has(w.text[0]!)) continue;
      if ((flags & (OPTIONAL | FORM)) === 0) unreached += w.text.length === 1 && !w.isNumber ? INITIAL_MASS : index.weightOfId(id);
    }
    if (!anchored) return false;
    capSplits(splitCredits, partSums, n);
    if ((entityType === 'person' || personQuery) && popcount(fullMask) + optionalParts < Math.min(parts, listFull)) return false;
    // With credits, the name's own credits (at most the words' best on the list) bound tighter than the list's;
    // without (exact_match), the bound is whether every required word is matched.
    const ok = withCredits ? feasible.bound(mask, acronyms ? 0 : unreached, credits, splits ? 'multi' : 'single', splitCredits) >= feasible.threshold : feasible.bound(mask, 0) >= feasible.threshold;
    if (ok) counters.namesMatched++;
    return ok;
  };
}

/**
 * Whether a name or entity holding no word of a glued, split or abbreviated form of the query (WordFlag.Form or
 * WordFlag.Soft) is bounded from one-word placements (Feasibility.bound with `splits` false): when those words are
 * known (QueryReach.forms) and every query word is tracked. The matcher then places one query word on one list
 * word (entity-match.ts, multiWordForms).
 */
export function splitCreditNeedsForm(query: PreparedQuery, r: QueryReach): boolean {
  return r.forms !== undefined && r.n === query.words.length;
}
