/**
 * Validation of the POST /searches body (search-api.md) into a normalised request. Every problem is reported,
 * each with a stable code and the JSON path of the offending input.
 */
import iso from 'iso-3166-1';
import { problem, type Problem, type Result } from '../errors.js';
import { ENTITY_TYPES, LIST_TYPES, type EntityType } from '../types/entity.js';
import { DEFAULT_FUZZINESS } from '../names/fuzziness.js';
import { hasFoldedWord } from '../names/normalize.js';

export const MAX_SEARCH_TERM_LENGTH = 255;
export const MAX_CLIENT_REF_LENGTH = 255;
export const MAX_LIMIT = 100;
/** Largest `min_matched_words` accepted (a tamis extension of the request). */
export const MAX_MIN_MATCHED_WORDS = 10;
export const DEFAULT_LIMIT = 100;

export interface NormalisedFilters {
  types?: string[];
  birth_year?: number;
  remove_deceased?: '0' | '1';
  country_codes?: string[];
  entity_type?: EntityType;
}

export interface NormalisedRequest {
  /** The sanitised term: words joined by single spaces, trimmed. */
  searchTerm: string;
  /** The term as submitted (a structured term joined first, middle, last). */
  submittedTerm: string;
  fuzziness: number;
  exactMatch: boolean;
  nameVariations: boolean;
  /** `min_matched_words`: query words that must match strongly (capped at the query's own words). */
  minMatchedWords: number | undefined;
  filters: NormalisedFilters;
  limit: number;
  offset: number;
  clientRef: string | undefined;
  detailsShape: 'list' | 'keyed';
  blacklistIds: string[] | undefined;
}

export interface ValidateOptions {
  /** Longest accepted term (255; 290 for payment references of one regional class). */
  maxTermLength?: number;
  /** Largest accepted `limit`. */
  maxLimit?: number;
}

/** Length in characters (Unicode code points), as the spec's limits count them; not UTF-16 code units. */
export function charLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInteger = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const LIST_TYPE_SET: ReadonlySet<string> = new Set(LIST_TYPES);

function sanitise(term: string): string {
  return term.trim().replace(/\s+/g, ' ');
}

function readTerm(raw: unknown, maxLength: number, problems: Problem[]): { submitted: string; term: string } | undefined {
  if (raw === undefined || raw === null) {
    problems.push(problem('search_term_required', 'search_term is required', 'search_term'));
    return undefined;
  }
  let submitted: string;
  if (typeof raw === 'string') {
    submitted = raw;
  } else if (isObject(raw)) {
    const parts: string[] = [];
    for (const key of ['first_name', 'middle_names', 'last_name'] as const) {
      const v = raw[key];
      if (v === undefined) continue;
      if (typeof v !== 'string') {
        problems.push(problem('search_term_invalid_type', `search_term.${key} must be a string`, `search_term.${key}`));
        return undefined;
      }
      parts.push(v);
    }
    if (typeof raw.last_name !== 'string' || raw.last_name.trim() === '') {
      problems.push(problem('last_name_required', 'search_term.last_name is required when search_term is an object', 'search_term.last_name'));
      return undefined;
    }
    submitted = parts.join(' ');
  } else {
    problems.push(problem('search_term_invalid_type', 'search_term must be a string or an object with last_name', 'search_term'));
    return undefined;
  }
  const term = sanitise(submitted);
  if (term === '') {
    problems.push(problem('search_term_empty', 'search_term must not be empty', 'search_term'));
    return undefined;
  }
  // A string has at most as many characters as UTF-16 code units.
  if (submitted.length > maxLength && charLength(submitted) > maxLength) {
    problems.push(problem('search_term_too_long', `search_term must be at most ${maxLength} characters`, 'search_term'));
    return undefined;
  }
  if (!hasFoldedWord(term)) {
    problems.push(problem('search_term_no_words', 'search_term must contain at least one letter or digit', 'search_term'));
    return undefined;
  }
  return { submitted, term };
}

function readFilters(raw: unknown, problems: Problem[]): NormalisedFilters {
  const filters: NormalisedFilters = {};
  if (raw === undefined) return filters;
  if (!isObject(raw)) {
    problems.push(problem('filters_invalid', 'filters must be an object', 'filters'));
    return filters;
  }
  if (raw.types !== undefined) {
    if (!Array.isArray(raw.types) || raw.types.some((t) => typeof t !== 'string')) {
      problems.push(problem('types_invalid', 'filters.types must be an array of strings', 'filters.types'));
    } else {
      const unknown = raw.types.filter((t: string) => !LIST_TYPE_SET.has(t));
      if (unknown.length > 0) problems.push(problem('types_invalid', `filters.types has unknown values: ${unknown.join(', ')}`, 'filters.types'));
      else filters.types = [...new Set(raw.types as string[])];
    }
  }
  if (raw.birth_year !== undefined) {
    if (!isInteger(raw.birth_year) || raw.birth_year < 1000 || raw.birth_year > 9999) {
      problems.push(problem('birth_year_invalid', 'filters.birth_year must be a four-digit integer year', 'filters.birth_year'));
    } else filters.birth_year = raw.birth_year;
  }
  if (raw.remove_deceased !== undefined) {
    if (raw.remove_deceased !== '0' && raw.remove_deceased !== '1') {
      problems.push(problem('remove_deceased_invalid', 'filters.remove_deceased must be "1" or "0"', 'filters.remove_deceased'));
    } else filters.remove_deceased = raw.remove_deceased;
  }
  if (raw.country_codes !== undefined) {
    if (!Array.isArray(raw.country_codes) || raw.country_codes.some((c) => typeof c !== 'string')) {
      problems.push(problem('country_codes_invalid', 'filters.country_codes must be an array of ISO 3166-1 alpha-2 codes', 'filters.country_codes'));
    } else {
      const codes = (raw.country_codes as string[]).map((c) => c.trim().toUpperCase());
      const bad = codes.filter((c) => !/^[A-Z]{2}$/.test(c) || iso.whereAlpha2(c) === undefined);
      if (bad.length > 0) problems.push(problem('country_codes_invalid', `filters.country_codes has codes that are not ISO 3166-1 alpha-2: ${bad.join(', ')}`, 'filters.country_codes'));
      else filters.country_codes = [...new Set(codes)];
    }
  }
  if (raw.entity_type !== undefined) {
    if (typeof raw.entity_type !== 'string' || !(ENTITY_TYPES as readonly string[]).includes(raw.entity_type)) {
      problems.push(problem('entity_type_invalid', `filters.entity_type must be one of ${ENTITY_TYPES.join(', ')}`, 'filters.entity_type'));
    } else filters.entity_type = raw.entity_type as EntityType;
  }
  return filters;
}

