/**
 * Webhook delivery. The service only appends events to the outbox (one record per event and URL, in the same
 * commit as the change); `deliverWebhooks` drains it: POST each due record's body as JSON, signed
 * (webhook-signature.ts), with a timeout per attempt, retries with exponential backoff and jitter, and the outcome
 * recorded in the outbox.
 *
 * - URLs are checked (webhook-url.ts) before any connection; the default sender also checks every resolved
 *   address and never follows redirects (webhook-sender.ts).
 * - Records are grouped by URL; URLs are served side by side (`concurrency`), records of one URL in order. When a
 *   record of a URL fails all its attempts, that URL's later records wait for the next run (`deferred`): a silent
 *   endpoint costs its own lane at most `maxAttempts` timeouts, never the other URLs' deliveries.
 * Sender, sleep, random and clock are parameters, so it runs under test without network or real time.
 */
import { systemClock } from './ports.js';
import { clockDate } from './time.js';
import type { Clock, OutboxRecord } from './types.js';
import { createWebhookSender } from './webhook-sender.js';
import { signWebhookBody } from './webhook-signature.js';
import { checkWebhookUrl, type WebhookUrlPolicy } from './webhook-url.js';

/** fetch-compatible: `fetch` itself fits (give it `redirect: 'manual'`, which `deliverWebhooks` passes). */
export type WebhookSender = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string; signal?: AbortSignal; redirect?: 'manual' },
) => Promise<{ ok?: boolean; status: number }>;

export interface WebhookOutbox {
  pendingWebhooks(limit?: number): Promise<OutboxRecord[]>;
  /**
   * Optional: takes due records for this delivery run, leased for `leaseMs` (no other run gets them meanwhile).
   * `deliverWebhooks` uses it when present, so several instances draining one outbox never send a record twice.
   */
  claimWebhooks?(limit: number, leaseMs: number): Promise<OutboxRecord[]>;
  /** Optional: ends the lease of a claimed record left for the next run (it is due again at once). */
  releaseWebhook?(id: string): Promise<void>;
  markWebhookDelivered(id: string, attempts?: number): Promise<void>;
  markWebhookFailed(id: string, error: string, retryAfterMs: number, attempts?: number): Promise<void>;
  /** The secret signing a record's body (its URL's, else its account's); null when none is configured. */
  webhookSecret?(record: OutboxRecord): Promise<string | null>;
  /** The URL policy the outbox's endpoints were configured under (the default of `DeliverOptions.policy`). */
  readonly webhookPolicy?: WebhookUrlPolicy;
}

export interface DeliverOptions {
  /** Default: `createWebhookSender({ policy })` (node:http / node:https, checked addresses, no redirects). */
  send?: WebhookSender;
  /** Default: a real timer. */
  sleep?: (ms: number) => Promise<void>;
  /** [0, 1), Math.random-like; jitter of each wait. Default Math.random. */
  random?: () => number;
  /** Signature timestamps (default: the system clock). */
  clock?: Clock;
  /** Attempts per record in this run (default 5). */
  maxAttempts?: number;
  /** First wait (default 1000 ms); doubles on every retry. */
  baseDelayMs?: number;
  /** Cap of one wait (default 60 000 ms). */
  maxDelayMs?: number;
  /** Time allowed to one attempt, connection to response headers (default 10 000 ms). */
  timeoutMs?: number;
  /** URLs delivered to side by side (default 8). */
  concurrency?: number;
  /** Records handled in this run (default 100). */
  limit?: number;
  /** When a record still fails, it is not due again before this delay (default 5 minutes). */
  redeliverAfterMs?: number;
  /** Which URLs may be called: default the outbox's `webhookPolicy`, else https to public addresses only. */
  policy?: WebhookUrlPolicy;
  /** Signs the records the outbox has no secret for (an outbox without `webhookSecret`). */
  secret?: string;
  /**
   * How long records taken by this run stay away from other runs (an outbox with `claimWebhooks`; default 10
   * minutes): a record not settled by then (its deliverer died) is due again.
   */
  claimLeaseMs?: number;
}

export interface DeliveryReport {
  delivered: string[];
  failed: { id: string; error: string; attempts: number }[];
  /** Left due for the next run: an earlier record to the same URL failed in this run. */
  deferred: string[];
}

