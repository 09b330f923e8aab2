/** The Entity of one record of an official sanctions list, shared by the EU and UK importers. */
import type { AkaName, Associate, Entity, EntityType } from '../types/entity.js';
import type { FieldSet } from './fields.js';

export interface ListSource {
  /** The source id: `sources[0]`, the key of `source_notes`, the prefix of entity ids. */
  id: string;
  name: string;
  url: string;
}

export interface PersonParts {
  first?: string | undefined;
  middle?: string | undefined;
  last?: string | undefined;
}

/** A record's alternative names without repeats: a name equal to the primary name or to an earlier aka (ignoring case and spacing) is dropped. */
export class AkaList {
  readonly akas: AkaName[] = [];
  private readonly seen = new Set<string>();

  constructor(primary: string) {
    this.seen.add(AkaList.key(primary));
  }

  static key(name: string): string {
    return name.normalize('NFC').replace(/\s+/g, ' ').trim().toLocaleLowerCase();
  }

  add(name: string, type: string, parts: PersonParts = {}): void {
    const key = AkaList.key(name);
    if (key === '' || this.seen.has(key)) return;
    this.seen.add(key);
    const aka: AkaName = { name: name.replace(/\s+/g, ' ').trim() };
    if (parts.first !== undefined && parts.last !== undefined) {
      aka.first_name = parts.first;
      aka.last_name = parts.last;
    }
    aka.type = type;
    this.akas.push(aka);
  }
}

export interface SanctionRecord {
  /** The record's id in the list; the entity id is `<source id>-<key>`. */
  key: string;
  entityType: EntityType;
  name: string;
  parts: PersonParts;
  akas: AkaName[];
  associates: Associate[];
  fields: FieldSet;
  /** `yyyy-mm-dd` the record was listed (designated), if known. */
  listedOn?: string | undefined;
  /** `yyyy-mm-dd` the record was last changed, if known. */
  updatedOn?: string | undefined;
}

/** The spec's Entity of a sanctions record: `sources`, `types: ['sanction']` and one source note. */
export function sanctionEntity(source: ListSource, r: SanctionRecord): Entity {
  const person = r.entityType === 'person';
  const entity: Entity = {
    id: `${source.id}-${r.key}`,
    entity_type: r.entityType,
    ...(r.updatedOn !== undefined ? { last_updated_utc: `${r.updatedOn}T00:00:00Z` } : {}),
    name: r.name,
    ...(person && r.parts.first !== undefined && r.parts.last !== undefined ? { first_name: r.parts.first } : {}),
    ...(person && r.parts.middle !== undefined && r.parts.last !== undefined ? { middle_name: r.parts.middle } : {}),
    ...(person && r.parts.last !== undefined ? { last_name: r.parts.last } : {}),
    sources: [source.id],
    types: ['sanction'],
  };
  if (r.akas.length > 0) entity.aka = r.akas;
  if (r.associates.length > 0) entity.associates = r.associates;
  if (r.fields.fields.length > 0) entity.fields = r.fields.fields;
  entity.source_notes = {
    [source.id]: {
      aml_types: ['sanction'],
      country_codes: r.fields.countryCodes,
      name: source.name,
      url: source.url,
      ...(r.listedOn !== undefined ? { listing_started_utc: `${r.listedOn}T00:00:00Z` } : {}),
      source_id: source.id,
    },
  };
  return entity;
}

/** True when a name is written in Latin letters (with digits, punctuation and spaces). */
export function isLatinName(name: string): boolean {
  return /^[\p{Script=Latin}\p{N}\p{P}\p{Z}\p{S}\p{M}]+$/u.test(name);
}

export const UNKNOWN_COUNTRY_RULE = 'country names map to ISO 3166-1 alpha-2 (iso-3166-1 plus lists/countries/aliases.txt)';
