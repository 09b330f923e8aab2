/**
 * The ways of writing a word as 2..4 consecutive list words (the look-up's splits, glued abbreviations and native
 * splits: query-reach.ts), with the scratch they reuse from one call to the next.
 */
import { fnvFinish, fnvStep, FNV_START } from './key-table.js';
import type { Vocabulary } from './vocabulary.js';
import { MAX_GLUE } from './vocabulary-types.js';

export class WordSplits {
  /** Scratch of `each` (not reentrant: its callbacks split nothing): the parts so far. */
  private readonly parts: number[] = [];
  /** Per position × 8 + parts taken: 1 when no split into the parts left exists from there. */
  private dead = new Uint8Array(64);
  /** Per piece (from × (length + 1) + cut): -2 not looked up, -1 no word, else where its ids start in `ids`. */
  private pieces = new Int32Array(64);
  /** The pieces' ids: at each piece's start, how many, then the ids. */
  private readonly ids: number[] = [];

  /**
   * Each way of writing `text` as `least` to `most` consecutive words (`word` pushes the ids of a piece, found by
   * its text in the vocabulary, onto its second argument), one id per piece. A piece whose text hash no vocabulary
   * word has (Vocabulary.mayHoldText) has none: `word` is not asked. `found` gets a scratch array, valid during
   * the call.
   */
  each(vocab: Vocabulary, text: string, word: (piece: string, out: number[]) => void, found: (parts: readonly number[]) => void, least = 2, most = MAX_GLUE): void {
    const fnv = vocab.fnvKeys;
    const parts = this.parts;
    parts.length = 0;
    // Positions from which no split into the parts left exists (× 8).
    const size = text.length + 1;
    if (this.dead.length < size * 8) this.dead = new Uint8Array(size * 16);
    const dead = this.dead;
    dead.fill(0, 0, size * 8);
    // Each piece is looked up once, whatever the paths that reach it.
    if (this.pieces.length < size * size) this.pieces = new Int32Array(size * size * 2);
    const pieces = this.pieces;
    pieces.fill(-2, 0, size * size);
    const ids = this.ids;
    ids.length = 0;
    const walk = (from: number): boolean => {
      if (from === text.length) {
        if (parts.length < least) return false;
        found(parts);
        return true;
      }
      if (parts.length === most || dead[from * 8 + parts.length] === 1) return false;
      let any = false;
      // The last part allowed must run to the end of the text.
      const start = parts.length === most - 1 ? text.length : from + 1;
      // The FNV-1a state of text[from, cut - 1), extended one letter per cut.
      let state = FNV_START;
      for (let k = from; k < start - 1; k++) state = fnvStep(state, text.charCodeAt(k));
      for (let cut = start; cut <= text.length; cut++) {
        state = fnvStep(state, text.charCodeAt(cut - 1));
        let at = pieces[from * size + cut]!;
        if (at === -2) {
          at = -1;
          if (vocab.mayHoldText(fnv ? fnvFinish(state) : vocab.keyHash(text.slice(from, cut)))) {
            const head = ids.length;
            ids.push(0);
            word(text.slice(from, cut), ids);
            if (ids.length > head + 1) {
              ids[head] = ids.length - head - 1;
              at = head;
            } else ids.length = head;
          }
          pieces[from * size + cut] = at;
        }
        if (at === -1) continue;
        for (let k = at + 1, end = at + 1 + ids[at]!; k < end; k++) {
          parts.push(ids[k]!);
          any = walk(cut) || any;
          parts.pop();
        }
      }
      if (!any) dead[from * 8 + parts.length] = 1;
      return any;
    };
    walk(0);
  }
}
