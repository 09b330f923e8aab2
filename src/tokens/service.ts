/**
 * Bearer tokens for API users (transaction-contracts.md, "Token" and "Authentication"): `username`, `password`,
 * `realm` in; `access_token`, `expires_in`, `scope` `read:api write:api`, `token_type` `Bearer` out. Tokens are
 * compact JWTs signed with HMAC-SHA256 under a host-supplied secret; the clock port decides expiry. Failures are the
 * transaction area's problem-detail values.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Result } from '../errors.js';
import type { TransactionClock, TransactionIdGenerator } from '../transactions/ports.js';
import type { TransactionProblemDetail, TransactionTokenRequest, TransactionTokenResponse } from '../transactions/types.js';
import { toProblemDetail, validateTransactionShape } from '../transactions/validation.js';
import type { CredentialStore } from './ports.js';

export const TOKEN_SCOPE = 'read:api write:api' as const;
/** Smallest accepted signing secret, in bytes. */
export const MIN_TOKEN_SECRET_BYTES = 32;

/** The claims of a verified token. */
export interface TokenClaims {
  /** The user identifier. */
  sub: string;
  username: string;
  realm: string;
  scope: typeof TOKEN_SCOPE;
  /** Issued at, seconds since the epoch. */
  iat: number;
  /** Expires at, seconds since the epoch. */
  exp: number;
  /** Token id. */
  jti: string;
}

export interface TokenServiceOptions {
  users: CredentialStore;
  /** HMAC-SHA256 key, at least 32 bytes. */
  secret: string | Uint8Array;
  clock: TransactionClock;
  ids: TransactionIdGenerator;
  /** Token lifetime in seconds (default 3600). */
  ttlSeconds?: number;
}

export interface TokenService {
  issue(request: unknown): Promise<Result<TransactionTokenResponse, TransactionProblemDetail>>;
  /** Verify a token (with or without the `Bearer ` prefix). */
  verify(token: string): Result<TokenClaims, TransactionProblemDetail>;
}

/** Hash a password for the credential store (bcrypt, cost 10 by default). Uses the platform's random salt. */
export async function hashApiPassword(password: string, rounds = 10): Promise<string> {
  return (await bcrypt()).hash(password, rounds);
}

/** bcryptjs, loaded with the first password hashed or checked. */
async function bcrypt(): Promise<typeof import('bcryptjs').default> {
  return (await import('bcryptjs')).default;
}

/** Compared against when the user does not exist, so a missing user costs the same time as a wrong password. */
const DUMMY_HASH = '$2b$10$ubG23amnYpTZccpUVc4VoeiBcimIiuO7.AUWQ98tBSsGFV53cNpUK';

const b64 = (buf: Buffer | string) => Buffer.from(buf).toString('base64url');
const HEADER = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

export function createTokenService(options: TokenServiceOptions): TokenService {
  const { users, clock, ids } = options;
  const secret = typeof options.secret === 'string' ? Buffer.from(options.secret, 'utf8') : Buffer.from(options.secret);
  if (secret.length < MIN_TOKEN_SECRET_BYTES) throw new RangeError(`createTokenService: the secret must be at least ${MIN_TOKEN_SECRET_BYTES} bytes`);
  const ttl = options.ttlSeconds ?? 3600;
  if (!Number.isInteger(ttl) || ttl < 1) throw new RangeError('createTokenService: ttlSeconds must be a positive integer');

  const sign = (data: string) => createHmac('sha256', secret).update(data).digest();
  const nowSeconds = () => Math.floor(Date.parse(clock.now()) / 1000);
  const unauthorized = (code: string, message: string, path: string): { ok: false; error: TransactionProblemDetail } => ({
    ok: false,
    error: toProblemDetail([{ code, message, path }], { clock, ids, status: 401, title: 'Unauthorized' }),
  });

  return {
    async issue(request) {
      const v = validateTransactionShape<TransactionTokenRequest>('token_request', request, 'input');
      if (!v.ok) return { ok: false, error: toProblemDetail(v.error, { clock, ids, status: 400 }) };
      const { username, password, realm } = v.value;
      const user = await users.findUser(realm, username);
      const matches = await (await bcrypt()).compare(password, user?.password_hash ?? DUMMY_HASH);
      if (!user || !matches || user.disabled) {
        return unauthorized('INVALID_CREDENTIALS', 'username, password or realm is wrong, or the user is disabled', '$');
      }
      const iat = nowSeconds();
      const claims: TokenClaims = { sub: user.identifier, username: user.username, realm: user.realm, scope: TOKEN_SCOPE, iat, exp: iat + ttl, jti: ids.next() };
      const body = `${HEADER}.${b64(JSON.stringify(claims))}`;
      return { ok: true, value: { access_token: `${body}.${b64(sign(body))}`, expires_in: ttl, scope: TOKEN_SCOPE, token_type: 'Bearer' } };
    },

    verify(token) {
      const raw = token.startsWith('Bearer ') ? token.slice(7).trim() : token.trim();
      const parts = raw.split('.');
      if (parts.length !== 3 || parts[0] !== HEADER) return unauthorized('INVALID_TOKEN', 'not a token issued by this service', '$.access_token');
      const [, payload, signature] = parts as [string, string, string];
      const expected = sign(`${HEADER}.${payload}`);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return unauthorized('INVALID_TOKEN', 'the token signature is not valid', '$.access_token');
      let claims: TokenClaims;
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TokenClaims;
      } catch {
        return unauthorized('INVALID_TOKEN', 'the token payload is not readable', '$.access_token');
      }
      if (typeof claims.exp !== 'number' || claims.scope !== TOKEN_SCOPE) return unauthorized('INVALID_TOKEN', 'the token claims are not valid', '$.access_token');
      if (nowSeconds() >= claims.exp) return unauthorized('TOKEN_EXPIRED', 'the token has expired; request a new one', '$.access_token');
      return { ok: true, value: claims };
    },
  };
}
