/**
 * Customer rows of a file to screen, to search requests; hits to result lines. Pure: the engine (`engine.ts`) reads
 * the file and runs the searches.
 *
 * A row holds a `name`, or `first_name` / `middle_name` / `last_name`; optionally `birth_year`, `country` and
 * `entity_type`; and `client_ref`, echoed on every result line of the row. Column names are read in lower case with
 * spaces and dashes as underscores; the aliases below are accepted too.
 */
import { countryCodeOf, normaliseCountryCode } from '../importers/countries.js';
import { ENTITY_TYPES } from '../types/entity.js';
import type { MatchTypesDetail } from '../names/types.js';
import type { Hit, SearchFilters, SearchRequest } from '../screening/types.js';

/** The columns a customer row may have, each with the other names it is accepted under. */
export const CUSTOMER_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  client_ref: ['client_reference', 'customer_id', 'customer_ref', 'reference', 'id'],
  name: ['full_name', 'customer_name'],
  first_name: ['given_name', 'forename'],
  middle_name: ['middle_names'],
  last_name: ['surname', 'family_name'],
  birth_year: ['year_of_birth', 'yob'],
  country: ['country_code', 'nationality'],
  entity_type: ['type'],
};

const ALIAS_OF = new Map<string, string>(
  Object.entries(CUSTOMER_COLUMNS).flatMap(([column, aliases]) => [[column, column], ...aliases.map((a) => [a, column] as [string, string])]),
);

/** A header cell or JSON key to a customer column (undefined for a column this format does not read). */
export function customerColumn(header: string): string | undefined {
  return ALIAS_OF.get(header.replace(/^\uFEFF/, '').trim().toLowerCase().replace(/[\s-]+/g, '_'));
}

/** Options applied to every row's search. */
export interface RowSearchOptions {
  fuzziness?: number;
  exact?: boolean;
  /** List types to screen against (the `types` filter); default all. */
  types?: string[];
  /** Hits per row (1 to 100, default 10). */
  limit?: number;
}

export interface CustomerRequest {
  /** 1-based number of the customer row (the header is not a row). */
  row: number;
  /** Line of the input the row starts on. */
  line: number;
  client_ref: string | undefined;
  request: SearchRequest;
}

export interface RowError {
  row: number;
  line: number;
  client_ref: string | undefined;
  message: string;
}

const ENTITY_TYPE_SET = new Set<string>(ENTITY_TYPES);

function str(v: unknown): string | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v !== 'string') return undefined;
  const s = v.trim();
  return s === '' ? undefined : s;
}

/** A customer's values (keyed by customer column) to a search request, or the reason the row cannot be screened. */
export function customerRequest(
  values: Readonly<Record<string, unknown>>,
  at: { row: number; line: number },
  options: RowSearchOptions = {},
): CustomerRequest | RowError {
  const client_ref = str(values['client_ref']);
  const error = (message: string): RowError => ({ ...at, client_ref, message });
  const name = str(values['name']);
  const first = str(values['first_name']);
  const middle = str(values['middle_name']);
  const last = str(values['last_name']);
  let search_term: SearchRequest['search_term'];
  if (name !== undefined) search_term = name;
  else if (last !== undefined) {
    search_term = { last_name: last, ...(first !== undefined ? { first_name: first } : {}), ...(middle !== undefined ? { middle_names: middle } : {}) };
  } else if (first !== undefined) return error('the row has a first_name but no last_name (give name, or last_name)');
  else return error('the row has no name (give name, or first_name and last_name)');

  const filters: SearchFilters = {};
  const year = str(values['birth_year']);
  if (year !== undefined) {
    if (!/^\d{4}$/.test(year)) return error(`birth_year "${year}" is not a four-digit year`);
    filters.birth_year = Number(year);
  }
  const country = str(values['country']);
  if (country !== undefined) {
    const code = (country.length <= 3 ? normaliseCountryCode(country) : undefined) ?? countryCodeOf(country);
    if (code === undefined) return error(`country "${country}" is not an ISO 3166-1 code or a known country name`);
    filters.country_codes = [code];
  }
  const type = str(values['entity_type'])?.toLowerCase();
  if (type !== undefined) {
    if (!ENTITY_TYPE_SET.has(type)) return error(`entity_type "${type}" is not one of ${ENTITY_TYPES.join(', ')}`);
    filters.entity_type = type as NonNullable<SearchFilters['entity_type']>;
  }
  if (options.types !== undefined) filters.types = options.types;
  const request: SearchRequest = { search_term, filters, limit: options.limit ?? 10 };
  if (options.fuzziness !== undefined) request.fuzziness = options.fuzziness;
  if (options.exact === true) request.exact_match = true;
  if (client_ref !== undefined) request.client_ref = client_ref;
  return { ...at, client_ref, request };
}

/** One line of the results: one hit of one row. */
export interface ResultLine {
  row: number;
  client_ref: string;
  entity_id: string;
  /** The list name or aka that matched. */
  matching_name: string;
  /** The matched entity's name. */
  entity_name: string;
  match_types: string[];
  score: number;
  types: string[];
  sources: string[];
}

export const RESULT_COLUMNS = ['row', 'client_ref', 'entity_id', 'matching_name', 'entity_name', 'match_types', 'score', 'types', 'sources'] as const;

/** The result lines of one row's hits, best first. */
export function resultLines(row: number, clientRef: string | undefined, hits: readonly Hit[]): ResultLine[] {
  return hits.map((hit) => {
    const details = hit.match_types_details;
    const matched = Array.isArray(details) ? (details[0] as MatchTypesDetail | undefined)?.matching_name : Object.keys(details)[0];
    return {
      row,
      client_ref: clientRef ?? '',
      entity_id: hit.doc.id,
      matching_name: matched ?? hit.doc.name,
      entity_name: hit.doc.name,
      match_types: hit.match_types,
      score: Math.round(hit.score * 1000) / 1000,
      types: hit.doc.types,
      sources: hit.doc.sources,
    };
  });
}
