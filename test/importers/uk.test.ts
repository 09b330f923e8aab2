import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { enumerated } from '../../src/importers/uk-csv.js';
import { iterateUkSanctions, parseUkSanctions, ukFormatOf } from '../../src/importers/uk.js';
import { validateEntity } from '../../src/importers/validate.js';
import { byId, errorsOf, failIssues, named, okValue, tagged } from './helpers.js';

/** Fictional designations written in the published XML and CSV forms (see the XML fixture's header comment). */
const XML = readFileSync(new URL('./fixtures/uk-sanctions-list.xml', import.meta.url), 'utf8');
const CSV_BYTES = readFileSync(new URL('./fixtures/uk-sanctions-list.csv', import.meta.url));
const CSV = CSV_BYTES.toString('utf8').replace(/^\uFEFF/, '');

describe('UK Sanctions List importer: mapping', () => {
  const { entities, issues } = okValue(parseUkSanctions(XML));

  it('imports each Designation with id uk-fcdo-<UniqueID>; Individual/Entity/Ship -> person/organisation/vessel', () => {
    expect(entities.map((e) => [e.id, e.entity_type])).toEqual([
      ['uk-fcdo-AFG9901', 'person'],
      ['uk-fcdo-RUS9902', 'organisation'],
      ['uk-fcdo-DPR9903', 'vessel'],
    ]);
    expect(issues).toEqual([]);
  });

  it('takes the Primary Name as the name: Name1..Name5 then Name6; for a person Name1 is first, Name2..5 middle, Name6 last', () => {
    const e = byId(entities, 'uk-fcdo-AFG9901');
    expect([e.name, e.first_name, e.middle_name, e.last_name]).toEqual(['NASRULLAH QADIR ZAHEDI', 'NASRULLAH', 'QADIR', 'ZAHEDI']);
    expect(byId(entities, 'uk-fcdo-RUS9902').name).toBe('NORTHERN LIGHT FICTIONAL TRADING LLC');
  });

  it('keeps aliases (Low quality as weak-aka), non-Latin names as original-script, and drops a variation equal to the name but for case', () => {
    expect(byId(entities, 'uk-fcdo-AFG9901').aka).toEqual([
      { name: 'Nasrollah Zahidi', first_name: 'Nasrollah', last_name: 'Zahidi', type: 'aka' },
      { name: 'Haji Nasrullah', type: 'weak-aka' },
      { name: 'نصرالله قادر زاهدی', type: 'original-script' },
    ]);
    expect(byId(entities, 'uk-fcdo-RUS9902').aka).toEqual([
      { name: 'Severnoye Siyaniye Trading', type: 'aka' },
      { name: 'ООО Северное Сияние Трейдинг', type: 'original-script' },
    ]);
  });

  it('reads dates of birth day first, a masked day and month giving the year; designation and update dates', () => {
    const e = byId(entities, 'uk-fcdo-AFG9901');
    expect(tagged(e, 'date_of_birth')).toEqual(['1961', '1962-03-01']);
    expect(e.last_updated_utc).toBe('2025-04-14T00:00:00Z');
    expect(e.source_notes?.['uk-fcdo']?.listing_started_utc).toBe('2001-01-25T00:00:00Z');
  });

  it('maps nationality, address country and ship flag to country codes', () => {
    expect(tagged(byId(entities, 'uk-fcdo-AFG9901'), 'country_codes')).toEqual(['AF']);
    expect(tagged(byId(entities, 'uk-fcdo-RUS9902'), 'country_codes')).toEqual(['RU']);
    expect(tagged(byId(entities, 'uk-fcdo-DPR9903'), 'country_codes')).toEqual(['KM']);
    expect(named(byId(entities, 'uk-fcdo-DPR9903'), 'Vessel Flag')).toEqual(['Comoros']);
  });

  it('keeps the individual, entity and ship details as fields and related parties as associates', () => {
    const p = byId(entities, 'uk-fcdo-AFG9901');
    expect(named(p, 'Sanctions Imposed')).toEqual(['Asset freeze', 'Travel Ban']);
    expect([named(p, 'Title'), named(p, 'Passport'), named(p, 'National Identifier')]).toEqual([['Mullah', 'Haji'], ['OA990001 (Afghan passport)'], ['99123']]);
    expect([named(p, 'Regime'), named(p, 'OFSI Group ID'), named(p, 'UN Reference Number')]).toEqual([
      ['The Afghanistan (Sanctions) (EU Exit) Regulations 2020'], ['99172'], ['TAi.990']]);
    expect(tagged(p, 'place_of_birth')).toEqual(['Qalat, Afghanistan']);
    expect(named(p, 'Address')).toEqual(['District 4, Kabul, Afghanistan']);
    const o = byId(entities, 'uk-fcdo-RUS9902');
    expect([named(o, 'Business Registration Number'), named(o, 'Phone Number'), named(o, 'Email Address')]).toEqual([
      ['1027800000001'], ['+7 812 000 0000'], ['info@northern-light.example']]);
    expect(o.associates).toEqual([{ name: 'Aurora Fictional Holding', association: 'Parent company' }]);
    const s = byId(entities, 'uk-fcdo-DPR9903');
    expect([named(s, 'IMO Number'), named(s, 'Vessel Type'), named(s, 'Previous Flag')]).toEqual([['9990001'], ['Bulk Carrier'], ['Panama']]);
    expect(s.associates).toEqual([{ name: 'Fiction Shipping Co', association: 'Current owner/operator' }]);
  });

  it('marks every record a sanction from source uk-fcdo and passes the list validator', () => {
    for (const e of entities) {
      expect([e.sources, e.types]).toEqual([['uk-fcdo'], ['sanction']]);
      expect(validateEntity(e)).toEqual([]);
    }
  });
});

