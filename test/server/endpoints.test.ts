/**
 * Every endpoint of search-api.md over real HTTPS: its path and method, the spec's bodies and status codes, and the
 * errors of the spec's tables. Every response is checked against /openapi.json by the harness.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOB, startHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const create = async (body: Record<string, unknown>) => {
  const r = await h.call('POST', '/searches', { body });
  expect(r.status).toBe(200);
  return r.json.content.data as { id: number; ref: string; hits: { doc: { id: string } }[]; total_hits: number };
};

describe('searches', () => {
  it('GET /users lists the users of the account', async () => {
    const r = await h.call('GET', '/users');
    expect(r.status).toBe(200);
    expect(r.json.status).toBe('success');
    expect(r.json.content.data.map((u: { email: string }) => u.email)).toEqual(['alice@bank.example', 'bob@bank.example']);
  });

  it('POST /searches answers 200 with code 200 and the search with its hits', async () => {
    const r = await h.call('POST', '/searches', { body: { search_term: 'Mahmoud Nasser', client_ref: 'CUST-1', tags: { branch: 'Leeds' }, share_url: 1 } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.json).toMatchObject({ status: 'success', code: 200, content: { data: { search_term: 'Mahmoud Nasser', client_ref: 'CUST-1', tags: { branch: 'Leeds' } } } });
    expect(r.json.content.data.hits.length).toBeGreaterThan(0);
    expect(r.json.content.data.share_url).toMatch(/^https:/);
  });

  it('POST /searches with a search profile takes its types', async () => {
    const s = await create({ search_term: 'Barakat', search_profile: 'p-sanctions' });
    const r = await h.call('GET', `/searches/${s.id}/details`);
    expect(r.json.content.data.filters.types).toEqual(['sanction']);
    expect(r.json.content.data.search_profile).toEqual({ name: 'Sanctions', slug: 'sanctions' });
  });

  it('GET /searches/{id} takes the id or the ref; 404 for a search that does not exist', async () => {
    const s = await create({ search_term: 'Rania Mansour' });
    for (const id of [String(s.id), s.ref]) {
      const r = await h.call('GET', `/searches/${id}`);
      expect(r.status).toBe(200);
      expect(r.json.content.data).toMatchObject({ id: s.id, ref: s.ref });
      expect(r.json.content.data.share_url).toBeUndefined();
    }
    expect((await h.call('GET', `/searches/${s.id}?share_url=1`)).json.content.data.share_url).toMatch(/^https:/);
    const missing = await h.call('GET', '/searches/999999');
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ code: 404, message: 'search not found', status: 'failure' });
  });

  it('GET /searches/{id}/details adds the searcher, the assignee and the blacklist fields', async () => {
    const s = await create({ search_term: 'Tariq Mansour' });
    const r = await h.call('GET', `/searches/${s.ref}/details`);
    expect(r.status).toBe(200);
    expect(r.json.content.data).toMatchObject({ searcher: { email: 'alice@bank.example', user_is_active: true }, assignee: null, blacklist_hits: [], blacklist_filters: { blacklist_ids: [] } });
  });

  it('GET /searches/{ref}/entities/{provider} pages the stored hits; a bad provider is 400', async () => {
    const s = await create({ search_term: 'Haddad' });
    expect(s.total_hits).toBeGreaterThan(2);
    const all = await h.call('GET', `/searches/${s.ref}/entities/comply`);
    expect(all.status).toBe(200);
    expect(Array.isArray(all.json.content)).toBe(true);
    const second = await h.call('GET', `/searches/${s.ref}/entities/comply?per_page=1&page=2`);
    expect(second.json.content.map((x: { doc: { id: string } }) => x.doc.id)).toEqual([all.json.content[1].doc.id]);
    expect((await h.call('GET', `/searches/${s.ref}/entities/internal`)).json.content).toEqual([]);
    const bad = await h.call('GET', `/searches/${s.ref}/entities/other`);
    expect(bad.status).toBe(400);
    expect(bad.json.errors.map((e: { code: string }) => e.code)).toEqual(['invalid_provider']);
  });

  it('GET /searches/{id}/certificate is a PDF', async () => {
    const s = await create({ search_term: 'Walid Barakat' });
    const r = await h.call('GET', `/searches/${s.id}/certificate`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    expect(r.headers.get('content-disposition')).toBe(`attachment; filename="search-${s.ref}.pdf"`);
    expect(r.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('PATCH /searches/{id} updates the case and answers the overview with tags and labels', async () => {
    const s = await create({ search_term: 'Faisal al-Hashimi', tags: { branch: 'York' } });
    const r = await h.call('PATCH', `/searches/${s.id}`, { body: { match_status: 'true_positive', risk_level: 'high', assignee_id: 2, tags: { branch: 'Leeds' } } });
    expect(r.status).toBe(200);
    expect(r.json.content.data).toMatchObject({ match_status: 'true_positive', risk_level: 'high', assignee_id: 2, tags: { branch: 'Leeds' } });
    expect(r.json.content.data.labels).toEqual([
      { type: 'tag', name: 'branch', value: 'York' },
      { type: 'tag', name: 'branch', value: 'Leeds' },
    ]);
  });

  it('PATCH /searches/{id}/entities answers the search itself (no data) with the updated hits', async () => {
    const s = await create({ search_term: 'Mahmoud Barakat', client_ref: 'CUST-2' });
    const entity = s.hits[0]!.doc.id;
    const r = await h.call('PATCH', `/searches/${s.id}/entities`, { body: { entities: [entity], match_status: 'false_positive' } });
    expect(r.status).toBe(200);
    expect(r.json.content.id).toBe(s.id);
    expect(r.json.content.hits).toEqual([expect.objectContaining({ doc: { id: entity }, match_status: 'false_positive', is_whitelisted: true })]);
  });

  it('DELETE /searches/{id} answers 204 with an empty body, then 404', async () => {
    const s = await create({ search_term: 'Khalid Darwish' });
    const r = await h.call('DELETE', `/searches/${s.id}`);
    expect(r.status).toBe(204);
    expect(r.bytes.length).toBe(0);
    expect((await h.call('DELETE', `/searches/${s.id}`)).status).toBe(404);
    expect((await h.call('GET', `/searches/${s.ref}`)).status).toBe(404);
  });
});

describe('listing', () => {
  it('GET /searches follows links.next in token mode; links.previous from page 2 on', async () => {
    for (const t of ['Dalia Haddad', 'Tariq Haddad', 'Yusuf Haddad']) await create({ search_term: t, client_ref: 'LIST-1' });
    const first = await h.call('GET', '/searches?client_ref=LIST-1&per_page=2');
    expect(first.status).toBe(200);
    expect(first.json.content.data).toHaveLength(2);
    expect(first.json.links.previous).toBeUndefined();
    expect(first.json.links.next).toMatch(/^\/searches\?client_ref=LIST-1&page=2&per_page=2&token=/);
    const second = await h.call('GET', first.json.links.next);
    expect(second.json.content.data.map((s: { search_term: string }) => s.search_term)).toEqual(['Yusuf Haddad']);
    expect(second.json.links.previous).toBeDefined();
    expect(second.json.links.next).toBeUndefined();
  });

  it('GET /searches in common mode sorts, and refuses more than 10,000 records', async () => {
    const r = await h.call('GET', '/searches?client_ref=LIST-1&sort_by=id&sort_dir=DESC&page=1&per_page=1');
    expect(r.json.content.data.map((s: { search_term: string }) => s.search_term)).toEqual(['Yusuf Haddad']);
    const over = await h.call('GET', '/searches?page=101&per_page=100');
    expect(over.status).toBe(400);
    expect(over.json.errors.map((e: { code: string }) => e.code)).toEqual(['pagination_limit']);
  });

  it.each([
    ['sort_by=name&sort_dir=up', ['invalid_sort_by', 'invalid_sort_dir']],
    ['risk_level=extreme&search_term=ab', ['invalid_risk_level', 'search_term_too_short']],
    ['per_page=many', ['invalid_per_page']],
    ['per_page=101', ['invalid_per_page']],
  ])('GET /searches?%s answers 400 with the service codes %j', async (query, expected) => {
    const r = await h.call('GET', `/searches?${query}`);
    expect(r.status).toBe(400);
    expect(r.json.errors.map((e: { code: string }) => e.code).sort()).toEqual(expected);
  });
});

describe('monitoring, comments and tags', () => {
  it('monitors, differences and acknowledge', async () => {
    const s = await create({ search_term: 'Rania Darwish' });
    const before = await h.call('GET', `/searches/${s.id}/monitors`);
    expect(before.json.content).toEqual({ search_id: s.id, ref: s.ref, is_monitored: false, monitors: [] });
    expect((await h.call('POST', `/searches/${s.id}/monitor/acknowledge`)).json).toEqual({ code: 400, message: 'search is not monitored', status: 'failure' });
    const on = await h.call('PATCH', `/searches/${s.id}/monitors`, { body: { is_monitored: true } });
    expect(on.json.content).toMatchObject({ is_monitored: true, monitors: [expect.objectContaining({ monitored_by: 1 })] });
    expect((await h.call('GET', `/searches/${s.id}/monitor/differences`)).json.content).toEqual([]);
    expect((await h.call('GET', `/searches/${s.id}/monitor/differences?date=2026-01-02`)).json.content).toEqual([]);
    const badDate = await h.call('GET', `/searches/${s.id}/monitor/differences?date=yesterday`);
    expect(badDate.json).toMatchObject({ code: 400, message: 'invalid input: date must be yyyy-mm-dd', errors: [{ code: 'invalid_date' }] });
    const ack = await h.call('POST', `/searches/${s.id}/monitor/acknowledge`);
    expect(ack.status).toBe(204);
    expect(ack.bytes.length).toBe(0);
    const off = await h.call('PATCH', `/searches/${s.id}/monitors`, { body: { is_monitored: false } });
    expect(off.json.content).toMatchObject({ is_monitored: false, monitors: [] });
  });

  it('PATCH search-profile answers the messages of the spec table, in its order', async () => {
    const s = await create({ search_term: 'Mahmoud al-Qasimi', search_profile: 'p-sanctions' });
    const patch = (id: string | number, o: { body?: unknown; raw?: string }) => h.call('PATCH', `/searches/${id}/search-profile`, o);
    const message = async (id: string | number, o: { body?: unknown; raw?: string }) => {
      const r = await patch(id, o);
      expect(r.status).toBe(400);
      return r.json.message as string;
    };
    expect(await message('no-such-ref', { body: { search_profile: { id: 'p-sanctions' } } })).toBe('search not found');
    expect(await message(s.id, { body: { search_profile: { id: 'p-sanctions' } } })).toBe('search is not monitored');
    await h.call('PATCH', `/searches/${s.id}/monitors`, { body: { is_monitored: true } });
    expect(await message(s.id, { raw: '{"search_profile": ' })).toBe('cannot decode JSON body of request');
    expect(await message(s.id, { body: { search_profile: 'p-sanctions' } })).toBe('cannot decode JSON body of request');
    expect(await message(s.id, { body: { search_profile: { id: 'nope' } } })).toBe('search_profile.id invalid in JSON body of request');
    expect(await message(s.id, { body: { search_profile: { id: 'p-sanctions' } } })).toBe(
      `current search profile id p-sanctions associated to search ${s.ref} was modified within 48 hours.`,
    );
    const plain = await create({ search_term: 'Yusuf Haddad' });
    await h.call('PATCH', `/searches/${plain.id}/monitors`, { body: { is_monitored: true } });
    const ok = await patch(plain.ref, { body: { search_profile: { id: 'p-sanctions' } } });
    expect(ok.status).toBe(200);
    expect(ok.json.content.data).toEqual({ search_profile: { id: 'p-sanctions', version: 1 }, ref: plain.ref });
  });

  it('comments: POST answers 204, GET lists them with their author', async () => {
    const s = await create({ search_term: 'Walid Barakat' });
    const entity = s.hits[0]!.doc.id;
    const a = await h.call('POST', `/searches/${s.id}/comments`, { body: { comment: 'Checked the date of birth' } });
    expect(a.status).toBe(204);
    expect(a.bytes.length).toBe(0);
    expect((await h.call('POST', `/searches/${s.id}/comments`, { key: BOB, body: { comment: 'Same person', entity_id: entity } })).status).toBe(204);
    const list = await h.call('GET', `/searches/${s.id}/comments`);
    expect(list.json.content.map((c: { message: string; user_id: number; entity_id?: string }) => [c.message, c.user_id, c.entity_id])).toEqual([
      ['Checked the date of birth', 1, undefined],
      ['Same person', 2, entity],
    ]);
    expect((await h.call('POST', `/searches/${s.id}/comments`, { body: {} })).json.errors).toEqual([{ code: 'required', message: 'comment is required', path: 'comment' }]);
  });

  it('DELETE /searches/{id}/tags/{tag_name}: 204, then 400 for a tag not on the search', async () => {
    const s = await create({ search_term: 'Tariq Mansour', tags: { branch: 'Leeds', team: 'a' } });
    const r = await h.call('DELETE', `/searches/${s.id}/tags/branch`);
    expect(r.status).toBe(204);
    expect((await h.call('GET', `/searches/${s.id}`)).json.content.data.tags).toEqual({ team: 'a' });
    expect((await h.call('DELETE', `/searches/${s.id}/tags/branch`)).status).toBe(400);
    expect((await h.call('DELETE', '/searches/999999/tags/team')).status).toBe(400);
  });
});

describe('payment references, deprecated endpoints and errors', () => {
  it('POST /searches/references screens a payment reference and stores it as a search', async () => {
    const r = await h.call('POST', '/searches/references', { body: { search_term: 'PAYMENT TO MAHMOUD BIN HAMZA NASSER', client_ref: 'PAY-1', search_profile: 'sanctions' } });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ status: 'success', code: 200, content: { data: { client_ref: 'PAY-1', fuzziness: expect.any(Number) } } });
    const hit = r.json.content.data.hits[0];
    expect(hit.match_details[0]).toMatchObject({ source_name: 'Mahmoud bin Hamza Nasser', substring: 'MAHMOUD BIN HAMZA NASSER', substring_index: [11, 35] });
    expect((await h.call('GET', `/searches/${r.json.content.data.id}`)).status).toBe(200);
  });

  it('POST /searches with details_shape keyed answers match_types_details keyed by matching name', async () => {
    const s = await h.call('POST', '/searches', { body: { search_term: 'Mahmoud Nasser', details_shape: 'keyed' } });
    const details = s.json.content.data.hits[0].match_types_details;
    expect(Array.isArray(details)).toBe(false);
    expect(Object.values(details)[0]).toMatchObject({ match_types: expect.any(Object), type: expect.any(String) });
  });

  it('POST /searches/references refuses the invalid bodies of its table', async () => {
    const codes = async (body: unknown) => {
      const r = await h.call('POST', '/searches/references', { body });
      expect(r.status).toBe(400);
      return r.json.errors.map((e: { code: string; path?: string }) => `${e.code}:${e.path ?? ''}`);
    };
    expect(await codes({ client_ref: 'c', search_profile: 'sanctions' })).toEqual(['required:search_term']);
    expect(await codes({ search_term: 'x'.repeat(256), client_ref: 'c', search_profile: 'sanctions' })).toEqual(['too_long:search_term']);
    expect(await codes({ search_term: 'PAYMENT', search_profile: 'sanctions' })).toEqual(['required:client_ref']);
    expect(await codes({ search_term: 'PAYMENT', client_ref: 'c' })).toEqual(['required:search_profile']);
  });

  it.each([
    ['GET', '/entity/ofac-1', undefined],
    ['POST', '/entity/search', { names: ['Smith'] }],
    ['PATCH', '/searches/1/entity/ofac-1', { match_status: 'no_match' }],
  ])('%s %s answers 410 (deprecated)', async (method, path, body) => {
    const r = await h.call(method, path, body === undefined ? {} : { body });
    expect(r.status).toBe(410);
    expect(r.json).toMatchObject({ code: 410, status: 'failure' });
  });

  it('an unknown path answers 404 with the envelope', async () => {
    const r = await h.call('GET', '/nope');
    expect(r.status).toBe(404);
    expect(r.json).toEqual({ code: 404, message: 'not found: GET /nope', status: 'failure' });
  });

  it.each([
    ['a body over the limit', { raw: JSON.stringify({ search_term: 'x', pad: 'y'.repeat(1_100_000) }) }, 413],
    ['a body that is not JSON by its type', { raw: 'search_term=Smith', headers: { 'content-type': 'application/x-www-form-urlencoded' } }, 415],
  ])('%s answers %i with the envelope', async (_what, o, status) => {
    const r = await h.call('POST', '/searches', o);
    expect(r.status).toBe(status);
    expect(r.json).toMatchObject({ code: status, status: 'failure' });
  });

  it('a body that is not JSON answers 400 with the envelope', async () => {
    const r = await h.call('POST', '/searches', { raw: '{"search_term": "Smith"' });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ code: 400, status: 'failure', errors: [{ code: 'invalid_json' }] });
  });
});
