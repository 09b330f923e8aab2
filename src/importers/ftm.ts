/**
 * OpenSanctions / FollowTheMoney entities, JSON lines: one `{"id", "schema", "properties": {...}, "datasets": [...]}`
 * object a line. Mapping tables below; documented in docs/lists.md, "OpenSanctions FollowTheMoney".
 */
import type { AkaName, Entity, EntityType } from '../types/entity.js';
import { isSpecDate } from './dates.js';
import { FieldSet } from './fields.js';
import { normaliseCountryCode } from './countries.js';
import { collect, issue, toText } from './result.js';
import type { ImportEvent, ImportIssue, ImportOptions, ImportResult, TextInput } from './types.js';
import { own } from '../own.js';

const DEFAULT_FILE = 'entities.ftm.json';
export const FTM_DEFAULT_SOURCE = 'opensanctions';

/** FollowTheMoney schema -> entity_type. Other schemas (Address, Sanction, Ownership, ...) are not imported. */
export const FTM_SCHEMAS: Readonly<Record<string, EntityType>> = {
  Person: 'person',
  Organization: 'organisation',
  PublicBody: 'organisation',
  LegalEntity: 'organisation',
  Company: 'company',
  Vessel: 'vessel',
  Airplane: 'aircraft',
};

/**
 * FollowTheMoney topic -> the spec's list types. A topic not in the table contributes nothing; its first-level
 * parent is tried next (`crime.fraud.tax` -> `crime.fraud` -> `crime`). Entities whose topics give no list type
 * are not imported (in OpenSanctions exports they are context, e.g. owners and family members of listed people).
 */
export const FTM_TOPIC_TYPES: Readonly<Record<string, readonly string[]>> = {
  'sanction': ['sanction'],
  'sanction.linked': ['sanction'],
  'sanction.counter': ['sanction'],
  'asset.frozen': ['sanction'],
  'role.pep': ['pep'],
  'role.pep.national': ['pep', 'pep-class-1'],
  'role.pep.intl': ['pep', 'pep-class-1'],
  'role.pep.sub': ['pep', 'pep-class-2'],
  'role.pep.local': ['pep', 'pep-class-4'],
  'role.pep.frmr': ['pep'],
  'role.rca': ['pep'],
  'debarment': ['warning'],
  'poi': ['warning'],
  'wanted': ['warning'],
  'reg.warn': ['warning'],
  'reg.action': ['warning'],
  'export.control': ['warning'],
  'corp.disqual': ['fitness-probity'],
  'crime': ['adverse-media', 'adverse-media-general'],
  'crime.fraud': ['adverse-media', 'adverse-media-fraud'],
  'crime.fin': ['adverse-media', 'adverse-media-financial-crime'],
  'crime.theft': ['adverse-media', 'adverse-media-financial-crime'],
  'crime.cyber': ['adverse-media', 'adverse-media-v2-cybercrime'],
  'crime.terror': ['adverse-media', 'adverse-media-terrorism'],
  'crime.war': ['adverse-media', 'adverse-media-violent-crime'],
  'crime.boss': ['adverse-media', 'adverse-media-v2-other-serious'],
  'crime.traffick': ['adverse-media', 'adverse-media-v2-other-serious'],
  'crime.traffick.drug': ['adverse-media', 'adverse-media-narcotics'],
  'crime.traffick.human': ['adverse-media', 'adverse-media-v2-violence-aml-cft'],
  'crime.env': ['adverse-media', 'adverse-media-v2-other-serious'],
};

/** FollowTheMoney property -> field label, for properties kept as plain fields. */
const PLAIN_PROPERTIES: Readonly<Record<string, string>> = {
  position: 'Position',
  gender: 'Gender',
  title: 'Title',
  address: 'Address',
  idNumber: 'ID Number',
  passportNumber: 'Passport',
  taxNumber: 'Tax Number',
  registrationNumber: 'Registration Number',
  innCode: 'INN',
  ogrnCode: 'OGRN',
  leiCode: 'LEI',
  swiftBic: 'SWIFT/BIC',
  imoNumber: 'IMO Number',
  mmsi: 'MMSI',
  callSign: 'Call Sign',
  buildDate: 'Build Date',
  model: 'Model',
  serialNumber: 'Serial Number',
  email: 'Email Address',
  phone: 'Phone Number',
  website: 'Website',
  program: 'Program',
  notes: 'Remarks',
  sourceUrl: 'Source URL',
};

