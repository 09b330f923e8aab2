/**
 * The look-up's per-word part (query-reach.ts): the vocabulary words one query word matches by a per-word type,
 * found through the vocabulary's keys, and the glued forms of query words a vocabulary word may have as its text.
 * What a call finds is kept in scratch arrays owned by the index's look-up (valid until its next call), so a search
 * makes no closure, entry array or key string per word compared.
 */
import type { PreparedQuery } from '../names/name-match.js';
import type { PreparedWord } from '../names/prepare.js';
import {
  equivalentNames,
  INITIAL_SOUND_CODES,
  inWordTables,
  isOneEdit,
  queryNeedsWords,
  SHAPE_LENGTH,
  SHAPE_OPEN,
  wordMatchTypeIn,
  wordShapeMayMatch,
  type WordMatchContext,
} from '../names/word-match.js';
import type { WordMatchType } from '../names/types.js';
import { MAX_ACRONYM, MIN_ACRONYM } from '../names/assign.js';
import type { EntityIndex } from './entity-index.js';
import { fnvFinish, fnvStep, FNV_START } from './key-table.js';
import { grown } from './stamps.js';
import type { Vocabulary } from './vocabulary.js';

/** Query words glued into one list word, or list words a query word is split into: at most this many. */
export const MAX_GLUE = 4;

/** Char codes of the vowels phoneticEqual reads (word-match.ts VOWELS), 1 by code below 128. */
const VOWEL_CODES: Uint8Array = (() => {
  const table = new Uint8Array(128);
  for (const c of 'aeiouy') table[c.charCodeAt(0)] = 1;
  return table;
})();

/** A phonetic code id of '' (no code): the same on both sides, as '' equals ''. */
const NO_CODE = 1;

export class VocabularyTypes {
  /** The ids the last `collect` found, in the order found (`count` of them), and their types. */
  ids = new Int32Array(64);
  readonly types: WordMatchType[] = [];
  count = 0;
  /** The vocabulary words compared with the query word: those whose stamp is `now` (a new stamp per call). */
  private seen = new Uint32Array(0);
  private now = 0;
  /** The call's query word and context, the map it fills (undefined: none). */
  private q: PreparedWord | undefined;
  private ctx: WordMatchContext | undefined;
  private inTables = false;
  private found: Map<number, WordMatchType> | undefined;
  /**
   * The call's query word as compareTyped reads it: compared by wordMatchTypeIn itself (`generic`: written in Han,
   * Hangul, Kana or an abjad script), its phonetic codes' ids, first char code, and what its length allows.
   */
  private generic = false;
  private qp = 0;
  private qs = 0;
  private qFirst = 0;
  private qShortCode = false;
  private qFuzzy = false;
  private qEdit = false;
  private qInitials = false;
  private qLength = 0;
  /** Every vocabulary word of the query word's text was compared (the rest have another text). */
  private textKnown = false;
  /**
   * Each vocabulary word's Double Metaphone codes as ids (two per word, read once per word): 0 not read yet,
   * NO_CODE for '', else the code's id in `codes`, so that phoneticEqual compares ints (ids are equal exactly when
   * the codes are).
   */
  private wordCodes = new Int32Array(0);
  /** Code → id (from 2), for the vocabulary words' codes and the query words' (a code has at most 4 letters). */
  private readonly codes = new Map<string, number>();

  constructor(private readonly index: EntityIndex) {}

