import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { countryCodeOf, countryKey, lookupCountryName, normaliseCountryCode } from '../../src/importers/countries.js';
import { COUNTRY_ALIASES } from '../../src/importers/generated-country-aliases.js';

describe('country names to ISO 3166-1 alpha-2', () => {
  it.each([
    ['Cuba', 'CU'], ['Mexico', 'MX'], ['Iran', 'IR'], ['Russia', 'RU'], ['Korea, North', 'KP'], ['Korea, South', 'KR'],
    ['Burma', 'MM'], ['Syria', 'SY'], ['Venezuela', 'VE'], ['Bolivia', 'BO'], ['Tanzania', 'TZ'],
    ['Congo, Democratic Republic of the', 'CD'], ['Congo, Republic of the', 'CG'], ['Cote d Ivoire', 'CI'],
    ["Côte d'Ivoire", 'CI'], ['Vietnam', 'VN'], ['Laos', 'LA'], ['Moldova', 'MD'], ['Macedonia', 'MK'],
    ['Turkey', 'TR'], ['Palestinian', 'PS'], ['West Bank', 'PS'], ['Region: Gaza', 'PS'], ['Region: Crimea', 'UA'],
    ['Kosovo', 'XK'], ['United Kingdom', 'GB'], ['United States', 'US'], ['Virgin Islands, British', 'VG'],
    ['The Gambia', 'GM'], ['Bahamas, The', 'BS'], ['Taiwan', 'TW'], ['Hong Kong', 'HK'], ['Macau', 'MO'],
    ['St. Kitts & Nevis', 'KN'], ['Man, Isle of', 'IM'], ['Iran (Islamic Republic of)', 'IR'],
    ["Democratic People's Republic of Korea", 'KP'], ['Russian Federation', 'RU'], ['Viet Nam', 'VN'],
    ['Syrian Arab Republic', 'SY'], ['Venezuela (Bolivarian Republic of)', 'VE'], ['UNITED ARAB EMIRATES', 'AE'],
  ])('%s -> %s', (name, code) => {
    expect(countryCodeOf(name)).toBe(code);
  });

  it('treats "no country" values as known, without a code', () => {
    expect(lookupCountryName('undetermined')).toEqual({ kind: 'none' });
    expect(lookupCountryName('None Identified')).toEqual({ kind: 'none' });
  });

  it('leaves disputed areas and dissolved countries unmapped on purpose', () => {
    expect(lookupCountryName('Region: Kafia Kingi')).toEqual({ kind: 'unknown' });
    expect(lookupCountryName('Netherlands Antilles')).toEqual({ kind: 'unknown' });
  });

  it('folds case, accents, punctuation and a leading "the" in one normaliser', () => {
    expect(countryKey("  The CÔTE d'Ivoire ")).toBe('cote d ivoire');
    expect(countryKey('St. Kitts & Nevis')).toBe('st kitts and nevis');
  });

  it.each([['cu', 'CU'], ['RU', 'RU'], ['xk', 'XK'], ['IRN', 'IR'], ['zz', undefined], ['suhh', undefined]])(
    'normaliseCountryCode(%s) -> %s', (code, want) => expect(normaliseCountryCode(code)).toBe(want));

  it('maps every alias to a code the ISO table knows (or to "no country")', () => {
    for (const [name, code] of COUNTRY_ALIASES) {
      expect(code === '-' || normaliseCountryCode(code) === code, `${name} = ${code}`).toBe(true);
    }
  });
});

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('generated country alias module', () => {
  it('is current with lists/countries/aliases.txt', () => {
    const out = execFileSync(process.execPath, [join(ROOT, 'scripts/make-country-aliases.mjs'), '--check'], { encoding: 'utf8', stdio: 'pipe' });
    expect(out).toBe('');
  });

  it('holds every entry of the data file', () => {
    const entries = readFileSync(join(ROOT, 'lists/countries/aliases.txt'), 'utf8').split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#'));
    expect(COUNTRY_ALIASES).toHaveLength(entries.length);
  });
});
