/**
 * Operating the server: health and readiness, Prometheus metrics, the OpenAPI document, a list reload that
 * re-screens monitored searches and fires monitored_search_updated to a local receiver through the webhook
 * worker, and a graceful shutdown that finishes the requests in flight.
 */
import { createServer as createHttpServer, type Server } from 'node:http';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScreener } from '../../src/screening/index.js';
import { SEARCH_ROUTES, createMemoryStore, createScreeningService, randomIds, systemClock, type ServiceStore } from '../../src/service/index.js';
import { createServer } from '../../src/server/index.js';
import type { Entity } from '../../src/types/entity.js';
import { ADMIN, ALICE, sampleEntities, setupService, startHarness, type Harness } from './harness.js';

let receiver: Server;
let receiverUrl = '';
const received: { event: string; data: Record<string, unknown>; signature: string }[] = [];
let version2: Entity[] = [];
let h: Harness;

beforeAll(async () => {
  receiver = createHttpServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ ...(JSON.parse(body) as { event: string; data: Record<string, unknown> }), signature: String(req.headers['tamis-signature'] ?? '') });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const addr = receiver.address() as { port: number };
  receiverUrl = `http://127.0.0.1:${addr.port}/hooks/tamis`;
  const service = await setupService();
  await service.updateAccount(1, { webhooks: [{ url: receiverUrl }], webhook_secret: 'receiver-secret' });
  // Version 2 of the list: the first Haddad entity is gone, a new one arrives, another gains a source.
  const haddads = sampleEntities.filter((e) => e.name.includes('Haddad'));
  const gone = haddads[0]!.id;
  const changed = haddads[1]!.id;
  version2 = [
    ...sampleEntities.filter((e) => e.id !== gone).map((e) => (e.id === changed ? { ...e, sources: [...e.sources, 'un-sc'] } : e)),
    { id: 'new-haddad', entity_type: 'person', name: 'Samir Haddad', sources: ['ofac-sdn'], types: ['sanction'] },
  ];
  h = await startHarness({
    service,
    webhooks: { intervalMs: 50, baseDelayMs: 10 },
    lists: { entities: sampleEntities.length, sources: ['file:sample'], reload: async () => ({ screener: createScreener({ entities: version2 }), entities: version2.length, sources: ['file:v2'] }) },
  });
});
afterAll(async () => {
  await h.close();
  await new Promise((r) => receiver.close(r));
});

