/**
 * Candidate generation: the entities a query could match, found through the index's keys, never by a scan.
 * Each query word looks up the vocabulary words it could match (exact, one-deletion keys, phonetic codes,
 * skeletons, equivalents, initials, digits, glued forms, acronyms); every hit is checked with the per-word
 * matcher, then its postings mark the entities. An entity is a candidate when it holds a match for every query
 * word that cannot be removed. The name matcher then verifies each candidate, so this step may over-generate
 * but never misses what the matcher would accept.
 */
import type { PreparedQuery } from '../names/name-match.js';
import type { PreparedWord } from '../names/prepare.js';
import { wordMatchType, type WordMatchContext } from '../names/word-match.js';
import type { WordMatchType } from '../names/types.js';
import type { EntityIndex } from './entity-index.js';
import { MAX_ACRONYM, MIN_ACRONYM } from '../names/assign.js';
import { deletionKeys, skeletonKeys } from './vocabulary.js';

export interface CandidateSettings {
  exactMatch: boolean;
  minEditLength: number | null;
  nameVariations: boolean;
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
  namePossible: (words: readonly PreparedWord[]) => boolean;
}

const MAX_TRACKED_WORDS = 31;
/** In the per-word bitmasks, beside the query words' bits 0..30: the vocabulary word is a single character. */
const INITIAL_BIT = 1 << 31;
/** Checking an entity's own words costs about this many posting marks: walk a word's postings only when cheaper. */
const DRIVER_ADVANTAGE = 4;
const MAX_GLUE = 4;

export class CandidateFinder {
  private marks = new Uint32Array(0);
  /** Scratch per vocabulary word: bits of the query words that reach it (cleared after each search). */
  private wordBits = new Uint32Array(0);

  constructor(private readonly index: EntityIndex) {}

