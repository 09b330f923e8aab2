/**
 * EU consolidated list of persons, groups and entities subject to financial sanctions, the Financial Sanctions Files
 * (FSF) XML export `xmlFullSanctionsList_1_1`: `<export>` holding one `<sanctionEntity>` per record, its facts in
 * attributes (`<nameAlias wholeName="..." strong="true">`). Mapping: docs/lists.md, "EU consolidated financial
 * sanctions list".
 *
 * Lenient about the real files: a namespace or its prefix, any case in tag and attribute names, unknown elements,
 * empty attributes, `countryIso2Code="00"` / `countryDescription="UNKNOWN"` (no country). Elements are named in
 * issues by position and the record's reference, e.g. `sanctionEntity[3] (EU.27.28)/birthdate[1]`.
 */
import type { Associate, EntityType } from '../types/entity.js';
import { normaliseCountryCode } from './countries.js';
import { isValidDay, yearRange } from './dates.js';
import { FieldSet } from './fields.js';
import { joinName } from './names.js';
import { collect, issue, toText } from './result.js';
import { AkaList, isLatinName, sanctionEntity, UNKNOWN_COUNTRY_RULE, type ListSource } from './sanction-entity.js';
import type { ImportEvent, ImportIssue, ImportOptions, ImportResult, TextInput } from './types.js';
import { parseXml, rootNames, xmlAttr, xmlDeepList, xmlList, xmlText, xmlTexts, type XmlNode } from './xml.js';
import { own } from '../own.js';

export const EU_SOURCE: ListSource = {
  id: 'eu-fsf',
  name: 'EU Consolidated Financial Sanctions List',
  url: 'https://data.europa.eu/data/datasets/consolidated-list-of-persons-groups-and-entities-subject-to-eu-financial-sanctions',
};
export const EU_SOURCE_ID = EU_SOURCE.id;
const DEFAULT_FILE = 'xmlFullSanctionsList_1_1.xml';

/** `subjectType` `code` (or `classificationCode`) -> entity_type, compared in lower case. */
export const EU_SUBJECT_TYPES: Readonly<Record<string, EntityType>> = {
  person: 'person', individual: 'person', p: 'person',
  enterprise: 'organisation', entity: 'organisation', organisation: 'organisation', organization: 'organisation', e: 'organisation',
  vessel: 'vessel', ship: 'vessel', aircraft: 'aircraft',
};

/** `contactInfo` `key` -> field label. */
const CONTACT_LABELS: Readonly<Record<string, string>> = { phone: 'Phone Number', fax: 'Fax', email: 'Email Address', web: 'Website' };
const GENDERS: Readonly<Record<string, string>> = { m: 'Male', f: 'Female', male: 'Male', female: 'Female' };

const DATE_RULE = 'birthdate has birthdate (yyyy-mm-dd), or year with dayOfMonth/monthOfYear, or yearRangeFrom <= yearRangeTo, in the Gregorian calendar';

/** The date-of-birth values of one `<birthdate>`, or why they cannot be read. */
export function euBirthDate(el: XmlNode): { values: string[] } | { error: string } {
  const calendar = xmlAttr(el, 'calendartype');
  if (calendar !== undefined && calendar.toUpperCase() !== 'GREGORIAN') return { error: `calendarType "${calendar}" is not GREGORIAN` };
  const full = xmlAttr(el, 'birthdate');
  const year = xmlAttr(el, 'year');
  if (full !== undefined) {
    const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(full);
    if (m !== null && isValidDay(Number(m[1]), Number(m[2]), Number(m[3]))) return { values: [`${m[1]}-${m[2]}-${m[3]}`] };
    // A day or month written as 00 (`1950-00-00`): the year is known.
    if (m !== null && year === undefined && (m[2] === '00' || m[3] === '00')) return { values: [m[1] ?? ''] };
    if (year === undefined) return { error: `birthdate "${full}" is not a yyyy-mm-dd date` };
  }
  const from = xmlAttr(el, 'yearrangefrom');
  const to = xmlAttr(el, 'yearrangeto');
  if (from !== undefined || to !== undefined) {
    if (from === undefined || to === undefined || !/^\d{4}$/.test(from) || !/^\d{4}$/.test(to) || Number(to) < Number(from)) {
      return { error: `yearRangeFrom "${from ?? ''}" and yearRangeTo "${to ?? ''}" are not two years in order` };
    }
    return { values: yearRange(Number(from), Number(to)) };
  }
  if (year === undefined) return { values: [] };
  if (!/^\d{4}$/.test(year)) return { error: `year "${year}" is not yyyy` };
  const month = Number(xmlAttr(el, 'monthofyear') ?? '');
  const day = Number(xmlAttr(el, 'dayofmonth') ?? '');
  if (Number.isInteger(month) && Number.isInteger(day) && isValidDay(Number(year), month, day)) {
    return { values: [`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`] };
  }
  return { values: [year] };
}

