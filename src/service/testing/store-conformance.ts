/**
 * The store conformance suite: every ServiceStore adapter must pass it (Lucia v3 style).
 *
 *   // my-store.test.ts (vitest)
 *   import { testStore } from 'tamis/service/testing';
 *   testStore('my postgres store', async () => createMyStore(await freshDatabase()));
 *
 * `makeAdapter` is called before every test and must return an empty store.
 */
import { describe, expect, it } from 'vitest';
import { StoreConflictError, type SearchQuery, type ServiceStore, type StoreOp } from '../store.js';
import { testInternalListsOfOtherAccounts } from './internal-lists-conformance.js';
import { comment, difference, makeAccountRecord, makeHitRecord, makeSearchRecord, outbox, user } from './store-records.js';

export { makeAccountRecord, makeHitRecord, makeSearchRecord } from './store-records.js';
export { testListVersions } from './list-versions-conformance.js';

export function testStore(name: string, makeAdapter: () => ServiceStore | Promise<ServiceStore>): void {
  describe(`store conformance: ${name}`, () => {
    const fresh = async () => makeAdapter();
    const expectConflict = async (store: ServiceStore, ops: StoreOp[]) => {
      await expect(store.commit(ops)).rejects.toBeInstanceOf(StoreConflictError);
    };

    describe('accounts, users, api keys, tags, profiles', () => {
      it('stores, replaces and lists accounts by id', async () => {
        const s = await fresh();
        const hooks = [{ url: 'https://hooks.example.com/a', secret: 's1' }];
        await s.commit([
          { type: 'put_account', account: makeAccountRecord(2, { webhooks: hooks, webhook_secret: 'k' }) },
          { type: 'put_account', account: makeAccountRecord(1, { internal_lists: null }) },
        ]);
        expect(await s.getAccount(2)).toEqual(makeAccountRecord(2, { webhooks: hooks, webhook_secret: 'k' }));
        expect(await s.getAccount(1)).toEqual(makeAccountRecord(1, { internal_lists: null }));
        expect(await s.getAccount(3)).toBeNull();
        expect((await s.listAccounts()).map((a) => a.id)).toEqual([1, 2]);
        await s.commit([{ type: 'put_account', account: makeAccountRecord(2, { internal_lists: ['fraud'] }) }]);
        expect((await s.getAccount(2))?.internal_lists).toEqual(['fraud']);
      });

      it('stores users and lists them by id, all or of one account', async () => {
        const s = await fresh();
        await s.commit([{ type: 'put_user', user: user(2) }, { type: 'put_user', user: user(1) }, { type: 'put_user', user: user(3, 2) }]);
        expect(await s.getUser(2)).toEqual(user(2));
        expect(await s.getUser(3)).toEqual(user(3, 2));
        expect(await s.getUser(9)).toBeNull();
        expect((await s.listUsers()).map((u) => u.id)).toEqual([1, 2, 3]);
        expect((await s.listUsers(1)).map((u) => u.id)).toEqual([1, 2]);
        expect((await s.listUsers(2)).map((u) => u.id)).toEqual([3]);
        expect(await s.listUsers(7)).toEqual([]);
        await s.commit([{ type: 'put_user', user: { ...user(2), name: 'Renamed' } }]);
        expect((await s.getUser(2))?.name).toBe('Renamed');
      });

      it('stores api keys by hash and deletes them', async () => {
        const s = await fresh();
        const k = { key_hash: 'h1', user_id: 1, account_id: 2, sandbox: true, rate_limit: 50, created_at: '2026-01-01 00:00:00' };
        await s.commit([{ type: 'put_api_key', api_key: k }]);
        expect(await s.getApiKey('h1')).toEqual(k);
        await s.commit([{ type: 'delete_api_key', key_hash: 'h1' }]);
        expect(await s.getApiKey('h1')).toBeNull();
      });

      it('defines, lists (by name) and removes tag definitions per account', async () => {
        const s = await fresh();
        await s.commit([
          { type: 'put_tag_definition', tag: { account_id: 1, name: 'team', created_at: 'x' } },
          { type: 'put_tag_definition', tag: { account_id: 1, name: 'branch', created_at: 'x' } },
          { type: 'put_tag_definition', tag: { account_id: 2, name: 'team', created_at: 'y' } },
          { type: 'put_tag_definition', tag: { account_id: 2, name: 'toString', created_at: 'y' } },
        ]);
        expect((await s.listTagDefinitions(1)).map((t) => t.name)).toEqual(['branch', 'team']);
        expect(await s.listTagDefinitions(2)).toEqual([
          { account_id: 2, name: 'team', created_at: 'y' },
          { account_id: 2, name: 'toString', created_at: 'y' },
        ]);
        await s.commit([{ type: 'delete_tag_definition', account_id: 1, name: 'team' }]);
        expect((await s.listTagDefinitions(1)).map((t) => t.name)).toEqual(['branch']);
        expect((await s.listTagDefinitions(2)).map((t) => t.name)).toEqual(['team', 'toString']);
      });

      it('stores search profiles per account (one id in two accounts is two profiles)', async () => {
        const s = await fresh();
        const p = { account_id: 1, id: 'p1', name: 'Sanctions', slug: 'sanctions', types: ['sanction'], version: 3, updated_at: '2026-01-01 00:00:00' };
        await s.commit([{ type: 'put_search_profile', profile: p }]);
        expect(await s.getSearchProfile(1, 'p1')).toEqual(p);
        expect(await s.getSearchProfile(1, 'p2')).toBeNull();
        expect(await s.getSearchProfile(2, 'p1')).toBeNull();
        await s.commit([
          { type: 'put_search_profile', profile: { ...p, id: 'a0', slug: 'first' } },
          { type: 'put_search_profile', profile: { ...p, account_id: 2, name: 'Other' } },
        ]);
        expect((await s.listSearchProfiles(1)).map((x) => x.id)).toEqual(['a0', 'p1']);
        expect(await s.listSearchProfiles(2)).toEqual([{ ...p, account_id: 2, name: 'Other' }]);
        expect((await s.getSearchProfile(1, 'p1'))?.name).toBe('Sanctions');
      });
    });

    testInternalListsOfOtherAccounts(fresh);

    describe('searches', () => {
      it('allocates fresh increasing search ids above stored ones', async () => {
        const s = await fresh();
        const a = await s.nextSearchId();
        await s.commit([{ type: 'insert_search', search: makeSearchRecord(a) }]);
        const b = await s.nextSearchId();
        const c = await s.nextSearchId();
        expect(b).toBeGreaterThan(a);
        expect(c).toBeGreaterThan(b);
        await s.commit([{ type: 'insert_search', search: makeSearchRecord(100, { ref: 'r100' }) }]);
        expect(await s.nextSearchId()).toBeGreaterThan(100);
      });

      it('inserts and reads a search by id and by ref, as a copy', async () => {
        const s = await fresh();
        const rec = makeSearchRecord(1, { tags: { team: 'a' }, labels: [{ type: 'tag', name: 'team', value: 'a' }] });
        await s.commit([{ type: 'insert_search', search: rec }]);
        const got = await s.getSearch(1);
        expect(got).toEqual(rec);
        expect(await s.getSearchByRef('ref-1')).toEqual(rec);
        expect(await s.getSearch(2)).toBeNull();
        expect(await s.getSearchByRef('nope')).toBeNull();
        got!.tags.team = 'mutated';
        expect((await s.getSearch(1))?.tags.team).toBe('a');
      });

      it('refuses a duplicate id or ref', async () => {
        const s = await fresh();
        await s.commit([{ type: 'insert_search', search: makeSearchRecord(1) }]);
        await expectConflict(s, [{ type: 'insert_search', search: makeSearchRecord(1, { ref: 'other' }) }]);
        await expectConflict(s, [{ type: 'insert_search', search: makeSearchRecord(2, { ref: 'ref-1' }) }]);
        expect(await s.getSearch(2)).toBeNull();
      });

      it('updates only at the expected version', async () => {
        const s = await fresh();
        await s.commit([{ type: 'insert_search', search: makeSearchRecord(1) }]);
        await s.commit([{ type: 'update_search', search: makeSearchRecord(1, { version: 2, risk_level: 'high' }), expected_version: 1 }]);
        expect((await s.getSearch(1))?.risk_level).toBe('high');
        await expectConflict(s, [{ type: 'update_search', search: makeSearchRecord(1, { version: 2, risk_level: 'low' }), expected_version: 1 }]);
        await expectConflict(s, [{ type: 'update_search', search: makeSearchRecord(7, { version: 2 }), expected_version: 1 }]);
        expect((await s.getSearch(1))?.risk_level).toBe('high');
      });

      it('deletes a search with its hits, comments and differences, only at the expected version', async () => {
        const s = await fresh();
        await s.commit([
          { type: 'insert_search', search: makeSearchRecord(1) },
          { type: 'insert_search', search: makeSearchRecord(2) },
          { type: 'replace_hits', search_id: 1, provider: 'comply', hits: [makeHitRecord(1, 'e1', 0)] },
          { type: 'replace_hits', search_id: 2, provider: 'comply', hits: [makeHitRecord(2, 'e1', 0)] },
          { type: 'insert_comment', comment: comment('c1', 1, '2026-01-01 00:00:00') },
          { type: 'insert_differences', differences: [difference('d1', 1, '2026-01-02')] },
        ]);
        await expectConflict(s, [{ type: 'delete_search', id: 1, expected_version: 5 }]);
        await s.commit([{ type: 'delete_search', id: 1, expected_version: 1 }]);
        expect(await s.getSearch(1)).toBeNull();
        expect(await s.getSearchByRef('ref-1')).toBeNull();
        expect(await s.getHits(1, 'comply')).toEqual([]);
        expect(await s.getComments(1)).toEqual([]);
        expect(await s.getDifferences(1, '2026-01-02')).toEqual([]);
        expect(await s.countHits(2, 'comply')).toBe(1);
        await expectConflict(s, [{ type: 'delete_search', id: 1, expected_version: 1 }]);
      });

      it('lists monitored search ids', async () => {
        const s = await fresh();
        await s.commit([
          { type: 'insert_search', search: makeSearchRecord(3, { is_monitored: true }) },
          { type: 'insert_search', search: makeSearchRecord(1, { is_monitored: true, is_suspended: true }) },
          { type: 'insert_search', search: makeSearchRecord(2) },
        ]);
        expect(await s.listMonitoredSearchIds()).toEqual([1, 3]);
      });
    });

    describe('hits', () => {
      it('replaces, pages and counts hits per provider in rank order', async () => {
        const s = await fresh();
        const hits = [2, 0, 1].map((r) => makeHitRecord(1, `e${r}`, r));
        await s.commit([
          { type: 'insert_search', search: makeSearchRecord(1) },
          { type: 'replace_hits', search_id: 1, provider: 'comply', hits },
          { type: 'replace_hits', search_id: 1, provider: 'internal', hits: [makeHitRecord(1, 'b1', 0, { provider: 'internal' })] },
        ]);
        expect((await s.getHits(1, 'comply')).map((h) => h.entity_id)).toEqual(['e0', 'e1', 'e2']);
        expect((await s.getHits(1, 'comply', 1, 1)).map((h) => h.entity_id)).toEqual(['e1']);
        expect((await s.getHits(1, 'comply', 2)).map((h) => h.entity_id)).toEqual(['e2']);
        expect(await s.countHits(1, 'comply')).toBe(3);
        expect(await s.countHits(1, 'internal')).toBe(1);
        expect((await s.getHits(1, 'comply'))[0]).toEqual(makeHitRecord(1, 'e0', 0));
        await s.commit([{ type: 'replace_hits', search_id: 1, provider: 'comply', hits: [makeHitRecord(1, 'x', 0)] }]);
        expect((await s.getHits(1, 'comply')).map((h) => h.entity_id)).toEqual(['x']);
        expect(await s.countHits(1, 'internal')).toBe(1);
      });

      it('updates existing hits and refuses missing ones', async () => {
        const s = await fresh();
        await s.commit([{ type: 'replace_hits', search_id: 1, provider: 'comply', hits: [makeHitRecord(1, 'e0', 0)] }]);
        const upd = makeHitRecord(1, 'e0', 0);
        upd.hit.match_status = 'false_positive';
        await s.commit([{ type: 'update_hits', hits: [upd] }]);
        expect((await s.getHits(1, 'comply'))[0]?.hit.match_status).toBe('false_positive');
        await expectConflict(s, [{ type: 'update_hits', hits: [makeHitRecord(1, 'nope', 1)] }]);
      });
    });

    describe('comments, whitelist, differences', () => {
      it('lists comments of a search in time order', async () => {
        const s = await fresh();
        await s.commit([
          { type: 'insert_comment', comment: comment('c2', 1, '2026-01-02 00:00:00', 'e1') },
          { type: 'insert_comment', comment: comment('c1', 1, '2026-01-01 00:00:00') },
          { type: 'insert_comment', comment: comment('c3', 2, '2026-01-01 00:00:00') },
        ]);
        expect(await s.getComments(1)).toEqual([comment('c1', 1, '2026-01-01 00:00:00'), comment('c2', 1, '2026-01-02 00:00:00', 'e1')]);
      });

      it('puts, replaces and deletes whitelist entries per account and client_ref', async () => {
        const s = await fresh();
        const w = (ref: string, e: string, fp: string, account_id = 1) => ({ account_id, client_ref: ref, entity_id: e, fingerprint: fp, search_id: 1, user_id: 1, created_at: 'x' });
        await s.commit([
          { type: 'put_whitelist', entry: w('C1', 'e2', 'f') },
          { type: 'put_whitelist', entry: w('C1', 'e1', 'f') },
          { type: 'put_whitelist', entry: w('C2', 'e1', 'g') },
          { type: 'put_whitelist', entry: w('C1', 'e1', 'h', 2) },
        ]);
        expect((await s.getWhitelist(1, 'C1')).map((x) => x.entity_id)).toEqual(['e1', 'e2']);
        expect(await s.getWhitelist(2, 'C1')).toEqual([w('C1', 'e1', 'h', 2)]);
        await s.commit([{ type: 'put_whitelist', entry: w('C1', 'e1', 'f2') }]);
        expect((await s.getWhitelist(1, 'C1')).find((x) => x.entity_id === 'e1')?.fingerprint).toBe('f2');
        await s.commit([{ type: 'delete_whitelist', account_id: 1, client_ref: 'C1', entity_id: 'e1' }]);
        expect((await s.getWhitelist(1, 'C1')).map((x) => x.entity_id)).toEqual(['e2']);
        expect(await s.getWhitelist(1, 'C2')).toEqual([w('C2', 'e1', 'g')]);
        expect(await s.getWhitelist(2, 'C1')).toEqual([w('C1', 'e1', 'h', 2)]);
      });

      it('returns the differences of one day in insertion order', async () => {
        const s = await fresh();
        await s.commit([{ type: 'insert_differences', differences: [difference('d2', 1, '2026-01-02'), difference('d1', 1, '2026-01-02')] }]);
        await s.commit([{ type: 'insert_differences', differences: [difference('d3', 1, '2026-01-03'), difference('d4', 2, '2026-01-02')] }]);
        expect((await s.getDifferences(1, '2026-01-02')).map((d) => d.id)).toEqual(['d2', 'd1']);
        expect(await s.getDifferences(1, '2026-01-03')).toEqual([difference('d3', 1, '2026-01-03')]);
        expect(await s.getDifferences(1, '2026-01-04')).toEqual([]);
      });
    });

    describe('outbox', () => {
      it('appends, lists pending due records oldest first, updates', async () => {
        const s = await fresh();
        await s.commit([{ type: 'append_outbox', records: [outbox('o1'), outbox('o2'), outbox('o3', { next_attempt_at: '2026-01-01T00:10:00.000Z' })] }]);
        expect((await s.pendingOutbox('2026-01-01T00:05:00.000Z', 10)).map((r) => r.id)).toEqual(['o1', 'o2']);
        expect((await s.pendingOutbox('2026-01-01T00:10:00.000Z', 10)).map((r) => r.id)).toEqual(['o1', 'o2', 'o3']);
        expect((await s.pendingOutbox('2026-01-01T00:10:00.000Z', 1)).map((r) => r.id)).toEqual(['o1']);
        await s.commit([{ type: 'update_outbox', record: outbox('o1', { delivered_at: '2026-01-01T00:01:00.000Z', attempts: 1 }) }]);
        expect((await s.pendingOutbox('2026-01-01T00:10:00.000Z', 10)).map((r) => r.id)).toEqual(['o2', 'o3']);
        expect(await s.getOutboxRecord('o1')).toEqual(outbox('o1', { delivered_at: '2026-01-01T00:01:00.000Z', attempts: 1 }));
        expect(await s.getOutboxRecord('zz')).toBeNull();
        expect((await s.listOutbox()).map((r) => r.id)).toEqual(['o1', 'o2', 'o3']);
      });

      it('claims due records once (when the adapter can): claimed records are leased until updated or the lease ends', async () => {
        const s = await fresh();
        expect(typeof s.claimOutbox === 'function' || s.claimOutbox === undefined).toBe(true);
        if (!s.claimOutbox) return;
        await s.commit([{ type: 'append_outbox', records: [outbox('o1'), outbox('o2'), outbox('o3', { next_attempt_at: '2026-01-01T00:10:00.000Z' })] }]);
        const lease = '2026-01-01T00:20:00.000Z';
        expect((await s.claimOutbox('2026-01-01T00:05:00.000Z', 10, lease)).map((r) => r.id)).toEqual(['o1', 'o2']);
        expect(await s.claimOutbox('2026-01-01T00:05:00.000Z', 10, lease)).toEqual([]);
        expect((await s.pendingOutbox('2026-01-01T00:15:00.000Z', 10)).map((r) => r.id)).toEqual(['o3']);
        // Concurrent claimers never get the same record.
        const later = '2026-01-01T00:30:00.000Z';
        const claims = await Promise.all([1, 2, 3, 4].map(() => s.claimOutbox!(later, 1, '2026-01-01T01:00:00.000Z')));
        const ids = claims.flat().map((r) => r.id);
        expect([...ids].sort()).toEqual(['o1', 'o2', 'o3']);
        // An update ends the lease: a delivered record is never due, a failed one is due at its next attempt.
        await s.commit([
          { type: 'update_outbox', record: outbox('o1', { delivered_at: later, attempts: 1 }) },
          { type: 'update_outbox', record: outbox('o2', { attempts: 1, next_attempt_at: '2026-01-01T00:40:00.000Z' }) },
        ]);
        expect((await s.claimOutbox('2026-01-01T00:41:00.000Z', 10, '2026-01-01T02:00:00.000Z')).map((r) => r.id)).toEqual(['o2']);
        expect((await s.claimOutbox('2026-01-01T01:00:00.000Z', 10, '2026-01-01T02:00:00.000Z')).map((r) => r.id)).toEqual(['o3']);
      });

      it('refuses duplicate ids and updates of missing records', async () => {
        const s = await fresh();
        await s.commit([{ type: 'append_outbox', records: [outbox('o1')] }]);
        await expectConflict(s, [{ type: 'append_outbox', records: [outbox('o1')] }]);
        await expectConflict(s, [{ type: 'update_outbox', record: outbox('o9') }]);
        expect((await s.listOutbox()).length).toBe(1);
      });
    });

    describe('atomic commits', () => {
      it('applies nothing of a batch whose last op fails', async () => {
        const s = await fresh();
        await s.commit([{ type: 'insert_search', search: makeSearchRecord(1) }]);
        await expectConflict(s, [
          { type: 'insert_search', search: makeSearchRecord(2) },
          { type: 'replace_hits', search_id: 1, provider: 'comply', hits: [makeHitRecord(1, 'e1', 0)] },
          { type: 'insert_comment', comment: comment('c1', 1, 'x') },
          { type: 'put_whitelist', entry: { account_id: 1, client_ref: 'C', entity_id: 'e1', fingerprint: 'f', search_id: 1, user_id: 1, created_at: 'x' } },
          { type: 'put_account', account: makeAccountRecord(5) },
          { type: 'insert_differences', differences: [difference('d1', 1, '2026-01-01')] },
          { type: 'append_outbox', records: [outbox('o1')] },
          { type: 'put_user', user: user(5) },
          { type: 'update_search', search: makeSearchRecord(1, { version: 9 }), expected_version: 8 },
        ]);
        expect(await s.getSearch(2)).toBeNull();
        expect(await s.getHits(1, 'comply')).toEqual([]);
        expect(await s.getComments(1)).toEqual([]);
        expect(await s.getWhitelist(1, 'C')).toEqual([]);
        expect(await s.getAccount(5)).toBeNull();
        expect(await s.getDifferences(1, '2026-01-01')).toEqual([]);
        expect(await s.listOutbox()).toEqual([]);
        expect(await s.getUser(5)).toBeNull();
        expect(await s.getSearch(1)).toEqual(makeSearchRecord(1));
      });

      it('applies nothing when a middle op fails and keeps working afterwards', async () => {
        const s = await fresh();
        await s.commit([{ type: 'insert_search', search: makeSearchRecord(1) }]);
        await expectConflict(s, [
          { type: 'update_search', search: makeSearchRecord(1, { version: 2, risk_level: 'high' }), expected_version: 1 },
          { type: 'insert_search', search: makeSearchRecord(1) },
          { type: 'insert_search', search: makeSearchRecord(3) },
        ]);
        expect((await s.getSearch(1))?.risk_level).toBe('unknown');
        expect(await s.getSearch(3)).toBeNull();
        await s.commit([{ type: 'insert_search', search: makeSearchRecord(3) }]);
        expect(await s.getSearch(3)).not.toBeNull();
      });
    });

    describe('querySearches', () => {
      const seed = async (): Promise<ServiceStore> => {
        const s = await fresh();
        await s.commit([
          { type: 'insert_search', search: makeSearchRecord(1, { searcher_id: 1, assignee_id: 2, risk_level: 'high', match_status: 'true_positive', search_term: 'Élodie Martin', submitted_term: 'Élodie  Martin!', client_ref: 'C1', created_at: '2026-01-01 09:00:00', updated_at: '2026-01-05 00:00:00', tags: { team: 'a', region: 'eu' } }) },
          { type: 'insert_search', search: makeSearchRecord(2, { searcher_id: 2, assignee_id: null, risk_level: 'low', match_status: 'no_match', search_term: 'John Smith', submitted_term: 'john smith', client_ref: 'C2', created_at: '2026-01-02 23:59:59', updated_at: '2026-01-03 00:00:00', tags: { team: 'b' }, is_monitored: true }) },
          { type: 'insert_search', search: makeSearchRecord(3, { searcher_id: 1, assignee_id: 1, risk_level: 'medium', match_status: 'potential_match', search_term: 'Acme Trading Ltd', submitted_term: 'Acme Trading Ltd.', client_ref: 'C1', created_at: '2026-01-03 00:00:00', updated_at: '2026-01-04 00:00:00', tags: { region: 'eu' }, is_monitored: true, is_suspended: true }) },
          { type: 'insert_search', search: makeSearchRecord(4, { searcher_id: 3, assignee_id: 2, risk_level: 'unknown', match_status: 'false_positive', search_term: 'Jon Smyth', submitted_term: 'Jon Smyth', created_at: '2026-01-04 12:00:00', updated_at: '2026-01-02 00:00:00', tags: { team: 'a', region: 'us' } }) },
          // Another account's searches match the same filters and are never returned for account 1.
          { type: 'insert_search', search: makeSearchRecord(5, { account_id: 2, searcher_id: 1, assignee_id: 2, client_ref: 'C1', search_term: 'John Smith', tags: { team: 'a', region: 'eu' } }) },
          { type: 'insert_search', search: makeSearchRecord(6, { account_id: 2, is_monitored: true, tags: { toString: 'x' } }) },
        ]);
        return s;
      };
      const ids = async (s: ServiceStore, q: Partial<SearchQuery>) => (await s.querySearches({ account_id: 1, limit: 100, ...q })).map((r) => r.id);

      const cases: [string, Partial<SearchQuery>, number[]][] = [
        ['no filter', {}, [1, 2, 3, 4]],
        ['assignee_id', { assignee_id: 2 }, [1, 4]],
        ['searcher_id', { searcher_id: 1 }, [1, 3]],
        ['risk_levels', { risk_levels: ['high', 'low'] }, [1, 2]],
        ['match_statuses', { match_statuses: ['no_match', 'false_positive'] }, [2, 4]],
        ['submitted_term, case-insensitive substring', { submitted_term: 'LTD.' }, [3]],
        ['submitted_term with punctuation', { submitted_term: 'martin!' }, [1]],
        ['search_term, case-insensitive substring', { search_term: 'smith' }, [2]],
        ['search_term, non-ASCII case folding', { search_term: 'élodie' }, [1]],
        ['created_at_from inclusive', { created_at_from: '2026-01-03' }, [3, 4]],
        ['created_at_to inclusive (whole day)', { created_at_to: '2026-01-02' }, [1, 2]],
        ['created_at range', { created_at_from: '2026-01-02', created_at_to: '2026-01-03' }, [2, 3]],
        ['tags OR (default)', { tags: [{ name: 'team', value: 'b' }, { name: 'region', value: 'us' }] }, [2, 4]],
        ['tags AND', { tags: [{ name: 'team', value: 'a' }, { name: 'region', value: 'eu' }], tags_logical_operator: 'AND' }, [1]],
        ['tags single', { tags: [{ name: 'region', value: 'eu' }] }, [1, 3]],
        ['client_ref', { client_ref: 'C1' }, [1, 3]],
        ['monitored false', { monitored: 'false' }, [1, 4]],
        ['monitored suspended', { monitored: 'suspended' }, [3]],
        ['monitored un-suspended', { monitored: 'un-suspended' }, [2]],
        ['combined filters', { searcher_id: 1, client_ref: 'C1', risk_levels: ['medium'] }, [3]],
        ['sort id DESC', { sort_by: 'id', sort_dir: 'DESC' }, [4, 3, 2, 1]],
        ['sort created_at DESC', { sort_by: 'created_at', sort_dir: 'DESC' }, [4, 3, 2, 1]],
        ['sort updated_at ASC', { sort_by: 'updated_at' }, [4, 2, 3, 1]],
        ['sort assignee_id ASC (unassigned first, ties by id)', { sort_by: 'assignee_id', sort_dir: 'ASC' }, [2, 3, 1, 4]],
        ['sort assignee_id DESC', { sort_by: 'assignee_id', sort_dir: 'DESC' }, [4, 1, 3, 2]],
        ['sort searcher_id DESC', { sort_by: 'searcher_id', sort_dir: 'DESC' }, [4, 2, 3, 1]],
        ['offset and limit', { offset: 1, limit: 2 }, [2, 3]],
        ['after_id', { after_id: 2 }, [3, 4]],
        ['after_id ignores sort', { after_id: 1, sort_by: 'id', sort_dir: 'DESC', limit: 2 }, [2, 3]],
        ['before_id returns the records just before, ascending', { before_id: 4, limit: 2 }, [2, 3]],
        ['before_id with a filter', { before_id: 4, client_ref: 'C1', limit: 5 }, [1, 3]],
        ['another account', { account_id: 2 }, [5, 6]],
        ['another account, filtered', { account_id: 2, client_ref: 'C1', tags: [{ name: 'team', value: 'a' }] }, [5]],
        ['an account without searches', { account_id: 3 }, []],
        ['a tag named after a built-in is matched on own tags only', { account_id: 2, tags: [{ name: 'toString', value: 'x' }, { name: 'constructor', value: 'x' }] }, [6]],
        ['before_id stays in the account', { before_id: 9, limit: 2 }, [3, 4]],
      ];
      for (const [label, q, expected] of cases) {
        it(`filters and sorts: ${label}`, async () => {
          expect(await ids(await seed(), q)).toEqual(expected);
        });
      }
    });
  });
}