  /**
   * Every vocabulary word that query word `q` matches by a per-word type, with the type: into `ids`/`types`, and
   * into `found` when given (in the same order).
   */
  collect(q: PreparedWord, ctx: WordMatchContext, minEditLength: number | null, found: Map<number, WordMatchType> | undefined): void {
    const vocab = this.index.vocab;
    const tables = this.index.tables;
    // Each word is compared once, whatever the keys that reach it.
    if (this.seen.length < vocab.size) this.seen = grown(this.seen, vocab.size);
    if (this.now === 0xffffffff) {
      this.seen.fill(0);
      this.now = 0;
    }
    this.now++;
    this.q = q;
    this.ctx = ctx;
    this.inTables = inWordTables(q.text, ctx);
    this.found = found;
    this.count = 0;
    this.prepareTyped(q, ctx);
    const consider = this.consider;
    const text = q.text;
    this.textKnown = false;
    vocab.eachWithText(text, consider);
    // Every word of the query word's text is compared: no other word is its exact match.
    this.textKnown = true;
    if (minEditLength !== null && text.length >= minEditLength && text.length >= 3 && !q.isNumber) vocab.eachDeletionKey(vocab.deletions, text, consider);
    const p = q.phonetic[0];
    const s = q.phonetic[1];
    if (p !== '' || s !== '') {
      // The words of a sound's bucket are many on a long list: those whose length or first letter rule out a match
      // are passed over without reading them (wordShapeMayMatch: wordMatchType would say null).
      const considerSound = queryNeedsWords(q, ctx) ? consider : this.considerShaped;
      if (p !== '') vocab.phonetic.each(p, considerSound);
      if (s !== '' && s !== p) vocab.phonetic.each(s, considerSound);
    }
    const skeletons = q.script === 'abjad' ? vocab.skeletons() : vocab.abjadSkeletons;
    vocab.eachSkeletonKey(skeletons, q.skeleton, consider);
    const crossCultural = tables.crossCultural.get(text);
    if (crossCultural !== undefined) for (const group of crossCultural) for (const w of tables.crossCulturalGroups[group]!) consider(vocab.id(w));
    const nicknames = tables.nicknames.get(text);
    if (nicknames !== undefined) for (const group of nicknames) for (const w of tables.nicknameGroups[group]!) consider(vocab.id(w));
    if (text.length > 1) consider(vocab.id(text[0]!));
    const digits = tables.digitToWords.get(text);
    if (digits !== undefined) for (const w of digits) consider(vocab.id(w));
    const numbers = tables.wordToDigits.get(text);
    if (numbers !== undefined) for (const w of numbers) consider(vocab.id(w));
    this.q = undefined;
    this.ctx = undefined;
    this.found = undefined;
    this.textKnown = false;
  }

  /** The comparison of the call's query word with vocabulary word `id` (each once). */
  private readonly consider = (id: number | undefined): void => {
    if (id === undefined || this.seen[id] === this.now) return;
    this.seen[id] = this.now;
    const type = this.compareTyped(id);
    if (type === null) return;
    this.found?.set(id, type);
    const at = this.count++;
    if (at === this.ids.length) this.ids = grown(this.ids, at + 1);
    this.ids[at] = id;
    this.types[at] = type;
  };

  /** consider, for a word of a sound's bucket whose shape may match (else it is passed over, unread). */
  private readonly considerShaped = (id: number): void => {
    if (wordShapeMayMatch(this.q!, this.index.vocab.shapes[id]!)) this.consider(id);
    else this.seen[id] = this.now;
  };

  /** The type compareTyped gives query word q and vocabulary word id (what `collect` compares them with). */
  typeOf(q: PreparedWord, ctx: WordMatchContext, id: number): WordMatchType | null {
    this.q = q;
    this.ctx = ctx;
    this.inTables = inWordTables(q.text, ctx);
    this.prepareTyped(q, ctx);
    // As in `collect`, where every word of the query word's text is compared first.
    this.textKnown = this.index.vocab.words[id]!.text !== q.text;
    const type = this.compareTyped(id);
    this.q = undefined;
    this.ctx = undefined;
    this.textKnown = false;
    return type;
  }