  find(query: PreparedQuery, settings: CandidateSettings): Candidates {
    const index = this.index;
    if (this.marks.length < index.slots.length) this.marks = new Uint32Array(Math.max(index.slots.length, this.marks.length * 2));
    const marks = this.marks;
    const touched: number[] = [];
    const n = Math.min(query.words.length, MAX_TRACKED_WORDS);
    const markPostings = (wordId: number, bits: number): void => {
      for (const slot of index.postings[wordId] ?? []) {
        if (marks[slot] === 0) touched.push(slot);
        marks[slot]! |= bits;
      }
    };
    const markSlots = (slots: readonly number[], bits: number): void => {
      for (const slot of slots) {
        if (marks[slot] === 0) touched.push(slot);
        marks[slot]! |= bits;
      }
    };
    const bit = (i: number, count = 1): number => {
      let b = 0;
      for (let k = i; k < Math.min(i + count, n); k++) b |= 1 << k;
      return b;
    };

    let required = 0;
    const wordTypes: (Map<number, WordMatchType> | undefined)[] = new Array(query.words.length).fill(undefined);
    // Vocabulary words a query word reaches through glued forms, splits and acronyms; words that are acronyms.
    const extra: Set<number>[] = Array.from({ length: n }, () => new Set<number>());
    const acronymWord: boolean[] = new Array(n).fill(false);
    const viaGlue = (wordId: number, from: number, count: number): void => {
      for (let k = from; k < Math.min(from + count, n); k++) extra[k]!.add(wordId);
    };
    // What each query word can reach: vocabulary words (matched alone, or within a glued form, split or
    // acronym the word belongs to), and entities whose organisation name it spells as an acronym.
    const reach: Set<number>[] = extra;
    const acronymSlots: (readonly number[] | undefined)[] = new Array(n).fill(undefined);
    if (settings.exactMatch) {
      for (let i = 0; i < n; i++) {
        required |= bit(i);
        const id = index.vocab.id(query.words[i]!.text);
        if (id !== undefined) reach[i]!.add(id);
      }
    } else {
      const ctx: WordMatchContext = { tables: index.tables, minEditLength: settings.minEditLength, nicknames: true, initials: true };
      for (let i = 0; i < n; i++) {
        const q = query.words[i]!;
        if (!this.optional(query, i)) required |= bit(i);
        const matches = this.vocabularyTypes(q, ctx, settings);
        if (q.text.length > 1) wordTypes[i] = matches;
        for (const id of matches.keys()) reach[i]!.add(id);
        const pair = query.gluedPairs[i];
        if (pair !== undefined && i + 1 < n) for (const id of this.vocabularyTypes(pair, ctx, settings).keys()) viaGlue(id, i, 2);
        this.markGlued(query, i, (wordId, count) => viaGlue(wordId, i, count));
        this.markSplit(q, (wordId) => viaGlue(wordId, i, 1));
        const slots = q.text.length >= MIN_ACRONYM && q.text.length <= MAX_ACRONYM ? index.acronyms.get(q.text) : undefined;
        if (slots !== undefined) {
          acronymWord[i] = true;
          acronymSlots[i] = slots;
        }
      }
    }

    const drops = settings.nameVariations && !settings.exactMatch ? 1 : 0;
    const out: number[] = [];
    // Every match holds a word reached by each required query word. With no drop allowed, the walk starts from
    // the rarest required word (common words' postings are never walked in full).
    const driver = drops === 0 ? this.rarestRequired(reach, required, acronymWord, n) : undefined;
    if (driver !== undefined) {
      // The rarest required word's postings name the entities. Another required word whose postings are few next
      // to those entities adds its bit by walking them; the others are checked on each entity's own words.
      const qualifies = this.qualifier(query, reach, required, acronymWord, acronymSlots);
      for (const id of reach[driver]!) markPostings(id, bit(driver));
      let walked = bit(driver);
      for (let j = 0; j < n; j++) {
        if (j === driver || !((required >>> j) & 1)) continue;
        if (this.postingsCost(reach[j]!) > touched.length * DRIVER_ADVANTAGE) continue;
        const b = bit(j);
        walked |= b;
        for (const id of reach[j]!) {
          const postings = index.postings[id];
          if (postings !== undefined) for (const slot of postings) if (marks[slot] !== 0) marks[slot]! |= b;
        }
        for (const slot of acronymSlots[j] ?? []) if (marks[slot] !== 0) marks[slot]! |= b;
      }
      for (const slot of touched) {
        const m = marks[slot]!;
        marks[slot] = 0;
        if ((m & walked) === walked && index.slots[slot] !== undefined && qualifies(slot)) out.push(slot);
      }
      qualifies.clear();
    } else {
      for (let i = 0; i < n; i++) {
        for (const id of reach[i]!) markPostings(id, bit(i));
        const slots = acronymSlots[i];
        if (slots !== undefined) markSlots(slots, bit(i));
      }
      // Every required word matched, less the one a name variation may drop; touched entities have some match.
      const needed = popcount(required) - drops;
      for (const slot of touched) {
        const m = marks[slot]!;
        marks[slot] = 0;
        if (popcount(m & required) >= needed && index.slots[slot] !== undefined) out.push(slot);
      }
    }
    const checked: number[] = [];
    for (let i = 0; i < n; i++) if ((required >>> i) & 1 && !acronymWord[i] && wordTypes[i] !== undefined) checked.push(i);
    const checkedReach = checked.map((i) => reach[i]!);
    const namePossible = (words: readonly PreparedWord[]): boolean => {
      let misses = 0;
      for (let c = 0; c < checkedReach.length; c++) {
        const ids = checkedReach[c]!;
        let found = false;
        for (let w = 0; w < words.length; w++) {
          if (ids.has(words[w]!.id!)) {
            found = true;
            break;
          }
        }
        if (!found && ++misses > drops) return false;
      }
      return true;
    };
    return { slots: out.sort((a, b) => a - b), wordTypes, namePossible: settings.exactMatch ? () => true : namePossible };
  }

