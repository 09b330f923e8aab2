import { describe, expect, it } from 'vitest';
import { entityFingerprint } from '../../src/service/index.js';
import type { Entity } from '../../src/types/entity.js';
import { content, DEFAULT_ENTITIES, fakeScreener, HOOKS, person, setup, STORES } from './helpers.js';

describe('whitelist fingerprint', () => {
  const base = person('e1', 'John Smith', {
    aka: [{ name: 'Johnny' }, { name: 'J. Smith' }],
    types: ['sanction', 'pep'],
    sources: ['ofac', 'eu'],
    fields: [
      { name: 'DOB', value: '1970', tag: 'date_of_birth' },
      { name: 'Country', value: 'GB', tag: 'country_codes' },
      { name: 'Note', value: 'free text' },
    ],
    media: [{ title: 'old story' }],
    last_updated_utc: '2025-01-01T00:00:00Z',
  });
  const fp = entityFingerprint(base);

  const same: [string, Partial<Entity>][] = [
    ['aka order', { aka: [{ name: 'J. Smith' }, { name: 'Johnny' }] }],
    ['types and sources order', { types: ['pep', 'sanction'], sources: ['eu', 'ofac'] }],
    ['media', { media: [{ title: 'new story' }] }],
    ['last_updated_utc', { last_updated_utc: '2026-01-01T00:00:00Z' }],
    ['untagged fields', { fields: [{ name: 'Country', value: 'GB', tag: 'country_codes' }, { name: 'DOB', value: '1970', tag: 'date_of_birth' }] }],
    ['associates', { associates: [{ name: 'Someone' }] }],
  ];
  for (const [label, change] of same) {
    it(`does not change with ${label}`, () => {
      expect(entityFingerprint({ ...base, ...change })).toBe(fp);
    });
  }
  const differ: [string, Partial<Entity>][] = [
    ['name', { name: 'John Smyth' }],
    ['an added aka', { aka: [{ name: 'Johnny' }, { name: 'J. Smith' }, { name: 'Jack' }] }],
    ['types', { types: ['sanction'] }],
    ['sources', { sources: ['ofac', 'eu', 'un'] }],
    ['date of birth', { fields: [{ name: 'DOB', value: '1971', tag: 'date_of_birth' }, { name: 'Country', value: 'GB', tag: 'country_codes' }] }],
    ['country', { fields: [{ name: 'DOB', value: '1970', tag: 'date_of_birth' }, { name: 'Country', value: 'FR', tag: 'country_codes' }] }],
    ['entity_type', { entity_type: 'company' }],
  ];
  for (const [label, change] of differ) {
    it(`changes with ${label}`, () => {
      expect(entityFingerprint({ ...base, ...change })).not.toBe(fp);
    });
  }
});

