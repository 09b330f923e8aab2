/**
 * Candidate generation: the entities a query could match, found through the index's keys, never by a scan.
 * The look-up (query-reach.ts) gives the vocabulary words each query word reaches; the postings of the fewest
 * required words that any hit must hold (feasibility.ts) mark entities; each entity marked is checked on its own
 * words against the bound of the evidence, and must hold a word on which a hit could be anchored. The name
 * matcher then verifies each candidate, so this step may over-generate but never misses what the matcher would
 * accept. Every per-search mark is a generation-stamped array (stamps.ts): a search touches only the entries of
 * the words and entities it reaches.
 */
import type { PreparedQuery } from '../names/name-match.js';
import type { PreparedName, PreparedWord } from '../names/prepare.js';
import type { WordMatchContext } from '../names/word-match.js';
import type { WordMatchType } from '../names/types.js';
import type { EntityIndex } from './entity-index.js';
import { EVERY_NAME, namePossibility, splitCreditNeedsForm } from './name-check.js';
import { addSplitParts, capSplits, drivers, strongWords, feasibility, popcount, raiseCredits, type Feasibility, type MarkedWords } from './feasibility.js';
import { ANCHOR_TYPES, VocabularyLookup, type QueryReach } from './query-reach.js';
import { grown, SparseBits, StampedMarks, zeroed } from './stamps.js';
import { LONG, wordKinds, type WordKinds } from './word-kinds.js';
import { walkPostings, type ReachedSlots } from './postings-walk.js';
import { coreRange, MAX_ACRONYM, MIN_ACRONYM } from '../names/assign.js';
import { massUnits, nameBound } from './name-bound.js';
import { BITS, FLAGS, MASS, OPTIONAL_BITS, PART_BITS, ROW, type CandidateSettings, type Candidates, type SearchCounters } from './candidate-types.js';

/** Flags of a vocabulary word in a search (wordFlags). */
export const enum WordFlag {
  /** Reached by a required query word by a type that namePossible takes as an anchor. */
  AnchorPossible = 1,
  /** Some query word could anchor a hit on it (QueryReach.anchorable). */
  Anchorable = 2,
  /** A part of a query word written as several list words. */
  Soft = 4,
  /** A word of a glued, split or abbreviated form of the query (QueryReach.forms). */
  Form = 8,
  /** Reached by a query word that may stay unmatched (an initial, affix, particle or repeat). */
  Optional = 16,
}

export class CandidateFinder {
  /** The look-up phase (its `memo` of per-word look-ups: lookup-memo.ts). */
  readonly lookup: VocabularyLookup;
  /**
   * Per vocabulary word reached: the bits of the required query words reaching it (plane BITS), its WordFlag bits
   * (plane FLAGS), its row plus one in the credit table (plane ROW), and the bits of the optional query words
   * reaching it (plane OPTIONAL_BITS), and the bits of the query words it is a split part of (plane PART_BITS).
   */
  readonly words = new StampedMarks(6);
  /**
   * The vocabulary words marked in `words`, as bits: the loops over an entity's words test these (in cache) before
   * reading the marks.
   */
  private readonly marked = new SparseBits();
  /** The vocabulary words marked in `words`, each once, in the order marked (reused from search to search). */
  private markedIds = new Int32Array(64);
  private markedCount = 0;
  /** The slots the postings walked reach, with the bits of the required query words they hold (postings-walk.ts). */
  private readonly reached: ReachedSlots = { slots: new SparseBits(), held: new Int32Array(0), narrow: new Uint8Array(0), list: new Int32Array(256) };
  /** Per slot: bits of the required query words its organisation names spell as acronyms. */
  private readonly acronymBits = new StampedMarks();
  /** The slots on a name of which a query acronym could anchor a hit. */
  private readonly acronymAnchor = new SparseBits();
  /**
   * Per search, reused (never held past a search; a query tracks at most 31 words): what each query word can earn on
   * the entity checked, as a split, and from split parts (generate), and feasibleMemo's answers by mask.
   */
  private readonly entityCredits = new Float64Array(32);
  private readonly entitySplits = new Float64Array(32);
  private readonly entityParts = new Float64Array(32);
  private readonly feasibleByMask = new Uint8Array(1 << DENSE_MEMO_WORDS);
  private creditTable = new Float64Array(256);
  /** Scratch of gather: the first word offset of each slot of a chunk. */
  private ranges = new Int32Array(0);
  /** What gather read (kept so the reads are not dropped). */
  sink = 0;
  /** Beside creditTable, what each query word can earn as a split or abbreviation on the word (QueryReach.splitWitness). */
  private splitTable = new Float64Array(256);
  /** Beside creditTable, what the word brings to each query word's splits as a part (QueryReach.splitParts). */
  private partTable = new Float64Array(256);
  readonly counters: SearchCounters = { searches: 0, wordsReached: 0, postingsWalked: 0, entitiesTouched: 0, candidates: 0, namesChecked: 0, namesMatched: 0, namesRejected: 0 };

