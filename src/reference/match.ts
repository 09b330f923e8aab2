/**
 * Finding list names in the free text of a payment reference (issue 5; GUIDE.md section 1 per-word rules).
 *
 * 1. The reference is tokenised with offsets (tokens.ts) and each word is classed: noise (a stop word, or a
 *    word holding a digit: amounts, dates, invoice numbers, IBAN-like strings), a name particle, an initial, or
 *    an ordinary word that may anchor a match.
 * 2. Each anchoring word looks up the vocabulary words it matches (exact, one edit by the fuzziness table,
 *    phonetic, equivalents, digits) through the vocabulary's keys; glued and split forms are looked up too.
 * 3. Runs of two and three adjacent words, single words and acronyms are looked up in the n-gram index
 *    (ngram-index.ts): each hit is a candidate (a list name, read in list order or surname first, anchored at
 *    a reference word).
 * 4. Each candidate is verified by aligning the whole list name with consecutive reference words (align.ts):
 *    every core word must match (per-word types of word-match.ts, glued words, initials); affixes, particles,
 *    numbers and single letters are optional; a particle of the reference (not a stop word) may stand between
 *    two words of the name.
 * 5. Noise guard (docs/references.md, "Noise rules"): a name of two or more core words needs two of them
 *    matched by full words (a stop word of the name matched exactly may be the second); a name of one core word
 *    must be spelt as listed, a one-word person name is reported only when enabled, a person name of one core
 *    word and particles only with the particles, and a common word only with a second word of the name.
 */
import type { PlacedWord } from '../names/assign.js';
import { matchClassOf, type MatchClass } from '../names/name-match.js';
import { prepareWord, type PreparedWord } from '../names/prepare.js';
import { scoreMatch } from '../names/score.js';
import type { WordMatchType } from '../names/types.js';
import type { WordMatchContext } from '../names/word-match.js';
import { CandidateFinder } from '../screening/candidates.js';
import type { EntityIndex } from '../screening/entity-index.js';
import { aloneEntry, initialKey, pairKey, ReferenceIndex, tripleKey, type NameOrder, type Reading } from './ngram-index.js';
import { referenceWords, type ReferenceWords } from './noise.js';
import type { TokenScript } from '../names/normalize.js';
import { MAX_REFERENCE_WORDS, tokenizeWithOffsets, type OffsetToken } from './tokens.js';
import { Aligner, LETTERS, MAX_GLUE, PairCache, SPELT, type Alignment } from './align.js';
import { PairHits, type PairHit } from './pair-hits.js';
import { TypeMemo } from './type-memo.js';

export type Noise = 'stop_word' | 'number';

export interface ReferenceToken extends OffsetToken {
  word: PreparedWord;
  noise: Noise | undefined;
  /** May start a match: not noise, not a particle, two characters or more. */
  anchor: boolean;
  /** Written in capitals in the original text (acronyms must be). */
  upper: boolean;
}

export interface ReferenceMatchSettings {
  /** Shortest reference word allowed one edit (GUIDE.md fuzziness table); null disables edits. */
  minEditLength: number | null;
  /** Report names of one core word that belong to persons (off by default). */
  singleWordPersonNames: boolean;
}

/**
 * A list name found in the reference, once per name group (ngram-index.ts): every entity bearing the name is
 * found by it (`ReferenceIndex.bearers`).
 */
export interface Found {
  /** The n-gram index entry: the name group, read in list order or surname first. */
  entry: number;
  /** The entry's reading, with the names it stands for. */
  reading: Reading;
  rotated: boolean;
  acronym: boolean;
  /** First and one-past-last reference token of the match. */
  from: number;
  to: number;
  /** [start, end) offsets in the original text, and the text between them. */
  start: number;
  end: number;
  substring: string;
  /** Placement of each reference word from `from` to `to`. */
  placed: PlacedWord[];
  matchClass: MatchClass;
  /** The list name's words matched by a nickname (hypocorism). */
  hypocorism: boolean;
  /** The reference words from `from` to `to`. */
  words: PreparedWord[];
  /** Score for a bearer's aka [0] and primary name [1], computed on first use (`ReferenceMatcher.score`). */
  scores: [number | undefined, number | undefined];
  /**
   * The entry, placement and reference words, as a key of the score cache (`ReferenceMatcher.score`); the entry
   * alone (a number) for a name spelt exactly word for word, whose placement and words the entry determines.
   */
  signature: string | number | undefined;
}

