/**
 * A rate limiter shared by every instance through the database: a sliding window per key, exact (the same rule as
 * `SlidingWindowRateLimiter`: a call is allowed when fewer than `limit` calls were allowed in the window before it).
 * One row per key holds the times of the calls allowed in the current window; one upsert prunes the calls that left
 * the window, decides and records the call. The row lock of ON CONFLICT DO UPDATE serialises the calls of one key
 * across instances, so N instances together allow `limit` calls per window, not N × `limit`.
 * Times are the callers' (the service passes its clock): keep the instances' clocks in sync (NTP).
 */
import type { RateLimiter } from '../service/rate-limit.js';
import type { PgQueryable } from './pool.js';

export interface PostgresRateLimiterOptions {
  /** Window length in milliseconds (default 60 000). */
  windowMs?: number;
}

const TAKE = `
INSERT INTO tamis_rate_limits AS r (key, calls, allowed)
VALUES ($1, CASE WHEN $3::int > 0 THEN ARRAY[$4::bigint] ELSE '{}'::bigint[] END, $3::int > 0)
ON CONFLICT (key) DO UPDATE SET
  allowed = (SELECT count(*) FROM unnest(r.calls) c WHERE c > $2::bigint) < $3::int,
  calls = CASE
    WHEN (SELECT count(*) FROM unnest(r.calls) c WHERE c > $2::bigint) < $3::int
      THEN ARRAY(SELECT c FROM unnest(r.calls) c WHERE c > $2::bigint ORDER BY c) || $4::bigint
    ELSE ARRAY(SELECT c FROM unnest(r.calls) c WHERE c > $2::bigint ORDER BY c)
  END
RETURNING allowed`;

export function createPostgresRateLimiter(pool: PgQueryable, options: PostgresRateLimiterOptions = {}): RateLimiter & { readonly windowMs: number } {
  const windowMs = options.windowMs ?? 60_000;
  return {
    windowMs,
    async take(key, limit, nowMs) {
      const cap = Number.isFinite(limit) ? Math.max(0, Math.floor(limit)) : 2 ** 31 - 1;
      const r = await pool.query<{ allowed: boolean }>(TAKE, [key, Math.floor(nowMs) - windowMs, cap, Math.floor(nowMs)]);
      return r.rows[0]?.allowed === true;
    },
  };
}
