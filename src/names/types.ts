/** Match-type vocabularies and the comparison API's shapes (search-api.md "Hit"; GUIDE.md section 1). */
import type { EntityType } from '../types/entity.js';

/** Per-word `name_matches.match_types` values. */
export const WORD_MATCH_TYPES = [
  'exact_match',
  'edit_distance',
  'phonetic',
  'equivalent_name',
  'word_to_initial',
  'initial_to_word',
  'removed_spaces',
  'word_to_digit',
  'digit_to_word',
  'name_variations_removal',
  'removed_personal_title',
  'removed_personal_suffix',
  'removed_organisation_prefix',
  'removed_organisation_suffix',
  'removed_clerical_mark',
] as const;
export type WordMatchType = (typeof WORD_MATCH_TYPES)[number];

/** Primary hit-level types, in order of preference: the first that holds is reported. */
export const PRIMARY_MATCH_TYPES = [
  'name_exact',
  'aka_exact',
  'name_fuzzy',
  'aka_fuzzy',
  'phonetic_name',
  'phonetic_aka',
  'equivalent_name',
  'equivalent_aka',
  'unknown',
] as const;
export type PrimaryMatchType = (typeof PRIMARY_MATCH_TYPES)[number];

/** Extra hit-level types added after the primary type. */
export const EXTRA_MATCH_TYPES = [
  'year_of_birth',
  'removed_personal_title',
  'removed_personal_suffix',
  'removed_organisation_prefix',
  'removed_organisation_suffix',
  'removed_clerical_mark',
] as const;
export type ExtraMatchType = (typeof EXTRA_MATCH_TYPES)[number];

export type SecondaryMatchType = 'exact_birth_year_match' | 'fuzzy_birth_year_match';

export interface NameMatchDetail {
  query_term: string;
  match_types: WordMatchType[];
}

export interface SecondaryMatchDetail {
  query_term: string;
  match_types: SecondaryMatchType[];
}

/** `match_types_details`, list shape. */
export interface MatchTypesDetail {
  matching_name: string;
  sources: string[];
  aml_types: string[];
  name_matches: NameMatchDetail[];
  secondary_matches: SecondaryMatchDetail[];
}

/** `match_types_details`, keyed shape: matching name -> `{ match_types: { term: types }, type: name }`. */
export type KeyedMatchTypesDetails = Record<string, { match_types: Record<string, string[]>; type: string }>;

/** Options that shape how one query is compared with names. */
export interface MatchOptions {
  /** 0..1, default 0.5. Sets the shortest query word that may match with one edit (GUIDE.md table). */
  fuzziness?: number;
  /** Disables all pre-processing and optional behaviour; words one to one, in order. */
  exact_match?: boolean;
  /** Allow any one query word to stay unmatched (`name_variations_removal`); particles always may. */
  name_variations?: boolean;
  /**
   * tamis extension: how many query words must match by a full word (exact, one edit, sound, equivalent, glued,
   * digits), capped at the query's words other than affixes and particles. Default 1; 2 keeps `name_variations`
   * from matching on one shared word ("Boris Kennedy" no longer finds "John Kennedy").
   */
  min_matched_words?: number;
  /** Entity type of the searched name: tunes affix removal, equivalents and initials. Not a filter. */
  entity_type?: EntityType;
  /** Year of birth of the searched person (`filters.birth_year`). */
  birth_year?: number;
  /** Shape of `match_types_details`: the spec's list (default) or keyed object. */
  details_shape?: 'list' | 'keyed';
}

/** The verdict of comparing one query with one entity. */
export interface EntityMatch {
  match_types: string[];
  match_types_details: MatchTypesDetail[] | KeyedMatchTypesDetails;
  score: number;
}
