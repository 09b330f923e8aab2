/**
 * A limit on failed authentication attempts: after `maxFailures` failures of one key within `windowMs`, the key
 * is refused (without checking anything) until the oldest of those failures leaves the window. Guessing a
 * password, or an api key, then costs a window per `maxFailures` guesses instead of microseconds each. Time comes
 * in as an argument (the caller's clock). Memory is bounded: at most `maxKeys` keys are tracked (the oldest
 * tracked key is forgotten first) and at most `maxFailures` times per key.
 */
export interface FailureLimitOptions {
  /** Failures allowed per key within the window (default 10). */
  maxFailures?: number;
  /** Window length in milliseconds (default 15 minutes). */
  windowMs?: number;
  /** Keys tracked at most (default 10 000). */
  maxKeys?: number;
}

export class FailureLimiter {
  readonly maxFailures: number;
  readonly windowMs: number;
  private readonly maxKeys: number;
  private readonly failures = new Map<string, number[]>();

  constructor(options: FailureLimitOptions = {}) {
    this.maxFailures = options.maxFailures ?? 10;
    this.windowMs = options.windowMs ?? 15 * 60_000;
    this.maxKeys = options.maxKeys ?? 10_000;
    if (!(this.maxFailures >= 1 && this.windowMs > 0 && this.maxKeys >= 1)) throw new RangeError('FailureLimiter: limits must be positive');
  }

  private recent(key: string, nowMs: number): number[] {
    const list = this.failures.get(key);
    if (!list) return [];
    const from = nowMs - this.windowMs;
    let drop = 0;
    while (drop < list.length && list[drop]! <= from) drop++;
    if (drop > 0) list.splice(0, drop);
    if (list.length === 0) this.failures.delete(key);
    return list;
  }

  /** Whether `key` may make an attempt at `nowMs`. */
  allows(key: string, nowMs: number): boolean {
    return this.recent(key, nowMs).length < this.maxFailures;
  }

  /** Record a failed attempt of `key` at `nowMs`. */
  fail(key: string, nowMs: number): void {
    const list = this.recent(key, nowMs);
    if (list.length === 0) {
      if (this.failures.size >= this.maxKeys) this.failures.delete(this.failures.keys().next().value as string);
      this.failures.set(key, list);
    }
    list.push(nowMs);
    if (list.length > this.maxFailures) list.shift();
  }

  /** Milliseconds until `key` may try again (0 when it may now). */
  retryAfterMs(key: string, nowMs: number): number {
    const list = this.recent(key, nowMs);
    return list.length < this.maxFailures ? 0 : list[0]! + this.windowMs - nowMs;
  }
}