  /** What compareTyped reads of query word q, once per call. */
  private prepareTyped(q: PreparedWord, ctx: WordMatchContext): void {
    const a = q.text;
    this.generic = q.native !== undefined || q.script === 'abjad' || a.length === 0;
    const [p, s] = q.phonetic;
    this.qp = this.codeId(p);
    this.qs = this.codeId(s);
    this.qFirst = a.charCodeAt(0);
    this.qLength = a.length;
    this.qShortCode = p.length <= 2;
    this.qFuzzy = a.length >= 3 && !q.isNumber;
    this.qEdit = ctx.minEditLength !== null && a.length >= ctx.minEditLength;
    this.qInitials = ctx.initials && !q.isNumber;
  }

  /** The id of a phonetic code (NO_CODE for ''). */
  private codeId(code: string): number {
    if (code === '') return NO_CODE;
    let id = this.codes.get(code);
    if (id === undefined) this.codes.set(code, (id = this.codes.size + 2));
    return id;
  }

  /**
   * wordMatchTypeIn(q, word id, ctx, inTables) for the call's query word, with the phonetic codes compared as ids
   * (phoneticEqual): the same answer for every pair (test/screening/lookup-memo.test.ts).
   */
  private compareTyped(id: number): WordMatchType | null {
    const shape = this.index.vocab.shapes[id]!;
    // A word of two letters or more, in a Latin-based script (wordShape): compared on its shape and phonetic code
    // ids, its text read only for an edit. Where the query word is in no word table, no equivalent name or digit
    // form matches; a word of another text is not its exact match (textKnown); a word in no abjad script and a
    // query word in none are not compared by skeleton; a word of two letters or more is no initial.
    if (this.generic || this.inTables || !this.textKnown || (shape & SHAPE_OPEN) !== 0) return this.compareWord(id);
    const la = this.qLength;
    const lb = (shape >>> 16) & SHAPE_LENGTH;
    const y = shape & 0xffff;
    if (this.qFuzzy && lb >= 3) {
      if (this.qEdit && la - lb <= 1 && lb - la <= 1) {
        const l = this.index.vocab.words[id]!;
        if (!l.isNumber && isOneEdit(this.q!.text, l.text)) return 'edit_distance';
      }
      // A number has no phonetic code (phoneticEqualTyped is false for it).
      if (this.phoneticEqualTyped(id, la, lb, y)) return 'phonetic';
    }
    // An initial of a letter (the query word is no number) is no number's.
    if (this.qInitials && la === 1 && y === this.qFirst) return 'initial_to_word';
    return null;
  }

  /** compareTyped, reading the vocabulary word. */
  private compareWord(id: number): WordMatchType | null {
    const q = this.q!;
    const l = this.index.vocab.words[id]!;
    // sameNative needs a native form on both sides, skeletonEqual an abjad word on one.
    if (this.generic || l.script === 'abjad') return wordMatchTypeIn(q, l, this.ctx!, this.inTables);
    const a = q.text;
    const b = l.text;
    if (a === b) return 'exact_match';
    const fuzzy = this.qFuzzy && b.length >= 3 && !l.isNumber;
    if (fuzzy && this.qEdit && isOneEdit(a, b)) return 'edit_distance';
    if (fuzzy && this.phoneticEqualTyped(id, a.length, b.length, b.charCodeAt(0))) return 'phonetic';
    const ctx = this.ctx!;
    const inTables = this.inTables;
    if (inTables && equivalentNames(a, b, ctx)) return 'equivalent_name';
    if (this.qInitials && !l.isNumber) {
      if (a.length === 1 && b.length > 1 && b.charCodeAt(0) === this.qFirst) return 'initial_to_word';
      if (b.length === 1 && a.length > 1 && this.qFirst === b.charCodeAt(0)) return 'word_to_initial';
    }
    if (inTables && (ctx.tables.digitToWords.get(a)?.includes(b) ?? false)) return 'digit_to_word';
    if (inTables && (ctx.tables.wordToDigits.get(a)?.includes(b) ?? false)) return 'word_to_digit';
    return null;
  }

