/**
 * The vocabulary of a screening index: every distinct folded word once, prepared once, with the keys that
 * find it from a query word without scanning: one-deletion neighbours (one edit), Double Metaphone codes,
 * consonant skeletons (abjad scripts), and the words' first letters for initials.
 *
 * The keys are not kept as strings: each look-up table is a KeyTable (key-table.ts), typed arrays of word ids
 * grouped by a 32-bit hash of the key, and a look-up checks each id against the word (it really has the key), so
 * it answers exactly the words that have the key. `toParts` and `fromParts` (vocabulary-parts.ts) give the
 * vocabulary as typed arrays and strings that a snapshot stores and restores without computing a key again.
 */
import type { TokenScript } from '../names/normalize.js';
import { prepareWord, type PreparedWord } from '../names/prepare.js';
import { wordShape } from '../names/word-match.js';
import { grown } from './stamps.js';
import type { WordTables } from '../names/tables.js';
import type { Problem, Result } from '../errors.js';
import { fnv1a, fnvFinish, fnvStep, FNV_START, KeyTable, type KeyHash } from './key-table.js';
import { restoreParts, vocabularyParts, type RestoredVocabulary, type VocabularyParts } from './vocabulary-parts.js';

export type { VocabularyParts } from './vocabulary-parts.js';

/** The word and every form of it with one letter deleted (symmetric-deletion keys for one edit). */
export function deletionKeys(word: string): string[] {
  const keys = [word];
  for (let i = 0; i < word.length; i++) {
    const key = word.slice(0, i) + word.slice(i + 1);
    if (!keys.includes(key)) keys.push(key);
  }
  return keys;
}

export function skeletonKeys(skeleton: string): string[] {
  if (skeleton === '') return [];
  return skeleton.length >= 3 ? deletionKeys(skeleton) : [skeleton];
}

/** Whether `short` is `long` with one character deleted. */
function oneDeletion(long: string, short: string): boolean {
  if (long.length !== short.length + 1) return false;
  let i = 0;
  while (i < short.length && long.charCodeAt(i) === short.charCodeAt(i)) i++;
  for (; i < short.length; i++) if (long.charCodeAt(i + 1) !== short.charCodeAt(i)) return false;
  return true;
}

/**
 * Whether `word` has the one-deletion key `text` without its letter at `at` (hasDeletionKey of that key), read in
 * place: the key is not built.
 */
export function hasDeletionAt(word: string, text: string, at: number): boolean {
  const n = text.length - 1;
  if (word.length === n) {
    for (let j = 0; j < n; j++) if (word.charCodeAt(j) !== text.charCodeAt(j < at ? j : j + 1)) return false;
    return true;
  }
  if (word.length !== n + 1) return false;
  // word with one letter deleted is the key: the first letter that differs is the one.
  let j = 0;
  while (j < n && word.charCodeAt(j) === text.charCodeAt(j < at ? j : j + 1)) j++;
  for (; j < n; j++) if (word.charCodeAt(j + 1) !== text.charCodeAt(j < at ? j : j + 1)) return false;
  return true;
}

/** Whether `key` is one of `deletionKeys(text)`. */
export function hasDeletionKey(text: string, key: string): boolean {
  return text === key || oneDeletion(text, key);
}

/** Whether `key` is one of `skeletonKeys(skeleton)`. */
export function hasSkeletonKey(skeleton: string, key: string): boolean {
  return skeleton !== '' && (skeleton === key || (skeleton.length >= 3 && oneDeletion(skeleton, key)));
}

const NONE: readonly number[] = [];

export class Vocabulary {
  readonly words: PreparedWord[];
  /** Folded text → ids of every word with it (the Latin one and those written in Han, Hangul or Kana). */
  private readonly byText: KeyTable;
  /** One-deletion keys → word ids (words of 3+ characters). */
  readonly deletions: KeyTable;
  /** Double Metaphone code → word ids. */
  readonly phonetic: KeyTable;
  /** Consonant skeleton keys → ids of words written in an abjad script (or seen in one too). */
  readonly abjadSkeletons: KeyTable;
  /** Consonant skeleton keys → ids of every word, built on the first query written in an abjad script. */
  private allSkeletons: KeyTable | undefined;
  /** 1 for each word in `abjadSkeletons`, by id. */
  private abjad: Uint8Array;
  /** Each word's wordShape (word-match.ts), by id: what a look-up reads to pass over a word it cannot match. */
  private shapeOf: Int32Array;
  /** Some word is written in Han, Hangul or Kana (found by its text through `withText` only, not `id`). */
  hasNative = false;
  /**
   * Changes with every word added and every key added to a word (its skeleton put in `abjadSkeletons`): what a
   * look-up found under an older generation may be stale (lookup-memo.ts). Words are never removed.
   */
  private changes = 0;
  /** Whether word `id` has no native form. */
  private readonly latin = (id: number): boolean => this.words[id]!.native === undefined;

