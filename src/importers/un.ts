/**
 * UN Security Council consolidated sanctions list, XML (`CONSOLIDATED_LIST` with `INDIVIDUALS/INDIVIDUAL` and
 * `ENTITIES/ENTITY`). Mapping: see docs/lists.md, "UN Security Council".
 *
 * The XML is parsed as a whole with fast-xml-parser (the published file is a few MB); `iterateUnConsolidated` then
 * yields one record at a time. Elements are named in issues by path and position, with the record's
 * REFERENCE_NUMBER, e.g. `INDIVIDUALS/INDIVIDUAL[3] (KPi.033)/INDIVIDUAL_DATE_OF_BIRTH[1]`.
 */
import type { AkaName, Entity, EntityType } from '../types/entity.js';
import { isValidDay, yearRange } from './dates.js';
import { FieldSet } from './fields.js';
import { joinName } from './names.js';
import { collect, issue, toText } from './result.js';
import type { ImportEvent, ImportIssue, ImportOptions, ImportResult, TextInput } from './types.js';
import { UNKNOWN_COUNTRY_RULE } from './sanction-entity.js';
import { parseXml, rootNames, xmlList, xmlText, type XmlNode } from './xml.js';

export const UN_SOURCE_ID = 'un-sc';
export const UN_SOURCE_NAME = 'United Nations Security Council Consolidated List';
export const UN_SOURCE_URL = 'https://main.un.org/securitycouncil/en/content/un-sc-consolidated-list';
const DEFAULT_FILE = 'consolidated.xml';

const ARRAYS = new Set([
  'INDIVIDUAL', 'ENTITY', 'VALUE', 'INDIVIDUAL_ALIAS', 'ENTITY_ALIAS', 'INDIVIDUAL_ADDRESS', 'ENTITY_ADDRESS',
  'INDIVIDUAL_DATE_OF_BIRTH', 'INDIVIDUAL_PLACE_OF_BIRTH', 'INDIVIDUAL_DOCUMENT',
]);

/** The `VALUE` children of an element such as NATIONALITY or DESIGNATION. */
function values(node: unknown, key: string): string[] {
  const out: string[] = [];
  for (const el of xmlList(node, key)) {
    const v = el['VALUE'];
    for (const x of Array.isArray(v) ? v : [v]) {
      if (typeof x === 'string' || typeof x === 'number') {
        const s = String(x).trim();
        if (s !== '') out.push(s);
      }
    }
  }
  return out;
}

const DATE_RULE =
  'INDIVIDUAL_DATE_OF_BIRTH has TYPE_OF_DATE EXACT or APPROXIMATELY with DATE (yyyy-mm-dd) or YEAR, or BETWEEN with FROM_YEAR <= TO_YEAR';

/** The date-of-birth values of one INDIVIDUAL_DATE_OF_BIRTH element, or a reason it is unreadable. */
export function unDateOfBirth(el: XmlNode): { values: string[] } | { error: string } {
  const type = (xmlText(el, 'TYPE_OF_DATE') ?? 'EXACT').toUpperCase();
  const date = xmlText(el, 'DATE');
  const year = xmlText(el, 'YEAR');
  if (type === 'BETWEEN') {
    const from = xmlText(el, 'FROM_YEAR');
    const to = xmlText(el, 'TO_YEAR');
    if (from === undefined || to === undefined || !/^\d{4}$/.test(from) || !/^\d{4}$/.test(to) || Number(to) < Number(from)) {
      return { error: `BETWEEN needs FROM_YEAR and TO_YEAR as yyyy with FROM_YEAR <= TO_YEAR, got "${from ?? ''}" and "${to ?? ''}"` };
    }
    return { values: yearRange(Number(from), Number(to)) };
  }
  if (type !== 'EXACT' && type !== 'APPROXIMATELY') return { error: `TYPE_OF_DATE "${type}" is not EXACT, APPROXIMATELY or BETWEEN` };
  if (date !== undefined) {
    const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
    if (m === null || !isValidDay(Number(m[1]), Number(m[2]), Number(m[3]))) return { error: `DATE "${date}" is not a yyyy-mm-dd date` };
    return { values: [`${m[1]}-${m[2]}-${m[3]}`] };
  }
  if (year !== undefined) {
    if (!/^\d{4}$/.test(year)) return { error: `YEAR "${year}" is not yyyy` };
    return { values: [year] };
  }
  return { values: [] };
}

