/**
 * How the words of a payment reference are read and looked up (match.ts, steps 1 and 2): each word is classed
 * (noise, particle, anchor; written in capitals or not) and looks up the vocabulary words it matches, its glued
 * forms and its splits into two vocabulary words, through caches kept across references (payment references
 * repeat their words) until the vocabulary grows.
 */
import { prepareWord, type PreparedWord } from '../names/prepare.js';
import type { TokenScript } from '../names/normalize.js';
import type { WordMatchType } from '../names/types.js';
import type { WordMatchContext } from '../names/word-match.js';
import { CandidateFinder } from '../screening/candidates.js';
import type { EntityIndex } from '../screening/entity-index.js';
import type { Noise, ReferenceToken } from './match-types.js';
import { referenceWords, type ReferenceWords } from './noise.js';
import { tokenizeWithOffsets } from './tokens.js';

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

const VOCAB_CACHE_LIMIT = 50_000;
const WORD_CACHE_LIMIT = 50_000;

/** The vocabulary words a reference word matches (person rules), with the per-word type of each. */
export interface WordMatches {
  ids: number[];
  types: ReadonlyMap<number, WordMatchType>;
}

/**
 * Per screening index: the reference's words as tokens, and the vocabulary words each matches (the candidate
 * finder's look-ups), with caches of both. The reference matcher (match.ts) builds on it.
 */
export class WordLookup {
  private readonly finder: CandidateFinder;
  private readonly lookupCtx: WordMatchContext;
  protected cache = new Map<string, WordMatches>();
  /** Word → its splits into two vocabulary words; emptied with `cache` when the vocabulary grows. */
  protected splitCache = new Map<string, number[]>();
  /** Word → vocabulary id (-1: none); emptied with `cache`. */
  protected idCache = new Map<string, number>();
  /** Vocabulary id → a run of that one id; emptied with `cache`. */
  protected idLists = new Map<number, readonly number[]>();
  private readonly prepared = new Map<string, PreparedWord>();
  protected cachedVocabSize = -1;
  readonly words: ReferenceWords;

  constructor(readonly index: EntityIndex) {
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
  protected wordId(text: string): number | undefined {
    let id = this.idCache.get(text);
    if (id === undefined) {
      if (this.idCache.size > WORD_CACHE_LIMIT) this.idCache.clear();
      id = this.index.vocab.id(text) ?? -1;
      this.idCache.set(text, id);
    }
    return id < 0 ? undefined : id;
  }

  /** The run of one vocabulary id, the same array each time (PairHits compares runs by identity). */
  protected idList(id: number): readonly number[] {
    let list = this.idLists.get(id);
    if (list === undefined) {
      if (this.idLists.size > WORD_CACHE_LIMIT) this.idLists.clear();
      this.idLists.set(id, (list = [id]));
    }
    return list;
  }

  /** Each way a word splits into two vocabulary words ("mohamadali": mohamad + ali), as flat id pairs (cached). */
  protected splits(text: string): readonly number[] {
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
  protected lookup(word: PreparedWord, minEditLength: number | null): WordMatches {
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
}
