/**
 * The one normaliser, used for list names, queries and word tables alike (GUIDE.md section 1, step 1-2):
 * Unicode NFKC, transliteration of every script to Latin (any-ascii), case folding, diacritics folded,
 * tokenised on spaces and punctuation, digits kept.
 *
 * Script-aware details:
 * - Chinese and Korean runs are transliterated syllable by syllable; a personal name of 2 to 4 syllables is
 *   written as surname + given name glued (`习近平` → `xi jinping`, the common Latin spelling).
 * - Words from Arabic and Hebrew script (abjads, short vowels unwritten) are flagged so the matcher can compare
 *   them by consonant skeleton (`محمد` → `mhmd` ~ `mohamed`).
 */
import anyAscii from 'any-ascii';

export type TokenScript = 'latin' | 'abjad' | 'cjk';

export interface NameToken {
  /** The folded word: lower-case ASCII letters and digits. */
  text: string;
  /** Script the word was written in. */
  script: TokenScript;
  /**
   * The word as written, for words in Han, Hangul or Kana: two such words in the same script are compared as
   * written (a different character is a different name); romanisation bridges only between scripts.
   */
  native?: string;
  /**
   * Which comma-separated part of the name the word is in (0 for the first). Affixes are found per part, so
   * `KHAMENEI, Ayatollah Ali` and `King Jr, Martin Luther` lose their title and suffix like the natural order.
   */
  segment: number;
}

export const HAN_OR_HANGUL = /[\p{Script=Han}\p{Script=Hangul}]/u;
export const ABJAD = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}]/u;
// Runs of one script family, so each can be transliterated with its own rule (shared with src/reference/tokens.ts).
export const RUNS = /([\p{Script=Han}\p{Script=Hangul}]+)|([\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}]+)|([^\p{Script=Han}\p{Script=Hangul}\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}]+)/gu;
const NON_WORD = /[^a-z0-9]+/;
const COMMAS = /[,\u060C\uFF0C\u3001]/;
// Arabic harakat and Quranic marks, Hebrew niqqud and cantillation: vowel signs that are not letters.
export const ABJAD_MARKS = /[\u0591-\u05C7\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED]/g;

/** Split any-ascii's CamelCase syllable output of a CJK run (`XiJinPing`) into syllables. */
function cjkSyllables(ascii: string): string[] {
  return ascii.match(/[A-Z][a-z]*|[a-z]+|[0-9]+/g) ?? [];
}

/**
 * Korean syllables in Revised Romanisation are brought closer to the spellings common in lists
 * (McCune-Reischauer-like vowels: `eo` → `o`, `eu` → `u`), so `김정은` reads `gim jongun` ~ `Kim Jong Un`.
 */
function koreanVowels(syllable: string): string {
  return syllable.replace(/eo/g, 'o').replace(/eu/g, 'u');
}

const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
/** A word of Kana and Han letters (and the prolonged sound mark) alone. */
const KANA_WORD = /^[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}\u30FC]+$/u;

/** The native form of a word: its characters prefixed by its script family (`h` Han, `k` Hangul, `j` Kana). */
function nativeOf(word: string): string {
  const family = /\p{Script=Hangul}/u.test(word) ? 'k' : KANA.test(word) ? 'j' : 'h';
  return `${family}:${word}`;
}

function cjkTokens(run: string): NameToken[] {
  const hangul = /\p{Script=Hangul}/u.test(run);
  const syllables = cjkSyllables(anyAscii(run)).map((s) => (hangul ? koreanVowels(s.toLowerCase()) : s.toLowerCase()));
  if (syllables.length === 0) return [];
  const chars = Array.from(run);
  const oneEach = chars.length === syllables.length;
  // A personal name: one-syllable surname, given name glued. Longer runs (organisation names) stay glued.
  if (syllables.length >= 2 && syllables.length <= 4) {
    return [
      withNative({ text: syllables[0]!, script: 'cjk', segment: 0 }, oneEach ? chars[0]! : undefined),
      withNative({ text: syllables.slice(1).join(''), script: 'cjk', segment: 0 }, oneEach ? chars.slice(1).join('') : undefined),
    ];
  }
  return [withNative({ text: syllables.join(''), script: 'cjk', segment: 0 }, run)];
}

function withNative(token: NameToken, native: string | undefined): NameToken {
  if (native !== undefined) token.native = nativeOf(native);
  return token;
}

