import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { InMemoryCredentialStore, createTokenService, hashApiPassword, type CredentialStore } from '../../src/tokens/index.js';
import { createSqliteCredentialStore } from '../../src/tokens/sqlite/index.js';
import { testCredentialStore } from '../../src/tokens/testing/conformance.js';
import { sequentialTransactionIds, validateTransactionShape } from '../../src/transactions/index.js';

testCredentialStore('memory', () => new InMemoryCredentialStore());
testCredentialStore('sqlite (:memory:)', () => createSqliteCredentialStore(new Database(':memory:')));

const SECRET = 'a-host-secret-of-at-least-32-bytes!!';
const USER_ID = '00000000-0000-4000-8000-0000000000aa';

function clockAt(iso: string) {
  let t = Date.parse(iso);
  return { now: () => new Date(t).toISOString(), advance: (s: number) => (t += s * 1000) };
}

async function setup(store: CredentialStore = new InMemoryCredentialStore(), ttlSeconds?: number) {
  await store.putUser({ identifier: USER_ID, username: 'api@example.com', realm: 'Acme', password_hash: await hashApiPassword('s3cret!', 4) });
  await store.putUser({ identifier: USER_ID.replace('aa', 'bb'), username: 'off@example.com', realm: 'Acme', password_hash: await hashApiPassword('s3cret!', 4), disabled: true });
  const clock = clockAt('2026-03-01T12:00:00Z');
  const svc = createTokenService({ users: store, secret: SECRET, clock, ids: sequentialTransactionIds('0000cccc'), ...(ttlSeconds ? { ttlSeconds } : {}) });
  return { svc, clock };
}

describe.each([
  ['memory', () => new InMemoryCredentialStore()],
  ['sqlite', () => createSqliteCredentialStore(new Database(':memory:'))],
] as const)('tokens over the %s credential store', (_kind, makeStore) => {
  it('right credentials give a Bearer token with the spec response shape', async () => {
    const { svc } = await setup(makeStore());
    const r = await svc.issue({ username: 'API@example.com', password: 's3cret!', realm: 'Acme' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toEqual({ access_token: expect.any(String), expires_in: 3600, scope: 'read:api write:api', token_type: 'Bearer' });
    expect(validateTransactionShape('token_response', r.value, 'output').ok).toBe(true);
    const v = svc.verify(`Bearer ${r.value.access_token}`);
    expect(v.ok && v.value).toMatchObject({ sub: USER_ID, realm: 'Acme', scope: 'read:api write:api', exp: v.ok ? v.value.iat + 3600 : 0 });
  });

  it.each([
    ['a wrong password', { username: 'api@example.com', password: 'nope', realm: 'Acme' }],
    ['an unknown user', { username: 'who@example.com', password: 's3cret!', realm: 'Acme' }],
    ['a realm in the wrong case', { username: 'api@example.com', password: 's3cret!', realm: 'acme' }],
    ['a disabled user', { username: 'off@example.com', password: 's3cret!', realm: 'Acme' }],
  ])('%s gives one clear 401 INVALID_CREDENTIALS problem', async (_n, body) => {
    const { svc } = await setup(makeStore());
    const r = await svc.issue(body);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatchObject({ status: 401, title: 'Unauthorized', identifier: expect.any(String), timestamp: '2026-03-01T12:00:00.000Z' });
    expect(r.error.errors.map((e) => e.code)).toEqual(['INVALID_CREDENTIALS']);
    expect(validateTransactionShape('problem_detail', r.error, 'output').ok).toBe(true);
  });
});

describe('token requests and verification', () => {
  it.each([
    ['a missing realm', { username: 'api@example.com', password: 'x' }, 'MANDATORY_COLUMN_MISSING'],
    ['a username that is not an email', { username: 'api', password: 'x', realm: 'Acme' }, 'INVALID_EMAIL_ADDRESS'],
    ['an unknown field', { username: 'api@example.com', password: 'x', realm: 'Acme', grant_type: 'password' }, 'UNKNOWN_FIELD'],
  ])('a request with %s is a 400 problem', async (_n, body, code) => {
    const { svc } = await setup();
    const r = await svc.issue(body);
    expect(!r.ok && [r.error.status, r.error.errors[0]!.code]).toEqual([400, code]);
  });

  it('a token stops verifying at its expiry with TOKEN_EXPIRED', async () => {
    const { svc, clock } = await setup(undefined, 60);
    const r = await svc.issue({ username: 'api@example.com', password: 's3cret!', realm: 'Acme' });
    if (!r.ok) throw new Error('issue');
    expect(r.value.expires_in).toBe(60);
    clock.advance(59);
    expect(svc.verify(r.value.access_token).ok).toBe(true);
    clock.advance(1);
    const v = svc.verify(r.value.access_token);
    expect(!v.ok && [v.error.status, v.error.errors[0]!.code]).toEqual([401, 'TOKEN_EXPIRED']);
  });

  it.each([
    ['garbage', () => 'not-a-token'],
    ['a tampered payload', (t: string) => { const [h, p, s] = t.split('.'); const claims = JSON.parse(Buffer.from(p!, 'base64url').toString()); claims.exp += 9999; return `${h}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${s}`; }],
    ['a tampered signature', (t: string) => `${t.slice(0, -2)}${t.endsWith('AA') ? 'BB' : 'AA'}`],
    ['an empty string', () => ''],
  ])('%s does not verify (INVALID_TOKEN)', async (_n, mangle) => {
    const { svc } = await setup();
    const r = await svc.issue({ username: 'api@example.com', password: 's3cret!', realm: 'Acme' });
    if (!r.ok) throw new Error('issue');
    const v = svc.verify(mangle(r.value.access_token));
    expect(!v.ok && [v.error.status, v.error.errors[0]!.code]).toEqual([401, 'INVALID_TOKEN']);
  });

  it('a token signed under another secret does not verify', async () => {
    const { svc } = await setup();
    const other = createTokenService({ users: new InMemoryCredentialStore(), secret: 'x'.repeat(32), clock: clockAt('2026-03-01T12:00:00Z'), ids: sequentialTransactionIds() });
    const r = await svc.issue({ username: 'api@example.com', password: 's3cret!', realm: 'Acme' });
    if (!r.ok) throw new Error('issue');
    expect(other.verify(r.value.access_token).ok).toBe(false);
  });

  it.each([
    ['a short secret', { secret: 'short' }],
    ['a zero lifetime', { ttlSeconds: 0 }],
  ])('the service refuses %s at construction', (_n, over) => {
    expect(() =>
      createTokenService({ users: new InMemoryCredentialStore(), secret: SECRET, clock: clockAt('2026-01-01T00:00:00Z'), ids: sequentialTransactionIds(), ...over }),
    ).toThrow(RangeError);
  });

  it('password hashes are bcrypt hashes', async () => {
    expect(await hashApiPassword('pw', 4)).toMatch(/^\$2[aby]\$04\$/);
  });
});
