/**
 * The vocabulary as typed arrays and strings (a binary snapshot stores them), and back, without computing a key.
 */
import { fail, ok, problem, type Problem, type Result } from '../errors.js';
import type { TokenScript } from '../names/normalize.js';
import type { PreparedWord } from '../names/prepare.js';
import { keyTablePartsProblem, type KeyTableParts } from './key-table.js';

export type { KeyTableParts } from './key-table.js';

export const VOCABULARY_PARTS_VERSION = 1;

/** Fields of each word in `VocabularyParts.wordStrings`, in this order. */
export const WORD_FIELDS = 5;

/** Bits of `VocabularyParts.wordFlags`. */
export const WordBits = {
  /** Bits 0-1: the script, 0 latin, 1 abjad, 2 cjk. */
  script: 0b11,
  number: 1 << 2,
  particle: 1 << 3,
  /** The word is in the abjad skeleton table (written in an abjad script, or seen in one too). */
  abjad: 1 << 4,
} as const;

const SCRIPTS: readonly TokenScript[] = ['latin', 'abjad', 'cjk'];

/**
 * A vocabulary as typed arrays and strings (`Vocabulary.toParts`, `Vocabulary.fromParts`). Words are numbered
 * 0 .. n-1 (n = `wordFlags.length`), their ids in the index.
 *
 * - `version`: 1.
 * - `strings`: the distinct strings of the words (texts, phonetic codes, skeletons, native forms) one after the
 *   other; string k is `strings.slice(k === 0 ? 0 : stringEnds[k - 1], stringEnds[k])` (UTF-16 offsets). The texts,
 *   codes and skeletons are ASCII; native forms (Han, Hangul, Kana) are well-formed Unicode, so a container can
 *   store `strings` as UTF-8 and get it back unchanged.
 * - `stringEnds`: Int32Array, one end offset per distinct string, non-decreasing, the last `strings.length`.
 * - `wordStrings`: Int32Array of 5 string indices per word: text, Double Metaphone primary code, alternate code,
 *   consonant skeleton, native form (-1 when the word has none).
 * - `wordFlags`: Uint8Array, one per word: bits 0-1 the script (0 latin, 1 abjad, 2 cjk), bit 2 a number, bit 3 a
 *   particle, bit 4 in the abjad skeleton table (`WordBits`).
 * - `text`, `deletions`, `phonetic`, `abjadSkeletons`: the look-up tables (`KeyTableParts`: four Int32Arrays
 *   `bucketStart`, `groupHash`, `groupStart`, `ids`), keyed by folded text, one-deletion keys, Double Metaphone
 *   codes and skeleton keys of abjad words, hashed with `fnv1a` (key-table.ts).
 *
 * `fromParts` checks that the arrays hold together (lengths, offsets, ids in range, groups in their buckets) in
 * linear time, and refuses them with `snapshot_corrupt` otherwise; it does not check that the tables hold the
 * words' keys (a container checksum covers the contents).
 */
export interface VocabularyParts {
  version: number;
  strings: string;
  stringEnds: Int32Array;
  wordStrings: Int32Array;
  wordFlags: Uint8Array;
  text: KeyTableParts;
  deletions: KeyTableParts;
  phonetic: KeyTableParts;
  abjadSkeletons: KeyTableParts;
}

export type VocabularyTables = Pick<VocabularyParts, 'text' | 'deletions' | 'phonetic' | 'abjadSkeletons'>;

/** The words and tables of a vocabulary read from parts (the Vocabulary constructor takes them). */
export interface RestoredVocabulary {
  words: PreparedWord[];
  abjad: Uint8Array;
  tables: VocabularyTables;
}

export function vocabularyParts(words: readonly PreparedWord[], abjad: Uint8Array, tables: VocabularyTables): VocabularyParts {
  const index = new Map<string, number>();
  const pool: string[] = [];
  const ref = (s: string | undefined): number => {
    if (s === undefined) return -1;
    let k = index.get(s);
    if (k === undefined) {
      k = pool.length;
      index.set(s, k);
      pool.push(s);
    }
    return k;
  };
  const n = words.length;
  const wordStrings = new Int32Array(n * WORD_FIELDS);
  const wordFlags = new Uint8Array(n);
  for (let id = 0; id < n; id++) {
    const w = words[id]!;
    const at = id * WORD_FIELDS;
    wordStrings[at] = ref(w.text);
    wordStrings[at + 1] = ref(w.phonetic[0]);
    wordStrings[at + 2] = ref(w.phonetic[1]);
    wordStrings[at + 3] = ref(w.skeleton);
    wordStrings[at + 4] = ref(w.native);
    wordFlags[id] = SCRIPTS.indexOf(w.script) | (w.isNumber ? WordBits.number : 0) | (w.particle ? WordBits.particle : 0) | (abjad[id] === 1 ? WordBits.abjad : 0);
  }
  const stringEnds = new Int32Array(pool.length);
  let end = 0;
  pool.forEach((s, k) => {
    end += s.length;
    stringEnds[k] = end;
  });
  return { version: VOCABULARY_PARTS_VERSION, strings: pool.join(''), stringEnds, wordStrings, wordFlags, ...tables };
}

