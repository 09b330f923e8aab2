/**
 * Webhook security and delivery (issue 17, item 11): URLs checked at configuration and before any connection,
 * no redirects followed, a timeout per attempt, a silent endpoint stalls only itself, every body signed.
 * Receivers listen on 127.0.0.1, which the tests' policy explicitly allows.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkWebhookUrl,
  createMemoryStore,
  createScreeningService,
  createWebhookSender,
  deliverWebhooks,
  manualClock,
  sequentialIds,
  signWebhookBody,
  verifyWebhookSignature,
  type OutboxRecord,
  type WebhookSender,
  type WebhookUrlPolicy,
} from '../../src/service/index.js';
import { content, DEFAULT_ENTITIES, fakeScreener, setup } from './helpers.js';

const LOCAL: WebhookUrlPolicy = { allowHttp: true, allowHosts: ['127.0.0.1'] };

describe('webhook URL policy', () => {
  const cases: [string, WebhookUrlPolicy, boolean][] = [
    ['https://hooks.example.com/tamis', {}, true],
    ['https://203.0.113.9/x', {}, false], // documentation range
    ['https://8.8.8.8/hook', {}, true],
    ['https://[2606:4700::1111]/hook', {}, true],
    ['http://hooks.example.com/tamis', {}, false],
    ['http://hooks.example.com/tamis', { allowHttp: true }, true],
    ['https://169.254.169.254/latest/meta-data', {}, false],
    ['https://127.0.0.1/', {}, false],
    ['https://2130706433/', {}, false], // 127.0.0.1 as one number
    ['https://0x7f.1/', {}, false],
    ['https://[::1]/', {}, false],
    ['https://[::ffff:10.0.0.1]/', {}, false],
    ['https://[fe80::1]/', {}, false],
    ['https://[fd00::1]/', {}, false],
    ['https://10.1.2.3/', {}, false],
    ['https://192.168.1.10/', {}, false],
    ['https://172.16.0.1/', {}, false],
    ['https://100.64.0.1/', {}, false],
    ['https://0.0.0.0/', {}, false],
    ['https://224.0.0.1/', {}, false],
    ['https://localhost/', {}, false],
    ['https://api.localhost/', {}, false],
    ['https://10.1.2.3/', { allowHosts: ['10.0.0.0/8'] }, true],
    ['https://10.1.2.3/', { allowHosts: ['10.1.2.4'] }, false],
    ['https://[::ffff:10.0.0.1]/', { allowHosts: ['10.0.0.0/8'] }, true],
    ['https://localhost/', { allowHosts: ['localhost'] }, true],
    ['http://127.0.0.1:8080/hook', LOCAL, true],
    ['http://127.0.0.2:8080/hook', LOCAL, false],
    ['file:///etc/passwd', { allowHttp: true, allowHosts: ['localhost'] }, false],
    ['ftp://hooks.example.com/', {}, false],
    ['javascript:alert(1)', {}, false],
    ['not a url', {}, false],
    ['/relative/path', {}, false],
  ];
  it.each(cases)('%s with %j: allowed %s', (url, policy, allowed) => {
    expect(checkWebhookUrl(url, policy).ok).toBe(allowed);
  });

  it('refuses bad URLs and unsigned endpoints at configuration, storing nothing', async () => {
    const base = { store: createMemoryStore(), clock: manualClock('2026-03-02T09:00:00Z'), ids: sequentialIds(), screener: fakeScreener([]) };
    for (const url of ['https://169.254.169.254/latest/meta-data', 'file:///etc/passwd', 'not a url', 'http://hooks.example.com/']) {
      expect(() => createScreeningService({ ...base, webhookUrls: [url], webhookSecret: 's' })).toThrow(/webhook URL refused/);
    }
    expect(() => createScreeningService({ ...base, webhookUrls: ['https://hooks.example.com/'] })).toThrow(/webhookSecret/);
    const service = createScreeningService(base);
    await expect(service.createAccount({ name: 'A', webhooks: [{ url: 'https://10.0.0.5/hook', secret: 's' }] })).rejects.toThrow(/private/);
    await expect(service.createAccount({ name: 'A', webhooks: [{ url: 'https://hooks.example.com/' }] })).rejects.toThrow(/no secret/);
    expect(await base.store.listAccounts()).toEqual([]);
    const a = await service.createAccount({ name: 'A', webhook_secret: 'acct', webhooks: [{ url: 'https://hooks.example.com/' }] });
    await expect(service.updateAccount(a.id, { webhook_secret: null })).rejects.toThrow(/no secret/);
    await expect(service.updateAccount(a.id, { webhooks: [{ url: 'https://[::1]/', secret: 'x' }] })).rejects.toThrow(/loopback/);
    expect((await base.store.getAccount(a.id))?.webhooks).toEqual([{ url: 'https://hooks.example.com/', secret: null }]);
  });
});

// ---------------------------------------------------------------------------------------------------------------

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A receiver on 127.0.0.1; `answer` decides each response (no answer at all: the request is left hanging). */
async function receiver(answer: (req: IncomingMessage, res: ServerResponse, body: string) => void) {
  const received: Received[] = [];
  let connections = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      answer(req, res, body);
    });
  });
  server.on('connection', (socket) => {
    connections++;
    server.once('close', () => socket.destroy());
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return { url: (path = '/hook') => `http://127.0.0.1:${port}${path}`, received, connections: () => connections, hang: () => server.closeAllConnections() };
}

const ok = (_req: IncomingMessage, res: ServerResponse) => res.writeHead(204).end();

/** A service whose default account sends to `urls`, with one search whose risk level changed `changes` times. */
async function serviceWithEvents(urls: string[], changes = 1, secret = 'default-secret') {
  const t = await setup(createMemoryStore, DEFAULT_ENTITIES, { webhookUrls: urls, webhookSecret: secret, webhookPolicy: LOCAL });
  const s = content(await t.alice.createSearch({ search_term: 'smith', client_ref: 'C1' })).data;
  for (let i = 0; i < changes; i++) await t.alice.updateSearch(s.id, { risk_level: i % 2 === 0 ? 'high' : 'low' });
  return t;
}

const nowSeconds = (t: { clock: { now(): Date | string } }) => Math.floor(new Date(t.clock.now()).getTime() / 1000);

describe('webhook delivery', () => {
  it('checks the URL before any connection: a refused record is failed and nothing is sent', async () => {
    const t = await serviceWithEvents([]);
    const bad = ['http://169.254.169.254/latest/meta-data', 'file:///etc/passwd', 'https://10.0.0.1/x', 'not a url'];
    const base = { account_id: 1, created_at: '2026-03-05T09:00:00.000Z', attempts: 0, next_attempt_at: null, delivered_at: null, last_error: null };
    const body = { event: 'monitored_search_updated' as const, data: { search_id: 1, updated: [], new: [], removed: [], is_suspended: false } };
    const records: OutboxRecord[] = bad.map((url, i) => ({ ...base, id: `o${i}`, event_id: `e${i}`, url, body }));
    await t.store.commit([{ type: 'append_outbox', records }]); // as an outbox written before the rules could hold
    const sent: string[] = [];
    const send: WebhookSender = async (url) => {
      sent.push(url);
      return { status: 200 };
    };
    const report = await deliverWebhooks(t.service, { send, secret: 's', sleep: async () => {}, random: () => 0 });
    expect(sent).toEqual([]);
    expect(report.failed.map((f) => [f.id, f.attempts, f.error.startsWith('refused:')])).toEqual(bad.map((_, i) => [`o${i}`, 0, true]));
  });

  it('the default sender checks the resolved addresses too: a name resolving to a loopback address is never connected to', async () => {
    const r = await receiver(ok);
    const port = new URL(r.url()).port;
    const resolve = async () => [{ address: '127.0.0.1', family: 4 }];
    const strict = createWebhookSender({ policy: { allowHttp: true }, resolve });
    await expect(strict(`http://hooks.example.com:${port}/hook`, { method: 'POST', headers: {}, body: '{}' })).rejects.toThrow(/refused: 127\.0\.0\.1 is a loopback/);
    expect(r.connections()).toBe(0);
    const allowing = createWebhookSender({ policy: { allowHttp: true, allowHosts: ['127.0.0.1'] }, resolve });
    await expect(allowing(`http://hooks.example.com:${port}/hook`, { method: 'POST', headers: {}, body: '{}' })).resolves.toMatchObject({ status: 204 });
    expect(r.connections()).toBe(1);
  });

  it('signs every body: Tamis-Signature over timestamp and body, with event and delivery ids', async () => {
    const r = await receiver(ok);
    const t = await serviceWithEvents([r.url()], 2);
    const report = await deliverWebhooks(t.service, { clock: t.clock, sleep: async () => {}, random: () => 0 });
    expect(report).toMatchObject({ failed: [], deferred: [] });
    const outbox = await t.service.listWebhooks();
    expect(r.received.map((x) => x.headers['tamis-delivery-id'])).toEqual(outbox.map((o) => o.id));
    for (const [i, x] of r.received.entries()) {
      expect(x.headers).toMatchObject({ 'content-type': 'application/json', 'tamis-event': 'search_status_updated', 'tamis-event-id': outbox[i]?.event_id });
      expect(JSON.parse(x.body)).toEqual(outbox[i]?.body);
      const header = x.headers['tamis-signature'] as string;
      expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(verifyWebhookSignature({ header, body: x.body, secret: 'default-secret', now: nowSeconds(t) })).toEqual({ ok: true, timestamp: nowSeconds(t) });
      expect(verifyWebhookSignature({ header, body: x.body.replace('high', 'low'), secret: 'default-secret', now: nowSeconds(t) })).toEqual({ ok: false, reason: 'mismatch' });
      expect(verifyWebhookSignature({ header, body: x.body, secret: 'other', now: nowSeconds(t) })).toEqual({ ok: false, reason: 'mismatch' });
    }
  });

  it('signs with the endpoint’s secret, else the account’s', async () => {
    const a = await receiver(ok);
    const b = await receiver(ok);
    const t = await setup(createMemoryStore, DEFAULT_ENTITIES, { webhookUrls: [], webhookPolicy: LOCAL });
    const acct = await t.service.createAccount({ name: 'A', webhook_secret: 'account-secret', webhooks: [{ url: a.url(), secret: 'endpoint-secret' }, { url: b.url() }] });
    const u = await t.service.createUser({ email: 'u@a.example', name: 'U', account_id: acct.id });
    await t.service.createApiKey(u.id, 'a-key-00001');
    const api = t.service.forApiKey('a-key-00001');
    const s = content(await api.createSearch({ search_term: 'smith' })).data;
    await api.updateSearch(s.id, { match_status: 'no_match' });
    await deliverWebhooks(t.service, { clock: t.clock });
    const verify = (x: Received | undefined, secret: string) =>
      verifyWebhookSignature({ header: x?.headers['tamis-signature'] as string, body: x?.body ?? '', secret, now: nowSeconds(t) }).ok;
    expect([verify(a.received[0], 'endpoint-secret'), verify(a.received[0], 'account-secret')]).toEqual([true, false]);
    expect(verify(b.received[0], 'account-secret')).toBe(true);
  });

  it('never follows a redirect: the 3xx is a failed attempt and the target is never called', async () => {
    const r = await receiver((req, res) => (req.url === '/hook' ? res.writeHead(302, { location: '/elsewhere' }).end() : res.writeHead(200).end()));
    const t = await serviceWithEvents([r.url()]);
    const report = await deliverWebhooks(t.service, { maxAttempts: 2, sleep: async () => {}, random: () => 0 });
    expect(report.failed).toEqual([{ id: 'outbox-1', error: 'HTTP 302 (redirects are not followed)', attempts: 2 }]);
    expect(r.received.map((x) => x.path)).toEqual(['/hook', '/hook']);
  });

  it('times out each attempt; a silent endpoint defers only its own later records, other URLs are delivered meanwhile', async () => {
    const order: string[] = [];
    const silent = await receiver(() => order.push('silent')); // reads the request, never answers
    const fast = await receiver((_req, res) => {
      order.push('fast');
      res.writeHead(200).end();
    });
    const t = await serviceWithEvents([silent.url(), fast.url()], 2);
    const report = await deliverWebhooks(t.service, { timeoutMs: 300, maxAttempts: 2, sleep: async () => {}, random: () => 0 });
    const out = await t.service.listWebhooks();
    const silentIds = out.filter((o) => o.url === silent.url()).map((o) => o.id);
    const fastIds = out.filter((o) => o.url === fast.url()).map((o) => o.id);
    expect(report.failed).toEqual([{ id: silentIds[0], error: 'timed out after 300 ms', attempts: 2 }]);
    expect(report.deferred).toEqual([silentIds[1]]);
    expect([...report.delivered].sort()).toEqual([...fastIds].sort());
    // Both fast deliveries happened while the silent endpoint held its first attempt.
    expect(order.slice(0, 3)).toEqual(['silent', 'fast', 'fast']);
    expect(order.filter((x) => x === 'silent').length).toBe(2);
    expect((await t.service.pendingWebhooks()).map((o) => o.id)).toEqual([silentIds[1]]); // due next run
    silent.hang();
  });

  it('a record without a signing secret is not sent', async () => {
    const t = await serviceWithEvents([]);
    const rec: OutboxRecord = {
      id: 'o1', account_id: 7, event_id: 'e1', url: 'https://hooks.example.com/x', created_at: '2026-03-05T09:00:00.000Z', attempts: 0,
      next_attempt_at: null, delivered_at: null, last_error: null,
      body: { event: 'monitored_search_updated', data: { search_id: 1, updated: [], new: [], removed: [], is_suspended: false } },
    };
    await t.store.commit([{ type: 'append_outbox', records: [rec] }]);
    let calls = 0;
    const report = await deliverWebhooks(t.service, { send: async () => (calls++, { status: 200 }) });
    expect(calls).toBe(0);
    expect(report.failed).toEqual([{ id: 'o1', error: 'not sent: no signing secret is configured for this endpoint', attempts: 0 }]);
  });
});

describe('verifyWebhookSignature', () => {
  const body = '{"event":"search_status_updated","data":{}}';
  const header = signWebhookBody('s3cret', body, 1_772_000_000);
  const cases: [string, Parameters<typeof verifyWebhookSignature>[0], ReturnType<typeof verifyWebhookSignature>][] = [
    ['valid', { header, body, secret: 's3cret', now: 1_772_000_100 }, { ok: true, timestamp: 1_772_000_000 }],
    ['one of several secrets (rotation)', { header, body, secret: ['new', 's3cret'], now: 1_772_000_000 }, { ok: true, timestamp: 1_772_000_000 }],
    ['body changed', { header, body: body.replace('{}', '{"x":1}'), secret: 's3cret', now: 1_772_000_000 }, { ok: false, reason: 'mismatch' }],
    ['timestamp changed', { header: header.replace('t=1772000000', 't=1772000001'), body, secret: 's3cret', now: 1_772_000_000 }, { ok: false, reason: 'mismatch' }],
    ['too old', { header, body, secret: 's3cret', now: 1_772_000_301 }, { ok: false, reason: 'expired' }],
    ['tolerance given', { header, body, secret: 's3cret', now: 1_772_000_301, toleranceSeconds: 600 }, { ok: true, timestamp: 1_772_000_000 }],
    ['missing header', { header: undefined, body, secret: 's3cret', now: 1_772_000_000 }, { ok: false, reason: 'malformed' }],
    ['no v1', { header: 't=1772000000', body, secret: 's3cret', now: 1_772_000_000 }, { ok: false, reason: 'malformed' }],
    ['garbage', { header: 'v1=zz,t=abc', body, secret: 's3cret', now: 1_772_000_000 }, { ok: false, reason: 'malformed' }],
  ];
  it.each(cases)('%s', (_label, input, expected) => {
    expect(verifyWebhookSignature(input)).toEqual(expected);
  });
});
