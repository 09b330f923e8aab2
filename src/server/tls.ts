/**
 * HTTPS by default (search-api.md: "All calls must use HTTPS; plain HTTP calls fail"). Plain HTTP is served only
 * when the operator says a TLS-terminating proxy sits in front, or on a loopback address for development.
 */
import { isIP } from 'node:net';

export interface TransportOptions {
  host: string;
  tls?: { cert: string | Buffer; key: string | Buffer } | undefined;
  behindTlsProxy?: boolean | undefined;
}

export type Transport = { kind: 'https'; cert: string | Buffer; key: string | Buffer } | { kind: 'http'; why: 'behind-tls-proxy' | 'loopback' };

export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h === '::1') return true;
  return isIP(h) === 4 && h.startsWith('127.');
}

/** How the server listens; throws (a configuration error) when it would serve plain HTTP to the network. */
export function chooseTransport(o: TransportOptions): Transport {
  if (o.tls) return { kind: 'https', cert: o.tls.cert, key: o.tls.key };
  if (o.behindTlsProxy) return { kind: 'http', why: 'behind-tls-proxy' };
  if (isLoopback(o.host)) return { kind: 'http', why: 'loopback' };
  throw new Error(
    `refusing to serve plain HTTP on ${o.host}: give a certificate and key (tls.cert, tls.key), ` +
      'or say that a TLS-terminating proxy sits in front (--behind-tls-proxy, server.behind_tls_proxy: true)',
  );
}
