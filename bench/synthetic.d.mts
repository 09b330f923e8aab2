/** Types of `bench/synthetic.mjs` (seeded synthetic screening lists and query mixes). */
import type { Entity } from '../src/types/entity.js';

export type QueryKind = 'exact' | 'typo' | 'reordered' | 'partial' | 'phonetic' | 'non-matching';

export interface SyntheticQuery {
  kind: QueryKind;
  term: string;
  /** The entity the query was derived from (absent for non-matching queries). */
  expectedId?: string;
}

export interface QueryOptions {
  /** Queries per kind (100 by default). */
  perKind?: number;
}

export declare const QUERY_KINDS: readonly ['exact', 'typo', 'reordered', 'partial', 'phonetic', 'non-matching'];
export declare const DEFAULT_QUERIES_PER_KIND: number;

/** mulberry32: a seeded PRNG returning floats in [0, 1). */
export declare function mulberry32(seed: number): () => number;

/** `count` synthetic entities, deterministic in `(count, seed)`; entity i is the same for every count > i. */
export declare function generateEntities(count: number, seed?: number): Entity[];

/** A fixed query mix over `entities`, deterministic in `(entities, seed)`. */
export declare function generateQueries(entities: readonly Entity[], seed?: number, options?: QueryOptions): SyntheticQuery[];

/** Names of people on no list (held-out name parts), avoiding every word of `exclude`. */
export declare function generateNonMatchingNames(count: number, seed?: number, exclude?: Iterable<Entity>): string[];
