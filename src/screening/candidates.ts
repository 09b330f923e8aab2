/**
 * Candidate generation: the entities a query could match, found through the index's keys, never by a scan.
 * Each query word looks up the vocabulary words it could match (exact, one-deletion keys, phonetic codes,
 * skeletons, equivalents, initials, digits, glued forms, acronyms); every hit is checked with the per-word
 * matcher, then its postings mark the entities. An entity is a candidate when it holds a match for every query
 * word that cannot be removed. The name matcher then verifies each candidate, so this step may over-generate
 * but never misses what the matcher would accept.
 */
import type { PreparedQuery } from '../names/name-match.js';
import type { EntityType } from '../types/entity.js';
import { sameWord, type PreparedName, type PreparedWord } from '../names/prepare.js';
import { wordMatchType, type WordMatchContext } from '../names/word-match.js';
import type { WordMatchType } from '../names/types.js';
import type { EntityIndex } from './entity-index.js';
import { MAX_ACRONYM, MIN_ACRONYM } from '../names/assign.js';
import { deletionKeys, skeletonKeys } from './vocabulary.js';
import { namePossibility } from './name-check.js';
import { editSimilarity, evidenceBound, INITIAL_MASS, SIMILARITY, SKELETON_SIMILARITY } from '../names/evidence.js';

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
}

