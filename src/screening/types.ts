/** Request and response shapes of the screener (POST /searches semantics, search-api.md). */
import type { Entity, EntityType } from '../types/entity.js';
import type { KeyedMatchTypesDetails, MatchTypesDetail } from '../names/types.js';

export interface StructuredSearchTerm {
  last_name: string;
  first_name?: string;
  middle_names?: string;
}

export interface SearchFilters {
  types?: string[];
  birth_year?: number;
  remove_deceased?: '0' | '1';
  country_codes?: string[];
  entity_type?: EntityType;
}

export interface SearchRequest {
  search_term: string | StructuredSearchTerm;
  fuzziness?: number;
  exact_match?: boolean;
  filters?: SearchFilters;
  limit?: number;
  offset?: number;
  client_ref?: string;
  /** Allow one query word to stay unmatched (`name_variations_removal`). */
  name_variations?: boolean;
  /** tamis extension: query words that must match by a full word, capped at the query's own (default 1; docs/matching.md). */
  min_matched_words?: number;
  /** `match_types_details` shape: 'list' (default) or 'keyed'. */
  details_shape?: 'list' | 'keyed';
  /** Internal lists to match (`blacklist_filters.blacklist_ids`); all internal lists when absent. */
  blacklist_ids?: string[];
}

export type MatchStatus =
  | 'unknown'
  | 'no_match'
  | 'potential_match'
  | 'false_positive'
  | 'true_positive'
  | 'true_positive_approve'
  | 'true_positive_reject';
export type RiskLevel = 'low' | 'medium' | 'high' | 'unknown';

export interface Hit {
  doc: Entity;
  match_types: string[];
  match_types_details: MatchTypesDetail[] | KeyedMatchTypesDetails;
  score: number;
  match_status: MatchStatus;
  risk_level: RiskLevel;
  is_whitelisted?: boolean;
}

/** The echoed filters: the applied filters plus `exact_match` and `fuzziness`. */
export interface EchoedFilters extends SearchFilters {
  exact_match: boolean;
  fuzziness: number;
}

export interface SearchResult {
  search_term: string;
  submitted_term: string;
  filters: EchoedFilters;
  limit: number;
  offset: number;
  total_hits: number;
  total_matches: number;
  hits: Hit[];
  blacklist_filters?: { blacklist_ids: string[] };
  total_blacklist_hits?: number;
  blacklist_hits?: Hit[];
}

import type { FailureEnvelope, Result } from '../errors.js';

/** What the stateful layers need of a screener: pure, synchronous, no I/O. */
export interface Screener {
  /** POST /searches semantics: validate, match, filter, order, page. */
  search(request: SearchRequest): Result<SearchResult, FailureEnvelope>;
  /** Every entity currently indexed (screening lists and internal lists). */
  entities(): Iterable<Entity>;
  /** Number of entities indexed. */
  readonly size: number;
}
