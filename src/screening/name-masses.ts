/**
 * The list mass of each stored name (NameStore) that the name check (name-check.ts) counts as certainly unmatched
 * when no query word reaches the name's words: an initial's mass for a single letter, the word's rarity for any
 * other word, affixes (by role) and particles apart. Summed over the name's distinct words (a word held twice counts
 * once: never more than the check counts), kept as float32 per name for the list as it is (the rarities move with
 * every entity added or removed).
 *
 * The candidate check (name-bound.ts) takes from it, for each name of an entity, the mass of the words the search
 * reaches, which leaves a lower bound of what the name check counts as unmatched: an entity none of whose names
 * could pass the check is dropped before the verification reads it.
 */
import { INITIAL_MASS } from '../names/evidence.js';
import type { EntityIndex } from './entity-index.js';
import { LONG, NUMBER, PARTICLE, SINGLE, wordKinds } from './word-kinds.js';

/**
 * Searches of one list as it is before its masses are computed: computing them reads every word of every name
 * (about 0.1 s at a million entities), so a list that changes between most of its searches never pays for them,
 * and a list that stays the same pays once. Counted per 2,000 names stored, at least one search.
 */
const NAMES_PER_SEARCH_WAITED = 2000;

/** What float32 rounding (a relative 2^-24 per name) and summing in another order may add to a stored mass. */
export const MASS_SLACK = 1e-5;

export class NameMasses {
  /**
   * Two entries per name number n (valid while `version` and `names` are the index's): at 2n its mass, at 2n + 1
   * its full words as the name check counts them (not initials, particles or affixes; each time held). Side by
   * side, so that a check reading both pays one cache miss.
   */
  private masses = new Float32Array(0);
  private version = -1;
  private generation = -1;
  private names = -1;
  /** Searches that asked since the list last changed. */
  private asked = 0;
  private askedVersion = -1;

  constructor(private readonly index: EntityIndex) {}

  /**
   * The masses and full words (see `masses`) for the list as it is, or undefined while the list has not stayed the same for enough searches
   * (NAMES_PER_SEARCH_WAITED): each call counts as a search.
   */
  current(): Float32Array | undefined {
    return this.fresh() ? this.masses : undefined;
  }

  private fresh(): boolean {
    const index = this.index;
    const store = index.nameStore;
    const version = index.contentVersion;
    if (this.version === version && this.generation === index.vocab.generation && this.names === store.names) return true;
    if (this.askedVersion !== version) {
      this.askedVersion = version;
      this.asked = 0;
    }
    if (++this.asked < Math.max(1, Math.ceil(store.names / NAMES_PER_SEARCH_WAITED))) return false;
    this.compute();
    return true;
  }

  /** Computes the masses now (a host that has just built or loaded a list and is about to search it). */
  compute(): void {
    const index = this.index;
    const store = index.nameStore;
    const kinds = wordKinds(index);
    const count = store.names;
    if (this.masses.length < 2 * count) this.masses = new Float32Array(Math.max(2 * count, 64));
    const masses = this.masses;
    const { wordStart, wordIds, roles } = store;
    for (let n = 0; n < count; n++) {
      let sum = 0;
      let fullWords = 0;
      const from = wordStart[n]!;
      const to = wordStart[n + 1]!;
      for (let k = from; k < to; k++) {
        if (roles[k] !== 0) continue;
        const id = wordIds[k]!;
        const kind = kinds.of(id);
        if ((kind & PARTICLE) !== 0) continue;
        if ((kind & (LONG | NUMBER)) !== 0) fullWords++;
        if (heldBefore(wordIds, roles, from, k, id)) continue;
        sum += wordMass(kind, index, id);
      }
      masses[2 * n] = sum;
      masses[2 * n + 1] = fullWords;
    }
    this.version = index.contentVersion;
    this.generation = index.vocab.generation;
    this.names = count;
  }
}

/** Whether the word `id` at k is held earlier in the name without a role (counted there). */
function heldBefore(ids: Int32Array, roles: Uint8Array, from: number, k: number, id: number): boolean {
  for (let j = from; j < k; j++) if (ids[j] === id && roles[j] === 0) return true;
  return false;
}

const MASSES = new WeakMap<EntityIndex, NameMasses>();

/** The name masses of an index (one per index). */
export function nameMasses(index: EntityIndex): NameMasses {
  let masses = MASSES.get(index);
  if (masses === undefined) MASSES.set(index, (masses = new NameMasses(index)));
  return masses;
}

/**
 * The mass the name check counts for a list word (name-check.ts) of kind `kind` (WordKinds.of): an initial's for a
 * single letter, else its rarity.
 */
export function wordMass(kind: number, index: EntityIndex, id: number): number {
  return (kind & (SINGLE | NUMBER)) === SINGLE ? +INITIAL_MASS : index.weightOfId(id);
}
