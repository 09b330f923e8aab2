/**
 * Which sets of required query words could make a hit (evidence.ts), and the postings a search must walk: the
 * credit the words of a set can earn at best against the mass of the required words left out must reach the
 * threshold. Adding a word never makes a set infeasible.
 */
import type { PreparedQuery } from '../names/name-match.js';
import { editSimilarity, evidenceBound, INITIAL_MASS, SIMILARITY, SKELETON_SIMILARITY } from '../names/evidence.js';
import type { EntityIndex } from './entity-index.js';
import type { QueryReach } from './query-reach.js';
import { NUMBER, SINGLE, wordKinds } from './word-kinds.js';
import { grown, StampedMarks } from './stamps.js';

export interface FeasibilitySettings {
  exactMatch: boolean;
  nameVariations: boolean;
  /** The evidence a hit needs (name search); absent: every required query word must be matched. */
  threshold?: number;
  /** `min_matched_words`, when asked. */
  minMatchedWords?: number;
}

/**
 * What the placements of a name can be: `single`, one query word on one list word (the name holds no word of a
 * glued, split or abbreviated form of the query); `multi` (the default), any. Either way the words that may stay
 * unmatched (initials, affixes, particles) earn what they can on their own.
 */
export type Placements = 'single' | 'multi';

/** Whether a set of matched required words (a bitmask) could make a hit; `bound` with list mass left unmatched. */
export type Feasibility = ((mask: number) => boolean) & {
  bound(mask: number, listUnmatched: number, credits?: Float64Array, placements?: Placements, splits?: Float64Array, creditCap?: number): number;
  /** `bound(...) >= threshold`, as a boolean (a number returned from a call is a heap object unless inlined). */
  reaches(mask: number, listUnmatched: number, credits?: Float64Array, placements?: Placements, splits?: Float64Array, creditCap?: number): boolean;
  /**
   * `reaches` with the list mass unmatched and the credit cap read from `limits[0]` and `limits[1]`, which the
   * caller writes just before: a double passed as an argument to a call that is not inlined is a new heap object,
   * and the name check asks this of every name it checks.
   */
  reachesWithin(mask: number, credits: Float64Array, placements: Placements, splits: Float64Array | undefined): boolean;
  readonly limits: Float64Array;
  threshold: number;
  /**
   * Query words that may stay unmatched but can still be placed (initials, affixes, particles; not repeats): each
   * may anchor a hit and count as a name part, so a hit may hold no required word (`YK-AKF` ~ `YK-AND`).
   */
  optionalWords: number;
  /**
   * Whether the set could make a hit without any query word earning a split or abbreviation credit: an entity
   * holding no witness of a split (QueryReach.splitWitness) is a hit only where this holds.
   */
  withoutSplits(mask: number): boolean;
  /** What query word i can earn on vocabulary word id; 0 where exact_match decides. */
  creditOn?(i: number, id: number): number;
  acronymCredit?(i: number): number;
};

/**
 * Whether an entity matching this set of required query words (a bitmask) could be a hit: under `exact_match`,
 * all of them; else (evidence.ts) the most credit those words can earn (each the rarity of the rarest list word
 * it reaches) against the mass of the required words left out must reach the threshold, and `min_matched_words`
 * must be met.
 */