function address(el: XmlNode): { line: string; country: string | undefined } {
  const country = xmlText(el, 'COUNTRY');
  const line = [xmlText(el, 'STREET'), xmlText(el, 'CITY'), xmlText(el, 'STATE_PROVINCE'), xmlText(el, 'ZIP_CODE'), country, xmlText(el, 'NOTE')]
    .filter((s) => s !== undefined)
    .join(', ');
  return { line, country };
}

function* records(
  root: XmlNode,
  group: 'INDIVIDUALS' | 'ENTITIES',
  item: 'INDIVIDUAL' | 'ENTITY',
  file: string,
  seen: Set<string>,
): Generator<ImportEvent> {
  const person = item === 'INDIVIDUAL';
  const groups = xmlList(root, group);
  let index = 0;
  for (const g of groups) {
    for (const rec of xmlList(g, item)) {
      index++;
      const ref = xmlText(rec, 'REFERENCE_NUMBER');
      const dataId = xmlText(rec, 'DATAID');
      const path = `${group}/${item}[${index}]${ref !== undefined ? ` (${ref})` : dataId !== undefined ? ` (DATAID ${dataId})` : ''}`;
      const at = (element: string) => ({ file, element: `${path}${element}` });
      const fail = (code: string, message: string, element: string, rule: string): ImportEvent => ({
        kind: 'issue',
        issue: issue('error', code, message, at(element), rule),
      });
      if (ref === undefined) {
        yield fail('un_missing_reference', `${item} has no REFERENCE_NUMBER`, '/REFERENCE_NUMBER', `every ${item} has a REFERENCE_NUMBER`);
        continue;
      }
      if (seen.has(ref)) {
        yield fail('un_duplicate_reference', `REFERENCE_NUMBER ${ref} appears more than once`, '/REFERENCE_NUMBER', 'REFERENCE_NUMBER is unique');
        continue;
      }
      seen.add(ref);
      const parts = [xmlText(rec, 'FIRST_NAME'), xmlText(rec, 'SECOND_NAME'), xmlText(rec, 'THIRD_NAME'), xmlText(rec, 'FOURTH_NAME')];
      const name = joinName(parts);
      if (name === '') {
        yield fail('un_empty_name', `${item} ${ref} has no name`, '/FIRST_NAME', `every ${item} has a FIRST_NAME`);
        continue;
      }

      const warnings: ImportIssue[] = [];
      const warn = (code: string, message: string, element: string, rule: string): void => {
        warnings.push(issue('warning', code, `${ref}: ${message}`, at(element), rule));
      };
      const fields = new FieldSet(UN_SOURCE_ID);
      const listType = xmlText(rec, 'UN_LIST_TYPE');
      if (listType !== undefined) fields.add('UN List Type', listType);
      const listedOn = xmlText(rec, 'LISTED_ON');
      const listedDate = listedOn !== undefined && /^\d{4}-\d{2}-\d{2}/.test(listedOn) ? listedOn.slice(0, 10) : undefined;
      if (listedDate !== undefined) fields.add('Listed On', listedDate);
      for (const v of values(rec, 'TITLE')) fields.add('Title', v);
      for (const v of values(rec, 'DESIGNATION')) fields.add('Designation', v);
      const gender = xmlText(rec, 'GENDER');
      if (gender !== undefined) fields.add('Gender', gender);

      let dobIndex = 0;
      for (const dob of xmlList(rec, 'INDIVIDUAL_DATE_OF_BIRTH')) {
        dobIndex++;
        const r = unDateOfBirth(dob);
        if ('error' in r) warn('un_unparsed_date', `${r.error}; date of birth left out`, `/INDIVIDUAL_DATE_OF_BIRTH[${dobIndex}]`, DATE_RULE);
        else for (const v of r.values) fields.add('Date of Birth', v, 'date_of_birth');
      }
      for (const pob of xmlList(rec, 'INDIVIDUAL_PLACE_OF_BIRTH')) {
        const place = [xmlText(pob, 'CITY'), xmlText(pob, 'STATE_PROVINCE'), xmlText(pob, 'COUNTRY')].filter((s) => s !== undefined).join(', ');
        if (place !== '') fields.add('Place of Birth', place, 'place_of_birth');
      }
      for (const nat of values(rec, 'NATIONALITY')) {
        if (!fields.addCountryName('Nationality', nat)) {
          warn('unknown_country', `country "${nat}" maps to no ISO 3166-1 code; kept as a name`, '/NATIONALITY/VALUE', UNKNOWN_COUNTRY_RULE);
        }
      }
      let addrIndex = 0;
      for (const a of xmlList(rec, person ? 'INDIVIDUAL_ADDRESS' : 'ENTITY_ADDRESS')) {
        addrIndex++;
        const { line, country } = address(a);
        if (line !== '' && line !== country) fields.add('Address', line);
        if (country !== undefined && !fields.addCountryName('Country', country)) {
          warn('unknown_country', `country "${country}" maps to no ISO 3166-1 code; kept as a name`,
            `/${person ? 'INDIVIDUAL_ADDRESS' : 'ENTITY_ADDRESS'}[${addrIndex}]/COUNTRY`, UNKNOWN_COUNTRY_RULE);
        }
      }
      for (const doc of xmlList(rec, 'INDIVIDUAL_DOCUMENT')) {
        const number = xmlText(doc, 'NUMBER');
        if (number === undefined) continue;
        const country = xmlText(doc, 'ISSUING_COUNTRY') ?? xmlText(doc, 'COUNTRY_OF_ISSUE');
        fields.add(xmlText(doc, 'TYPE_OF_DOCUMENT') ?? 'Document', country !== undefined ? `${number} (${country})` : number);
      }
      const comments = xmlText(rec, 'COMMENTS1');
      if (comments !== undefined) fields.add('Remarks', comments);

      const akas: AkaName[] = [];
      const original = xmlText(rec, 'NAME_ORIGINAL_SCRIPT');
      if (original !== undefined) akas.push({ name: original, type: 'original-script' });
      for (const al of xmlList(rec, person ? 'INDIVIDUAL_ALIAS' : 'ENTITY_ALIAS')) {
        const aliasName = xmlText(al, 'ALIAS_NAME');
        if (aliasName === undefined) continue;
        const quality = xmlText(al, 'QUALITY');
        akas.push(quality !== undefined ? { name: aliasName, type: quality.toLowerCase() } : { name: aliasName });
      }

      const entityType: EntityType = person ? 'person' : 'organisation';
      const [first, ...rest] = parts.filter((p): p is string => p !== undefined);
      const last = rest.length > 0 ? rest[rest.length - 1] : undefined;
      const middle = rest.slice(0, -1).join(' ');
      const entity: Entity = {
        id: `${UN_SOURCE_ID}-${ref}`,
        entity_type: entityType,
        name,
        ...(person && first !== undefined && last !== undefined ? { first_name: first } : {}),
        ...(person && middle !== '' ? { middle_name: middle } : {}),
        ...(person && last !== undefined ? { last_name: last } : {}),
        sources: [UN_SOURCE_ID],
        types: ['sanction'],
        ...(akas.length > 0 ? { aka: akas } : {}),
        ...(fields.fields.length > 0 ? { fields: fields.fields } : {}),
        source_notes: {
          [UN_SOURCE_ID]: {
            aml_types: ['sanction'],
            country_codes: fields.countryCodes,
            name: UN_SOURCE_NAME,
            url: UN_SOURCE_URL,
            ...(listedDate !== undefined ? { listing_started_utc: `${listedDate}T00:00:00Z` } : {}),
            source_id: UN_SOURCE_ID,
          },
        },
      };
      for (const w of warnings) yield { kind: 'issue', issue: w };
      yield { kind: 'entity', entity };
    }
  }
}

