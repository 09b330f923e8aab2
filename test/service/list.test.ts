import { describe, expect, it } from 'vitest';
import type { SearchApi, Success } from '../../src/service/index.js';
import { content, setup, STORES } from './helpers.js';

type Listing = Success<{ data: { id: number }[] }>;

describe.each(STORES)('GET /searches (%s store)', (_name, makeStore) => {
  /** Six searches over three days with various states. */
  async function seeded() {
    const t = await setup(makeStore);
    const day = 24 * 3_600_000;
    const mk = async (api: SearchApi, body: Record<string, unknown>) => content(await api.createSearch(body)).data.id;
    const s1 = await mk(t.alice, { search_term: 'John Smith', client_ref: 'C1', tags: { team: 'a', region: 'eu' } });
    const s2 = await mk(t.bob, { search_term: 'Jane  Smith!', client_ref: 'C2', tags: { team: 'b' } });
    t.clock.advance(day);
    const s3 = await mk(t.alice, { search_term: 'Smith Holdings', client_ref: 'C1', tags: { region: 'eu' } });
    const s4 = await mk(t.bob, { search_term: 'Vladimir Ivanov', tags: { team: 'a', region: 'us' } });
    t.clock.advance(day);
    const s5 = await mk(t.alice, { search_term: 'Nobody Atall' });
    const s6 = await mk(t.alice, { search_term: "O'Brien, Pat" });
    const minute = () => t.clock.advance(60_000);
    minute();
    await t.alice.updateSearch(s1, { assignee_id: 2, risk_level: 'high', match_status: 'true_positive' });
    minute();
    await t.alice.updateSearch(s3, { assignee_id: 1, risk_level: 'medium' });
    minute();
    await t.alice.updateSearch(s4, { assignee_id: 2, risk_level: 'low', match_status: 'false_positive' });
    minute();
    await t.alice.updateMonitors(s2, { is_monitored: true });
    minute();
    await t.alice.updateMonitors(s3, { is_monitored: true });
    await t.service.setMonitorSuspended(s3, true);
    return { ...t, ids: [s1, s2, s3, s4, s5, s6] };
  }
  const ids = (r: unknown) => (r as Listing).content.data.map((s) => s.id);

  it('returns reduced search objects (no hits) in stored order', async () => {
    const t = await seeded();
    const r = await t.alice.listSearches({ per_page: 100 });
    expect(r.status).toBe('success');
    const first = (r as Listing).content.data[0] as Record<string, unknown>;
    expect(first).not.toHaveProperty('hits');
    expect(first).toMatchObject({ id: 1, ref: 'ref-1', search_term: 'John Smith', tags: { team: 'a', region: 'eu' } });
    expect(ids(r)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  const filters: [string, Record<string, unknown>, number[]][] = [
    ['assignee_id', { assignee_id: 2 }, [1, 4]],
    ['assignee_id as string', { assignee_id: '1' }, [3]],
    ['searcher_id', { searcher_id: 2 }, [2, 4]],
    ['risk_level list', { risk_level: 'high,low' }, [1, 4]],
    ['risk_level unknown', { risk_level: 'unknown' }, [2, 5, 6]],
    ['match_status list', { match_status: 'no_match,false_positive' }, [2, 4, 5, 6]],
    ['match_status array', { match_status: ['true_positive'] }, [1]],
    ['submitted_term with punctuation', { submitted_term: "o'brien," }, [6]],
    ['submitted_term double space and bang', { submitted_term: 'jane  smith!' }, [2]],
    ['search_term (3+ chars)', { search_term: 'smi' }, [1, 2, 3]],
    ['created_at_from', { created_at_from: '2026-03-06' }, [3, 4, 5, 6]],
    ['created_at_to', { created_at_to: '2026-03-05' }, [1, 2]],
    ['created_at range', { created_at_from: '2026-03-06', created_at_to: '2026-03-06' }, [3, 4]],
    ['tags OR (default)', { tags: 'team:b,region:us' }, [2, 4]],
    ['tags OR explicit', { tags: 'team:b,region:us', tags_logical_operator: 'OR' }, [2, 4]],
    ['tags AND', { tags: 'team:a,region:eu', tags_logical_operator: 'AND' }, [1]],
    ['client_ref', { client_ref: 'C1' }, [1, 3]],
    ['monitored=false', { monitored: 'false' }, [1, 4, 5, 6]],
    ['monitored=suspended', { monitored: 'suspended' }, [3]],
    ['monitored=un-suspended', { monitored: 'un-suspended' }, [2]],
    ['filters combine with AND', { searcher_id: 1, client_ref: 'C1', risk_level: 'medium' }, [3]],
    ['sort_by created_at DESC', { sort_by: 'created_at', sort_dir: 'DESC' }, [6, 5, 4, 3, 2, 1]],
    ['sort_by assignee_id ASC', { sort_by: 'assignee_id', sort_dir: 'ASC' }, [2, 5, 6, 3, 1, 4]],
    ['sort_by searcher_id DESC', { sort_by: 'searcher_id', sort_dir: 'desc' }, [4, 2, 6, 5, 3, 1]],
    ['sort_by updated_at', { sort_by: 'updated_at' }, [5, 6, 1, 4, 2, 3]],
    ['sort_by id DESC', { sort_by: 'id', sort_dir: 'DESC' }, [6, 5, 4, 3, 2, 1]],
  ];
  for (const [label, q, expected] of filters) {
    it(`filter: ${label}`, async () => {
      const t = await seeded();
      expect(ids(await t.alice.listSearches({ per_page: 100, ...q }))).toEqual(expected);
    });
  }

  const invalid: [string, Record<string, unknown>, string][] = [
    ['search_term under 3 characters', { search_term: 'sm' }, 'search_term_too_short'],
    ['risk_level unknown value', { risk_level: 'high,extreme' }, 'invalid_risk_level'],
    ['match_status unknown value', { match_status: 'maybe' }, 'invalid_match_status'],
    ['assignee_id not an id', { assignee_id: 'bob' }, 'invalid_assignee_id'],
    ['searcher_id zero', { searcher_id: 0 }, 'invalid_searcher_id'],
    ['created_at_from not a date', { created_at_from: '2026-02-30' }, 'invalid_date'],
    ['created_at_to wrong format', { created_at_to: '05/03/2026' }, 'invalid_date'],
    ['tags without value', { tags: 'team' }, 'invalid_tags'],
    ['tags_logical_operator XOR', { tags: 'team:a', tags_logical_operator: 'XOR' }, 'invalid_tags_logical_operator'],
    ['monitored yes', { monitored: 'yes' }, 'invalid_monitored'],
    ['sort_by name', { sort_by: 'name' }, 'invalid_sort_by'],
    ['sort_dir UP', { sort_dir: 'UP' }, 'invalid_sort_dir'],
    ['per_page over 100', { per_page: 101 }, 'invalid_per_page'],
    ['per_page 0', { per_page: 0 }, 'invalid_per_page'],
    ['page 0', { page: 0 }, 'invalid_page'],
    ['garbage token', { token: 'not-a-token' }, 'invalid_token'],
  ];
  for (const [label, q, code] of invalid) {
    it(`400: ${label}`, async () => {
      const t = await seeded();
      const r = await t.alice.listSearches(q);
      expect(r).toMatchObject({ code: 400, status: 'failure' });
      expect((r as { errors: { code: string }[] }).errors.map((e) => e.code)).toContain(code);
    });
  }

  describe('token pagination', () => {
    it('follows links.next to the end; previous appears from page 2 on and walks back', async () => {
      const t = await seeded();
      const p1 = (await t.alice.listSearches({ per_page: 2 })) as Listing;
      expect(ids(p1)).toEqual([1, 2]);
      expect(p1.links?.previous).toBeUndefined();
      expect(p1.links?.next).toMatch(/^\/searches\?page=2&per_page=2&token=[\w-]+$/);
      const follow = (link: string) => Object.fromEntries(new URL(link, 'https://x').searchParams);
      const p2 = (await t.alice.listSearches(follow(p1.links!.next!))) as Listing;
      expect(ids(p2)).toEqual([3, 4]);
      expect(p2.links?.previous).toMatch(/page=1&per_page=2&token=/);
      const p3 = (await t.alice.listSearches(follow(p2.links!.next!))) as Listing;
      expect(ids(p3)).toEqual([5, 6]);
      expect(p3.links?.next).toBeUndefined();
      expect(p3.links?.previous).toBeDefined();
      const back2 = (await t.alice.listSearches(follow(p3.links!.previous!))) as Listing;
      expect(ids(back2)).toEqual([3, 4]);
      expect(back2.links?.next).toBeDefined();
      const back1 = (await t.alice.listSearches(follow(back2.links!.previous!))) as Listing;
      expect(ids(back1)).toEqual([1, 2]);
      expect(back1.links?.previous).toBeUndefined();
    });

    it('keeps the filters in the links and refuses a token used with other filters', async () => {
      const t = await seeded();
      const p1 = (await t.alice.listSearches({ per_page: 1, client_ref: 'C1' })) as Listing;
      expect(ids(p1)).toEqual([1]);
      expect(p1.links?.next).toMatch(/^\/searches\?client_ref=C1&page=2&per_page=1&token=/);
      const q = Object.fromEntries(new URL(p1.links!.next!, 'https://x').searchParams);
      expect(ids(await t.alice.listSearches(q))).toEqual([3]);
      expect(await t.alice.listSearches({ ...q, client_ref: 'C2' })).toMatchObject({ code: 400 });
    });

    it('sort_by cannot be used with a token', async () => {
      const t = await seeded();
      const p1 = (await t.alice.listSearches({ per_page: 2 })) as Listing;
      const q = Object.fromEntries(new URL(p1.links!.next!, 'https://x').searchParams);
      const r = await t.alice.listSearches({ ...q, sort_by: 'id' });
      expect(r).toMatchObject({ code: 400 });
      expect((r as { errors: { code: string }[] }).errors.map((e) => e.code)).toContain('sort_with_token');
    });

    it('records created after page 1 appear at the end, not twice (stored order)', async () => {
      const t = await seeded();
      const p1 = (await t.alice.listSearches({ per_page: 3 })) as Listing;
      await t.alice.createSearch({ search_term: 'Late Comer' });
      await t.alice.deleteSearch(4);
      const q = Object.fromEntries(new URL(p1.links!.next!, 'https://x').searchParams);
      expect(ids(await t.alice.listSearches(q))).toEqual([5, 6, 7]);
    });
  });

  describe('page / per_page pagination', () => {
    it('pages with sort_by, links without token', async () => {
      const t = await seeded();
      const p2 = (await t.alice.listSearches({ page: 2, per_page: 2, sort_by: 'id', sort_dir: 'DESC' })) as Listing;
      expect(ids(p2)).toEqual([4, 3]);
      expect(p2.links).toEqual({
        next: '/searches?sort_by=id&sort_dir=DESC&page=3&per_page=2',
        previous: '/searches?sort_by=id&sort_dir=DESC&page=1&per_page=2',
      });
      const p3 = (await t.alice.listSearches({ page: '3', per_page: '2', sort_by: 'id', sort_dir: 'DESC' })) as Listing;
      expect(ids(p3)).toEqual([2, 1]);
      expect(p3.links?.next).toBeUndefined();
      const p1 = (await t.alice.listSearches({ page: 1, per_page: 4 })) as Listing;
      expect(ids(p1)).toEqual([1, 2, 3, 4]);
      expect(p1.links).toEqual({ next: '/searches?page=2&per_page=4' });
    });

    it('default per_page is 10', async () => {
      const t = await seeded();
      for (let i = 0; i < 6; i++) await t.alice.createSearch({ search_term: `extra ${i}` });
      const r = (await t.alice.listSearches({ page: 1 })) as Listing;
      expect(ids(r).length).toBe(10);
      expect(r.links?.next).toBe('/searches?page=2&per_page=10');
    });

    it('is limited to 10,000 records: page 101 with per_page 100 is an error, page 100 is not', async () => {
      const t = await seeded();
      const r = await t.alice.listSearches({ page: 101, per_page: 100 });
      expect(r).toMatchObject({ code: 400, status: 'failure' });
      expect((r as { message: string }).message).toMatch(/10000 records/);
      expect((r as { errors: { code: string }[] }).errors[0]?.code).toBe('pagination_limit');
      expect(await t.alice.listSearches({ page: 10_001, per_page: 1 })).toMatchObject({ code: 400 });
      const ok = (await t.alice.listSearches({ page: 100, per_page: 100 })) as Listing;
      expect(ok.status).toBe('success');
      expect(ids(ok)).toEqual([]);
      expect(ok.links?.previous).toBe('/searches?page=99&per_page=100');
    });
  });
});
