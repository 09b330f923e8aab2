/**
 * Names prepared once for comparison: folded words with their phonetic codes, consonant skeletons, table
 * memberships and affix roles. List names are prepared at index build; a query once per search.
 */
import { doubleMetaphone } from 'double-metaphone';
import type { EntityType } from '../types/entity.js';
import { affixProfile, affixRoles, type AffixProfile, type AffixRole } from './affixes.js';
import { tokenizeName, type TokenScript } from './normalize.js';
import type { WordTables } from './tables.js';

export interface PreparedWord {
  text: string;
  script: TokenScript;
  /** Double Metaphone primary and alternate codes ('' for words that take none). */
  phonetic: readonly [string, string];
  /** Consonant skeleton, for comparing words from abjad scripts with Latin spellings. */
  skeleton: string;
  isNumber: boolean;
  particle: boolean;
  /** The word's id in a screening index vocabulary, when it comes from one. */
  id?: number;
  /** For a word written in Han, Hangul or Kana: its script family and characters (normalize.ts). */
  native?: string;
}

export interface PreparedName {
  /** The name as published or submitted. */
  original: string;
  words: PreparedWord[];
  /** Affix role of each word under the name's own entity type. */
  roles: (AffixRole | undefined)[];
  /**
   * Set by a screening index: names of one group have the same words, roles and entity type, so every query
   * matches them alike (a search or a payment reference compares each group once).
   */
  group?: number;
}


/**
 * Consonant skeleton: digraphs reduced, a few letters merged (q/c→k, v→b, j→g, z→s), vowels and the
 * semivowels w/y dropped, doubles collapsed, a final h (Arabic tā' marbūṭa) dropped.
 * `mohamed`, `muhammad` and Arabic `mhmd` all give `mhmd`.
 */
export function consonantSkeleton(word: string, abjad = false): string {
  // One pass over the word, without building the intermediate strings of the rule (the regular expressions of
  // consonantSkeletonByRule in test/names/skeleton.test.ts, which pins the two to the same answers).
  const length = word.length;
  let out = '';
  let last = -1; // the last character written, for collapsing doubles
  let before = -1; // the word's previous character (after the abjad vav is dropped), for digraphs
  for (let i = 0; i < length; i++) {
    let c = word.charCodeAt(i);
    // Hebrew vav is written `v` by the transliteration but inside a word it mostly stands for o/u.
    if (abjad && i > 0 && c === 0x76 && length > 1) continue;
    const head = before;
    before = c;
    // th, dh, kh, gh, sh, ph: the h is dropped (ph gives f).
    if (c === 0x68 && DIGRAPH_HEAD[head] === 1) continue;
    if (c === 0x70 && nextOf(word, i, abjad) === 0x68) c = 0x66;
    else if (c < 128) c = MERGED[c]!;
    if (c === 0 || (c === last && !LINE_END[c])) continue;
    out += String.fromCharCode(c);
    last = c;
  }
  // A final h (Arabic tā' marbūṭa) dropped.
  return out.length > 1 && out.charCodeAt(out.length - 1) === 0x68 ? out.slice(0, -1) : out;
}

/** The character after position i of a word, past the vavs an abjad word drops (NaN at the end). */
function nextOf(word: string, i: number, abjad: boolean): number {
  let j = i + 1;
  if (abjad) while (j < word.length && word.charCodeAt(j) === 0x76) j++;
  return word.charCodeAt(j);
}

/** 1 for the first letters of the digraphs th, dh, kh, gh, sh, ph, by char code. */
const DIGRAPH_HEAD: Uint8Array = (() => {
  const t = new Uint8Array(128);
  for (const c of 'tdkgsp') t[c.charCodeAt(0)] = 1;
  return t;
})();

/** Each ASCII letter as the skeleton writes it: q/c→k, v→b, j→g, z→s, vowels and w/y 0 (dropped). */
const MERGED: Uint8Array = (() => {
  const t = new Uint8Array(128);
  for (let c = 1; c < 128; c++) t[c] = c;
  for (const [from, to] of [['q', 'k'], ['c', 'k'], ['v', 'b'], ['j', 'g'], ['z', 's']] as const) t[from.charCodeAt(0)] = to.charCodeAt(0);
  for (const v of 'aeiouwy') t[v.charCodeAt(0)] = 0;
  return t;
})();

/** Characters a regular expression's `.` does not match (a run of them is not collapsed). */
const LINE_END: Record<number, boolean> = { 0x0a: true, 0x0d: true, 0x2028: true, 0x2029: true };

/** Whether a text is non-empty and every character of it in [from, to] (char codes): /^[a-z]+$/ or /^[0-9]+$/ without a regex. */
function allIn(text: string, from: number, to: number): boolean {
  if (text.length === 0) return false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < from || c > to) return false;
  }
  return true;
}

export function prepareWord(text: string, script: TokenScript, tables: WordTables, native?: string): PreparedWord {
  const letters = allIn(text, 0x61, 0x7a);
  return wordOf(text, script, tables, native, letters ? soundCodes(text, script === 'abjad') : NO_SOUND, letters);
}

