/**
 * The screening-list entity: the `doc` of a hit (search-api.md, "Entity").
 * Field names are the spec's, snake_case, exactly.
 */

export const ENTITY_TYPES = ['person', 'company', 'organisation', 'vessel', 'aircraft'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

/** An alternative name. `name` at minimum. */
export interface AkaName {
  name: string;
  first_name?: string;
  last_name?: string;
  /** Kind of alternative name where the source gives one (aka, fka, nka, low/good quality...). */
  type?: string;
}

export interface Associate {
  name: string;
  association?: string;
  comment?: string;
}

/** Spec tags of `fields`: date_of_birth, place_of_birth, date_of_death, country_codes, country_names. */
export type FieldTag = 'date_of_birth' | 'place_of_birth' | 'date_of_death' | 'country_codes' | 'country_names' | (string & {});

export interface EntityField {
  name: string;
  value: string;
  tag?: FieldTag;
  source?: string;
  locale?: string;
}

export interface MediaItem {
  date?: string;
  title?: string;
  snippet?: string;
  url?: string;
  pdf_url?: string;
}

export interface Asset {
  public_url?: string;
  source?: string;
  type?: string;
  url?: string;
}

export interface SourceNote {
  aml_types: string[];
  country_codes?: string[];
  name?: string;
  url?: string;
  listing_started_utc?: string;
  listing_ended_utc?: string;
  source_id?: string;
}

export interface Entity {
  id: string;
  entity_type: EntityType;
  last_updated_utc?: string;
  name: string;
  first_name?: string;
  middle_name?: string;
  middle_names?: string;
  last_name?: string;
  sources: string[];
  types: string[];
  aka?: AkaName[];
  associates?: Associate[];
  fields?: EntityField[];
  media?: MediaItem[];
  assets?: Asset[];
  keywords?: string | string[];
  source_notes?: Record<string, SourceNote>;
  /** Internal (blacklist) entities only. */
  account_ids?: number[];
  blacklist_ids?: string[];
  created_utc?: string;
  scraper_ids?: string[];
}

/** The `types` filter values of POST /searches (search-api.md). */
export const LIST_TYPES = [
  'sanction',
  'warning',
  'fitness-probity',
  'pep',
  'pep-class-1',
  'pep-class-2',
  'pep-class-3',
  'pep-class-4',
  'adverse-media',
  'adverse-media-financial-crime',
  'adverse-media-violent-crime',
  'adverse-media-sexual-crime',
  'adverse-media-terrorism',
  'adverse-media-fraud',
  'adverse-media-narcotics',
  'adverse-media-general',
  'adverse-media-v2-property',
  'adverse-media-v2-financial-aml-cft',
  'adverse-media-v2-fraud-linked',
  'adverse-media-v2-narcotics-aml-cft',
  'adverse-media-v2-violence-aml-cft',
  'adverse-media-v2-terrorism',
  'adverse-media-v2-cybercrime',
  'adverse-media-v2-general-aml-cft',
  'adverse-media-v2-regulatory',
  'adverse-media-v2-financial-difficulty',
  'adverse-media-v2-violence-non-aml-cft',
  'adverse-media-v2-other-financial',
  'adverse-media-v2-other-serious',
  'adverse-media-v2-other-minor',
] as const;
export type ListType = (typeof LIST_TYPES)[number];
