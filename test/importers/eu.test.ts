import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { euBirthDate, iterateEuSanctions, parseEuSanctions } from '../../src/importers/eu.js';
import { validateEntity } from '../../src/importers/validate.js';
import { byId, errorsOf, failIssues, named, okValue, tagged } from './helpers.js';

/** Fictional records written in the published FSF export format (see the fixture's header comment). */
const XML = readFileSync(new URL('./fixtures/eu-fsf.xml', import.meta.url), 'utf8');

describe('EU FSF importer: mapping', () => {
  const { entities, issues } = okValue(parseEuSanctions(XML));

  it('imports each sanctionEntity with id eu-fsf-<logicalId>; person -> person, enterprise -> organisation', () => {
    expect(entities.map((e) => [e.id, e.entity_type])).toEqual([
      ['eu-fsf-900001', 'person'],
      ['eu-fsf-900002', 'person'],
      ['eu-fsf-900003', 'organisation'],
    ]);
  });

  it('reports only the one country description that maps to no code', () => {
    expect(issues.map((i) => [i.code, i.severity, i.element])).toEqual([
      ['unknown_country', 'warning', 'sanctionEntity[3] (EU.9003.03)/address[2]/@countryDescription'],
    ]);
  });

  it('takes the first strong Latin-script name as the name, with the parts of that nameAlias', () => {
    const e = byId(entities, 'eu-fsf-900001');
    expect([e.name, e.first_name, e.middle_name, e.last_name]).toEqual(['Oleg Borisovich Kirsanov', 'Oleg', 'Borisovich', 'Kirsanov']);
    const arabicFirst = byId(entities, 'eu-fsf-900002');
    expect([arabicFirst.name, arabicFirst.first_name, arabicFirst.last_name]).toEqual(['Abdallah Abu Salem', 'Abdallah', 'Abu Salem']);
    expect(byId(entities, 'eu-fsf-900003').first_name).toBeUndefined();
  });

  it('keeps the other names as akas: non-Latin as original-script, strong="false" as weak-aka; repeats and empty names dropped', () => {
    expect(byId(entities, 'eu-fsf-900001').aka).toEqual([
      { name: 'Олег Борисович Кирсанов', first_name: 'Олег', last_name: 'Кирсанов', type: 'original-script' },
      { name: 'Oleg KIRSANOV', type: 'aka' },
      { name: 'Borisych', type: 'weak-aka' },
    ]);
    expect(byId(entities, 'eu-fsf-900002').aka).toEqual([
      { name: 'عبد الله ابو سالم', type: 'original-script' },
      { name: 'Abu Salim', type: 'weak-aka' },
    ]);
    expect(byId(entities, 'eu-fsf-900003').aka).toEqual([{ name: 'АО Северная Верфь Фиктивная', type: 'original-script' }]);
  });

  it.each([
    ['eu-fsf-900001', ['1969-07-14']],
    ['eu-fsf-900002', ['1965', '1966', '1967', '1970']],
    ['eu-fsf-900003', []],
  ])('reads the birthdates of %s (full date, year range, year alone)', (id, dates) => {
    expect(tagged(byId(entities, id), 'date_of_birth')).toEqual(dates);
  });

  it('maps citizenship and address countries by countryIso2Code, by description when the code is 00 or empty', () => {
    expect(tagged(byId(entities, 'eu-fsf-900001'), 'country_codes')).toEqual(['RU']);
    expect(tagged(byId(entities, 'eu-fsf-900002'), 'country_codes')).toEqual(['YE']);
    expect(named(byId(entities, 'eu-fsf-900002'), 'Citizenship')).toEqual(['Yemen']);
    expect(byId(entities, 'eu-fsf-900003').source_notes?.['eu-fsf']?.country_codes).toEqual(['RU']);
  });

  it('keeps place of birth, address with contact details, identification, function, gender, title and remarks', () => {
    const e = byId(entities, 'eu-fsf-900001');
    expect(tagged(e, 'place_of_birth')).toEqual(['Tver, RUSSIAN FEDERATION']);
    expect(named(e, 'Address')).toEqual(['Okhotny Ryad 1, Moscow, 103265, RUSSIAN FEDERATION']);
    expect([named(e, 'Phone Number'), named(e, 'Email Address')]).toEqual([['+7 495 000 00 00'], ['kirsanov@example.org']]);
    expect(named(e, 'National passport')).toEqual(['720000001 (RUSSIAN FEDERATION)']);
    expect([named(e, 'Function'), named(e, 'Gender'), named(e, 'Remarks')]).toEqual([['Member of the State Duma'], ['Male'], ['Fictional entry for tests.']]);
    expect(named(byId(entities, 'eu-fsf-900002'), 'Title')).toEqual(['Sheikh']);
    expect(named(byId(entities, 'eu-fsf-900003'), 'Registration Number')).toEqual(['7805034277 (RUSSIAN FEDERATION)']);
    expect(named(byId(entities, 'eu-fsf-900003'), 'Website')).toEqual(['https://severnaya.example']);
  });

  it('keeps programmes, regulations and reference numbers; listing date is designationDate, else the earliest regulation', () => {
    const e = byId(entities, 'eu-fsf-900002');
    expect(named(e, 'Programme')).toEqual(['TAQA']);
    expect(named(e, 'Regulation')).toEqual(['2012/290 (OJ L96)', '2009/371 (OJ L120)']);
    expect([named(e, 'EU Reference Number'), named(e, 'UN Reference Number')]).toEqual([['EU.9002.02'], ['QDi.990']]);
    expect(e.source_notes?.['eu-fsf']?.listing_started_utc).toBe('2009-05-13T00:00:00Z');
    expect(byId(entities, 'eu-fsf-900001').source_notes?.['eu-fsf']?.listing_started_utc).toBe('2022-02-28T00:00:00Z');
    expect(named(byId(entities, 'eu-fsf-900001'), 'Regulation URL')).toEqual(['https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:32022R0330&from=EN']);
  });

  it('marks every record a sanction from source eu-fsf and passes the list validator', () => {
    for (const e of entities) {
      expect([e.sources, e.types]).toEqual([['eu-fsf'], ['sanction']]);
      expect(validateEntity(e)).toEqual([]);
    }
  });
});

