/**
 * The token operation and bearer authentication of /v1 over real HTTPS, and the problem-detail shape of every
 * kind of failure the area answers; the OpenAPI document covers the area with the schemas that validate requests.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService, InMemoryCredentialStore, hashApiPassword } from '../../../src/tokens/index.js';
import { transactionBody } from '../../../src/server/v1/schemas.js';
import { V1_ROUTES } from '../../../src/server/index.js';
import { REALM, SECRET, startV1, USER, type V1Harness } from './harness.js';

let v: V1Harness;
beforeAll(async () => {
  v = await startV1({ tokenFailures: { maxFailures: 3 } });
});
afterAll(() => v.close());

/** The problem-detail body and media type of every failure. */
function expectProblem(r: { status: number; headers: Headers; json: any }, status: number, code: string) {
  expect(r.status).toBe(status);
  expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(r.json).toMatchObject({ status, type: 'about:blank', instance: expect.stringMatching(/^https:\/\/127\.0\.0\.1:\d+\/v1\//) });
  expect(r.json.identifier).toMatch(/^[0-9a-f-]{36}$/);
  expect(Number.isFinite(Date.parse(r.json.timestamp))).toBe(true);
  expect(typeof r.json.title).toBe('string');
  expect(r.json.errors.map((e: { code: string }) => e.code)).toContain(code);
}

describe('POST /v1/token', () => {
  it('issues a bearer token for username, password and realm', async () => {
    const r = await v.h.call('POST', '/v1/token', { key: null, body: { ...USER, username: USER.username.toUpperCase(), realm: REALM } });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ access_token: expect.any(String), expires_in: 3600, scope: 'read:api write:api', token_type: 'Bearer' });
    expect((await v.call('GET', '/v1/risks', { token: r.json.access_token })).status).toBe(200);
  });

  it.each([
    ['a wrong password', { ...USER, password: 'wrong password', realm: REALM }],
    ['an unknown user', { username: 'nobody@bank.example', password: 'x', realm: REALM }],
    ['a wrong realm (realms are case-sensitive)', { ...USER, realm: REALM.toLowerCase() }],
    ['a disabled user', { username: 'gone@bank.example', password: 'disabled user pw', realm: REALM }],
  ])('answers 401 INVALID_CREDENTIALS for %s, alike', async (_what, body) => {
    const r = await v.h.call('POST', '/v1/token', { key: null, body });
    expectProblem(r, 401, 'INVALID_CREDENTIALS');
    expect(r.headers.get('www-authenticate')).toBe(`Bearer realm="${REALM}", error="invalid_token"`);
  });

  it('answers 400 with every violation of an invalid request', async () => {
    const r = await v.h.call('POST', '/v1/token', { key: null, body: { username: 'not-an-email', password: 'x' } });
    expectProblem(r, 400, 'INVALID_EMAIL_ADDRESS');
    expect(r.json.errors).toContainEqual(expect.objectContaining({ code: 'MANDATORY_COLUMN_MISSING', path: '$.realm' }));
  });

  it('answers 429 TOO_MANY_ATTEMPTS once a user has failed too often, without checking the password', async () => {
    const body = { username: 'target@bank.example', password: 'guess', realm: REALM };
    for (let i = 0; i < 3; i++) expect((await v.h.call('POST', '/v1/token', { key: null, body })).status).toBe(401);
    const r = await v.h.call('POST', '/v1/token', { key: null, body });
    expectProblem(r, 429, 'TOO_MANY_ATTEMPTS');
    expect(r.headers.get('retry-after')).toBe('60');
  });
});

describe('Authorization: Bearer', () => {
  const tokenFor = async (realm: string, ttlSeconds = 3600) => {
    const users = new InMemoryCredentialStore();
    await users.putUser({ identifier: '00005e70-0000-4000-8000-000000000009', username: 'x@bank.example', realm, password_hash: await hashApiPassword('pw', 4) });
    const t = await createTokenService({ users, secret: SECRET, clock: v.clock, ids: v.area.ids, ttlSeconds }).issue({ username: 'x@bank.example', password: 'pw', realm });
    if (!t.ok) throw new Error('token');
    return t.value.access_token;
  };

  it.each([
    ['no Authorization header', undefined, 'INVALID_TOKEN'],
    ['another scheme', 'Token abc', 'INVALID_TOKEN'],
    ['a token that is not one', 'Bearer not.a.token', 'INVALID_TOKEN'],
  ])('answers 401 for %s', async (_what, header, code) => {
    const r = await v.call('GET', '/v1/risks', { token: null, ...(header ? { headers: { authorization: header } } : {}) });
    expectProblem(r, 401, code);
    expect(r.headers.get('www-authenticate')).toMatch(/^Bearer realm="Bank"/);
  });

  it('answers 401 INVALID_TOKEN for a token whose signature was changed', async () => {
    const t = await v.token();
    const [h, p, s] = t.split('.') as [string, string, string];
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), sub: '00005e70-0000-4000-8000-0000000000ff' })).toString('base64url')}.${s}`;
    expectProblem(await v.call('GET', '/v1/risks', { token: forged }), 401, 'INVALID_TOKEN');
  });

  it('answers 401 TOKEN_EXPIRED once the token has expired', async () => {
    const t = await tokenFor(REALM, 60);
    expect((await v.call('GET', '/v1/risks', { token: t })).status).toBe(200);
    v.clock.skew = 61_000;
    try {
      const r = await v.call('GET', '/v1/risks', { token: t });
      expectProblem(r, 401, 'TOKEN_EXPIRED');
      expect(r.headers.get('www-authenticate')).toContain('the token has expired');
    } finally {
      v.clock.skew = 0;
    }
  });

  it('answers 401 WRONG_REALM for a token of another realm, even under the same secret', async () => {
    expectProblem(await v.call('GET', '/v1/risks', { token: await tokenFor('Other') }), 401, 'WRONG_REALM');
  });

  it('checks the token before the request: an invalid request without a token answers 401', async () => {
    expectProblem(await v.call('POST', '/v1/transactions', { token: null, body: { nonsense: true } }), 401, 'INVALID_TOKEN');
  });
});

describe('problem details', () => {
  it.each([
    ['an unknown path', 'GET', '/v1/nothing-here', {}, 404, 'NOT_FOUND'],
    ['a body that is not JSON', 'POST', '/v1/alert-mutes', { raw: '{"profile_identifier":' }, 400, 'INVALID_JSON'],
    ['a body that is not JSON at all (text/plain)', 'POST', '/v1/alert-mutes', { raw: 'hello', headers: { 'content-type': 'text/plain' } }, 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['a body over the body limit', 'POST', '/v1/alert-mutes', { raw: JSON.stringify({ profile_identifier: 'x'.repeat(1_100_000) }) }, 413, 'MAX_SIZE_LIMIT_REACHED'],
    ['an unknown query parameter', 'GET', '/v1/risks?page=2', {}, 400, 'UNKNOWN_FIELD'],
    ['a page number that is not one', 'GET', '/v1/risks?page_number=0', {}, 400, 'INVALID_NUMBER'],
    ['a page size over 1000', 'GET', '/v1/alert-mutes?page_size=1001', {}, 400, 'INVALID_NUMBER'],
    ['a missing resource', 'GET', '/v1/transactions/00000000-0000-4000-8000-000000000000', {}, 404, 'TRANSACTION_NOT_FOUND'],
  ] as const)('%s: %s %s', async (_what, method, path, o, status, code) => {
    expectProblem(await v.call(method, path, o as never), status, code);
  });

  it('a failure of the search area keeps its own envelope: /v1 problems do not leak into it', async () => {
    const r = await v.h.call('GET', '/searches/999999');
    expect(r.json).toEqual({ code: 404, message: 'search not found', status: 'failure' });
  });
});

describe('/openapi.json', () => {
  it('with the /v1 area, is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate((await v.h.call('GET', '/openapi.json')).json);
    expect(result.errors ?? [], String(JSON.stringify(result.errors)).slice(0, 1000)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('documents every /v1 operation with the Bearer scheme (none for the token) and problem responses', async () => {
    const doc = (await v.h.call('GET', '/openapi.json')).json;
    for (const route of V1_ROUTES) {
      const op = doc.paths[route.path.replace(/:([a-z_]+)/g, '{$1}')]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.path}`).toBeDefined();
      expect(op.security).toEqual(route.path === '/v1/token' ? [] : [{ Bearer: [] }]);
      expect(op.responses.default.content['application/problem+json'].schema).toEqual({ $ref: '#/components/schemas/V1_Problem' });
    }
    expect(doc.components.securitySchemes.Bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('takes its request bodies from the schemas the services validate with', async () => {
    const doc = (await v.h.call('GET', '/openapi.json')).json;
    expect(doc.paths['/v1/transactions'].post.requestBody.content['application/json'].schema).toEqual(transactionBody('transaction', 'input'));
    expect(doc.paths['/v1/token'].post.requestBody.content['application/json'].schema).toEqual(transactionBody('token_request', 'input'));
    expect(doc.components.schemas.V1_input_bank_payment_details).toBeDefined();
  });
});
