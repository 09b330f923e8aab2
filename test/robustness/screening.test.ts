/**
 * Name screening and payment-reference screening with arbitrary and mutated requests: never a throw; either a
 * success of the documented shape or the spec's failure envelope with a numeric code; the screener's index is
 * unchanged by any request.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareEntity } from '../../src/names/index.js';
import { screenReference } from '../../src/reference/index.js';
import { validateSearchRequest } from '../../src/request/validate.js';
import { createScreener } from '../../src/screening/screener.js';
import type { Entity } from '../../src/types/entity.js';
import list from '../reference/list.json' with { type: 'json' };
import { PROFILES } from '../reference/profiles.js';
import { BUILT_IN_NAMES, hostileString, inputLike } from './arbitraries.js';
import { check, runs } from './harness.js';

const hostileEntities: Entity[] = BUILT_IN_NAMES.map((n, i) => ({ id: `h-${i}`, entity_type: 'person', name: `${n} Petrov`, sources: ['s'], types: ['sanction'] }));
const entities = [...(list as Entity[]), ...hostileEntities];
const screener = createScreener({ entities });
const size = screener.size;

const SEARCH = {
  search_term: 'Ivan Petrov',
  client_ref: 'c-1',
  fuzziness: 0.5,
  exact_match: false,
  limit: 10,
  offset: 0,
  filters: { types: ['sanction', 'pep'], country_codes: ['RU'], birth_year: 1960, entity_type: 'person', remove_deceased: '1' },
  details_shape: 'keyed',
};
const REFERENCE = { search_term: 'PAYMENT TO IVAN PETROV INV 42', client_ref: 'r-1', search_profile: 'default', fuzziness: 0.5 };

/** The search area's failure envelope. */
function expectFailure(e: unknown): void {
  expect(e).toMatchObject({ code: expect.any(Number), message: expect.any(String), status: 'failure' });
}

const request = fc.oneof(inputLike(SEARCH), hostileString.map((search_term) => ({ ...SEARCH, search_term })));

describe('name screening', () => {
  it('validateSearchRequest: a normalised request or problems with stable codes', () => {
    check('validateSearchRequest', request, runs(150), (raw) => {
      const r = validateSearchRequest(raw);
      if (!r.ok) for (const p of r.error) expect(p.code).toMatch(/^[a-z_]+$/);
    });
  });

  it('screener.search: hits or the failure envelope; the index is unchanged', () => {
    check('screener.search', request, runs(100), (raw) => {
      const r = screener.search(raw as never);
      if (r.ok) {
        expect(Array.isArray(r.value.hits)).toBe(true);
        expect(r.value.hits.length).toBeLessThanOrEqual(100);
        for (const h of r.value.hits) expect(Number.isFinite(h.score)).toBe(true);
      } else expectFailure(r.error);
      expect(screener.size).toBe(size);
    });
  });

  it('compareEntity: a match, no match, or problems', () => {
    const entity = fc.constantFrom(...entities.slice(0, 50), ...hostileEntities);
    check('compareEntity', fc.tuple(request, entity), runs(100), ([raw, e]) => {
      const r = compareEntity(raw, e);
      if (r.ok && r.value) expect(Number.isFinite(r.value.score)).toBe(true);
    });
  });
});

describe('payment-reference screening', () => {
  const reference = fc.oneof(inputLike(REFERENCE), hostileString.map((search_term) => ({ ...REFERENCE, search_term })));
  it('screenReference: hits or the failure envelope (400)', () => {
    check('screenReference', reference, runs(100), (raw) => {
      const r = screenReference(screener, raw, { profiles: PROFILES });
      if (r.ok) expect(r.value.hits.length).toBeLessThanOrEqual(r.value.total_hits);
      else {
        expectFailure(r.error);
        expect(r.error.code).toBe(400);
      }
      expect(screener.size).toBe(size);
    });
  });
});
