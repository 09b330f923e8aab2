/**
 * Data types of the hosted scenario language and the coercions between what documents and transactions hold and
 * what a node declares: numbers written as strings, booleans in any case, ISO 8601 dates and datetimes (held as
 * epoch milliseconds, UTC), `date` and `datetime` converting into each other.
 */
import { own } from '../../own.js';

export type DataType = 'number' | 'string' | 'boolean' | 'date' | 'datetime';

/** A runtime value; `date`/`datetime` values are epoch milliseconds, `null` is "no value" (an empty average). */
export type Value = number | string | boolean | null;

const DATATYPE_ALIASES: Readonly<Record<string, DataType>> = {
  number: 'number',
  float: 'number',
  double: 'number',
  decimal: 'number',
  integer: 'number',
  int: 'number',
  string: 'string',
  text: 'string',
  boolean: 'boolean',
  bool: 'boolean',
  date: 'date',
  datetime: 'datetime',
  timestamp: 'datetime',
};

/** The data type a `datatype` / `format` names (any case, `float`/`integer` are numbers), or undefined. */
export function dataTypeOf(name: unknown): DataType | undefined {
  return typeof name === 'string' ? own(DATATYPE_ALIASES, name.trim().toLowerCase()) : undefined;
}

/** Data types that are the same for comparison (`date` and `datetime` convert into each other). */
export function sameFamily(a: DataType, b: DataType): boolean {
  const t = (x: DataType) => (x === 'date' ? 'datetime' : x);
  return t(a) === t(b);
}

const DAY_MS = 86_400_000;
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** Epoch milliseconds of an ISO 8601 date or datetime (no zone means UTC), or NaN. */
export function parseIsoDateTime(text: string): number {
  const m = ISO.exec(text.trim());
  if (!m) return Number.NaN;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const ms = frac ? Number(frac.slice(0, 3).padEnd(3, '0')) : 0;
  let t = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0), ms);
  const check = new Date(t);
  if (check.getUTCDate() !== Number(d) || check.getUTCMonth() !== Number(mo) - 1) return Number.NaN;
  if (zone && zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    t -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0)) * 60_000;
  }
  return t;
}

/** The start (00:00 UTC) of the day of `t`. */
export const dayStart = (t: number): number => Math.floor(t / DAY_MS) * DAY_MS;

export type Coerced = { ok: true; value: Value } | { ok: false; message: string };

/** Coerce what a document or a transaction holds to `type`; null and undefined stay null. */
export function coerce(raw: unknown, type: DataType): Coerced {
  if (raw === null || raw === undefined) return { ok: true, value: null };
  switch (type) {
    case 'number': {
      if (typeof raw === 'number') return Number.isFinite(raw) ? { ok: true, value: raw } : { ok: false, message: `${raw} is not a finite number` };
      if (typeof raw === 'string' && raw.trim() !== '') {
        const n = Number(raw.trim());
        if (Number.isFinite(n)) return { ok: true, value: n };
      }
      return { ok: false, message: `${JSON.stringify(raw)} is not a number` };
    }
    case 'string':
      if (typeof raw === 'string') return { ok: true, value: raw };
      if (typeof raw === 'number' || typeof raw === 'boolean') return { ok: true, value: String(raw) };
      return { ok: false, message: `${JSON.stringify(raw)} is not a string` };
    case 'boolean':
      if (typeof raw === 'boolean') return { ok: true, value: raw };
      if (typeof raw === 'string') {
        const b = raw.trim().toLowerCase();
        if (b === 'true' || b === 'false') return { ok: true, value: b === 'true' };
      }
      return { ok: false, message: `${JSON.stringify(raw)} is not a boolean` };
    case 'date':
    case 'datetime': {
      const t = typeof raw === 'number' ? raw : typeof raw === 'string' ? parseIsoDateTime(raw) : Number.NaN;
      if (!Number.isFinite(t)) return { ok: false, message: `${JSON.stringify(raw)} is not an ISO 8601 ${type}` };
      return { ok: true, value: type === 'date' ? dayStart(t) : t };
    }
  }
}

/** A value as a person reads it: dates in ISO 8601, numbers as they are. */
export function formatValue(v: Value, type: DataType): string {
  if (v === null) return 'null';
  if ((type === 'date' || type === 'datetime') && typeof v === 'number') {
    const iso = new Date(v).toISOString();
    return type === 'date' ? iso.slice(0, 10) : iso;
  }
  return String(v);
}

/** A value for the trace (JSON): dates as ISO strings. */
export function traceValue(v: Value, type: DataType): Value {
  return v !== null && (type === 'date' || type === 'datetime') ? formatValue(v, type) : v;
}

export { DAY_MS };
