/** Timestamp helpers. Pure: the current time always comes from the Clock port. */
import type { Clock } from './types.js';

export function clockDate(clock: Clock): Date {
  const v = clock.now();
  const d = typeof v === 'string' ? new Date(v) : new Date(v.getTime());
  if (Number.isNaN(d.getTime())) throw new TypeError(`clock returned an invalid time: ${String(v)}`);
  return d;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** The spec's `yyyy-mm-dd hh:mm:ss` (UTC). */
export function formatTimestamp(d: Date): string {
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(
    d.getUTCMinutes(),
  )}:${pad(d.getUTCSeconds())}`;
}

/** yyyy-mm-dd (UTC). */
export function formatDate(d: Date): string {
  return formatTimestamp(d).slice(0, 10);
}

/** Parses `yyyy-mm-dd hh:mm:ss` (UTC) or ISO-8601 to epoch milliseconds. */
export function parseTimestamp(s: string): number {
  return Date.parse(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(s) ? `${s.replace(' ', 'T')}Z` : s);
}

/** True for a real calendar date written yyyy-mm-dd. */
export function isDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}
