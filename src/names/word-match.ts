/**
 * Comparison of one query word with one list word (GUIDE.md section 1, step 4), returning the best per-word
 * type in order of preference, or null.
 */
import type { WordMatchType } from './types.js';
import { sameNative, type PreparedWord } from './prepare.js';
import type { WordTables } from './tables.js';

export interface WordMatchContext {
  tables: WordTables;
  /** Shortest query word that may match with one edit; null disables edits. */
  minEditLength: number | null;
  /** Nickname equivalents apply (persons, or unknown entity type). */
  nicknames: boolean;
  /** Initials apply (persons, or unknown entity type). */
  initials: boolean;
}

/**
 * Exactly one insertion, deletion, substitution or adjacent transposition (a Damerau-Levenshtein distance of 1,
 * compared by UTF-16 code unit), checked in one pass without allocating.
 */
export function isOneEdit(a: string, b: string): boolean {
  if (a === b) return false;
  if (a.length < b.length) [a, b] = [b, a];
  const la = a.length;
  const lb = b.length;
  if (la - lb > 1) return false;
  let i = 0;
  while (i < lb && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (la !== lb) {
    // b is a with one letter deleted: the first that differs.
    for (let k = i; k < lb; k++) if (a.charCodeAt(k + 1) !== b.charCodeAt(k)) return false;
    return true;
  }
  // The same length, first different at i: one substitution, or letters i and i + 1 swapped.
  let k = i + 1;
  while (k < la && a.charCodeAt(k) === b.charCodeAt(k)) k++;
  if (k === la) return true;
  if (k !== i + 1 || a.charCodeAt(i) !== b.charCodeAt(i + 1) || a.charCodeAt(i + 1) !== b.charCodeAt(i)) return false;
  for (k = i + 2; k < la; k++) if (a.charCodeAt(k) !== b.charCodeAt(k)) return false;
  return true;
}

function sharesGroup(index: ReadonlyMap<string, readonly number[]>, a: string, b: string): boolean {
  const ga = index.get(a);
  if (ga === undefined) return false;
  const gb = index.get(b);
  if (gb === undefined) return false;
  for (const g of ga) if (gb.includes(g)) return true;
  return false;
}

/**
 * First letters that may stand for the same sound at the start of a name: vowels for one another (Osama, Usama;
 * Oleksandr, Aleksandr; Ibrahim, Ebrahim; 'Ulayq, Aliq), y for e, i or j (Yevgeny, Evgeny; Yusuf, Jusuf), the
 * Arabic qaf (Qaddafi, Gaddafi, Kaddafi) and the pairs below (Philip, Filip; Viktor, Wiktor; Zaid, Said; Xavier,
 * Javier). Anything else is a different name that Double Metaphone happens to code alike (`Wang` ~ `Yang`,
 * `Balogh` ~ `Paul`, `Wei` ~ `Ooo`).
 */
const INITIAL_SOUNDS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    a: 'eiou',
    e: 'aiouy',
    i: 'aeouy',
    o: 'aeiu',
    u: 'aeio',
    y: 'eij',
    j: 'ygx',
    g: 'jkq',
    c: 'kqsz',
    k: 'cqg',
    q: 'ckg',
    s: 'czx',
    z: 'csx',
    x: 'szj',
    f: 'p',
    p: 'f',
    v: 'w',
    w: 'v',
  }),
);

const VOWELS = 'aeiouy';

/** Whether two words may start with the same sound (INITIAL_SOUNDS). */
export function sameInitialSound(a: string, b: string): boolean {
  if (a[0] === b[0]) return true;
  const x = a.charCodeAt(0);
  const y = b.charCodeAt(0);
  return x < 128 && y < 128 && INITIAL_SOUND_CODES[x * 128 + y] === 1;
}

