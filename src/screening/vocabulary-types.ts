/**
 * The look-up's per-word part (query-reach.ts): the vocabulary words one query word matches by a per-word type,
 * found through the vocabulary's keys, and the glued forms of query words a vocabulary word may have as its text.
 * What a call finds is kept in scratch arrays owned by the index's look-up (valid until its next call), so a search
 * makes no closure, entry array or key string per word compared.
 */
import type { PreparedQuery } from '../names/name-match.js';
import type { PreparedWord } from '../names/prepare.js';
import { inWordTables, queryNeedsWords, wordMatchTypeIn, wordShapeMayMatch, type WordMatchContext } from '../names/word-match.js';
import type { WordMatchType } from '../names/types.js';
import { MAX_ACRONYM, MIN_ACRONYM } from '../names/assign.js';
import type { EntityIndex } from './entity-index.js';
import { fnvFinish, fnvStep, FNV_START } from './key-table.js';
import { grown, StampedMarks } from './stamps.js';
import type { Vocabulary } from './vocabulary.js';

/** Query words glued into one list word, or list words a query word is split into: at most this many. */
export const MAX_GLUE = 4;

export class VocabularyTypes {
  /** The ids the last `collect` found, in the order found (`count` of them), and their types. */
  ids = new Int32Array(64);
  readonly types: WordMatchType[] = [];
  count = 0;
  /** The vocabulary words compared with the query word (reset per call). */
  private readonly seen = new StampedMarks();
  /** The call's query word and context, the map it fills (undefined: none). */
  private q: PreparedWord | undefined;
  private ctx: WordMatchContext | undefined;
  private inTables = false;
  private found: Map<number, WordMatchType> | undefined;

  constructor(private readonly index: EntityIndex) {}

  /**
   * Every vocabulary word that query word `q` matches by a per-word type, with the type: into `ids`/`types`, and
   * into `found` when given (in the same order).
   */
  collect(q: PreparedWord, ctx: WordMatchContext, minEditLength: number | null, found: Map<number, WordMatchType> | undefined): void {
    const vocab = this.index.vocab;
    const tables = this.index.tables;
    // Each word is compared once, whatever the keys that reach it.
    this.seen.reset(vocab.size);
    this.q = q;
    this.ctx = ctx;
    this.inTables = inWordTables(q.text, ctx);
    this.found = found;
    this.count = 0;
    const consider = this.consider;
    const text = q.text;
    vocab.eachWithText(text, consider);
    if (minEditLength !== null && text.length >= minEditLength && text.length >= 3 && !q.isNumber) vocab.eachDeletionKey(vocab.deletions, text, consider);
    const p = q.phonetic[0];
    const s = q.phonetic[1];
    if (p !== '' || s !== '') {
      // The words of a sound's bucket are many on a long list: those whose length or first letter rule out a match
      // are passed over without reading them (wordShapeMayMatch: wordMatchType would say null).
      const considerSound = queryNeedsWords(q, ctx) ? consider : this.considerShaped;
      if (p !== '') vocab.phonetic.each(p, considerSound);
      if (s !== '' && s !== p) vocab.phonetic.each(s, considerSound);
    }
    const skeletons = q.script === 'abjad' ? vocab.skeletons() : vocab.abjadSkeletons;
    vocab.eachSkeletonKey(skeletons, q.skeleton, consider);
    const crossCultural = tables.crossCultural.get(text);
    if (crossCultural !== undefined) for (const group of crossCultural) for (const w of tables.crossCulturalGroups[group]!) consider(vocab.id(w));
    const nicknames = tables.nicknames.get(text);
    if (nicknames !== undefined) for (const group of nicknames) for (const w of tables.nicknameGroups[group]!) consider(vocab.id(w));
    if (text.length > 1) consider(vocab.id(text[0]!));
    const digits = tables.digitToWords.get(text);
    if (digits !== undefined) for (const w of digits) consider(vocab.id(w));
    const numbers = tables.wordToDigits.get(text);
    if (numbers !== undefined) for (const w of numbers) consider(vocab.id(w));
    this.q = undefined;
    this.ctx = undefined;
    this.found = undefined;
  }

  /** The comparison of the call's query word with vocabulary word `id` (each once). */
  private readonly consider = (id: number | undefined): void => {
    if (id === undefined || !this.seen.add(id)) return;
    const type = wordMatchTypeIn(this.q!, this.index.vocab.words[id]!, this.ctx!, this.inTables);
    if (type === null) return;
    this.found?.set(id, type);
    const at = this.count++;
    if (at === this.ids.length) this.ids = grown(this.ids, at + 1);
    this.ids[at] = id;
    this.types[at] = type;
  };

  /** consider, for a word of a sound's bucket whose shape may match (else it is passed over, unread). */
  private readonly considerShaped = (id: number): void => {
    if (wordShapeMayMatch(this.q!, this.index.vocab.shapes[id]!)) this.consider(id);
    else this.seen.add(id);
  };
}

/** The glued forms of query words i..i+k-1: glued (2..MAX_GLUE words) and their initials (MIN_ACRONYM..MAX_ACRONYM). */
export function gluedForms(query: PreparedQuery, i: number, form: (text: string, count: number) => void): void {
  let glued = query.words[i]!.text;
  let initials = glued[0]!;
  for (let k = 2; k <= MAX_ACRONYM && i + k <= query.words.length; k++) {
    const next = query.words[i + k - 1]!.text;
    glued += next;
    initials += next[0]!;
    if (k <= MAX_GLUE) form(glued, k);
    if (k >= MIN_ACRONYM) form(initials, k);
  }
}

/**
 * The glued forms (gluedForms) that some vocabulary word may have as its text: each form is hashed as it grows,
 * word by word, and its text built only when the vocabulary holds its hash (Vocabulary.mayHoldText; a form whose
 * hash is not held has no word).
 */
export function heldGluedForms(vocab: Vocabulary, query: PreparedQuery, i: number, form: (text: string, count: number) => void): void {
  if (!vocab.fnvKeys) {
    gluedForms(query, i, form);
    return;
  }
  const words = query.words;
  const first = words[i]!.text;
  let glued = FNV_START;
  for (let c = 0; c < first.length; c++) glued = fnvStep(glued, first.charCodeAt(c));
  let initials = fnvStep(FNV_START, first.charCodeAt(0));
  for (let k = 2; k <= MAX_ACRONYM && i + k <= words.length; k++) {
    const next = words[i + k - 1]!.text;
    initials = fnvStep(initials, next.charCodeAt(0));
    if (k <= MAX_GLUE) {
      for (let c = 0; c < next.length; c++) glued = fnvStep(glued, next.charCodeAt(c));
      if (vocab.mayHoldText(fnvFinish(glued))) form(gluedText(words, i, k), k);
    }
    if (k >= MIN_ACRONYM && vocab.mayHoldText(fnvFinish(initials))) form(initialsText(words, i, k), k);
  }
}

/** The texts of words i..i+k-1 glued. */
function gluedText(words: readonly PreparedWord[], i: number, k: number): string {
  let text = '';
  for (let j = i; j < i + k; j++) text += words[j]!.text;
  return text;
}

/** The first letters of words i..i+k-1. */
function initialsText(words: readonly PreparedWord[], i: number, k: number): string {
  let text = '';
  for (let j = i; j < i + k; j++) text += words[j]!.text[0]!;
  return text;
}