  /**
   * phoneticEqual (word-match.ts) of the call's query word (of length la) and vocabulary word id (of length lb,
   * first char code y), by code ids.
   */
  private phoneticEqualTyped(id: number, la: number, lb: number, y: number): boolean {
    const qp = this.qp;
    if (qp === NO_CODE) return false;
    let codes = this.wordCodes;
    const at = 2 * id;
    if (at + 1 >= codes.length) codes = this.wordCodes = grown(codes, 2 * this.index.vocab.size + 2);
    let lp = codes[at]!;
    if (lp === 0) {
      const phonetic = this.index.vocab.words[id]!.phonetic;
      codes[at] = lp = this.codeId(phonetic[0]);
      codes[at + 1] = this.codeId(phonetic[1]);
    }
    if (lp === NO_CODE) return false;
    if (Math.abs(la - lb) > Math.max(2, Math.min(la, lb) / 2)) return false;
    const x = this.qFirst;
    if (qp === lp) {
      if (this.qShortCode && ((x < 128 && VOWEL_CODES[x] === 1) || (y < 128 && VOWEL_CODES[y] === 1))) return x === y;
      return x === y || (x < 128 && y < 128 && INITIAL_SOUND_CODES[x * 128 + y] === 1);
    }
    if (x !== y) return false;
    const ls = codes[at + 1]!;
    const qs = this.qs;
    return qp === ls || qs === lp || qs === ls;
  }
}

/** The glued forms of query words i..i+k-1: glued (2..MAX_GLUE words) and their initials (MIN_ACRONYM..MAX_ACRONYM). */
export function gluedForms(query: PreparedQuery, i: number, form: (text: string, count: number) => void): void {
  let glued = query.words[i]!.text;
  let initials = glued[0]!;
  for (let k = 2; k <= MAX_ACRONYM && i + k <= query.words.length; k++) {
    const next = query.words[i + k - 1]!.text;
    glued += next;
    initials += next[0]!;
    if (k <= MAX_GLUE) form(glued, k);
    if (k >= MIN_ACRONYM) form(initials, k);
  }
}

/**
 * The glued forms (gluedForms) that some vocabulary word may have as its text: each form is hashed as it grows,
 * word by word, and its text built only when the vocabulary holds its hash (Vocabulary.mayHoldText; a form whose
 * hash is not held has no word).
 */
export function heldGluedForms(vocab: Vocabulary, query: PreparedQuery, i: number, form: (text: string, count: number) => void): void {
  if (!vocab.fnvKeys) {
    gluedForms(query, i, form);
    return;
  }
  const words = query.words;
  const first = words[i]!.text;
  let glued = FNV_START;
  for (let c = 0; c < first.length; c++) glued = fnvStep(glued, first.charCodeAt(c));
  let initials = fnvStep(FNV_START, first.charCodeAt(0));
  for (let k = 2; k <= MAX_ACRONYM && i + k <= words.length; k++) {
    const next = words[i + k - 1]!.text;
    initials = fnvStep(initials, next.charCodeAt(0));
    if (k <= MAX_GLUE) {
      for (let c = 0; c < next.length; c++) glued = fnvStep(glued, next.charCodeAt(c));
      if (vocab.mayHoldText(fnvFinish(glued))) form(gluedText(words, i, k), k);
    }
    if (k >= MIN_ACRONYM && vocab.mayHoldText(fnvFinish(initials))) form(initialsText(words, i, k), k);
  }
}

/** The texts of words i..i+k-1 glued. */
function gluedText(words: readonly PreparedWord[], i: number, k: number): string {
  let text = '';
  for (let j = i; j < i + k; j++) text += words[j]!.text;
  return text;
}

/** The first letters of words i..i+k-1. */
function initialsText(words: readonly PreparedWord[], i: number, k: number): string {
  let text = '';
  for (let j = i; j < i + k; j++) text += words[j]!.text[0]!;
  return text;
}
