/**
 * What the n-gram index holds for the word pairs of two adjacent reference words, and for the single words of
 * one: each word stands for a run of vocabulary ids (the words it matches), and a pair of runs is probed as every
 * (a, b) of them, hundreds of probes for two common first names, each a read from a table of millions. The answer
 * depends only on the runs and the index, so it is kept across references (names recur in payment references)
 * until the index gains names.
 */
import type { WordMatchType } from '../names/types.js';
import { gluable, SPELT } from './align.js';
import { aloneEntry, pairKey, type ReferenceIndex } from './ngram-index.js';

/** One pair (a, b) the index holds, in probe order. */
export interface PairHit {
  key: number;
  /** Names of two core words (a, b), or the empty list of a pair that only begins longer names. */
  names: readonly number[] | undefined;
  /** Names whose second and third core words are (a, b); probed only when asked for. */
  skips: readonly number[] | undefined;
  /** Whether (a, b) begins a name of three core words or more. */
  prefix: boolean;
}

/**
 * How one reference word matches the words of its run: its text, and the per-word type of each (the look-up
 * that made the run).
 */
export interface Spelling {
  text: string;
  types: ReadonlyMap<number, WordMatchType>;
}

const NOTHING: readonly PairHit[] = Object.freeze([]);
const NO_NAMES: readonly number[] = Object.freeze([]);

export class PairHits {
  /** By whether skips were probed: first run → second run → hits. */
  private readonly memo = [new Map<readonly number[], Map<readonly number[], readonly PairHit[]>>(), new Map<readonly number[], Map<readonly number[], readonly PairHit[]>>()];
  /** By whether one-word person names are asked for: run → names of one core word. */
  private readonly singleMemo = [new Map<readonly number[], readonly number[]>(), new Map<readonly number[], readonly number[]>()];
  private size = 0;

  constructor(
    private readonly ngrams: ReferenceIndex,
    private readonly limit: number,
  ) {}

  /** Forget every answer (the index gained names, or the runs were rebuilt). */
  clear(): void {
    for (const m of this.memo) m.clear();
    for (const m of this.singleMemo) m.clear();
    this.size = 0;
  }

  /** The pair (a, b), or undefined when the index holds nothing under it. */
  probe(a: number, b: number, skips: boolean): PairHit | undefined {
    const key = pairKey(a, b);
    const skipped = skips ? this.ngrams.skips.get(key) : undefined;
    const names = this.ngrams.pairs.get(key);
    if (skipped === undefined && names === undefined) return undefined;
    return { key, names, skips: skipped, prefix: names !== undefined && this.ngrams.prefixes.has(key) };
  }

  /**
   * The names of one core word keyed under the ids of a run, id by id: other names, or one-word person names
   * ("HAMZA"). A name of one word alone is listed only under the ids that `spelling` spells (every id when it is
   * absent). The spelling must be the same each time a run is asked for: the answer is kept by run.
   */
  singles(run: readonly number[], personNames: boolean, spelling?: Spelling): readonly number[] {
    if (this.size >= this.limit) this.clear();
    const memo = this.singleMemo[personNames ? 1 : 0]!;
    let names = memo.get(run);
    if (names === undefined) {
      const byWord = personNames ? this.ngrams.personSingles : this.ngrams.singles;
      const found: number[] = [];
      for (const id of run) {
        const list = byWord[id];
        if (list === undefined) continue;
        let alone: boolean | undefined;
        for (const item of list) {
          if (item >= 0) found.push(item);
          else if ((alone ??= spelling === undefined || this.spells(spelling, id))) found.push(aloneEntry(item));
        }
      }
      names = found.length === 0 ? NO_NAMES : found;
      memo.set(run, names);
      this.size++;
    }
    return names;
  }

  /** Whether the reference word spells vocabulary word `id` as listed: one of the types that do, or glued. */
  private spells(spelling: Spelling, id: number): boolean {
    const type = spelling.types.get(id);
    return (type !== undefined && SPELT.has(type)) || gluable(spelling.text, this.ngrams.index.vocab.words[id]!.text);
  }

  /** Every pair (a, b) of the runs that the index holds, `a` by `a` then `b` by `b`. Runs are compared by identity. */
  of(first: readonly number[], second: readonly number[], skips: boolean): readonly PairHit[] {
    if (this.size >= this.limit) this.clear();
    const byFirst = this.memo[skips ? 1 : 0]!;
    let bySecond = byFirst.get(first);
    if (bySecond === undefined) byFirst.set(first, (bySecond = new Map()));
    let hits = bySecond.get(second);
    if (hits === undefined) {
      const found: PairHit[] = [];
      for (const a of first) {
        for (const b of second) {
          const hit = this.probe(a, b, skips);
          if (hit !== undefined) found.push(hit);
        }
      }
      hits = found.length === 0 ? NOTHING : found;
      bySecond.set(second, hits);
      this.size++;
    }
    return hits;
  }
}
