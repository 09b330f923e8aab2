/**
 * Country names and codes to ISO 3166-1 alpha-2, for the `country_codes` filter.
 *
 * Names are looked up in the `iso-3166-1` package's names plus the alias table of `lists/countries/aliases.txt`
 * (reaching the code as the generated module `generated-country-aliases.ts`; `scripts/make-country-aliases.mjs
 * --check` and a test keep it current). One normaliser serves both sides: case, accents, punctuation and a leading
 * "the" are ignored.
 */
import { all, whereAlpha2, whereAlpha3 } from 'iso-3166-1';
import { COUNTRY_ALIASES } from './generated-country-aliases.js';

/** The lookup key of a country name: lower case, no accents, "&" read as "and", punctuation folded to single spaces, no leading "the". */
export function countryKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/^the /, '');
}

/** User-assigned codes that lists use and the package does not know. */
const EXTRA_CODES = new Set(['XK']);
const NO_COUNTRY = '-';

let table: Map<string, string> | undefined;

function lookupTable(): Map<string, string> {
  if (table !== undefined) return table;
  const t = new Map<string, string>();
  const ambiguous = new Set<string>();
  for (const c of all()) {
    const key = countryKey(c.country);
    if (t.has(key) && t.get(key) !== c.alpha2) ambiguous.add(key);
    t.set(key, c.alpha2);
  }
  for (const key of ambiguous) t.delete(key);
  for (const [name, code] of COUNTRY_ALIASES) t.set(countryKey(name), code);
  table = t;
  return t;
}

export type CountryLookup =
  | { kind: 'code'; code: string }
  /** The name means "no country known" (e.g. OFAC's "undetermined"). */
  | { kind: 'none' }
  | { kind: 'unknown' };

/** Looks up a country name ("Korea, North", "Iran (Islamic Republic of)", "Côte d'Ivoire"). */
export function lookupCountryName(name: string): CountryLookup {
  const code = lookupTable().get(countryKey(name));
  if (code === undefined) return { kind: 'unknown' };
  if (code === NO_COUNTRY) return { kind: 'none' };
  return { kind: 'code', code };
}

/** The ISO 3166-1 alpha-2 code of a country name, or undefined. */
export function countryCodeOf(name: string): string | undefined {
  const r = lookupCountryName(name);
  return r.kind === 'code' ? r.code : undefined;
}

/** Validates an alpha-2 or alpha-3 code (any case) and returns the alpha-2 code in capitals, or undefined. */
export function normaliseCountryCode(code: string): string | undefined {
  const c = code.trim().toUpperCase();
  if (c.length === 2) return whereAlpha2(c) !== undefined || EXTRA_CODES.has(c) ? c : undefined;
  if (c.length === 3) return whereAlpha3(c)?.alpha2;
  return undefined;
}

/** The `iso-3166-1` package's English name of an alpha-2 code ("Kosovo" for XK), or undefined. */
export function countryNameOf(code: string): string | undefined {
  const c = code.toUpperCase();
  if (c === 'XK') return 'Kosovo';
  return whereAlpha2(c)?.country;
}