  /**
   * @param hash the key hash of the look-up tables (tests inject weak ones to force collisions)
   * @param restored internal: the words and tables of `fromParts`
   */
  constructor(
    private readonly tables: WordTables,
    private readonly hash: KeyHash = fnv1a,
    restored?: RestoredVocabulary,
  ) {
    const words: PreparedWord[] = restored?.words ?? [];
    this.words = words;
    const text = (id: number, key: string): boolean => words[id]!.text === key;
    const deletion = (id: number, key: string): boolean => hasDeletionKey(words[id]!.text, key);
    const phonetic = (id: number, key: string): boolean => key !== '' && (words[id]!.phonetic[0] === key || words[id]!.phonetic[1] === key);
    const skeleton = (id: number, key: string): boolean => hasSkeletonKey(words[id]!.skeleton, key);
    const table = (parts: RestoredVocabulary['tables'][keyof RestoredVocabulary['tables']] | undefined, has: (id: number, key: string) => boolean): KeyTable =>
      parts === undefined ? new KeyTable(has, hash) : KeyTable.fromParts(parts, has, hash);
    this.byText = table(restored?.tables.text, text);
    this.deletions = table(restored?.tables.deletions, deletion);
    this.phonetic = table(restored?.tables.phonetic, phonetic);
    this.abjadSkeletons = table(restored?.tables.abjadSkeletons, skeleton);
    this.abjad = restored?.abjad ?? new Uint8Array(64);
    this.shapeOf = new Int32Array(Math.max(64, words.length));
    for (let id = 0; id < words.length; id++) this.shapeOf[id] = wordShape(words[id]!);
    this.hasNative = words.some((w) => w.native !== undefined);
  }

  /**
   * A vocabulary over parts from `toParts` (of a vocabulary built with the same key hash), without computing a key:
   * it answers as the vocabulary the parts came from. Parts whose arrays do not hold together are refused
   * (`snapshot_corrupt`, with the path of the part under `path`).
   */
  static fromParts(tables: WordTables, parts: VocabularyParts, path = 'vocabulary', hash: KeyHash = fnv1a): Result<Vocabulary, Problem[]> {
    const restored = restoreParts(parts, path);
    if (!restored.ok) return restored;
    return { ok: true, value: new Vocabulary(tables, hash, restored.value) };
  }

  /** The vocabulary as typed arrays and strings (see VocabularyParts; the arrays are shared: do not modify them). */
  toParts(): VocabularyParts {
    return vocabularyParts(this.words, this.abjad, {
      text: this.byText.toParts(),
      deletions: this.deletions.toParts(),
      phonetic: this.phonetic.toParts(),
      abjadSkeletons: this.abjadSkeletons.toParts(),
    });
  }

  /** The words' shapes by id (wordShape; valid until the next word is added). */
  get shapes(): Int32Array {
    return this.shapeOf;
  }

  get size(): number {
    return this.words.length;
  }

  /** See `changes`: the same number while the vocabulary and its keys stay the same. */
  get generation(): number {
    return this.changes;
  }

  /** The tables hash keys with FNV-1a (fnv1a): a key's hash can be computed in steps (fnvStep) from its text. */
  get fnvKeys(): boolean {
    return this.hash === fnv1a;
  }

  /** The hash of a text as the tables hash keys. */
  keyHash(text: string): number {
    return this.hash(text);
  }

  /** Whether some word may have a text of this hash (keyHash): when not, `id` and `withText` find none. */
  mayHoldText(h: number): boolean {
    return this.byText.holds(h);
  }

  /**
   * Calls `visit` with each id under each key of `deletionKeys(text)` in `table` (in the order of the keys, each
   * key once), building only the keys that some word may have (KeyTable.holds). `table`: `deletions` (keys of the
   * words' texts) or a skeleton table (keys of their skeletons); a key with a letter deleted is checked in place,
   * never built. `visit` must not call it again.
   */
  eachDeletionKey(table: KeyTable, text: string, visit: (id: number) => void): void {
    const length = text.length;
    if (!this.fnvKeys) {
      for (const key of deletionKeys(text)) if (table.holds(this.hash(key))) table.each(key, visit);
      return;
    }
    let whole = FNV_START;
    for (let i = 0; i < length; i++) whole = fnvStep(whole, text.charCodeAt(i));
    const h = fnvFinish(whole);
    if (table.holds(h)) table.each(text, visit, h);
    // Deleting any letter of a run of one letter gives the same key: the run's first is taken (as deletionKeys).
    let before = FNV_START;
    for (let i = 0; i < length; i++) {
      const c = text.charCodeAt(i);
      if (i === 0 || c !== text.charCodeAt(i - 1)) {
        let after = before;
        for (let k = i + 1; k < length; k++) after = fnvStep(after, text.charCodeAt(k));
        const d = fnvFinish(after);
        if (table.holds(d)) {
          // The key is checked in place against each word's text (or skeleton: for a key of two letters or more,
          // hasSkeletonKey is hasDeletionKey of the skeleton).
          this.deletedFrom = text;
          this.deletedAt = i;
          table.eachWhere(d, table === this.deletions ? this.textHasDeletion : this.skeletonHasDeletion, visit);
        }
      }
      before = fnvStep(before, c);
    }
  }

