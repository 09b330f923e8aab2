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
import { BITS, FLAGS, OPTIONAL_BITS, PART_BITS, ROW, type CandidateSettings, type SearchCounters } from './candidate-types.js';
import { addSplitParts, capSplits, popcount, raiseCredits, type Feasibility } from './feasibility.js';
import type { EntityIndex } from './entity-index.js';
import type { QueryReach } from './query-reach.js';
import { zeroed, type StampedMarks } from './stamps.js';
import { LONG, NATIVE, NUMBER, PARTICLE, SINGLE, wordKinds } from './word-kinds.js';

/** WordFlag.AnchorPossible and WordFlag.Soft (candidates.ts). */
const ANCHOR_POSSIBLE = 1;
const SOFT = 4;
/** WordFlag.Form and WordFlag.Optional (candidates.ts). */
const FORM = 8;
const OPTIONAL = 16;

/**
 * The check of a name: `(name, entityType)` on a prepared name, `stored(n, entityType)` on name `n` of the index's
 * name store (NameStore), reading its flat word ids and roles without making the name.
 */
export type NameCheck = ((name: PreparedName, entityType: EntityType) => boolean) & { stored(name: number, entityType: EntityType): boolean };

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
): NameCheck {
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
  // First letters (character codes) of the query's initials: a list word beginning with one may be matched by it.
  const letters: number[] = [];
  for (const w of query.words) if (w.text.length === 1) letters.push(w.text.charCodeAt(0));
  const initials = index.wordInitials;
  const kinds = wordKinds(index);
  // People need evidence on two name parts when both names have two full words (name-match.ts): the query's
  // required words are full words (fewer than its full words under any rules, so the check only errs lenient).
  const requiredWords = popcount(required);
  const parts = settings.nameVariations ? 1 : Math.min(2, requiredWords);
  const personQuery = query.entityType === 'person';
  const withCredits = feasible.creditOn !== undefined;
  // The scratch of one check (CHECK_CREDITS): filled at its start and read only within it.
  const credits = CHECK_CREDITS;
  const formsDecide = splitCreditNeedsForm(query, r);
  const creditTable = tables.credit;
  const splitTable = tables.split;
  // Split credits per name where the witnesses are complete (QueryReach.splitWitness).
  const splitCredits = withCredits && formsDecide ? CHECK_SPLIT_CREDITS : undefined;
  // What the parts of each query word's splits the name holds bring together (QueryReach.splitParts).
  const partSums = CHECK_PART_SUMS;
  const partTable = tables.part;
  const optional = feasible.optionalWords;
  const limits = feasible.limits;
  const { stamps, now, planes } = marks.view();
  const bitsOf = planes[BITS]!;
  const flagsOf = planes[FLAGS]!;
  const rowOf = planes[ROW]!;
  const optionalOf = planes[OPTIONAL_BITS]!;
  const partOf = planes[PART_BITS]!;
  // The check of the words ids[from .. to) with their affix role codes (0: none), as the name store holds them.
  const check = (ids: ArrayLike<number>, roleCodes: ArrayLike<number>, from: number, to: number, entityType: EntityType): boolean => {
    counters.namesChecked++;
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
    // The list mass a placement could match (ListMass: each list word placed once earns at most its mass), over
    // all the name's words and over those not certainly unmatched; particles apart (they weigh only in a name of
    // particles and affixes alone).
    let massAll = 0;
    let massReached = 0;
    let massParticles = 0;
    let particlesWeigh = true;
    if (withCredits) {
      zeroed(credits, 0, n);
      if (splitCredits !== undefined) zeroed(splitCredits, 0, n);
      zeroed(partSums, 0, n);
      if (acronymMask !== 0) for (let i = 0; i < n; i++) if ((acronymMask >>> i) & 1) credits[i] = feasible.acronymCredit?.(i) ?? 0;
    }
    for (let k = from; k < to; k++) {
      const id = ids[k]!;
      const kind = kinds.of(id);
      const role = roleCodes[k] !== 0;
      const initial = (kind & (SINGLE | NUMBER)) === SINGLE;
      const full = !role && (kind & PARTICLE) === 0 && (kind & (LONG | NUMBER)) !== 0;
      if (full) listFull++;
      const upper = role ? 0 : listMassUpper(index, id, kind);
      if (!role && (kind & PARTICLE) === 0) particlesWeigh = false;
      const marked = stamps[id] === now;
      const bits = marked ? bitsOf[id]! : 0;
      const flags = marked ? flagsOf[id]! : 0;
      if ((flags & (SOFT | FORM)) !== 0) splits = true;
      if ((flags & ANCHOR_POSSIBLE) !== 0) anchored = true;
      if (full && (flags & OPTIONAL) !== 0) optionalParts = optional;
      const partBits = splitCredits === undefined || !marked ? 0 : partOf[id]!;
      if (partBits !== 0) addSplitParts(partBits, (rowOf[id]! - 1) * n, n, partTable, partSums);
      const optionalBits = marked ? optionalOf[id]! : 0;
      if (withCredits && optionalBits !== 0) raiseCredits(optionalBits, (rowOf[id]! - 1) * n, n, creditTable, credits, splitTable, splitCredits);
      if ((kind & PARTICLE) !== 0) massParticles += upper;
      else massAll += upper;
      if (bits !== 0) {
        mask |= bits;
        if ((kind & PARTICLE) === 0) massReached += upper;
        if (full || (flags & SOFT) !== 0) fullMask |= bits;
        if (withCredits) raiseCredits(bits, (rowOf[id]! - 1) * n, n, creditTable, credits, splitTable, splitCredits);
        continue;
      }
      if (role || (kind & PARTICLE) !== 0 || (flags & SOFT) !== 0 || (letters.length !== 0 && letters.includes(initials[id]!))) {
        if ((kind & PARTICLE) === 0) massReached += upper;
        continue;
      }
      // `+INITIAL_MASS` (a number the compiler knows): an imported constant as it is would make the sum's branches
      // a tagged value, each weight a new heap number (listMassUpper too).
      if ((flags & (OPTIONAL | FORM)) === 0) unreached += initial ? +INITIAL_MASS : index.weightOfId(id);
      else massReached += upper;
    }
    if (!anchored) return false;
    capSplits(splitCredits, partSums, n);
    if ((entityType === 'person' || personQuery) && popcount(fullMask) + optionalParts < Math.min(parts, listFull)) return false;
    // With credits, the name's own credits (at most the words' best on the list) bound tighter than the list's;
    // without (exact_match), the bound is whether every required word is matched.
    // The credit is cut to the list mass a placement could match: all the name's words under acronyms (a query
    // acronym may spell out words no query word reaches), else those not counted in `unreached`.
    const particles = particlesWeigh ? massParticles : 0;
    const cap = (acronyms ? massAll : massReached) + particles + CAP_SLACK;
    let ok: boolean;
    if (withCredits) {
      // Passed through `limits`, not as arguments (Feasibility.reachesWithin): no heap number per name.
      limits[0] = acronyms ? 0 : unreached;
      limits[1] = cap;
      ok = feasible.reachesWithin(mask, credits, splits ? 'multi' : 'single', splitCredits);
    } else ok = feasible.reaches(mask, 0);
    if (ok) counters.namesMatched++;
    return ok;
  };
  const store = index.nameStore;
  // Made on the first name checked as an object (a weak alias of an entity evaluated in full).
  let scratchIds = NO_IDS;
  let scratchRoles = NO_ROLES;
  const possible = (name: PreparedName, entityType: EntityType): boolean => {
    const { words, roles } = name;
    if (scratchIds.length < words.length) {
      scratchIds = new Int32Array(words.length * 2);
      scratchRoles = new Uint8Array(words.length * 2);
    }
    for (let j = 0; j < words.length; j++) {
      scratchIds[j] = words[j]!.id!;
      scratchRoles[j] = roles[j] === undefined ? 0 : 1;
    }
    return check(scratchIds, scratchRoles, 0, words.length, entityType);
  };
  return Object.assign(possible, {
    stored: (name: number, entityType: EntityType): boolean => check(store.wordIds, store.roles, store.wordStart[name]!, store.wordStart[name + 1]!, entityType),
  });
}

