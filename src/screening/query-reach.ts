/**
 * The look-up phase of a search: the vocabulary words each query word reaches through the index's keys (exact,
 * one-deletion keys, phonetic codes, skeletons, equivalents, initials, digits), glued and split forms,
 * abbreviations and acronyms, and the words on which a hit could be anchored. It depends on the query and the
 * vocabulary's keys, and for splits on the postings too (a split counts where one entity holds all its parts, and
 * its rarest part is the one fewest entities hold): the per-word look-ups and the splits are remembered across
 * searches under those (lookup-memo.ts, split-memo.ts).
 */
import type { PreparedQuery } from '../names/name-match.js';
import { sameWord, type PreparedWord } from '../names/prepare.js';
import { isOneEdit, type WordMatchContext } from '../names/word-match.js';
import type { WordMatchType } from '../names/types.js';
import { coreRange, MAX_ACRONYM, MIN_ACRONYM } from '../names/assign.js';
import { INITIAL_MASS, SIMILARITY } from '../names/evidence.js';
import type { EntityIndex } from './entity-index.js';
import { StampedMarks } from './stamps.js';
import { heldGluedForms, VocabularyTypes } from './vocabulary-types.js';
import { WordSplits } from './word-splits.js';
import { LookupMemo, type WordLookup } from './lookup-memo.js';
import { NO_SPLITS, SplitMemo, type RememberedSplit } from './split-memo.js';
import { SplitJoins } from './postings-intersect.js';
import type { LookupSettings, QueryReach } from './query-reach-types.js';

export type { LookupSettings, QueryReach } from './query-reach-types.js';

/** At most this many query words are tracked (bitmasks of 32 bits); a longer query is looked up in part. */
export const MAX_TRACKED_WORDS = 31;
/** Abbreviations and their expansions have at most this many words (lists/abbreviations.txt). */
const MAX_EXPANSION_WORDS = 4;

/** How markSplit reports a split: its rarest part, the parts' masses together, the parts and each one's mass. */
type SplitMark = (wordId: number, totalWeight: number, parts: readonly number[], masses: readonly number[]) => void;

const NO_WORDS: ReadonlySet<number> = new Set();
/**
 * The set of a look-up where it is empty (a query word nothing reaches, a query of no split or form), shared by
 * every look-up: read only, as every set of a QueryReach is (one made empty costs about 0.15 KB).
 */
const NONE = new Set<number>();
const NO_CREDITS: ReadonlyMap<number, number> = new Map();

/** The maps, NO_CREDITS where a word has none: written in place (the look-up's own array, no second one). */
function credits(maps: (Map<number, number> | undefined)[]): ReadonlyMap<number, number>[] {
  const out = maps as (ReadonlyMap<number, number> | undefined)[];
  for (let k = 0; k < out.length; k++) out[k] ??= NO_CREDITS;
  return out as ReadonlyMap<number, number>[];
}

/** Per-word types that may anchor a hit on a full word (assign.ts). */
export const ANCHOR_TYPES: ReadonlySet<WordMatchType> = new Set(['exact_match', 'edit_distance', 'removed_spaces', 'digit_to_word', 'word_to_digit']);
/** Types the matcher recomputes under narrower rules (assign.ts, pairType). */
const RULE_DEPENDENT: ReadonlySet<WordMatchType> = new Set(['equivalent_name', 'initial_to_word', 'word_to_initial']);

export class VocabularyLookup {
  /** Per vocabulary word, bits of the query words reaching it other than as a split part (lookUp; reset per call). */
  private readonly plain = new StampedMarks();
  /** The words each query word matches by a per-word type (its scratch list is read after each `collect`). */
  private readonly types: VocabularyTypes;
  /** The per-word look-ups remembered across searches (`memo.capacity = 0` turns it off). */
  readonly memo = new LookupMemo();
  /** The splits of query words remembered across searches, within the look-up memo's capacity (split-memo.ts). */
  readonly splitMemo = new SplitMemo();
  /** The first words of the abbreviation tables' expansions, and the most words an expansion has. */
  private readonly expansionFirst = new Set<string>();
  private expansionWords = 0;

  constructor(private readonly index: EntityIndex) {
    this.types = new VocabularyTypes(index);
    for (const expansion of index.tables.expansions.keys()) {
      const words = expansion.split(' ');
      this.expansionFirst.add(words[0]!);
      this.expansionWords = Math.max(this.expansionWords, words.length);
    }
  }

