/**
 * Black-box harness of the /v1 area: the server of ../harness.ts (real HTTPS on 127.0.0.1, every response checked
 * against /openapi.json) with a transaction area in memory, an API user, and a clock the tests can move forward.
 */
import { createTransactionArea, memoryTransactionAreaStores, type TransactionArea, type TransactionAreaOptions } from '../../../src/server/index.js';
import { hashApiPassword } from '../../../src/tokens/index.js';
import type { TransactionClock } from '../../../src/transactions/index.js';
import { setupService, startHarness, type Harness, type Reply } from '../harness.js';

export const REALM = 'Bank';
export const SECRET = 'test-secret-of-at-least-thirty-two-bytes';
export const ACCOUNT = '0000acc0-0000-4000-8000-000000000001';
export const USER = { username: 'api@bank.example', password: 'correct horse battery' };
export const OTHER_USER = { username: 'ops@bank.example', password: 'another long password' };

/** The wall clock moved forward by `skew` milliseconds. */
export interface SkewClock extends TransactionClock {
  skew: number;
}

export interface V1Harness {
  h: Harness;
  area: TransactionArea;
  clock: SkewClock;
  /** A token of USER (issued once). */
  token(): Promise<string>;
  /** Calls with `Authorization: Bearer <token>` (USER's unless given; null: no header). */
  call(method: string, path: string, o?: { token?: string | null; body?: unknown; raw?: string; form?: FormData; headers?: Record<string, string> }): Promise<Reply>;
  close(): Promise<void>;
}

export async function startV1(options: Partial<TransactionAreaOptions> = {}): Promise<V1Harness> {
  const service = await setupService();
  const clock: SkewClock = { skew: 0, now: () => new Date(Date.now() + clock.skew).toISOString() };
  const area = await createTransactionArea({
    stores: memoryTransactionAreaStores(),
    account_identifier: ACCOUNT,
    realm: REALM,
    tokenSecret: SECRET,
    // Hashed at bcrypt's lowest cost, so the tests spend their time on the server rather than on hashing.
    users: await Promise.all(
      [USER, OTHER_USER, { username: 'gone@bank.example', password: 'disabled user pw', disabled: true }].map(async ({ password, ...u }) => ({
        ...u,
        password_hash: await hashApiPassword(password, 4),
      })),
    ),
    screener: () => service.screener,
    clock,
    ...options,
  });
  const h = await startHarness({ service, transactions: area });
  let token: string | null = null;
  const v: V1Harness = {
    h,
    area,
    clock,
    async token() {
      if (token === null) {
        const r = await h.call('POST', '/v1/token', { key: null, body: { ...USER, realm: REALM } });
        if (r.status !== 200) throw new Error(`token: ${r.status} ${r.text}`);
        token = r.json.access_token as string;
      }
      return token;
    },
    async call(method, path, o = {}) {
      const t = o.token === undefined ? await v.token() : o.token;
      const headers = { ...(t !== null ? { authorization: `Bearer ${t}` } : {}), ...(o.headers ?? {}) };
      return h.call(method, path, {
        key: null,
        headers,
        ...(o.body !== undefined ? { body: o.body } : {}),
        ...(o.raw !== undefined ? { raw: o.raw } : {}),
        ...(o.form !== undefined ? { form: o.form as never } : {}),
      });
    },
    close: () => h.close(),
  };
  return v;
}