  constructor(private readonly index: EntityIndex) {
    this.lookup = new VocabularyLookup(index);
  }

  find(query: PreparedQuery, settings: CandidateSettings): Candidates {
    return this.generate(query, this.lookUp(query, settings), settings);
  }

  /** The look-up phase: what each query word reaches in the vocabulary. */
  lookUp(query: PreparedQuery, settings: CandidateSettings): QueryReach {
    return this.lookup.lookUp(query, settings, (i) => this.optional(query, i));
  }

  /** The generation phase: the candidate entities of what the query reaches. */
  generate(query: PreparedQuery, r: QueryReach, settings: CandidateSettings): Candidates {
    const index = this.index;
    const counters = this.counters;
    counters.searches++;
    const { n, required, reach, wordTypes, acronymWord, acronymSlots, softIds, anchorable } = r;
    const threshold = !(settings.exactMatch || settings.threshold === undefined);
    const feasible = feasibility(index, query, r, settings);
    this.markWords(query, r, feasible);
    // Where splits are witnessed, the drivers are chosen on the credits without them, and the witnesses walked
    // besides: a common word is no driver for the credit of a split of it that few entities hold.
    const witnessed = threshold && splitCreditNeedsForm(query, r);
    let witnesses: Set<number> | undefined;
    if (witnessed) {
      witnesses = new Set<number>();
      for (let j = 0; j < n; j++) for (const id of r.splitWitness[j]!.keys()) witnesses.add(id);
    }
    const walk = drivers(index, r, witnessed ? feasible.withoutSplits : feasible);
    // Entities a query acronym could anchor a hit on (assign.ts: the query is that one word, 3 to 8 letters).
    const acronymAnchor = this.acronymAnchor;
    acronymAnchor.reset(index.slotCount);
    let acronymAnchorSlots: readonly number[] = [];
    if (anchorable !== undefined) {
      const core = coreRange(query.words, query.roles.organisation);
      const q = query.words[core.from]!;
      if (core.to === core.from + 1 && core.from < n && !q.isNumber && q.text.length >= MIN_ACRONYM && q.text.length <= MAX_ACRONYM) {
        acronymAnchorSlots = acronymSlots[core.from] ?? [];
        for (const slot of acronymAnchorSlots) acronymAnchor.add(slot);
      }
    }
    const acronymBits = this.acronymBits;
    acronymBits.reset(index.slotCount);
    let acronyms = false;
    for (let j = 0; j < n; j++) {
      if (!((required >>> j) & 1) || !acronymWord[j]) continue;
      acronyms = true;
      for (const slot of acronymSlots[j]!) acronymBits.or(slot, 1 << j);
    }
    // Every candidate holds a word of a driver's reach, and (under the evidence rule) a word a hit could be
    // anchored on: walk whichever postings are fewer (postings-walk.ts).
    const parts = settings.exactMatch || settings.threshold === undefined ? 1 : settings.nameVariations ? 1 : 2;
    const need = Math.min(parts, popcount(required));
    const { stamps, now, planes } = this.words.view();
    // What markWords wrote, read by strongWords.
    const creditTable = this.creditTable;
    const marked: MarkedWords = {
      reachedBy: (id) => (stamps[id] === now ? planes[BITS]![id]! | planes[OPTIONAL_BITS]![id]! : 0),
      creditOn: (i, id) => creditTable[(planes[ROW]![id]! - 1) * n + i]!,
    };
    const markedBits = this.marked.bits;
    // The words carrying each anchor flag the candidate check below asks for (WordFlag.AnchorPossible, unless a
    // query word is an acronym; WordFlag.Anchorable, unless none is needed): the walk drops the slots holding none.
    // Listed only when the walk asks (a long walk).
    const markedWith = (flag: WordFlag) => (): number[] => {
      const out: number[] = [];
      for (let k = 0; k < this.markedCount; k++) if ((planes[FLAGS]![this.markedIds[k]!]! & flag) !== 0) out.push(this.markedIds[k]!);
      return out;
    };
    const anchorWords = threshold && !acronyms ? markedWith(WordFlag.AnchorPossible) : undefined;
    const anchorableWords = threshold && anchorable !== undefined ? markedWith(WordFlag.Anchorable) : undefined;
    const isFeasible = feasibleMemo(feasible, required, n, this.feasibleByMask);
    const touched = walkPostings(index, this.reached, {
      query,
      r,
      feasible,
      walk,
      witnesses,
      optionalAlone: witnessed ? feasible.withoutSplits(0) : feasible(0),
      strong: threshold ? () => strongWords(index, r, feasible, witnessed, marked) : undefined,
      acronymAnchorSlots,
      threshold,
      need,
      requiredOf: (id) => (stamps[id] === now && (index.singleLetterWords[id] !== 1 || (planes[FLAGS]![id]! & WordFlag.Soft) !== 0 || index.vocab.words[id]!.isNumber) ? planes[BITS]![id]! : 0),
      optionalOf: (id) => stamps[id] === now && (planes[FLAGS]![id]! & WordFlag.Optional) !== 0,
      acronymBits: acronyms ? acronymBits : undefined,
      anchorWords,
      anchorableWords,
      isAnchor: (id) => stamps[id] === now && (planes[FLAGS]![id]! & WordFlag.AnchorPossible) !== 0,
      isAnchorable: (id) => stamps[id] === now && (planes[FLAGS]![id]! & WordFlag.Anchorable) !== 0,
      acronymAnchored: (slot) => acronymAnchor.has(slot),
      counters,
    });
    counters.entitiesTouched += touched;
    // Each entity marked, on its own words: first whether they could make a hit at all (cheap), then what they
    // can earn.
    const credits = this.entityCredits.fill(0);
    const flat = index.slotWords;
    const start = index.slotWordStart;
    const live = index.liveSlotFlags;
    const single = index.singleLetterWords;
    const shortBits = index.shortNameBits;
    const otherBits = index.otherThanPersonBits;
    const vocabWords = index.vocab.words;
    const bitsOf = planes[BITS]!;
    const flagsOf = planes[FLAGS]!;
    const rowOf = planes[ROW]!;
    const optionalOf = planes[OPTIONAL_BITS]!;
    const table = this.creditTable;
    const splitTable = this.splitTable;
    // Split credits per entity where the witnesses are complete (else the word's split credit on the whole list).
    const withCredits = feasible.creditOn !== undefined;
    const splitCredits = withCredits && splitCreditNeedsForm(query, r) ? this.entitySplits.fill(0) : undefined;
    // What the parts of each query word's splits the entity holds bring together (QueryReach.splitParts).
    const partSums = this.entityParts.fill(0);
    const partTable = this.partTable;
    const partOf = planes[PART_BITS]!;
    const personQuery = query.entityType === 'person';
    const formsDecide = splitCreditNeedsForm(query, r);
    // Last, name by name: whether some one name of the entity could pass the name check (name-bound.ts), where
    // enough entities are checked to repay its set-up.
    const byName =
      threshold && withCredits && !acronyms && touched >= NAME_BOUND_FROM && this.markMasses()
        ? nameBound({ index, feasible, markedBits, bitsOf, flagsOf, massOf: planes[MASS]!, words: n, parts: need, personQuery, needsAnchorable: anchorable !== undefined, acronymAnchored: (slot) => acronymAnchor.has(slot), queryInitials: query.words.some((w) => w.text.length === 1) })
        : undefined;
    const out: number[] = [];
    // In slot order (walkPostings): the candidates come out sorted.
    const order = this.reached.list;
    const ranges = (this.ranges = grown(this.ranges, GATHER_CHUNK + 1));
    let sink = 0;
    for (let t = 0; t < touched; t++) {
      const c = t % GATHER_CHUNK;
      if (c === 0) {
        sink ^= gather(order, t, Math.min(touched, t + GATHER_CHUNK), live, start, flat, ranges);
      }
      const from = ranges[c]!;
      if (from < 0) continue;
      const slot = order[t]!;
      const to = start[slot + 1]!;
      let found = acronyms ? acronymBits.get(slot) : 0;
      let flags = 0;
      for (let k = from; k < to; k++) {
        const id = flat[k]!;
        if ((markedBits[id >>> 5]! & (1 << (id & 31))) === 0) continue;
        found |= bitsOf[id]!;
        flags |= flagsOf[id]!;
      }
      if (threshold) {
        // Some name must hold a word the name check takes as an anchor, and a word the matcher could anchor on.
        if (!acronyms && (flags & WordFlag.AnchorPossible) === 0) continue;
        if (anchorable !== undefined && (flags & WordFlag.Anchorable) === 0 && !acronymAnchor.has(slot)) continue;
      }
      const mask = found & required;
      if (!isFeasible(mask)) continue;
      let full = 0;
      if (withCredits) zeroed(credits, 0, n);
      if (splitCredits !== undefined) {
        zeroed(splitCredits, 0, n);
        zeroed(partSums, 0, n);
      }
      for (let k = from; k < to; k++) {
        const id = flat[k]!;
        if ((markedBits[id >>> 5]! & (1 << (id & 31))) === 0) continue;
        const b = bitsOf[id]!;
        const all = b | optionalOf[id]!;
        const parts = splitCredits === undefined ? 0 : partOf[id]!;
        if (parts !== 0) addSplitParts(parts, (rowOf[id]! - 1) * n, n, partTable, partSums);
        if (all === 0) continue;
        // A full word: not an initial (a digit, or a part of a query word written as several list words, counts).
        if (b !== 0 && (single[id] === 0 || (flagsOf[id]! & WordFlag.Soft) !== 0 || vocabWords[id]!.isNumber)) full |= b;
        if (!withCredits) continue;
        raiseCredits(all, (rowOf[id]! - 1) * n, n, table, credits, splitTable, splitCredits);
      }
      capSplits(splitCredits, partSums, n);
      const ab = acronyms ? acronymBits.get(slot) : 0;
      if (ab !== 0) {
        full |= ab;
        for (let j = 0; j < n; j++) if ((ab >>> j) & 1) credits[j] = Math.max(credits[j]!, feasible.acronymCredit?.(j) ?? 0);
      }
      const optionalParts = (flags & WordFlag.Optional) !== 0 ? feasible.optionalWords : 0;
      if (need >= 2 && popcount(full & required) + optionalParts < need && ((shortBits[slot >>> 5]! | (personQuery ? 0 : otherBits[slot >>> 5]!)) & (1 << (slot & 31))) === 0) continue;
      // The credit the entity's own words allow: nothing when that cannot make a hit.
      // A query word written as several list words, or abbreviating them, earns its split credit only where the
      // entity holds a word of such a form (WordFlag.Form, WordFlag.Soft): see splitCreditNeedsForm.
      const splits = !formsDecide || (flags & (WordFlag.Form | WordFlag.Soft)) !== 0;
      if (withCredits && !feasible.reaches(mask, 0, credits, 'multi', splitCredits)) continue;
      if (withCredits && !splits && !feasible.reaches(mask, 0, credits, 'single')) continue;
      if (r.particlesOnly && !index.names(slot).some((name) => name.words.every((w, j) => w.particle || name.roles[j] !== undefined))) continue;
      if (byName !== undefined) byName.offer(slot, credits, splits ? 'multi' : 'single', splitCredits, out);
      else out.push(slot);
    }
    if (byName !== undefined) {
      byName.flush(out);
      sink ^= byName.sink;
    }
    this.sink = sink;
    counters.candidates += out.length;
    const possible = namePossibility(index, query, r, feasible, settings, this.words, { credit: this.creditTable, split: this.splitTable, part: this.partTable }, counters);
    // Whether a name holds a word with a flag, read from the arrays behind the marks (valid for this search).
    const holds = (name: PreparedName, flag: WordFlag): boolean => {
      for (const w of name.words) {
        const id = w.id!;
        if (stamps[id] === now && (flagsOf[id]! & flag) !== 0) return true;
      }
      return false;
    };
    const mayAnchor = (slot: number, name: PreparedName): boolean => anchorable === undefined || acronymAnchor.has(slot) || holds(name, WordFlag.Anchorable);
    // The same on name `n` of the name store, read flat.
    const store = index.nameStore;
    const mayAnchorStored = (slot: number, n: number): boolean => {
      if (anchorable === undefined || acronymAnchor.has(slot)) return true;
      for (let k = store.wordStart[n]!; k < store.wordStart[n + 1]!; k++) {
        const id = store.wordIds[k]!;
        if (stamps[id] === now && (flagsOf[id]! & WordFlag.Anchorable) !== 0) return true;
      }
      return false;
    };
    const forms = r.forms;
    const multiWordForms = (name: PreparedName): boolean => forms === undefined || holds(name, WordFlag.Form);
    return { slots: out, wordTypes, namePossible: threshold ? possible : EVERY_NAME, mayAnchor, mayAnchorStored, multiWordForms };
  }

