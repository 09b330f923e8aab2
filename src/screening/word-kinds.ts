/**
 * What the candidate checks read of a vocabulary word (its length of one, whether a number, a particle, in a native
 * script), by word id in flat bits: read from the word object once, then from one byte (the word objects lie
 * scattered in the heap; a check reading thousands of them pays a cache miss each).
 */
import type { EntityIndex } from './entity-index.js';
import { grown } from './stamps.js';

/** Kinds of vocabulary words (WordKinds.of): one character, more than one, a number, a particle. */
const KNOWN = 1;
export const SINGLE = 2;
export const NUMBER = 4;
export const PARTICLE = 8;
export const LONG = 16;
export const NATIVE = 32;

/**
 * What the name check reads of a vocabulary word (its length of one, whether a number or a particle), by word id
 * in flat bits: read once from the word the first time a search asks (a word of an id never changes).
 */
export class WordKinds {
  private kinds = new Uint8Array(0);
  constructor(private readonly index: EntityIndex) {}

  of(id: number): number {
    let kind = this.kinds[id];
    if (kind === undefined || kind === 0) {
      if (id >= this.kinds.length) this.kinds = grown(this.kinds, id + 1);
      const w = this.index.vocab.words[id]!;
      kind = KNOWN | (w.text.length === 1 ? SINGLE : 0) | (w.text.length > 1 ? LONG : 0) | (w.isNumber ? NUMBER : 0) | (w.particle ? PARTICLE : 0) | (w.native !== undefined ? NATIVE : 0);
      this.kinds[id] = kind;
    }
    return kind;
  }
}

const KINDS = new WeakMap<EntityIndex, WordKinds>();

export function wordKinds(index: EntityIndex): WordKinds {
  let kinds = KINDS.get(index);
  if (kinds === undefined) KINDS.set(index, (kinds = new WordKinds(index)));
  return kinds;
}