/** The ISO code of an element's `countryIso2Code` (not `00`), and its `countryDescription` (not `UNKNOWN`). */
function country(el: XmlNode): { code: string | undefined; name: string | undefined } {
  const raw = xmlAttr(el, 'countryiso2code');
  const code = raw !== undefined && /^[A-Za-z]{2}$/.test(raw) ? normaliseCountryCode(raw) : undefined;
  const desc = xmlAttr(el, 'countrydescription');
  return { code, name: desc !== undefined && desc.toUpperCase() !== 'UNKNOWN' && desc !== '00' ? desc : undefined };
}

interface Alias {
  whole: string;
  first: string | undefined;
  middle: string | undefined;
  last: string | undefined;
  strong: boolean;
  lang: string | undefined;
}

function readAlias(el: XmlNode): Alias | undefined {
  const first = xmlAttr(el, 'firstname');
  const middle = xmlAttr(el, 'middlename');
  const last = xmlAttr(el, 'lastname');
  const whole = xmlAttr(el, 'wholename') ?? (joinName([first, middle, last]) || undefined);
  if (whole === undefined) return undefined;
  return { whole, first, middle, last, strong: (xmlAttr(el, 'strong') ?? 'true').toLowerCase() !== 'false', lang: xmlAttr(el, 'namelanguage') };
}

/** The primary name: the first strong Latin-script name in English or no language, else the first strong Latin one, else the first strong, else the first. */
function primaryAlias(aliases: readonly Alias[]): Alias | undefined {
  const latin = (a: Alias) => isLatinName(a.whole);
  return aliases.find((a) => a.strong && latin(a) && (a.lang === undefined || a.lang.toUpperCase() === 'EN'))
    ?? aliases.find((a) => a.strong && latin(a)) ?? aliases.find((a) => a.strong) ?? aliases[0];
}

function subjectType(rec: XmlNode, aliases: readonly Alias[]): { type: EntityType; known: boolean; code: string } {
  const st = xmlList(rec, 'subjecttype')[0];
  const code = xmlAttr(st, 'code') ?? xmlAttr(st, 'classificationcode') ?? '';
  const mapped = own(EU_SUBJECT_TYPES, code.toLowerCase()) ?? own(EU_SUBJECT_TYPES, (xmlAttr(st, 'classificationcode') ?? '').toLowerCase());
  if (mapped !== undefined) return { type: mapped, known: true, code };
  const personLike = aliases.some((a) => a.first !== undefined || a.last !== undefined) || xmlList(rec, 'birthdate').length > 0;
  return { type: personLike ? 'person' : 'organisation', known: false, code };
}

