/**
 * One designation of the UK Sanctions List as both published forms (XML and CSV) give it, and the Entity built from
 * it. The readers (`uk-xml.ts`, `uk-csv.ts`) fill a `UkRecord`; `ukEvents` turns it into an entity and issues.
 */
import type { Associate, EntityType } from '../types/entity.js';
import { parseDayFirstDate, parseDayFirstDay } from './dates.js';
import { FieldSet } from './fields.js';
import { joinName } from './names.js';
import { issue } from './result.js';
import { AkaList, isLatinName, sanctionEntity, UNKNOWN_COUNTRY_RULE, type ListSource } from './sanction-entity.js';
import type { ImportEvent, ImportIssue } from './types.js';
import { own } from '../own.js';

export const UK_SOURCE: ListSource = {
  id: 'uk-fcdo',
  name: 'UK Sanctions List (FCDO)',
  url: 'https://www.gov.uk/government/publications/the-uk-sanctions-list',
};
export const UK_SOURCE_ID = UK_SOURCE.id;

/** `IndividualEntityShip` (CSV `Designation Type`) -> entity_type, compared in lower case. */
export const UK_TYPES: Readonly<Record<string, EntityType>> = {
  individual: 'person', person: 'person', entity: 'organisation', organisation: 'organisation', organization: 'organisation',
  ship: 'vessel', vessel: 'vessel', aircraft: 'aircraft',
};

/**
 * Facts kept as plain fields: [field label, XML element (lower case), CSV column (normalised header)]. Values
 * `|`-separated in `Sanctions Imposed` give one field each.
 */
export const UK_PLAIN_FACTS: readonly (readonly [string, string, string])[] = [
  ['Regime', 'regimename', 'regime name'],
  ['Designation Source', 'designationsource', 'designation source'],
  ['Sanctions Imposed', 'sanctionsimposed', 'sanctions imposed'],
  ['Remarks', 'otherinformation', 'other information'],
  ['Statement of Reasons', 'ukstatementofreasons', 'uk statement of reasons'],
  ['OFSI Group ID', 'ofsigroupid', 'ofsi group id'],
  ['UN Reference Number', 'unreferencenumber', 'un reference number'],
  ['Title', 'title', 'title'],
  ['Phone Number', 'phonenumber', 'phone number'],
  ['Email Address', 'emailaddress', 'email address'],
  ['Website', 'website', 'website'],
  ['Position', 'position', 'position'],
  ['Gender', 'gender', 'gender'],
  ['Type of Entity', 'typeofentity', 'type of entity'],
  ['Business Registration Number', 'businessregistrationnumber', 'business registration number (s)'],
  ['IMO Number', 'imonumber', 'imo number'],
  ['Previous Flag', 'previousflag', 'previous flags'],
  ['Vessel Type', 'typeofship', 'type of ship'],
  ['Tonnage', 'tonnageofship', 'tonnage of ship'],
  ['Length', 'lengthofship', 'length of ship'],
  ['Year Built', 'yearbuilt', 'year built'],
  ['Hull Identification Number', 'hullidentificationnumber', 'hull identification number (hin)'],
];

/** Related parties kept as associates: [association, XML element, CSV column]. */
export const UK_ASSOCIATES: readonly (readonly [string, string, string])[] = [
  ['Parent company', 'parentcompany', 'parent company'],
  ['Subsidiary', 'subsidiary', 'subsidiaries'],
  ['Current owner/operator', 'currentowneroperator', 'current owner/operator (s)'],
  ['Previous owner/operator', 'previousowneroperator', 'previous owner/operator (s)'],
];

export interface UkName {
  /** Name1 .. Name6 (Name6 is the surname, or the whole name of an entity or ship). */
  parts: (string | undefined)[];
  nameType: string | undefined;
  strength: string | undefined;
}

export interface UkRecord {
  uniqueId: string | undefined;
  /** Where the record is, for issues: `{ file, line }` (CSV) or `{ file, element }` (XML). */
  at: { file: string; line?: number; element?: string };
  /** The `element` of an issue about the XML element `name` (`UniqueID`, `DOB`, ...): its path in XML, its column in CSV. */
  element: (name: string) => string;
  type: string | undefined;
  names: UkName[];
  nonLatinNames: string[];
  facts: [label: string, value: string][];
  associates: Associate[];
  addresses: { line: string; country: string | undefined }[];
  dobs: string[];
  nationalities: string[];
  birthPlaces: string[];
  flags: string[];
  passports: string[];
  nationalIds: string[];
  dateDesignated: string | undefined;
  lastUpdated: string | undefined;
}

export function emptyUkRecord(at: UkRecord['at'], element: UkRecord['element']): UkRecord {
  return {
    uniqueId: undefined, at, element, type: undefined, names: [], nonLatinNames: [], facts: [], associates: [], addresses: [],
    dobs: [], nationalities: [], birthPlaces: [], flags: [], passports: [], nationalIds: [], dateDesignated: undefined, lastUpdated: undefined,
  };
}

const PLACEHOLDERS = new Set(['n/a', 'na', 'unknown', 'none', '-', '--']);

/** A published value, or undefined for blanks and placeholders (`N/A`, `Unknown`, `-`). */
export function ukValue(v: string | undefined): string | undefined {
  if (v === undefined) return undefined;
  const s = v.replace(/\s+/g, ' ').trim();
  return s === '' || PLACEHOLDERS.has(s.toLowerCase()) ? undefined : s;
}

/** A number with its note: `P04581926 (Afghanistan passport)`. */
export function withNote(value: string | undefined, note: string | undefined): string | undefined {
  const v = ukValue(value);
  if (v === undefined) return undefined;
  const n = ukValue(note);
  return n !== undefined ? `${v} (${n})` : v;
}

