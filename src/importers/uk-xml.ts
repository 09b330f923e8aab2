/**
 * The UK Sanctions List as published in XML: `<Designations>` holding one `<Designation>` per record, facts in child
 * elements (`<Names><Name><Name1>..<Name6>, <NameType>, <AliasStrength>`, `<IndividualDetails><Individual><DOBs>`...).
 * Tag names are compared in lower case and found at any depth below the designation, so a fact moved to another
 * wrapper element is still read; unknown elements are ignored.
 */
import { issue } from './result.js';
import type { ImportEvent } from './types.js';
import { emptyUkRecord, UK_ASSOCIATES, UK_PLAIN_FACTS, ukEvents, ukValue, withNote, type UkRecord } from './uk-record.js';
import { parseXml, rootNames, xmlDeepList, xmlDeepTexts, xmlList, xmlText, type XmlNode } from './xml.js';

const NAME_PARTS = ['name1', 'name2', 'name3', 'name4', 'name5', 'name6'];

function readDesignation(d: XmlNode, index: number, file: string): UkRecord {
  const uniqueId = xmlText(d, 'uniqueid');
  const path = `Designation[${index}]${uniqueId !== undefined ? ` (${uniqueId})` : ''}`;
  const r = emptyUkRecord({ file }, (name) => `${path}/${name}`);
  r.uniqueId = uniqueId;
  r.type = xmlText(d, 'individualentityship') ?? xmlText(d, 'designationtype') ?? xmlText(d, 'entitytype');
  const nameEls = xmlList(d, 'names').flatMap((n) => xmlList(n, 'name'));
  for (const n of nameEls.length > 0 ? nameEls : xmlDeepList(d, 'name')) {
    r.names.push({ parts: NAME_PARTS.map((p) => xmlText(n, p)), nameType: xmlText(n, 'nametype'), strength: xmlText(n, 'aliasstrength') });
  }
  r.nonLatinNames = xmlDeepTexts(d, 'namenonlatinscript');
  for (const [label, tag] of UK_PLAIN_FACTS) {
    for (const v of xmlDeepTexts(d, tag)) {
      const value = ukValue(v);
      if (value !== undefined) r.facts.push([label, value]);
    }
  }
  for (const [association, tag] of UK_ASSOCIATES) {
    for (const v of xmlDeepTexts(d, tag)) {
      const name = ukValue(v);
      if (name !== undefined) r.associates.push({ name, association });
    }
  }
  for (const a of xmlDeepList(d, 'address')) {
    const lines = ['addressline1', 'addressline2', 'addressline3', 'addressline4', 'addressline5', 'addressline6', 'addresspostalcode']
      .map((k) => ukValue(xmlText(a, k))).filter((s): s is string => s !== undefined);
    r.addresses.push({ line: lines.join(', '), country: ukValue(xmlText(a, 'addresscountry')) });
  }
  r.dobs = xmlDeepTexts(d, 'dob').map(ukValue).filter((s): s is string => s !== undefined);
  r.nationalities = xmlDeepTexts(d, 'nationality').map(ukValue).filter((s): s is string => s !== undefined);
  for (const loc of xmlDeepList(d, 'location')) {
    const place = [ukValue(xmlText(loc, 'townofbirth')), ukValue(xmlText(loc, 'countryofbirth'))].filter((s) => s !== undefined).join(', ');
    if (place !== '') r.birthPlaces.push(place);
  }
  r.flags = xmlDeepTexts(d, 'currentbelievedflagofship').map(ukValue).filter((s): s is string => s !== undefined);
  for (const p of xmlDeepList(d, 'passport')) {
    const v = withNote(xmlText(p, 'passportnumber'), xmlText(p, 'passportadditionalinformation'));
    if (v !== undefined) r.passports.push(v);
  }
  for (const p of xmlDeepList(d, 'nationalidentifier')) {
    const v = withNote(xmlText(p, 'nationalidentifiernumber'), xmlText(p, 'nationalidentifieradditionalinformation'));
    if (v !== undefined) r.nationalIds.push(v);
  }
  r.dateDesignated = xmlText(d, 'datedesignated');
  r.lastUpdated = xmlText(d, 'lastupdated');
  return r;
}

/** Streams the UK Sanctions List XML: one `entity` event per good Designation, an `issue` event per problem. */
export function* iterateUkSanctionsXml(text: string, file: string): Generator<ImportEvent> {
  const parsed = parseXml(text, file, 'uk', { lowerCase: true });
  if ('issue' in parsed) {
    yield { kind: 'issue', issue: parsed.issue };
    return;
  }
  const designations = xmlDeepList(parsed.doc, 'designation');
  const roots = rootNames(parsed.doc);
  if (designations.length === 0 && !roots.includes('designations')) {
    const found = roots.join(', ') || 'nothing';
    yield { kind: 'issue', issue: issue('error', 'uk_bad_root', `root element is ${found}, expected Designations`, { file, element: found },
      'the root element is Designations, holding Designation elements') };
    return;
  }
  const seen = new Set<string>();
  let index = 0;
  for (const d of designations) yield* ukEvents(readDesignation(d, ++index, file), seen);
}