export function feasibility(index: EntityIndex, query: PreparedQuery, r: QueryReach, settings: FeasibilitySettings): Feasibility {
  const { required, n, reach, wordTypes, splitCredit, acronymWord } = r;
  if (settings.exactMatch || settings.threshold === undefined) {
    const all = (mask: number): boolean => (mask & required) === required && required !== 0;
    return Object.assign(all, { bound: (mask: number) => (all(mask) ? 1 : 0), reaches: (mask: number) => all(mask), reachesWithin: (mask: number) => all(mask), limits: LIMITS, threshold: 0.5, optionalWords: 0, withoutSplits: all });
  }
  /**
   * What query word i can earn on vocabulary word id, at most (assign.ts): the word's rarity by the type's
   * similarity (glued forms and abbreviations 0.9, a sound-alike at most as across scripts), an initial's mass.
   */
  // The kinds of the words, read from one byte each rather than from the scattered word objects (word-kinds.ts).
  const kinds = wordKinds(index);
  const creditOn = (i: number, id: number): number => {
    // `+INITIAL_MASS`: see name-check.ts (an imported constant makes the answer a new heap number where inlined).
    if ((kinds.of(id) & (SINGLE | NUMBER)) === SINGLE) return +INITIAL_MASS;
    const type = wordTypes[i]?.get(id);
    const sim = type === undefined ? SIMILARITY.removed_spaces : type === 'phonetic' ? Math.max(SIMILARITY.phonetic, SKELETON_SIMILARITY) : type === 'edit_distance' ? editSimilarity(Math.max(index.vocab.words[id]!.text.length, query.words[i]!.text.length)) : SIMILARITY[type];
    return sim * index.weightOfId(id);
  };
  const credit = new Float64Array(n);
  // The same without the split and abbreviation credits (withoutSplits) at [i], and each required word's mass at
  // [n + i]: one array (each typed array made costs about 0.2 KB).
  const plainAndMass = new Float64Array(2 * n);
  let count = 0;
  for (let i = 0; i < n; i++) {
    if (!((required >>> i) & 1)) continue;
    count++;
    plainAndMass[n + i] = index.weight(query.words[i]!.text);
    // The most a placement of the word can earn (assign.ts): the list word's rarity by the type's similarity,
    // an initial's mass for a single letter, and the rarity of the words it is glued with or spells out.
    let best = acronymWord[i] ? query.words[i]!.text.length : 0;
    let unsplit = best;
    for (const id of reach[i]!) {
      const c = creditOn(i, id);
      best = Math.max(best, c);
      if (!r.splitOnly[i]!.has(id)) unsplit = Math.max(unsplit, c);
    }
    plainAndMass[i] = unsplit;
    credit[i] = Math.max(best, splitCredit[i]!);
  }
  // What the query words that may stay unmatched can earn (assign.ts): placed one on one list word, an initial at
  // most an initial's mass, a repeat nothing, another word its best on the list words it reaches; in any
  // placement, also its best on the words of the glued forms and splits it belongs to.
  let optionalSingle = 0;
  let optionalMulti = 0;
  let optionalPlain = 0;
  let optionalWords = 0;
  const optionalIndex: number[] = [];
  for (let i = 0; i < n; i++) {
    if ((required >>> i) & 1 || query.duplicateOf[i] !== undefined) continue;
    optionalWords++;
    optionalIndex.push(i);
    const q = query.words[i]!;
    const initial = q.text.length === 1 && !q.isNumber;
    let best = 0;
    let unsplit = 0;
    for (const id of reach[i]!) {
      const c = creditOn(i, id);
      best = Math.max(best, c);
      if (!r.splitOnly[i]!.has(id)) unsplit = Math.max(unsplit, c);
    }
    optionalSingle += initial ? +INITIAL_MASS : best;
    optionalMulti += Math.max(initial ? +INITIAL_MASS : 0, best, splitCredit[i]!);
    optionalPlain += Math.max(initial ? +INITIAL_MASS : 0, unsplit);
  }
  const threshold = settings.threshold - 1e-9;
  const needed = settings.minMatchedWords === undefined ? 1 : Math.min(settings.minMatchedWords, count);
  const drop = settings.nameVariations;
  /**
   * The highest evidence of matching these words, with this much list mass certainly unmatched (never a list
   * word an optional query word reaches); `credits`, when given, are what each word can earn on one entity (at
   * most its `credit`), and `splitCredits` what each can earn there written as several list words or abbreviating
   * them (at most its split credit: QueryReach.splitWitness). The words that may stay unmatched are always credited
   * with what they can earn; under `single` placements (see Placements) no word earns its split credit.
   * `creditCap`, when given, is the most credit the whole placement can earn (a name's list mass that could be
   * matched: each list word is placed at most once and earns at most its mass, name-check.ts): the credit summed
   * per query word is cut to it (several query words may reach the same list word, `C. S. Soos` on `S A`).
   */
  // The bound is written to RESULT rather than returned, and the list mass unmatched and credit cap read from LIMITS
  // rather than passed: a number a call returns or is passed is a new heap object unless the call is inlined, and
  // the checks ask it thousands of times in a search (reaches returns a boolean).
  const result = RESULT;
  const limits = LIMITS;
  const boundInto = (mask: number, credits: Float64Array, placements: Placements | undefined, splitCredits: Float64Array): void => {
    const listUnmatched = limits[0]!;
    const creditCap = limits[1]!;
    const splits = placements !== 'single';
    mask &= required;
    result[0] = 0;
    // The optional words may make up the words a hit needs (name-match.ts counts every word placed on a full word).
    if (popcount(mask) + optionalWords < needed) return;
    let c = 0;
    let left = 0;
    let largest = 0;
    for (let i = 0; i < n; i++) {
      if (!((required >>> i) & 1)) continue;
      if ((mask >>> i) & 1) c += splits ? Math.max(credits[i]!, splitCredits[i]!) : credits[i]!;
      else {
        left += plainAndMass[n + i]!;
        largest = Math.max(largest, plainAndMass[n + i]!);
      }
    }
    if (drop) left -= largest;
    // Always: a bound that left out what the optional words can earn could drop a hit (bench/index-vs-scan.mjs).
    // With per-entity credits, an optional word earns only on the words of the entity it reaches.
    if (credits === credit) c += splits ? optionalMulti : optionalSingle;
    else {
      for (const i of optionalIndex) {
        const best = credits[i]!;
        if (best <= 0) continue;
        const q = query.words[i]!;
        const initial = q.text.length === 1 && !q.isNumber;
        c += splits ? Math.max(initial ? +INITIAL_MASS : 0, best, splitCredits[i]!) : initial ? +INITIAL_MASS : best;
      }
    }
    if (c > creditCap) c = creditCap;
    if (c > 0) result[0] = evidenceBound(c, left, listUnmatched);
  };
  const bound = (mask: number, listUnmatched: number, credits: Float64Array = credit, placements?: Placements, splitCredits: Float64Array = splitCredit, creditCap = Infinity): number => {
    limits[0] = listUnmatched;
    limits[1] = creditCap;
    boundInto(mask, credits, placements, splitCredits);
    return result[0]!;
  };
  const reaches = (mask: number, listUnmatched: number, credits: Float64Array = credit, placements?: Placements, splitCredits: Float64Array = splitCredit, creditCap = Infinity): boolean => {
    limits[0] = listUnmatched;
    limits[1] = creditCap;
    boundInto(mask, credits, placements, splitCredits);
    return result[0]! >= threshold;
  };
  const reachesWithin = (mask: number, credits: Float64Array, placements: Placements, splitCredits: Float64Array | undefined): boolean => {
    boundInto(mask, credits, placements, splitCredits ?? splitCredit);
    return result[0]! >= threshold;
  };
  const feasible = (mask: number): boolean => reaches(mask, 0);
  const withoutSplits = (mask: number): boolean => {
    mask &= required;
    if (popcount(mask) + optionalWords < needed) return false;
    let c = optionalPlain;
    let left = 0;
    let largest = 0;
    for (let i = 0; i < n; i++) {
      if (!((required >>> i) & 1)) continue;
      if ((mask >>> i) & 1) c += plainAndMass[i]!;
      else {
        left += plainAndMass[n + i]!;
        largest = Math.max(largest, plainAndMass[n + i]!);
      }
    }
    if (drop) left -= largest;
    return c > 0 && evidenceBound(c, left, 0) >= threshold;
  };
  return Object.assign(feasible, { bound, reaches, reachesWithin, limits, threshold, optionalWords, withoutSplits, creditOn, acronymCredit: (i: number) => (acronymWord[i] ? query.words[i]!.text.length : 0) });
}

