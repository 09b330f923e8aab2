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

describe('token hardening', () => {
  const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  /** Every other last character that decodes to the same 32 bytes (base64url's spare low bits). */
  const siblings = (t: string): string[] => {
    const i = ALPHABET.indexOf(t.at(-1)!);
    return [0, 1, 2, 3].map((k) => (i & ~3) | k).filter((j) => j !== i).map((j) => `${t.slice(0, -1)}${ALPHABET[j]}`);
  };

  async function token() {
    const { svc } = await setup();
    const r = await svc.issue({ username: 'api@example.com', password: 's3cret!', realm: 'Acme' });
    if (!r.ok) throw new Error('issue');
    return { svc, t: r.value.access_token };
  }

  it('a signature whose last character is changed to one that decodes to the same bytes does not verify', async () => {
    const { svc, t } = await token();
    expect(svc.verify(t).ok).toBe(true);
    for (const s of siblings(t)) expect(svc.verify(s).ok).toBe(false);
  });

  it.each([
    ['= padding appended', (t: string) => `${t}=`],
    ['= inserted in the signature', (t: string) => `${t.slice(0, -10)}=${t.slice(-10)}`],
    ['NUL inserted in the signature', (t: string) => `${t.slice(0, -10)}\u0000${t.slice(-10)}`],
    ['a space inserted in the signature', (t: string) => `${t.slice(0, -10)} ${t.slice(-10)}`],
    ['the signature in standard base64', (t: string) => t.replace(/-/g, '+').replace(/_/g, '/') + (/[-_]/.test(t.split('.')[2]!) ? '' : '+')],
  ])('a signature with %s does not verify', async (_n, mangle) => {
    const { svc, t } = await token();
    const v = svc.verify(mangle(t));
    expect(!v.ok && v.error.errors[0]!.code).toBe('INVALID_TOKEN');
  });

  it.each([undefined, null, 42, {}])('verify(%s) (a missing Authorization header) is a 401 INVALID_TOKEN', async (given) => {
    const { svc } = await token();
    const v = svc.verify(given as never);
    expect(!v.ok && [v.error.status, v.error.errors[0]!.code]).toEqual([401, 'INVALID_TOKEN']);
  });

  it('a password over 72 bytes is refused when hashed and when a token is requested (never silently cut)', async () => {
    const long = 'p'.repeat(72) + 'extra';
    await expect(hashApiPassword(long, 4)).rejects.toThrow(RangeError);
    await expect(hashApiPassword('é'.repeat(37), 4)).rejects.toThrow(RangeError);
    expect(await hashApiPassword('p'.repeat(72), 4)).toMatch(/^\$2/);
    const store = new InMemoryCredentialStore();
    // A hash made by truncating bcrypt, as before: the first 72 bytes alone must not open it.
    await store.putUser({ identifier: USER_ID, username: 'api@example.com', realm: 'Acme', password_hash: await hashApiPassword('p'.repeat(72), 4) });
    const svc = createTokenService({ users: store, secret: SECRET, clock: clockAt('2026-03-01T12:00:00Z'), ids: sequentialTransactionIds() });
    const r = await svc.issue({ username: 'api@example.com', password: long, realm: 'Acme' });
    expect(!r.ok && [r.error.status, r.error.errors[0]!.code, r.error.errors[0]!.path]).toEqual([400, 'MAX_SIZE_LIMIT_REACHED', '$.password']);
  });

  it('failed token requests are limited per user: past the limit even the right password waits for the window', async () => {
    const store = new InMemoryCredentialStore();
    await store.putUser({ identifier: USER_ID, username: 'api@example.com', realm: 'Acme', password_hash: await hashApiPassword('s3cret!', 4) });
    const clock = clockAt('2026-03-01T12:00:00Z');
    const svc = createTokenService({ users: store, secret: SECRET, clock, ids: sequentialTransactionIds(), failures: { maxFailures: 3, windowMs: 60_000 } });
    const attempt = async (password: string) => {
      const r = await svc.issue({ username: 'API@example.com', password, realm: 'Acme' });
      return r.ok ? 200 : r.error.status;
    };
    expect([await attempt('a'), await attempt('b'), await attempt('c')]).toEqual([401, 401, 401]);
    expect(await attempt('s3cret!')).toBe(429);
    const other = await svc.issue({ username: 'who@example.com', password: 'x', realm: 'Acme' });
    expect(!other.ok && other.error.status).toBe(401);
    clock.advance(61);
    expect(await attempt('s3cret!')).toBe(200);
  });

  it('failed token requests over all users are limited too (ten times the per-user limit)', async () => {
    const clock = clockAt('2026-03-01T12:00:00Z');
    const svc = createTokenService({ users: new InMemoryCredentialStore(), secret: SECRET, clock, ids: sequentialTransactionIds(), failures: { maxFailures: 1, windowMs: 60_000 } });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const r = await svc.issue({ username: `u${i}@example.com`, password: 'x', realm: 'Acme' });
      statuses.push(r.ok ? 200 : r.error.status ?? 0);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
