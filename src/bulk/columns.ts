/**
 * The columns each workflow accepts and the per-row checks, producing the spec's row error codes with attributes.
 * Pure: "today" comes from the caller's clock.
 */
import { isIP } from 'node:net';
import iso3166 from 'iso-3166-1';
import { lazily } from '../lazy.js';
import { ADDRESS_TYPES } from '../transactions/enums.js';
import { BIC_PATTERN } from '../transactions/schemas.js';
import type { BatchWorkflowType } from './enums.js';
import type { BatchFileError, BatchRowErrorItem } from './types.js';
import { hasOwn, own } from '../own.js';

// Loaded with the first batch row that needs them (see ../lazy.ts).
const currencyCodes = lazily<typeof import('currency-codes')>('currency-codes');
const ibantools = lazily<typeof import('ibantools')>('ibantools');
const phones = lazily<typeof import('libphonenumber-js/max')>('libphonenumber-js/max');
const validator = lazily<typeof import('validator')>('validator');

export type RowValues = Readonly<Record<string, string>>;

/** `row` is the whole row, for checks that read another column (a phone number's country). */
type Check = (value: string, column: string, today: string, row: RowValues) => BatchRowErrorItem | null;

interface ColumnSpec {
  name: string;
  max?: number;
  required?: boolean;
  check?: Check;
}

const bad = (code: string, column: string, value: string, extra: BatchRowErrorItem['attributes'] = {}): BatchRowErrorItem => ({
  code,
  attributes: { column_names: [column], rejected_values: [value], ...extra },
});

const BIC_RE = new RegExp(BIC_PATTERN);
const CONTROL_RE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const GENDERS = ['MALE', 'FEMALE', 'OTHER', 'UNKNOWN'];
const BOOLEANS: Record<string, boolean> = { true: true, false: false, yes: true, no: false, '1': true, '0': false };

/** A real calendar day written `YYYY-MM-DD` (validator's `isDate`, strict). */
export function isValidDate(s: string): boolean {
  return validator().isDate(s, { format: 'YYYY-MM-DD', strictMode: true, delimiters: ['-'] });
}

/** IBAN (ibantools): country, check digits, the country's BBAN format and ISO 7064 mod 97-10. Spaces and case are ignored. */
export function isValidIban(raw: string): boolean {
  const electronic = ibantools().electronicFormatIBAN(raw);
  return electronic !== null && ibantools().isValidIBAN(electronic);
}

/** An email address (validator's `isEmail`). */
export function isValidEmail(s: string): boolean {
  return validator().isEmail(s);
}

/**
 * A phone number valid for its country (libphonenumber-js with full metadata): international form (`+44 20 7946 0958`)
 * anywhere; national form (`020 7946 0958`) only with a `defaultCountry` (the row's `country` or `nationality`).
 */
export function isValidPhone(s: string, defaultCountry?: string): boolean {
  const { isSupportedCountry, isValidPhoneNumber } = phones();
  if (s.trimStart().startsWith('+')) return isValidPhoneNumber(s);
  return defaultCountry !== undefined && isSupportedCountry(defaultCountry) && isValidPhoneNumber(s, defaultCountry);
}

/** An absolute http or https URL with a domain name (validator's `isURL`). */
export function isValidUrl(s: string): boolean {
  return validator().isURL(s, { protocols: ['http', 'https'], require_protocol: true, require_tld: true });
}

