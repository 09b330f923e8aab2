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
import { FailureLimiter, type FailureLimitOptions } from './failures.js';
import type { CredentialStore } from './ports.js';

export const TOKEN_SCOPE = 'read:api write:api' as const;
/** bcrypt reads at most this many bytes of a password; a longer one is refused rather than silently cut. */
export const MAX_PASSWORD_BYTES = 72;
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
  /**
   * Failed token requests allowed per realm and username, and for all users together (ten times as many), within
   * a window (default 10 per 15 minutes); past it the request answers 429 `TOO_MANY_ATTEMPTS` without checking
   * the password. `false` turns the limit off.
   */
  failures?: FailureLimitOptions | false;
}

export interface TokenService {
  issue(request: unknown): Promise<Result<TransactionTokenResponse, TransactionProblemDetail>>;
  /** Verify a token (with or without the `Bearer ` prefix); anything but a string (a missing header) is a 401. */
  verify(token: string | undefined | null): Result<TokenClaims, TransactionProblemDetail>;
}

/** Whether bcrypt reads the whole password (at most `MAX_PASSWORD_BYTES` bytes of UTF-8). */
export const passwordFits = (password: string): boolean => Buffer.byteLength(password, 'utf8') <= MAX_PASSWORD_BYTES;

/**
 * Hash a password for the credential store (bcrypt, cost 10 by default). Uses the platform's random salt.
 * Rejects (RangeError) a password longer than `MAX_PASSWORD_BYTES` bytes: bcrypt would ignore the rest.
 */
export async function hashApiPassword(password: string, rounds = 10): Promise<string> {
  if (!passwordFits(password)) throw new RangeError(`hashApiPassword: a password is at most ${MAX_PASSWORD_BYTES} bytes of UTF-8`);
  return (await bcrypt()).hash(password, rounds);
}

/** bcryptjs, loaded with the first password hashed or checked. */
async function bcrypt(): Promise<typeof import('bcryptjs').default> {
  return (await import('bcryptjs')).default;
}

/** Compared against when the user does not exist, so a missing user costs the same time as a wrong password. */
const DUMMY_HASH = '$2b$10$ubG23amnYpTZccpUVc4VoeiBcimIiuO7.AUWQ98tBSsGFV53cNpUK';

const b64 = (buf: Buffer | string) => Buffer.from(buf).toString('base64url');
/** An HMAC-SHA256 in unpadded base64url: exactly 43 characters of the alphabet, in canonical form. */
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;
const HEADER = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

export function createTokenService(options: TokenServiceOptions): TokenService {
  const { users, clock, ids } = options;
  const secret = typeof options.secret === 'string' ? Buffer.from(options.secret, 'utf8') : Buffer.from(options.secret);
  if (secret.length < MIN_TOKEN_SECRET_BYTES) throw new RangeError(`createTokenService: the secret must be at least ${MIN_TOKEN_SECRET_BYTES} bytes`);
  const ttl = options.ttlSeconds ?? 3600;
  if (!Number.isInteger(ttl) || ttl < 1) throw new RangeError('createTokenService: ttlSeconds must be a positive integer');

  const limiter = options.failures === false ? null : new FailureLimiter(options.failures);
  const allUsers = limiter ? new FailureLimiter({ ...options.failures, maxFailures: limiter.maxFailures * 10 }) : null;
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
      if (!passwordFits(password)) {
        const message = `password is at most ${MAX_PASSWORD_BYTES} bytes of UTF-8`;
        return { ok: false, error: toProblemDetail([{ code: 'MAX_SIZE_LIMIT_REACHED', message, path: '$.password' }], { clock, ids, status: 400 }) };
      }
      const key = `${realm}\u0000${username.toLowerCase()}`;
      const now = Date.parse(clock.now());
      if (limiter && allUsers && (!limiter.allows(key, now) || !allUsers.allows('*', now))) {
        const message = 'too many failed token requests; try again later';
        return { ok: false, error: toProblemDetail([{ code: 'TOO_MANY_ATTEMPTS', message, path: '$' }], { clock, ids, status: 429, title: 'Too Many Requests' }) };
      }
      const user = await users.findUser(realm, username);
      const matches = await (await bcrypt()).compare(password, user?.password_hash ?? DUMMY_HASH);
      if (!user || !matches || user.disabled) {
        limiter?.fail(key, now);
        allUsers?.fail('*', now);
        return unauthorized('INVALID_CREDENTIALS', 'username, password or realm is wrong, or the user is disabled', '$');
      }
      const iat = nowSeconds();
      const claims: TokenClaims = { sub: user.identifier, username: user.username, realm: user.realm, scope: TOKEN_SCOPE, iat, exp: iat + ttl, jti: ids.next() };
      const body = `${HEADER}.${b64(JSON.stringify(claims))}`;
      return { ok: true, value: { access_token: `${body}.${b64(sign(body))}`, expires_in: ttl, scope: TOKEN_SCOPE, token_type: 'Bearer' } };
    },

    verify(token) {
      if (typeof token !== 'string') return unauthorized('INVALID_TOKEN', 'no token given (Authorization: Bearer <token>)', '$.access_token');
      const raw = token.startsWith('Bearer ') ? token.slice(7).trim() : token.trim();
      const parts = raw.split('.');
      if (parts.length !== 3 || parts[0] !== HEADER) return unauthorized('INVALID_TOKEN', 'not a token issued by this service', '$.access_token');
      const [, payload, signature] = parts as [string, string, string];
      // Strict decoding: base64url is lenient (it skips `=`, NUL and other strays, and ignores the spare bits of the
      // last character), so the signature must be exactly the canonical text of 32 bytes before it is compared.
      const given = SIGNATURE.test(signature) ? Buffer.from(signature, 'base64url') : null;
      const expected = sign(`${HEADER}.${payload}`);
      if (given === null || given.length !== expected.length || b64(given) !== signature || !timingSafeEqual(given, expected))
        return unauthorized('INVALID_TOKEN', 'the token signature is not valid', '$.access_token');
      let claims: TokenClaims | null;
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TokenClaims | null;
      } catch {
        return unauthorized('INVALID_TOKEN', 'the token payload is not readable', '$.access_token');
      }
      if (claims === null || typeof claims !== 'object' || typeof claims.exp !== 'number' || claims.scope !== TOKEN_SCOPE) return unauthorized('INVALID_TOKEN', 'the token claims are not valid', '$.access_token');
      if (nowSeconds() >= claims.exp) return unauthorized('TOKEN_EXPIRED', 'the token has expired; request a new one', '$.access_token');
      return { ok: true, value: claims };
    },
  };
}