/** A prepared word with its sound codes given (`letters`: the word is of letters a–z alone, so no number). */
function wordOf(text: string, script: TokenScript, tables: WordTables, native: string | undefined, sound: SoundCodes, letters: boolean): PreparedWord {
  const word: PreparedWord = {
    text,
    script,
    phonetic: sound.phonetic,
    skeleton: sound.skeleton,
    isNumber: !letters && allIn(text, 0x30, 0x39),
    particle: tables.particles.has(text),
  };
  if (native !== undefined) word.native = native;
  return word;
}

/** Query words whose sound codes the phonetic memo remembers by default. */
export const DEFAULT_PHONETIC_MEMO_WORDS = 8192;

/** A word's sound codes: its Double Metaphone codes and consonant skeleton (prepareWord). */
interface SoundCodes {
  readonly phonetic: readonly [string, string];
  readonly skeleton: string;
}

/**
 * The sound codes of query words remembered across searches. Double Metaphone is the dearest step of preparing a
 * query, and queries repeat their words (given names, family names, company words), so a search prepares each
 * word's codes once. A word's codes depend only on its folded text and on whether it came from an abjad script
 * (consonantSkeleton), never on a list or the word tables: one memo serves every index in the process, and an
 * entry is never stale. List words are prepared without it (each is prepared once, at build).
 *
 * Bounded: at most `capacity` words (cleared when full); capacity 0 turns it off.
 */
export class PhoneticMemo {
  private readonly plain = new Map<string, SoundCodes>();
  private readonly abjad = new Map<string, SoundCodes>();
  /** Words answered from the memo, and coded afresh, since it was made (figures). */
  hits = 0;
  misses = 0;

  /** @param capacity the most words remembered (0: none; the memo is off) */
  constructor(public capacity: number = DEFAULT_PHONETIC_MEMO_WORDS) {}

  /** Words remembered. */
  get size(): number {
    return this.plain.size + this.abjad.size;
  }

  /** The sound codes of a word of letters a–z (from memory, or coded and remembered). */
  codes(text: string, abjad: boolean): SoundCodes {
    const known = abjad ? this.abjad : this.plain;
    const hit = known.get(text);
    if (hit !== undefined) {
      this.hits++;
      return hit;
    }
    this.misses++;
    const codes = soundCodes(text, abjad);
    if (this.capacity > 0) {
      if (this.size >= this.capacity) this.clear();
      known.set(text, codes);
    }
    return codes;
  }

  clear(): void {
    this.plain.clear();
    this.abjad.clear();
  }
}

/** The process's phonetic memo (query words only; `phoneticMemo.capacity = 0` turns it off). */
export const phoneticMemo = new PhoneticMemo();

/** The sound codes of a word that is not of letters a–z alone: none. */
const NO_SOUND: SoundCodes = Object.freeze({ phonetic: Object.freeze(['', '']) as readonly [string, string], skeleton: '' });

function soundCodes(text: string, abjad: boolean): SoundCodes {
  const phonetic: readonly [string, string] = text.length >= 3 ? (doubleMetaphone(text) as [string, string]) : ['', ''];
  return { phonetic, skeleton: consonantSkeleton(text, abjad) };
}

/**
 * A query word prepared for comparison: prepareWord, with the word's sound codes taken from the phonetic memo
 * (the same fields and values as prepareWord gives).
 */
export function prepareQueryWord(text: string, script: TokenScript, tables: WordTables, native?: string): PreparedWord {
  if (phoneticMemo.capacity <= 0) return prepareWord(text, script, tables, native);
  const letters = allIn(text, 0x61, 0x7a);
  return wordOf(text, script, tables, native, letters ? phoneticMemo.codes(text, script === 'abjad') : NO_SOUND, letters);
}

/**
 * Two words written in the same one of Han, Hangul or Kana are compared as written: whether they are the same
 * word (true or false), or undefined when the romanised words are compared (either is in another script).
 */
export function sameNative(a: PreparedWord, b: PreparedWord): boolean | undefined {
  if (a.native === undefined || b.native === undefined || a.native[0] !== b.native[0]) return undefined;
  return a.native === b.native;
}

/** The same word: the same folded text, and the same characters when both are written in one CJK script. */
export function sameWord(a: PreparedWord, b: PreparedWord): boolean {
  return a.text === b.text && sameNative(a, b) !== false;
}

export function prepareName(original: string, entityType: EntityType | undefined, tables: WordTables): PreparedName {
  return prepareNameWithProfile(original, affixProfile(entityType), tables);
}

export function prepareNameWithProfile(original: string, profile: AffixProfile, tables: WordTables): PreparedName {
  const tokens = tokenizeName(original);
  const words = tokens.map((t) => prepareWord(t.text, t.script, tables, t.native));
  return {
    original,
    words,
    roles: affixRoles(
      words.map((w) => w.text),
      tables,
      profile,
      tokens.map((t) => t.segment),
    ),
  };
}
