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
  const phonetic: readonly [string, string] = letters && text.length >= 3 ? (doubleMetaphone(text) as [string, string]) : ['', ''];
  const word: PreparedWord = {
    text,
    script,
    phonetic,
    skeleton: letters ? consonantSkeleton(text, script === 'abjad') : '',
    isNumber: allIn(text, 0x30, 0x39),
    particle: tables.particles.has(text),
  };
  if (native !== undefined) word.native = native;
  return word;
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
