/**
 * The postings walk of candidate generation (candidates.ts): the entity slots holding a word of the drivers'
 * reach (or, when fewer, a word a hit could be anchored on), then, where a hit needs evidence on two name parts,
 * only those that hold words of two required query words or are spared that rule, and (under the evidence rule)
 * only those holding a word of each anchor flag the candidate check asks for and a strong word (the credit bound).
 * The second step reads postings
 * (one stamp per slot) instead of each entity's words: a person's entity holding one query word's neighbours
 * only, the most of what a common word reaches, or reached only through sound-alikes no hit could be anchored on,
 * is dropped before its words are read.
 */
import type { PreparedQuery } from '../names/name-match.js';
import type { EntityIndex } from './entity-index.js';
import { popcount, type Feasibility } from './feasibility.js';
import type { QueryReach } from './query-reach.js';
import { grown, type SparseBits, type StampedMarks } from './stamps.js';
import { sortSlots } from './slot-sort.js';

/** The flag of a slot holding a word an optional query word reaches (in the bits `walkPostings` keeps per slot). */
const HOLDS_OPTIONAL = 1 << 31;
/**
 * The flags of a slot holding a word of WalkInput.anchorWords, of WalkInput.anchorableWords, of WalkInput.strong
 * (queries of at most ANCHOR_FLAG_WORDS words).
 */
const HOLDS_ANCHOR = 1 << 30;
const HOLDS_ANCHORABLE = 1 << 29;
const HOLDS_STRONG = 1 << 28;
/** These flags share the bits kept per slot with the query words': only below this many query words. */
const ANCHOR_FLAG_WORDS = 28;
/**
 * The parts filter runs when the postings it adds are at most this many times those of the walk: a posting costs
 * a bit test (and a stamp where its slot was reached), an entity kept for the candidate check reads all its words
 * (cache misses at 1M entities, where 8 measured better than 2 and as well as 16: docs/search-speed.md, session 11).
 */
const PARTS_FILTER_COST = 8;
/**
 * The anchor rules read the postings of the words carrying a flag when these are at most this many times those of
 * the walk (their own budget, beside the parts filter's).
 */
const ANCHOR_FILTER_COST = 8;
/** Queries of at most this many words keep their held bits in a byte per slot, with these flags. */
const NARROW_WORDS = 4;
const NARROW_OPTIONAL = 1 << 7;
const NARROW_ANCHOR = 1 << 6;
const NARROW_ANCHORABLE = 1 << 5;
const NARROW_STRONG = 1 << 4;
/** Slots whose held bits the filters read ahead together (walkPostings). */
const GATHER_CHUNK = 64;
const HELD_AHEAD = new Int32Array(GATHER_CHUNK);
/** Below this many postings walked, the entities are checked on their words directly. */
const PARTS_FILTER_MIN = 64;

export interface WalkInput {
  query: PreparedQuery;
  r: QueryReach;
  feasible: Feasibility;
  /** The driver query words (feasibility.ts, drivers). */
  walk: readonly number[];
  /**
   * Where the drivers were chosen without split credits (Feasibility.withoutSplits): the witnesses of every query
   * word's splits (QueryReach.splitWitness), whose postings hold every entity that may earn one.
   */
  witnesses: ReadonlySet<number> | undefined;
  /** A hit may hold no required word (the optional words' credit alone can make one): their postings too. */
  optionalAlone: boolean;
  /**
   * The words whose postings hold every entity that could pass the credit bound (feasibility.ts, strongWords; with
   * the acronym slots of the required words), or undefined where no credit bound applies.
   */
  strong: (() => readonly number[] | undefined) | undefined;
  /** Slots a query acronym could anchor a hit on (walked with the anchorable words). */
  acronymAnchorSlots: readonly number[];
  /** A name search under the evidence rule (not exact_match). */
  threshold: boolean;
  /** Name parts a person's hit needs evidence on (2, or 1 under name_variations, exact_match or one word). */
  need: number;
  /**
   * The bits of the required query words reaching a vocabulary word that counts as a name part, by id: 0 for an
   * initial (a digit, or a part of a query word written as several list words, counts), as in the candidate check.
   */
  requiredOf: (id: number) => number;
  /** Whether an optional query word reaches a vocabulary word, by id. */
  optionalOf: (id: number) => boolean;
  /** Per slot: the bits of the required query words its organisation names spell as acronyms (undefined: none does). */
  acronymBits: StampedMarks | undefined;
  /**
   * The words carrying each anchor flag of the candidate check (candidates.ts): a candidate must hold a word the
   * name check takes as an anchor (WordFlag.AnchorPossible), and one a hit could be anchored on
   * (WordFlag.Anchorable); undefined where that rule does not apply (no evidence rule, a query acronym, no
   * anchorable set). Listed when asked.
   */
  anchorWords: (() => readonly number[]) | undefined;
  anchorableWords: (() => readonly number[]) | undefined;
  /** Whether a vocabulary word carries each anchor flag (is one of anchorWords, of anchorableWords), by id. */
  isAnchor: (id: number) => boolean;
  isAnchorable: (id: number) => boolean;
  /** Whether a query acronym could anchor a hit on the slot (spares it the anchorable rule, as in the check). */
  acronymAnchored: (slot: number) => boolean;
  counters: { postingsWalked: number };
}

