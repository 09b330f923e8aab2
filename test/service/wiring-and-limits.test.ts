/**
 * Found by running the service methods (issue 18, "fix on the way"): references screened by default, search
 * profiles without types, the blacklist doc fields, the 255 limits in characters, the keyed details shape.
 */
import { describe, expect, it } from 'vitest';
import { createScreener } from '../../src/screening/screener.js';
import {
  createMemoryStore,
  createScreeningService,
  manualClock,
  sequentialIds,
  type ScreeningServiceOptions,
  type SearchProfileRecord,
} from '../../src/service/index.js';
import type { Entity } from '../../src/types/entity.js';
import { content, fakeScreener, person, setup, STORES } from './helpers.js';

const LIST: Entity[] = [
  person('p-mohamad-ali', 'Mohamad Ali', { aka: [{ name: 'Abu Ali' }] }),
  person('p-smith', 'John Smith', { types: ['pep'], sources: ['eu-peps'] }),
  person('c-hope', 'Hope Shipping Ltd', { entity_type: 'company' }),
];

async function realService(over: Partial<ScreeningServiceOptions> = {}, entities = LIST) {
  const clock = manualClock('2026-03-02T09:00:00Z');
  const service = createScreeningService({ store: createMemoryStore(), clock, ids: sequentialIds(), screener: createScreener({ entities }), ...over });
  await service.createUser({ email: 'ana@bank.example', name: 'Ana' });
  await service.createApiKey(1, 'ana-key-0001');
  await service.putSearchProfile({ id: 'prof-all', name: 'Everything', slug: 'all' });
  await service.putSearchProfile({ id: 'prof-sanctions', name: 'Sanctions', slug: 'sanctions', types: ['sanction'] });
  clock.advance(72 * 3_600_000);
  return { service, clock, api: service.forApiKey('ana-key-0001') };
}

describe('POST /searches/references with the default wiring', () => {
  const reference = 'INV 2231 PAYMENT TO MOHAMAD-ALI FOR CONSULTING';

  it('screens with screenReference of the service’s own screener (no referenceScreener given)', async () => {
    const { api } = await realService();
    const r = await api.screenPaymentReference({ search_term: reference, client_ref: 'pay-1', search_profile: 'sanctions' });
    const d = content(r).data;
    expect(d).toMatchObject({ total_hits: 1, total_matches: 1, search_profile: { slug: 'sanctions' }, filters: { types: ['sanction'] } });
    const hit = d.hits[0] as unknown as { doc: { id: string }; match_types: string[]; match_details: { substring: string; substring_index: number[] }[] };
    expect(hit.doc.id).toBe('p-mohamad-ali');
    expect(hit.match_types).toContain('ngram');
    expect(hit.match_details.map((m) => [m.substring, m.substring_index])).toEqual([['MOHAMAD-ALI', [20, 31]]]);
    // Stored as a case like any other, with its match_details.
    expect(content(await api.getSearch(d.id)).data.hits.map((h) => h.doc.id)).toEqual(['p-mohamad-ali']);
  });

  it('accepts 290 characters where configured, and no more', async () => {
    const { api } = await realService({ referenceTermMaxLength: 290 });
    const long = `${reference} ${'X'.repeat(290 - reference.length - 1)}`;
    expect(long.length).toBe(290);
    expect(content(await api.screenPaymentReference({ search_term: long, client_ref: 'p', search_profile: 'all' })).data.total_hits).toBe(1);
    expect(await api.screenPaymentReference({ search_term: `${long}X`, client_ref: 'p', search_profile: 'all' })).toMatchObject({ code: 400 });
  });

  it('follows the screener on a list reload: monitored references re-run against the new list', async () => {
    const { service, api } = await realService();
    const d = content(await api.screenPaymentReference({ search_term: `${reference} AND HOPE SHIPPING LTD`, client_ref: 'p', search_profile: 'all' })).data;
    expect(d.hits.map((h) => h.doc.id).sort()).toEqual(['c-hope', 'p-mohamad-ali']);
    await api.updateMonitors(d.id, { is_monitored: true });
    const report = await service.rescreenMonitored(createScreener({ entities: LIST.filter((e) => e.id !== 'c-hope') }));
    expect(report).toMatchObject({ rescreened: 1, changed: [d.id], failed: [] });
    expect(content(await api.getSearch(d.id)).data.hits.map((h) => h.doc.id)).toEqual(['p-mohamad-ali']);
  });

  it('a reference screener given explicitly still wins', async () => {
    const own = fakeScreener([person('r1', 'MOHAMAD')]);
    const { api } = await realService({ referenceScreener: own });
    const d = content(await api.screenPaymentReference({ search_term: 'mohamad', client_ref: 'p', search_profile: 'all' })).data;
    expect(d.hits.map((h) => h.doc.id)).toEqual(['r1']);
  });
});