/** Wait before attempt `attempt + 1` (attempt ≥ 1): base·2^(attempt−1) + jitter ≤ base, capped. */
export function deliveryDelayMs(attempt: number, o: Pick<DeliverOptions, 'random' | 'baseDelayMs' | 'maxDelayMs'>) {
  const base = o.baseDelayMs ?? 1000;
  const cap = o.maxDelayMs ?? 60_000;
  const grow = attempt > 40 ? Number.POSITIVE_INFINITY : base * 2 ** (attempt - 1);
  return Math.min(grow + Math.floor((o.random ?? Math.random)() * base), cap);
}

/** One attempt, abandoned (and its request aborted) after `timeoutMs`. */
async function attempt(send: WebhookSender, url: string, init: Parameters<WebhookSender>[1], timeoutMs: number) {
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      abort.abort();
      reject(new Error(`timed out after ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    return await Promise.race([send(url, { ...init, signal: abort.signal }), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

interface Outcome {
  done: boolean;
  attempts: number;
  error: string;
}

export async function deliverWebhooks(outbox: WebhookOutbox, options: DeliverOptions = {}): Promise<DeliveryReport> {
  const maxAttempts = options.maxAttempts ?? 5;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const policy = options.policy ?? outbox.webhookPolicy ?? {};
  const send = options.send ?? createWebhookSender({ policy });
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const clock = options.clock ?? systemClock();
  const redeliverAfterMs = options.redeliverAfterMs ?? 5 * 60_000;
  const report: DeliveryReport = { delivered: [], failed: [], deferred: [] };

  const deliverOne = async (r: OutboxRecord): Promise<Outcome> => {
    const check = checkWebhookUrl(r.url, policy);
    if (!check.ok) return { done: false, attempts: 0, error: `refused: ${check.reason}` };
    const secret = (await outbox.webhookSecret?.(r)) ?? options.secret ?? null;
    if (secret === null) return { done: false, attempts: 0, error: 'not sent: no signing secret is configured for this endpoint' };
    const body = JSON.stringify(r.body);
    let error = '';
    for (let n = 1; n <= maxAttempts; n++) {
      const headers = {
        'content-type': 'application/json',
        'user-agent': 'tamis-webhooks',
        'tamis-event': r.body.event,
        'tamis-event-id': r.event_id,
        'tamis-delivery-id': r.id,
        'tamis-signature': signWebhookBody(secret, body, Math.floor(clockDate(clock).getTime() / 1000)),
      };
      try {
        const res = await attempt(send, r.url, { method: 'POST', headers, body, redirect: 'manual' }, timeoutMs);
        if (res.ok ?? (res.status >= 200 && res.status < 300)) return { done: true, attempts: n, error: '' };
        error = res.status >= 300 && res.status < 400 ? `HTTP ${res.status} (redirects are not followed)` : `HTTP ${res.status}`;
      } catch (e) {
        error = e instanceof Error ? e.message : String(e);
        if (error.startsWith('refused:')) return { done: false, attempts: n, error };
      }
      if (n < maxAttempts) await sleep(deliveryDelayMs(n, options));
    }
    return { done: false, attempts: maxAttempts, error };
  };

  const lanes = new Map<string, OutboxRecord[]>();
  const limit = options.limit ?? 100;
  const due = outbox.claimWebhooks ? await outbox.claimWebhooks(limit, options.claimLeaseMs ?? 10 * 60_000) : await outbox.pendingWebhooks(limit);
  for (const r of due) {
    const lane = lanes.get(r.url);
    if (lane) lane.push(r);
    else lanes.set(r.url, [r]);
  }
  const queue = [...lanes.values()];
  const runLane = async (records: OutboxRecord[]) => {
    for (let i = 0; i < records.length; i++) {
      const r = records[i] as OutboxRecord;
      const o = await deliverOne(r);
      if (o.done) {
        await outbox.markWebhookDelivered(r.id, o.attempts);
        report.delivered.push(r.id);
        continue;
      }
      await outbox.markWebhookFailed(r.id, o.error, redeliverAfterMs, o.attempts);
      report.failed.push({ id: r.id, error: o.error, attempts: o.attempts });
      if (o.attempts > 0) {
        const rest = records.slice(i + 1).map((x) => x.id);
        report.deferred.push(...rest);
        if (outbox.claimWebhooks && outbox.releaseWebhook) for (const id of rest) await outbox.releaseWebhook(id);
        return;
      }
    }
  };
  const worker = async () => {
    for (let lane = queue.shift(); lane !== undefined; lane = queue.shift()) await runLane(lane);
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 8) }, worker));
  return report;
}
