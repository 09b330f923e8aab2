/** The webhook endpoints of an account's settings, checked when they are configured. */
import type { ServiceContext } from '../context.js';
import type { AccountRecord, OutboxRecord, WebhookEndpoint } from '../types.js';
import { DEFAULT_ACCOUNT_ID } from '../types.js';
import { checkWebhookUrl } from '../webhook-url.js';

export interface WebhookEndpointInput {
  url: string;
  /** Signs this endpoint's bodies; absent or null: the account's `webhook_secret`. */
  secret?: string | null;
}

/** The endpoints as stored; throws RangeError (a configuration error) for a refused URL or secret. */
export function webhookEndpoints(svc: ServiceContext, input: readonly WebhookEndpointInput[]): WebhookEndpoint[] {
  if (!Array.isArray(input)) throw new RangeError('webhooks is an array of { url, secret? }');
  const out: WebhookEndpoint[] = [];
  for (const e of input) {
    if (typeof e !== 'object' || e === null) throw new RangeError('a webhook is { url, secret? }');
    const check = checkWebhookUrl(e.url, svc.webhookPolicy);
    if (!check.ok) throw new RangeError(`webhook URL refused: ${check.reason}`);
    const secret = e.secret ?? null;
    if (secret !== null && (typeof secret !== 'string' || secret === '')) throw new RangeError('a webhook secret is a non-empty string');
    if (out.some((x) => x.url === e.url)) throw new RangeError(`webhook ${e.url} is listed twice`);
    out.push({ url: e.url, secret });
  }
  return out;
}

/** Every endpoint of the account has a secret to sign with (its own or the account's). */
export function checkSigned(account: AccountRecord): void {
  const unsigned = account.webhooks.find((w) => w.secret === null && account.webhook_secret === null);
  if (unsigned) throw new RangeError(`webhook ${unsigned.url} has no secret and the account has no webhook_secret: every body is signed`);
}

/** The secret signing an outbox record: its endpoint's, else its account's, else (default account) the option's. */
export async function secretFor(svc: ServiceContext, record: OutboxRecord): Promise<string | null> {
  const account = await svc.store.getAccount(record.account_id);
  const endpoint = account?.webhooks.find((w) => w.url === record.url);
  if (account && endpoint) return endpoint.secret ?? account.webhook_secret;
  if (record.account_id === DEFAULT_ACCOUNT_ID && svc.webhookUrls.includes(record.url)) return svc.webhookSecret;
  return null;
}