describe.each(STORES)('search profiles without types (%s store)', (_name, makeStore) => {
  it('a profile without types screens every list type; one with types [] is refused at configuration', async () => {
    const t = await setup(makeStore);
    const all = await t.service.putSearchProfile({ id: 'prof-all', name: 'All', slug: 'all' });
    expect('types' in all).toBe(false);
    const d = content(await t.alice.createSearch({ search_term: 'smith', search_profile: 'prof-all' })).data;
    expect(d.hits.map((h) => h.doc.id)).toEqual(['e1', 'e2', 'e3']);
    expect(d.filters.types).toBeUndefined();
    await expect(t.service.putSearchProfile({ id: 'prof-none', name: 'None', slug: 'none', types: [] })).rejects.toThrow(/leave types out/);
    await expect(t.service.putSearchProfile({ id: 'prof-bad', name: 'Bad', slug: 'bad', types: ['sanctions'] })).rejects.toThrow(/unknown list types: sanctions/);
  });

  it('a profile stored with types [] by an earlier version reads as every type, not as nothing', async () => {
    const t = await setup(makeStore);
    const old: SearchProfileRecord = { account_id: 1, id: 'prof-old', name: 'Old', slug: 'old', types: [], version: 1, updated_at: '2026-01-01 00:00:00' };
    await t.store.commit([{ type: 'put_search_profile', profile: old }]);
    expect(content(await t.alice.createSearch({ search_term: 'smith', search_profile: 'prof-old' })).data.total_hits).toBe(3);
  });

  it('changing a monitored search to a profile without types drops its types filter', async () => {
    const t = await setup(makeStore);
    await t.service.putSearchProfile({ id: 'prof-all', name: 'All', slug: 'all' });
    const s = content(await t.alice.createSearch({ search_term: 'smith', search_profile: 'prof-sanctions' })).data;
    await t.alice.updateMonitors(s.id, { is_monitored: true });
    t.clock.advance(72 * 3_600_000);
    expect((await t.alice.updateSearchProfile(s.id, { search_profile: { id: 'prof-all' } })).status).toBe('success');
    await t.service.rescreenMonitored(t.screener);
    const after = content(await t.alice.getSearch(s.id)).data;
    expect([after.filters.types, after.hits.map((h) => h.doc.id)]).toEqual([undefined, ['e1', 'e2', 'e3']]);
  });
});

describe.each(STORES)('internal-list hit docs (%s store)', (_name, makeStore) => {
  it('carry account_ids, blacklist_ids, created_utc and scraper_ids; a re-run keeps the first created_utc', async () => {
    const t = await setup(makeStore);
    const s = content(await t.alice.createSearch({ search_term: 'smith' })).data;
    const doc = content(await t.alice.getSearchDetails(s.id)).data.blacklist_hits?.[0]?.doc;
    expect(doc).toMatchObject({ id: 'b1', account_ids: [1], blacklist_ids: ['bl-1'], created_utc: '2026-03-05T09:00:00Z', scraper_ids: [] });
    await t.alice.updateMonitors(s.id, { is_monitored: true });
    t.clock.advance(86_400_000);
    await t.service.rescreenMonitored(t.screener);
    const again = content(await t.alice.getSearchEntities(s.id, 'internal'))[0]?.doc;
    expect(again?.created_utc).toBe('2026-03-05T09:00:00Z');
  });

  it('keep the list’s own values when it has them', async () => {
    const own = person('b2', 'Smith Listed', { blacklist_ids: ['bl-2'], account_ids: [7], created_utc: '2025-01-01T00:00:00Z', scraper_ids: ['s-1'] });
    const t = await setup(makeStore, [own]);
    const doc = content(await t.alice.createSearch({ search_term: 'smith' })).data.blacklist_hits?.[0]?.doc;
    expect(doc).toMatchObject({ account_ids: [7], blacklist_ids: ['bl-2'], created_utc: '2025-01-01T00:00:00Z', scraper_ids: ['s-1'] });
  });
});

