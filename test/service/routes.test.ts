/** The route table: every endpoint of search-api.md once, each reaching its SearchApi method with its inputs. */
import { describe, expect, it } from 'vitest';
import { SEARCH_ROUTES } from '../../src/service/index.js';
import { content, setup, STORES } from './helpers.js';

const SPEC_ENDPOINTS = [
  'GET /users',
  'POST /searches',
  'GET /searches',
  'GET /searches/:id',
  'GET /searches/:id/details',
  'GET /searches/:id/entities/:entity_provider',
  'GET /searches/:id/certificate',
  'PATCH /searches/:id',
  'PATCH /searches/:id/entities',
  'DELETE /searches/:id',
  'GET /searches/:id/monitors',
  'PATCH /searches/:id/monitors',
  'GET /searches/:id/monitor/differences',
  'POST /searches/:id/monitor/acknowledge',
  'PATCH /searches/:id/search-profile',
  'POST /searches/:id/comments',
  'GET /searches/:id/comments',
  'DELETE /searches/:id/tags/:tag_name',
  'POST /searches/references',
  'GET /entity/:entity_id',
  'POST /entity/search',
  'PATCH /searches/:id/entity/:eid',
];

const route = (key: string) => {
  const r = SEARCH_ROUTES.find((x) => `${x.method} ${x.path}` === key);
  if (!r) throw new Error(`no route ${key}`);
  return r;
};

describe('SEARCH_ROUTES', () => {
  it('lists every endpoint of the spec exactly once', () => {
    const keys = SEARCH_ROUTES.map((r) => `${r.method} ${r.path}`);
    expect([...keys].sort()).toEqual([...SPEC_ENDPOINTS].sort());
    expect(SEARCH_ROUTES.filter((r) => r.deprecated).map((r) => r.path)).toEqual(['/entity/:entity_id', '/entity/search', '/searches/:id/entity/:eid']);
  });

  it.each(STORES)('passes path parameters, query and body through (%s store)', async (_name, makeStore) => {
    const t = await setup(makeStore);
    const created = (content(await route('POST /searches').call(t.alice, { params: {}, query: {}, body: { search_term: 'smith', tags: { team: 'a' } } })) as {
      data: { id: number; ref: string };
    }).data;
    const params = { id: String(created.id) };
    const entities = await route('GET /searches/:id/entities/:entity_provider').call(t.alice, {
      params: { id: created.ref, entity_provider: 'comply' },
      query: { per_page: '1', page: '2' },
      body: undefined,
    });
    expect(content(entities) as unknown[]).toHaveLength(1);
    expect(await route('DELETE /searches/:id/tags/:tag_name').call(t.alice, { params: { ...params, tag_name: 'team' }, query: {}, body: undefined })).toEqual({
      status: 'empty',
      code: 204,
    });
    const listed = content(await route('GET /searches').call(t.alice, { params: {}, query: { search_term: 'smith' }, body: undefined }));
    expect((listed as { data: { id: number; tags: unknown }[] }).data).toMatchObject([{ id: created.id, tags: [] }]);
    expect(await route('GET /entity/:entity_id').call(t.alice, { params: { entity_id: 'e1' }, query: {}, body: undefined })).toMatchObject({ code: 410 });
  });
});
