/** The webhook endpoints of an account's settings, checked when they are configured. */
import type { ServiceContext } from '../context.js';
import type { WebhookEndpoint } from '../types.js';

export interface WebhookEndpointInput {
  url: string;
  /** Signs this endpoint's bodies; absent or null: the account's `webhook_secret`. */
  secret?: string | null;
}

/** The endpoints as stored; throws RangeError (a configuration error) for a refused URL or secret. */
export function webhookEndpoints(_svc: ServiceContext, input: readonly WebhookEndpointInput[]): WebhookEndpoint[] {
  if (!Array.isArray(input)) throw new RangeError('webhooks is an array of { url, secret? }');
  const out: WebhookEndpoint[] = [];
  for (const e of input) {
    if (typeof e !== 'object' || e === null || typeof e.url !== 'string') throw new RangeError('a webhook is { url, secret? }');
    const secret = e.secret ?? null;
    if (secret !== null && (typeof secret !== 'string' || secret === '')) throw new RangeError('a webhook secret is a non-empty string');
    if (out.some((x) => x.url === e.url)) throw new RangeError(`webhook ${e.url} is listed twice`);
    out.push({ url: e.url, secret });
  }
  return out;
}
