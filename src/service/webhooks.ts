/**
 * Webhook delivery helper. The service only appends events to the outbox (one record per event and URL);
 * delivering them is the host's job. `deliverWebhooks` is a ready-made loop: POST each due record's body as JSON,
 * retry with exponential backoff and jitter, and record the outcome in the outbox.
 * Sender, sleep and random are parameters, so it runs under test without network or real time.
 */
import type { OutboxRecord } from './types.js';

/** fetch-compatible: `fetch` itself fits. */
export type WebhookSender = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string },
) => Promise<{ ok?: boolean; status: number }>;

export interface WebhookOutbox {
  pendingWebhooks(limit?: number): Promise<OutboxRecord[]>;
  markWebhookDelivered(id: string, attempts?: number): Promise<void>;
  markWebhookFailed(id: string, error: string, retryAfterMs: number, attempts?: number): Promise<void>;
}

export interface DeliverOptions {
  send: WebhookSender;
  sleep: (ms: number) => Promise<void>;
  /** [0, 1), Math.random-like; jitter of each wait. */
  random: () => number;
  /** Attempts per record in this run (default 5). */
  maxAttempts?: number;
  /** First wait (default 1000 ms); doubles on every retry. */
  baseDelayMs?: number;
  /** Cap of one wait (default 60 000 ms). */
  maxDelayMs?: number;
  /** Records handled in this run (default 100). */
  limit?: number;
  /** When a record still fails, it is not due again before this delay (default 5 minutes). */
  redeliverAfterMs?: number;
}

export interface DeliveryReport {
  delivered: string[];
  failed: { id: string; error: string; attempts: number }[];
}

/** Wait before attempt `attempt + 1` (attempt ≥ 1): base·2^(attempt−1) + jitter ≤ base, capped. */
export function deliveryDelayMs(attempt: number, o: Pick<DeliverOptions, 'random' | 'baseDelayMs' | 'maxDelayMs'>) {
  const base = o.baseDelayMs ?? 1000;
  const cap = o.maxDelayMs ?? 60_000;
  const grow = attempt > 40 ? Number.POSITIVE_INFINITY : base * 2 ** (attempt - 1);
  return Math.min(grow + Math.floor(o.random() * base), cap);
}

export async function deliverWebhooks(outbox: WebhookOutbox, options: DeliverOptions): Promise<DeliveryReport> {
  const maxAttempts = options.maxAttempts ?? 5;
  const report: DeliveryReport = { delivered: [], failed: [] };
  const records = await outbox.pendingWebhooks(options.limit ?? 100);
  for (const r of records) {
    let error = '';
    let done = false;
    let attempts = 0;
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      attempts = attempt;
      try {
        const res = await options.send(r.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(r.body),
        });
        const ok = res.ok ?? (res.status >= 200 && res.status < 300);
        if (ok) {
          done = true;
          break;
        }
        error = `HTTP ${res.status}`;
      } catch (e) {
        error = e instanceof Error ? e.message : String(e);
      }
      if (attempt < maxAttempts) await options.sleep(deliveryDelayMs(attempt, options));
    }
    if (done) {
      await outbox.markWebhookDelivered(r.id, attempts);
      report.delivered.push(r.id);
    } else {
      await outbox.markWebhookFailed(r.id, error, options.redeliverAfterMs ?? 5 * 60_000, attempts);
      report.failed.push({ id: r.id, error, attempts });
    }
  }
  return report;
}