const TABLES = ['text', 'deletions', 'phonetic', 'abjadSkeletons'] as const;

/** Why the parts do not hold together, as [path below the vocabulary, message], or undefined. */
function partsProblem(parts: VocabularyParts): [string, string] | undefined {
  if (typeof parts !== 'object' || parts === null) return ['', 'vocabulary parts are missing'];
  if (parts.version !== VOCABULARY_PARTS_VERSION) return ['version', `vocabulary parts version ${String(parts.version)} is not supported (expected ${VOCABULARY_PARTS_VERSION})`];
  const { strings, stringEnds, wordStrings, wordFlags } = parts;
  if (typeof strings !== 'string' || !(stringEnds instanceof Int32Array)) return ['strings', 'strings are malformed'];
  let previous = 0;
  for (let k = 0; k < stringEnds.length; k++) {
    if (stringEnds[k]! < previous) return ['stringEnds', `string ${k} ends before it starts`];
    previous = stringEnds[k]!;
  }
  if (previous !== strings.length) return ['stringEnds', 'string ends do not cover the strings'];
  if (!(wordFlags instanceof Uint8Array) || !(wordStrings instanceof Int32Array) || wordStrings.length !== wordFlags.length * WORD_FIELDS) {
    return ['wordStrings', 'word strings and flags do not have one entry per word'];
  }
  for (let i = 0; i < wordStrings.length; i++) {
    const s = wordStrings[i]!;
    if (s >= stringEnds.length || s < (i % WORD_FIELDS === 4 ? -1 : 0)) return ['wordStrings', `word ${Math.floor(i / WORD_FIELDS)} refers to no string`];
  }
  for (let id = 0; id < wordFlags.length; id++) {
    if ((wordFlags[id]! & WordBits.script) >= SCRIPTS.length || wordFlags[id]! >= WordBits.abjad << 1) return ['wordFlags', `word ${id} has unknown flags`];
  }
  for (const name of TABLES) {
    const table = parts[name];
    const why = typeof table !== 'object' || table === null ? 'table is missing' : keyTablePartsProblem(table, wordFlags.length);
    if (why !== undefined) return [name, why];
  }
  return undefined;
}

/** The words and tables of valid parts, or `snapshot_corrupt` at `path` (and the part below it). */
export function restoreParts(parts: VocabularyParts, path: string): Result<RestoredVocabulary, Problem[]> {
  const why = partsProblem(parts);
  if (why !== undefined) return fail([problem('snapshot_corrupt', why[1], why[0] === '' ? path : `${path}.${why[0]}`)]);
  const { strings, stringEnds, wordStrings, wordFlags } = parts;
  const pool: string[] = new Array(stringEnds.length);
  let start = 0;
  for (let k = 0; k < stringEnds.length; k++) {
    pool[k] = strings.slice(start, stringEnds[k]);
    start = stringEnds[k]!;
  }
  const n = wordFlags.length;
  const words: PreparedWord[] = [];
  const abjad = new Uint8Array(Math.max(64, n));
  for (let id = 0; id < n; id++) {
    const at = id * WORD_FIELDS;
    const flags = wordFlags[id]!;
    const native = wordStrings[at + 4]!;
    // Field by field, in the order Vocabulary.add writes them (one hidden class for every word).
    words.push({
      text: pool[wordStrings[at]!]!,
      script: SCRIPTS[flags & WordBits.script]!,
      phonetic: [pool[wordStrings[at + 1]!]!, pool[wordStrings[at + 2]!]!],
      skeleton: pool[wordStrings[at + 3]!]!,
      isNumber: (flags & WordBits.number) !== 0,
      particle: (flags & WordBits.particle) !== 0,
      id,
      native: native < 0 ? undefined : pool[native],
    });
    if ((flags & WordBits.abjad) !== 0) abjad[id] = 1;
  }
  return ok({ words, abjad, tables: { text: parts.text, deletions: parts.deletions, phonetic: parts.phonetic, abjadSkeletons: parts.abjadSkeletons } });
}