describe('the 255 limits count characters, not UTF-16 units', () => {
  // Mathematical bold letters: one character, two UTF-16 units each; NFKC folds them to plain letters.
  const bold = (n: number) => '𝐒𝐦𝐢𝐭𝐡 '.repeat(Math.floor(n / 6)) + '𝐒𝐦𝐢𝐭𝐡 '.slice(0, 2 * (n % 6));
  it('measures the fixtures in characters', () => {
    expect([...bold(255)].length).toBe(255);
    expect(bold(255).length).toBeGreaterThan(400);
  });

  it.each(STORES)('POST /searches: 255 characters pass, 256 do not (%s store)', async (_name, makeStore) => {
    const t = await setup(makeStore);
    expect((await t.alice.createSearch({ search_term: bold(255), client_ref: '𝐂'.repeat(255) })).status).toBe('success');
    expect((await t.alice.createSearch({ search_term: { last_name: bold(255) } })).status).toBe('success');
    expect(await t.alice.createSearch({ search_term: bold(256) })).toMatchObject({ code: 400, errors: [{ code: 'too_long' }] });
    expect(await t.alice.createSearch({ search_term: 'smith', client_ref: '𝐂'.repeat(256) })).toMatchObject({ code: 400, errors: [{ code: 'too_long' }] });
  });

  it('the screener and the reference screener count the same way', async () => {
    const { api } = await realService({ referenceTermMaxLength: 290 });
    const name = await api.createSearch({ search_term: bold(255), client_ref: '𝐂'.repeat(255) });
    expect(name.status).toBe('success');
    expect(await api.createSearch({ search_term: bold(256) })).toMatchObject({ code: 400 });
    const ref = await api.screenPaymentReference({ search_term: bold(290), client_ref: '𝐂'.repeat(255), search_profile: 'all' });
    expect(ref.status).toBe('success');
    expect(await api.screenPaymentReference({ search_term: bold(291), client_ref: 'p', search_profile: 'all' })).toMatchObject({ code: 400 });
    expect(await api.screenPaymentReference({ search_term: 'x', client_ref: '𝐂'.repeat(256), search_profile: 'all' })).toMatchObject({ code: 400 });
  });
});

describe('the keyed match_types_details shape', () => {
  const isKeyed = (d: unknown) => typeof d === 'object' && d !== null && !Array.isArray(d);

  it('is asked for with details_shape (per search) or the detailsShape option (default of the service)', async () => {
    const { api } = await realService();
    const list = content(await api.createSearch({ search_term: 'John Smith' })).data.hits[0]?.match_types_details;
    expect(Array.isArray(list)).toBe(true);
    const keyed = content(await api.createSearch({ search_term: 'John Smith', details_shape: 'keyed' })).data.hits[0]?.match_types_details;
    expect(keyed).toEqual({ 'John Smith': { match_types: { john: ['exact_match'], smith: ['exact_match'] }, type: 'name' } });
    expect(await api.createSearch({ search_term: 'John Smith', details_shape: 'tree' })).toMatchObject({ code: 400, errors: [{ code: 'invalid_details_shape' }] });

    const byDefault = await realService({ detailsShape: 'keyed' });
    const s = content(await byDefault.api.createSearch({ search_term: 'John Smith' })).data;
    expect(isKeyed(s.hits[0]?.match_types_details)).toBe(true);
    expect(Array.isArray(content(await byDefault.api.createSearch({ search_term: 'John Smith', details_shape: 'list' })).data.hits[0]?.match_types_details)).toBe(true);
    // Monitoring re-runs keep the shape the search was made with.
    await byDefault.api.updateMonitors(s.id, { is_monitored: true });
    await byDefault.service.rescreenMonitored(createScreener({ entities: LIST }));
    expect(isKeyed(content(await byDefault.api.getSearch(s.id)).data.hits[0]?.match_types_details)).toBe(true);
  });
});