  /**
   * Marks each vocabulary word the query reaches: the required and the optional query words reaching it, its
   * flags, and what each of them can earn on it (a row of the credit table).
   */
  private markWords(query: PreparedQuery, r: QueryReach, feasible: Feasibility): void {
    const index = this.index;
    const { n, required, reach, wordTypes, softIds, anchorable } = r;
    const marks = this.words;
    marks.reset(index.vocab.size);
    const kinds = wordKinds(index);
    const marked = this.marked;
    marked.reset(index.vocab.size);
    this.markedCount = 0;
    // The word marked first in this search, listed (markedIds grows as needed).
    const listed = (id: number): void => {
      if (this.markedCount === this.markedIds.length) this.markedIds = grown(this.markedIds, this.markedCount + 1);
      this.markedIds[this.markedCount++] = id;
    };
    let total = 0;
    for (let j = 0; j < n; j++) total += reach[j]!.size + r.splitParts[j]!.size;
    if (this.creditTable.length < total * n) {
      this.creditTable = new Float64Array(Math.max(total * n, this.creditTable.length * 2));
      this.splitTable = new Float64Array(this.creditTable.length);
      this.partTable = new Float64Array(this.creditTable.length);
    }
    const table = this.creditTable;
    const splitTable = this.splitTable;
    const partTable = this.partTable;
    let next = 0;
    // The row of a word in the tables (a new one, zeros, the first time).
    const rowOf = (id: number): number => {
      let row = marks.get(id, ROW) - 1;
      if (row < 0) {
        row = next++;
        marks.set(id, row + 1, ROW);
        if (marked.add(id)) listed(id);
        zeroed(table, row * n, n);
        zeroed(splitTable, row * n, n);
        zeroed(partTable, row * n, n);
      }
      return row * n;
    };
    // The optional words are marked too, in their own plane: they earn credit (Feasibility.bound with per-entity
    // credits) and may anchor a hit (a hit may hold no required word: Feasibility.optionalWords).
    for (let j = 0; j < n; j++) {
      const isRequired = ((required >>> j) & 1) === 1;
      const types = wordTypes[j];
      for (const id of reach[j]!) {
        if (marks.get(id, ROW) === 0) this.counters.wordsReached++;
        const row = rowOf(id);
        marks.or(id, 1 << j, isRequired ? BITS : OPTIONAL_BITS);
        if (!isRequired) marks.or(id, WordFlag.Optional, FLAGS);
        if (feasible.creditOn !== undefined) table[row + j] = feasible.creditOn(j, id);
        splitTable[row + j] = r.splitWitness[j]!.get(id) ?? 0;
        if (anchorPossible(kinds, types?.get(id), id)) marks.or(id, WordFlag.AnchorPossible, FLAGS);
      }
      for (const [id, share] of r.splitParts[j]!) {
        const row = rowOf(id);
        marks.or(id, 1 << j, PART_BITS);
        partTable[row + j] = share;
      }
    }
    // A word the matcher could anchor on, or a word of a glued, split or abbreviated form (placed as a form, it
    // anchors whatever its type alone: `casa` on `c a s a` of `E.C.A. S.A.`), is one namePossible takes as an anchor.
    const flag = (ids: Iterable<number>, flags: number): void => {
      for (const id of ids) {
        marks.or(id, flags, FLAGS);
        if (marked.add(id)) listed(id);
      }
    };
    flag(softIds, WordFlag.Soft | WordFlag.AnchorPossible);
    if (anchorable !== undefined) flag(anchorable, WordFlag.Anchorable | WordFlag.AnchorPossible);
    if (r.forms !== undefined) flag(r.forms, WordFlag.Form | WordFlag.AnchorPossible);
  }