/** FollowTheMoney country-valued property -> field label. */
const COUNTRY_PROPERTIES: Readonly<Record<string, string>> = {
  nationality: 'Nationality',
  citizenship: 'Citizenship',
  country: 'Country',
  jurisdiction: 'Jurisdiction',
  flag: 'Vessel Flag',
};

/** The list types of a set of FollowTheMoney topics, in table order, without duplicates. */
export function ftmTopicTypes(topics: readonly string[]): string[] {
  const out = new Set<string>();
  for (const topic of topics) {
    let t: string | undefined = topic;
    while (t !== undefined) {
      const mapped = own(FTM_TOPIC_TYPES, t);
      if (mapped !== undefined) {
        for (const m of mapped) out.add(m);
        break;
      }
      const dot: number = t.lastIndexOf('.');
      t = dot === -1 ? undefined : t.slice(0, dot);
    }
  }
  return [...out];
}

/** A FollowTheMoney date (`yyyy`, `yyyy-mm`, `yyyy-mm-dd`, or a timestamp) in the spec's form, or undefined. */
export function ftmDate(value: string): string | undefined {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/.exec(value.trim());
  if (m === null) return undefined;
  const v = m[3] !== undefined ? `${m[1]}-${m[2]}-${m[3]}` : (m[1] ?? '');
  return isSpecDate(v) ? v : undefined;
}

function strings(props: Record<string, unknown>, key: string): string[] {
  const v = props[key];
  if (!Array.isArray(v)) return [];
  return v.filter((x): x is string => typeof x === 'string').map((s) => s.trim()).filter((s) => s !== '');
}

function* lines(input: TextInput | Iterable<string>): Generator<[string, number]> {
  if (typeof input === 'string' || input instanceof Uint8Array) {
    const text = toText(input);
    let start = 0;
    let n = 1;
    while (start < text.length) {
      let end = text.indexOf('\n', start);
      if (end === -1) end = text.length;
      yield [text.slice(start, end).replace(/\r$/, ''), n];
      start = end + 1;
      n++;
    }
    return;
  }
  let n = 1;
  for (const l of input) yield [l.replace(/\r?\n$/, '').replace(/\r$/, ''), n++];
}

/**
 * Streams FollowTheMoney JSON lines: one `entity` event per importable line, an `issue` event per problem. Accepts the
 * whole text, or any iterable of lines (e.g. a file read line by line) for files too large to hold in memory.
 */