const MAX_TRACKED_WORDS = 31;
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
    // The most a query word written as several list words can earn: the parts' rarities together.
    const splitCredit = new Float64Array(n);
    // Every part of a query word written as several list words (only the rarest is reached).
    const softIds = new Set<number>();
    if (settings.exactMatch) {
      for (let i = 0; i < n; i++) {
        required |= bit(i);
        const q = query.words[i]!;
        for (const id of index.vocab.withText(q.text)) if (sameWord(q, index.vocab.words[id]!)) reach[i]!.add(id);
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
        const expanded = this.markAbbreviations(query, i, (wordId, count) => viaGlue(wordId, i, count));
        splitCredit[i] = Math.max(splitCredit[i]!, expanded);
        this.markSplit(q, (wordId, total, parts) => {
          viaGlue(wordId, i, 1);
          for (const part of parts) softIds.add(part);
          splitCredit[i] = Math.max(splitCredit[i]!, SIMILARITY.removed_spaces * total);
        });
        const slots = q.text.length >= MIN_ACRONYM && q.text.length <= MAX_ACRONYM ? index.acronyms.get(q.text) : undefined;
        if (slots !== undefined) {
          acronymWord[i] = true;
          acronymSlots[i] = slots;
        }
      }
    }

    // Which sets of matched required words could make a hit (evidence.ts): the credit they can earn at best
    // against the mass of the required words left out.
    // A query of particles alone (`Van Der`): its particles are its words, and it can match only a name of
    // particles alone (elsewhere particles weigh nothing).
    let particlesOnly = false;
    if (required === 0 && !settings.exactMatch) {
      for (let i = 0; i < n; i++) if (query.words[i]!.particle && query.duplicateOf[i] === undefined) required |= bit(i);
      particlesOnly = required !== 0;
    }
    const feasible = this.feasibility(query, reach, wordTypes, splitCredit, required, acronymWord, n, settings);
    // Every hit matches some word of the drivers: the fewest postings such that the other words alone could not
    // make a hit. Entities they reach are checked on their own words.
    const drivers = this.drivers(reach, required, acronymWord, acronymSlots, n, feasible);
    const qualifies = this.qualifier(query, reach, required, acronymWord, acronymSlots, softIds, settings.exactMatch || settings.threshold === undefined ? 1 : settings.nameVariations ? 1 : 2, feasible);
    const out: number[] = [];
    for (const i of drivers) {
      for (const id of reach[i]!) markPostings(id, bit(i));
      const slots = acronymSlots[i];
      if (slots !== undefined) markSlots(slots, bit(i));
    }
    for (const slot of touched) {
      marks[slot] = 0;
      const entity = index.slots[slot];
      if (entity === undefined || !feasible(qualifies(slot))) continue;
      if (particlesOnly && !entity.names.some((name) => name.words.every((w, j) => w.particle || name.roles[j] !== undefined))) continue;
      out.push(slot);
    }
    qualifies.clear();
    const namePossible = namePossibility(this.index, query, reach, wordTypes, softIds, required, acronymWord, n, feasible, settings);
    return { slots: out.sort((a, b) => a - b), wordTypes, namePossible: settings.exactMatch || settings.threshold === undefined ? () => true : namePossible };
  }

  /**
   * The required query words an entity holds a match for, as a bitmask, read from its own words (the index's flat
   * word ids, not its name objects) and per-word bitmasks over the vocabulary; a word that is also an acronym
   * counts where the entity's organisation name spells it. `clear()` resets the shared bitmask scratch.
   */
  private qualifier(
    query: PreparedQuery,
    reach: readonly Set<number>[],
    required: number,
    acronymWord: readonly boolean[],
    acronymSlots: readonly (readonly number[] | undefined)[],
    softIds: ReadonlySet<number>,
    parts: number,
    feasible: Feasibility,
  ): ((slot: number) => number) & { clear(): void } {
    const index = this.index;
    if (this.wordBits.length < index.vocab.size) this.wordBits = new Uint32Array(Math.max(index.vocab.size, this.wordBits.length * 2));
    const bits = this.wordBits;
    const setIds: number[] = [];
    const acronymOf: (Set<number> | undefined)[] = [];
    // What each query word can earn on each vocabulary word it reaches (by id × 32 + word).
    const creditAt = new Map<number, number>();
    for (let j = 0; j < reach.length; j++) {
      if (!((required >>> j) & 1)) continue;
      if (acronymWord[j]) acronymOf[j] = new Set(acronymSlots[j]);
      for (const id of reach[j]!) {
        if (bits[id] === 0) setIds.push(id);
        bits[id]! |= 1 << j;
        if (feasible.creditOn !== undefined) {
          const key = id * 32 + j;
          const value = feasible.creditOn(j, id);
          creditAt.set(key, value);
        }
      }
    }
    const n = reach.length;
    const credits = new Float64Array(n);
    const flat = index.slotWords;
    const start = index.slotWordStart;
    // People need evidence on two name parts (name-match.ts) unless a name of theirs has one full word.
    const single = index.singleLetterWords;
    const short = index.shortNames;
    const vocabWords = index.vocab.words;
    const personQuery = query.entityType === 'person';
    const need = Math.min(parts, popcount(required));
    const qualifies = (slot: number): number => {
      let found = 0;
      let full = 0;
      credits.fill(0);
      for (let k = start[slot]!, end = start[slot + 1]!; k < end; k++) {
        const id = flat[k]!;
        const b = bits[id]!;
        if (b === 0) continue;
        found |= b;
        // A full word: not an initial (a digit, or a part of a query word written as several list words, counts).
        if (single[id] === 0 || softIds.has(id) || vocabWords[id]!.isNumber) full |= b;
        for (let j = 0; j < n; j++) {
          if (!((b >>> j) & 1)) continue;
          const value = creditAt.get(id * 32 + j) ?? 0;
          if (value > credits[j]!) credits[j] = value;
        }
      }
      for (let j = 0; j < acronymOf.length; j++) {
        if (acronymOf[j]?.has(slot)) {
          found |= 1 << j;
          full |= 1 << j;
          credits[j] = Math.max(credits[j]!, feasible.acronymCredit?.(j) ?? 0);
        }
      }
      if (need >= 2 && short[slot] === 0 && popcount(full & required) < need && (personQuery || index.slots[slot]!.entity.entity_type === 'person')) return 0;
      const mask = found & required;
      // The credit the entity's own words allow: nothing when that cannot make a hit.
      if (feasible.creditOn !== undefined && feasible.bound(mask, 0, credits) < feasible.threshold) return 0;
      return mask;
    };
    return Object.assign(qualifies, {
      clear: (): void => {
        for (const id of setIds) bits[id] = 0;
      },
    });
  }

  /**
   * Whether an entity matching this set of required query words (a bitmask) could be a hit: under `exact_match`,
   * all of them; else (evidence.ts) the most credit those words can earn (each the rarity of the rarest list word
   * it reaches) against the mass of the required words left out must reach the threshold, and `min_matched_words`
   * must be met. Adding a word never makes a set infeasible.
   */
  private feasibility(
    query: PreparedQuery,
    reach: readonly Set<number>[],
    wordTypes: readonly (Map<number, WordMatchType> | undefined)[],
    splitCredit: Float64Array,
    required: number,
    acronymWord: readonly boolean[],
    n: number,
    settings: CandidateSettings,
  ): Feasibility {
    if (settings.exactMatch || settings.threshold === undefined) {
      const all = (mask: number): boolean => (mask & required) === required && required !== 0;
      return Object.assign(all, { bound: (mask: number) => (all(mask) ? 1 : 0), threshold: 0.5 });
    }
    const index = this.index;
    /**
     * What query word i can earn on vocabulary word id, at most (assign.ts): the word's rarity by the type's
     * similarity (glued forms and abbreviations 0.9, a sound-alike at most as across scripts), an initial's mass.
     */
    const creditOn = (i: number, id: number): number => {
      const word = index.vocab.words[id]!;
      if (word.text.length === 1 && !word.isNumber) return INITIAL_MASS;
      const type = wordTypes[i]?.get(id);
      const sim = type === undefined ? SIMILARITY.removed_spaces : type === 'phonetic' ? Math.max(SIMILARITY.phonetic, SKELETON_SIMILARITY) : type === 'edit_distance' ? editSimilarity(Math.max(word.text.length, query.words[i]!.text.length)) : SIMILARITY[type];
      return sim * index.weightOfId(id);
    };
    const credit = new Float64Array(n);
    const mass = new Float64Array(n);
    let count = 0;
    for (let i = 0; i < n; i++) {
      if (!((required >>> i) & 1)) continue;
      count++;
      mass[i] = index.weight(query.words[i]!.text);
      // The most a placement of the word can earn (assign.ts): the list word's rarity by the type's similarity,
      // an initial's mass for a single letter, and the rarity of the words it is glued with or spells out.
      let best = Math.max(acronymWord[i] ? query.words[i]!.text.length : 0, splitCredit[i]!);
      for (const id of reach[i]!) best = Math.max(best, creditOn(i, id));
      credit[i] = best;
    }
    const threshold = settings.threshold - 1e-9;
    const needed = settings.minMatchedWords === undefined ? 1 : Math.min(settings.minMatchedWords, count);
    const drop = settings.nameVariations;
    /**
     * The highest evidence of matching these words, with this much list mass certainly unmatched; `credits`, when
     * given, are what each word can earn on one entity (at most its `credit`).
     */
    const bound = (mask: number, listUnmatched: number, credits: Float64Array = credit): number => {
      mask &= required;
      if (popcount(mask) < needed) return 0;
      let c = 0;
      let left = 0;
      let largest = 0;
      for (let i = 0; i < n; i++) {
        if (!((required >>> i) & 1)) continue;
        if ((mask >>> i) & 1) c += Math.max(credits[i]!, splitCredit[i]!);
        else {
          left += mass[i]!;
          largest = Math.max(largest, mass[i]!);
        }
      }
      if (drop) left -= largest;
      return c > 0 ? evidenceBound(c, left, listUnmatched) : 0;
    };
    const feasible = (mask: number): boolean => bound(mask, 0) >= threshold;
    return Object.assign(feasible, { bound, threshold, creditOn, acronymCredit: (i: number) => (acronymWord[i] ? query.words[i]!.text.length : 0) });
  }

  /**
   * The required words whose postings are walked: every feasible set holds one of them. Starting from all, the
   * words of most postings are left out while the words left out could not make a hit alone.
   */
  private drivers(
    reach: readonly Set<number>[],
    required: number,
    acronymWord: readonly boolean[],
    acronymSlots: readonly (readonly number[] | undefined)[],
    n: number,
    feasible: Feasibility,
  ): number[] {
    const words: { i: number; cost: number }[] = [];
    for (let i = 0; i < n; i++) {
      if (!((required >>> i) & 1)) continue;
      words.push({ i, cost: this.postingsCost(reach[i]!) + (acronymWord[i] ? (acronymSlots[i]?.length ?? 0) : 0) });
    }
    words.sort((a, b) => b.cost - a.cost || a.i - b.i);
    let outside = 0;
    const drivers: number[] = [];
    for (const { i } of words) {
      if (feasible(outside | (1 << i))) drivers.push(i);
      else outside |= 1 << i;
    }
    return drivers;
  }

  private postingsCost(ids: ReadonlySet<number>): number {
    let cost = 0;
    for (const id of ids) cost += this.index.postings[id]?.length ?? 0;
    return cost;
  }

  /** A query word that may stay unmatched: an affix under some entity type, a particle, or an initial. */
  private optional(query: PreparedQuery, i: number): boolean {
    return query.words[i]!.text.length === 1 || removable(query, i) || query.duplicateOf[i] !== undefined;
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
    for (const id of vocab.withText(text)) consider(id);
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

  /**
   * Abbreviations (lists/abbreviations.txt): query words i.. abbreviating list words (the expansion's words are
   * reached), or spelling out an expansion whose abbreviation list words may carry (its words are reached).
   */
  private markAbbreviations(query: PreparedQuery, i: number, mark: (wordId: number, count: number) => void): number {
    const { abbreviations, expansions, abbreviationStarts } = this.index.tables;
    if (abbreviations.size === 0) return 0;
    // The most an abbreviation of the query can earn: the rarities of its expansion's words (assign.ts).
    let credit = 0;
    const vocab = this.index.vocab;
    const n = query.words.length;
    if (abbreviationStarts.has(query.words[i]!.text)) {
      let glued = '';
      for (let k = 1; k <= 3 && i + k <= n; k++) {
        glued += query.words[i + k - 1]!.text;
        for (const expansion of abbreviations.get(glued) ?? []) {
          let total = 0;
          for (const w of expansion) {
            const id = vocab.id(w);
            if (id === undefined) continue;
            mark(id, k);
            total += this.index.weightOfId(id);
          }
          credit = Math.max(credit, SIMILARITY.removed_spaces * total);
        }
      }
    }
    let run = '';
    for (let e = 1; e <= 4 && i + e <= n; e++) {
      run += (e > 1 ? ' ' : '') + query.words[i + e - 1]!.text;
      for (const short of expansions.get(run) ?? []) for (const w of short) {
        const id = vocab.id(w);
        if (id !== undefined) mark(id, e);
      }
    }
    return credit;
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
  private markSplit(q: PreparedWord, mark: (wordId: number, totalWeight: number, parts: readonly number[]) => void): void {
    const vocab = this.index.vocab;
    const postings = this.index.postings;
    const text = q.text;
    const parts: number[] = [];
    const dead = new Set<number>(); // positions from which no split into the parts left exists (× MAX_GLUE)
    const walk = (from: number): boolean => {
      if (from === text.length) {
        if (parts.length < 2) return false;
        let rarest = parts[0]!;
        let total = 0;
        for (const id of parts) {
          if ((postings[id]?.length ?? 0) < (postings[rarest]?.length ?? 0)) rarest = id;
          total += this.index.weightOfId(id);
        }
        mark(rarest, total, parts);
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

/** Whether a set of matched required words (a bitmask) could make a hit; `bound` with list mass left unmatched. */
export type Feasibility = ((mask: number) => boolean) & {
  bound(mask: number, listUnmatched: number, credits?: Float64Array): number;
  threshold: number;
  /** What query word i can earn on vocabulary word id; 0 where exact_match decides. */
  creditOn?(i: number, id: number): number;
  acronymCredit?(i: number): number;
};

/** Per-word types that may anchor a hit (assign.ts). */
export const ANCHOR_TYPES: ReadonlySet<WordMatchType> = new Set(['exact_match', 'edit_distance', 'removed_spaces', 'digit_to_word', 'word_to_digit']);

/** Set bits of a 32-bit mask. */
export function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