  /** Writes each marked word's list mass in plane MASS, for the bound name by name (name-bound.ts); true. */
  private markMasses(): boolean {
    const index = this.index;
    const kinds = wordKinds(index);
    const masses = this.words.view().planes[MASS]!;
    for (let k = 0; k < this.markedCount; k++) {
      const id = this.markedIds[k]!;
      masses[id] = massUnits(kinds, index, id);
    }
    return true;
  }

  /** A query word that may stay unmatched: an affix under some entity type, a particle, or an initial. */
  private optional(query: PreparedQuery, i: number): boolean {
    return query.words[i]!.text.length === 1 || removable(query, i) || query.duplicateOf[i] !== undefined;
  }

  /**
   * Vocabulary words that query word `q` matches by a per-word type, with the type, found through the
   * vocabulary's keys. Public for payment-reference screening (src/reference), which looks up each word of a
   * reference once.
   */
  vocabularyTypes(q: PreparedWord, ctx: WordMatchContext, settings: CandidateSettings): Map<number, WordMatchType> {
    return this.lookup.vocabularyTypes(q, ctx, settings.minEditLength);
  }
}

/** Whether namePossible takes a vocabulary word reached by this type as an anchor. */
function anchorPossible(kinds: WordKinds, type: WordMatchType | undefined, id: number): boolean {
  if (type === undefined) return true;
  return (ANCHOR_TYPES.has(type) || type === 'phonetic') && (kinds.of(id) & LONG) !== 0;
}