const DIGIT = /[0-9]/;
const UPPER = /^[^\p{Ll}]*\p{Lu}[^\p{Ll}]*$/u;

/** Whether text[start, end) is written in capitals: a capital letter and no small one. */
function inCapitals(text: string, start: number, end: number): boolean {
  let capital = false;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c >= 97 && c <= 122) return false;
    if (c >= 65 && c <= 90) capital = true;
    else if (c > 127) return UPPER.test(text.slice(start, end));
  }
  return capital;
}
/** Types by which an optional word of the name (affix, particle, number) counts as a second word (align.ts). */
const OPTIONAL_SUPPORT: ReadonlySet<WordMatchType> = new Set(['exact_match', 'digit_to_word', 'word_to_digit']);
/** Particles and initials of the reference that may stand between a word and the next when looking up pairs. */
const MAX_PARTICLE_GAP = 2;
/**
 * Initials of a name read from a reference word need four letters: three-letter codes fill references, and nearly
 * every one spells some organisation's initials (an acronym the list publishes as an aka is a name of its own).
 */
const MIN_REFERENCE_ACRONYM = 4;
/** An acronym shared by more names than this is too ambiguous to report. */
const MAX_ACRONYM_NAMES = 20;
/** A word in at least this share of the list's entities (and at least COMMON_DF_MIN of them) is common. */
const COMMON_DF_SHARE = 1 / 2000;
const COMMON_DF_MIN = 25;
const VOCAB_CACHE_LIMIT = 50_000;
const WORD_CACHE_LIMIT = 50_000;
const SCORE_CACHE_LIMIT = 100_000;
const PAIR_CACHE_LIMIT = 100_000;

/** The vocabulary words a reference word matches (person rules), with the per-word type of each. */
interface WordMatches {
  ids: number[];
  types: ReadonlyMap<number, WordMatchType>;
}

/** Per screening index: the n-gram index, the candidate finder's vocabulary lookups and a cache of them. */
export class ReferenceMatcher {
  readonly ngrams: ReferenceIndex;
  private readonly finder: CandidateFinder;
  private readonly lookupCtx: WordMatchContext;
  private cache = new Map<string, WordMatches>();
  /** Word → its splits into two vocabulary words; emptied with `cache` when the vocabulary grows. */
  private splitCache = new Map<string, number[]>();
  /** Word → vocabulary id (-1: none); emptied with `cache`. */
  private idCache = new Map<string, number>();
  /** Vocabulary id → a run of that one id; emptied with `cache`. */
  private idLists = new Map<number, readonly number[]>();
  /** Word pairs the n-gram index holds, by the runs of vocabulary ids of two reference words. */
  private readonly pairHits: PairHits;
  private readonly prepared = new Map<string, PreparedWord>();
  /** The per-word answers of the reference being verified (`PairCache`). */
  private readonly typeMemo = new TypeMemo();
  private cachedVocabSize = -1;
  /**
   * Scores on an aka [0] and on a primary name [1] by signature (entry, placement, words), while the list (and
   * so every word's weight) stays the same.
   */
  private scores: [Map<string | number, number>, Map<string | number, number>] = [new Map(), new Map()];
  /** The list's slots and live entities when `pairHits` and `scores` were last checked against it. */
  private listSlots = -1;
  private listSize = -1;
  readonly words: ReferenceWords;
  /** The tokens of the reference being screened. */
  private lastTokens: readonly ReferenceToken[] | undefined;

  constructor(readonly index: EntityIndex) {
    this.ngrams = new ReferenceIndex(index);
    this.pairHits = new PairHits(this.ngrams, PAIR_CACHE_LIMIT);
    this.finder = new CandidateFinder(index);
    this.lookupCtx = { tables: index.tables, minEditLength: null, nicknames: true, initials: true };
    this.words = referenceWords();
  }

  /** A reference word prepared for comparison (cached: payment references repeat their words). */
  private prepare(text: string, script: TokenScript): PreparedWord {
    const key = `${script}:${text}`;
    let word = this.prepared.get(key);
    if (word === undefined) {
      if (this.prepared.size > WORD_CACHE_LIMIT) this.prepared.clear();
      word = prepareWord(text, script, this.index.tables);
      this.prepared.set(key, word);
    }
    return word;
  }

