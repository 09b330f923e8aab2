/** The service over the real screener: paging past the first 100 pulled hits, and real match types stored. */
import { describe, expect, it } from 'vitest';
import { createScreener } from '../../src/screening/screener.js';
import { createMemoryStore, createScreeningService, manualClock, sequentialIds } from '../../src/service/index.js';
import { person } from './helpers.js';

describe('screening service with the real screener', () => {
  const entities = Array.from({ length: 350 }, (_, i) => person(`e${String(i).padStart(3, '0')}`, i === 7 ? 'Omar Haddad' : 'Omar Haddad Khalil'));

  async function setUp() {
    const service = createScreeningService({
      store: createMemoryStore(),
      clock: manualClock(new Date('2026-11-21T10:00:00Z')),
      ids: sequentialIds(),
      screener: createScreener({ entities, resultCap: 500 }),
      resultsCap: 300,
    });
    await service.createUser({ email: 'ana@bank.example', name: 'Ana' });
    await service.createApiKey(1, 'key-0001');
    return service.forApiKey('key-0001');
  }

  it('pulls up to the raised cap through the screener and pages them by entities provider', async () => {
    const api = await setUp();
    const created = await api.createSearch({ search_term: 'Omar Haddad' });
    expect(created.status).toBe('success');
    if (created.status !== 'success') return;
    const search = created.content.data;
    expect(search.total_hits).toBe(350);
    expect(search.hits).toHaveLength(100);
    // The exact name ranks first, with the real matcher's match types.
    expect(search.hits[0]).toMatchObject({ doc: { id: 'e007' }, match_types: ['name_exact'] });
    const page3 = await api.getSearchEntities(search.id, 'comply', { page: 3, per_page: 100 });
    expect(page3.status).toBe('success');
    if (page3.status === 'success') expect((page3.content as unknown[]).length).toBe(100);
    const page4 = await api.getSearchEntities(search.id, 'comply', { page: 4, per_page: 100 });
    if (page4.status === 'success') expect((page4.content as unknown[]).length).toBe(0);
  });

  it('passes the screener validation errors through in the spec envelope', async () => {
    const api = await setUp();
    const created = await api.createSearch({ search_term: 'Omar', fuzziness: 3 });
    expect(created).toMatchObject({ code: 400, status: 'failure' });
  });
});