  /**
   * The check of an entity against every query word, by its own words (the index's flat word ids, not its name
   * objects) and per-word bitmasks, for searches where every required word must match:
   * - each required query word reaches one of its words, or (a word that is also an acronym) its acronym;
   * - a single-letter list word (an initial) serves one query word only, so required words that only initials
   *   reach need as many initials;
   * - a one-letter query word (not an affix or particle) needs a word with that first letter (an initial, a
   *   word, a glued form or acronym beginning with it) or a glued form it reaches. Such words are too common to
   *   walk ("G. Moreno"), so they are checked here.
   * `clear()` resets the shared bitmask scratch.
   */
  private qualifier(
    query: PreparedQuery,
    reach: readonly Set<number>[],
    required: number,
    acronymWord: readonly boolean[],
    acronymSlots: readonly (readonly number[] | undefined)[],
  ): ((slot: number) => boolean) & { clear(): void } {
    const index = this.index;
    if (this.wordBits.length < index.vocab.size) this.wordBits = new Uint32Array(Math.max(index.vocab.size, this.wordBits.length * 2));
    const bits = this.wordBits;
    const single = index.singleLetterWords;
    const setIds: number[] = [];
    const acronymOf: (Set<number> | undefined)[] = [];
    let letterMask = 0;
    const letterCodes: number[] = [];
    for (let j = 0; j < reach.length; j++) {
      const q = query.words[j]!;
      const letter = q.text.length === 1 && !removable(query, j);
      if (!((required >>> j) & 1) && !letter) continue;
      if (letter) {
        letterMask |= 1 << j;
        letterCodes[j] = q.text.charCodeAt(0);
      }
      if (acronymWord[j]) acronymOf[j] = new Set(acronymSlots[j]);
      for (const id of reach[j]!) {
        if (bits[id] === 0) setIds.push(id);
        bits[id]! |= (1 << j) | (single[id] === 1 ? INITIAL_BIT : 0);
      }
    }
    const flat = index.slotWords;
    const start = index.slotWordStart;
    const initials = index.wordInitials;
    const qualifies = (slot: number): boolean => {
      let strong = 0;
      let byInitial = 0;
      let initialWords = 0;
      let letters = 0;
      for (let k = start[slot]!, end = start[slot + 1]!; k < end; k++) {
        const id = flat[k]!;
        const b = bits[id]!;
        if (letterMask !== 0) {
          for (let j = 0; j < letterCodes.length; j++) if (letterCodes[j] === initials[id]) letters |= 1 << j;
        }
        if (b === 0) continue;
        if (b & INITIAL_BIT) {
          byInitial |= b & ~INITIAL_BIT;
          initialWords++;
        } else strong |= b;
      }
      if (((letters | strong | byInitial) & letterMask) !== letterMask) return false;
      let missing = required & ~strong;
      for (let j = 0; missing !== 0 && j < acronymOf.length; j++) if ((missing >>> j) & 1 && acronymOf[j]?.has(slot)) missing &= ~(1 << j);
      return (missing & ~byInitial) === 0 && popcount(missing) <= initialWords;
    };
    return Object.assign(qualifies, {
      clear: (): void => {
        for (const id of setIds) bits[id] = 0;
      },
    });
  }

  private postingsCost(ids: ReadonlySet<number>): number {
    let cost = 0;
    for (const id of ids) cost += this.index.postings[id]?.length ?? 0;
    return cost;
  }

  /** The required query word (not an acronym) whose reachable words have the fewest postings. */
  private rarestRequired(reach: readonly Set<number>[], required: number, acronymWord: readonly boolean[], n: number): number | undefined {
    let best: number | undefined;
    let bestCost = Infinity;
    for (let i = 0; i < n; i++) {
      if (!((required >>> i) & 1) || acronymWord[i]) continue;
      const cost = this.postingsCost(reach[i]!);
      if (cost < bestCost) [best, bestCost] = [i, cost];
    }
    return best;
  }

  /** A query word that may stay unmatched: an affix under some entity type, a particle, or an initial. */
  private optional(query: PreparedQuery, i: number): boolean {
    return query.words[i]!.text.length === 1 || removable(query, i);
  }

  /**
   * Vocabulary words that query word `q` matches by a per-word type, found through the vocabulary's keys.
   * Public for payment-reference screening (src/reference), which looks up each word of a reference once.
   */
  vocabularyMatches(q: PreparedWord, ctx: WordMatchContext, settings: CandidateSettings): Set<number> {
    return new Set(this.vocabularyTypes(q, ctx, settings).keys());
  }