describe.each(STORES)('whitelisting and monitoring (%s store)', (_name, makeStore) => {
  describe('whitelisting by client_ref', () => {
    it('a false positive is not reported again on later searches with the same client_ref', async () => {
      const t = await setup(makeStore);
      const s1 = content(await t.alice.createSearch({ search_term: 'smith', client_ref: 'C1' })).data;
      const r = content(await t.alice.updateSearchEntities(s1.id, { entities: ['e1'], match_status: 'false_positive' }));
      expect(r.hits[0]).toMatchObject({ match_status: 'false_positive', is_whitelisted: true });

      const s2 = content(await t.bob.createSearch({ search_term: 'smith', client_ref: 'C1' })).data;
      expect(s2.hits.map((h) => [h.doc.id, h.match_status, h.is_whitelisted])).toEqual([
        ['e1', 'false_positive', true],
        ['e2', 'potential_match', false],
        ['e3', 'potential_match', false],
      ]);
      // other references and searches without a reference are unaffected
      for (const body of [{ search_term: 'smith', client_ref: 'C2' }, { search_term: 'smith' }]) {
        const o = content(await t.alice.createSearch(body)).data;
        expect(o.hits[0]).toMatchObject({ match_status: 'potential_match', is_whitelisted: false });
      }
      // a search whose only hit is whitelisted is a no_match
      const only = content(await t.alice.createSearch({ search_term: 'john smith', client_ref: 'C1' })).data;
      expect(only).toMatchObject({ match_status: 'no_match', total_hits: 1 });
      expect(only.hits[0]?.is_whitelisted).toBe(true);
    });

    it('is reported again once the entity content changes (fingerprint), not for cosmetic changes', async () => {
      const t = await setup(makeStore);
      const s1 = content(await t.alice.createSearch({ search_term: 'john smith', client_ref: 'C1' })).data;
      await t.alice.updateSearchEntities(s1.id, { entities: ['e1'], match_status: 'false_positive' });
      const e1 = DEFAULT_ENTITIES[0] as Entity;
      await t.service.rescreenMonitored(fakeScreener([{ ...e1, media: [{ title: 'news' }], last_updated_utc: '2026-03-01' }]));
      const cosmetic = content(await t.alice.createSearch({ search_term: 'john smith', client_ref: 'C1' })).data;
      expect(cosmetic.hits[0]).toMatchObject({ is_whitelisted: true, match_status: 'false_positive' });
      await t.service.rescreenMonitored(fakeScreener([{ ...e1, sources: [...e1.sources, 'un-sc'] }]));
      const changed = content(await t.alice.createSearch({ search_term: 'john smith', client_ref: 'C1' })).data;
      expect(changed.hits[0]).toMatchObject({ is_whitelisted: false, match_status: 'potential_match' });
      expect(changed.match_status).toBe('potential_match');
    });

    it('explicit is_whitelisted true/false, and moving away from false_positive, set and lift the whitelisting', async () => {
      const t = await setup(makeStore);
      const s = content(await t.alice.createSearch({ search_term: 'smith', client_ref: 'C1' })).data;
      const w = content(await t.alice.updateSearchEntities(s.id, { entities: ['e2'], is_whitelisted: true }));
      expect(w.hits[0]).toMatchObject({ match_status: 'false_positive', is_whitelisted: true });
      expect((await t.store.getWhitelist(1, 'C1')).map((x) => [x.entity_id, x.user_id, x.search_id])).toEqual([['e2', 1, s.id]]);
      await t.alice.updateSearchEntities(s.id, { entities: ['e2'], is_whitelisted: false });
      expect(await t.store.getWhitelist(1, 'C1')).toEqual([]);
      expect(content(await t.alice.createSearch({ search_term: 'smith', client_ref: 'C1' })).data.hits[1]?.is_whitelisted).toBe(false);

      await t.alice.updateSearchEntities(s.id, { entities: ['e3'], match_status: 'false_positive' });
      expect((await t.store.getWhitelist(1, 'C1')).map((x) => x.entity_id)).toEqual(['e3']);
      await t.alice.updateSearchEntities(s.id, { entities: ['e3'], match_status: 'true_positive' });
      expect(await t.store.getWhitelist(1, 'C1')).toEqual([]);
      // false_positive with an explicit is_whitelisted false: status only
      await t.alice.updateSearchEntities(s.id, { entities: ['e3'], match_status: 'false_positive', is_whitelisted: false });
      expect(await t.store.getWhitelist(1, 'C1')).toEqual([]);
    });

    it('false_positive on a search without client_ref does not whitelist', async () => {
      const t = await setup(makeStore);
      const s = content(await t.alice.createSearch({ search_term: 'smith' })).data;
      const r = content(await t.alice.updateSearchEntities(s.id, { entities: ['e1'], match_status: 'false_positive' }));
      expect(r.hits[0]).toMatchObject({ match_status: 'false_positive', is_whitelisted: false });
    });
  });

  describe('monitors', () => {
    it('start and stop: GET/PATCH monitors shape', async () => {
      const t = await setup(makeStore);
      const s = content(await t.alice.createSearch({ search_term: 'smith' })).data;
      expect(content(await t.alice.getMonitors(s.id))).toEqual({ search_id: s.id, ref: s.ref, is_monitored: false, monitors: [] });
      t.clock.advance(1000);
      const on = content(await t.bob.updateMonitors(s.ref, { is_monitored: true }));
      expect(on).toEqual({
        search_id: s.id,
        ref: s.ref,
        is_monitored: true,
        monitors: [{ monitored_by: 2, created_at: '2026-03-05 09:00:01', updated_at: '2026-03-05 09:00:01' }],
      });
      expect(content(await t.alice.updateMonitors(s.id, { is_monitored: true }))).toEqual(on); // idempotent
      expect(content(await t.alice.getMonitors(s.id))).toEqual(on);
      const off = content(await t.alice.updateMonitors(s.id, { is_monitored: false }));
      expect(off).toEqual({ search_id: s.id, ref: s.ref, is_monitored: false, monitors: [] });
      expect(await t.alice.updateMonitors(s.id, { is_monitored: 'yes' })).toMatchObject({ code: 400 });
      expect(await t.alice.updateMonitors(s.id, {})).toMatchObject({ code: 400 });
      expect(await t.alice.updateMonitors(404, { is_monitored: true })).toMatchObject({ code: 404 });
      expect(await t.alice.getMonitors(404)).toMatchObject({ code: 404 });
    });

    it('starting updates the original search with the latest run, keeping statuses', async () => {
      const t = await setup(makeStore);
      const s = content(await t.alice.createSearch({ search_term: 'smith' })).data;
      await t.alice.updateSearchEntities(s.id, { entities: ['e3'], match_status: 'true_positive' });
      // a new list version loaded while the search is not monitored
      await t.service.rescreenMonitored(fakeScreener([...DEFAULT_ENTITIES, person('e9', 'Peter Smith')]));
      expect(content(await t.alice.getSearch(s.id)).data.total_hits).toBe(3);
      await t.alice.updateMonitors(s.id, { is_monitored: true });
      const g = content(await t.alice.getSearch(s.id)).data;
      expect(g.total_hits).toBe(4);
      expect(g.hits.map((h) => [h.doc.id, h.match_status])).toEqual([
        ['e1', 'potential_match'],
        ['e2', 'potential_match'],
        ['e3', 'true_positive'],
        ['e9', 'potential_match'],
      ]);
      expect(content(await t.alice.getMonitorDifferences(s.id))).toEqual([]); // a baseline, not a change
    });

    it('re-screens monitored searches on a new list version: differences per day and the webhook', async () => {
      const t = await setup(makeStore);
      const mon = content(await t.alice.createSearch({ search_term: 'smith', client_ref: 'C1' })).data;
      const idle = content(await t.alice.createSearch({ search_term: 'smith' })).data;
      const quiet = content(await t.alice.createSearch({ search_term: 'ivanov' })).data;
      await t.alice.updateMonitors(mon.id, { is_monitored: true });
      await t.alice.updateMonitors(quiet.id, { is_monitored: true });
      await t.alice.updateSearchEntities(mon.id, { entities: ['e3'], match_status: 'true_positive', risk_level: 'high' });
      t.clock.set('2026-03-10T06:30:00.000Z');
      const before = (await t.service.listWebhooks()).length;

      const [e1, , e3, b1, e4] = DEFAULT_ENTITIES as [Entity, Entity, Entity, Entity, Entity];
      const v2 = [
        { ...e1, types: ['sanction', 'pep'], sources: ['eu-fsf'] }, // updated
        e3, // unchanged
        b1,
        e4,
        person('e5', 'Anna Smith', { types: ['warning'], sources: ['fca-warnings'] }), // added
      ]; // e2 removed
      const report = await t.service.rescreenMonitored(fakeScreener(v2));
      expect(report).toEqual({ rescreened: 2, changed: [mon.id], suspended: [], failed: [] });
      expect(t.service.screener.size).toBe(5);

      const diffs = content(await t.alice.getMonitorDifferences(mon.id));
      expect(diffs).toEqual([
        {
          action: 'updated',
          name: 'John Smith',
          entity_id: 'e1',
          listing_types: ['sanction', 'pep'],
          sources: ['eu-fsf'],
          changes: { listing_types: { removed: [], added: ['pep'] }, sources: { removed: ['ofac-sdn'], added: ['eu-fsf'] } },
        },
        {
          action: 'added',
          name: 'Anna Smith',
          entity_id: 'e5',
          listing_types: ['warning'],
          sources: ['fca-warnings'],
          changes: { listing_types: { removed: [], added: ['warning'] }, sources: { removed: [], added: ['fca-warnings'] } },
        },
        {
          action: 'removed',
          name: 'Jane Smith',
          entity_id: 'e2',
          listing_types: ['pep', 'pep-class-1'],
          sources: ['eu-peps'],
          changes: { listing_types: { removed: ['pep', 'pep-class-1'], added: [] }, sources: { removed: ['eu-peps'], added: [] } },
        },
      ]);
      expect(content(await t.alice.getMonitorDifferences(mon.id, { date: '2026-03-10' }))).toEqual(diffs);
      expect(content(await t.alice.getMonitorDifferences(mon.id, { date: '2026-03-09' }))).toEqual([]);
      expect(content(await t.alice.getMonitorDifferences(quiet.id))).toEqual([]);
      expect(await t.alice.getMonitorDifferences(mon.id, { date: '10/03/2026' })).toMatchObject({ code: 400 });
      expect(await t.alice.getMonitorDifferences(999)).toMatchObject({ code: 404 });

      // the original search shows the latest run; statuses of unchanged entities survive
      const g = content(await t.alice.getSearch(mon.id)).data;
      expect(g.hits.map((h) => [h.doc.id, h.match_status, h.risk_level])).toEqual([
        ['e1', 'potential_match', 'unknown'],
        ['e3', 'true_positive', 'high'],
        ['e5', 'potential_match', 'unknown'],
      ]);
      expect(g.updated_at).toBe('2026-03-10 06:30:00');
      expect(content(await t.alice.getMonitors(mon.id)).monitors[0]?.updated_at).toBe('2026-03-10 06:30:00');
      // the idle (not monitored) search is untouched
      expect(content(await t.alice.getSearch(idle.id)).data.hits.map((h) => h.doc.id)).toEqual(['e1', 'e2', 'e3']);

      const events = (await t.service.listWebhooks()).slice(before);
      expect(events.map((e) => e.url)).toEqual(HOOKS);
      for (const e of events) {
        expect(e.body).toEqual({
          event: 'monitored_search_updated',
          data: { search_id: mon.id, updated: ['e1'], new: ['e5'], removed: ['e2'], is_suspended: false },
        });
      }
    });

    it('whitelisted entities stay silent unless their content changes', async () => {
      const t = await setup(makeStore);
      const s = content(await t.alice.createSearch({ search_term: 'smith', client_ref: 'C1' })).data;
      await t.alice.updateMonitors(s.id, { is_monitored: true });
      await t.alice.updateSearchEntities(s.id, { entities: ['e1', 'e2'], match_status: 'false_positive' });
      const [e1, e2, e3, b1] = DEFAULT_ENTITIES as [Entity, Entity, Entity, Entity];
      // e2 leaves the list (whitelisted: not reported), e1 unchanged
      await t.service.rescreenMonitored(fakeScreener([e1, e3, b1]));
      expect(content(await t.alice.getMonitorDifferences(s.id))).toEqual([]);
      // e2 comes back unchanged: still whitelisted for C1, not reported
      await t.service.rescreenMonitored(fakeScreener([e1, e2, e3, b1]));
      expect(content(await t.alice.getMonitorDifferences(s.id))).toEqual([]);
      // e1 changes: reported as updated, whitelisting lapses
      t.clock.advance(24 * 3_600_000);
      await t.service.rescreenMonitored(fakeScreener([{ ...e1, name: 'John Smith Jr' }, e2, e3, b1]));
      expect(content(await t.alice.getMonitorDifferences(s.id)).map((d) => [d.action, d.entity_id])).toEqual([['updated', 'e1']]);
      const hit = content(await t.alice.getSearch(s.id)).data.hits.find((h) => h.doc.id === 'e1');
      expect(hit).toMatchObject({ is_whitelisted: false, match_status: 'potential_match' });
    });

    it('suspended searches are skipped; suspension changes fire the event; the monitored filter follows', async () => {
      const t = await setup(makeStore);
      const s = content(await t.alice.createSearch({ search_term: 'smith' })).data;
      expect(await t.service.setMonitorSuspended(s.id, true)).toMatchObject({ code: 400, message: 'search is not monitored' });
      await t.alice.updateMonitors(s.id, { is_monitored: true });
      const before = (await t.service.listWebhooks()).length;
      expect((await t.service.setMonitorSuspended(s.id, true)).status).toBe('success');
      expect((await t.service.setMonitorSuspended(s.id, true)).status).toBe('success'); // no change, no event
      const ev = (await t.service.listWebhooks()).slice(before);
      expect(ev.map((e) => e.body)).toEqual(
        HOOKS.map(() => ({ event: 'monitored_search_updated', data: { search_id: s.id, updated: [], new: [], removed: [], is_suspended: true } })),
      );
      const ids = async (monitored: string) =>
        content(await t.alice.listSearches({ monitored })).data.map((x) => x.id);
      expect(await ids('suspended')).toEqual([s.id]);
      expect(await ids('un-suspended')).toEqual([]);
      const report = await t.service.rescreenMonitored(fakeScreener([]));
      expect(report).toMatchObject({ rescreened: 0, suspended: [s.id] });
      expect(content(await t.alice.getSearch(s.id)).data.total_hits).toBe(3);
      await t.service.setMonitorSuspended(s.id, false);
      expect(await ids('un-suspended')).toEqual([s.id]);
      expect(await t.service.setMonitorSuspended(999, false)).toMatchObject({ code: 404 });
    });

    it('a screener failure during re-screening leaves the search as it was', async () => {
      const t = await setup(makeStore);
      const s = content(await t.alice.createSearch({ search_term: 'smith' })).data;
      await t.alice.updateMonitors(s.id, { is_monitored: true });
      const failing = { ...fakeScreener([]), search: () => ({ ok: false as const, error: { code: 400, message: 'bad', status: 'failure' as const } }) };
      const report = await t.service.rescreenMonitored(failing);
      expect(report.failed).toEqual([{ search_id: s.id, error: { code: 400, message: 'bad', status: 'failure' } }]);
      expect(content(await t.alice.getSearch(s.id)).data.hits.length).toBe(3);
    });

    it('acknowledge: 204 for a monitored search, 400 when not monitored, 404 when missing', async () => {
      const t = await setup(makeStore);
      const s = content(await t.alice.createSearch({ search_term: 'smith' })).data;
      expect(await t.alice.acknowledgeMonitor(s.id)).toEqual({ code: 400, message: 'search is not monitored', status: 'failure' });
      await t.alice.updateMonitors(s.id, { is_monitored: true });
      expect(await t.alice.acknowledgeMonitor(s.id)).toEqual({ status: 'empty', code: 204 });
      expect((await t.store.getSearch(s.id))?.acknowledged_at).toBe('2026-03-05 09:00:00');
      expect(await t.alice.acknowledgeMonitor(999)).toMatchObject({ code: 404 });
    });
  });

  describe('PATCH /searches/{id}/search-profile', () => {
    it('answers the spec errors with their exact messages, then changes the profile', async () => {
      const t = await setup(makeStore);
      const s = content(await t.alice.createSearch({ search_term: 'smith', search_profile: 'prof-pep' })).data;
      const body = { search_profile: { id: 'prof-sanctions' } };
      const err = (message: string) => ({ code: 400, message, status: 'failure' });
      expect(await t.alice.updateSearchProfile(999, body)).toEqual(err('search not found'));
      expect(await t.alice.updateSearchProfile('nope', body)).toEqual(err('search not found'));
      expect(await t.alice.updateSearchProfile(s.id, body)).toEqual(err('search is not monitored'));
      await t.alice.updateMonitors(s.id, { is_monitored: true });
      for (const b of ['{not json', '[]', {}, { search_profile: 'prof-pep' }, { search_profile: { id: 7 } }, null]) {
        expect(await t.alice.updateSearchProfile(s.id, b)).toEqual(err('cannot decode JSON body of request'));
      }
      expect(await t.alice.updateSearchProfile(s.id, { search_profile: { id: 'prof-none' } })).toEqual(
        err('search_profile.id invalid in JSON body of request'),
      );
      await t.service.putSearchProfile({ id: 'prof-pep', name: 'PEP', slug: 'pep', types: ['pep', 'pep-class-1'] });
      t.clock.advance(47 * 3_600_000);
      expect(await t.alice.updateSearchProfile(s.ref, body)).toEqual(
        err(`current search profile id prof-pep associated to search ${s.ref} was modified within 48 hours.`),
      );
      expect((await t.store.getSearch(s.id))?.search_profile?.id).toBe('prof-pep');
      t.clock.advance(3_600_000);
      const r = await t.alice.updateSearchProfile(s.id, JSON.stringify(body));
      expect(r).toEqual({ status: 'success', content: { data: { search_profile: { id: 'prof-sanctions', version: 1 }, ref: s.ref } } });
      const g = content(await t.alice.getSearch(s.id)).data;
      expect(g.search_profile).toEqual({ name: 'Sanctions only', slug: 'sanctions-only' });
      expect(g.filters.types).toEqual(['sanction']);
      // the next monitor run uses the new profile
      await t.service.rescreenMonitored(t.screener);
      expect(t.screener.calls.at(-1)?.filters?.types).toEqual(['sanction']);
      expect(content(await t.alice.getSearch(s.id)).data.hits.map((h) => h.doc.id)).toEqual(['e1']);
    });
  });
});