export function validateSearchRequest(raw: unknown, options: ValidateOptions = {}): Result<NormalisedRequest, Problem[]> {
  const problems: Problem[] = [];
  if (!isObject(raw)) return { ok: false, error: [problem('request_invalid', 'the request must be a JSON object')] };
  const term = readTerm(raw.search_term, options.maxTermLength ?? MAX_SEARCH_TERM_LENGTH, problems);

  let fuzziness = DEFAULT_FUZZINESS;
  if (raw.fuzziness !== undefined) {
    if (typeof raw.fuzziness !== 'number' || !Number.isFinite(raw.fuzziness) || raw.fuzziness < 0 || raw.fuzziness > 1) {
      problems.push(problem('fuzziness_invalid', 'fuzziness must be a number from 0.0 to 1.0', 'fuzziness'));
    } else fuzziness = raw.fuzziness;
  }
  const flag = (key: string): boolean => {
    const v = raw[key];
    if (v === undefined) return false;
    if (typeof v !== 'boolean') {
      problems.push(problem(`${key}_invalid`, `${key} must be a boolean`, key));
      return false;
    }
    return v;
  };
  const exactMatch = flag('exact_match');
  const nameVariations = flag('name_variations');
  let minMatchedWords: number | undefined;
  if (raw.min_matched_words !== undefined) {
    if (!isInteger(raw.min_matched_words) || raw.min_matched_words < 1 || raw.min_matched_words > MAX_MIN_MATCHED_WORDS) {
      problems.push(problem('min_matched_words_invalid', `min_matched_words must be an integer from 1 to ${MAX_MIN_MATCHED_WORDS}`, 'min_matched_words'));
    } else minMatchedWords = raw.min_matched_words;
  }

  const maxLimit = options.maxLimit ?? MAX_LIMIT;
  let limit = Math.min(DEFAULT_LIMIT, maxLimit);
  if (raw.limit !== undefined) {
    if (!isInteger(raw.limit) || raw.limit < 1 || raw.limit > maxLimit) {
      problems.push(problem('limit_invalid', `limit must be an integer from 1 to ${maxLimit}`, 'limit'));
    } else limit = raw.limit;
  }
  let offset = 0;
  if (raw.offset !== undefined) {
    if (!isInteger(raw.offset) || raw.offset < 0) problems.push(problem('offset_invalid', 'offset must be a non-negative integer', 'offset'));
    else offset = raw.offset;
  }
  let clientRef: string | undefined;
  if (raw.client_ref !== undefined) {
    if (typeof raw.client_ref !== 'string') problems.push(problem('client_ref_invalid', 'client_ref must be a string', 'client_ref'));
    else if (charLength(raw.client_ref) > MAX_CLIENT_REF_LENGTH) {
      problems.push(problem('client_ref_too_long', `client_ref must be at most ${MAX_CLIENT_REF_LENGTH} characters`, 'client_ref'));
    } else clientRef = raw.client_ref;
  }
  let detailsShape: 'list' | 'keyed' = 'list';
  if (raw.details_shape !== undefined) {
    if (raw.details_shape !== 'list' && raw.details_shape !== 'keyed') {
      problems.push(problem('details_shape_invalid', 'details_shape must be "list" or "keyed"', 'details_shape'));
    } else detailsShape = raw.details_shape;
  }
  let blacklistIds: string[] | undefined;
  if (raw.blacklist_ids !== undefined) {
    if (!Array.isArray(raw.blacklist_ids) || raw.blacklist_ids.some((b) => typeof b !== 'string')) {
      problems.push(problem('blacklist_ids_invalid', 'blacklist_ids must be an array of strings', 'blacklist_ids'));
    } else blacklistIds = raw.blacklist_ids as string[];
  }
  const filters = readFilters(raw.filters, problems);

  if (problems.length > 0 || term === undefined) return { ok: false, error: problems };
  return {
    ok: true,
    value: {
      searchTerm: term.term,
      submittedTerm: term.submitted,
      fuzziness,
      exactMatch,
      nameVariations,
      minMatchedWords,
      filters,
      limit,
      offset,
      clientRef,
      detailsShape,
      blacklistIds,
    },
  };
}