/**
 * Double Metaphone, for words that start with the same sound (sameInitialSound; the same vowel when the code
 * has two sounds or fewer) and lengths not far apart: equal primary codes; or an alternate code equal when the
 * words also start with the same letter (alternates alone are loose: `Jon` has the alternate `AN`, like `Aino`).
 */
export function phoneticEqual(q: PreparedWord, l: PreparedWord): boolean {
  const [qp, qs] = q.phonetic;
  const [lp, ls] = l.phonetic;
  if (qp === '' || lp === '') return false;
  // Lengths far apart are different names with a few consonants in common (`Ahmed`, `Emuotwewo`).
  const la = q.text.length;
  const lb = l.text.length;
  if (Math.abs(la - lb) > Math.max(2, Math.min(la, lb) / 2)) return false;
  // A code of one or two sounds says little (`Ali`, `Oil`, `Eel` and `Ule` are all AL): words starting with a
  // vowel then need the same one (`Kash` ~ `Cash` still match).
  if (qp === lp) return qp.length <= 2 && (VOWELS.includes(q.text[0]!) || VOWELS.includes(l.text[0]!)) ? q.text[0] === l.text[0] : sameInitialSound(q.text, l.text);
  return q.text[0] === l.text[0] && (qp === ls || qs === lp || qs === ls);
}

/**
 * Words from an abjad script (short vowels unwritten) against a Latin spelling: equal consonant skeletons, or
 * one letter inserted or deleted when both skeletons have at least four letters (`bnmn` ~ `bngmn`, Benjamin).
 * The Latin word needs three letters.
 */
export function skeletonEqual(q: PreparedWord, l: PreparedWord): boolean {
  if (q.script !== 'abjad' && l.script !== 'abjad') return false;
  const latin = q.script === 'abjad' ? l : q;
  if (latin.script !== 'abjad' && latin.text.length < 3) return false;
  if (q.skeleton === '' || l.skeleton === '') return false;
  if (q.skeleton === l.skeleton) return true;
  return (
    q.skeleton.length >= 4 && l.skeleton.length >= 4 && Math.abs(q.skeleton.length - l.skeleton.length) === 1 && isOneEdit(q.skeleton, l.skeleton)
  );
}

export function equivalentNames(q: string, l: string, ctx: WordMatchContext): boolean {
  return sharesGroup(ctx.tables.crossCultural, q, l) || (ctx.nicknames && sharesGroup(ctx.tables.nicknames, q, l));
}

/** Pairs of first letters (char codes below 128) that sameInitialSound takes, at x * 128 + y. */
export const INITIAL_SOUND_CODES: Uint8Array = (() => {
  const table = new Uint8Array(128 * 128);
  for (const [x, ys] of INITIAL_SOUNDS) for (const y of ys) table[x.charCodeAt(0) * 128 + y.charCodeAt(0)] = 1;
  return table;
})();

export const SHAPE_LENGTH = 0x3fff;
export const SHAPE_OPEN = 1 << 30;

/**
 * A list word's shape for wordShapeMayMatch: its first letter's char code, its length (up to 16,383) and whether
 * it is written in an abjad script or in Han, Hangul or Kana (open: no shortcut applies), packed in 31 bits.
 */
export function wordShape(l: PreparedWord): number {
  const open = l.script === 'abjad' || l.native !== undefined || l.text.length <= 1 || l.text.length > SHAPE_LENGTH;
  return open ? SHAPE_OPEN : ((l.text.length << 16) | l.text.charCodeAt(0)) & ~SHAPE_OPEN;
}

/**
 * Whether wordMatchType(q, ·, ctx) may find a type for some list word from its shape alone (wordShape): false
 * for a query word of two letters or more, in no abjad script, with no equivalent names and no digit form, where
 * only an edit or a sound-alike could match (then the lengths and first letters must agree: wordShapeMayMatch).
 */
export function queryNeedsWords(q: PreparedWord, ctx: WordMatchContext): boolean {
  return q.text.length <= 1 || q.script === 'abjad' || inWordTables(q.text, ctx);
}

