/**
 * The candidate check's last step, name by name (candidates.ts): an entity whose words could make a hit together
 * may still have no one name that could, its query words spread over its aliases or each name holding words no
 * query word reaches. For each stored name of the entity, what the name check (name-check.ts) asks first is asked
 * here on bounds it cannot fall below: a word it takes as an anchor (and one the matcher could anchor on), and the
 * evidence of the query words reaching the name's words, each credited with the best it earns on the whole entity,
 * against the name's mass of words no query word reaches (name-masses.ts, less the mass of every word reached). An
 * entity none of whose names passes is no candidate: the name check would pass none of them, and the matcher runs
 * only on names it passes.
 */
import type { EntityIndex } from './entity-index.js';
import { popcount, type Feasibility, type Placements } from './feasibility.js';
import { LONG, NUMBER, PARTICLE, wordKinds, type WordKinds } from './word-kinds.js';
import { MASS_SLACK, nameMasses, wordMass } from './name-masses.js';

/** WordFlag.AnchorPossible, WordFlag.Anchorable, WordFlag.Soft and WordFlag.Optional (candidates.ts). */
const ANCHOR_POSSIBLE = 1;
const ANCHORABLE = 2;
const SOFT = 4;
const OPTIONAL = 16;

/** The unit of a marked word's mass in an integer plane (CandidateFinder.words): a mass is at most 1. */
const MASS_UNIT = 2 ** -24;

/** A list word's mass (wordMass) in MASS_UNITs, rounded up: what is taken off a name's mass is never too little. */
export function massUnits(kinds: WordKinds, index: EntityIndex, id: number): number {
  return Math.ceil(wordMass(kinds.of(id), index, id) / MASS_UNIT);
}

/** What a search's name bound reads (set once per search). */
export interface NameBoundSearch {
  index: EntityIndex;
  feasible: Feasibility;
  /** The vocabulary words marked in the search, as bits (CandidateFinder.marked). */
  markedBits: Int32Array;
  /** Per marked word: the required query words reaching it, its WordFlag bits. */
  bitsOf: Int32Array;
  flagsOf: Int32Array;
  /** Per marked word: its list mass in MASS_UNITs, rounded up (massUnits). */
  massOf: Int32Array;
  /** Whether a hit needs a word the matcher could anchor on (QueryReach.anchorable given). */
  needsAnchorable: boolean;
  /** Slots on a name of which a query acronym could anchor a hit (such a slot needs no anchorable word). */
  acronymAnchored: (slot: number) => boolean;
  /** Query words tracked (QueryReach.n): the length of the credits given. */
  words: number;
  /**
   * Name parts a person's name of two full words or more needs evidence on (the name check's `parts`: 1 under
   * name_variations, else 2 or the required words if fewer); `personQuery`: the query is a person's name (the rule
   * holds for every name then, else for people's names only).
   */
  parts: number;
  personQuery: boolean;
  /** Whether the query holds an initial: a list word beginning with its letter is not counted unmatched. */
  queryInitials: boolean;
}

/** The bound of one search: which entities offered have a name that could pass the name check. */
export interface NameBound {
  /**
   * Takes an entity that passed the checks on its words, with its credits (candidates.ts: what each query word
   * earns on its words), to be decided with others: those that pass are pushed to `out`, in the order offered, by
   * this call or a later one, at the latest by `flush`.
   */
  offer(slot: number, credits: Float64Array, placements: Placements, splitCredits: Float64Array | undefined, out: number[]): void;
  /** Decides the entities offered and not decided yet. */
  flush(out: number[]): void;
  /** What the reads ahead read (kept so that they are not dropped). */
  sink: number;
}

/** Entities a bound decides together, their first reads made ahead (gather). */
const PENDING = 64;

/**
 * The bound of a search, or undefined where it cannot tell (the masses not computed for the list as it is:
 * NameMasses.current); one search at a time (its scratch is shared).
 */