  tokens(text: string): ReferenceToken[] {
    return tokenizeWithOffsets(text).map(({ text: folded, script, start, end }): ReferenceToken => {
      const word = this.prepare(folded, script);
      const noise: Noise | undefined = DIGIT.test(folded) ? 'number' : this.words.stop.has(folded) ? 'stop_word' : undefined;
      const anchor = noise === undefined && !word.particle && folded.length >= 2;
      return { text: folded, script, start, end, word, noise, anchor, upper: inCapitals(text, start, end) };
    });
  }

  /**
   * The vocabulary id of a word, through a small cache: references look up many strings the vocabulary lacks
   * (payment words glued together), and the vocabulary of a large list is a map of a million words.
   */
  private wordId(text: string): number | undefined {
    let id = this.idCache.get(text);
    if (id === undefined) {
      if (this.idCache.size > WORD_CACHE_LIMIT) this.idCache.clear();
      id = this.index.vocab.id(text) ?? -1;
      this.idCache.set(text, id);
    }
    return id < 0 ? undefined : id;
  }

  /** The run of one vocabulary id, the same array each time (PairHits compares runs by identity). */
  private idList(id: number): readonly number[] {
    let list = this.idLists.get(id);
    if (list === undefined) {
      if (this.idLists.size > WORD_CACHE_LIMIT) this.idLists.clear();
      this.idLists.set(id, (list = [id]));
    }
    return list;
  }

  /** Each way a word splits into two vocabulary words ("mohamadali": mohamad + ali), as flat id pairs (cached). */
  private splits(text: string): readonly number[] {
    let found = this.splitCache.get(text);
    if (found === undefined) {
      found = [];
      for (let cut = 2; cut <= text.length - 3; cut++) {
        const a = this.wordId(text.slice(0, cut));
        const b = a === undefined ? undefined : this.wordId(text.slice(cut));
        if (a !== undefined && b !== undefined) found.push(a, b);
      }
      if (this.splitCache.size > WORD_CACHE_LIMIT) this.splitCache.clear();
      this.splitCache.set(text, found);
    }
    return found;
  }

  /** Vocabulary ids a reference word matches (cached across references until the vocabulary grows). */
  private lookup(word: PreparedWord, minEditLength: number | null): WordMatches {
    if (this.cache.size > VOCAB_CACHE_LIMIT) this.cache = new Map();
    const key = `${minEditLength ?? 0}:${word.script}:${word.text}`;
    let found = this.cache.get(key);
    if (found === undefined) {
      const types = this.finder.vocabularyTypes(word, { ...this.lookupCtx, minEditLength }, { exactMatch: false, minEditLength, nameVariations: false });
      found = { ids: [...types.keys()], types };
      this.cache.set(key, found);
    }
    return found;
  }