/** Whether the equivalents or digit tables hold the word (else no equivalent name or digit form matches it). */
export function inWordTables(a: string, ctx: WordMatchContext): boolean {
  const tables = ctx.tables;
  return tables.crossCultural.has(a) || tables.nicknames.has(a) || tables.digitToWords.has(a) || tables.wordToDigits.has(a);
}

/**
 * False only where wordMatchType(q, l, ctx) is null, for a query word that queryNeedsWords says no: a list word
 * of another length (more than one letter apart, as an edit needs; farther than phoneticEqual allows) or whose
 * first letter cannot sound like the query's (sameInitialSound, which phoneticEqual needs), of two letters or more
 * (no initial), in no abjad script (no skeleton) and not written in Han, Hangul or Kana on both sides.
 */
export function wordShapeMayMatch(q: PreparedWord, shape: number): boolean {
  if ((shape & SHAPE_OPEN) !== 0) return true;
  const la = q.text.length;
  const lb = (shape >>> 16) & SHAPE_LENGTH;
  const d = Math.abs(la - lb);
  if (d <= 1) return true;
  if (d > Math.max(2, Math.min(la, lb) / 2)) return false;
  const x = q.text.charCodeAt(0);
  const y = shape & 0xffff;
  return x === y || (x < 128 && y < 128 && INITIAL_SOUND_CODES[x * 128 + y] === 1);
}

/** The best per-word match type of query word `q` against list word `l`, or null. */
export function wordMatchType(q: PreparedWord, l: PreparedWord, ctx: WordMatchContext): WordMatchType | null {
  return wordMatchTypeIn(q, l, ctx, true);
}

/**
 * wordMatchType(q, ·, ctx) for one query word against many list words: whether the equivalents and digit tables
 * hold the query word is looked up once (when they do not, no list word is its equivalent name or digit form).
 */
export function wordMatcher(q: PreparedWord, ctx: WordMatchContext): (l: PreparedWord) => WordMatchType | null {
  const inTables = inWordTables(q.text, ctx);
  return (l) => wordMatchTypeIn(q, l, ctx, inTables);
}

/**
 * wordMatchType, where `inTables` is inWordTables(q.text, ctx) (false only when the equivalents and digit tables do
 * not hold q's text): for a caller comparing one query word with many list words without a closure per query word.
 */
export function wordMatchTypeIn(q: PreparedWord, l: PreparedWord, ctx: WordMatchContext, inTables: boolean): WordMatchType | null {
  // Han, Hangul or Kana on both sides: as written (`김종은` is not `김정은`); romanisation is for other scripts.
  const native = sameNative(q, l);
  if (native !== undefined) return native ? 'exact_match' : null;
  const a = q.text;
  const b = l.text;
  if (a === b) return 'exact_match';
  const fuzzyCandidates = a.length >= 3 && b.length >= 3 && !q.isNumber && !l.isNumber;
  if (fuzzyCandidates && ctx.minEditLength !== null && a.length >= ctx.minEditLength && isOneEdit(a, b)) return 'edit_distance';
  if (fuzzyCandidates && phoneticEqual(q, l)) return 'phonetic';
  if (skeletonEqual(q, l)) return 'phonetic';
  if (inTables && equivalentNames(a, b, ctx)) return 'equivalent_name';
  if (ctx.initials && !q.isNumber && !l.isNumber) {
    if (a.length === 1 && b.length > 1 && b[0] === a) return 'initial_to_word';
    if (b.length === 1 && a.length > 1 && a[0] === b) return 'word_to_initial';
  }
  if (inTables && (ctx.tables.digitToWords.get(a)?.includes(b) ?? false)) return 'digit_to_word';
  if (inTables && (ctx.tables.wordToDigits.get(a)?.includes(b) ?? false)) return 'word_to_digit';
  return null;
}