function* records(entities: readonly XmlNode[], file: string): Generator<ImportEvent> {
  const seen = new Set<string>();
  let index = 0;
  for (const rec of entities) {
    index++;
    const logicalId = xmlAttr(rec, 'logicalid');
    const ref = xmlAttr(rec, 'eureferencenumber');
    const path = `sanctionEntity[${index}]${ref !== undefined ? ` (${ref})` : logicalId !== undefined ? ` (logicalId ${logicalId})` : ''}`;
    const at = (element: string) => ({ file, element: `${path}${element}` });
    const fail = (code: string, message: string, element: string, rule: string): ImportEvent =>
      ({ kind: 'issue', issue: issue('error', code, message, at(element), rule) });
    const key = logicalId ?? ref;
    if (key === undefined) {
      yield fail('eu_missing_id', 'sanctionEntity has neither logicalId nor euReferenceNumber', '/@logicalId', 'every sanctionEntity has a logicalId');
      continue;
    }
    if (seen.has(key)) {
      yield fail('eu_duplicate_id', `logicalId ${key} appears more than once`, '/@logicalId', 'logicalId is unique in the file');
      continue;
    }
    seen.add(key);
    const aliasEls = xmlList(rec, 'namealias');
    const aliases = aliasEls.map(readAlias).filter((a): a is Alias => a !== undefined);
    const primary = primaryAlias(aliases);
    if (primary === undefined) {
      yield fail('eu_empty_name', `sanctionEntity ${ref ?? key} has no name`, '/nameAlias', 'every sanctionEntity has a nameAlias with a wholeName');
      continue;
    }

    const warnings: ImportIssue[] = [];
    const warn = (code: string, message: string, element: string, rule: string): void => {
      warnings.push(issue('warning', code, `${ref ?? key}: ${message}`, at(element), rule));
    };
    const fields = new FieldSet(EU_SOURCE.id);
    const addCountryName = (label: string, name: string, element: string): void => {
      if (!fields.addCountryName(label, name)) warn('unknown_country', `country "${name}" maps to no ISO 3166-1 code; kept as a name`, element, UNKNOWN_COUNTRY_RULE);
    };
    const type = subjectType(rec, aliases);
    if (!type.known) {
      warn('eu_unknown_subject_type', `subjectType "${type.code}" is not person or enterprise; imported as ${type.type}`, '/subjectType',
        'subjectType code is person or enterprise');
    }
    if (ref !== undefined) fields.add('EU Reference Number', ref);
    const un = xmlAttr(rec, 'unitednationid');
    if (un !== undefined) fields.add('UN Reference Number', un);
    const details = xmlAttr(rec, 'designationdetails');
    if (details !== undefined) fields.add('Designation Details', details);

    const listed: string[] = [];
    const designated = xmlAttr(rec, 'designationdate');
    if (designated !== undefined && /^\d{4}-\d{2}-\d{2}/.test(designated)) listed.push(designated.slice(0, 10));
    for (const reg of xmlList(rec, 'regulation')) {
      const programme = xmlAttr(reg, 'programme');
      if (programme !== undefined) fields.add('Programme', programme);
      const title = xmlAttr(reg, 'numbertitle');
      if (title !== undefined) fields.add('Regulation', title);
      const url = xmlText(reg, 'publicationurl');
      if (url !== undefined) fields.add('Regulation URL', url);
      if (designated === undefined) {
        const d = xmlAttr(reg, 'entryintoforcedate') ?? xmlAttr(reg, 'publicationdate');
        if (d !== undefined && /^\d{4}-\d{2}-\d{2}/.test(d)) listed.push(d.slice(0, 10));
      }
    }
    if (designated !== undefined && listed.length > 0) fields.add('Designation Date', listed[0] ?? '');

    for (const a of aliasEls) {
      const gender = xmlAttr(a, 'gender');
      if (gender !== undefined) fields.add('Gender', own(GENDERS, gender.toLowerCase()) ?? gender);
      const title = xmlAttr(a, 'title');
      if (title !== undefined) fields.add('Title', title);
      const fn = xmlAttr(a, 'function');
      if (fn !== undefined) fields.add('Function', fn);
    }

    xmlList(rec, 'citizenship').forEach((c, i) => {
      const { code, name } = country(c);
      if (code !== undefined) fields.addCountryByCode('Citizenship', code);
      else if (name !== undefined) addCountryName('Citizenship', name, `/citizenship[${i + 1}]/@countryDescription`);
    });
    xmlList(rec, 'birthdate').forEach((b, i) => {
      const r = euBirthDate(b);
      if ('error' in r) warn('eu_unparsed_date', `${r.error}; date of birth left out`, `/birthdate[${i + 1}]`, DATE_RULE);
      else for (const v of r.values) fields.add('Date of Birth', v, 'date_of_birth');
      const place = [xmlAttr(b, 'city'), xmlAttr(b, 'place'), xmlAttr(b, 'region'), country(b).name].filter((s) => s !== undefined).join(', ');
      if (place !== '') fields.add('Place of Birth', place, 'place_of_birth');
    });
    xmlList(rec, 'address').forEach((a, i) => {
      const { code, name } = country(a);
      const po = xmlAttr(a, 'pobox');
      const line = [xmlAttr(a, 'street'), po !== undefined ? `PO Box ${po}` : undefined, xmlAttr(a, 'city'), xmlAttr(a, 'zipcode'),
        xmlAttr(a, 'place'), xmlAttr(a, 'region'), name].filter((s) => s !== undefined).join(', ');
      if (line !== '' && line !== name) fields.add('Address', line);
      if (code !== undefined) fields.addCountryByCode('Country', code);
      else if (name !== undefined) addCountryName('Country', name, `/address[${i + 1}]/@countryDescription`);
      for (const ci of xmlList(a, 'contactinfo')) {
        const k = xmlAttr(ci, 'key');
        const v = xmlAttr(ci, 'value');
        if (k !== undefined && v !== undefined) fields.add(own(CONTACT_LABELS, k.toLowerCase()) ?? k, v);
      }
    });
    for (const id of xmlList(rec, 'identification')) {
      const number = xmlAttr(id, 'number') ?? xmlAttr(id, 'latinnumber');
      if (number === undefined) continue;
      const label = xmlAttr(id, 'identificationtypedescription') ?? xmlAttr(id, 'identificationtypecode') ?? 'Identification';
      const { code, name } = country(id);
      const where = name ?? code;
      fields.add(label, where !== undefined ? `${number} (${where})` : number);
    }
    for (const r of xmlTexts(rec, 'remark')) fields.add('Remarks', r);

    const akas = new AkaList(primary.whole);
    for (const a of aliases) {
      if (a === primary) continue;
      akas.add(a.whole, !a.strong ? 'weak-aka' : isLatinName(a.whole) ? 'aka' : 'original-script', type.type === 'person' ? a : {});
    }
    const associates: Associate[] = [];
    for (const w of warnings) yield { kind: 'issue', issue: w };
    yield {
      kind: 'entity',
      entity: sanctionEntity(EU_SOURCE, {
        key, entityType: type.type, name: primary.whole, parts: primary, akas: akas.akas, associates, fields,
        listedOn: listed.sort()[0],
      }),
    };
  }
}

/** Streams the EU FSF XML: one `entity` event per good sanctionEntity, an `issue` event per problem. */
export function* iterateEuSanctions(xml: TextInput, options: Pick<ImportOptions, 'fileName'> = {}): Generator<ImportEvent> {
  const file = options.fileName ?? DEFAULT_FILE;
  const parsed = parseXml(toText(xml), file, 'eu', { lowerCase: true });
  if ('issue' in parsed) {
    yield { kind: 'issue', issue: parsed.issue };
    return;
  }
  const entities = xmlDeepList(parsed.doc, 'sanctionentity');
  const roots = rootNames(parsed.doc);
  if (entities.length === 0 && !roots.includes('export')) {
    const found = roots.join(', ') || 'nothing';
    yield { kind: 'issue', issue: issue('error', 'eu_bad_root', `root element is ${found}, expected export`, { file, element: found },
      'the root element is export, holding sanctionEntity elements') };
    return;
  }
  yield* records(entities, file);
}

/** Imports the EU FSF XML (contract in `types.ts`). */
export function parseEuSanctions(xml: TextInput, options: ImportOptions = {}): ImportResult {
  return collect(iterateEuSanctions(xml, options), options);
}