  /**
   * Every list name occurring in the reference, before grouping by entity. A reference has at most
   * MAX_REFERENCE_WORDS words (290 characters hold at most 145); a longer text is refused.
   */
  find(text: string, settings: ReferenceMatchSettings): { tokens: ReferenceToken[]; found: Found[] } {
    this.ngrams.refresh();
    if (this.index.vocab.size !== this.cachedVocabSize) {
      // New list words: cached look-ups may miss them.
      this.cache = new Map();
      this.splitCache = new Map();
      this.idCache = new Map();
      this.idLists = new Map();
      this.cachedVocabSize = this.index.vocab.size;
      this.pairHits.clear();
    }
    this.followList();
    const tokens = this.tokens(text);
    this.lastTokens = tokens;
    const n = tokens.length;
    if (n > MAX_REFERENCE_WORDS) throw new RangeError(`a payment reference has at most ${MAX_REFERENCE_WORDS} words`);
    // Per anchoring word, the vocabulary words it matches under person rules, with the type.
    const known: (ReadonlyMap<number, WordMatchType> | undefined)[] = new Array(n);
    // Units: vocabulary ids each reference word (or run of glued words) stands for, by start token.
    const units: { to: number; ids: readonly number[] }[][] = tokens.map(() => []);
    for (let t = 0; t < n; t++) {
      const tok = tokens[t]!;
      if (tok.anchor) {
        const matches = this.lookup(tok.word, settings.minEditLength);
        units[t]!.push({ to: t + 1, ids: matches.ids });
        known[t] = matches.types;
      } else {
        const id = this.wordId(tok.text);
        if (id !== undefined) units[t]!.push({ to: t + 1, ids: this.idList(id) });
      }
      let glued = tok.text;
      for (let g = 2; g <= MAX_GLUE && t + g <= n; g++) {
        const next = tokens[t + g - 1]!;
        if (!LETTERS.test(next.text) || !LETTERS.test(tok.text)) break;
        glued += next.text;
        const id = this.wordId(glued);
        if (id !== undefined) units[t]!.push({ to: t + g, ids: this.idList(id) });
      }
    }
    const candidates = new Set<number>(); // entry * 256 + anchor token
    const add = (entries: readonly number[] | undefined, anchor: number): void => {
      if (entries === undefined) return;
      for (const e of entries) candidates.add(e * 256 + anchor);
    };
    /** Names of one core word under a word of a glued form, found whole: names of that word alone included. */
    const addSingles = (items: readonly number[] | undefined, anchor: number): void => {
      if (items === undefined) return;
      for (const item of items) candidates.add((item < 0 ? aloneEntry(item) : item) * 256 + anchor);
    };
    const isInitial = (p: number): boolean => p >= 0 && p < n && tokens[p]!.text.length === 1 && LETTERS.test(tokens[p]!.text);
    /** By position: the units starting there, or after at most MAX_PARTICLE_GAP particles or initials. */
    const after: { to: number; ids: readonly number[]; anchored: boolean }[][] = [];
    for (let end = 0; end <= n; end++) {
      const out: { to: number; ids: readonly number[]; anchored: boolean }[] = [];
      for (let p = end, gap = 0; p < n && gap <= MAX_PARTICLE_GAP; p++, gap++) {
        for (const u of units[p]!) out.push({ to: u.to, ids: u.ids, anchored: tokens[p]!.anchor || u.to - p > 1 });
        if (!tokens[p]!.word.particle && !isInitial(p)) break;
      }
      after.push(out);
    }
    const following = (end: number) => after[end]!;
    const ngrams = this.ngrams;
    /** Names beginning with a pair the index holds, and with a third word from the units after `end`. */
    const takePair = (hit: PairHit | undefined, end: number, anchor: number, afterInitial: boolean): void => {
      if (hit === undefined) return;
      if (afterInitial) add(hit.skips, anchor);
      if (hit.names === undefined) return;
      add(hit.names, anchor);
      if (!hit.prefix) return;
      for (const third of following(end)) for (const c of third.ids) add(ngrams.triples.get(tripleKey(hit.key, c)), anchor);
      // The third word of a person name written as an initial ("IVAN PETROVICH S").
      if (isInitial(end)) add(ngrams.thirdInitials.get(tripleKey(hit.key, initialKey(tokens[end]!.text))), anchor);
    };
    for (let t = 0; t < n; t++) {
      const afterInitial = isInitial(t - 1);
      for (const unit of units[t]!) {
        const anchored = tokens[t]!.anchor || unit.to - t > 1;
        if (anchored) {
          // The word's own look-up (a glued form is spelt as listed by construction).
          const spelling = unit.to === t + 1 ? { text: tokens[t]!.text, types: known[t]! } : undefined;
          add(this.pairHits.singles(unit.ids, false, spelling), t);
          if (settings.singleWordPersonNames) add(this.pairHits.singles(unit.ids, true), t);
        }
        for (const next of following(unit.to)) {
          if (!anchored && !next.anchored) continue;
          for (const hit of this.pairHits.of(unit.ids, next.ids, afterInitial)) takePair(hit, next.to, t, afterInitial);
        }
        // A middle initial ("MOHAMAD A HASSAN"): the first and third core words.
        if (anchored && isInitial(unit.to)) {
          for (const next of following(unit.to + 1)) for (const a of unit.ids) for (const b of next.ids) add(ngrams.middles.get(pairKey(a, b)), t);
        }
      }
      // One reference word written as two list words glued ("MOHAMADALI").
      const tok = tokens[t]!;
      if (tok.anchor && LETTERS.test(tok.text) && tok.text.length >= 5) {
        const split = this.splits(tok.text);
        for (let c = 0; c < split.length; c += 2) {
          const a = split[c]!;
          const b = split[c + 1]!;
          takePair(this.pairHits.probe(a, b, false), t + 1, t, false);
          addSingles(ngrams.singles[a], t);
          addSingles(ngrams.singles[b], t);
          if (settings.singleWordPersonNames) {
            add(ngrams.personSingles[a], t);
            add(ngrams.personSingles[b], t);
          }
        }
      }
    }

    const found: Found[] = [];
    const seen = new Set<number>();
    const pairs = new PairCache(tokens, known, settings.minEditLength, this.index, this.typeMemo);
    const aligner = new Aligner(tokens, pairs, this.index, this.words.stop);
    for (const c of candidates) {
      const entry = Math.floor(c / 256);
      const anchor = c % 256;
      const reading = this.ngrams.reading(entry);
      if (reading === undefined) continue;
      const a = this.verify(tokens, pairs, aligner, reading, anchor, settings);
      if (a === null) continue;
      // One key per group and span: the same name found from another anchor or reading is found once.
      const key = spanKey(entry, a.from, a.to);
      if (seen.has(key)) continue;
      seen.add(key);
      found.push(foundOf(text, tokens, entry, reading, ReferenceIndex.rotated(entry), false, a));
    }
    this.acronymsFound(text, tokens, found, seen);
    return { tokens, found };
  }

