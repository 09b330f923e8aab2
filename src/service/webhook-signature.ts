/**
 * Webhook signatures: every delivered body is signed with HMAC-SHA256 over `<timestamp>.<body>`, sent as
 *
 *   Tamis-Signature: t=<unix seconds>,v1=<hex digest>
 *
 * A receiver recomputes the digest over the raw body it received with its secret, compares in constant time,
 * and refuses timestamps too far from its own clock (replays). `verifyWebhookSignature` does all three.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'tamis-signature';
/** How far a signature's timestamp may be from the receiver's clock by default (5 minutes). */
export const DEFAULT_SIGNATURE_TOLERANCE_SECONDS = 300;

function digest(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
}

/** The `Tamis-Signature` header value of `body` signed at `timestamp` (unix seconds). */
export function signWebhookBody(secret: string, body: string, timestamp: number): string {
  return `t=${timestamp},v1=${digest(secret, timestamp, body)}`;
}

export interface VerifyOptions {
  /** The `Tamis-Signature` header as received. */
  header: string | null | undefined;
  /** The raw request body, exactly as received (before any JSON parsing). */
  body: string;
  /** The endpoint's secret; several during a rotation (any one may match). */
  secret: string | readonly string[];
  /** The receiver's clock, unix seconds. */
  now: number;
  /** Default 300 seconds. */
  toleranceSeconds?: number;
}

export type VerifyResult = { ok: true; timestamp: number } | { ok: false; reason: 'malformed' | 'expired' | 'mismatch' };

/** Checks a received webhook body against its `Tamis-Signature` header. Never throws. */
export function verifyWebhookSignature(o: VerifyOptions): VerifyResult {
  if (typeof o.header !== 'string' || typeof o.body !== 'string') return { ok: false, reason: 'malformed' };
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of o.header.split(',')) {
    const i = part.indexOf('=');
    const key = part.slice(0, i).trim();
    const value = part.slice(i + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (timestamp === undefined || signatures.length === 0) return { ok: false, reason: 'malformed' };
  if (Math.abs(o.now - timestamp) > (o.toleranceSeconds ?? DEFAULT_SIGNATURE_TOLERANCE_SECONDS)) return { ok: false, reason: 'expired' };
  const secrets = typeof o.secret === 'string' ? [o.secret] : o.secret;
  for (const secret of secrets) {
    const expected = Buffer.from(digest(secret, timestamp, o.body), 'hex');
    if (signatures.some((s) => timingSafeEqual(Buffer.from(s, 'hex'), expected))) return { ok: true, timestamp };
  }
  return { ok: false, reason: 'mismatch' };
}