export function* iterateFtmEntities(
  input: TextInput | Iterable<string>,
  options: Pick<ImportOptions, 'fileName'> = {},
): Generator<ImportEvent> {
  const file = options.fileName ?? DEFAULT_FILE;
  const seen = new Set<string>();
  for (const [line, n] of lines(input)) {
    if (line.trim() === '') continue;
    const at = (element?: string) => ({ file, line: n, element });
    const error = (code: string, message: string, element: string | undefined, rule: string): ImportEvent =>
      ({ kind: 'issue', issue: issue('error', code, message, at(element), rule) });
    let obj: unknown;
    try {
      obj = JSON.parse(line);
    } catch (e) {
      yield error('ftm_bad_json', `line is not valid JSON: ${(e as Error).message}`, undefined, 'each line is one JSON object');
      continue;
    }
    if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) {
      yield error('ftm_bad_entity', 'line is not a JSON object', undefined, 'each line is one JSON object');
      continue;
    }
    const rec = obj as Record<string, unknown>;
    const id = rec['id'];
    if (typeof id !== 'string' || id.trim() === '') {
      yield error('ftm_bad_entity', 'entity has no id', 'id', 'id is a non-empty string');
      continue;
    }
    const schema = rec['schema'];
    if (typeof schema !== 'string' || schema === '') {
      yield error('ftm_bad_entity', `entity ${id} has no schema`, 'schema', 'schema is a non-empty string');
      continue;
    }
    const entityType = own(FTM_SCHEMAS, schema);
    if (entityType === undefined) continue; // not a screenable schema (documented)
    const props = rec['properties'];
    if (props === null || typeof props !== 'object' || Array.isArray(props)) {
      yield error('ftm_bad_properties', `entity ${id} has no properties object`, 'properties', 'properties is an object of string arrays');
      continue;
    }
    const p = props as Record<string, unknown>;
    const badProp = Object.entries(p).find(([, v]) => !Array.isArray(v) || v.some((x) => typeof x !== 'string'));
    if (badProp !== undefined) {
      yield error('ftm_bad_properties', `entity ${id}: property ${badProp[0]} is not an array of strings`, `properties.${badProp[0]}`,
        'properties is an object of string arrays');
      continue;
    }
    const names = strings(p, 'name');
    const caption = typeof rec['caption'] === 'string' ? rec['caption'].trim() : '';
    const primary = names[0] ?? (caption !== '' ? caption : undefined);
    if (primary === undefined) {
      yield error('ftm_empty_name', `entity ${id} has no name`, 'properties.name', 'an entity has at least one name');
      continue;
    }
    if (seen.has(id)) {
      yield error('ftm_duplicate_id', `entity id ${id} appears more than once`, 'id', 'id is unique in the file');
      continue;
    }
    seen.add(id);
    const types = ftmTopicTypes(strings(p, 'topics'));
    if (types.length === 0) continue; // no screening topic (documented)

    const warnings: ImportIssue[] = [];
    const fields = new FieldSet(undefined);
    for (const [prop, tag, label] of [['birthDate', 'date_of_birth', 'Date of Birth'], ['deathDate', 'date_of_death', 'Date of Death']] as const) {
      for (const raw of strings(p, prop)) {
        const d = ftmDate(raw);
        if (d === undefined) {
          warnings.push(issue('warning', 'ftm_unparsed_date', `entity ${id}: ${prop} "${raw}" is not a date; left out`, at(`properties.${prop}`),
            'dates are yyyy, yyyy-mm or yyyy-mm-dd'));
        } else fields.add(label, d, tag);
      }
    }
    for (const place of strings(p, 'birthPlace')) fields.add('Place of Birth', place, 'place_of_birth');
    for (const [prop, label] of Object.entries(COUNTRY_PROPERTIES)) {
      for (const raw of strings(p, prop)) {
        const code = normaliseCountryCode(raw);
        if (code === undefined) {
          warnings.push(issue('warning', 'unknown_country', `entity ${id}: country code "${raw}" is not ISO 3166-1; left out`, at(`properties.${prop}`),
            'country properties hold ISO 3166-1 codes'));
        } else fields.addCountryByCode(label, code);
      }
    }
    for (const [prop, label] of Object.entries(PLAIN_PROPERTIES)) for (const v of strings(p, prop)) fields.add(label, v);

    const akas: AkaName[] = [];
    const akaSeen = new Set([primary]);
    const pushAka = (name: string, type: string): void => {
      if (akaSeen.has(name)) return;
      akaSeen.add(name);
      akas.push({ name, type });
    };
    for (const n of names.slice(1)) pushAka(n, 'aka');
    for (const n of strings(p, 'alias')) pushAka(n, 'aka');
    for (const n of strings(p, 'previousName')) pushAka(n, 'fka');
    for (const n of strings(p, 'weakAlias')) pushAka(n, 'weak-aka');

    const datasets = Array.isArray(rec['datasets'])
      ? (rec['datasets'] as unknown[]).filter((d): d is string => typeof d === 'string' && d !== '')
      : [];
    const sources = datasets.length > 0 ? datasets : [FTM_DEFAULT_SOURCE];
    const firstSeen = typeof rec['first_seen'] === 'string' ? rec['first_seen'] : undefined;
    const lastChange = typeof rec['last_change'] === 'string' ? rec['last_change'] : undefined;
    const person = entityType === 'person';
    const first = person ? strings(p, 'firstName')[0] : undefined;
    const middle = person ? strings(p, 'middleName')[0] : undefined;
    const last = person ? strings(p, 'lastName')[0] : undefined;
    const entity: Entity = {
      id,
      entity_type: entityType,
      ...(lastChange !== undefined ? { last_updated_utc: lastChange } : {}),
      name: primary,
      ...(first !== undefined ? { first_name: first } : {}),
      ...(middle !== undefined ? { middle_name: middle } : {}),
      ...(last !== undefined ? { last_name: last } : {}),
      sources,
      types,
      ...(akas.length > 0 ? { aka: akas } : {}),
      ...(fields.fields.length > 0 ? { fields: fields.fields } : {}),
      source_notes: Object.fromEntries(
        sources.map((s) => [
          s,
          {
            aml_types: [...types],
            country_codes: [...fields.countryCodes],
            name: s,
            ...(firstSeen !== undefined ? { listing_started_utc: firstSeen } : {}),
            source_id: s,
          },
        ]),
      ),
    };
    for (const w of warnings) yield { kind: 'issue', issue: w };
    yield { kind: 'entity', entity };
  }
}

/** Imports FollowTheMoney JSON lines (contract in `types.ts`). */
export function parseFtmEntities(jsonLines: TextInput | Iterable<string>, options: ImportOptions = {}): ImportResult {
  return collect(iterateFtmEntities(jsonLines, options), options);
}
