import { describe, expect, it } from 'vitest';
import { deliverWebhooks, deliveryDelayMs, type OutboxRecord, type WebhookSender } from '../../src/service/index.js';
import { content, HOOKS, setup, STORES } from './helpers.js';

const bodies = (rs: OutboxRecord[]) => rs.map((r) => r.body);

describe.each(STORES)('webhook outbox (%s store)', (_name, makeStore) => {
  it('search_status_updated: changes before/after of the changed fields only, ref, client_ref, search_id, terms, filters', async () => {
    const t = await setup(makeStore);
    const s = content(await t.alice.createSearch({ search_term: 'smith', client_ref: 'C1', fuzziness: 0.3, exact_match: false, tags: { team: 'a' } })).data;
    expect(await t.service.listWebhooks()).toEqual([]); // creation is not an event
    await t.alice.updateSearch(s.id, { match_status: 'true_positive', risk_level: 'high', assignee_id: 2, limit: 5, tags: { team: 'b' } });
    const out = await t.service.listWebhooks();
    expect(out.map((r) => r.url)).toEqual(HOOKS);
    expect(out[0]?.event_id).toBe(out[1]?.event_id);
    expect(out[0]).toMatchObject({ attempts: 0, delivered_at: null, next_attempt_at: null, last_error: null, created_at: '2026-03-05T09:00:00.000Z' });
    const expected = {
      event: 'search_status_updated',
      data: {
        changes: {
          before: { match_status: 'potential_match', risk_level: 'unknown', assigned_to: null },
          after: { match_status: 'true_positive', risk_level: 'high', assigned_to: 2 },
        },
        ref: s.ref,
        client_ref: 'C1',
        search_id: s.id,
        terms: [{ name: 'smith', hits: 3 }],
        filters: { exact_match: false, fuzziness: 0.3 },
      },
    };
    expect(bodies(out)).toEqual([expected, expected]);
    expect(typeof (out[0]?.body.data as { search_id: unknown }).search_id).toBe('number');

    // only what changed; nothing when nothing changed; limit/tags alone are not status changes
    await t.alice.updateSearch(s.id, { risk_level: 'low', match_status: 'true_positive' });
    const second = (await t.service.listWebhooks()).slice(2);
    expect(second[0]?.body.data).toMatchObject({ changes: { before: { risk_level: 'high' }, after: { risk_level: 'low' } } });
    expect(Object.keys((second[0]?.body.data as { changes: { before: object } }).changes.before)).toEqual(['risk_level']);
    await t.alice.updateSearch(s.id, { risk_level: 'low', limit: 7, tags: { team: 'c' } });
    expect((await t.service.listWebhooks()).length).toBe(4);
  });

  it('match_status_updated: one per changed entity, search_id as a string, status and whitelist only when changed, tags', async () => {
    const t = await setup(makeStore);
    const s = content(await t.alice.createSearch({ search_term: 'smith', client_ref: 'C1', tags: { team: 'a', region: 'eu' } })).data;
    await t.alice.updateSearchEntities(s.id, { entities: ['e1', 'e2'], match_status: 'false_positive' });
    let out = await t.service.listWebhooks();
    expect(out.length).toBe(4);
    expect(bodies(out).filter((_, i) => i % 2 === 0)).toEqual([
      { event: 'match_status_updated', data: { client_ref: 'C1', search_id: String(s.id), entity_id: 'e1', entity_match_status: 'false_positive', is_whitelisted: true, tags: { team: 'a', region: 'eu' } } },
      { event: 'match_status_updated', data: { client_ref: 'C1', search_id: String(s.id), entity_id: 'e2', entity_match_status: 'false_positive', is_whitelisted: true, tags: { team: 'a', region: 'eu' } } },
    ]);
    // whitelist lifted, status unchanged: only is_whitelisted
    await t.alice.updateSearchEntities(s.id, { entities: ['e1'], is_whitelisted: false });
    out = await t.service.listWebhooks();
    expect(out[4]?.body).toEqual({ event: 'match_status_updated', data: { client_ref: 'C1', search_id: String(s.id), entity_id: 'e1', is_whitelisted: false, tags: { team: 'a', region: 'eu' } } });
    // status changed, whitelist unchanged (no client_ref effect): only entity_match_status
    await t.alice.updateSearchEntities(s.id, { entities: ['e3'], match_status: 'no_match' });
    out = await t.service.listWebhooks();
    expect(out[6]?.body).toEqual({ event: 'match_status_updated', data: { client_ref: 'C1', search_id: String(s.id), entity_id: 'e3', entity_match_status: 'no_match', tags: { team: 'a', region: 'eu' } } });
    // risk level only, or the same status again: no event
    await t.alice.updateSearchEntities(s.id, { entities: ['e3'], match_status: 'no_match', risk_level: 'high' });
    expect((await t.service.listWebhooks()).length).toBe(8);
  });

  it('no URLs configured: nothing is queued', async () => {
    const t = await setup(makeStore, undefined, { webhookUrls: [] });
    const s = content(await t.alice.createSearch({ search_term: 'smith' })).data;
    await t.alice.updateSearch(s.id, { risk_level: 'high' });
    expect(await t.service.listWebhooks()).toEqual([]);
  });

  it('deliverWebhooks posts JSON bodies, retries with backoff, records delivery and failure', async () => {
    const t = await setup(makeStore);
    const s = content(await t.alice.createSearch({ search_term: 'smith', client_ref: 'C1' })).data;
    await t.alice.updateSearch(s.id, { risk_level: 'high' });
    const sent: { url: string; body: unknown; headers: Record<string, string> }[] = [];
    const failuresLeft = new Map([[HOOKS[0] as string, 2]]);
    const send: WebhookSender = async (url, init) => {
      sent.push({ url, body: JSON.parse(init.body), headers: init.headers });
      const left = failuresLeft.get(url) ?? 0;
      if (left > 0) {
        failuresLeft.set(url, left - 1);
        return left === 2 ? { status: 503 } : Promise.reject(new Error('ECONNRESET'));
      }
      return { ok: true, status: 200 };
    };
    const sleeps: number[] = [];
    const report = await deliverWebhooks(t.service, { send, sleep: async (ms) => void sleeps.push(ms), random: () => 0.5 });
    expect(report.failed).toEqual([]);
    expect(report.delivered.length).toBe(2);
    // URLs are served side by side: the retries of the first do not hold up the second.
    expect(sent.filter((x) => x.url === HOOKS[0]).length).toBe(3);
    expect(sent.filter((x) => x.url === HOOKS[1]).length).toBe(1);
    expect(sent.findIndex((x) => x.url === HOOKS[1])).toBe(1);
    expect(sent[0]?.headers['content-type']).toBe('application/json');
    expect(sent[0]?.body).toMatchObject({ event: 'search_status_updated', data: { search_id: s.id } });
    expect(sleeps).toEqual([1500, 2500]); // 1000·2^0 + 500, 1000·2^1 + 500
    const out = await t.service.listWebhooks();
    expect(out.map((r) => [r.attempts, r.delivered_at])).toEqual([
      [3, '2026-03-05T09:00:00.000Z'],
      [1, '2026-03-05T09:00:00.000Z'],
    ]);
    expect(await t.service.pendingWebhooks()).toEqual([]);
  });

  it('a record that keeps failing is rescheduled, then delivered by a later run', async () => {
    const t = await setup(makeStore, undefined, { webhookUrls: ['https://down.example.com'] });
    const s = content(await t.alice.createSearch({ search_term: 'smith' })).data;
    await t.alice.updateSearch(s.id, { risk_level: 'high' });
    const down: WebhookSender = async () => ({ status: 500 });
    const r1 = await deliverWebhooks(t.service, { send: down, sleep: async () => {}, random: () => 0, maxAttempts: 3, redeliverAfterMs: 60_000 });
    expect(r1.failed).toEqual([{ id: 'outbox-1', error: 'HTTP 500', attempts: 3 }]);
    const [rec] = await t.service.listWebhooks();
    expect(rec).toMatchObject({ attempts: 3, last_error: 'HTTP 500', delivered_at: null, next_attempt_at: '2026-03-05T09:01:00.000Z' });
    expect(await t.service.pendingWebhooks()).toEqual([]); // not due yet
    t.clock.advance(60_000);
    const r2 = await deliverWebhooks(t.service, { send: async () => ({ status: 204 }), sleep: async () => {}, random: () => 0 });
    expect(r2.delivered).toEqual(['outbox-1']);
    expect((await t.service.listWebhooks())[0]).toMatchObject({ attempts: 4, last_error: null, delivered_at: '2026-03-05T09:01:00.000Z' });
  });
});

describe('deliveryDelayMs', () => {
  it('doubles from the base, adds jitter below the base, and caps', () => {
    const o = { random: () => 0.999, baseDelayMs: 1000, maxDelayMs: 60_000 };
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => deliveryDelayMs(n, o))).toEqual([1999, 2999, 4999, 8999, 16999, 32999, 60000]);
    expect(deliveryDelayMs(100, o)).toBe(60_000);
    expect(deliveryDelayMs(1, { random: () => 0 })).toBe(1000);
  });
});
