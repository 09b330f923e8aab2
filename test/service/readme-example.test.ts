/** The end-to-end example of README.md, kept runnable. */
import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { createScreeningService, deliverWebhooks, manualClock, sequentialIds } from '../../src/service/index.js';
import { createSqliteStore } from '../../src/service/sqlite/index.js';
import { fakeScreener, person } from './helpers.js';

it('README example: create, review, whitelist, monitor, list version change, differences, webhook events', async () => {
  const listV1 = fakeScreener([
    person('ofac-1', 'John Smith', { sources: ['ofac-sdn'], types: ['sanction'] }),
    person('ofac-2', 'Jon Smith', { sources: ['ofac-sdn'], types: ['sanction'] }),
  ]);
  // --- example start
  const clock = manualClock('2026-03-02T09:00:00Z');
  const service = createScreeningService({
    store: createSqliteStore(new Database(':memory:')),
    clock, // systemClock() in production
    ids: sequentialIds(), // randomIds() in production
    screener: listV1, // a Screener: createScreener(...) over the loaded lists
    webhookUrls: ['https://hooks.example.com/tamis'],
    webhookSecret: 'a-long-random-secret', // signs every body (Tamis-Signature)
  });
  await service.createUser({ email: 'ana@bank.example', name: 'Ana' });
  await service.createApiKey(1, 'ana-secret-key');
  await service.defineTag('branch');

  const api = service.forApiKey('ana-secret-key'); // Authorization: Token ana-secret-key

  // 1. create a search (a case)
  const created = await api.createSearch({ search_term: 'Smith', client_ref: 'CUST-42', tags: { branch: 'Leeds' } });
  if (created.status !== 'success') throw new Error(created.status === 'failure' ? created.message : 'rate limited');
  const search = created.content.data; // { id: 1, ref: 'ref-1', hits: [...], match_status: 'potential_match', ... }

  // 2. review: ofac-2 is not our customer -> false positive (whitelisted for CUST-42)
  await api.updateSearchEntities(search.id, { entities: ['ofac-2'], match_status: 'false_positive' });
  await api.addComment(search.id, { comment: 'Different date of birth', entity_id: 'ofac-2' });
  await api.updateSearch(search.id, { match_status: 'true_positive', risk_level: 'high', assignee_id: 1 });

  // 3. whitelisting: a later search for the same client_ref no longer reports ofac-2
  const again = await api.createSearch({ search_term: 'Smith', client_ref: 'CUST-42' });
  // again.content.data.hits[1] -> { doc: { id: 'ofac-2', ... }, is_whitelisted: true, match_status: 'false_positive' }

  // 4. monitor, then load a new list version
  await api.updateMonitors(search.id, { is_monitored: true });
  clock.set('2026-03-03T06:00:00Z');
  const listV2 = fakeScreener([
    person('ofac-1', 'John Smith', { sources: ['ofac-sdn', 'un-sc'], types: ['sanction'] }), // updated
    person('ofac-3', 'John Smith Jr', { sources: ['ofac-sdn'], types: ['sanction'] }), // added
  ]); // ofac-2 removed (whitelisted: not reported)
  const report = await service.rescreenMonitored(listV2); // { rescreened: 1, changed: [1], ... }

  // 5. the day's differences
  const diffs = await api.getMonitorDifferences(search.id, { date: '2026-03-03' });
  // content: [{ action: 'updated', entity_id: 'ofac-1', changes: { sources: { added: ['un-sc'], removed: [] }, ... } },
  //           { action: 'added', entity_id: 'ofac-3', ... }]
  await api.acknowledgeMonitor(search.id); // { status: 'empty', code: 204 }

  // 6. webhook events: drain the outbox
  const delivered = await deliverWebhooks(service, {
    send: async (url, init) => ({ status: 200 }), // fetch in production
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    random: Math.random,
  });
  // --- example end

  expect(search.hits.map((h) => h.doc.id)).toEqual(['ofac-1', 'ofac-2']);
  expect(again.status === 'success' && again.content.data.hits[1]).toMatchObject({ is_whitelisted: true, match_status: 'false_positive' });
  expect(report).toEqual({ rescreened: 1, changed: [1], suspended: [], failed: [] });
  expect(diffs.status === 'success' && diffs.content.map((d) => [d.action, d.entity_id, d.changes.sources])).toEqual([
    ['updated', 'ofac-1', { removed: [], added: ['un-sc'] }],
    ['added', 'ofac-3', { removed: [], added: ['ofac-sdn'] }],
  ]);
  const events = (await service.listWebhooks()).map((r) => r.body);
  expect(events.map((e) => e.event)).toEqual(['match_status_updated', 'search_status_updated', 'monitored_search_updated']);
  expect(events[2]?.data).toEqual({ search_id: 1, updated: ['ofac-1'], new: ['ofac-3'], removed: [], is_suspended: false });
  expect(delivered.delivered.length).toBe(3);
});
