/**
 * Dates as the spec writes them: `yyyy-mm-dd` or `yyyy`. Parsers for the forms lists publish.
 *
 * Mapping (documented in docs/lists.md):
 * - an exact day gives `yyyy-mm-dd`; a month and year, or a year alone, gives `yyyy` (the spec has no `yyyy-mm`);
 * - `circa X` gives X's value and marks it approximate;
 * - a range `X to Y` gives one value per year from X's year to Y's year (at most `MAX_RANGE_YEARS` + 1 values; a
 *   wider range gives its two end years only), or X's value when both ends are the same date.
 */
import { own } from '../own.js';

export const MAX_RANGE_YEARS = 20;

const MONTHS: Readonly<Record<string, string>> = {
  jan: '01', feb: '02', mar: '03', apr: '04', may: '05', jun: '06',
  jul: '07', aug: '08', sep: '09', oct: '10', nov: '11', dec: '12',
};

export interface ParsedDates {
  values: string[];
  approximate: boolean;
}

/** True for a real calendar day. */
export function isValidDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= days;
}

/** True for a spec date: `yyyy` or a real `yyyy-mm-dd`. */
export function isSpecDate(value: string): boolean {
  if (/^\d{4}$/.test(value)) return true;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m !== null && isValidDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** One OFAC-style date: `01 Jan 1960`, `Jan 1960`, `1960`. */
function parseOneOfac(text: string): { value: string; year: number } | undefined {
  const t = text.trim();
  let m = /^(\d{1,2}) ([A-Za-z]{3})[a-z]* (\d{4})$/.exec(t);
  if (m) {
    const month = own(MONTHS, (m[2] ?? '').toLowerCase());
    const day = Number(m[1]);
    const year = Number(m[3]);
    if (month === undefined || !isValidDay(year, Number(month), day)) return undefined;
    return { value: `${m[3]}-${month}-${String(day).padStart(2, '0')}`, year };
  }
  m = /^([A-Za-z]{3})[a-z]* (\d{4})$/.exec(t);
  if (m) {
    if (own(MONTHS, (m[1] ?? '').toLowerCase()) === undefined) return undefined;
    return { value: m[2] ?? '', year: Number(m[2]) };
  }
  m = /^(\d{4})$/.exec(t);
  if (m) return { value: m[1] ?? '', year: Number(m[1]) };
  return undefined;
}

/** The values of a year range `from`..`to` (see the module comment). */
export function yearRange(from: number, to: number): string[] {
  if (to < from) return [];
  if (to - from > MAX_RANGE_YEARS) return [String(from), String(to)];
  const out: string[] = [];
  for (let y = from; y <= to; y++) out.push(String(y));
  return out;
}

/**
 * An OFAC remark date: `01 Jan 1960`, `Jan 1960`, `1960`, `circa 1960`, `1960 to 1962`, `circa 1960-1962`,
 * `01 Jan 1960 to 31 Dec 1961`. Undefined when the text is not one of these forms.
 */
export function parseOfacDate(text: string): ParsedDates | undefined {
  let t = text.trim().replace(/\.$/, '');
  let approximate = false;
  const circa = /^circa\s+/i.exec(t);
  if (circa) {
    approximate = true;
    t = t.slice(circa[0].length);
  }
  const range = /^(.+?)\s*(?: to |-)\s*(.+)$/.exec(t);
  if (range && !/^\d{1,2} [A-Za-z]{3} \d{4}$/.test(t)) {
    const a = parseOneOfac(range[1] ?? '');
    const b = parseOneOfac(range[2] ?? '');
    if (a === undefined || b === undefined || b.year < a.year) return undefined;
    if (a.value === b.value) return { values: [a.value], approximate };
    return { values: yearRange(a.year, b.year), approximate: true };
  }
  const one = parseOneOfac(t);
  return one === undefined ? undefined : { values: [one.value], approximate };
}

/**
 * A day written day first, as the UK list writes it: `01/03/1958` gives `1958-03-01`; a masked or zero day or month
 * (`dd/mm/1945`, `dd/03/1958`, `00/00/1958`) or a year alone gives `1958`. `yyyy-mm-dd` is read too, and a time after
 * the date (`29/06/2012 00:00:00`) is ignored. Undefined for anything else, or for a day that does not exist.
 */
export function parseDayFirstDate(text: string): string | undefined {
  const t = text.trim().replace(/[ T]\d{1,2}:\d{2}(:\d{2})?(\.\d+)?Z?$/, '').trim();
  let m = /^(\d{1,2}|dd|DD|00)[/.-](\d{1,2}|mm|MM|00)[/.-](\d{4})$/.exec(t);
  if (m) {
    const [, d, mo, y] = m;
    const day = Number(d);
    const month = Number(mo);
    if (!Number.isInteger(day) || !Number.isInteger(month) || day === 0 || month === 0) return y;
    return isValidDay(Number(y), month, day) ? `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}` : undefined;
  }
  m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (m) return isValidDay(Number(m[1]), Number(m[2]), Number(m[3])) ? t : undefined;
  m = /^(?:(?:\d{1,2}|mm|MM|00)[/.-])?(\d{4})$/.exec(t);
  return m ? m[1] : undefined;
}

/** The `yyyy-mm-dd` of a day-first date (`LastUpdated`, `DateDesignated`), or undefined when not a full day. */
export function parseDayFirstDay(text: string): string | undefined {
  const v = parseDayFirstDate(text);
  return v !== undefined && v.length === 10 ? v : undefined;
}