function nameOf(n: UkName): string {
  return joinName(n.parts.map(ukValue));
}

const DATE_RULE = 'D.O.B is dd/mm/yyyy, with dd and mm masked or zero when unknown, or yyyy';

/** The events of one record: its warnings and entity, or the error that rejects it. */
export function ukEvents(r: UkRecord, seen: Set<string>): ImportEvent[] {
  const where = (element: string) => ({ ...r.at, element: r.element(element) });
  const fail = (code: string, message: string, element: string, rule: string): ImportEvent[] =>
    [{ kind: 'issue', issue: issue('error', code, message, where(element), rule) }];
  const id = ukValue(r.uniqueId);
  if (id === undefined) return fail('uk_missing_id', 'designation has no UniqueID', 'UniqueID', 'every designation has a UniqueID');
  if (seen.has(id)) return fail('uk_duplicate_id', `UniqueID ${id} appears more than once`, 'UniqueID', 'UniqueID is unique in the file');
  seen.add(id);
  const named = r.names.map((n) => ({ n, name: nameOf(n), kind: (n.nameType ?? '').toLowerCase().replace(/\s+/g, ' ').trim() }))
    .filter((x) => x.name !== '');
  const primary = named.find((x) => x.kind === 'primary name') ?? named.find((x) => x.kind.startsWith('primary')) ?? named[0];
  if (primary === undefined) return fail('uk_empty_name', `designation ${id} has no name`, 'Names', 'every designation has a name in Name1..Name6');

  const warnings: ImportIssue[] = [];
  const warn = (code: string, message: string, element: string, rule: string): void => {
    warnings.push(issue('warning', code, `${id}: ${message}`, where(element), rule));
  };
  const rawType = ukValue(r.type);
  let entityType = rawType !== undefined ? own(UK_TYPES, rawType.toLowerCase()) : undefined;
  if (entityType === undefined) {
    const personLike = r.dobs.length > 0 || r.nationalities.length > 0 || r.birthPlaces.length > 0 || r.passports.length > 0;
    entityType = personLike ? 'person' : 'organisation';
    warn('uk_unknown_type', `type "${rawType ?? ''}" is not Individual, Entity or Ship; imported as ${entityType}`, 'IndividualEntityShip',
      'IndividualEntityShip is Individual, Entity or Ship');
  }
  const fields = new FieldSet(UK_SOURCE.id);
  const country = (label: string, name: string, element: string): void => {
    if (!fields.addCountryName(label, name)) warn('unknown_country', `country "${name}" maps to no ISO 3166-1 code; kept as a name`, element, UNKNOWN_COUNTRY_RULE);
  };
  for (const [label, value] of r.facts) {
    for (const v of label === 'Sanctions Imposed' ? value.split('|') : [value]) fields.add(label, v);
  }
  const listedOn = r.dateDesignated !== undefined ? parseDayFirstDay(r.dateDesignated) : undefined;
  if (listedOn !== undefined) fields.add('Date Designated', listedOn);
  for (const dob of r.dobs) {
    const v = parseDayFirstDate(dob);
    if (v !== undefined) fields.add('Date of Birth', v, 'date_of_birth');
    else {
      warn('uk_unparsed_date', `date of birth "${dob}" is not a date form this importer reads; kept as text`, 'DOB', DATE_RULE);
      fields.add('Date of Birth (as published)', dob);
    }
  }
  for (const p of r.birthPlaces) fields.add('Place of Birth', p, 'place_of_birth');
  for (const n of r.nationalities) country('Nationality', n, 'Nationality');
  for (const p of r.passports) fields.add('Passport', p);
  for (const n of r.nationalIds) fields.add('National Identifier', n);
  for (const a of r.addresses) {
    if (a.line !== '') fields.add('Address', a.country !== undefined ? `${a.line}, ${a.country}` : a.line);
    if (a.country !== undefined) country('Country', a.country, 'AddressCountry');
  }
  for (const f of r.flags) country('Vessel Flag', f, 'CurrentBelievedFlagOfShip');

  const person = entityType === 'person';
  const partsOf = (n: UkName) => {
    const p = n.parts.map(ukValue);
    const middle = joinName(p.slice(1, 5));
    return { first: p[0], middle: middle === '' ? undefined : middle, last: p[5] };
  };
  const akas = new AkaList(primary.name);
  for (const x of named) {
    if (x === primary) continue;
    const type = x.kind === 'alias' ? (/low|weak/i.test(x.n.strength ?? '') ? 'weak-aka' : 'aka')
      : x.kind.includes('variation') ? 'name-variation' : 'aka';
    akas.add(x.name, type, person ? partsOf(x.n) : {});
  }
  for (const n of r.nonLatinNames) akas.add(n, isLatinName(n) ? 'aka' : 'original-script');
  const associates: Associate[] = [];
  const assocSeen = new Set<string>();
  for (const a of r.associates) {
    const k = `${a.association ?? ''}\u0000${a.name}`;
    if (!assocSeen.has(k)) {
      assocSeen.add(k);
      associates.push(a);
    }
  }
  const entity = sanctionEntity(UK_SOURCE, {
    key: id, entityType, name: primary.name, parts: person ? partsOf(primary.n) : {}, akas: akas.akas, associates, fields, listedOn,
    updatedOn: r.lastUpdated !== undefined ? parseDayFirstDay(r.lastUpdated) : undefined,
  });
  return [...warnings.map((w): ImportEvent => ({ kind: 'issue', issue: w })), { kind: 'entity', entity }];
}