describe('EU FSF importer: real-file variants read alike', () => {
  const base = okValue(parseEuSanctions(XML)).entities;
  it.each([
    ['a UTF-8 BOM, read from bytes', new TextEncoder().encode(`\uFEFF${XML}`)],
    ['no default namespace', XML.replace(' xmlns="http://eu.europa.ec/fpi/fsd/export"', '')],
    ['a namespace prefix on every element', XML.replace(/<(\/?)(\w+)([ >/])/g, '<$1fsd:$2$3').replace('<fsd:export xmlns=', '<fsd:export xmlns:fsd=')],
    ['attribute names in other case', XML.replace(/wholeName=/g, 'WholeName=').replace(/logicalId=/g, 'LOGICALID=')],
    ['unknown elements and attributes', XML.replace(/<remark>/g, '<newThing a="1"><deeper/></newThing><remark>').replace(/strong="/g, 'future="x" strong="')],
    ['spaces and line breaks inside attribute values', XML.replace('wholeName="Oleg Borisovich Kirsanov"', 'wholeName="  Oleg  Borisovich\n Kirsanov "')],
  ])('%s', (_name, input) => {
    expect(okValue(parseEuSanctions(input)).entities).toEqual(base);
  });

  it('without subjectType, a record with name parts or a birthdate is a person, others organisations (with a warning)', () => {
    const xml = XML.replace(/<subjectType [^>]*\/>/g, '');
    const r = okValue(parseEuSanctions(xml));
    expect(r.entities.map((e) => e.entity_type)).toEqual(['person', 'person', 'organisation']);
    expect(r.issues.filter((i) => i.code === 'eu_unknown_subject_type')).toHaveLength(3);
  });
});

describe('euBirthDate', () => {
  const el = (attrs: Record<string, string>) => Object.fromEntries(Object.entries(attrs).map(([k, v]) => [`@_${k.toLowerCase()}`, v]));
  it.each([
    [{ birthdate: '1969-07-14' }, ['1969-07-14']],
    [{ birthdate: '1969-07-14', circa: 'true' }, ['1969-07-14']],
    [{ year: '1970', monthOfYear: '4', dayOfMonth: '28' }, ['1970-04-28']],
    [{ year: '1970', monthOfYear: '4' }, ['1970']],
    [{ year: '1970' }, ['1970']],
    [{ yearRangeFrom: '1960', yearRangeTo: '1962' }, ['1960', '1961', '1962']],
    [{ calendarType: 'gregorian', year: '1971' }, ['1971']],
    [{ birthdate: '1950-00-00' }, ['1950']],
    [{ birthdate: '1950-02-30', year: '1950' }, ['1950']],
    [{}, []],
  ])('%j gives %j', (attrs, values) => {
    expect(euBirthDate(el(attrs))).toEqual({ values });
  });

  it.each([
    [{ birthdate: '1969-02-30' }, /not a yyyy-mm-dd date/],
    [{ year: '70' }, /not yyyy/],
    [{ yearRangeFrom: '1962', yearRangeTo: '1960' }, /not two years in order/],
    [{ yearRangeFrom: '1962' }, /not two years in order/],
    [{ calendarType: 'ISLAMIC', year: '1390' }, /not GREGORIAN/],
  ])('%j cannot be read', (attrs, message) => {
    const r = euBirthDate(el(attrs));
    expect('error' in r && r.error).toMatch(message);
  });

  it('an unreadable birthdate is a warning naming the element; the record is kept', () => {
    const r = okValue(parseEuSanctions(XML.replace('birthdate="1969-07-14" dayOfMonth="14" monthOfYear="7" year="1969"', 'birthdate="14/07/1969"')));
    expect(r.issues.find((i) => i.code === 'eu_unparsed_date')).toMatchObject({ severity: 'warning', element: 'sanctionEntity[1] (EU.9001.01)/birthdate[1]' });
    expect(tagged(byId(r.entities, 'eu-fsf-900001'), 'date_of_birth')).toEqual([]);
  });
});

describe('EU FSF importer: bad files', () => {
  const bad = XML.replace('euReferenceNumber="EU.9002.02" logicalId="900002"', 'euReferenceNumber="EU.9001.01" logicalId="900001"')
    .replace(/wholeName="Joint Stock Company Severnaya Verf Fictional"/g, 'wholeName=""')
    .replace('wholeName="АО Северная Верфь Фиктивная"', 'wholeName=""');

  it('strict: fails, listing every rejected record with its element', () => {
    const errors = failIssues(parseEuSanctions(bad));
    expect(errorsOf(errors).map((i) => [i.code, i.element])).toEqual([
      ['eu_duplicate_id', 'sanctionEntity[2] (EU.9001.01)/@logicalId'],
      ['eu_empty_name', 'sanctionEntity[3] (EU.9003.03)/nameAlias'],
    ]);
  });

  it('skipInvalid: keeps the good records and reports the rejected ones', () => {
    const r = okValue(parseEuSanctions(bad, { skipInvalid: true }));
    expect(r.entities.map((e) => e.id)).toEqual(['eu-fsf-900001']);
    expect(errorsOf(r.issues)).toHaveLength(2);
  });

  it('a record without logicalId falls back to euReferenceNumber; with neither it is rejected', () => {
    const noLogical = okValue(parseEuSanctions(XML.replace(' logicalId="900003">', '>')));
    expect(noLogical.entities.map((e) => e.id)).toContain('eu-fsf-EU.9003.03');
    const neither = failIssues(parseEuSanctions(XML.replace('euReferenceNumber="EU.9003.03" logicalId="900003"', '')));
    expect(errorsOf(neither).map((i) => i.code)).toEqual(['eu_missing_id']);
  });

  it.each([
    ['malformed XML, with line and column', '<export>\n<sanctionEntity logicalId="1">\n</export>', 'eu_malformed_xml', 3],
    ['another root element', '<CONSOLIDATED_LIST><INDIVIDUALS/></CONSOLIDATED_LIST>', 'eu_bad_root', undefined],
  ])('%s', (_name, xml, code, line) => {
    const [first] = failIssues(parseEuSanctions(xml, { fileName: 'eu.xml' }));
    expect([first?.code, first?.file, first?.line]).toEqual([code, 'eu.xml', line]);
  });

  it('an export with no sanctionEntity is an empty list, not an error', () => {
    expect(okValue(parseEuSanctions('<export generationDate="2026-01-01"/>')).entities).toEqual([]);
  });

  it('streams: iterateEuSanctions yields the warning before its entity, in file order', () => {
    const kinds = [...iterateEuSanctions(XML)].map((e) => (e.kind === 'entity' ? e.entity.id : e.issue.code));
    expect(kinds).toEqual(['eu-fsf-900001', 'eu-fsf-900002', 'unknown_country', 'eu-fsf-900003']);
  });
});
