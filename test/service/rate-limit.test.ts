import { describe, expect, it } from 'vitest';
import { backoffDelayMs, SlidingWindowRateLimiter, withRetry } from '../../src/service/index.js';
import { ALICE, SANDBOX, setup, STORES } from './helpers.js';

describe('SlidingWindowRateLimiter', () => {
  it('allows `limit` calls in any window and frees slots as they age out', () => {
    const l = new SlidingWindowRateLimiter(60_000);
    expect(l.take('k', 2, 0)).toBe(true);
    expect(l.take('k', 2, 30_000)).toBe(true);
    expect(l.take('k', 2, 59_999)).toBe(false);
    expect(l.remaining('k', 2, 59_999)).toBe(0);
    expect(l.take('other', 2, 59_999)).toBe(true);
    expect(l.take('k', 2, 60_000)).toBe(true); // the call at 0 left the window
    expect(l.take('k', 2, 60_001)).toBe(false);
    expect(l.take('k', 2, 90_000)).toBe(true);
  });
});

describe.each(STORES)('rate limiting (%s store)', (_name, makeStore) => {
  it('600 calls per minute per api key, then 429 with an empty body; other keys unaffected', async () => {
    const t = await setup(makeStore);
    for (let i = 0; i < 600; i++) {
      const r = await t.alice.listUsers();
      if (r.status !== 'success') throw new Error(`call ${i} refused`);
    }
    expect(await t.alice.listUsers()).toEqual({ status: 'empty', code: 429 });
    expect(await t.alice.createSearch({ search_term: 'smith' })).toEqual({ status: 'empty', code: 429 });
    expect((await t.bob.listUsers()).status).toBe('success');
    t.clock.advance(60_000);
    expect((await t.alice.listUsers()).status).toBe('success');
  });

  it('sandbox keys get 300; limits are configurable per service and per key', async () => {
    const t = await setup(makeStore);
    const sandbox = t.service.forApiKey(SANDBOX);
    for (let i = 0; i < 300; i++) await sandbox.listUsers();
    expect(await sandbox.listUsers()).toEqual({ status: 'empty', code: 429 });

    const c = await setup(makeStore, undefined, { rateLimit: { perMinute: 3, sandboxPerMinute: 1 } });
    for (let i = 0; i < 3; i++) expect((await c.alice.listUsers()).status).toBe('success');
    expect((await c.alice.listUsers()).code).toBe(429);
    await c.service.createApiKey(2, 'bob-special-key', { rate_limit: 5 });
    const special = c.service.forApiKey('bob-special-key');
    for (let i = 0; i < 5; i++) expect((await special.listUsers()).status).toBe('success');
    expect((await special.listUsers()).code).toBe(429);

    const off = await setup(makeStore, undefined, { rateLimit: false });
    for (let i = 0; i < 700; i++) await off.alice.listUsers();
    expect((await off.alice.listUsers()).status).toBe('success');
  });

  it('the retry helper gets through once the window frees up', async () => {
    const t = await setup(makeStore, undefined, { rateLimit: { perMinute: 2 } });
    await t.alice.listUsers();
    await t.alice.listUsers();
    const sleeps: number[] = [];
    const r = await withRetry(() => t.alice.listUsers(), {
      random: () => 0,
      sleep: async (ms) => {
        sleeps.push(ms);
        t.clock.advance(ms);
      },
    });
    expect(r.status).toBe('success');
    // 2 s, 4 s, 8 s, 16 s, 32 s: 62 s > the 60 s window after the 5th wait
    expect(sleeps).toEqual([2000, 4000, 8000, 16000, 32000]);
    expect(t.service.forApiKey(ALICE)).toBeDefined();
  });
});

