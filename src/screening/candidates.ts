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
import type { EntityType } from '../types/entity.js';
import type { PreparedName, PreparedWord } from '../names/prepare.js';
import type { WordMatchContext } from '../names/word-match.js';
import type { WordMatchType } from '../names/types.js';
import type { EntityIndex } from './entity-index.js';
import { namePossibility } from './name-check.js';
import { drivers, feasibility, popcount, type Feasibility } from './feasibility.js';
import { ANCHOR_TYPES, VocabularyLookup, type QueryReach } from './query-reach.js';
import { StampedMarks } from './stamps.js';
import { coreRange, MAX_ACRONYM, MIN_ACRONYM } from '../names/assign.js';

export interface CandidateSettings {
  exactMatch: boolean;
  minEditLength: number | null;
  nameVariations: boolean;
  /** The evidence a hit needs (name search); absent: every required query word must be matched. */
  threshold?: number;
  /** `min_matched_words`, when asked. */
  minMatchedWords?: number;
}

export interface Candidates {
  /** Entity slots to verify, ascending. */
  slots: number[];
  /**
   * For each query word looked up in full (two letters or more), every vocabulary word it matches, with the type
   * (under the widest rules): a vocabulary word absent from the map does not match it.
   */
  wordTypes: (Map<number, WordMatchType> | undefined)[];
  /**
   * Whether a name could match at all: every required query word (less the one a name variation may drop) has a
   * word in the name it matches alone or as part of a glued form or acronym. A quick check before the matcher.
   */
  namePossible: (name: PreparedName, entityType: EntityType) => boolean;
  /**
   * Whether a name of the entity in a slot holds a word on which a hit could be anchored (QueryReach.anchorable):
   * a name without one is not a hit. Valid until the next search of this finder.
   */
  mayAnchor: (slot: number, name: PreparedName) => boolean;
}

/** Flags of a vocabulary word in a search (wordFlags). */
export const enum WordFlag {
  /** Reached by a required query word by a type that namePossible takes as an anchor. */
  AnchorPossible = 1,
  /** Some query word could anchor a hit on it (QueryReach.anchorable). */
  Anchorable = 2,
  /** A part of a query word written as several list words. */
  Soft = 4,
}

/** Work done by the searches of a finder (deterministic counts, for benchmarks). */
export interface SearchCounters {
  searches: number;
  /** Vocabulary words reached by query words. */
  wordsReached: number;
  /** Postings (entity slots) walked. */
  postingsWalked: number;
  /** Entities marked by the postings walked. */
  entitiesTouched: number;
  /** Entities that passed the check on their own words: the candidates. */
  candidates: number;
  /** Names checked before the matcher (distinct names per search). */
  namesChecked: number;
  /** Names the matcher ran on. */
  namesMatched: number;
}