  /** The key eachDeletionKey visits: `deletedFrom` without its letter at `deletedAt`. */
  private deletedFrom = '';
  private deletedAt = 0;
  private readonly textHasDeletion = (id: number): boolean => hasDeletionAt(this.words[id]!.text, this.deletedFrom, this.deletedAt);
  private readonly skeletonHasDeletion = (id: number): boolean => hasDeletionAt(this.words[id]!.skeleton, this.deletedFrom, this.deletedAt);

  /** Calls `visit` with each id under each key of `skeletonKeys(skeleton)` in `table`, as eachDeletionKey does. */
  eachSkeletonKey(table: KeyTable, skeleton: string, visit: (id: number) => void): void {
    if (skeleton.length >= 3) this.eachDeletionKey(table, skeleton, visit);
    else if (skeleton !== '') table.each(skeleton, visit);
  }

  /** The id of a word written in a Latin-based script (or any, when no native form is given). */
  id(text: string): number | undefined {
    const id = this.byText.first(text, this.latin);
    return id < 0 ? undefined : id;
  }

  /** Calls `visit` with each id of `withText(text)`, in its order, without making the array. */
  eachWithText(text: string, visit: (id: number) => void): void {
    this.byText.each(text, visit);
  }

  /** Every word with this folded text: the Latin one and those written in Han, Hangul or Kana. */
  withText(text: string): readonly number[] {
    let ids: number[] | undefined;
    this.byText.each(text, (id) => {
      (ids ??= []).push(id);
    });
    return ids ?? NONE;
  }

  /** The id of a word, adding it (prepared) when new. */
  intern(text: string, script: TokenScript, native?: string): number {
    const known = this.byText.first(text, (i) => this.words[i]!.native === native);
    if (known >= 0) {
      // A word seen in Latin and in an abjad script is compared by skeleton too.
      if (script === 'abjad' && this.words[known]!.script !== 'abjad') this.addAbjad(known, this.words[known]!.skeleton);
      return known;
    }
    return this.add(prepareWord(text, script, this.tables, native));
  }

  /** Add an already prepared word (used when restoring a snapshot). */
  add(word: PreparedWord): number {
    const id = this.words.length;
    this.changes++;
    // Built field by field: an object spread here gave each word a hidden class of its own (V8), which made every
    // read of a vocabulary word a megamorphic look-up.
    this.words.push({
      text: word.text,
      script: word.script,
      phonetic: word.phonetic,
      skeleton: word.skeleton,
      isNumber: word.isNumber,
      particle: word.particle,
      id,
      native: word.native,
    });
    if (word.native !== undefined) this.hasNative = true;
    this.shapeOf = grown(this.shapeOf, id + 1);
    this.shapeOf[id] = wordShape(word);
    this.byText.push(word.text, id);
    if (word.text.length >= 3 && !word.isNumber) for (const key of deletionKeys(word.text)) this.deletions.push(key, id);
    const [p, s] = word.phonetic;
    if (p !== '') this.phonetic.push(p, id);
    if (s !== '' && s !== p) this.phonetic.push(s, id);
    if (this.allSkeletons !== undefined) for (const key of skeletonKeys(word.skeleton)) this.allSkeletons.push(key, id);
    if (word.script === 'abjad') this.addAbjad(id, word.skeleton);
    return id;
  }

  /** Skeleton keys (one-deletion keys for skeletons of 3+ letters) → ids of every word. */
  skeletons(): KeyTable {
    if (this.allSkeletons === undefined) {
      const words = this.words;
      const table = new KeyTable((id, key) => hasSkeletonKey(words[id]!.skeleton, key), this.hash);
      words.forEach((w, id) => {
        for (const key of skeletonKeys(w.skeleton)) table.push(key, id);
      });
      this.allSkeletons = table;
    }
    return this.allSkeletons;
  }

  /** Puts a word in `abjadSkeletons` (once). */
  private addAbjad(id: number, skeleton: string): void {
    if (id >= this.abjad.length) {
      const grown = new Uint8Array(Math.max(id + 1, this.abjad.length * 2));
      grown.set(this.abjad);
      this.abjad = grown;
    }
    if (this.abjad[id] === 1) return;
    this.abjad[id] = 1;
    this.changes++;
    for (const key of skeletonKeys(skeleton)) this.abjadSkeletons.push(key, id);
  }
}
