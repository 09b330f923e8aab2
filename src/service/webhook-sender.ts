/**
 * The default webhook sender: one HTTP(S) POST over node:http / node:https that
 * - checks the URL (webhook-url.ts) and every address the host name resolves to before connecting, and connects
 *   to a checked address (no second lookup an attacker's DNS could answer differently);
 * - never follows a redirect (a 3xx is the attempt's answer, and a failure);
 * - stops when `init.signal` aborts (the per-attempt timeout of `deliverWebhooks`).
 * node:http, node:https and node:dns load with the first delivery, not when tamis is imported.
 */
import type { LookupFunction } from 'node:net';
import { checkWebhookUrl, refusedAddress, type WebhookUrlPolicy } from './webhook-url.js';
import type { WebhookSender } from './webhooks.js';

/** Resolves a host name to its addresses (default: the system resolver, `dns.lookup` with `all`). */
export type WebhookResolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export interface WebhookSenderOptions {
  policy?: WebhookUrlPolicy;
  resolve?: WebhookResolver;
}

export function createWebhookSender(options: WebhookSenderOptions = {}): WebhookSender {
  const policy = options.policy ?? {};
  const resolve: WebhookResolver =
    options.resolve ?? (async (h) => (await import('node:dns/promises')).lookup(h, { all: true, verbatim: true }));
  return async (target, init) => {
    const check = checkWebhookUrl(target, policy);
    if (!check.ok) throw new Error(`refused: ${check.reason}`);
    const url = check.url;
    const transport = url.protocol === 'https:' ? await import('node:https') : await import('node:http');
    return new Promise((done, fail) => {
      const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
        resolve(hostname).then(
          (addresses) => {
            const refused = addresses.map((a) => refusedAddress(a.address, url.hostname, policy)).find((r) => r !== null);
            const first = addresses[0];
            if (refused !== undefined || first === undefined) {
              const error = new Error(`refused: ${refused ?? `${hostname} has no address`}`);
              callback(error as NodeJS.ErrnoException, '', 0);
            } else if (lookupOptions.all === true) {
              (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, addresses);
            } else {
              callback(null, first.address, first.family);
            }
          },
          (e: NodeJS.ErrnoException) => callback(e, '', 0),
        );
      };
      const request = transport.request(
        url,
        { method: init.method, headers: init.headers, lookup, signal: init.signal, agent: false },
        (res) => {
          const status = res.statusCode ?? 0;
          res.resume(); // the body is not read: drained and dropped
          done({ ok: status >= 200 && status < 300, status });
        },
      );
      request.on('error', fail);
      request.end(init.body);
    });
  };
}
