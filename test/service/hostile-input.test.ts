/**
 * Names of JavaScript built-ins and malformed arguments are data like any other: error values, never a throw,
 * never a prototype member taken for a stored value (issue 17, items 8 and 9).
 */
import { describe, expect, it } from 'vitest';
import { content, setup, STORES } from './helpers.js';

const BUILT_IN_NAMES = ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'];

describe.each(STORES)('built-in names as tag names (%s store)', (_name, makeStore) => {
  it('DELETE tag answers 400 for a built-in name the search does not carry, and changes nothing', async () => {
    const t = await setup(makeStore);
    const s = content(await t.alice.createSearch({ search_term: 'smith', tags: { team: 'a' } })).data;
    for (const name of BUILT_IN_NAMES) {
      expect(await t.alice.deleteSearchTag(s.id, name)).toMatchObject({ code: 400, status: 'failure' });
    }
    expect((await t.store.getSearch(s.id))?.version).toBe(1);
  });

  it.each(BUILT_IN_NAMES)('a defined tag named %s is set, filtered on, replaced and deleted like any other', async (name) => {
    const t = await setup(makeStore);
    await t.service.defineTag(name);
    const s = content(await t.alice.createSearch({ search_term: 'smith', tags: JSON.parse(`{"${name}": "v1"}`) })).data;
    expect(Object.hasOwn(s.tags, name) && (s.tags as Record<string, string>)[name]).toBe('v1');
    const other = content(await t.alice.createSearch({ search_term: 'smith' })).data;
    const listed = content(await t.alice.listSearches({ tags: `${name}:v1` })).data.map((x) => x.id);
    expect(listed).toEqual([s.id]);
    const updated = content(await t.alice.updateSearch(s.id, { tags: JSON.parse(`{"${name}": "v2"}`) })).data;
    expect(Object.entries(updated.tags)).toEqual([[name, 'v2']]);
    expect(updated.labels.map((l) => l.value)).toEqual(['v1', 'v2']);
    expect(content(await t.alice.getSearch(s.id)).data.tags).toEqual(JSON.parse(`{"${name}": "v2"}`));
    expect(await t.alice.deleteSearchTag(other.id, name)).toMatchObject({ code: 400 });
    expect(await t.alice.deleteSearchTag(s.id, name)).toEqual({ status: 'empty', code: 204 });
    expect(content(await t.alice.getSearch(s.id)).data.tags).toEqual([]);
  });

  it('an undefined built-in tag name in a body is an unknown tag (400), not a prototype member', async () => {
    const t = await setup(makeStore);
    for (const name of BUILT_IN_NAMES) {
      const r = await t.alice.createSearch({ search_term: 'smith', tags: JSON.parse(`{"${name}": "x"}`) });
      expect(r).toMatchObject({ code: 400, errors: [{ code: 'unknown_tag' }] });
    }
    expect(content(await t.alice.listSearches({ tags: 'toString:x,constructor:y' })).data).toEqual([]);
  });
});

describe.each(STORES)('malformed arguments answer error values (%s store)', (_name, makeStore) => {
  const calls: [string, (t: Awaited<ReturnType<typeof setup>>, id: number) => Promise<unknown>][] = [
    ['listSearches(null)', (t) => t.alice.listSearches(null)],
    ['listSearches(a string)', (t) => t.alice.listSearches('page=1' as never)],
    ["listSearches({ search_term: 'Yus\\ud800' })", (t) => t.alice.listSearches({ search_term: 'Yus\ud800' })],
    ["listSearches({ client_ref: '\\udc00x' })", (t) => t.alice.listSearches({ client_ref: '\udc00x' })],
    ["listSearches({ tags: 'team:\\ud800' })", (t) => t.alice.listSearches({ tags: 'team:\ud800' })],
    ["getSearchEntities(id, 'comply', null)", (t, id) => t.alice.getSearchEntities(id, 'comply', null)],
    ['getMonitorDifferences(id, null)', (t, id) => t.alice.getMonitorDifferences(id, null)],
    ['getSearch(id, 7)', (t, id) => t.alice.getSearch(id, 7 as never)],
    ['getCertificate(id, null)', (t, id) => t.alice.getCertificate(id, null)],
    ["createSearch({ search_term: 'Yus\\ud800' })", (t) => t.alice.createSearch({ search_term: 'Yus\ud800' })],
    ["createSearch({ search_term: { last_name: '\\ud800' } })", (t) => t.alice.createSearch({ search_term: { last_name: 'Smith\ud800' } })],
    ["createSearch({ client_ref: 'C\\ud800' })", (t) => t.alice.createSearch({ search_term: 'smith', client_ref: 'C\ud800' })],
    ["updateSearch(id, { tags: { team: '\\ud800' } })", (t, id) => t.alice.updateSearch(id, { tags: { team: '\ud800' } })],
  ];
  it.each(calls)('%s: 400', async (_label, run) => {
    const t = await setup(makeStore);
    const s = content(await t.alice.createSearch({ search_term: 'smith', client_ref: 'C1' })).data;
    // More searches than a page, so that listing them builds paging links.
    for (let i = 0; i < 11; i++) await t.alice.createSearch({ search_term: 'smith', client_ref: 'C1', tags: { team: 'a' } });
    await expect(run(t, s.id)).resolves.toMatchObject({ code: 400, status: 'failure' });
  });
});
