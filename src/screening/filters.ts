/**
 * Search filters that select entities (search-api.md, POST /searches filters; GUIDE.md section 1 "Filters").
 * `birth_year` is applied by the matcher (it also yields match types); `entity_type` only tunes matching.
 */
import type { Entity } from '../types/entity.js';
import type { NormalisedFilters } from '../request/validate.js';

/** Whether `selected` (a filter value) selects the entity type value `type`: parents select their children. */
export function typeSelects(selected: string, type: string): boolean {
  if (selected === type) return true;
  if (selected === 'pep') return type.startsWith('pep-class-');
  if (selected === 'adverse-media') return type.startsWith('adverse-media-');
  return false;
}

export function matchesTypes(entity: Entity, selected: readonly string[]): boolean {
  return entity.types.some((t) => selected.some((s) => typeSelects(s, t)));
}

/** The entity's countries: `fields` tagged country_codes and the source notes' country codes. */
export function entityCountries(entity: Entity): Set<string> {
  const out = new Set<string>();
  for (const field of entity.fields ?? []) {
    if (field.tag !== 'country_codes') continue;
    for (const code of field.value.split(/[\s,;]+/)) if (code !== '') out.add(code.toUpperCase());
  }
  for (const note of Object.values(entity.source_notes ?? {})) for (const code of note.country_codes ?? []) out.add(code.toUpperCase());
  return out;
}

const isAdverseMedia = (type: string): boolean => type === 'adverse-media' || type.startsWith('adverse-media-');

/**
 * `country_codes`: sanctioned entities, entities with only adverse-media mentions and entities with no country
 * always pass; any other entity passes when one of its countries is selected.
 */
export function passesCountries(entity: Entity, selected: ReadonlySet<string>): boolean {
  if (entity.types.includes('sanction')) return true;
  if (entity.types.length > 0 && entity.types.every(isAdverseMedia)) return true;
  const countries = entityCountries(entity);
  if (countries.size === 0) return true;
  for (const c of countries) if (selected.has(c)) return true;
  return false;
}

/** Whether no filter that selects entities is given (`entityFilter` keeps every entity). */
export function selectsAll(filters: NormalisedFilters): boolean {
  return filters.types === undefined && filters.country_codes === undefined && filters.remove_deceased !== '1';
}

/** A predicate for the filters that select entities, built once per search. */
export function entityFilter(filters: NormalisedFilters, isDeceased: (entity: Entity) => boolean): (entity: Entity) => boolean {
  const types = filters.types;
  const countries = filters.country_codes === undefined ? undefined : new Set(filters.country_codes);
  const removeDeceased = filters.remove_deceased === '1';
  return (entity) =>
    (types === undefined || matchesTypes(entity, types)) &&
    (countries === undefined || passesCountries(entity, countries)) &&
    (!removeDeceased || !isDeceased(entity));
}