  /** What every query word reaches (see QueryReach). */
  lookUp(query: PreparedQuery, settings: LookupSettings, optional: (i: number) => boolean): QueryReach {
    const index = this.index;
    const words = query.words;
    const n = Math.min(words.length, MAX_TRACKED_WORDS);
    let required = 0;
    const wordTypes: (Map<number, WordMatchType> | undefined)[] = new Array(words.length).fill(undefined);
    // What each query word reaches. A word's own look-up from the memo is its set as it is (WordLookup.reach,
    // shared by the searches: bit k of `shared`) until something else is added to it, which copies it first (a
    // set made per word and search was most of what a look-up allocated); a word nothing reaches is NO_REACH.
    const reach: (Set<number> | undefined)[] = new Array(n).fill(undefined);
    let shared = 0;
    const own = (k: number): Set<number> => {
      let set = reach[k];
      if (set === undefined) reach[k] = set = new Set<number>();
      else if ((shared >>> k) & 1) {
        reach[k] = set = new Set(set);
        shared &= ~(1 << k);
      }
      return set;
    };
    // Per vocabulary word, the query words reaching it other than as a split's witness or an expansion's word,
    // as bits (see QueryReach.splitOnly).
    const plain = this.plain;
    plain.reset(index.vocab.size);
    const viaGlue = (wordId: number, from: number, count: number, split = false): void => {
      for (let k = from; k < Math.min(from + count, n); k++) {
        own(k).add(wordId);
        if (!split) plain.or(wordId, 1 << k);
      }
    };
    const acronymWord: boolean[] = new Array(n).fill(false);
    const acronymSlots: (readonly number[] | undefined)[] = new Array(n).fill(undefined);
    const splitCredit = new Float64Array(n);
    // Made when a query word has some (most have none), else NO_CREDITS.
    const splitWitness: (Map<number, number> | undefined)[] = new Array(n).fill(undefined);
    const splitParts: (Map<number, number> | undefined)[] = new Array(n).fill(undefined);
    const witness = (i: number, id: number, credit: number): void => {
      const known = (splitWitness[i] ??= new Map<number, number>());
      if ((known.get(id) ?? -1) < credit) known.set(id, credit);
    };
    // Each part's share of a split or expansion: its rarity times its repeats there.
    // masses: the parts' partMass, when known.
    const partsOf = (i: number, ids: readonly number[], masses?: readonly number[]): void => {
      if (ids.length === 0) return;
      const known = (splitParts[i] ??= new Map<number, number>());
      for (let k = 0; k < ids.length; k++) {
        const id = ids[k]!;
        let repeats = 0;
        for (const other of ids) if (other === id) repeats++;
        const share = SIMILARITY.removed_spaces * repeats * (masses === undefined ? this.partMass(id) : masses[k]!);
        if ((known.get(id) ?? -1) < share) known.set(id, share);
      }
    };
    // Made at the first part (most queries have no split).
    let softIds: Set<number> | undefined;
    const complete = !settings.exactMatch && words.length <= MAX_TRACKED_WORDS;
    const anchorable = complete ? new Set<number>() : undefined;
    // Words written in Han, Hangul or Kana are found by text only: where the vocabulary holds some, the forms are
    // not all known by id.
    const formsKnown = complete && !index.vocab.hasNative;
    // Made at the first form (most queries have none): NONE where known and empty.
    let forms: Set<number> | undefined;
    const addForm = (wordId: number): void => {
      if (formsKnown) (forms ??= new Set<number>()).add(wordId);
    };
    // A word of a glued, split or abbreviated form of the query anchors.
    const form = (wordId: number): void => {
      addForm(wordId);
      anchorable?.add(wordId);
    };
    if (settings.exactMatch) {
      for (let i = 0; i < n; i++) {
        required |= 1 << i;
        const q = words[i]!;
        for (const id of index.vocab.withText(q.text)) if (sameWord(q, index.vocab.words[id]!)) viaGlue(id, i, 1);
      }
    } else {
      const ctx: WordMatchContext = { tables: index.tables, minEditLength: settings.minEditLength, nicknames: true, initials: true };
      const core = coreRange(words, query.roles.organisation);
      const memo = this.memo.capacity > 0;
      // The callbacks of the forms of query word `at`, made once per look-up (not once per word).
      let at = 0;
      const glued = (wordId: number, count: number): void => {
        viaGlue(wordId, at, count);
        form(wordId);
      };
      const abbreviated = (wordId: number, count: number, expansion: boolean): void => {
        viaGlue(wordId, at, count, expansion);
        form(wordId);
      };
      const expansionWords = (wordIds: readonly number[], credit: number): void => {
        for (const id of wordIds) witness(at, id, credit);
        partsOf(at, wordIds);
      };
      const split = (wordId: number, total: number, parts: readonly number[], masses: readonly number[]): void => {
        viaGlue(wordId, at, 1, true);
        form(wordId);
        for (const part of parts) (softIds ??= new Set<number>()).add(part);
        splitCredit[at] = Math.max(splitCredit[at]!, SIMILARITY.removed_spaces * total);
        witness(at, wordId, SIMILARITY.removed_spaces * total);
        partsOf(at, parts, masses);
      };
      for (let i = 0; i < n; i++) {
        at = i;
        const q = words[i]!;
        const bit = 1 << i;
        if (!optional(i)) required |= bit;
        const types = this.types;
        if (memo) {
          const word = this.wordLookup(q, ctx, settings.minEditLength);
          wordTypes[i] = word.matches;
          const { ids, anchors } = word;
          // Nothing reached word i before its own look-up (glued forms of the words before it may have): its set.
          const fresh = reach[i] === undefined;
          if (fresh) {
            reach[i] = word.reach;
            shared |= bit;
          }
          const reached = fresh ? undefined : own(i);
          for (let f = 0; f < ids.length; f++) {
            const id = ids[f]!;
            reached?.add(id);
            plain.or(id, bit);
            if (anchorable !== undefined && anchors[f] === 1) anchorable.add(id);
          }
        } else {
          // A word of one letter keeps no map of its types (QueryReach.wordTypes).
          const matches = q.text.length > 1 ? new Map<number, WordMatchType>() : undefined;
          types.collect(q, ctx, settings.minEditLength, matches);
          wordTypes[i] = matches;
          const reached = own(i);
          for (let f = 0, count = types.count; f < count; f++) {
            const id = types.ids[f]!;
            reached.add(id);
            plain.or(id, bit);
            if (anchorable !== undefined && this.mayAnchor(q, id, types.types[f]!)) anchorable.add(id);
          }
        }
        const pair = query.gluedPairs[i];
        if (pair !== undefined && i + 1 < n) {
          if (memo) {
            const ids = this.wordLookup(pair, ctx, settings.minEditLength).ids;
            for (let f = 0; f < ids.length; f++) {
              viaGlue(ids[f]!, i, 2);
              addForm(ids[f]!);
            }
          } else {
            types.collect(pair, ctx, settings.minEditLength, undefined);
            for (let f = 0, count = types.count; f < count; f++) {
              const id = types.ids[f]!;
              viaGlue(id, i, 2);
              addForm(id);
            }
          }
        }
        this.markGlued(query, i, glued);
        if (anchorable !== undefined && index.vocab.hasNative) this.markGluedNative(query, i, anchorable);
        const expanded = this.markAbbreviations(query, i, abbreviated, form, expansionWords);
        splitCredit[i] = Math.max(splitCredit[i]!, expanded);
        this.markSplit(q, split, memo);
        if (anchorable !== undefined && index.vocab.hasNative) this.markSplitNative(q, anchorable);
        // A query word spells out a list acronym only when it is the whole query but affixes and particles, under
        // the organisation rules (assign.ts).
        const alone = core.from === i && core.to === i + 1 && !q.isNumber;
        const slots = alone && q.text.length >= MIN_ACRONYM && q.text.length <= MAX_ACRONYM ? index.acronyms.get(q.text) : undefined;
        if (slots !== undefined) {
          acronymWord[i] = true;
          acronymSlots[i] = slots;
        }
      }
    }
    // A query of particles alone (`Van Der`): its particles are its words, and it can match only a name of
    // particles alone (elsewhere particles weigh nothing).
    let particlesOnly = false;
    if (required === 0 && !settings.exactMatch) {
      for (let i = 0; i < n; i++) if (words[i]!.particle && query.duplicateOf[i] === undefined) required |= 1 << i;
      particlesOnly = required !== 0;
    }
    for (let k = 0; k < n; k++) reach[k] ??= NONE;
    const splitOnly: ReadonlySet<number>[] = [];
    for (let k = 0; k < n; k++) {
      let only: Set<number> | undefined;
      for (const id of reach[k]!) if (((plain.get(id) >>> k) & 1) === 0) (only ??= new Set<number>()).add(id);
      splitOnly.push(only ?? NO_WORDS);
    }
    return {
      n,
      required,
      particlesOnly,
      reach: reach as Set<number>[],
      wordTypes,
      acronymWord,
      acronymSlots,
      splitCredit,
      splitWitness: credits(splitWitness),
      splitParts: credits(splitParts),
      splitOnly,
      softIds: softIds ?? NONE,
      anchorable,
      forms: formsKnown ? (forms ?? NONE) : undefined,
    };
  }