/**
 * The slots a walk reaches: a bit per slot (cleared in the slots reached, whatever the size of the list), and beside
 * it, per slot reached, the bits of the required query words it holds a word of (where the parts filter ran; the
 * entry of a slot not reached is stale).
 */
export interface ReachedSlots {
  slots: SparseBits;
  held: Int32Array;
  /** The same, a byte per slot, for queries of at most NARROW_WORDS words. */
  narrow: Uint8Array;
  /** The slots to check, `walkPostings` tells how many: in slot order (reused from search to search). */
  list: Int32Array;
}

/**
 * How many slots to check (each once), written to `reached.list` in slot order: the entities' words and marks are
 * read in the order they lie in memory. `reached` is reset here.
 */
export function walkPostings(index: EntityIndex, reached: ReachedSlots, input: WalkInput): number {
  const { query, r, walk, witnesses, optionalAlone, feasible, acronymAnchorSlots, threshold, need, requiredOf, optionalOf, acronymBits, counters } = input;
  const { anchorWords, anchorableWords, isAnchor, isAnchorable, acronymAnchored } = input;
  const { n, required, reach, acronymWord, acronymSlots, anchorable } = r;
  const postingsOf = index.postings;
  reached.slots.reset(index.slotCount);
  // Queries of at most NARROW_WORDS words keep a byte per slot (the flags above the query words' bits): a quarter of
  // the memory the walk writes at random.
  const narrow = n <= NARROW_WORDS;
  const OPTIONAL = narrow ? NARROW_OPTIONAL : HOLDS_OPTIONAL;
  const ANCHOR = narrow ? NARROW_ANCHOR : HOLDS_ANCHOR;
  const ANCHORABLE = narrow ? NARROW_ANCHORABLE : HOLDS_ANCHORABLE;
  const STRONG = narrow ? NARROW_STRONG : HOLDS_STRONG;
  // The words whose postings the walk reads: the drivers' reach, or the anchorable words when fewer postings.
  let driverCost = 0;
  for (const id of witnesses ?? []) driverCost += postingsOf.count(id);
  for (const i of walk) {
    for (const id of reach[i]!) driverCost += postingsOf.count(id);
    if (acronymWord[i]) driverCost += acronymSlots[i]?.length ?? 0;
  }
  let anchorCost = Infinity;
  if (threshold && anchorable !== undefined) {
    anchorCost = acronymAnchorSlots.length;
    for (const id of anchorable) anchorCost += postingsOf.count(id);
  }
  // The strong words and every required query word's acronym slots, when fewer postings (found only where the walk
  // is long enough for them to pay: they cost a credit bound per word reached).
  const strong = input.strong !== undefined && Math.min(driverCost, anchorCost) >= PARTS_FILTER_MIN ? input.strong() : undefined;
  let strongCost = Infinity;
  if (strong !== undefined) {
    strongCost = 0;
    for (const id of strong) strongCost += postingsOf.count(id);
    for (let j = 0; j < n; j++) if ((required >>> j) & 1 && acronymWord[j]) strongCost += acronymSlots[j]?.length ?? 0;
  }
  const ids = new Set<number>();
  const lists: (readonly number[])[] = [];
  const strongWalk = strongCost <= driverCost && strongCost <= anchorCost;
  if (strongWalk) {
    for (const id of strong!) ids.add(id);
    for (let j = 0; j < n; j++) if ((required >>> j) & 1 && acronymWord[j]) lists.push(acronymSlots[j]!);
  } else if (anchorCost < driverCost) {
    for (const id of anchorable!) ids.add(id);
    lists.push(acronymAnchorSlots);
  } else {
    for (const id of witnesses ?? []) ids.add(id);
    for (const i of walk) {
      for (const id of reach[i]!) ids.add(id);
      if (acronymWord[i]) lists.push(acronymSlots[i]!);
    }
    // A hit holding no required word (the optional words' credit alone can make one): their postings too.
    if (threshold && optionalAlone) for (let j = 0; j < n; j++) if (!((required >>> j) & 1) && query.duplicateOf[j] === undefined) for (const id of reach[j]!) ids.add(id);
  }
  let cost = 0;
  for (const id of ids) cost += postingsOf.count(id);
  for (const list of lists) cost += list.length;
  // What a slot holds for the parts filter: the required query words reaching a word (their bits), and whether an
  // optional query word reaches it (an optional word may make a name part: then one required word may do).
  const optionalParts = feasible.optionalWords > 0;
  const bitsOfWord = (id: number): number => requiredOf(id) | (optionalParts && optionalOf(id) ? OPTIONAL : 0);
  // The other words the parts filter could read: every word a required query word (or an optional one) reaches.
  // It reads those of the query words (bits) whose other words hold the fewest postings, within its budget; the
  // bits of the words it leaves unread (`unknown`) are taken as held by every slot: a slot is dropped only where
  // even they could not make the name parts it needs.
  let others: number[] = [];
  let unknown = 0;
  let filter = false;
  if (need >= 2 && cost >= PARTS_FILTER_MIN) {
    const seen = new Set<number>();
    const candidates: number[] = [];
    for (let j = 0; j < n; j++) {
      for (const id of reach[j]!) {
        if (ids.has(id) || seen.has(id) || bitsOfWord(id) === 0) continue;
        seen.add(id);
        candidates.push(id);
      }
    }
    others = partsToRead(candidates, bitsOfWord, postingsOf, PARTS_FILTER_COST * cost);
    const read = new Set(others);
    for (const id of candidates) if (!read.has(id)) unknown |= bitsOfWord(id);
    // A filter that could drop nothing is not run.
    filter = (unknown & OPTIONAL) === 0 && popcount(unknown & required) < need;
  }
  if (!filter) others = [];
  // The anchor rules and the credit bound's: a slot holding no word of a flag (no strong word: no credit that could
  // make a hit) is dropped, where every word carrying it is read (the walk's words, those the parts filter reads, and
  // the others, each flag's within its own budget).
  let anchorTest = false;
  let anchorableTest = false;
  let strongTest = false;
  const extra: number[] = [];
  if (cost >= PARTS_FILTER_MIN && n <= ANCHOR_FLAG_WORDS) {
    const read = new Set(others);
    const budget = ANCHOR_FILTER_COST * cost;
    const take = (list: (() => readonly number[] | undefined) | undefined): boolean => {
      const words = list?.();
      if (words === undefined) return false;
      let more = 0;
      for (const id of words) if (!ids.has(id) && !read.has(id)) more += postingsOf.count(id);
      if (more > budget) return false;
      for (const id of words) {
        if (ids.has(id) || read.has(id)) continue;
        read.add(id);
        extra.push(id);
      }
      return true;
    };
    anchorableTest = take(anchorableWords);
    anchorTest = take(anchorWords);
    // A strong walk reaches only slots holding a strong word: no test. The acronym slots of the required words
    // (acronymBits given) may pass the bound without one (they are walked with the strong words).
    strongTest = strong !== undefined && !strongWalk && acronymBits === undefined && take(() => strong);
  }
  const strongSet = strongTest ? new Set(strong) : undefined;
  const flagsOfWord = (id: number): number => {
    let bits = 0;
    if (anchorTest && isAnchor(id)) bits |= ANCHOR;
    if (anchorableTest && isAnchorable(id)) bits |= ANCHORABLE;
    if (strongTest && strongSet!.has(id)) bits |= STRONG;
    return bits;
  };
  const dropping = filter || anchorTest || anchorableTest || strongTest;
  const wordBits = (id: number): number => (filter ? bitsOfWord(id) : 0) | flagsOfWord(id);
  // At most one slot per posting walked.
  let touchedCount = 0;
  const touched = (reached.list = grown(reached.list, cost));
  // The set and the held bits, read and written directly: this loop runs once per posting.
  const set = reached.slots;
  const held = narrow ? (reached.narrow = grown(reached.narrow, index.slotCount)) : (reached.held = grown(reached.held, index.slotCount));
  const postingSlots = postingsOf.slots;
  // `count` slots of the postings from `from` (a word's), then the acronyms' lists: two loops, each over one kind of array.
  const walked = (from: number, count: number, bits: number): void => {
    counters.postingsWalked += count;
    for (let k = from, to = from + count; k < to; k++) {
      const slot = postingSlots[k]!;
      if (set.add(slot)) {
        held[slot] = bits;
        touched[touchedCount++] = slot;
      } else held[slot]! |= bits;
    }
  };
  if (!dropping) {
    // No filter reads the held bits: the slots alone.
    for (const id of ids) {
      const from = postingsOf.first(id);
      const count = postingsOf.count(id);
      counters.postingsWalked += count;
      for (let k = from, to = from + count; k < to; k++) {
        const slot = postingSlots[k]!;
        if (set.add(slot)) touched[touchedCount++] = slot;
      }
    }
    for (const slots of lists) {
      counters.postingsWalked += slots.length;
      for (let k = 0; k < slots.length; k++) if (set.add(slots[k]!)) touched[touchedCount++] = slots[k]!;
    }
    sortSlots(touched, touchedCount, index.slotCount);
    return touchedCount;
  }
  for (const id of ids) walked(postingsOf.first(id), postingsOf.count(id), wordBits(id));
  for (const slots of lists) {
    counters.postingsWalked += slots.length;
    for (let k = 0; k < slots.length; k++) {
      const slot = slots[k]!;
      if (set.add(slot)) {
        held[slot] = 0;
        touched[touchedCount++] = slot;
      }
    }
  }
  const bitsOfSet = set.bits;
  for (const id of [...others, ...extra]) {
    const from = postingsOf.first(id);
    const to = from + postingsOf.count(id);
    counters.postingsWalked += to - from;
    const bits = wordBits(id);
    for (let k = from; k < to; k++) {
      const slot = postingSlots[k]!;
      if ((bitsOfSet[slot >>> 5]! & (1 << (slot & 31))) !== 0) held[slot]! |= bits;
    }
  }
  // A person's entity (or any, for a person query) whose names all have two full words needs evidence on two name
  // parts (candidates.ts): words of two required query words, or one and a word an optional query word reaches.
  // It holds them only if its slot was reached by them (an acronym counts as its word).
  const personQuery = query.entityType === 'person';
  // The slots spared the parts rule (a name of one full word; any entity but a person's, for a query not a
  // person's), as bits that stay in cache.
  const shortBits = index.shortNameBits;
  const otherBits = index.otherThanPersonBits;
  const ahead = HELD_AHEAD;
  let kept = 0;
  for (let k = 0; k < touchedCount; k++) {
    const c = k % GATHER_CHUNK;
    // Each chunk's held bits, read ahead in a loop of loads that do not depend on one another (their cache misses
    // overlap), with the entries the test below may read.
    if (c === 0) {
      for (let t = k, end = Math.min(touchedCount, k + GATHER_CHUNK); t < end; t++) {
        const slot = touched[t]!;
        ahead[t - k] = held[slot]!;
      }
    }
    const slot = touched[k]!;
    const bits = ahead[c]! | (acronymBits === undefined ? 0 : acronymBits.get(slot)) | unknown;
    if (anchorTest && (bits & ANCHOR) === 0) continue;
    if (strongTest && (bits & STRONG) === 0) continue;
    if (anchorableTest && (bits & ANCHORABLE) === 0 && !acronymAnchored(slot)) continue;
    if (!filter || bits & OPTIONAL || popcount(bits & required) >= need || ((shortBits[slot >>> 5]! | (personQuery ? 0 : otherBits[slot >>> 5]!)) & (1 << (slot & 31))) !== 0) touched[kept++] = slot;
  }
  // Sorted once the most are dropped.
  sortSlots(touched, kept, index.slotCount);
  return kept;
}

