import type { Entity } from '../../src/types/entity.js';

/** A small fictional list covering every filter rule. */
export const person = (id: string, name: string, extra: Partial<Entity> = {}): Entity => ({
  id,
  entity_type: 'person',
  name,
  sources: ['test-list'],
  types: ['sanction'],
  ...extra,
});

/** A made-up word for filler k (letters only, distinct for k below 676): a word on no real list. */
export const filler = (k: number): string => `qu${String.fromCharCode(97 + (k % 26))}${String.fromCharCode(97 + Math.floor(k / 26))}vel`;
export const dob = (value: string) => ({ name: 'Date of Birth', tag: 'date_of_birth', value });
export const countries = (value: string) => ({ name: 'Countries', tag: 'country_codes', value });

export const LIST: Entity[] = [
  person('sanctioned-ru', 'Ivan Petrovich Sidorov', { fields: [dob('1960-04-02'), countries('RU')] }),
  person('pep-fr', 'Ivan Sidorov', { types: ['pep-class-2'], fields: [dob('1961'), countries('FR')] }),
  person('pep-none', 'Ivan Sidorov Jr', { types: ['pep'] }),
  person('am-only', 'Ivan Sidorova', { types: ['adverse-media-fraud'], fields: [countries('BR')] }),
  person('warning-de', 'Ivan Sidorov', { types: ['warning'], fields: [countries('DE')] }),
  person('dead', 'Ivan Sidorov', { types: ['pep-class-1'], fields: [{ name: 'Date of Death', tag: 'date_of_death', value: '2001' }] }),
  person('aka-only', 'Pyotr Ivanov', { aka: [{ name: 'Ivan Sidorov' }], types: ['fitness-probity'] }),
  person('source-note-country', 'Ivan Sidorov', {
    types: ['pep-class-3'],
    source_notes: { 'pep-list': { aml_types: ['pep-class-3'], country_codes: ['IT'] } },
  }),
  { id: 'acme', entity_type: 'company', name: 'Acme Trading Limited', sources: ['test-list'], types: ['sanction'] },
  { id: 'robert-co', entity_type: 'company', name: 'Robert Holdings', sources: ['test-list'], types: ['warning'] },
];