  /**
   * The per-word look-up of query word q (VocabularyTypes.collect, with mayAnchor of each word found): remembered
   * across searches while the vocabulary keeps its generation (lookup-memo.ts).
   */
  private wordLookup(q: PreparedWord, ctx: WordMatchContext, minEditLength: number | null): WordLookup {
    const generation = this.index.vocab.generation;
    const known = this.memo.get(q, minEditLength, generation);
    if (known !== undefined) return known;
    const types = this.types;
    const matches = q.text.length > 1 ? new Map<number, WordMatchType>() : undefined;
    types.collect(q, ctx, minEditLength, matches);
    const count = types.count;
    const ids = types.ids.slice(0, count);
    const anchors = new Uint8Array(count);
    for (let f = 0; f < count; f++) if (this.mayAnchor(q, ids[f]!, types.types[f]!)) anchors[f] = 1;
    const entry: WordLookup = { text: q.text, script: q.script, native: q.native, minEditLength, ids, types: types.types.slice(0, count), anchors, matches, reach: new Set(ids) };
    this.memo.put(entry, generation);
    return entry;
  }

  /**
   * Whether query word q placed on vocabulary word id with this per-word type could anchor a hit (assign.ts,
   * optionsInto): an anchoring type, a sound-alike across an abjad and a Latin spelling or one letter off, or a
   * type the matcher recomputes under narrower rules that could then be a digit.
   */
  private mayAnchor(q: PreparedWord, id: number, type: WordMatchType): boolean {
    if (ANCHOR_TYPES.has(type)) return true;
    const l = this.index.vocab.words[id]!;
    if (type === 'phonetic') return (q.script === 'abjad') !== (l.script === 'abjad') || (Math.min(q.text.length, l.text.length) >= 4 && isOneEdit(q.text, l.text));
    if (RULE_DEPENDENT.has(type)) {
      const digits = this.index.tables;
      return (digits.digitToWords.get(q.text)?.includes(l.text) ?? false) || (digits.wordToDigits.get(q.text)?.includes(l.text) ?? false);
    }
    return false;
  }

