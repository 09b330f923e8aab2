/**
 * Accounts (issue 17, item 13): api keys and users belong to an account; searches, tags, tag definitions,
 * search profiles, whitelists, internal lists and webhooks are per account; another account's search answers
 * exactly as a missing one.
 */
import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createScreener } from '../../src/screening/screener.js';
import { createScreeningService, manualClock, sequentialIds, type ApiResponse } from '../../src/service/index.js';
import { createSqliteStore } from '../../src/service/sqlite/index.js';
import { makeAccountRecord } from '../../src/service/testing/store-records.js';
import { schemaVersion } from '../../src/service/sqlite/schema.js';
import { content, DEFAULT_ENTITIES, fakeScreener, HOOKS, person, setup, STORES } from './helpers.js';

const CAROL = 'carol-key-0004';
const OTHER_HOOK = 'https://hooks.other.example/tamis';

async function twoAccounts(makeStore: (typeof STORES)[number][1], entities = DEFAULT_ENTITIES) {
  const t = await setup(makeStore, entities);
  const other = await t.service.createAccount({ name: 'Other bank', webhooks: [{ url: OTHER_HOOK, secret: 'other-secret' }] });
  const carol = await t.service.createUser({ email: 'carol@other.example', name: 'Carol', account_id: other.id });
  await t.service.createApiKey(carol.id, CAROL);
  await t.service.defineTag('team', other.id);
  await t.service.putSearchProfile({ id: 'prof-sanctions', name: 'Other sanctions', slug: 'sanctions-only', types: ['pep'], account_id: other.id });
  t.clock.advance(72 * 3_600_000);
  return { ...t, other, carol: t.service.forApiKey(CAROL) };
}

const status = (r: ApiResponse<unknown>) => (r.status === 'failure' ? [r.code, r.message] : [r.status]);

