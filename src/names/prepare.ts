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

const DIGITS = /^[0-9]+$/;
const LETTERS = /^[a-z]+$/;

/**
 * Consonant skeleton: digraphs reduced, a few letters merged (q/c→k, v→b, j→g, z→s), vowels and the
 * semivowels w/y dropped, doubles collapsed, a final h (Arabic tā' marbūṭa) dropped.
 * `mohamed`, `muhammad` and Arabic `mhmd` all give `mhmd`.
 */
export function consonantSkeleton(word: string, abjad = false): string {
  // Hebrew vav is written `v` by the transliteration but inside a word it mostly stands for o/u.
  const source = abjad && word.length > 1 ? word[0] + word.slice(1).replace(/v/g, '') : word;
  let s = source
    .replace(/th/g, 't')
    .replace(/dh/g, 'd')
    .replace(/kh/g, 'k')
    .replace(/gh/g, 'g')
    .replace(/sh/g, 's')
    .replace(/ph/g, 'f')
    .replace(/[qc]/g, 'k')
    .replace(/v/g, 'b')
    .replace(/j/g, 'g')
    .replace(/z/g, 's')
    .replace(/[aeiouwy]/g, '')
    .replace(/(.)\1+/g, '$1');
  if (s.length > 1 && s.endsWith('h')) s = s.slice(0, -1);
  return s;
}

export function prepareWord(text: string, script: TokenScript, tables: WordTables, native?: string): PreparedWord {
  const letters = LETTERS.test(text);
  const phonetic: readonly [string, string] = letters && text.length >= 3 ? (doubleMetaphone(text) as [string, string]) : ['', ''];
  const word: PreparedWord = {
    text,
    script,
    phonetic,
    skeleton: letters ? consonantSkeleton(text, script === 'abjad') : '',
    isNumber: DIGITS.test(text),
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