describe('UK Sanctions List importer: the CSV form', () => {
  const fromXml = okValue(parseUkSanctions(XML)).entities;

  it('tells XML from CSV by the contents', () => {
    expect([ukFormatOf(XML), ukFormatOf(CSV)]).toEqual(['xml', 'csv']);
  });

  it('gives the same entities as the XML (one row per name, a Report Date line and a BOM before the header)', () => {
    expect(okValue(parseUkSanctions(CSV_BYTES))).toEqual({ entities: fromXml, issues: [] });
  });

  it.each([
    ['an older type column header', CSV.replace('"Designation Type"', '"Individual, Entity, Ship"')],
    ['headers in other case and spacing', CSV.replace('"Unique ID"', '"UNIQUE  ID"').replace('"Name 6"', '"name 6"')],
    ['rows of one designation apart', (() => {
      const lines = CSV.split('\r\n');
      return [...lines.slice(0, 2), lines[2], lines[6], lines[3], lines[4], lines[5], ...lines.slice(7)].join('\r\n');
    })()],
    ['N/A placeholders in empty cells', CSV.replace(/,"",/g, ',"N/A",').replace(/,"",/g, ',"N/A",')],
    ['unknown columns', CSV.replace('"Last Updated",', '"Last Updated","Something New",').replace(/\r\n"(\d\d\/\d\d\/\d{4})",/g, '\r\n"$1","x",')],
  ])('reads %s alike', (_name, csv) => {
    expect(okValue(parseUkSanctions(csv)).entities).toEqual(fromXml);
  });

  it.each([
    ['(1) Russia (2) Cyprus', ['Russia', 'Cyprus']],
    ['(1) dd/mm/1960 (2) 01/02/1961', ['dd/mm/1960', '01/02/1961']],
    ['Russia', ['Russia']],
    ['N/A', []],
    ['', []],
  ])('splits an enumerated cell %j into %j', (cell, values) => {
    expect(enumerated(cell)).toEqual(values);
  });

  it('a row without Unique ID is an error naming its line; a file without the header row is rejected', () => {
    const lines = CSV.split('\r\n');
    const noId = [...lines.slice(0, 3), lines[3]?.replace('"AFG9901"', '""'), ...lines.slice(4)].join('\r\n');
    expect(errorsOf(failIssues(parseUkSanctions(noId))).map((i) => [i.code, i.line, i.element])).toEqual([['uk_missing_id', 4, 'column Unique ID']]);
    const [head] = failIssues(parseUkSanctions('Report Date: 01/01/2026\r\n"a","b"\r\n"1","2"\r\n', { format: 'csv' }));
    expect(head?.code).toBe('uk_bad_header');
  });
});