  /** The best alignment of the name with consecutive reference words around the anchor, or null. */
  private verify(
    tokens: readonly ReferenceToken[],
    pairs: PairCache,
    aligner: Aligner,
    reading: Reading,
    anchor: number,
    settings: ReferenceMatchSettings,
  ): Alignment | null {
    const { order, wordIds, person } = reading;
    if (order.core === 1 && person && !settings.singleWordPersonNames && wordsBesidesAffixes(order) === 1) return null;
    const firstCore = order.kinds.indexOf('core');
    // Quick rejection: every core word must match some reference word near the anchor (glued forms aside).
    const lo = Math.max(0, anchor - firstCore - 2);
    const hi = Math.min(tokens.length, anchor + order.positions.length * MAX_GLUE + MAX_PARTICLE_GAP);
    // From the anchor onwards first, where the name's words usually are, then back from it.
    const near = (p: number, id: number): boolean => pairs.type(p, id, person) !== null || pairs.gluable(p, id);
    for (let k = 0; k < wordIds.length; k++) {
      if (order.kinds[k] !== 'core') continue;
      const id = wordIds[k]!;
      let found = false;
      for (let p = anchor; p < hi && !found; p++) found = near(p, id);
      for (let p = anchor - 1; p >= lo && !found; p--) found = near(p, id);
      if (!found) return null;
    }
    if (order.core === 1 && !this.maySupport(tokens.length, pairs, order, wordIds, person)) return null;
    let best: Alignment | null = null;
    // The name may start up to its optional leading words (and one initial) before the anchor.
    for (let start = anchor; start >= lo; start--) {
      if (!mayBegin(start, wordIds, order, pairs, person)) continue;
      const found = aligner.align(start, wordIds, order, person);
      if (found === null || found.to <= anchor) continue;
      if (best === null || found.quality > best.quality || (found.quality === best.quality && found.to - found.from > best.to - best.from)) best = found;
    }
    if (best === null) return null;
    return this.supported(best, order, wordIds, person, settings) ? best : null;
  }

  /**
   * For a name of one core word, the conditions of `supported` that need no alignment: the core word is spelt as
   * listed by some reference word (or glued with others), and, where a second word of the name must be there, one
   * of its optional words is (matched exactly or glued). Most names of one core word that a reference word finds
   * match it only by sound or as an equivalent, and are dropped here without aligning them.
   */
  private maySupport(n: number, pairs: PairCache, order: NameOrder, wordIds: readonly number[], person: boolean): boolean {
    const k = order.kinds.indexOf('core');
    const id = wordIds[k]!;
    const core = this.index.vocab.words[id]!;
    if (core.text.length < 3) return false;
    let spelt = false;
    for (let p = 0; p < n && !spelt; p++) {
      const type = pairs.type(p, id, person);
      spelt = (type !== null && SPELT.has(type)) || pairs.gluable(p, id);
    }
    if (!spelt) return false;
    if (!this.needsSecondWord(order, person, core.text, id)) return true;
    for (let j = 0; j < wordIds.length; j++) {
      const kind = order.kinds[j];
      if (kind === 'core' || kind === 'initial') continue;
      for (let p = 0; p < n; p++) {
        const type = pairs.type(p, wordIds[j]!, person);
        if ((type !== null && OPTIONAL_SUPPORT.has(type) && pairs.tokens[p]!.noise !== 'stop_word') || pairs.gluable(p, wordIds[j]!)) return true;
      }
    }
    return false;
  }