/** A query word that may be removed: a name particle, or an affix under some entity type. */
function removable(query: PreparedQuery, i: number): boolean {
  return query.words[i]!.particle || query.roles.person[i] !== undefined || query.roles.organisation[i] !== undefined || query.roles.any[i] !== undefined;
}

/** Queries of at most this many tracked words keep feasibleMemo's answers in an array indexed by mask. */
const DENSE_MEMO_WORDS = 12;

/** `feasible` of a mask, computed once per mask in a search; `dense`: the answers' array for up to DENSE_MEMO_WORDS words. */
function feasibleMemo(feasible: Feasibility, required: number, n: number, dense: Uint8Array): (mask: number) => boolean {
  if (n <= DENSE_MEMO_WORDS) {
    // 0: not computed yet, 1: infeasible, 2: feasible (masks have n bits: 2^n entries).
    dense.fill(0, 0, 1 << n);
    return (mask: number): boolean => {
      let answer = dense[mask]!;
      if (answer === 0) dense[mask] = answer = feasible(mask & required) ? 2 : 1;
      return answer === 2;
    };
  }
  const known = new Map<number, boolean>();
  return (mask: number): boolean => {
    let answer = known.get(mask);
    if (answer === undefined) known.set(mask, (answer = feasible(mask & required)));
    return answer;
  };
}

/** Entities checked from which a search bounds them name by name (fewer repay little of its set-up). */
const NAME_BOUND_FROM = 16;

/** Slots read together by the candidate check's gather pass (a chunk's words stay in cache until checked). */
const GATHER_CHUNK = 64;

/**
 * The word offsets of slots order[from..to) into `ranges` (-1 for a slot no longer live), and the first word of each
 * read: loads that do not depend on one another, so the processor overlaps their cache misses (the check's loop,
 * one slot at a time, waits on each in turn).
 */
function gather(order: Int32Array, from: number, to: number, live: Uint8Array, start: Int32Array, flat: Int32Array, ranges: Int32Array): number {
  for (let t = from; t < to; t++) {
    const slot = order[t]!;
    ranges[t - from] = live[slot] === 1 ? start[slot]! : -1;
  }
  let sum = 0;
  for (let t = from; t < to; t++) {
    const at = ranges[t - from]!;
    if (at >= 0) sum ^= flat[at]! | 0;
  }
  return sum;
}
