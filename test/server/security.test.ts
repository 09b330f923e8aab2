/** HTTPS, authentication, accounts and the rate limit, over real connections. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetch } from 'undici';
import { chooseTransport, createServer } from '../../src/server/index.js';
import { ALICE, BOB, setupService, startHarness, type Harness } from './harness.js';

const OTHER = 'other-account-key-1';

let h: Harness;
beforeAll(async () => {
  const service = await setupService();
  const other = await service.createAccount({ name: 'other-bank' });
  const carol = await service.createUser({ email: 'carol@other.example', name: 'Carol', account_id: other.id });
  await service.createApiKey(carol.id, OTHER);
  await service.createApiKey(1, 'revoked-later-key');
  h = await startHarness({ service });
});
afterAll(() => h.close());

describe('HTTPS', () => {
  it('serves HTTPS, and a plain HTTP call to the same port fails', async () => {
    expect(h.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect((await h.call('GET', '/healthz', { key: null })).status).toBe(200);
    await expect(fetch(`${h.url.replace('https:', 'http:')}/healthz`)).rejects.toThrow();
  });

  it.each([
    [{ host: '0.0.0.0' }, 'refuses'],
    [{ host: '10.1.2.3' }, 'refuses'],
    [{ host: '127.0.0.1' }, 'http:loopback'],
    [{ host: '::1' }, 'http:loopback'],
    [{ host: 'localhost' }, 'http:loopback'],
    [{ host: '0.0.0.0', behindTlsProxy: true }, 'http:behind-tls-proxy'],
    [{ host: '0.0.0.0', tls: { cert: 'C', key: 'K' } }, 'https'],
  ])('without a certificate, plain HTTP is refused off loopback: %j → %s', (o, expected) => {
    if (expected === 'refuses') {
      expect(() => chooseTransport(o)).toThrow(/refusing to serve plain HTTP on .*--behind-tls-proxy/);
      return;
    }
    const t = chooseTransport(o);
    expect(t.kind === 'https' ? 'https' : `http:${t.why}`).toBe(expected);
  });

  it('createServer refuses to listen in plain HTTP on a public address', async () => {
    await expect(createServer({ service: h.service, host: '0.0.0.0', port: 0, processMetrics: false })).rejects.toThrow(/refusing to serve plain HTTP/);
  });

  it('behind a TLS proxy, a request the proxy marks as plain HTTP is refused', async () => {
    const s = await createServer({ service: h.service, host: '127.0.0.1', port: 0, behindTlsProxy: true, processMetrics: false, webhooks: false });
    const url = await s.listen();
    try {
      const plain = await fetch(`${url}/users`, { headers: { authorization: `Token ${ALICE}`, 'x-forwarded-proto': 'http' } });
      expect(plain.status).toBe(403);
      expect(await plain.json()).toEqual({ code: 403, message: 'forbidden: plain HTTP calls fail; call over HTTPS', status: 'failure' });
      const tls = await fetch(`${url}/users`, { headers: { authorization: `Token ${ALICE}`, 'x-forwarded-proto': 'https' } });
      expect(tls.status).toBe(200);
    } finally {
      await s.close();
    }
  });
});

describe('authentication', () => {
  it.each([
    ['no Authorization header', {}],
    ['another scheme', { authorization: `Bearer ${ALICE}` }],
    ['an unknown key', { authorization: 'Token not-a-key-of-anyone' }],
    ['an empty key', { authorization: 'Token ' }],
  ])('%s answers 401 with the envelope and WWW-Authenticate: Token', async (_what, headers) => {
    const r = await h.call('GET', '/users', { key: null, headers });
    expect(r.status).toBe(401);
    expect(r.headers.get('www-authenticate')).toBe('Token');
    expect(r.json).toEqual({ code: 401, message: 'unauthorized: missing or invalid api key (Authorization: Token <API_KEY>)', status: 'failure' });
  });

  it.each([
    ['a body the schemas refuse', { body: { search_term: 5 } }],
    ['a body that is not JSON', { raw: '{"search_term": ' }],
  ])('an invalid request (%s) without a valid key answers 401, not 400', async (_what, o) => {
    for (const key of ['not-a-key-of-anyone', null]) {
      const r = await h.call('POST', '/searches', { key, ...o });
      expect(r.status).toBe(401);
      expect(r.json.code).toBe(401);
    }
  });

  it('the scheme name is case-insensitive', async () => {
    expect((await h.call('GET', '/users', { key: null, headers: { authorization: `token ${BOB}` } })).status).toBe(200);
  });

  it('a key acts as its user, within its account: another account sees neither the users nor the searches', async () => {
    const created = await h.call('POST', '/searches', { body: { search_term: 'Walid Barakat' } });
    const sid = created.json.content.data.id as number;
    const users = await h.call('GET', '/users', { key: OTHER });
    expect(users.json.content.data.map((u: { email: string }) => u.email)).toEqual(['carol@other.example']);
    const r = await h.call('GET', `/searches/${sid}`, { key: OTHER });
    expect(r.status).toBe(404);
    expect(r.json).toEqual({ code: 404, message: 'search not found', status: 'failure' });
    expect((await h.call('GET', `/searches/${sid}`, { key: BOB })).status).toBe(200);
  });

  it('with the config file key list, a key the store knows but the file does not answers 401', async () => {
    const s = await createServer({ service: h.service, port: 0, processMetrics: false, webhooks: false, acceptsKey: (k) => k === ALICE });
    const url = await s.listen();
    try {
      const call = (key: string) => fetch(`${url}/users`, { headers: { authorization: `Token ${key}` } });
      expect((await call(ALICE)).status).toBe(200);
      expect((await call('revoked-later-key')).status).toBe(401);
    } finally {
      await s.close();
    }
  });
});

describe('rate limit', () => {
  it('answers 429 with an empty body once the key used its calls of the minute; invalid calls count too', async () => {
    const limited = await startHarness({ service: await setupService(undefined, { rateLimit: 3 }) });
    try {
      expect((await limited.call('GET', '/users')).status).toBe(200);
      expect((await limited.call('POST', '/searches', { body: { search_term: 5 } })).status).toBe(400);
      expect((await limited.call('GET', '/searches/1')).status).toBe(404);
      const over = await limited.call('GET', '/users');
      expect(over.status).toBe(429);
      expect(over.bytes.length).toBe(0);
      expect((await limited.call('POST', '/searches', { body: { search_term: 'Smith' } })).status).toBe(429);
      // The rate limit comes before validation: invalid requests over the limit answer 429 too, not 400.
      expect((await limited.call('POST', '/searches', { body: { search_term: 5 } })).status).toBe(429);
      expect((await limited.call('POST', '/searches', { raw: '{"search_term": ' })).status).toBe(429);
      expect((await limited.call('GET', '/searches/0')).status).toBe(429);
      expect((await limited.call('GET', '/users', { key: BOB })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
