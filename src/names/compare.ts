/** The public comparison of one query with one entity. */
import type { Problem, Result } from '../errors.js';
import { validateSearchRequest, type NormalisedRequest } from '../request/validate.js';
import type { Entity } from '../types/entity.js';
import { matchEntity, prepareEntity, type EntityMatchSettings } from './entity-match.js';
import { shortestWordForOneEdit } from './fuzziness.js';
import { evidenceThreshold } from './evidence.js';
import { prepareQuery } from './name-match.js';
import { UNIFORM_WEIGHT, type WordWeight } from './score.js';
import { defaultWordTables, type WordTables } from './tables.js';
import type { EntityMatch } from './types.js';

export interface CompareOptions {
  tables?: WordTables;
  /** Rarity weight of a word; uniform when absent. */
  weight?: WordWeight;
}

/** Matching settings implied by a validated request. */
export function settingsFor(request: NormalisedRequest, tables: WordTables, weight: WordWeight): EntityMatchSettings {
  const exact = request.exactMatch;
  return {
    tables,
    minEditLength: exact ? null : shortestWordForOneEdit(request.fuzziness),
    exactMatch: exact,
    nameVariations: request.nameVariations && !exact,
    minMatchedWords: request.minMatchedWords,
    birthYear: request.filters.birth_year,
    birthWindow: exact || request.fuzziness === 0 ? 0 : 1,
    detailsShape: request.detailsShape,
    weight,
    threshold: evidenceThreshold(request.fuzziness),
  };
}

/**
 * Compare one query (the POST /searches body: `search_term`, `fuzziness`, `exact_match`, `name_variations`,
 * `filters.birth_year`, `filters.entity_type`, `details_shape`) with one entity. `null` when it does not match.
 */
export function compareEntity(request: unknown, entity: Entity, options: CompareOptions = {}): Result<EntityMatch | null, Problem[]> {
  const valid = validateSearchRequest(request);
  if (!valid.ok) return valid;
  const tables = options.tables ?? defaultWordTables();
  const query = prepareQuery(valid.value.searchTerm, valid.value.filters.entity_type, tables);
  const match = matchEntity(query, prepareEntity(entity, tables), settingsFor(valid.value, tables, options.weight ?? UNIFORM_WEIGHT));
  return { ok: true, value: match };
}