const country: Check = (v, c) => (iso3166.whereAlpha2(v)?.alpha2 === v ? null : bad('INVALID_COUNTRY_CODE', c, v, { required_formats: ['ISO 3166-1 alpha-2'] }));
const currency: Check = (v, c) => (currencyCodes().code(v)?.code === v ? null : bad('INVALID_CURRENCY_CODE', c, v, { required_formats: ['ISO 4217'] }));
const date: Check = (v, c, today) => {
  if (!isValidDate(v)) return bad('INVALID_DATE', c, v, { required_formats: ['YYYY-MM-DD'] });
  return v > today ? bad('DATE_EXCEEDS_PRESENT', c, v) : null;
};
const birthYear: Check = (v, c, today) => {
  const max = Number(today.slice(0, 4));
  return /^\d{4}$/.test(v) && Number(v) >= 1800 && Number(v) <= max ? null : bad('INVALID_BIRTH_DATE_YEAR', c, v, { expected_range: [1800, max] });
};
const subdivision: Check = (v, c) => {
  const m = /^([A-Z]{2})-[A-Z0-9]{1,3}$/.exec(v);
  return m && iso3166.whereAlpha2(m[1]!) ? null : bad('INVALID_COUNTRY_SUBDIVISION_CODE', c, v, { required_formats: ['ISO 3166-2'] });
};
const gender: Check = (v, c) => (GENDERS.includes(v.toUpperCase()) ? null : bad('INVALID_GENDER', c, v, { required_formats: GENDERS }));
const addressType: Check = (v, c) =>
  (ADDRESS_TYPES as readonly string[]).includes(v.toUpperCase()) ? null : bad('INVALID_ADDRESS_TYPE', c, v, { required_formats: [...ADDRESS_TYPES] });
const email: Check = (v, c) => (isValidEmail(v) ? null : bad('INVALID_EMAIL_ADDRESS', c, v));
const phone: Check = (v, c, _today, row) => {
  const home = [row['country'], row['nationality']].find((x) => x !== undefined && iso3166.whereAlpha2(x)?.alpha2 === x);
  return isValidPhone(v, home) ? null : bad('INVALID_PHONE_NUMBER', c, v);
};
const url: Check = (v, c) => (isValidUrl(v) ? null : bad('INVALID_URL', c, v));
const iban: Check = (v, c) => (isValidIban(v) ? null : bad('INVALID_IBAN', c, v));
const bic: Check = (v, c) => (BIC_RE.test(v.toUpperCase()) ? null : bad('INVALID_BIC', c, v));
const ip: Check = (v, c) => (isIP(v) ? null : bad('INVALID_IP_ADDRESS', c, v));
const bool: Check = (v, c) => (hasOwn(BOOLEANS, v.toLowerCase()) ? null : bad('INVALID_BOOLEAN', c, v, { required_formats: ['true', 'false'] }));
const number: Check = (v, c) => (/^-?\d+(\.\d+)?$/.test(v) ? null : bad('INVALID_NUMBER', c, v));

/** The boolean of a cell (`true/false/yes/no/1/0`); undefined when empty. */
export function cellBoolean(v: string | undefined): boolean | undefined {
  return v === undefined || v === '' ? undefined : own(BOOLEANS, v.toLowerCase());
}

const PERSON_COLUMNS = ['first_name', 'middle_name', 'last_name', 'date_of_birth', 'birth_year', 'gender'];

const CUSTOMER_COLUMNS: ColumnSpec[] = [
  { name: 'customer_external_identifier', required: true, max: 512 },
  { name: 'first_name', max: 256 },
  { name: 'middle_name', max: 256 },
  { name: 'last_name', max: 256 },
  { name: 'company_name', max: 256 },
  { name: 'date_of_birth', check: date },
  { name: 'birth_year', check: birthYear },
  { name: 'gender', check: gender },
  { name: 'nationality', check: country },
  { name: 'address_line1', max: 256 },
  { name: 'town_name', max: 256 },
  { name: 'postal_code', max: 256 },
  { name: 'country', check: country },
  { name: 'country_subdivision', check: subdivision },
  { name: 'address_type', check: addressType },
  { name: 'email', check: email },
  { name: 'phone', check: phone },
  { name: 'website', check: url },
  { name: 'ip_address', check: ip },
  { name: 'iban', check: iban },
  { name: 'bic', check: bic },
];

