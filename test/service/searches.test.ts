import { describe, expect, it } from 'vitest';
import { ALICE, content, person, setup, STORES } from './helpers.js';
import { pdfText } from './pdf-text.js';

describe.each(STORES)('search operations (%s store)', (_name, makeStore) => {
  describe('authentication and users', () => {
    it('answers 401 for an unknown, empty or revoked key and for an inactive user', async () => {
      const t = await setup(makeStore);
      for (const key of ['nope-nope-nope', '']) {
        const r = await t.service.forApiKey(key).listUsers();
        expect(r).toMatchObject({ code: 401, status: 'failure' });
      }
      await t.service.revokeApiKey(ALICE);
      expect(await t.alice.listUsers()).toMatchObject({ code: 401, status: 'failure' });
      await t.service.createUser({ id: 2, email: 'bob@example.com', name: 'Bob', is_active: false });
      expect(await t.bob.listUsers()).toMatchObject({ code: 401 });
    });

    it('GET /users lists the users with id, email, name, phone, created_at, updated_at', async () => {
      const t = await setup(makeStore);
      const r = await t.alice.listUsers();
      expect(r.status).toBe('success');
      expect(content(r).data).toEqual([
        { id: 1, email: 'alice@example.com', name: 'Alice', phone: '+44 1', created_at: '2026-03-02 09:00:00', updated_at: '2026-03-02 09:00:00' },
        { id: 2, email: 'bob@example.com', name: 'Bob', phone: null, created_at: '2026-03-02 09:00:00', updated_at: '2026-03-02 09:00:00' },
      ]);
    });

    it('deprecated endpoints answer 410', async () => {
      const t = await setup(makeStore);
      for (const r of [
        await t.alice.getEntity('e1'),
        await t.alice.searchEntities({ names: ['John'] }),
        await t.alice.updateSearchEntity(1, 'e1', { match_status: 'no_match' }),
      ]) {
        expect(r).toMatchObject({ code: 410, status: 'failure' });
        expect((r as { message: string }).message).toMatch(/deprecated/);
      }
    });
  });

  describe('POST /searches', () => {
    it('creates a stored case with hits, searcher, timestamps, default limit/offset and no tags as []', async () => {
      const t = await setup(makeStore);
      const r = await t.alice.createSearch({ search_term: 'smith', client_ref: 'CUST-1' });
      expect(r).toMatchObject({ status: 'success', code: 200 });
      const s = content(r).data;
      expect(s).toMatchObject({
        id: 1,
        ref: 'ref-1',
        searcher_id: 1,
        assignee_id: null,
        match_status: 'potential_match',
        risk_level: 'unknown',
        search_term: 'smith',
        submitted_term: 'smith',
        client_ref: 'CUST-1',
        total_hits: 3,
        total_matches: 3,
        total_blacklist_hits: 1,
        created_at: '2026-03-05 09:00:00',
        updated_at: '2026-03-05 09:00:00',
        tags: [],
        labels: [],
        limit: 100,
        offset: 0,
        filters: { exact_match: false, fuzziness: 0.5 },
        blacklist_filters: { blacklist_ids: [] },
      });
      expect(s.hits.map((h) => h.doc.id)).toEqual(['e1', 'e2', 'e3']);
      expect(s.hits.every((h) => h.is_whitelisted === false && h.match_status === 'potential_match')).toBe(true);
      expect(s.blacklist_hits?.map((h) => h.doc.id)).toEqual(['b1']);
      expect(s.share_url).toBeUndefined();
      expect(s).not.toHaveProperty('search_profile');
    });

    it('a search with no hits is no_match', async () => {
      const t = await setup(makeStore);
      const s = content(await t.alice.createSearch({ search_term: 'Nobody Atall' })).data;
      expect(s).toMatchObject({ match_status: 'no_match', total_hits: 0, hits: [] });
    });

    it('accepts a structured search_term', async () => {
      const t = await setup(makeStore);
      const s = content(await t.alice.createSearch({ search_term: { first_name: 'John', last_name: 'Smith' } })).data;
      expect(s.search_term).toBe('John Smith');
      expect(s.hits.map((h) => h.doc.id)).toEqual(['e1']);
    });

    it('share_url=1 adds a public URL; tags are stored with labels', async () => {
      const t = await setup(makeStore);
      const s = content(await t.alice.createSearch({ search_term: 'smith', share_url: 1, tags: { team: 'kyc', region: 'eu' } })).data;
      expect(s.share_url).toBe('https://share.example.com/s/share-1');
      expect(s.tags).toEqual({ team: 'kyc', region: 'eu' });
      expect(s.labels).toEqual([
        { type: 'tag', name: 'team', value: 'kyc' },
        { type: 'tag', name: 'region', value: 'eu' },
      ]);
    });

    it('limit and offset select the hits returned; every pulled hit stays readable', async () => {
      const t = await setup(makeStore);
      const s = content(await t.alice.createSearch({ search_term: 'smith', limit: 1, offset: 1 })).data;
      expect(s.hits.map((h) => h.doc.id)).toEqual(['e2']);
      expect(s).toMatchObject({ limit: 1, offset: 1 });
      const all = content(await t.alice.getSearchEntities(s.ref, 'comply'));
      expect(all.map((h) => h.doc.id)).toEqual(['e1', 'e2', 'e3']);
    });

    it('search_profile sets filters.types from the profile and is echoed as name/slug', async () => {
      const t = await setup(makeStore);
      const s = content(await t.alice.createSearch({ search_term: 'smith', search_profile: 'prof-pep' })).data;
      expect(s.search_profile).toEqual({ name: 'PEP', slug: 'pep' });
      expect(s.filters.types).toEqual(['pep']);
      expect(s.hits.map((h) => h.doc.id)).toEqual(['e2']);
    });

    const invalid: [string, unknown, string][] = [
      ['not an object', 'smith', 'invalid_body'],
      ['missing search_term', {}, 'required'],
      ['empty search_term', { search_term: '  ' }, 'required'],
      ['search_term over 255', { search_term: 'a'.repeat(256) }, 'too_long'],
      ['structured term without last_name', { search_term: { first_name: 'John' } }, 'required'],
      ['structured term with unknown part', { search_term: { last_name: 'Smith', title: 'Dr' } }, 'unknown_field'],
      ['client_ref over 255', { search_term: 'smith', client_ref: 'x'.repeat(256) }, 'too_long'],
      ['client_ref not a string', { search_term: 'smith', client_ref: 12 }, 'invalid_type'],
      ['fuzziness over 1', { search_term: 'smith', fuzziness: 1.5 }, 'invalid_fuzziness'],
      ['fuzziness below 0', { search_term: 'smith', fuzziness: -0.1 }, 'invalid_fuzziness'],
      ['limit over 100', { search_term: 'smith', limit: 101 }, 'invalid_limit'],
      ['limit 0', { search_term: 'smith', limit: 0 }, 'invalid_limit'],
      ['negative offset', { search_term: 'smith', offset: -1 }, 'invalid_offset'],
      ['share_url 2', { search_term: 'smith', share_url: 2 }, 'invalid_share_url'],
      ['exact_match not boolean', { search_term: 'smith', exact_match: 'yes' }, 'invalid_type'],
      ['filters not an object', { search_term: 'smith', filters: [] }, 'invalid_type'],
      ['search_profile with filters.types', { search_term: 'smith', search_profile: 'prof-pep', filters: { types: ['pep'] } }, 'exclusive'],
      ['unknown search_profile', { search_term: 'smith', search_profile: 'nope' }, 'unknown_search_profile'],
      ['undefined tag name', { search_term: 'smith', tags: { colour: 'red' } }, 'unknown_tag'],
      ['tag value not a string', { search_term: 'smith', tags: { team: { a: 1 } } }, 'invalid_tag_value'],
      ['tags not an object', { search_term: 'smith', tags: ['team'] }, 'invalid_tags'],
    ];
    for (const [label, body, code] of invalid) {
      it(`400 and nothing stored: ${label}`, async () => {
        const t = await setup(makeStore);
        const r = await t.alice.createSearch(body);
        expect(r).toMatchObject({ code: 400, status: 'failure' });
        expect((r as { errors: { code: string }[] }).errors.map((e) => e.code)).toContain(code);
        expect(content(await t.alice.listSearches()).data).toEqual([]);
      });
    }

    it('passes the screener failure through and stores nothing', async () => {
      const t = await setup(makeStore);
      const r = await t.alice.createSearch({ search_term: 'boom' });
      expect(r).toEqual({ code: 400, message: 'screener refused the term', status: 'failure' });
      expect(content(await t.alice.listSearches()).data).toEqual([]);
    });

    it('pulls the first 100 results by default, up to 500 when the cap is raised, in pages of 100', async () => {
      const many = Array.from({ length: 620 }, (_, i) => person(`m${i}`, `Many Person ${i}`));
      const t = await setup(makeStore, many);
      const s = content(await t.alice.createSearch({ search_term: 'many' })).data;
      expect(s.total_hits).toBe(620);
      expect(s.hits.length).toBe(100);
      expect(content(await t.alice.getSearchEntities(s.id, 'comply', { page: 2, per_page: 100 }))).toEqual([]);

      const t5 = await setup(makeStore, many, { resultsCap: 500 });
      const s5 = content(await t5.alice.createSearch({ search_term: 'many' })).data;
      expect(s5.hits.length).toBe(100);
      expect(t5.screener.calls.map((c) => [c.limit, c.offset])).toEqual([
        [100, 0],
        [100, 100],
        [100, 200],
        [100, 300],
        [100, 400],
      ]);
      const p5 = content(await t5.alice.getSearchEntities(s5.id, 'comply', { page: 5, per_page: 100 }));
      expect(p5.length).toBe(100);
      expect(p5[99]?.doc.id).toBe('m499');
      expect(content(await t5.alice.getSearchEntities(s5.id, 'comply', { page: 6, per_page: 100 }))).toEqual([]);
    });

    it('rejects a results cap outside 1..500', async () => {
      await expect(setup(makeStore, [], { resultsCap: 501 })).rejects.toThrow(/resultsCap/);
    });
  });

  describe('GET /searches/{id}, details, entities', () => {
    it('reads by numeric id, numeric string and ref; 404 when missing', async () => {
      const t = await setup(makeStore);
      const s = content(await t.alice.createSearch({ search_term: 'smith' })).data;
      for (const id of [s.id, String(s.id), s.ref]) {
        const g = content(await t.alice.getSearch(id)).data;
        expect(g.id).toBe(s.id);
        expect(g.hits.map((h) => h.doc.id)).toEqual(['e1', 'e2', 'e3']);
        expect(g).not.toHaveProperty('searcher');
      }
      expect(await t.alice.getSearch(99)).toEqual({ code: 404, message: 'search not found', status: 'failure' });
      expect(await t.alice.getSearch('no-such-ref')).toMatchObject({ code: 404 });
      expect(await t.alice.getSearch(0)).toMatchObject({ code: 400 });
    });

    it('share_url query adds the URL; invalid values are 400', async () => {
      const t = await setup(makeStore);
      const s = content(await t.alice.createSearch({ search_term: 'smith' })).data;
      expect(content(await t.alice.getSearch(s.id, { share_url: '1' })).data.share_url).toBe('https://share.example.com/s/share-1');
      expect(content(await t.alice.getSearch(s.id, { share_url: '0' })).data.share_url).toBeUndefined();
      expect(await t.alice.getSearch(s.id, { share_url: 'yes' })).toMatchObject({ code: 400 });
      expect(content(await t.alice.getSearchDetails(s.id, { share_url: 1 })).data.share_url).toBeDefined();
    });

    it('details carry searcher, assignee, labels and blacklist fields', async () => {
      const t = await setup(makeStore);
      const s = content(await t.alice.createSearch({ search_term: 'smith', tags: { team: 'a' } })).data;
      await t.alice.updateSearch(s.id, { assignee_id: 2 });
      const d = content(await t.bob.getSearchDetails(s.ref)).data;
      expect(d.searcher).toEqual({ id: 1, email: 'alice@example.com', name: 'Alice', phone: '+44 1', created_at: '2026-03-02 09:00:00', updated_at: '2026-03-02 09:00:00', user_is_active: true });
      expect(d.assignee?.id).toBe(2);
      expect(d.labels).toEqual([{ type: 'tag', name: 'team', value: 'a' }]);
      expect(d.blacklist_hits?.map((h) => h.doc.id)).toEqual(['b1']);
      expect(d.total_blacklist_hits).toBe(1);
      expect(d.blacklist_filters).toEqual({ blacklist_ids: [] });
      expect(await t.alice.getSearchDetails(42)).toMatchObject({ code: 404 });
    });

    it('entities by provider with paging; errors', async () => {
      const t = await setup(makeStore);
      const s = content(await t.alice.createSearch({ search_term: 'smith' })).data;
      expect(content(await t.alice.getSearchEntities(s.ref, 'comply', { per_page: 2 })).map((h) => h.doc.id)).toEqual(['e1', 'e2']);
      expect(content(await t.alice.getSearchEntities(s.ref, 'comply', { per_page: '2', page: '2' })).map((h) => h.doc.id)).toEqual(['e3']);
      expect(content(await t.alice.getSearchEntities(s.ref, 'internal')).map((h) => h.doc.id)).toEqual(['b1']);
      const h = content(await t.alice.getSearchEntities(s.ref, 'comply'))[0];
      expect(Object.keys(h ?? {})).toEqual(expect.arrayContaining(['doc', 'match_types', 'score', 'match_status', 'is_whitelisted']));
      expect(await t.alice.getSearchEntities(s.ref, 'other')).toMatchObject({ code: 400 });
      expect(await t.alice.getSearchEntities(s.ref, 'comply', { per_page: 101 })).toMatchObject({ code: 400 });
      expect(await t.alice.getSearchEntities(s.ref, 'comply', { page: 0 })).toMatchObject({ code: 400 });
      expect(await t.alice.getSearchEntities('missing', 'comply')).toMatchObject({ code: 404 });
    });
  });

  describe('DELETE /searches/{id}', () => {
    it('204, then 404; 400 for an invalid id; hits and comments go with it', async () => {
      const t = await setup(makeStore);
      const s = content(await t.alice.createSearch({ search_term: 'smith' })).data;
      await t.alice.addComment(s.id, { comment: 'looked at it' });
      expect(await t.alice.deleteSearch(s.id)).toEqual({ status: 'empty', code: 204 });
      expect(await t.alice.getSearch(s.id)).toMatchObject({ code: 404 });
      expect(await t.alice.deleteSearch(s.id)).toMatchObject({ code: 404, status: 'failure' });
      expect(await t.alice.deleteSearch('')).toMatchObject({ code: 400, status: 'failure' });
      expect(await t.alice.deleteSearch(-3)).toMatchObject({ code: 400 });
      expect(await t.alice.deleteSearch(1.5)).toMatchObject({ code: 400 });
      expect(await t.store.getComments(s.id)).toEqual([]);
      expect(await t.store.countHits(s.id, 'comply')).toBe(0);
      // ids are not reused
      expect(content(await t.alice.createSearch({ search_term: 'smith' })).data.id).toBe(2);
    });
  });

  describe('PATCH /searches/{id}', () => {
    it('updates match_status, risk_level, assignee_id, limit and tags; labels keep every value', async () => {
      const t = await setup(makeStore);
      const s = content(await t.alice.createSearch({ search_term: 'smith', tags: { team: 'a' } })).data;
      t.clock.advance(60_000);
      const u = content(
        await t.alice.updateSearch(s.id, { match_status: 'true_positive_approve', risk_level: 'high', assignee_id: 2, limit: 2, tags: { team: 'b', region: 'eu' } }),
      ).data;
      expect(u).toMatchObject({ match_status: 'true_positive_approve', risk_level: 'high', assignee_id: 2, limit: 2, tags: { team: 'b', region: 'eu' }, updated_at: '2026-03-05 09:01:00', created_at: '2026-03-05 09:00:00' });
      expect(u.labels).toEqual([
        { type: 'tag', name: 'team', value: 'a' },
        { type: 'tag', name: 'team', value: 'b' },
        { type: 'tag', name: 'region', value: 'eu' },
      ]);
      expect(u.hits.length).toBe(2);
      await t.alice.updateSearch(s.id, { tags: { team: 'b' } });
      expect(content(await t.alice.getSearch(s.id)).data.labels.length).toBe(3);
      await t.alice.updateSearch(s.id, { assignee_id: null });
      expect(content(await t.alice.getSearch(s.id)).data.assignee_id).toBeNull();
    });

    const bad: [string, unknown][] = [
      ['empty body', {}],
      ['not an object', 7],
      ['unknown match_status', { match_status: 'maybe' }],
      ['unknown risk_level', { risk_level: 'extreme' }],
      ['unknown assignee', { assignee_id: 99 }],
      ['assignee not an integer', { assignee_id: 'bob' }],
      ['limit over 100', { limit: 101 }],
      ['undefined tag', { tags: { colour: 'red' } }],
    ];
    for (const [label, body] of bad) {
      it(`400 and unchanged: ${label}`, async () => {
        const t = await setup(makeStore);
        const s = content(await t.alice.createSearch({ search_term: 'smith' })).data;
        expect(await t.alice.updateSearch(s.id, body)).toMatchObject({ code: 400, status: 'failure' });
        expect(await t.service.listWebhooks()).toEqual([]);
        expect((await t.store.getSearch(s.id))?.version).toBe(1);
      });
    }

    it('404 for a missing search', async () => {
      const t = await setup(makeStore);
      expect(await t.alice.updateSearch(5, { risk_level: 'low' })).toMatchObject({ code: 404 });
    });
  });

  describe('PATCH /searches/{id}/entities', () => {
    it('sets per-entity status and risk level; content is the search with only the updated hits', async () => {
      const t = await setup(makeStore);
      const s = content(await t.alice.createSearch({ search_term: 'smith' })).data;
      const r = content(await t.alice.updateSearchEntities(s.id, { entities: ['e1', 'b1'], match_status: 'true_positive', risk_level: 'high' }));
      expect(r.id).toBe(s.id);
      expect(r.hits).toEqual([
        { doc: { id: 'e1' }, match_status: 'true_positive', is_whitelisted: false, risk_level: 'high', match_types: ['name_exact'], score: 100 },
        { doc: { id: 'b1' }, match_status: 'true_positive', is_whitelisted: false, risk_level: 'high', match_types: ['name_exact'], score: 100 },
      ]);
      const g = content(await t.alice.getSearch(s.id)).data;
      expect(g.hits.map((h) => [h.doc.id, h.match_status, h.risk_level])).toEqual([
        ['e1', 'true_positive', 'high'],
        ['e2', 'potential_match', 'unknown'],
        ['e3', 'potential_match', 'unknown'],
      ]);
    });

    it('accepts each of the five entity statuses and refuses approve/reject', async () => {
      const t = await setup(makeStore);
      const s = content(await t.alice.createSearch({ search_term: 'smith' })).data;
      for (const st of ['no_match', 'false_positive', 'potential_match', 'true_positive', 'unknown']) {
        expect((await t.alice.updateSearchEntities(s.id, { entities: ['e2'], match_status: st })).status).toBe('success');
      }
      for (const st of ['true_positive_approve', 'true_positive_reject', 'bogus']) {
        expect(await t.alice.updateSearchEntities(s.id, { entities: ['e2'], match_status: st })).toMatchObject({ code: 400 });
      }
    });

    const bad: [string, unknown][] = [
      ['no entities', { match_status: 'no_match' }],
      ['empty entities', { entities: [], match_status: 'no_match' }],
      ['nothing to change', { entities: ['e1'] }],
      ['unknown entity', { entities: ['e1', 'zz'], match_status: 'no_match' }],
      ['bad risk', { entities: ['e1'], risk_level: 'x' }],
      ['is_whitelisted not boolean', { entities: ['e1'], is_whitelisted: 'yes' }],
      ['whitelist with a true_positive status', { entities: ['e1'], is_whitelisted: true, match_status: 'true_positive' }],
      ['whitelist on a search without client_ref', { entities: ['e1'], is_whitelisted: true }],
    ];
    for (const [label, body] of bad) {
      it(`400 and nothing changed: ${label}`, async () => {
        const t = await setup(makeStore);
        const s = content(await t.alice.createSearch({ search_term: 'smith' })).data;
        expect(await t.alice.updateSearchEntities(s.id, body)).toMatchObject({ code: 400, status: 'failure' });
        expect((await t.store.getHits(s.id, 'comply')).map((h) => h.hit.match_status)).toEqual(['potential_match', 'potential_match', 'potential_match']);
        expect(await t.service.listWebhooks()).toEqual([]);
      });
    }
  });

  describe('comments and tags', () => {
    it('adds search and entity comments (204) attributed to the key owner and stamped with the call time', async () => {
      const t = await setup(makeStore);
      const s = content(await t.alice.createSearch({ search_term: 'smith' })).data;
      expect(await t.alice.addComment(s.id, { comment: 'first look' })).toEqual({ status: 'empty', code: 204 });
      t.clock.advance(1000);
      expect(await t.bob.addComment(s.ref, { comment: 'not him', entity_id: 'e1' })).toEqual({ status: 'empty', code: 204 });
      expect(content(await t.alice.listComments(s.id))).toEqual([
        { id: 'comment-1', created_at: '2026-03-05 09:00:00', message: 'first look', user_id: 1 },
        { id: 'comment-2', created_at: '2026-03-05 09:00:01', message: 'not him', user_id: 2, entity_id: 'e1' },
      ]);
    });

    it('comment errors', async () => {
      const t = await setup(makeStore);
      const s = content(await t.alice.createSearch({ search_term: 'smith' })).data;
      expect(await t.alice.addComment(s.id, {})).toMatchObject({ code: 400 });
      expect(await t.alice.addComment(s.id, { comment: '' })).toMatchObject({ code: 400 });
      expect(await t.alice.addComment(s.id, { comment: 'x', entity_id: 'zz' })).toMatchObject({ code: 400 });
      expect(await t.alice.addComment(77, { comment: 'x' })).toMatchObject({ code: 404 });
      expect(await t.alice.listComments(77)).toMatchObject({ code: 404 });
      expect(content(await t.alice.listComments(s.id))).toEqual([]);
    });

    it('DELETE tag detaches the tag and all its values (204); 400 for a missing search or tag', async () => {
      const t = await setup(makeStore);
      const s = content(await t.alice.createSearch({ search_term: 'smith', tags: { team: 'a', region: 'eu' } })).data;
      await t.alice.updateSearch(s.id, { tags: { team: 'b' } });
      expect(await t.alice.deleteSearchTag(s.id, 'team')).toEqual({ status: 'empty', code: 204 });
      const g = content(await t.alice.getSearch(s.id)).data;
      expect(g.tags).toEqual({ region: 'eu' });
      expect(g.labels).toEqual([{ type: 'tag', name: 'region', value: 'eu' }]);
      expect(await t.alice.deleteSearchTag(s.id, 'team')).toMatchObject({ code: 400, status: 'failure' });
      expect(await t.alice.deleteSearchTag(99, 'region')).toMatchObject({ code: 400 });
      expect(await t.alice.deleteSearchTag(s.ref, 'region')).toMatchObject({ code: 400 });
      await t.alice.deleteSearchTag(s.id, 'region');
      expect(content(await t.alice.getSearch(s.id)).data.tags).toEqual([]);
    });
  });

  describe('certificate', () => {
    it('is a PDF naming the search term, the searcher and the hits with their statuses', async () => {
      const t = await setup(makeStore);
      const s = content(await t.alice.createSearch({ search_term: 'smith', client_ref: 'CUST-9' })).data;
      await t.alice.updateSearchEntities(s.id, { entities: ['e1'], match_status: 'false_positive' });
      const c = content(await t.alice.getCertificate(s.id, { compress: false }));
      expect(c.content_type).toBe('application/pdf');
      const pdf = c.data.toString('latin1');
      expect(pdf.startsWith('%PDF-')).toBe(true);
      expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
      expect(pdf).toContain('(smith)'); // document info Keywords
      const text = pdfText(pdf);
      for (const needle of ['smith', 'Alice', 'alice@example.com', 'CUST-9', 'John Smith', 'false_positive', 'Smith Blacklisted', '2026-03-05 09:00:00', '"fuzziness":0.5']) {
        expect(text).toContain(needle);
      }
      expect(await t.alice.getCertificate(99)).toMatchObject({ code: 404 });
      const compressed = content(await t.alice.getCertificate(s.id));
      expect(compressed.data.subarray(0, 5).toString()).toBe('%PDF-');
    });
  });
});
