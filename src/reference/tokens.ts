/**
 * The reference tokeniser: the words of `tokenizeName` (src/names/normalize.ts) with the [start, end) offsets
 * of each word in the ORIGINAL text, so a hit can quote and highlight the characters it matched.
 *
 * It applies the same folding steps as the one normaliser (NFKC, script runs, any-ascii transliteration, case
 * folding, split on anything but a-z and 0-9, the CJK surname split) but one character cluster at a time
 * (a base character and its combining marks), keeping for each folded letter the cluster it came from. The
 * words are the normaliser's words exactly; `test/reference/tokens.test.ts` checks this on arbitrary text.
 */
import anyAscii from 'any-ascii';
import { ABJAD, ABJAD_MARKS, HAN_OR_HANGUL, RUNS, tokenizeName, type TokenScript } from '../names/normalize.js';

export interface OffsetToken {
  /** The folded word, as `tokenizeName` gives it. */
  text: string;
  script: TokenScript;
  /** Offset of the word's first character in the original text (UTF-16 code units). */
  start: number;
  /** Offset just past the word's last character in the original text. */
  end: number;
}

const CLUSTERS = /\P{M}\p{M}*|\p{M}+/gu;
const ASCII_ONLY = /^[\x00-\x7f]*$/;

function isWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
}

/** Fast path: plain ASCII text, where every character stands for itself. */
function asciiTokens(input: string): OffsetToken[] {
  const lower = input.toLowerCase();
  const out: OffsetToken[] = [];
  let start = -1;
  for (let i = 0; i <= lower.length; i++) {
    const word = i < lower.length && isWordChar(lower.charCodeAt(i));
    if (word && start < 0) start = i;
    else if (!word && start >= 0) {
      out.push({ text: lower.slice(start, i), script: 'latin', start, end: i });
      start = -1;
    }
  }
  return out;
}

/** The NFKC text, cluster by cluster, with the original span of each of its code units. */
function normalise(input: string): { text: string; from: number[]; to: number[] } {
  let text = '';
  const from: number[] = [];
  const to: number[] = [];
  for (const m of input.matchAll(CLUSTERS)) {
    const start = m.index;
    const end = start + m[0].length;
    const nfkc = m[0].normalize('NFKC').replace(ABJAD_MARKS, '');
    text += nfkc;
    for (let k = 0; k < nfkc.length; k++) {
      from.push(start);
      to.push(end);
    }
  }
  return { text, from, to };
}

/** Words of an alphabetic run (Latin or abjad), folded code point by code point, with their spans. */
function foldRun(norm: { text: string; from: number[]; to: number[] }, runStart: number, run: string, script: TokenScript, out: OffsetToken[]): void {
  let word = '';
  let start = 0;
  let end = 0;
  let unit = runStart;
  const flush = (): void => {
    if (word.length > 0) out.push({ text: word, script, start, end });
    word = '';
  };
  for (const cp of run) {
    const ascii = anyAscii(cp).toLowerCase();
    for (let k = 0; k < ascii.length; k++) {
      if (isWordChar(ascii.charCodeAt(k))) {
        if (word.length === 0) start = norm.from[unit]!;
        word += ascii[k];
        end = norm.to[unit]!;
      } else flush();
    }
    unit += cp.length;
  }
  flush();
}

/** A CJK run: the normaliser's words (a surname, then the given name glued), spans by character. */
function cjkRun(norm: { text: string; from: number[]; to: number[] }, runStart: number, run: string, out: OffsetToken[]): void {
  const words = tokenizeName(run);
  const runEnd = norm.to[runStart + run.length - 1]!;
  if (words.length === 1) out.push({ text: words[0]!.text, script: 'cjk', start: norm.from[runStart]!, end: runEnd });
  else if (words.length >= 2) {
    const firstLength = String.fromCodePoint(run.codePointAt(0)!).length;
    out.push({ text: words[0]!.text, script: 'cjk', start: norm.from[runStart]!, end: norm.to[runStart + firstLength - 1]! });
    out.push({ text: words.slice(1).map((w) => w.text).join(''), script: 'cjk', start: norm.from[runStart + firstLength]!, end: runEnd });
  }
}

/** The words of `input` as the one normaliser folds them, each with its [start, end) offsets in `input`. */
/**
 * Words a reference may have once normalised (word positions are packed into 8 bits by the matcher).
 * Normalisation can multiply words: `½` is two (`1`, `2`), so a term within the character
 * limit can still exceed it; requests are checked against it before screening.
 */
export const MAX_REFERENCE_WORDS = 255;

export function tokenizeWithOffsets(input: string): OffsetToken[] {
  if (ASCII_ONLY.test(input)) return asciiTokens(input);
  const norm = normalise(input);
  const out: OffsetToken[] = [];
  if (!HAN_OR_HANGUL.test(norm.text) && !ABJAD.test(norm.text)) {
    foldRun(norm, 0, norm.text, 'latin', out);
    return out;
  }
  for (const m of norm.text.matchAll(RUNS)) {
    if (m[1] !== undefined) cjkRun(norm, m.index, m[1], out);
    else if (m[2] !== undefined) foldRun(norm, m.index, m[2], 'abjad', out);
    else if (m[3] !== undefined) foldRun(norm, m.index, m[3], 'latin', out);
  }
  return out;
}