/** Streams the UN consolidated list: one `entity` event per good INDIVIDUAL or ENTITY, an `issue` event per problem. */
export function* iterateUnConsolidated(xml: TextInput, options: Pick<ImportOptions, 'fileName'> = {}): Generator<ImportEvent> {
  const file = options.fileName ?? DEFAULT_FILE;
  const source = toText(xml);
  const parsed = parseXml(source, file, 'un', { arrays: ARRAYS });
  if ('issue' in parsed) {
    yield { kind: 'issue', issue: parsed.issue };
    return;
  }
  const doc = parsed.doc;
  const root = doc['CONSOLIDATED_LIST'];
  if (typeof root === 'string') return; // a list with no element inside: <CONSOLIDATED_LIST/>
  if (root === null || typeof root !== 'object') {
    const found = rootNames(doc).join(', ') || 'nothing';
    yield { kind: 'issue', issue: issue('error', 'un_bad_root', `root element is ${found}, expected CONSOLIDATED_LIST`, { file, element: found },
      'the root element is CONSOLIDATED_LIST') };
    return;
  }
  const seen = new Set<string>();
  yield* records(root as XmlNode, 'INDIVIDUALS', 'INDIVIDUAL', file, seen);
  yield* records(root as XmlNode, 'ENTITIES', 'ENTITY', file, seen);
}

/** Imports the UN Security Council consolidated list XML (contract in `types.ts`). */
export function parseUnConsolidated(xml: TextInput, options: ImportOptions = {}): ImportResult {
  return collect(iterateUnConsolidated(xml, options), options);
}