/**
 * The bound's answer and what it is asked with (the list mass unmatched, the credit cap), for every Feasibility: each
 * is written just before the bound is computed and read at once, with no call between (none re-enters), so one
 * pair of arrays serves them all and a search makes none.
 */
const RESULT = new Float64Array(1);
const LIMITS = new Float64Array(2);

/**
 * The required words whose postings are walked: every feasible set holds one of them. Starting from all, the
 * words of most postings are left out while the words left out could not make a hit alone.
 */
export function drivers(index: EntityIndex, r: QueryReach, feasible: (mask: number) => boolean): number[] {
  const { required, n, reach, acronymWord, acronymSlots } = r;
  // Each required word as one number, its cost (the postings it reaches) before its index, sorted without a
  // comparator (no objects, closure or work arrays per search); at most 32 words, so the index takes 5 bits.
  // Any order gives drivers every feasible set holds (the order only makes them fewer), so a cost past what packs
  // (never met: 2^47 postings) may be cut to it.
  const keys = driverKeys;
  let count = 0;
  for (let i = 0; i < n; i++) {
    if (!((required >>> i) & 1)) continue;
    let cost = acronymWord[i] ? (acronymSlots[i]?.length ?? 0) : 0;
    for (const id of reach[i]!) cost += index.postings.count(id);
    // Most cost first, ties by index.
    keys[count++] = (MAX_PACKED_COST - 1 - Math.min(cost, MAX_PACKED_COST - 1)) * 32 + i;
  }
  keys.subarray(0, count).sort();
  let outside = 0;
  const out: number[] = [];
  for (let k = 0; k < count; k++) {
    const i = keys[k]! % 32;
    if (feasible(outside | (1 << i))) out.push(i);
    else outside |= 1 << i;
  }
  return out;
}

