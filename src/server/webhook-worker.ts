/**
 * The webhook worker: drains the service's outbox with its delivery function (`deliverWebhooks`: signed bodies,
 * checked URLs, a timeout per attempt, no redirects, retries with backoff) in a loop, at an interval or as soon as
 * it is woken (after a list reload). Stopping ends the waits at once and lets the current POSTs finish; a record
 * interrupted between retries stays due and is sent again later (at-least-once delivery).
 */
import { deliverWebhooks, type DeliveryReport, type WebhookOutbox, type WebhookSender } from '../service/webhooks.js';

export interface WebhookWorkerOptions {
  /** Pause between two passes when nothing woke the worker (default 1000 ms). */
  intervalMs?: number;
  /** Timeout of one attempt (default 10 000 ms). */
  timeoutMs?: number;
  /** URLs delivered to side by side (default 8). */
  concurrency?: number;
  /** Attempts per record in one pass, first wait, cap of a wait, redelivery delay: `deliverWebhooks` options. */
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  redeliverAfterMs?: number;
  /** The sender (default: the service's, which checks every resolved address and follows no redirect). */
  send?: WebhookSender;
  onPass?: (report: DeliveryReport, backlog: number) => void;
  onError?: (error: unknown) => void;
}

class Stopped extends Error {}

export class WebhookWorker {
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private woken = false;
  private readonly stopWaits = new Set<(e: Error) => void>();

  constructor(
    private readonly outbox: WebhookOutbox,
    private readonly options: WebhookWorkerOptions = {},
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Starts a pass now (or right after the current one). */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    for (const reject of this.stopWaits) reject(new Stopped());
    this.wake();
    await this.loop;
  }

  /** One pass now (tests and the admin call use it through `drain`). */
  async pass(): Promise<DeliveryReport> {
    const o = this.options;
    const report = await deliverWebhooks(this.outbox, {
      sleep: (ms) => this.sleep(ms),
      ...(o.send !== undefined ? { send: o.send } : {}),
      ...(o.timeoutMs !== undefined ? { timeoutMs: o.timeoutMs } : {}),
      ...(o.concurrency !== undefined ? { concurrency: o.concurrency } : {}),
      ...(o.maxAttempts !== undefined ? { maxAttempts: o.maxAttempts } : {}),
      ...(o.baseDelayMs !== undefined ? { baseDelayMs: o.baseDelayMs } : {}),
      ...(o.maxDelayMs !== undefined ? { maxDelayMs: o.maxDelayMs } : {}),
      ...(o.redeliverAfterMs !== undefined ? { redeliverAfterMs: o.redeliverAfterMs } : {}),
    });
    const backlog = (await this.outbox.pendingWebhooks(10_000)).length;
    o.onPass?.(report, backlog);
    return report;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (!this.running) {
        reject(new Stopped());
        return;
      }
      const cancel = (e: Error) => {
        clearTimeout(timer);
        reject(e);
      };
      const timer = setTimeout(() => {
        this.stopWaits.delete(cancel);
        resolve();
      }, ms);
      this.stopWaits.add(cancel);
    });
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        await this.pass();
      } catch (e) {
        if (!(e instanceof Stopped)) this.options.onError?.(e);
      }
      if (!this.running) break;
      if (this.woken) {
        this.woken = false;
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.options.intervalMs ?? 1000);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = null;
      this.woken = false;
    }
  }
}
