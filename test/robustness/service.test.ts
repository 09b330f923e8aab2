/**
 * The search service (searches as cases, monitoring, references, tags, comments) with arbitrary and mutated
 * calls: never a throw; every answer a success, the failure envelope with a numeric code, or an empty answer;
 * afterwards every search listed reads back.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../src/service/index.js';
import { setup } from '../service/helpers.js';
import { anyValue, hostileString, inputLike } from './arbitraries.js';
import { checkAsync, runs } from './harness.js';

const SEARCH = { search_term: 'Ivan Petrov', client_ref: 'c-1', fuzziness: 0.5, tags: { team: 'a' }, filters: { types: ['sanction'], birth_year: 1960 } };
const CALLS = [
  'createSearch', 'screenPaymentReference', 'listSearches', 'getSearch', 'getSearchDetails', 'getSearchEntities', 'updateSearch',
  'updateSearchEntities', 'deleteSearch', 'getMonitors', 'updateMonitors', 'getMonitorDifferences', 'acknowledgeMonitor', 'addComment',
  'listComments', 'deleteSearchTag', 'getCertificate',
] as const;

function expectAnswer(r: unknown): void {
  const a = r as { status?: unknown; code?: unknown };
  expect(['success', 'failure', 'empty']).toContain(a.status);
  if (a.status !== 'success') expect(typeof a.code).toBe('number');
}

describe('search service', () => {
  it('any sequence of calls with arbitrary arguments answers with a value; every search listed reads back', async () => {
    const call = fc.record({
      name: fc.constantFrom(...CALLS),
      // Path parameters are strings (or numbers, from a caller in code), as the HTTP layer gives them.
      id: fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 0, max: 4 }) }, { weight: 1, arbitrary: fc.oneof(hostileString, fc.double(), fc.integer()) }),
      body: fc.oneof(inputLike(SEARCH), inputLike({ search_term: 'PAY IVAN PETROV', client_ref: 'r', search_profile: 'default' }), inputLike({ comment: 'x' }), inputLike({ is_monitored: true }), anyValue),
      extra: hostileString,
      query: fc.oneof(inputLike({ page: 1, per_page: 10 }), fc.constant(undefined)),
    });
    await checkAsync('service.calls', fc.array(call, { minLength: 1, maxLength: 6 }), runs(20, 2), async (calls) => {
      const s = await setup(() => createMemoryStore());
      const api = s.alice as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
      for (const c of calls) {
        const args: unknown[] =
          c.name === 'createSearch' || c.name === 'screenPaymentReference' ? [c.body]
          : c.name === 'listSearches' ? [c.body]
          : c.name === 'getSearchEntities' ? [c.id, c.extra, c.query]
          : c.name === 'deleteSearchTag' ? [c.id, c.extra]
          : [c.id, c.body];
        expectAnswer(await api[c.name]!(...args));
      }
      const mine = (await s.alice.listSearches({})) as { status: string; content?: { searches?: Array<{ id: number }> } };
      expectAnswer(mine);
      // Every search listed reads back.
      for (const search of mine.content?.searches ?? []) expect(((await s.alice.getSearch(search.id)) as { status: string }).status).toBe('success');
    });
  });
});
