/** The vocabulary in an index snapshot (both versions): its words, prepared, in id order. */
import type { TokenScript } from '../names/normalize.js';
import type { PreparedWord } from '../names/prepare.js';
import type { WordTables } from '../names/tables.js';
import { Vocabulary } from './vocabulary.js';

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

