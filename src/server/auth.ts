/**
 * `Authorization: Token <API_KEY>` (search-api.md, "Authentication"). A missing header, another scheme or an
 * empty key reads as no key: the service answers 401 with the envelope.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

export function tokenOf(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  if (typeof value !== 'string') return '';
  const m = /^\s*Token\s+(\S+)\s*$/i.exec(value);
  return m ? (m[1] as string) : '';
}

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** Compares a presented secret with the expected one in time independent of where they differ. */
export function sameSecret(presented: string, expected: string): boolean {
  return presented !== '' && timingSafeEqual(digest(presented), digest(expected));
}
