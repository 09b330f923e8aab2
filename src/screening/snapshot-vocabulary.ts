/**
 * The vocabulary in an index snapshot: version 1 keeps its words, prepared, in id order (re-added on restore);
 * version 2 keeps its parts (Vocabulary.toParts: words and look-up tables as typed arrays), restored as they are.
 */
import type { TokenScript } from '../names/normalize.js';
import type { PreparedWord } from '../names/prepare.js';
import type { WordTables } from '../names/tables.js';
import { fail, problem, type Problem, type Result } from '../errors.js';
import { kindOf, type Container, type SectionKind, type Typed } from './snapshot-binary.js';
import { Vocabulary, type VocabularyParts } from './vocabulary.js';

/** A vocabulary word: text, script, Double Metaphone codes, consonant skeleton, and its native form if any. */
export type SnapshotWord = [string, TokenScript, string, string, string] | [string, TokenScript, string, string, string, string];
/** The vocabulary's words as a snapshot keeps them (restored by `restoreVocabulary`). */
export function vocabularyWords(vocab: Vocabulary): SnapshotWord[] {
  return vocab.words.map((w): SnapshotWord => (w.native === undefined ? [w.text, w.script, w.phonetic[0], w.phonetic[1], w.skeleton] : [w.text, w.script, w.phonetic[0], w.phonetic[1], w.skeleton, w.native]));
}

/** A vocabulary of the words a snapshot keeps, in the same order (so the same ids). */
export function restoreVocabulary(words: readonly SnapshotWord[], tables: WordTables): Vocabulary {
  const vocab = new Vocabulary(tables);
  for (const [text, script, p, s, skeleton, native] of words) {
    const word: PreparedWord = { text, script, phonetic: [p, s], skeleton, isNumber: /^[0-9]+$/.test(text), particle: tables.particles.has(text) };
    if (native !== undefined) word.native = native;
    vocab.add(word);
  }
  return vocab;
}


const KEY_TABLES = ['text', 'deletions', 'phonetic', 'abjadSkeletons'] as const;
const FIELD_PATH = /^[A-Za-z]+(\.[A-Za-z]+)?$/;

/** Where a version-2 snapshot finds the vocabulary's arrays: each section's path in the parts and element type. */
export interface VocabularyMeta {
  version: number;
  fields: [string, SectionKind][];
}

/** The vocabulary as sections of a version-2 snapshot (`Vocabulary.toParts`: its strings as UTF-8, its arrays as they are). */
export function vocabularySections(prefix: string, vocab: Vocabulary): { meta: VocabularyMeta; sections: { name: string; data: Typed }[] } {
  const parts = vocab.toParts();
  const arrays: [string, Typed][] = [
    ['stringEnds', parts.stringEnds],
    ['wordStrings', parts.wordStrings],
    ['wordFlags', parts.wordFlags],
  ];
  for (const table of KEY_TABLES) for (const [field, data] of Object.entries(parts[table]) as [string, Typed][]) arrays.push([`${table}.${field}`, data]);
  return {
    meta: { version: parts.version, fields: arrays.map(([path, data]) => [path, kindOf(data)]) },
    sections: [{ name: `${prefix}.vocab.strings`, data: new TextEncoder().encode(parts.strings) }, ...arrays.map(([path, data]) => ({ name: `${prefix}.vocab.${path}`, data }))],
  };
}

/**
 * The vocabulary of a version-2 snapshot (`Vocabulary.fromParts`, which checks the parts hold together). Its arrays
 * are copied: the vocabulary may change them in place.
 */
export function vocabularyFromSections(c: Container, prefix: string, meta: VocabularyMeta | undefined, tables: WordTables): Result<Vocabulary, Problem[]> {
  const corrupt = (why: string): Result<never, Problem[]> => fail([problem('snapshot_corrupt', `${prefix}: the vocabulary ${why}`)]);
  if (typeof meta !== 'object' || meta === null || !Array.isArray(meta.fields)) return corrupt('is missing');
  const bytes = c.section(`${prefix}.vocab.strings`, 'u8');
  if (bytes === undefined) return corrupt('strings are missing');
  const parts: Record<string, unknown> = { version: meta.version };
  for (const table of KEY_TABLES) parts[table] = {};
  try {
    parts.strings = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return corrupt('strings are not UTF-8');
  }
  for (const field of meta.fields) {
    if (!Array.isArray(field) || typeof field[0] !== 'string' || !FIELD_PATH.test(field[0])) return corrupt('fields are malformed');
    const [path, kind] = field;
    const data = (c.section as (name: string, kind: SectionKind) => Typed | undefined)(`${prefix}.vocab.${path}`, kind);
    if (data === undefined) return corrupt(`section ${path} is missing`);
    const [head, tail] = path.split('.') as [string, string | undefined];
    const owner = tail === undefined ? parts : parts[head];
    if (typeof owner !== 'object' || owner === null) return corrupt(`section ${path} is unknown`);
    (owner as Record<string, unknown>)[tail ?? head] = data.slice();
  }
  return Vocabulary.fromParts(tables, parts as unknown as VocabularyParts, `${prefix}.vocabulary`);
}