/**
 * Words of a run holding Kana: the words `plainTokens` gives, each keeping its native form where a Kana word
 * separated by spaces (or a middle dot) gives exactly one of them.
 */
function kanaTokens(text: string): NameToken[] {
  const words = plainTokens(text, 'latin');
  const chunks = text.split(/[\s\u30FB]+/).map((chunk) => ({ chunk, tokens: plainTokens(chunk, 'latin') }));
  const split = chunks.flatMap((c) => c.tokens);
  if (split.length !== words.length || split.some((t, i) => t.text !== words[i]!.text)) return words;
  let at = 0;
  for (const { chunk, tokens } of chunks) {
    if (tokens.length === 1 && KANA.test(chunk) && KANA_WORD.test(chunk)) withNative(words[at]!, chunk);
    at += tokens.length;
  }
  return words;
}

function plainTokens(text: string, script: TokenScript): NameToken[] {
  const out: NameToken[] = [];
  for (const word of anyAscii(text).toLowerCase().split(NON_WORD)) {
    if (word.length > 0) out.push({ text: word, script, segment: 0 });
  }
  return out;
}

function segmentTokens(text: string): NameToken[] {
  if (!HAN_OR_HANGUL.test(text) && !ABJAD.test(text)) return KANA.test(text) ? kanaTokens(text) : plainTokens(text, 'latin');
  const out: NameToken[] = [];
  for (const m of text.matchAll(RUNS)) {
    if (m[1] !== undefined) out.push(...cjkTokens(m[1]));
    else if (m[2] !== undefined) out.push(...plainTokens(m[2], 'abjad'));
    else if (m[3] !== undefined) out.push(...(KANA.test(m[3]) ? kanaTokens(m[3]) : plainTokens(m[3], 'latin')));
  }
  return out;
}

/** Tokenise a name into folded words, keeping the script and comma-separated part each came from. */
export function tokenizeName(input: string): NameToken[] {
  return isAscii(input) ? asciiTokens(input) : foldedTokens(input);
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 128) return false;
  return true;
}

/**
 * tokenizeName of a text of ASCII characters, in one pass: folding changes none of them but case (NFKC, marks and
 * transliteration leave ASCII as it is), so its words are its runs of letters and digits, lower-cased, and a comma
 * ends a part (a part without words takes no number).
 */
function asciiTokens(text: string): NameToken[] {
  const out: NameToken[] = [];
  const lower = text.toLowerCase();
  let segment = 0;
  let partHasWords = false;
  let start = -1;
  for (let i = 0; i <= lower.length; i++) {
    const c = i < lower.length ? lower.charCodeAt(i) : 0x2c;
    if ((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39)) {
      if (start < 0) start = i;
      continue;
    }
    if (start >= 0) {
      out.push({ text: lower.slice(start, i), script: 'latin', segment });
      partHasWords = true;
      start = -1;
    }
    if (c === 0x2c && partHasWords) {
      segment++;
      partHasWords = false;
    }
  }
  return out;
}

/** tokenizeName, by the rule: NFKC, abjad marks dropped, each comma part's script runs folded. */
export function foldedTokens(input: string): NameToken[] {
  const text = input.normalize('NFKC').replace(ABJAD_MARKS, '');
  if (!COMMAS.test(text)) return segmentTokens(text);
  const out: NameToken[] = [];
  let segment = 0;
  for (const part of text.split(COMMAS)) {
    const tokens = segmentTokens(part);
    if (tokens.length === 0) continue;
    for (const t of tokens) out.push({ ...t, segment });
    segment++;
  }
  return out;
}

/**
 * Whether a name has a folded word (`normalizeName(input).length > 0`): a text of ASCII characters alone has one
 * exactly when it holds a letter or a digit (folding changes no ASCII character but case), without folding it.
 */
export function hasFoldedWord(input: string): boolean {
  let word = false;
  for (let i = 0; i < input.length; i++) {
    const c = input.charCodeAt(i);
    if (c >= 128) return normalizeName(input).length > 0;
    if ((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)) word = true;
  }
  return word;
}

/** The folded words of a name, as strings. `normalizeName(normalizeName(x).join(' '))` equals `normalizeName(x)`. */
export function normalizeName(input: string): string[] {
  return tokenizeName(input).map((t) => t.text);
}

/** The folded form of a whole name: its words joined by single spaces. */
export function foldName(input: string): string {
  return normalizeName(input).join(' ');
}
