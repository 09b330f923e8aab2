/**
 * Which webhook URLs the service may call. Checked when an endpoint is configured (account settings, the
 * `webhookUrls` option) and again before every delivery attempt, before any connection: the URL, then every
 * address its host name resolves to (webhook-sender.ts).
 *
 * Refused unless the host allows them: plain `http:` (`allowHttp`); addresses that are not public unicast
 * (loopback, private, link-local, unique-local, carrier-grade NAT, unspecified, multicast, broadcast, reserved and
 * documentation ranges; IPv4-mapped IPv6 addresses are judged as IPv4) and the name `localhost`, unless listed in
 * `allowHosts` (a host name, an address, or a CIDR range). Always refused: other schemes (`file:`, `ftp:`, ...)
 * and text that is not an absolute URL.
 */
import type IpAddr from 'ipaddr.js';
import { lazily } from '../lazy.js';

export interface WebhookUrlPolicy {
  /** Allow plain `http:` URLs (default false: `https:` only). */
  allowHttp?: boolean;
  /**
   * Host names, addresses or CIDR ranges (`10.0.0.0/8`, `::1/128`) allowed even though they are loopback,
   * private or link-local: for a receiver inside the host's own network, or tests on 127.0.0.1.
   */
  allowHosts?: readonly string[];
}

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

type Address = IpAddr.IPv4 | IpAddr.IPv6;
/** ipaddr.js, loaded with the first URL checked (see ../lazy.ts). */
const ipaddrModule = lazily<typeof IpAddr>('ipaddr.js');

/** An address literal (IPv6 with or without brackets), IPv4-mapped IPv6 unwrapped; null for a host name. */
function address(host: string): Address | null {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const ipaddr = ipaddrModule();
  return ipaddr.isValid(bare) ? ipaddr.process(bare) : null;
}

function allowedByList(host: string, ip: Address | null, policy: WebhookUrlPolicy): boolean {
  for (const entry of policy.allowHosts ?? []) {
    const e = entry.trim().toLowerCase();
    if (e === '') continue;
    if (e.includes('/')) {
      if (ip === null || !ipaddrModule().isValidCIDR(e)) continue;
      const [net, bits] = ipaddrModule().parseCIDR(e);
      const norm = net.kind() === 'ipv6' && (net as IpAddr.IPv6).isIPv4MappedAddress() ? (net as IpAddr.IPv6).toIPv4Address() : net;
      if (norm.kind() === ip.kind() && ip.match(norm, norm === net ? bits : bits - 96)) return true;
      continue;
    }
    const eIp = address(e);
    if (eIp !== null ? ip !== null && eIp.kind() === ip.kind() && eIp.toNormalizedString() === ip.toNormalizedString() : e === host) return true;
  }
  return false;
}

/** Why an address may not be called (null: it may). `host` is the URL's host name, for the allow list. */
export function refusedAddress(addressText: string, host: string, policy: WebhookUrlPolicy = {}): string | null {
  const ip = address(addressText);
  if (ip === null) return `${addressText} is not an IP address`;
  const range = ip.range();
  if (range === 'unicast') return null;
  if (allowedByList(host.toLowerCase(), ip, policy)) return null;
  return `${ip.toString()} is a ${range} address (not allowed for webhooks unless the host lists it in allowHosts)`;
}

/** Checks a webhook URL against the policy, without any network access. */
export function checkWebhookUrl(text: unknown, policy: WebhookUrlPolicy = {}): UrlCheck {
  if (typeof text !== 'string') return { ok: false, reason: 'a webhook URL is a string' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: `${JSON.stringify(text)} is not an absolute URL` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, reason: `${url.protocol} URLs are not allowed for webhooks (https only)` };
  }
  if (url.protocol === 'http:' && policy.allowHttp !== true) {
    return { ok: false, reason: 'plain http webhook URLs are not allowed (https only, unless the host sets allowHttp)' };
  }
  const host = url.hostname.toLowerCase();
  if (host === '') return { ok: false, reason: 'a webhook URL names a host' };
  const ip = address(host);
  if (ip !== null) {
    const refused = refusedAddress(host, host, policy);
    return refused === null ? { ok: true, url } : { ok: false, reason: refused };
  }
  if ((host === 'localhost' || host.endsWith('.localhost')) && !allowedByList(host, null, policy)) {
    return { ok: false, reason: `${host} is a loopback name (not allowed for webhooks unless the host lists it in allowHosts)` };
  }
  return { ok: true, url };
}