/** The columns of each workflow, in a sensible template order. */
export const WORKFLOW_COLUMNS: Readonly<Record<BatchWorkflowType, readonly ColumnSpec[]>> = {
  'create-and-screen': CUSTOMER_COLUMNS,
  'create-and-monitor': [
    ...CUSTOMER_COLUMNS,
    { name: 'monitoring_enabled', check: bool },
    { name: 'currency', check: currency },
    { name: 'expected_monthly_amount', check: number },
    { name: 'account_opened_on', check: date },
  ],
  'manage-lookup-list': [
    { name: 'value', required: true, max: 256 },
    { name: 'remove', check: bool },
  ],
};

/** Header cell to column name: trimmed, lower case, spaces and dashes to underscores. */
export function normaliseColumn(name: string): string {
  return name.trim().toLowerCase().replace(/[\s-]+/g, '_');
}

/** Check a header; returns the column names (empty cells as '') or the file error. */
export function checkHeader(workflow: BatchWorkflowType, header: readonly string[]): { ok: true; columns: string[] } | { ok: false; error: BatchFileError } {
  const columns = header.map(normaliseColumn);
  const known = new Set(WORKFLOW_COLUMNS[workflow].map((c) => c.name));
  const unknown = columns.filter((c) => c !== '' && !known.has(c));
  if (unknown.length > 0) return { ok: false, error: { code: 'UNSUPPORTED_COLUMN', attributes: { column_names: [...new Set(unknown)] } } };
  const named = columns.filter((c) => c !== '');
  const dup = named.filter((c, i) => named.indexOf(c) !== i);
  if (dup.length > 0) return { ok: false, error: { code: 'MALFORMED_CONTENT', attributes: { column_names: [...new Set(dup)] } } };
  if (named.length === 0) return { ok: false, error: { code: 'MALFORMED_CONTENT' } };
  return { ok: true, columns };
}

/** Map cells to named values (empty header cells dropped). Extra cells beyond the header are returned apart. */
export function rowValues(columns: readonly string[], cells: readonly string[]): { values: Record<string, string>; extra: string[] } {
  const values: Record<string, string> = {};
  columns.forEach((c, i) => {
    if (c !== '') values[c] = cells[i] ?? '';
  });
  const extra = cells.slice(columns.length).filter((c) => c !== '');
  return { values, extra };
}

/** Every error of one row (empty when valid). `today` is YYYY-MM-DD. */
export function validateRow(workflow: BatchWorkflowType, values: RowValues, today: string, extra: readonly string[] = []): BatchRowErrorItem[] {
  const errors: BatchRowErrorItem[] = [];
  if (extra.length > 0) errors.push({ code: 'MAX_SIZE_LIMIT_REACHED', attributes: { rejected_values: [...extra], expected_range: [0, Object.keys(values).length] } });
  for (const spec of WORKFLOW_COLUMNS[workflow]) {
    const v = values[spec.name] ?? '';
    if (v === '') {
      if (spec.required) errors.push({ code: 'MANDATORY_COLUMN_MISSING', attributes: { column_names: [spec.name] } });
      continue;
    }
    if (CONTROL_RE.test(v)) {
      errors.push(bad('INVALID_CHARACTER', spec.name, v));
      continue;
    }
    if (spec.max !== undefined && v.length > spec.max) {
      errors.push({ code: 'MAX_SIZE_LIMIT_REACHED', attributes: { column_names: [spec.name], expected_range: [0, spec.max] } });
      continue;
    }
    const e = spec.check?.(v, spec.name, today, values);
    if (e) errors.push(e);
  }
  if (workflow !== 'manage-lookup-list') {
    const has = (c: string) => (values[c] ?? '') !== '';
    if (!has('last_name') && !has('company_name'))
      errors.push({ code: 'ONE_OF_REQUIRED', attributes: { column_options: [['last_name'], ['company_name']] } });
    const personCols = PERSON_COLUMNS.filter(has);
    if (has('company_name') && personCols.length > 0)
      errors.push({ code: 'MUTUALLY_EXCLUSIVE', attributes: { column_names: ['company_name', ...personCols] } });
  }
  return errors;
}
