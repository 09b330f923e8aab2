/**
 * The webhook outbox: every state change appends its events in the same commit (one record per event and URL of
 * the account whose search changed);
 * `deliverWebhooks` (webhooks.ts) or the host drains it through these functions.
 */
import type { ServiceContext } from './context.js';
import type { StoreOp } from './store.js';
import { DEFAULT_ACCOUNT_ID, type AccountRecord, type OutboxRecord, type SearchRecord, type SearchStatusFields, type WebhookEvent } from './types.js';

/** The URLs of an account: its settings, and for the default account the `webhookUrls` option. */
export function webhookUrlsOf(svc: ServiceContext, account: AccountRecord): string[] {
  const urls = account.webhooks.map((w) => w.url);
  if (account.id === DEFAULT_ACCOUNT_ID) for (const u of svc.webhookUrls) if (!urls.includes(u)) urls.push(u);
  return urls;
}

/** The store op appending `events` of an account for each of its URLs (none when there is nothing to send). */
export function outboxOps(svc: ServiceContext, account: AccountRecord, events: WebhookEvent[], iso: string): StoreOp[] {
  const urls = events.length === 0 ? [] : webhookUrlsOf(svc, account);
  if (urls.length === 0) return [];
  const records: OutboxRecord[] = [];
  for (const body of events) {
    const eventId = svc.ids.next('event');
    for (const url of urls) {
      records.push({
        id: svc.ids.next('outbox'),
        account_id: account.id,
        event_id: eventId,
        url,
        body,
        created_at: iso,
        attempts: 0,
        next_attempt_at: null,
        delivered_at: null,
        last_error: null,
      });
    }
  }
  return [{ type: 'append_outbox', records }];
}

export function searchStatusEvent(s: SearchRecord, before: SearchStatusFields, after: SearchStatusFields): WebhookEvent {
  return {
    event: 'search_status_updated',
    data: {
      changes: { before, after },
      ref: s.ref,
      client_ref: s.client_ref ?? '',
      search_id: s.id,
      terms: [{ name: s.search_term, hits: s.total_hits }],
      filters: { exact_match: s.filters.exact_match, fuzziness: s.filters.fuzziness },
    },
  };
}

export async function pendingWebhooks(svc: ServiceContext, limit: number): Promise<OutboxRecord[]> {
  return svc.store.pendingOutbox(svc.now().iso, limit);
}

export async function markWebhookDelivered(svc: ServiceContext, id: string, attempts: number): Promise<void> {
  const r = await svc.store.getOutboxRecord(id);
  if (!r) throw new RangeError(`outbox record ${id} does not exist`);
  const record: OutboxRecord = { ...r, attempts: r.attempts + attempts, delivered_at: svc.now().iso, last_error: null };
  await svc.store.commit([{ type: 'update_outbox', record }]);
}

export async function markWebhookFailed(svc: ServiceContext, id: string, error: string, retryAfterMs: number, attempts: number): Promise<void> {
  const r = await svc.store.getOutboxRecord(id);
  if (!r) throw new RangeError(`outbox record ${id} does not exist`);
  const { now } = svc.now();
  const record: OutboxRecord = {
    ...r,
    attempts: r.attempts + attempts,
    last_error: error,
    next_attempt_at: new Date(now.getTime() + retryAfterMs).toISOString(),
  };
  await svc.store.commit([{ type: 'update_outbox', record }]);
}