describe('UK Sanctions List importer: real-file variants and problems', () => {
  const base = okValue(parseUkSanctions(XML)).entities;

  it.each([
    ['a BOM, read from bytes', new TextEncoder().encode(`\uFEFF${XML}`)],
    ['a default namespace', XML.replace('<Designations ', '<Designations xmlns="urn:example:uk" ')],
    ['tag names in other case', XML.replace(/UKStatementofReasons>/g, 'UKStatementOfReasons>').replace(/<NameType>/g, '<NAMETYPE>').replace(/<\/NameType>/g, '</NAMETYPE>')],
    ['unknown elements', XML.replace(/<RegimeName>/g, '<RegimeCode>X</RegimeCode><RegimeName>')],
    ['blank lines inside values', XML.replace('<Name1>NASRULLAH</Name1>', '<Name1>\n   NASRULLAH\n</Name1>')],
  ])('reads %s alike', (_name, input) => {
    expect(okValue(parseUkSanctions(input)).entities).toEqual(base);
  });

  it('warns and keeps the record for an unknown type, an unknown country and an unreadable date of birth', () => {
    const xml = XML.replace('<IndividualEntityShip>Ship</IndividualEntityShip>', '<IndividualEntityShip>Submarine</IndividualEntityShip>')
      .replace('<Nationality>Afghanistan</Nationality>', '<Nationality>Atlantis</Nationality>')
      .replace('<DOB>01/03/1962</DOB>', '<DOB>spring 1962</DOB>');
    const r = okValue(parseUkSanctions(xml));
    expect(r.issues.map((i) => [i.code, i.severity, i.element])).toEqual([
      ['uk_unparsed_date', 'warning', 'Designation[1] (AFG9901)/DOB'],
      ['unknown_country', 'warning', 'Designation[1] (AFG9901)/Nationality'],
      ['uk_unknown_type', 'warning', 'Designation[3] (DPR9903)/IndividualEntityShip'],
    ]);
    expect(byId(r.entities, 'uk-fcdo-DPR9903').entity_type).toBe('organisation');
    expect(named(byId(r.entities, 'uk-fcdo-AFG9901'), 'Date of Birth (as published)')).toEqual(['spring 1962']);
  });

  it('without a type, a designation with individual details is a person, others organisations (with a warning)', () => {
    const r = okValue(parseUkSanctions(XML.replace(/<IndividualEntityShip>\w+<\/IndividualEntityShip>/g, '')));
    expect(r.entities.map((e) => e.entity_type)).toEqual(['person', 'organisation', 'organisation']);
    expect(r.issues.map((i) => i.code)).toEqual(['uk_unknown_type', 'uk_unknown_type', 'uk_unknown_type']);
  });

  it('strict: a duplicate UniqueID and a designation without a name fail the import; skipInvalid keeps the rest', () => {
    const bad = XML.replace('<UniqueID>DPR9903</UniqueID>', '<UniqueID>AFG9901</UniqueID>')
      .replace('<Name6>NORTHERN LIGHT FICTIONAL TRADING LLC</Name6>', '<Name6>N/A</Name6>')
      .replace('<Name6>Severnoye Siyaniye Trading</Name6>', '<Name6/>');
    expect(errorsOf(failIssues(parseUkSanctions(bad))).map((i) => [i.code, i.element])).toEqual([
      ['uk_empty_name', 'Designation[2] (RUS9902)/Names'],
      ['uk_duplicate_id', 'Designation[3] (AFG9901)/UniqueID'],
    ]);
    expect(okValue(parseUkSanctions(bad, { skipInvalid: true })).entities.map((e) => e.id)).toEqual(['uk-fcdo-AFG9901']);
  });

  it.each([
    ['malformed XML, with its line', '<Designations>\n<Designation>\n</Designations>', 'uk_malformed_xml', 3],
    ['another root element', '<export><sanctionEntity/></export>', 'uk_bad_root', undefined],
  ])('%s', (_name, xml, code, line) => {
    const [first] = failIssues(parseUkSanctions(xml, { fileName: 'uk.xml' }));
    expect([first?.code, first?.file, first?.line]).toEqual([code, 'uk.xml', line]);
  });

  it('streams: iterateUkSanctions yields entities in file order', () => {
    expect([...iterateUkSanctions(XML)].map((e) => (e.kind === 'entity' ? e.entity.id : e.issue.code))).toEqual([
      'uk-fcdo-AFG9901', 'uk-fcdo-RUS9902', 'uk-fcdo-DPR9903',
    ]);
  });
});