export class CandidateFinder {
  private readonly lookup: VocabularyLookup;
  /** Per vocabulary word: bits of the required query words that reach it. */
  readonly wordBits = new StampedMarks();
  /** Per vocabulary word: WordFlag bits. */
  readonly wordFlags = new StampedMarks();
  /** Per vocabulary word reached by a required word: its row (plus one) in the credit table. */
  private readonly wordRow = new StampedMarks();
  /** Per slot: bits of the driver words whose postings reach it. */
  private readonly slotBits = new StampedMarks();
  /** Per slot: bits of the required query words its organisation names spell as acronyms. */
  private readonly acronymBits = new StampedMarks();
  /** Per slot: whether a query acronym could anchor a hit on one of its names. */
  private readonly acronymAnchor = new StampedMarks();
  private creditTable = new Float64Array(256);
  readonly counters: SearchCounters = { searches: 0, wordsReached: 0, postingsWalked: 0, entitiesTouched: 0, candidates: 0, namesChecked: 0, namesMatched: 0 };

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
    const walk = drivers(index, r, feasible);
    // Entities a query acronym could anchor a hit on (assign.ts: the query is that one word, 3 to 8 letters).
    const acronymAnchor = this.acronymAnchor;
    acronymAnchor.reset(index.slots.length);
    if (anchorable !== undefined) {
      const core = coreRange(query.words, query.roles.organisation);
      const q = query.words[core.from]!;
      if (core.to === core.from + 1 && core.from < n && !q.isNumber && q.text.length >= MIN_ACRONYM && q.text.length <= MAX_ACRONYM) {
        for (const slot of acronymSlots[core.from] ?? []) acronymAnchor.set(slot, 1);
      }
    }
    const acronymBits = this.acronymBits;
    acronymBits.reset(index.slots.length);
    let acronyms = false;
    for (let j = 0; j < n; j++) {
      if (!((required >>> j) & 1) || !acronymWord[j]) continue;
      acronyms = true;
      for (const slot of acronymSlots[j]!) acronymBits.or(slot, 1 << j);
    }
    // Walk the drivers' postings.
    const marks = this.slotBits;
    marks.reset(index.slots.length);
    const touched: number[] = [];
    for (const i of walk) {
      const b = 1 << i;
      for (const id of reach[i]!) {
        const postings = index.postings[id];
        if (postings === undefined) continue;
        counters.postingsWalked += postings.length;
        for (const slot of postings) if (marks.or(slot, b)) touched.push(slot);
      }
      const slots = acronymSlots[i];
      if (acronymWord[i] && slots !== undefined) for (const slot of slots) if (marks.or(slot, b)) touched.push(slot);
    }
    counters.entitiesTouched += touched.length;
    // Each entity marked, on its own words.
    const parts = settings.exactMatch || settings.threshold === undefined ? 1 : settings.nameVariations ? 1 : 2;
    const need = Math.min(parts, popcount(required));
    const credits = new Float64Array(n);
    const flat = index.slotWords;
    const start = index.slotWordStart;
    const single = index.singleLetterWords;
    const short = index.shortNames;
    const vocabWords = index.vocab.words;
    const bitsOf = this.wordBits;
    const flagsOf = this.wordFlags;
    const rows = this.wordRow;
    const table = this.creditTable;
    const withCredits = feasible.creditOn !== undefined;
    const personQuery = query.entityType === 'person';
    const out: number[] = [];
    for (const slot of touched) {
      const entity = index.slots[slot];
      if (entity === undefined) continue;
      let found = 0;
      let full = 0;
      let flags = 0;
      if (withCredits) credits.fill(0);
      for (let k = start[slot]!, end = start[slot + 1]!; k < end; k++) {
        const id = flat[k]!;
        flags |= flagsOf.get(id);
        const b = bitsOf.get(id);
        if (b === 0) continue;
        found |= b;
        // A full word: not an initial (a digit, or a part of a query word written as several list words, counts).
        if (single[id] === 0 || softIds.has(id) || vocabWords[id]!.isNumber) full |= b;
        if (!withCredits) continue;
        const row = (rows.get(id) - 1) * n;
        for (let j = 0; j < n; j++) {
          if (!((b >>> j) & 1)) continue;
          const value = table[row + j]!;
          if (value > credits[j]!) credits[j] = value;
        }
      }
      const ab = acronymBits.get(slot);
      if (ab !== 0) {
        found |= ab;
        full |= ab;
        for (let j = 0; j < n; j++) if ((ab >>> j) & 1) credits[j] = Math.max(credits[j]!, feasible.acronymCredit?.(j) ?? 0);
      }
      if (threshold) {
        // Some name must hold a word the name check takes as an anchor, and a word the matcher could anchor on.
        if (!acronyms && (flags & WordFlag.AnchorPossible) === 0) continue;
        if (anchorable !== undefined && (flags & WordFlag.Anchorable) === 0 && !acronymAnchor.has(slot)) continue;
      }
      if (need >= 2 && short[slot] === 0 && popcount(full & required) < need && (personQuery || entity.entity.entity_type === 'person')) continue;
      const mask = found & required;
      // The credit the entity's own words allow: nothing when that cannot make a hit.
      if (withCredits && feasible.bound(mask, 0, credits) < feasible.threshold) continue;
      if (!feasible(mask)) continue;
      if (r.particlesOnly && !entity.names.some((name) => name.words.every((w, j) => w.particle || name.roles[j] !== undefined))) continue;
      out.push(slot);
    }
    counters.candidates += out.length;
    const possible = namePossibility(index, query, r, feasible, settings, this, counters);
    const mayAnchor = (slot: number, name: PreparedName): boolean => {
      if (anchorable === undefined || acronymAnchor.has(slot)) return true;
      for (const w of name.words) if ((flagsOf.get(w.id!) & WordFlag.Anchorable) !== 0) return true;
      return false;
    };
    return { slots: out.sort((a, b) => a - b), wordTypes, namePossible: threshold ? possible : () => true, mayAnchor };
  }

  /**
   * Marks each vocabulary word the query reaches: the required query words reaching it, its flags, and what each
   * of them can earn on it (a row of the credit table).
   */
  private markWords(query: PreparedQuery, r: QueryReach, feasible: Feasibility): void {
    const index = this.index;
    const { n, required, reach, wordTypes, softIds, anchorable } = r;
    const bits = this.wordBits;
    const flags = this.wordFlags;
    const rows = this.wordRow;
    const size = index.vocab.size;
    bits.reset(size);
    flags.reset(size);
    rows.reset(size);
    let total = 0;
    for (let j = 0; j < n; j++) if ((required >>> j) & 1) total += reach[j]!.size;
    if (this.creditTable.length < total * n) this.creditTable = new Float64Array(Math.max(total * n, this.creditTable.length * 2));
    const table = this.creditTable;
    let next = 0;
    for (let j = 0; j < n; j++) {
      if (!((required >>> j) & 1)) continue;
      const types = wordTypes[j];
      for (const id of reach[j]!) {
        if (bits.or(id, 1 << j)) {
          this.counters.wordsReached++;
          rows.set(id, next + 1);
          table.fill(0, next * n, next * n + n);
          next++;
        }
        if (feasible.creditOn !== undefined) table[(rows.get(id) - 1) * n + j] = feasible.creditOn(j, id);
        const type = types?.get(id);
        if (type === undefined || ANCHOR_TYPES.has(type) || type === 'phonetic') {
          if (index.vocab.words[id]!.text.length > 1 || type === undefined) flags.or(id, WordFlag.AnchorPossible);
        }
      }
    }
    for (const id of softIds) flags.or(id, WordFlag.Soft);
    if (anchorable !== undefined) for (const id of anchorable) flags.or(id, WordFlag.Anchorable);
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

/** A query word that may be removed: a name particle, or an affix under some entity type. */
function removable(query: PreparedQuery, i: number): boolean {
  return query.words[i]!.particle || query.roles.person[i] !== undefined || query.roles.organisation[i] !== undefined || query.roles.any[i] !== undefined;
}
