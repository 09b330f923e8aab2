import { describe, expect, it } from 'vitest';
import { compareEntity } from '../../src/names/index.js';
import type { Entity } from '../../src/types/entity.js';

const entity: Entity = { id: 'e', entity_type: 'person', name: 'John Smith', sources: ['s'], types: ['sanction'] };

describe('invalid comparison requests get typed errors with stable codes, never a crash', () => {
  it.each([
    ['missing term', {}, 'search_term_required', 'search_term'],
    ['null term', { search_term: null }, 'search_term_required', 'search_term'],
    ['empty term', { search_term: '   ' }, 'search_term_empty', 'search_term'],
    ['punctuation only', { search_term: '!!! ---' }, 'search_term_no_words', 'search_term'],
    ['term over 255 characters', { search_term: 'a'.repeat(256) }, 'search_term_too_long', 'search_term'],
    ['term of the wrong type', { search_term: 42 }, 'search_term_invalid_type', 'search_term'],
    ['structured term without last name', { search_term: { first_name: 'John' } }, 'last_name_required', 'search_term.last_name'],
    ['structured term with a non-string part', { search_term: { last_name: 'Smith', first_name: 7 } }, 'search_term_invalid_type', 'search_term.first_name'],
    ['fuzziness above 1', { search_term: 'x y', fuzziness: 1.5 }, 'fuzziness_invalid', 'fuzziness'],
    ['fuzziness below 0', { search_term: 'x y', fuzziness: -0.1 }, 'fuzziness_invalid', 'fuzziness'],
    ['fuzziness as a string', { search_term: 'x y', fuzziness: '0.5' }, 'fuzziness_invalid', 'fuzziness'],
    ['fuzziness NaN', { search_term: 'x y', fuzziness: Number.NaN }, 'fuzziness_invalid', 'fuzziness'],
    ['exact_match not boolean', { search_term: 'x y', exact_match: 'yes' }, 'exact_match_invalid', 'exact_match'],
    ['min_matched_words zero', { search_term: 'x y', min_matched_words: 0 }, 'min_matched_words_invalid', 'min_matched_words'],
    ['min_matched_words not an integer', { search_term: 'x y', min_matched_words: 1.5 }, 'min_matched_words_invalid', 'min_matched_words'],
    ['min_matched_words above 10', { search_term: 'x y', min_matched_words: 11 }, 'min_matched_words_invalid', 'min_matched_words'],
    ['birth year not an integer', { search_term: 'x y', filters: { birth_year: 1952.5 } }, 'birth_year_invalid', 'filters.birth_year'],
    ['birth year as a string', { search_term: 'x y', filters: { birth_year: '1952' } }, 'birth_year_invalid', 'filters.birth_year'],
    ['unknown entity type', { search_term: 'x y', filters: { entity_type: 'alien' } }, 'entity_type_invalid', 'filters.entity_type'],
    ['filters not an object', { search_term: 'x y', filters: [] }, 'filters_invalid', 'filters'],
  ])('%s → %s', (_why, request, code, path) => {
    const result = compareEntity(request, entity);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContainEqual(expect.objectContaining({ code, path }));
  });

  it('reports every problem at once', () => {
    const result = compareEntity({ search_term: '', fuzziness: 2, exact_match: 1 }, entity);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.map((p) => p.code).sort()).toEqual(['exact_match_invalid', 'fuzziness_invalid', 'search_term_empty']);
  });

  it('rejects a request that is not an object', () => {
    for (const bad of [null, 'John', 3, []]) {
      const result = compareEntity(bad, entity);
      expect(result.ok ? 'ok' : result.error[0]!.code).toBe('request_invalid');
    }
  });

  it('accepts a term of exactly 255 characters', () => {
    const result = compareEntity({ search_term: `${'a'.repeat(249)} smith` }, entity);
    expect(result.ok).toBe(true);
  });
});
