/** Request, profile and response shapes of payment-reference screening (search-api.md, POST /searches/references). */
import type { Entity } from '../types/entity.js';

/** POST /searches/references body. */
export interface ReferenceRequest {
  /** The payment reference: up to 255 characters (290 with `maxTermLength: 290`). */
  search_term: string;
  /** The payment's link reference: required, up to 255 characters. */
  client_ref: string;
  /** Slug or id of a search profile supplied by the host. */
  search_profile: string;
  /** 0.0 to 1.0; the profile's fuzziness, else 0.5, when absent. */
  fuzziness?: number;
}

/** A named set of screening options, supplied by the host and chosen by slug or id. */
export interface SearchProfile {
  name: string;
  slug?: string;
  id?: string;
  /** List types to screen against (`filters.types` values; a parent type selects its children). All when absent. */
  types?: string[];
  /** Default fuzziness of searches under this profile. */
  fuzziness?: number;
  /** Internal lists to match (`blacklist_ids`); all internal lists when absent. */
  blacklist_ids?: string[];
  /** Report list names of one word that belong to persons (off by default: too noisy in free text). */
  single_word_person_names?: boolean;
}

export interface ScreenReferenceOptions {
  /** The host's search profiles; when absent, one profile with slug `default` (every list type). */
  profiles?: readonly SearchProfile[];
  /** Longest accepted reference: 255 (default) or 290 (one regional class of API users). */
  maxTermLength?: 255 | 290;
  /** Report single-word person names under every profile. */
  singleWordPersonNames?: boolean;
}

/** Kind of list name that matched: the primary name, an aka, a nickname of it, or an abbreviation. */
export type NameType = 'name' | 'aka' | 'hypocorism' | 'abbreviation';

/** One list name found in the reference (spec: Hit, `match_details`). */
export interface MatchDetail {
  /** The list name's words that matched, folded, in the list's order. */
  matching_term: string;
  /** The primary match type of this name's match (`name_exact`, `aka_fuzzy`, `phonetic_name`, ...). */
  matching_reason: string;
  name_type: NameType;
  /** The list name as published. */
  source_name: string;
  /** The exact characters of the reference that matched. */
  substring: string;
  /** [start, end) offsets of `substring` in `search_term` (UTF-16 code units). */
  substring_index: [number, number];
}

export interface ReferenceHit {
  doc: Entity;
  /** The primary match type of the best match, then `ngram`. */
  match_types: string[];
  match_details: MatchDetail[];
  score: number;
  match_status: 'potential_match';
  risk_level: 'unknown';
}

/** The search returned by reference screening (`content.data`). */
export interface ReferenceSearchResult {
  /** The reference exactly as submitted; `substring_index` offsets point into it. */
  search_term: string;
  client_ref: string;
  search_profile: { name: string; slug: string };
  fuzziness: number;
  filters: { types?: string[]; exact_match: false; fuzziness: number };
  total_hits: number;
  total_matches: number;
  hits: ReferenceHit[];
  blacklist_filters: { blacklist_ids: string[] };
  total_blacklist_hits: number;
  blacklist_hits: ReferenceHit[];
}