  /**
   * Vocabulary words that query word `q` matches by a per-word type, with the type, found through the
   * vocabulary's keys. Payment-reference screening (src/reference) looks up each word of a reference here too.
   */
  vocabularyTypes(q: PreparedWord, ctx: WordMatchContext, minEditLength: number | null): Map<number, WordMatchType> {
    const found = new Map<number, WordMatchType>();
    this.types.collect(q, ctx, minEditLength, found);
    return found;
  }

  /**
   * Abbreviations (lists/abbreviations.txt): query words i.. abbreviating list words (the expansion's words are
   * reached), or spelling out an expansion whose abbreviation list words may carry (its words are reached).
   */
  private markAbbreviations(
    query: PreparedQuery,
    i: number,
    mark: (wordId: number, count: number, expansion: boolean) => void,
    form: (wordId: number) => void,
    witness: (wordIds: readonly number[], credit: number) => void,
  ): number {
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
          const ids: number[] = [];
          for (const w of expansion) {
            const id = vocab.id(w);
            if (id === undefined) continue;
            mark(id, k, true);
            ids.push(id);
            total += this.partMass(id);
          }
          credit = Math.max(credit, SIMILARITY.removed_spaces * total);
          witness(ids, SIMILARITY.removed_spaces * total);
        }
      }
    }
    // No expansion starts with the word: no run of query words from it is one (nor longer than any).
    if (!this.expansionFirst.has(query.words[i]!.text)) return credit;
    let run = '';
    for (let e = 1; i + e <= n && e <= this.expansionWords; e++) {
      run += (e > 1 ? ' ' : '') + query.words[i + e - 1]!.text;
      for (const short of expansions.get(run) ?? []) {
        if (e <= MAX_EXPANSION_WORDS) {
          for (const w of short) {
            const id = vocab.id(w);
            if (id !== undefined) mark(id, e, false);
          }
        }
        // The matcher takes any run of list words that glue into the abbreviation (assign.ts).
        this.splitter.each(this.index.vocab, short.join(''), this.idOf, (parts) => {
          for (const id of parts) form(id);
        }, 1, 3);
      }
    }
    return credit;
  }

  /** Query words i..i+k-1 glued into one list word, or spelling out a list acronym. */
  private markGlued(query: PreparedQuery, i: number, mark: (wordId: number, count: number) => void): void {
    const vocab = this.index.vocab;
    heldGluedForms(vocab, query, i, (text, count) => {
      const id = vocab.id(text);
      if (id !== undefined) mark(id, count);
    });
  }

  /** Words written in Han, Hangul or Kana whose text is a glued run of query words or their initials. */
  private markGluedNative(query: PreparedQuery, i: number, into: Set<number>): void {
    const vocab = this.index.vocab;
    heldGluedForms(vocab, query, i, (text) => {
      for (const id of vocab.withText(text)) into.add(id);
    });
  }

  /**
   * Query word written as 2..4 list words: for each way of splitting it into vocabulary words that some entity
   * holds all of (a split needs all its parts on one name: postings-intersect.ts), the entities holding its rarest
   * part (the matcher checks the rest). `ali` = `al` + `i` marks the holders of `i`, not every `Al-` name; `nagy` =
   * `n` + `a` + `g` + `y` marks nothing where no entity holds the four.
   */
  private markSplit(q: PreparedWord, mark: SplitMark, memo: boolean): void {
    if (!memo) {
      this.walkSplits(q, mark);
      return;
    }
    const generation = this.index.vocab.generation;
    const version = this.index.contentVersion;
    let known = this.splitMemo.get(q.text, generation, version);
    if (known === undefined) {
      const found: RememberedSplit[] = [];
      this.walkSplits(q, (rarest, total, parts, masses) => {
        found.push({ rarest, total, parts: parts.slice(), masses: masses.slice() });
      });
      known = found.length === 0 ? NO_SPLITS : found;
      this.splitMemo.put(q.text, known, generation, version, this.memo.capacity);
    }
    for (const s of known) mark(s.rarest, s.total, s.parts, s.masses);
  }

  /** markSplit's answer found afresh: each split some entity holds, in the order WordSplits finds them. */
  private walkSplits(q: PreparedWord, mark: SplitMark): void {
    const postings = this.index.postings;
    // The parts' partMass, in their order (valid during `mark`).
    const masses = this.splitMasses;
    const joins = this.splitJoins;
    joins.begin(postings);
    this.splitter.each(this.index.vocab, q.text, this.idOf, (parts) => {
      if (!joins.share(parts)) return;
      let rarest = parts[0]!;
      let total = 0;
      masses.length = 0;
      for (const id of parts) {
        if (postings.count(id) < postings.count(rarest)) rarest = id;
        const mass = this.partMass(id);
        masses.push(mass);
        total += mass;
      }
      mark(rarest, total, parts, masses);
    });
  }

  /**
   * The most a list word can weigh as a part of a split or expansion (name-match.ts, listMasses): its rarity, or
   * an initial's mass for a single letter where that is more.
   */
  private partMass(id: number): number {
    const word = this.index.vocab.words[id]!;
    const weight = this.index.weightOfId(id);
    return word.text.length === 1 && !word.isNumber ? Math.max(INITIAL_MASS, weight) : weight;
  }

  /** Every word written in Han, Hangul or Kana of a split of the query word into 2..4 words, by text. */
  private markSplitNative(q: PreparedWord, into: Set<number>): void {
    const vocab = this.index.vocab;
    this.splitter.each(this.index.vocab, q.text, (text, out) => {
      vocab.eachWithText(text, (id) => {
        out.push(id);
      });
    }, (parts) => {
      for (const id of parts) into.add(id);
    });
  }

  /** The id of a list word written in a Latin-based script with this text, pushed onto `out` (splits). */
  private readonly idOf = (text: string, out: number[]): void => {
    const id = this.index.vocab.id(text);
    if (id !== undefined) out.push(id);
  };
  /** The parts' partMass in markSplit, in their order (scratch, valid during its `mark`). */
  private readonly splitMasses: number[] = [];
  /** Whether a split's parts are held together, joins shared by the splits of one word (postings-intersect.ts). */
  private readonly splitJoins = new SplitJoins();
  /** The ways of splitting a query word into list words (word-splits.ts). */
  private readonly splitter = new WordSplits();
}
