/**
 * Rate limiting per api key (search-api.md "Limits": 600 calls per minute, 300 for sandbox, configurable).
 * A sliding window: a call is allowed when fewer than `limit` calls were allowed in the preceding window.
 * Time comes in as an argument (the service passes its Clock), so this stays pure.
 */
export interface RateLimitOptions {
  /** Calls per window for standard keys (default 600). */
  perMinute?: number;
  /** Calls per window for sandbox keys (default 300). */
  sandboxPerMinute?: number;
  /** Window length in milliseconds (default 60 000). */
  windowMs?: number;
  /** Where calls are counted (default: in this process, over `windowMs`). Give a shared one to several instances. */
  limiter?: RateLimiter;
}

/**
 * Where the calls of a window are counted. `SlidingWindowRateLimiter` counts in the process; an adapter over a
 * shared database (`createPostgresRateLimiter` of `tamis/postgres`) makes one limit hold across every instance.
 */
export interface RateLimiter {
  /** Records a call of `key` at `nowMs` and answers true, or answers false (nothing recorded) when `limit` calls were already allowed in the window before it. */
  take(key: string, limit: number, nowMs: number): boolean | Promise<boolean>;
}

export const DEFAULT_RATE_LIMIT = 600;
export const DEFAULT_SANDBOX_RATE_LIMIT = 300;

export class SlidingWindowRateLimiter implements RateLimiter {
  readonly windowMs: number;
  private readonly calls = new Map<string, number[]>();

  constructor(windowMs = 60_000) {
    this.windowMs = windowMs;
  }

  /** Records a call at `nowMs` and returns true, or returns false (nothing recorded) when over `limit`. */
  take(key: string, limit: number, nowMs: number): boolean {
    const from = nowMs - this.windowMs;
    let list = this.calls.get(key);
    if (!list) {
      list = [];
      this.calls.set(key, list);
    }
    let drop = 0;
    while (drop < list.length && (list[drop] as number) <= from) drop++;
    if (drop > 0) list.splice(0, drop);
    if (list.length >= limit) return false;
    list.push(nowMs);
    return true;
  }

  /** Calls left in the current window for `key`. */
  remaining(key: string, limit: number, nowMs: number): number {
    const from = nowMs - this.windowMs;
    const used = (this.calls.get(key) ?? []).filter((t) => t > from).length;
    return Math.max(0, limit - used);
  }
}