  private supported(a: Alignment, order: NameOrder, wordIds: readonly number[], person: boolean, settings: ReferenceMatchSettings): boolean {
    // Two core words or more: two matched by full words; a stop word of the name, matched exactly, may be one.
    if (order.core >= 2) {
      // Two words of support, one of them spelt as listed (exactly, with a typo or glued): sound-alikes and
      // equivalents alone do not anchor a name (`ZOO WINE` is not `Soe Win`).
      const supported = a.coreSupport >= 2 || (a.coreSupport >= 1 && a.coreSupport + a.stopSupport >= 2);
      return supported && a.placed.some((pl) => pl.list.length > 0 && (SPELT.has(pl.type) || pl.type === 'digit_to_word' || pl.type === 'word_to_digit'));
    }
    if (a.coreSupport < 1) return false;
    const k = order.kinds.indexOf('core');
    const id = wordIds[k]!;
    const core = this.index.vocab.words[id]!;
    if (core.text.length < 3) return false;
    // One word alone must be spelt as listed (exactly, one typo, or glued), not merely sound alike.
    const position = order.positions[k]!;
    let p = 0;
    while (p < a.placed.length && !(a.placed[p]!.list.includes(position) && SPELT.has(a.placed[p]!.type))) p++;
    if (p === a.placed.length) return false;
    // "HAMZA": a one-word person name only when enabled.
    if (person && wordsBesidesAffixes(order) === 1 && !settings.singleWordPersonNames) return false;
    const second = a.coreSupport + a.affixes >= 2;
    // A number of the name must be there ("OFFICE" is not "OFFICE 39").
    if (!this.numbersPresent(a, order)) return false;
    if (this.needsSecondWord(order, person, core.text, id)) {
      // An ordinary word needs its exact spelling as well as the second word; a typo never is an ordinary word.
      const typo = a.placed[p]!.type === 'edit_distance';
      return second && !(typo && (this.words.ordinary.has(core.text) || this.words.ordinary.has(this.tokenText(a, p))));
    }
    // One typo is one edit's worth of support: not enough alone (HAMAZ), and never when the reference word is an
    // ordinary word of its own (SOLAR is no typo of SOLMAR, GEORGE none of GORGE).
    if (a.placed[p]!.type === 'edit_distance') return second && !this.words.ordinary.has(this.tokenText(a, p));
    return true;
  }

  /** The reference word placed at `p` of an alignment (its folded text), read back from the found span. */
  private tokenText(a: Alignment, p: number): string {
    return this.lastTokens?.[a.from + p]?.text ?? '';
  }

  /** Every number of the name is matched by the alignment. */
  private numbersPresent(a: Alignment, order: NameOrder): boolean {
    for (let k = 0; k < order.kinds.length; k++) {
      if (order.kinds[k] !== 'number') continue;
      const position = order.positions[k]!;
      if (!a.placed.some((pl) => pl.list.includes(position))) return false;
    }
    return true;
  }

  /**
   * Whether a name of one core word is reported only with a second of its words in the reference: "ABU ALI",
   * "EL CHAPO" (a person name with a particle, number or initial), or a common word ("GRACE" needs "GRACE 1").
   */
  private needsSecondWord(order: NameOrder, person: boolean, text: string, id: number): boolean {
    return (person && wordsBesidesAffixes(order) > 1) || this.isCommon(text, id) || this.words.ordinary.has(text) || order.kinds.includes('number');
  }

  /** A common word: in the common-word or stop-word list, or in many of the list's entities. */
  isCommon(text: string, id: number): boolean {
    if (this.words.common.has(text) || this.words.stop.has(text)) return true;
    const df = this.index.documentFrequency(id);
    return df >= Math.max(COMMON_DF_MIN, this.index.size * COMMON_DF_SHARE);
  }