describe.each(STORES)('accounts (%s store)', (_name, makeStore) => {
  it("another account's search answers as a missing one on every endpoint, by id and by ref, and is left unchanged", async () => {
    const t = await twoAccounts(makeStore);
    const s = content(await t.alice.createSearch({ search_term: 'smith', client_ref: 'C1', tags: { team: 'a' } })).data;
    await t.alice.updateMonitors(s.id, { is_monitored: true });
    const missing = 999_999;
    for (const id of [s.id, String(s.id), s.ref]) {
      const pairs: [ApiResponse<unknown>, ApiResponse<unknown>][] = [
        [await t.carol.getSearch(id), await t.carol.getSearch(missing)],
        [await t.carol.getSearchDetails(id), await t.carol.getSearchDetails(missing)],
        [await t.carol.getSearchEntities(id, 'comply'), await t.carol.getSearchEntities(missing, 'comply')],
        [await t.carol.getCertificate(id), await t.carol.getCertificate(missing)],
        [await t.carol.updateSearch(id, { risk_level: 'high' }), await t.carol.updateSearch(missing, { risk_level: 'high' })],
        [await t.carol.updateSearchEntities(id, { entities: ['e1'], match_status: 'no_match' }), await t.carol.updateSearchEntities(missing, { entities: ['e1'], match_status: 'no_match' })],
        [await t.carol.getMonitors(id), await t.carol.getMonitors(missing)],
        [await t.carol.updateMonitors(id, { is_monitored: false }), await t.carol.updateMonitors(missing, { is_monitored: false })],
        [await t.carol.getMonitorDifferences(id), await t.carol.getMonitorDifferences(missing)],
        [await t.carol.acknowledgeMonitor(id), await t.carol.acknowledgeMonitor(missing)],
        [await t.carol.updateSearchProfile(id, { search_profile: { id: 'prof-sanctions' } }), await t.carol.updateSearchProfile(missing, { search_profile: { id: 'prof-sanctions' } })],
        [await t.carol.addComment(id, { comment: 'x' }), await t.carol.addComment(missing, { comment: 'x' })],
        [await t.carol.listComments(id), await t.carol.listComments(missing)],
        [await t.carol.deleteSearch(id), await t.carol.deleteSearch(missing)],
      ];
      for (const [theirs, absent] of pairs) {
        expect(status(theirs)).toEqual(status(absent));
        expect(theirs.status).toBe('failure');
      }
    }
    expect(status(await t.carol.deleteSearchTag(s.id, 'team'))).toEqual(status(await t.carol.deleteSearchTag(missing, 'team')));
    expect(status(await t.carol.getSearch(s.id))).toEqual([404, 'search not found']);
    const after = await t.store.getSearch(s.id);
    expect(after).toMatchObject({ version: 2, risk_level: 'unknown', tags: { team: 'a' }, is_monitored: true });
    expect(await t.store.getComments(s.id)).toEqual([]);
    expect(content(await t.alice.getSearch(s.ref)).data.id).toBe(s.id);
  });

  it('GET /searches lists the searches of the caller’s account only', async () => {
    const t = await twoAccounts(makeStore);
    const mine = content(await t.alice.createSearch({ search_term: 'smith', client_ref: 'C1' })).data;
    const theirs = content(await t.carol.createSearch({ search_term: 'smith', client_ref: 'C1' })).data;
    expect(theirs.id).not.toBe(mine.id); // ids are unique across accounts
    expect(content(await t.alice.listSearches({ client_ref: 'C1' })).data.map((x) => x.id)).toEqual([mine.id]);
    expect(content(await t.carol.listSearches()).data.map((x) => x.id)).toEqual([theirs.id]);
    expect(content(await t.carol.listSearches({ page: 1, sort_by: 'id' })).data.map((x) => x.id)).toEqual([theirs.id]);
  });

  it('users, assignees, tag definitions and search profiles are the account’s own', async () => {
    const t = await twoAccounts(makeStore);
    expect(content(await t.alice.listUsers()).data.map((u) => u.name)).toEqual(['Alice', 'Bob']);
    expect(content(await t.carol.listUsers()).data.map((u) => u.name)).toEqual(['Carol']);
    const theirs = content(await t.carol.createSearch({ search_term: 'smith' })).data;
    expect(await t.carol.updateSearch(theirs.id, { assignee_id: 1 })).toMatchObject({ code: 400, errors: [{ code: 'unknown_assignee' }] });
    // A tag defined only in the default account is unknown in the other, and the reverse.
    await t.service.defineTag('desk');
    expect(await t.carol.createSearch({ search_term: 'smith', tags: { desk: 'x' } })).toMatchObject({ code: 400, errors: [{ code: 'unknown_tag' }] });
    expect((await t.alice.createSearch({ search_term: 'smith', tags: { desk: 'x' } })).status).toBe('success');
    // One profile id in two accounts: each account gets its own profile's types.
    const a = content(await t.alice.createSearch({ search_term: 'smith', search_profile: 'prof-sanctions' })).data;
    const c = content(await t.carol.createSearch({ search_term: 'smith', search_profile: 'prof-sanctions' })).data;
    expect([a.filters.types, a.search_profile?.name]).toEqual([['sanction'], 'Sanctions only']);
    expect([c.filters.types, c.search_profile?.name]).toEqual([['pep'], 'Other sanctions']);
    expect(await t.carol.createSearch({ search_term: 'smith', search_profile: 'prof-pep' })).toMatchObject({ errors: [{ code: 'unknown_search_profile' }] });
  });

  it('a whitelisting holds for the client_ref of its own account only', async () => {
    const t = await twoAccounts(makeStore);
    const s = content(await t.alice.createSearch({ search_term: 'smith', client_ref: 'C1' })).data;
    await t.alice.updateSearchEntities(s.id, { entities: ['e1'], match_status: 'false_positive' });
    const again = content(await t.alice.createSearch({ search_term: 'smith', client_ref: 'C1' })).data;
    expect(again.hits.find((h) => h.doc.id === 'e1')?.is_whitelisted).toBe(true);
    const theirs = content(await t.carol.createSearch({ search_term: 'smith', client_ref: 'C1' })).data;
    expect(theirs.hits.find((h) => h.doc.id === 'e1')).toMatchObject({ is_whitelisted: false, match_status: 'potential_match' });
    expect(await t.store.getWhitelist(t.other.id, 'C1')).toEqual([]);
  });

  it('events go to the URLs of the account whose search changed', async () => {
    const t = await twoAccounts(makeStore);
    const mine = content(await t.alice.createSearch({ search_term: 'smith', client_ref: 'C1' })).data;
    const theirs = content(await t.carol.createSearch({ search_term: 'smith', client_ref: 'C9' })).data;
    await t.alice.updateSearch(mine.id, { risk_level: 'high' });
    await t.carol.updateSearch(theirs.id, { risk_level: 'low' });
    const out = await t.service.listWebhooks();
    expect(out.map((r) => [r.account_id, r.url, (r.body.data as { search_id: number }).search_id])).toEqual([
      [1, HOOKS[0], mine.id],
      [1, HOOKS[1], mine.id],
      [t.other.id, OTHER_HOOK, theirs.id],
    ]);
  });

  it('internal lists: each account matches its own lists; the default account (null) every list no other account names', async () => {
    const entities = [
      ...DEFAULT_ENTITIES,
      person('ba', 'Smith of list A', { blacklist_ids: ['list-a'], sources: ['internal'], types: ['blacklist'] }),
      person('bb', 'Smith of list B', { blacklist_ids: ['list-b'], sources: ['internal'], types: ['blacklist'] }),
    ];
    const t = await twoAccounts(makeStore, entities);
    await t.service.updateAccount(t.other.id, { internal_lists: ['list-a'] });
    const third = await t.service.createAccount({ name: 'Third', internal_lists: ['list-b', 'bl-1'] });
    const dave = await t.service.createUser({ email: 'd@third.example', name: 'Dave', account_id: third.id });
    await t.service.createApiKey(dave.id, 'dave-key-0005');
    const blacklisted = async (api: typeof t.alice) => {
      const d = content(await api.createSearch({ search_term: 'smith' })).data;
      return [d.blacklist_hits?.map((h) => h.doc.id), d.total_blacklist_hits];
    };
    expect(await blacklisted(t.alice)).toEqual([[], 0]); // bl-1, list-a, list-b are all named by other accounts
    expect(await blacklisted(t.carol)).toEqual([['ba'], 1]);
    expect(await blacklisted(t.service.forApiKey('dave-key-0005'))).toEqual([['b1', 'bb'], 2]);
    await t.service.updateAccount(third.id, { internal_lists: ['list-b'] });
    expect(await blacklisted(t.alice)).toEqual([['b1'], 1]);
  });

  it('internal lists with the real screener: the account’s lists are asked for and echoed in blacklist_filters', async () => {
    const store = makeStore();
    const screener = createScreener({
      entities: [person('e1', 'Omar Haddad')],
      internalLists: [
        { id: 'list-a', entities: [person('ia', 'Omar Haddad', { sources: ['internal'] })] },
        { id: 'list-b', entities: [person('ib', 'Omar Haddad', { sources: ['internal'] })] },
      ],
    });
    const service = createScreeningService({ store, clock: manualClock('2026-03-02T09:00:00Z'), ids: sequentialIds(), screener });
    const acct = await service.createAccount({ name: 'A', internal_lists: ['list-b'] });
    const u = await service.createUser({ email: 'a@a.example', name: 'A', account_id: acct.id });
    await service.createApiKey(u.id, 'a-key-00001');
    const d = content(await service.forApiKey('a-key-00001').createSearch({ search_term: 'Omar Haddad' })).data;
    expect(d.blacklist_filters).toEqual({ blacklist_ids: ['list-b'] });
    expect([d.blacklist_hits?.map((h) => h.doc.id), d.total_blacklist_hits]).toEqual([['ib'], 1]);
  });

  it('monitoring re-runs each search with its own account’s lists and announces changes to its URLs', async () => {
    const t = await twoAccounts(makeStore);
    const theirs = content(await t.carol.createSearch({ search_term: 'smith' })).data;
    await t.carol.updateMonitors(theirs.id, { is_monitored: true });
    const report = await t.service.rescreenMonitored(fakeScreener([...DEFAULT_ENTITIES, person('e9', 'New Smith')]));
    expect(report.changed).toEqual([theirs.id]);
    const out = await t.service.listWebhooks();
    expect(out.map((r) => [r.account_id, r.url, r.body.event])).toEqual([[t.other.id, OTHER_HOOK, 'monitored_search_updated']]);
    expect(content(await t.carol.getSearchDetails(theirs.id)).data.blacklist_hits).toEqual([]);
  });

  it('account settings are checked: unknown accounts, duplicate ids, a user moved between accounts', async () => {
    const t = await twoAccounts(makeStore);
    await expect(t.service.createUser({ email: 'x@x', name: 'X', account_id: 42 })).rejects.toThrow(RangeError);
    await expect(t.service.defineTag('x', 42)).rejects.toThrow(RangeError);
    await expect(t.service.createAccount({ id: t.other.id, name: 'dup' })).rejects.toThrow(RangeError);
    await expect(t.service.createUser({ id: 1, email: 'x@x', name: 'X', account_id: t.other.id })).rejects.toThrow(RangeError);
    await expect(t.service.updateAccount(42, { name: 'x' })).rejects.toThrow(RangeError);
  });
});