/** The sort keys of drivers, one per tracked query word (read only during a call; `feasible` never calls drivers). */
const driverKeys = new Float64Array(32);
/** Costs below this (2^47) pack with a word's index into one double exactly. */
const MAX_PACKED_COST = 2 ** 47;

/** Set bits of a 32-bit mask. */
export function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * Raise the best credit of each query word in `bits` (and its split credit, when kept) to what it earns on one row
 * of the credit tables (a vocabulary word reached in this search: candidates.ts markWords).
 */
export function raiseCredits(bits: number, row: number, n: number, creditTable: Float64Array, credits: Float64Array, splitTable: Float64Array, splitCredits: Float64Array | undefined): void {
  for (let i = 0; i < n; i++) {
    if (!((bits >>> i) & 1)) continue;
    const value = creditTable[row + i]!;
    if (value > credits[i]!) credits[i] = value;
    if (splitCredits !== undefined && splitTable[row + i]! > splitCredits[i]!) splitCredits[i] = splitTable[row + i]!;
  }
}

/** Add what the split parts in `bits` bring on one row of the part table (QueryReach.splitParts). */
export function addSplitParts(bits: number, row: number, n: number, partTable: Float64Array, partSums: Float64Array): void {
  for (let i = 0; i < n; i++) if ((bits >>> i) & 1) partSums[i] = partSums[i]! + partTable[row + i]!;
}

/** A split earns at most what the parts held bring (a split needs all its parts). */
export function capSplits(splitCredits: Float64Array | undefined, partSums: Float64Array, n: number): void {
  if (splitCredits !== undefined) for (let i = 0; i < n; i++) if (partSums[i]! < splitCredits[i]!) splitCredits[i] = partSums[i]!;
}

/**
 * The vocabulary words whose postings hold every entity that could pass the credit bound of the candidate check
 * (candidates.ts): starting from none, the words of most postings are left out (weak) while an entity holding
 * only weak words could not make a hit, each query word it holds earning the best credit a weak word gives it
 * (Feasibility.bound with those credits, over the query words the weak words reach). The words that may stay
 * unmatched are weighed too. `witnessed`: the split credit an entity earns is that of the split witnesses it holds
 * (QueryReach.splitWitness: a weak witness brings its credit); else the split credit on the whole list counts.
 * Under exact_match, or where every word is needed (no evidence rule), there is no credit bound: undefined.
 */
export function strongWords(index: EntityIndex, r: QueryReach, feasible: Feasibility, witnessed: boolean, marked: MarkedWords): number[] | undefined {
  if (feasible.creditOn === undefined) return undefined;
  const { creditOn, reachedBy } = marked;
  const { n, reach, required, splitWitness } = r;
  // The scratch is taken for the call and given back at its end (a call inside this one, or after a throw, makes
  // its own): nothing returned holds it.
  const s = strongScratch ?? new StrongScratch();
  strongScratch = undefined;
  // The words, most postings first (ties by id): each word once, its postings' length beside it.
  const seen = s.seen;
  seen.reset(index.vocab.size);
  let count = 0;
  for (let j = 0; j < n; j++) {
    for (const id of reach[j]!) if (seen.add(id)) count = s.push(count, id);
    if (witnessed) for (const id of splitWitness[j]!.keys()) if (seen.add(id)) count = s.push(count, id);
  }
  const ids = s.ids;
  const lengths = (s.lengths = grown(s.lengths, count));
  for (let k = 0; k < count; k++) lengths[k] = index.postings.count(ids[k]!);
  const order = (s.order = orderByPostings(ids, lengths, count, s.order));
  const { weak, trial } = s;
  weak.fill(0);
  const weakSplits = witnessed ? s.weakSplits.fill(0) : undefined;
  const trialSplits = witnessed ? s.trialSplits : undefined;
  // The query words some weak word reaches: an entity holding no strong word matches at most these.
  let mask = 0;
  const strong: number[] = [];
  for (let k = 0; k < count; k++) {
    const id = order[k]!;
    trial.set(weak);
    if (trialSplits !== undefined) trialSplits.set(weakSplits!);
    let trialMask = mask;
    const by = reachedBy(id);
    for (let j = 0; j < n; j++) {
      if ((by >>> j) & 1) {
        trial[j] = Math.max(trial[j]!, creditOn(j, id));
        trialMask |= 1 << j;
      }
      if (trialSplits !== undefined) trialSplits[j] = Math.max(trialSplits[j]!, splitWitness[j]!.get(id) ?? 0);
    }
    if (!feasible.reaches(trialMask & required, 0, trial, 'multi', trialSplits)) {
      weak.set(trial);
      if (trialSplits !== undefined) weakSplits!.set(trialSplits);
      mask = trialMask;
    } else strong.push(id);
  }
  strongScratch = s;
  return strong;
}

