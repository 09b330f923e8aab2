/**
 * The spec's client-side retry rule after HTTP 429 (search-api.md "Limits"):
 * wait min(2^n seconds + random_number_milliseconds, maximum_backoff), n = 1, 2, ...; random ≤ 1000 ms;
 * maximum_backoff typically 60 s; give up after a maximum number of retries.
 */
export interface BackoffOptions {
  /** Cap of one wait, in ms (default 60 000). */
  maxBackoffMs?: number;
  /** Returns a number in [0, 1) (Math.random-like). */
  random: () => number;
}

/** Wait before retry `n` (n ≥ 1), in milliseconds. */
export function backoffDelayMs(n: number, options: BackoffOptions): number {
  const cap = options.maxBackoffMs ?? 60_000;
  const jitter = Math.min(1000, Math.floor(options.random() * 1001));
  // 2^n seconds overflows nothing but grows fast: stop growing once past the cap.
  const base = n >= 30 ? Number.POSITIVE_INFINITY : 2 ** n * 1000;
  return Math.min(base + jitter, cap);
}

export interface RetryOptions extends BackoffOptions {
  /** Retries after the first attempt (default 5). */
  maxRetries?: number;
  sleep: (ms: number) => Promise<void>;
  /** Which outcomes to retry; default: responses with `code` 429. */
  shouldRetry?: (result: unknown) => boolean;
}

const is429 = (r: unknown): boolean =>
  typeof r === 'object' && r !== null && (r as { code?: unknown }).code === 429;

/**
 * Calls `call` and retries it while `shouldRetry` says so, waiting `backoffDelayMs(n)` before retry n.
 * Returns the last result (which may still be a 429 once retries are exhausted).
 */
export async function withRetry<T>(call: () => Promise<T> | T, options: RetryOptions): Promise<T> {
  const maxRetries = options.maxRetries ?? 5;
  const shouldRetry = options.shouldRetry ?? is429;
  let result = await call();
  for (let n = 1; n <= maxRetries && shouldRetry(result); n++) {
    await options.sleep(backoffDelayMs(n, options));
    result = await call();
  }
  return result;
}
