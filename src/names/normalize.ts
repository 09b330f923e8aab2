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
}

const HAN_OR_HANGUL = /[\p{Script=Han}\p{Script=Hangul}]/u;
const ABJAD = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}]/u;
// Runs of one script family, so each can be transliterated with its own rule.
const RUNS = /([\p{Script=Han}\p{Script=Hangul}]+)|([\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}]+)|([^\p{Script=Han}\p{Script=Hangul}\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}]+)/gu;
const NON_WORD = /[^a-z0-9]+/;

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

function cjkTokens(run: string): NameToken[] {
  const hangul = /\p{Script=Hangul}/u.test(run);
  const syllables = cjkSyllables(anyAscii(run)).map((s) => (hangul ? koreanVowels(s.toLowerCase()) : s.toLowerCase()));
  if (syllables.length === 0) return [];
  // A personal name: one-syllable surname, given name glued. Longer runs (organisation names) stay glued.
  if (syllables.length >= 2 && syllables.length <= 4) {
    return [
      { text: syllables[0]!, script: 'cjk' },
      { text: syllables.slice(1).join(''), script: 'cjk' },
    ];
  }
  return [{ text: syllables.join(''), script: 'cjk' }];
}

function plainTokens(text: string, script: TokenScript): NameToken[] {
  const out: NameToken[] = [];
  for (const word of anyAscii(text).toLowerCase().split(NON_WORD)) {
    if (word.length > 0) out.push({ text: word, script });
  }
  return out;
}

/** Tokenise a name into folded words, keeping the script each came from. */
export function tokenizeName(input: string): NameToken[] {
  const text = input.normalize('NFKC');
  if (!HAN_OR_HANGUL.test(text) && !ABJAD.test(text)) return plainTokens(text, 'latin');
  const out: NameToken[] = [];
  for (const m of text.matchAll(RUNS)) {
    if (m[1] !== undefined) out.push(...cjkTokens(m[1]));
    else if (m[2] !== undefined) out.push(...plainTokens(m[2], 'abjad'));
    else if (m[3] !== undefined) out.push(...plainTokens(m[3], 'latin'));
  }
  return out;
}

/** The folded words of a name, as strings. `normalizeName(normalizeName(x).join(' '))` equals `normalizeName(x)`. */
export function normalizeName(input: string): string[] {
  return tokenizeName(input).map((t) => t.text);
}

/** The folded form of a whole name: its words joined by single spaces. */
export function foldName(input: string): string {
  return normalizeName(input).join(' ');
}