describe('SQLite files written before accounts', () => {
  const v1 = readFileSync(new URL('./fixtures/service-store-v1.sql', import.meta.url), 'utf8');
  // The entities the fixture was screened against (e2 is whitelisted for C1).
  const V1_ENTITIES = [person('e1', 'John Smith'), person('e2', 'Jane Smith', { sources: ['eu-peps'], types: ['pep'] })];

  it('are migrated on open into the default account and keep working', async () => {
    const db = new Database(':memory:');
    db.exec(v1);
    expect(schemaVersion(db)).toBe(1);
    const store = createSqliteStore(db);
    expect(schemaVersion(db)).toBe(3);
    expect(await store.getAccount(1)).toMatchObject({ id: 1, name: 'default', internal_lists: null, webhooks: [], webhook_secret: null });
    expect((await store.listUsers(1)).map((u) => [u.id, u.account_id])).toEqual([[1, 1], [2, 1]]);
    expect((await store.listTagDefinitions(1)).map((x) => x.name)).toEqual(['team']);
    expect((await store.getSearchProfile(1, 'prof-1'))?.types).toEqual(['sanction']);
    expect((await store.getWhitelist(1, 'C1')).map((w) => [w.entity_id, w.account_id])).toEqual([['e2', 1]]);
    expect((await store.listOutbox()).every((r) => r.account_id === 1)).toBe(true);

    const service = createScreeningService({ store, clock: manualClock('2026-03-09T09:00:00Z'), ids: sequentialIds(), screener: fakeScreener(V1_ENTITIES) });
    const api = service.forApiKey('ana-key-0001'); // the key of the old file
    const listed = content(await api.listSearches({ client_ref: 'C1' })).data;
    expect(listed.map((s) => [s.id, s.risk_level, s.tags])).toEqual([[1, 'high', { team: 'a' }]]);
    expect(content(await api.getSearchDetails(1)).data.hits.find((h) => h.doc.id === 'e2')).toMatchObject({ is_whitelisted: true });
    const again = content(await api.createSearch({ search_term: 'smith', client_ref: 'C1', tags: { team: 'b' } })).data;
    expect(again.id).toBeGreaterThan(1); // ids go on from the old file
    expect(again.hits.find((h) => h.doc.id === 'e2')?.is_whitelisted).toBe(true);
    expect(content(await api.listUsers()).data.map((u) => u.name)).toEqual(['Ana', 'Bo']);
    // Opening the migrated file again changes nothing.
    createSqliteStore(db);
    expect(schemaVersion(db)).toBe(3);
    expect((await store.listAccounts()).length).toBe(1);
  });

  it('a file of schema 2 gains the internal lists its accounts name, read as before', async () => {
    const db = new Database(':memory:');
    const lists = { 1: null, 2: ['fraud', 'x\u0000y'], 3: ['fraud', 'pep'] };
    await createSqliteStore(db).commit(
      Object.entries(lists).map(([id, internal_lists]) => ({ type: 'put_account', account: makeAccountRecord(Number(id), { internal_lists }) })),
    );
    db.exec('DROP TABLE tamis_account_internal_lists; UPDATE tamis_service_schema SET version = 2');
    const store = createSqliteStore(db);
    expect(schemaVersion(db)).toBe(3);
    expect(await store.listInternalListsOfOtherAccounts(1)).toEqual(['fraud', 'pep', 'x\u0000y']);
    expect(await store.listInternalListsOfOtherAccounts(3)).toEqual(['fraud', 'x\u0000y']);
  });

  it('a file of a newer schema is refused, not misread', () => {
    const db = new Database(':memory:');
    createSqliteStore(db);
    db.exec('UPDATE tamis_service_schema SET version = 4');
    expect(() => createSqliteStore(db)).toThrow(/newer version/);
  });
});