/**
 * A check's credits, split credits and part sums, one entry per tracked query word (at most 32), shared by every
 * check: each fills them at its start and reads them only until it returns, calling nothing that checks a name, so
 * no other check runs in between (a typed array made per search costs about 0.2 KB).
 */
const CHECK_CREDITS = new Float64Array(32);
const CHECK_SPLIT_CREDITS = new Float64Array(32);
const CHECK_PART_SUMS = new Float64Array(32);

/** Float slack on the credit cap (its words summed in another order than the matcher sums its credit). */
const CAP_SLACK = 1e-9;

/**
 * The most mass a list word that is not an affix can have in the matcher (name-match.ts, listMasses): an initial's
 * for a single letter, the word's rarity (at most 1: EntityIndex.weightOfId) for a word of the vocabulary, 1 for a
 * word in a native script (weighed by its text there). A particle's is what it weighs when particles weigh.
 */
function listMassUpper(index: EntityIndex, id: number, kind: number): number {
  if ((kind & (SINGLE | NUMBER)) === SINGLE) return +INITIAL_MASS;
  if ((kind & NATIVE) !== 0) return 1;
  return index.weightOfId(id);
}

const NO_IDS = new Int32Array(0);
const NO_ROLES = new Uint8Array(0);

/** A check that takes every name (exact_match: the matcher decides). */
export const EVERY_NAME: NameCheck = Object.assign(() => true, { stored: () => true });


/**
 * Whether a name or entity holding no word of a glued, split or abbreviated form of the query (WordFlag.Form or
 * WordFlag.Soft) is bounded from one-word placements (Feasibility.bound with `splits` false): when those words are
 * known (QueryReach.forms) and every query word is tracked. The matcher then places one query word on one list
 * word (entity-match.ts, multiWordForms).
 */
export function splitCreditNeedsForm(query: PreparedQuery, r: QueryReach): boolean {
  return r.forms !== undefined && r.n === query.words.length;
}
