import { describe, expect, it } from 'vitest';
import { compareEntity, shortestWordForOneEdit } from '../../src/names/index.js';
import type { Entity } from '../../src/types/entity.js';

const person = (name: string): Entity => ({ id: 'p', entity_type: 'person', name, sources: ['test'], types: ['sanction'] });

describe('fuzziness table (GUIDE.md): shortest query word allowed one edit', () => {
  it.each([
    [0, null], [0.1, 25], [0.2, 13], [0.3, 9], [0.4, 7], [0.5, 5], [0.6, 5], [0.7, 4], [0.8, 4], [0.9, 3], [1, 3],
    [0.55, 5], [0.35, 9], [0.99, 3], [0.05, null], [0.15, 25],
  ])('fuzziness %s → %s', (f, expected) => {
    expect(shortestWordForOneEdit(f)).toBe(expected);
  });

  // Words whose one-edit variant has a different Double Metaphone code, so only the edit rule can match them.
  it.each([
    { fuzziness: 0.5, query: 'Kowalsky', name: 'Kowalski', match: true },
    { fuzziness: 0.5, query: 'Markox', name: 'Markov', match: true },
    { fuzziness: 0.5, query: 'Pexa', name: 'Peka', match: false },
    { fuzziness: 0.7, query: 'Pexa', name: 'Peka', match: true },
    { fuzziness: 0.9, query: 'Bex', name: 'Bek', match: true },
    { fuzziness: 0.8, query: 'Bex', name: 'Bek', match: false },
    { fuzziness: 0.3, query: 'Ravensbux', name: 'Ravensbuk', match: true },
    { fuzziness: 0.3, query: 'Ravenbux', name: 'Ravenbuk', match: false },
    { fuzziness: 0, query: 'Markox', name: 'Markov', match: false },
  ])('at $fuzziness, "$query" ~ "$name" by one edit: $match', ({ fuzziness, query, name, match }) => {
    const result = compareEntity({ search_term: query, fuzziness }, person(name));
    expect(result.ok).toBe(true);
    const value = result.ok ? result.value : null;
    expect(value !== null).toBe(match);
    if (value) expect(value.match_types[0]).toBe('name_fuzzy');
  });
});
