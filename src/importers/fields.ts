/** Accumulates an entity's `fields`, without duplicates, and its country codes. */
import type { EntityField, FieldTag } from '../types/entity.js';
import { countryNameOf, lookupCountryName } from './countries.js';

export const COUNTRY_CODE_FIELD = 'Country Code';

export class FieldSet {
  readonly fields: EntityField[] = [];
  /** Distinct ISO alpha-2 codes, in the order first seen. */
  readonly countryCodes: string[] = [];
  /** Country names that mapped to no code. */
  readonly unknownCountries: string[] = [];
  private readonly seen = new Set<string>();
  private readonly namesSeen = new Set<string>();

  constructor(private readonly source: string | undefined) {}

  add(name: string, value: string, tag?: FieldTag): void {
    const v = value.trim();
    if (v === '') return;
    const key = `${name}\u0000${v}\u0000${tag ?? ''}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    const field: EntityField = { name, value: v };
    if (tag !== undefined) field.tag = tag;
    if (this.source !== undefined) field.source = this.source;
    this.fields.push(field);
  }

  /** Adds an ISO code as a `country_codes` field (one field per distinct code). */
  addCountryCode(code: string): void {
    if (this.countryCodes.includes(code)) return;
    this.countryCodes.push(code);
    this.add(COUNTRY_CODE_FIELD, code, 'country_codes');
  }

  /**
   * Adds a country name under `label` (e.g. "Nationality") with tag `country_names`, and its code with tag
   * `country_codes`. Returns false when the name maps to no country code (it is still kept as a name).
   */
  addCountryName(label: string, countryName: string): boolean {
    const name = countryName.trim();
    if (name === '') return true;
    const found = lookupCountryName(name);
    if (found.kind === 'none') return true;
    this.add(label, name, 'country_names');
    if (found.kind === 'unknown') {
      if (!this.unknownCountries.includes(name)) this.unknownCountries.push(name);
      return false;
    }
    this.namesSeen.add(found.code);
    this.addCountryCode(found.code);
    return true;
  }

  /** Adds a country given by code: the code, plus the country's English name with tag `country_names`. */
  addCountryByCode(label: string, code: string): void {
    if (!this.namesSeen.has(code)) {
      const name = countryNameOf(code);
      if (name !== undefined) this.add(label, name, 'country_names');
      this.namesSeen.add(code);
    }
    this.addCountryCode(code);
  }
}