export function nameBound(s: NameBoundSearch): NameBound | undefined {
  const masses = nameMasses(s.index).current();
  if (masses === undefined) return undefined;
  const { index, feasible, markedBits, bitsOf, flagsOf, massOf, needsAnchorable, acronymAnchored, queryInitials, parts, personQuery } = s;
  const kinds = wordKinds(index);
  const otherBits = index.otherThanPersonBits;
  const optionalParts = feasible.optionalWords;
  const n = s.words;
  const store = index.nameStore;
  const { slotStart, wordStart, wordIds } = store;
  const limits = feasible.limits;
  const pendingSlots = PENDING_SLOTS;
  const pendingCredits = (PENDING_CREDITS = grownFloats(PENDING_CREDITS, PENDING * n));
  const pendingSplits = (PENDING_SPLITS = grownFloats(PENDING_SPLITS, PENDING * n));
  const pendingMulti = PENDING_MULTI;
  const withSplits = PENDING_WITH_SPLITS;
  let count = 0;
  /** Whether a name of the entity pending at p could pass the name check. */
  const passes = (p: number): boolean => {
    const slot = pendingSlots[p]!;
    const credits = CREDITS;
    const at = p * n;
    for (let i = 0; i < n; i++) credits[i] = pendingCredits[at + i]!;
    let splitCredits: Float64Array | undefined;
    if (withSplits[p] === 1) {
      splitCredits = SPLITS;
      for (let i = 0; i < n; i++) splitCredits[i] = pendingSplits[at + i]!;
    }
    const placements: Placements = pendingMulti[p] === 1 ? 'multi' : 'single';
    const anchoredBySlot = !needsAnchorable || acronymAnchored(slot);
    const person = personQuery || (otherBits[slot >>> 5]! & (1 << (slot & 31))) === 0;
    for (let name = slotStart[slot]!, last = slotStart[slot + 1]!; name < last; name++) {
      let mask = 0;
      let flags = 0;
      // The required words reaching full words of the name (not initials; the name check's fullMask, less its
      // rules on affixes and particles: never smaller).
      let full = 0;
      let optional = false;
      let unmatched = masses[2 * name]! - MASS_SLACK;
      for (let k = wordStart[name]!, to = wordStart[name + 1]!; k < to; k++) {
        const id = wordIds[k]!;
        if ((markedBits[id >>> 5]! & (1 << (id & 31))) === 0) continue;
        const bits = bitsOf[id]!;
        const f = flagsOf[id]!;
        mask |= bits;
        flags |= f;
        const kind = kinds.of(id);
        const fullWord = (kind & (LONG | NUMBER)) !== 0;
        if (bits !== 0 && (fullWord || (f & SOFT) !== 0)) full |= bits;
        // A full word (not a particle) that a query word which may stay unmatched reaches: a name part it may place.
        if ((f & OPTIONAL) !== 0 && fullWord && (kind & PARTICLE) === 0) optional = true;
        // A reached word is never counted unmatched (held twice, it is taken off twice: the bound only falls).
        unmatched -= massOf[id]! * MASS_UNIT;
      }
      if ((flags & ANCHOR_POSSIBLE) === 0) continue;
      if (!anchoredBySlot && (flags & ANCHORABLE) === 0) continue;
      if (person && popcount(full) + (optional ? optionalParts : 0) < Math.min(parts, masses[2 * name + 1]!)) continue;
      limits[0] = queryInitials || unmatched < 0 ? 0 : unmatched;
      limits[1] = Infinity;
      if (feasible.reachesWithin(mask, credits, placements, splitCredits)) return true;
    }
    return false;
  };
  const bound: NameBound = {
    sink: 0,
    offer(slot, credits, placements, splitCredits, out) {
      pendingSlots[count] = slot;
      const at = count * n;
      for (let i = 0; i < n; i++) pendingCredits[at + i] = credits[i]!;
      withSplits[count] = splitCredits === undefined ? 0 : 1;
      if (splitCredits !== undefined) for (let i = 0; i < n; i++) pendingSplits[at + i] = splitCredits[i]!;
      pendingMulti[count] = placements === 'multi' ? 1 : 0;
      if (++count === PENDING) bound.flush(out);
    },
    flush(out) {
      bound.sink ^= gather(count);
      for (let p = 0; p < count; p++) if (passes(p)) out.push(pendingSlots[p]!);
      count = 0;
    },
  };
  /** The first entries `passes` reads of the pending entities, in passes of loads independent within a pass. */
  const gather = (size: number): number => {
    const firsts = FIRSTS;
    for (let p = 0; p < size; p++) firsts[p] = slotStart[pendingSlots[p]!]!;
    let sum = 0;
    for (let p = 0; p < size; p++) {
      const name = firsts[p]!;
      firsts[p] = wordStart[name]!;
      sum += masses[2 * name]!;
    }
    for (let p = 0; p < size; p++) sum += wordIds[firsts[p]!]!;
    return sum | 0;
  };
  return bound;
}

function grownFloats(array: Float64Array, size: number): Float64Array {
  return array.length >= size ? array : new Float64Array(size);
}

/** Scratch of a search's bound (one search at a time). */
const PENDING_SLOTS = new Int32Array(PENDING);
const PENDING_MULTI = new Uint8Array(PENDING);
const PENDING_WITH_SPLITS = new Uint8Array(PENDING);
let PENDING_CREDITS: Float64Array = new Float64Array(PENDING * 8);
let PENDING_SPLITS: Float64Array = new Float64Array(PENDING * 8);
const FIRSTS = new Int32Array(PENDING);
/** The credits of the entity decided (a query tracks at most 32 words). */
const CREDITS = new Float64Array(32);
const SPLITS = new Float64Array(32);