  /** Reference words in capitals standing for the initials of an organisation name ("IRGC"). */
  private acronymsFound(text: string, tokens: readonly ReferenceToken[], out: Found[], seen: Set<number>): void {
    tokens.forEach((tok, t) => {
      if (!tok.anchor || !tok.upper || !LETTERS.test(tok.text) || tok.text.length < MIN_REFERENCE_ACRONYM) return;
      if (this.words.common.has(tok.text) || this.words.ordinary.has(tok.text)) return;
      const entries = this.ngrams.acronyms.get(tok.text);
      if (entries === undefined || entries.length > MAX_ACRONYM_NAMES) return;
      for (const entry of entries) {
        const reading = this.ngrams.reading(entry);
        if (reading === undefined) continue;
        const key = spanKey(entry, t, t + 1);
        if (seen.has(key)) continue;
        seen.add(key);
        const { order } = reading;
        const core = order.positions.filter((_, k) => order.kinds[k] === 'core');
        const placed: PlacedWord[] = [{ type: 'initial_to_word', list: core, acronym: true }];
        out.push(foundOf(text, tokens, entry, reading, false, true, { from: t, to: t + 1, placed, quality: 0, coreSupport: 1, affixes: 0, stopSupport: 0, hypocorism: false, exact: false }));
      }
    });
  }

  /** Forget the cached answers that a change of the list made stale. */
  private followList(): void {
    const slots = this.index.slots.length;
    const size = this.index.size;
    if (slots === this.listSlots && size === this.listSize) return;
    // New names: pairs that held nothing may hold them now (a removed entity is skipped when its bearers are read).
    if (slots !== this.listSlots) this.pairHits.clear();
    // Any change moves the words' weights, and the scores with them.
    this.scores = [new Map(), new Map()];
    this.listSlots = slots;
    this.listSize = size;
  }

  /** The score of a found name for a bearer: one of the bearer's names (0: its primary name). */
  score(f: Found, slot: number, name: number): number {
    const primary = name === 0 ? 1 : 0;
    const known = f.scores[primary];
    if (known !== undefined) return known;
    // The names of a group share words and roles, so the score depends only on the entry and the placement.
    this.followList();
    if (this.scores[0].size + this.scores[1].size >= SCORE_CACHE_LIMIT) this.scores = [new Map(), new Map()];
    if (f.signature === undefined) {
      let key = `${f.entry}`;
      for (let i = 0; i < f.placed.length; i++) key += ` ${f.words[i]!.text}:${f.placed[i]!.type}:${f.placed[i]!.list.join('.')}`;
      f.signature = key;
    }
    const scores = this.scores[primary]!;
    let score = scores.get(f.signature);
    if (score === undefined) {
      score = scoreMatch({
        queryWords: f.words,
        edgeAffix: f.placed.map(() => false),
        placed: f.placed,
        name: this.index.slots[slot]!.names[name]!,
        matchClass: f.matchClass,
        inOrder: !f.rotated,
        isPrimary: name === 0,
        birthYear: undefined,
        weight: this.index.weight,
      });
      scores.set(f.signature, score);
    }
    return (f.scores[primary] = score);
  }
}

/** A name group and a span of reference words, as one number (a reference has fewer than 256 words). */
function spanKey(entry: number, from: number, to: number): number {
  return (entry >>> 1) * 65536 + from * 256 + to;
}

function foundOf(text: string, tokens: readonly ReferenceToken[], entry: number, reading: Reading, rotated: boolean, acronym: boolean, a: Alignment): Found {
  const start = tokens[a.from]!.start;
  const end = tokens[a.to - 1]!.end;
  return {
    entry,
    reading,
    rotated,
    acronym,
    from: a.from,
    to: a.to,
    start,
    end,
    substring: text.slice(start, end),
    placed: a.placed,
    matchClass: matchClassOf(a.placed),
    hypocorism: a.hypocorism,
    words: tokens.slice(a.from, a.to).map((t) => t.word),
    scores: [undefined, undefined],
    signature: a.exact ? entry : undefined,
  };
}

/**
 * Whether reference word `p` may be the first word of a match: it matches (or is part of a glued form of) a word
 * of the name that only optional words precede.
 */
function mayBegin(p: number, wordIds: readonly number[], order: NameOrder, pairs: PairCache, person: boolean): boolean {
  for (let k = 0; k < wordIds.length; k++) {
    if (pairs.type(p, wordIds[k]!, person) !== null || pairs.gluable(p, wordIds[k]!)) return true;
    if (order.kinds[k] === 'core') return false;
  }
  return false;
}

/** Words of the name other than its affixes and single letters: 1 for a one-word name ("HAMZA", "J. Smith"). */
function wordsBesidesAffixes(order: NameOrder): number {
  let count = 0;
  for (const kind of order.kinds) if (kind !== 'affix' && kind !== 'initial') count++;
  return count;
}
