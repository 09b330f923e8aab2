/**
 * Validation of an Entity read from a host's JSON list (or built from a CSV row), against the spec's Entity and the
 * rules the screener relies on. Every problem is reported, each with the JSON path of the offending value.
 */
import { ENTITY_TYPES, LIST_TYPES, type Entity } from '../types/entity.js';
import { isSpecDate } from './dates.js';
import { normaliseCountryCode } from './countries.js';

export interface EntityProblem {
  code: string;
  message: string;
  /** JSON path inside the entity, e.g. `aka[2].name`. */
  path: string;
  rule: string;
}

const ENTITY_TYPE_SET = new Set<string>(ENTITY_TYPES);
const LIST_TYPE_SET = new Set<string>(LIST_TYPES);
const DATE_TAGS = new Set(['date_of_birth', 'date_of_death']);

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const isNonEmptyString = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

export function validateEntity(value: unknown): EntityProblem[] {
  const out: EntityProblem[] = [];
  const bad = (code: string, path: string, message: string, rule: string): void => {
    out.push({ code, message, path, rule });
  };
  if (!isObject(value)) {
    bad('list_not_object', '', 'entity is not a JSON object', 'each entity is an object');
    return out;
  }
  const e = value;
  if (!isNonEmptyString(e['id'])) bad('list_bad_id', 'id', 'id is missing or empty', 'id is a non-empty string');
  if (typeof e['entity_type'] !== 'string' || !ENTITY_TYPE_SET.has(e['entity_type'])) {
    bad('list_bad_entity_type', 'entity_type', `entity_type ${JSON.stringify(e['entity_type'])} is not one of ${ENTITY_TYPES.join(', ')}`,
      `entity_type is one of ${ENTITY_TYPES.join(', ')}`);
  }
  if (!isNonEmptyString(e['name'])) bad('list_empty_name', 'name', 'name is missing or empty', 'name is a non-empty string');
  for (const k of ['first_name', 'middle_name', 'middle_names', 'last_name', 'last_updated_utc', 'created_utc'] as const) {
    if (e[k] !== undefined && typeof e[k] !== 'string') bad('list_bad_value', k, `${k} is not a string`, `${k} is a string`);
  }
  const stringArray = (key: string, required: boolean, allowed?: Set<string>, rule?: string): void => {
    const v = e[key];
    if (v === undefined && !required) return;
    if (!Array.isArray(v) || (required && v.length === 0)) {
      bad('list_bad_value', key, `${key} is ${v === undefined ? 'missing' : 'not a non-empty array of strings'}`,
        `${key} is ${required ? 'a non-empty' : 'an'} array of strings`);
      return;
    }
    v.forEach((x, i) => {
      if (!isNonEmptyString(x)) bad('list_bad_value', `${key}[${i}]`, `${key}[${i}] is not a non-empty string`, `${key} holds non-empty strings`);
      else if (allowed !== undefined && !allowed.has(x)) bad('list_bad_type', `${key}[${i}]`, `${JSON.stringify(x)} is not a known value`, rule ?? '');
    });
  };
  stringArray('sources', true);
  stringArray('types', true, LIST_TYPE_SET, 'types are values of the types filter (sanction, warning, fitness-probity, pep, pep-class-1..4, adverse-media-*)');
  stringArray('blacklist_ids', false);
  stringArray('scraper_ids', false);
  if (e['account_ids'] !== undefined) {
    const a = e['account_ids'];
    if (!Array.isArray(a) || a.some((x) => typeof x !== 'number' || !Number.isInteger(x))) {
      bad('list_bad_value', 'account_ids', 'account_ids is not an array of integers', 'account_ids is an array of integers');
    }
  }
  const objects = (key: string, check: (o: Record<string, unknown>, path: string) => void): void => {
    const v = e[key];
    if (v === undefined) return;
    if (!Array.isArray(v)) {
      bad('list_bad_value', key, `${key} is not an array`, `${key} is an array of objects`);
      return;
    }
    v.forEach((o, i) => {
      if (!isObject(o)) bad('list_bad_value', `${key}[${i}]`, `${key}[${i}] is not an object`, `${key} is an array of objects`);
      else check(o, `${key}[${i}]`);
    });
  };
  objects('aka', (o, path) => {
    if (!isNonEmptyString(o['name'])) bad('list_empty_name', `${path}.name`, `${path}.name is missing or empty`, 'an aka has a non-empty name');
  });
  objects('associates', (o, path) => {
    if (!isNonEmptyString(o['name'])) bad('list_empty_name', `${path}.name`, `${path}.name is missing or empty`, 'an associate has a non-empty name');
  });
  objects('fields', (o, path) => {
    if (!isNonEmptyString(o['name'])) bad('list_bad_field', `${path}.name`, `${path}.name is missing or empty`, 'a field has a name and a value');
    if (typeof o['value'] !== 'string') bad('list_bad_field', `${path}.value`, `${path}.value is not a string`, 'a field has a name and a value');
    const tag = o['tag'];
    const val = o['value'];
    if (typeof tag === 'string' && typeof val === 'string') {
      if (DATE_TAGS.has(tag) && !isSpecDate(val)) {
        bad('list_bad_date', `${path}.value`, `${tag} "${val}" is not yyyy or yyyy-mm-dd`, 'dates are yyyy or yyyy-mm-dd');
      }
      if (tag === 'country_codes' && normaliseCountryCode(val) !== val) {
        bad('list_bad_country', `${path}.value`, `country code "${val}" is not an ISO 3166-1 alpha-2 code in capitals`, 'country_codes fields hold one ISO 3166-1 alpha-2 code');
      }
    }
  });
  objects('media', () => undefined);
  objects('assets', () => undefined);
  const notes = e['source_notes'];
  if (notes !== undefined) {
    if (!isObject(notes)) bad('list_bad_value', 'source_notes', 'source_notes is not an object', 'source_notes is an object keyed by source id');
    else {
      for (const [k, n] of Object.entries(notes)) {
        const path = `source_notes.${k}`;
        if (!isObject(n) || !Array.isArray(n['aml_types'])) {
          bad('list_bad_value', path, `${path} has no aml_types array`, 'each source note has an aml_types array');
          continue;
        }
        const codes = n['country_codes'];
        if (codes !== undefined && (!Array.isArray(codes) || codes.some((c) => typeof c !== 'string' || normaliseCountryCode(c) !== c))) {
          bad('list_bad_country', `${path}.country_codes`, `${path}.country_codes holds a value that is not an ISO 3166-1 alpha-2 code in capitals`,
            'country_codes hold ISO 3166-1 alpha-2 codes');
        }
      }
    }
  }
  return out;
}

/** Narrowing helper: an object `validateEntity` found nothing wrong with. */
export function isEntity(value: unknown): value is Entity {
  return validateEntity(value).length === 0;
}