  /** Like `vocabularyMatches`, with the per-word type of each match. */
  vocabularyTypes(q: PreparedWord, ctx: WordMatchContext, settings: CandidateSettings): Map<number, WordMatchType> {
    const vocab = this.index.vocab;
    const tables = this.index.tables;
    const found = new Map<number, WordMatchType>();
    const seen = new Set<number>();
    const consider = (id: number | undefined): void => {
      if (id === undefined || seen.has(id)) return;
      seen.add(id);
      const type = wordMatchType(q, vocab.words[id]!, ctx);
      if (type !== null) found.set(id, type);
    };
    const considerAll = (ids: readonly number[] | undefined): void => {
      if (ids !== undefined) for (const id of ids) consider(id);
    };
    const text = q.text;
    consider(vocab.id(text));
    if (settings.minEditLength !== null && text.length >= settings.minEditLength && text.length >= 3 && !q.isNumber) {
      for (const key of deletionKeys(text)) considerAll(vocab.deletions.get(key));
    }
    const [p, s] = q.phonetic;
    if (p !== '') considerAll(vocab.phonetic.get(p));
    if (s !== '' && s !== p) considerAll(vocab.phonetic.get(s));
    const skeletons = q.script === 'abjad' ? vocab.skeletons() : vocab.abjadSkeletons;
    for (const key of skeletonKeys(q.skeleton)) considerAll(skeletons.get(key));
    for (const group of tables.crossCultural.get(text) ?? []) for (const w of tables.crossCulturalGroups[group]!) consider(vocab.id(w));
    for (const group of tables.nicknames.get(text) ?? []) for (const w of tables.nicknameGroups[group]!) consider(vocab.id(w));
    if (text.length > 1) consider(vocab.id(text[0]!));
    for (const w of tables.digitToWords.get(text) ?? []) consider(vocab.id(w));
    for (const w of tables.wordToDigits.get(text) ?? []) consider(vocab.id(w));
    return found;
  }

  /** Query words i..i+k-1 glued into one list word, or spelling out a list acronym. */
  private markGlued(query: PreparedQuery, i: number, mark: (wordId: number, count: number) => void): void {
    const vocab = this.index.vocab;
    let glued = query.words[i]!.text;
    let initials = glued[0]!;
    for (let k = 2; k <= MAX_ACRONYM && i + k <= query.words.length; k++) {
      const next = query.words[i + k - 1]!.text;
      glued += next;
      initials += next[0]!;
      if (k <= MAX_GLUE) {
        const id = vocab.id(glued);
        if (id !== undefined) mark(id, k);
      }
      const acronym = k >= MIN_ACRONYM ? vocab.id(initials) : undefined;
      if (acronym !== undefined) mark(acronym, k);
    }
  }

  /**
   * Query word written as 2..4 list words: for each way of splitting it into vocabulary words, the entities
   * holding its rarest part (the matcher checks the rest). `ali` = `al` + `i` marks the holders of `i`, not every
   * `Al-` name.
   */
  private markSplit(q: PreparedWord, mark: (wordId: number) => void): void {
    const vocab = this.index.vocab;
    const postings = this.index.postings;
    const text = q.text;
    const parts: number[] = [];
    const dead = new Set<number>(); // positions from which no split into the parts left exists (× MAX_GLUE)
    const walk = (from: number): boolean => {
      if (from === text.length) {
        if (parts.length < 2) return false;
        let rarest = parts[0]!;
        for (const id of parts) if ((postings[id]?.length ?? 0) < (postings[rarest]?.length ?? 0)) rarest = id;
        mark(rarest);
        return true;
      }
      if (parts.length === MAX_GLUE || dead.has(from * 8 + parts.length)) return false;
      let found = false;
      for (let cut = from + 1; cut <= text.length; cut++) {
        const id = vocab.id(text.slice(from, cut));
        if (id === undefined) continue;
        parts.push(id);
        found = walk(cut) || found;
        parts.pop();
      }
      if (!found) dead.add(from * 8 + parts.length);
      return found;
    };
    walk(0);
  }
}

/** A query word that may be removed: a name particle, or an affix under some entity type. */
function removable(query: PreparedQuery, i: number): boolean {
  return query.words[i]!.particle || query.roles.person[i] !== undefined || query.roles.organisation[i] !== undefined || query.roles.any[i] !== undefined;
}

/** Set bits of a 32-bit mask. */
function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