describe('client retry rule: min(2^n s + random ms, maximum_backoff)', () => {
  it('computes the waits', () => {
    const r0 = { random: () => 0 };
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => backoffDelayMs(n, r0))).toEqual([2000, 4000, 8000, 16000, 32000, 60000, 60000]);
    const rMax = { random: () => 0.9999999 };
    expect(backoffDelayMs(1, rMax)).toBe(3000); // jitter at most 1000 ms
    expect(backoffDelayMs(5, { random: () => 0.5 })).toBe(32_500);
    expect(backoffDelayMs(5, { random: () => 0.5, maxBackoffMs: 10_000 })).toBe(10_000);
    expect(backoffDelayMs(1000, r0)).toBe(60_000);
  });

  it('retries only 429s, up to maxRetries, returning the last answer', async () => {
    let calls = 0;
    const sleeps: number[] = [];
    const always429 = await withRetry(async () => (calls++, { status: 'empty', code: 429 }), {
      maxRetries: 3,
      random: () => 0.25,
      sleep: async (ms) => void sleeps.push(ms),
    });
    expect(always429).toEqual({ status: 'empty', code: 429 });
    expect(calls).toBe(4);
    expect(sleeps).toEqual([2250, 4250, 8250]);

    calls = 0;
    const failure = await withRetry(async () => (calls++, { code: 400, status: 'failure', message: 'x' }), { random: () => 0, sleep: async () => {} });
    expect(failure.code).toBe(400);
    expect(calls).toBe(1);
  });
});

describe('failed api-key lookups (issue 17)', () => {
  it('past the limit of failed lookups every call answers 429 until the window moves on: keys cannot be guessed at memory speed', async () => {
    const t = await setup(STORES[0]![1], undefined, { authFailures: { maxFailures: 5, windowMs: 60_000 } });
    for (let i = 0; i < 5; i++) expect(await t.service.forApiKey(`guess-${i}`).listUsers()).toMatchObject({ code: 401, status: 'failure' });
    expect(await t.service.forApiKey('guess-5').listUsers()).toEqual({ status: 'empty', code: 429 });
    expect(await t.alice.listUsers()).toEqual({ status: 'empty', code: 429 });
    t.clock.advance(60_001);
    expect((await t.alice.listUsers()).status).toBe('success');
  });

  it('the default allows 1000 failed lookups a minute', async () => {
    const t = await setup(STORES[0]![1]);
    for (let i = 0; i < 1000; i++) await t.service.forApiKey(`guess-${i}`).listUsers();
    expect(await t.service.forApiKey('guess').listUsers()).toEqual({ status: 'empty', code: 429 });
  });
});

describe.each(STORES)('authorize: the gate every call passes first (%s store)', (_name, makeStore) => {
  const UNAUTHORIZED = { code: 401, message: 'unauthorized: missing or invalid api key (Authorization: Token <API_KEY>)', status: 'failure' };

  it('answers 401 for a missing, unknown or revoked key and for a key of an inactive user, as the endpoints do', async () => {
    const t = await setup(makeStore);
    for (const key of ['', 'nope-nope-nope']) expect(await t.service.forApiKey(key).authorize()).toEqual(UNAUTHORIZED);
    expect(await t.alice.authorize()).toBeNull();
    await t.service.revokeApiKey(ALICE);
    expect(await t.alice.authorize()).toEqual(UNAUTHORIZED);
    await t.service.createUser({ id: 2, email: 'bob@example.com', name: 'Bob', is_active: false });
    expect(await t.bob.authorize()).toEqual(UNAUTHORIZED);
  });

  it('counts one call against the rate limit, shared with the endpoints: 429 (empty) over it', async () => {
    const t = await setup(makeStore, undefined, { rateLimit: { perMinute: 3 } });
    expect(await t.alice.authorize()).toBeNull();
    expect((await t.alice.listUsers()).status).toBe('success');
    expect(await t.alice.authorize()).toBeNull();
    expect(await t.alice.authorize()).toEqual({ status: 'empty', code: 429 });
    expect(await t.alice.listUsers()).toEqual({ status: 'empty', code: 429 });
    expect(await t.bob.authorize()).toBeNull();
    t.clock.advance(60_000);
    expect(await t.alice.authorize()).toBeNull();
  });
});