const until = async (ok: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('health, readiness and the document', () => {
  it('/healthz and /readyz answer without a key; /readyz tells the lists loaded', async () => {
    expect((await h.call('GET', '/healthz', { key: null })).json).toEqual({ status: 'ok' });
    const ready = await h.call('GET', '/readyz', { key: null });
    expect(ready.status).toBe(200);
    expect(ready.json).toMatchObject({ status: 'ready', lists: { version: 1, entities: sampleEntities.length, sources: ['file:sample'] } });
  });

  it('/openapi.json is OpenAPI 3.1 with every endpoint of the spec at its path and method', async () => {
    const doc = (await h.call('GET', '/openapi.json', { key: null })).json;
    expect(doc.openapi).toBe('3.1.0');
    for (const r of SEARCH_ROUTES) {
      const op = doc.paths[r.path.replace(/:([a-z_]+)/g, '{$1}')]?.[r.method.toLowerCase()];
      expect(op, `${r.method} ${r.path}`).toBeDefined();
      expect(op.deprecated === true).toBe(r.deprecated === true);
      expect(Object.keys(op.responses)).toContain(r.deprecated ? '410' : '429');
    }
    const create = doc.paths['/searches'].post;
    expect(create.requestBody.content['application/json'].schema.properties.search_term['x-problem']).toEqual({
      code: 'required',
      message: 'search_term is required (a string or an object with last_name)',
    });
    expect(doc.paths['/searches/{id}/certificate'].get.responses['200'].content).toHaveProperty('application/pdf');
  });

  it('/openapi.json validates against the OpenAPI 3.1 schema', async () => {
    const doc = (await h.call('GET', '/openapi.json', { key: null })).json;
    const result = await new Validator().validate(doc);
    expect(result.errors ?? [], String(JSON.stringify(result.errors)).slice(0, 1000)).toEqual([]);
    expect(result.valid).toBe(true);
  });
});

describe('list reload and webhooks', () => {
  it('reload needs the admin token', async () => {
    expect((await h.call('POST', '/admin/reload', { key: null })).status).toBe(401);
    expect((await h.call('POST', '/admin/reload', { key: ALICE })).status).toBe(401);
  });

  it('re-screens monitored searches, records the differences and delivers monitored_search_updated', async () => {
    const created = await h.call('POST', '/searches', { body: { search_term: 'Haddad' } });
    const id = created.json.content.data.id as number;
    await h.call('PATCH', `/searches/${id}/monitors`, { body: { is_monitored: true } });
    const r = await h.call('POST', '/admin/reload', { key: ADMIN });
    expect(r.status).toBe(200);
    expect(r.json.content).toMatchObject({ version: 2, entities: version2.length, sources: ['file:v2'], rescreened: 1, changed: [id] });
    await until(() => received.some((e) => e.event === 'monitored_search_updated'));
    const event = received.find((e) => e.event === 'monitored_search_updated')!;
    expect(event.data).toMatchObject({ search_id: id, new: ['new-haddad'], is_suspended: false });
    expect(event.signature).not.toBe('');
    expect((event.data.removed as string[]).length).toBe(1);
    expect((event.data.updated as string[]).length).toBe(1);
    const diffs = await h.call('GET', `/searches/${id}/monitor/differences`);
    expect(diffs.json.content.map((d: { action: string }) => d.action).sort()).toEqual(['added', 'removed', 'updated']);
    expect((await h.call('GET', '/readyz', { key: null })).json.lists.version).toBe(2);
  });

  it('/metrics counts requests by route, searches and hits, and shows the list version and the webhook backlog', async () => {
    const r = await h.call('GET', '/metrics', { key: null });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(r.text).toMatch(/tamis_http_requests_total\{method="POST",route="\/searches",status="200"\} \d+/);
    expect(r.text).toMatch(/tamis_http_request_duration_seconds_bucket\{le="0\.005",method="POST",route="\/searches"\} \d+/);
    expect(r.text).toMatch(/tamis_searches_total\{kind="name"\} [1-9]/);
    expect(r.text).toMatch(/tamis_search_hits_count\{kind="name"\} [1-9]/);
    expect(r.text).toMatch(/^tamis_list_version 2$/m);
    expect(r.text).toMatch(/^tamis_webhook_backlog \d+$/m);
    expect(r.text).toMatch(/tamis_webhook_deliveries_total\{outcome="delivered"\} [1-9]/);
    expect(r.text).toMatch(/tamis_list_reloads_total\{outcome="ok"\} 1/);
  });
});

describe('graceful shutdown', () => {
  it('finishes the requests in flight, then refuses new connections', async () => {
    let slow = false;
    const base = createMemoryStore();
    const store = new Proxy(base, {
      get(target, prop, recv) {
        if (prop === 'commit') {
          return async (ops: Parameters<ServiceStore['commit']>[0]) => {
            if (slow && ops.some((o) => o.type === 'insert_search')) await new Promise((r) => setTimeout(r, 400));
            return target.commit(ops);
          };
        }
        return Reflect.get(target, prop, recv) as unknown;
      },
    });
    const service = createScreeningService({ store, clock: systemClock(), ids: randomIds(), screener: createScreener({ entities: sampleEntities }) });
    const u = await service.createUser({ email: 'a@b.example', name: 'A' });
    await service.createApiKey(u.id, ALICE);
    const s = await createServer({ service, port: 0, processMetrics: false, webhooks: false });
    const url = await s.listen();
    slow = true;
    const inFlight = fetch(`${url}/searches`, { method: 'POST', headers: { authorization: `Token ${ALICE}`, 'content-type': 'application/json' }, body: JSON.stringify({ search_term: 'Haddad' }) });
    await new Promise((r) => setTimeout(r, 100));
    const closing = s.close();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(((await res.json()) as { status: string }).status).toBe('success');
    await closing;
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  });
});