/** How many slots each word's postings hold (Postings, postings-store.ts). */
export interface PostingCounts {
  count(id: number): number;
}

/**
 * The words the parts filter reads, of `words` (each with the bits of the query words it is a name part of): those
 * of whole query words, the query words taken in the order of the postings their words hold, while the postings
 * read stay within `budget`. A query word is read whole or not at all (a word left unread leaves each of its bits
 * unknown): every word holding its bit is read.
 */
export function partsToRead(words: readonly number[], bitsOfWord: (id: number) => number, postingsOf: PostingCounts, budget: number): number[] {
  if (words.length === 0) return [];
  // The postings of the words of each bit (bit 31 is HOLDS_OPTIONAL).
  const costs = new Map<number, number>();
  let total = 0;
  for (const id of words) {
    const length = postingsOf.count(id);
    total += length;
    const bits = bitsOfWord(id);
    for (let b = 0; b < 32; b++) if ((bits >>> b) & 1) costs.set(b, (costs.get(b) ?? 0) + length);
  }
  if (total <= budget) return [...words];
  const order = [...costs.keys()].sort((a, b) => costs.get(a)! - costs.get(b)! || a - b);
  let chosen = 0;
  for (const b of order) {
    const next = chosen | (1 << b);
    let cost = 0;
    for (const id of words) if ((bitsOfWord(id) & next) !== 0) cost += postingsOf.count(id);
    if (cost > budget) break;
    chosen = next;
  }
  if (chosen === 0) return [];
  return words.filter((id) => (bitsOfWord(id) & chosen) !== 0);
}