/**
 * What strongWords makes for a search, kept from one to the next (it made a set, five typed arrays, the order and
 * a sort's closure each search): a mark per vocabulary word seen, the words, their postings' lengths, the sort
 * keys, the order, and the credits of the weak words and of a trial (one entry per tracked query word, at most 32).
 */
class StrongScratch {
  readonly seen = new StampedMarks();
  ids = new Int32Array(64);
  lengths = new Float64Array(64);
  order = new Float64Array(64);
  readonly weak = new Float64Array(32);
  readonly trial = new Float64Array(32);
  readonly weakSplits = new Float64Array(32);
  readonly trialSplits = new Float64Array(32);

  /** Set ids[count] to id (growing ids when full): the new count. */
  push(count: number, id: number): number {
    if (count === this.ids.length) this.ids = grown(this.ids, count + 1);
    this.ids[count] = id;
    return count + 1;
  }
}

/** strongWords' scratch while no call holds it. */
let strongScratch: StrongScratch | undefined = new StrongScratch();

/**
 * What the search's marks (candidates.ts markWords) already hold about the vocabulary words reached, read by
 * strongWords instead of the reach sets and Feasibility.creditOn.
 */
export interface MarkedWords {
  /** The bits of the query words (required or not) reaching a vocabulary word: 0 for a word none reaches. */
  reachedBy(id: number): number;
  /** Feasibility.creditOn of a query word on a vocabulary word it reaches. */
  creditOn(i: number, id: number): number;
}

/** `ids` ordered by `lengths` (beside them) descending, ties by id ascending. */
export function byPostingsDescending(ids: readonly number[], lengths: Float64Array): number[] {
  return Array.from(orderByPostings(ids, lengths, ids.length, new Float64Array(ids.length)).subarray(0, ids.length));
}

/** Ids and postings' lengths below this (2^26) pack into one double: length first, then id, exactly. */
const PACKED = 2 ** 26;

/**
 * The first `count` ids ordered as byPostingsDescending orders them, written into `order` (returned, grown when
 * short): each word packs into one number ordered as the words are, so the numbers sort without a comparator (a
 * comparator sort makes its closure and work arrays each time). Past the packing's bounds, the comparator sort.
 */
function orderByPostings<K extends Float64Array>(ids: ArrayLike<number>, lengths: Float64Array, count: number, order: K): K {
  order = grown(order, count);
  let packs = true;
  for (let k = 0; k < count && packs; k++) packs = ids[k]! < PACKED && lengths[k]! < PACKED;
  if (!packs) {
    const perm = Array.from({ length: count }, (_, k) => k);
    perm.sort((a, b) => lengths[b]! - lengths[a]! || ids[a]! - ids[b]!);
    for (let k = 0; k < count; k++) order[k] = ids[perm[k]!]!;
    return order;
  }
  for (let k = 0; k < count; k++) order[k] = (PACKED - 1 - lengths[k]!) * PACKED + ids[k]!;
  // Only the first `count` are sorted (the scratch may be longer).
  order.subarray(0, count).sort();
  for (let k = 0; k < count; k++) order[k] = order[k]! % PACKED;
  return order;
}
