import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { iterateUnConsolidated, parseUnConsolidated, unDateOfBirth } from '../../src/importers/un.js';
import { validateEntity } from '../../src/importers/validate.js';
import { byId, errorsOf, failIssues, named, okValue, tagged } from './helpers.js';

const XML = readFileSync(new URL('./fixtures/un-consolidated.xml', import.meta.url), 'utf8');

describe('UN consolidated list importer: mapping', () => {
  const { entities, issues } = okValue(parseUnConsolidated(XML));

  it('imports individuals as persons and entities as organisations, ids un-sc-<REFERENCE_NUMBER>', () => {
    expect(entities.map((e) => [e.id, e.entity_type])).toEqual([
      ['un-sc-QDi.901', 'person'],
      ['un-sc-KPi.901', 'person'],
      ['un-sc-MLi.901', 'person'],
      ['un-sc-LYi.901', 'person'],
      ['un-sc-QDe.901', 'organisation'],
      ['un-sc-KPe.901', 'organisation'],
    ]);
    expect(issues).toEqual([]);
  });

  it('joins FIRST_NAME..FOURTH_NAME in order; first is first_name, the last is last_name, between is middle_name', () => {
    const e = byId(entities, 'un-sc-QDi.901');
    expect([e.name, e.first_name, e.middle_name, e.last_name]).toEqual(['TAREK HAMDAN AL-ZUBAIRI', 'TAREK', 'HAMDAN', 'AL-ZUBAIRI']);
    const k = byId(entities, 'un-sc-KPi.901');
    expect([k.name, k.first_name, k.middle_name, k.last_name]).toEqual(['KANG MYONG SOK', 'KANG', undefined, 'MYONG SOK']);
    expect(byId(entities, 'un-sc-QDe.901').first_name).toBeUndefined();
  });

  it('keeps aliases with their quality and the original-script name, dropping empty alias elements', () => {
    expect(byId(entities, 'un-sc-QDi.901').aka).toEqual([
      { name: 'طارق حمدان الزبيري', type: 'original-script' },
      { name: 'Tariq Hamdan al-Zubayri', type: 'good' },
      { name: 'Abu Hamdan', type: 'low' },
    ]);
    expect(byId(entities, 'un-sc-KPi.901').aka).toBeUndefined();
    expect(byId(entities, 'un-sc-QDe.901').aka?.map((a) => a.name)).toEqual(['Red Sands Foundation', 'Al-Rimal al-Hamra Trust']);
  });

  it.each([
    ['un-sc-QDi.901', ['1968-02-29']],
    ['un-sc-KPi.901', ['1971']],
    ['un-sc-MLi.901', ['1975', '1976', '1977', '1980']],
    ['un-sc-LYi.901', ['1959-11-03']],
  ])('reads the dates of birth of %s (exact, approximate, between)', (id, dates) => {
    expect(tagged(byId(entities, id), 'date_of_birth')).toEqual(dates);
  });

  it('maps nationalities and address countries to country codes', () => {
    expect(tagged(byId(entities, 'un-sc-QDi.901'), 'country_codes')).toEqual(['YE', 'SA']);
    expect(tagged(byId(entities, 'un-sc-KPi.901'), 'country_codes')).toEqual(['KP']);
    expect(tagged(byId(entities, 'un-sc-LYi.901'), 'country_codes')).toEqual(['RU']);
    expect(tagged(byId(entities, 'un-sc-QDe.901'), 'country_codes')).toEqual(['PK', 'AF']);
  });

  it('keeps place of birth, addresses, documents, list type, listing date and designation', () => {
    const e = byId(entities, 'un-sc-QDi.901');
    expect(tagged(e, 'place_of_birth')).toEqual(['Taizz, Yemen']);
    expect(named(e, 'Address')).toEqual(["Sana'a, Yemen"]);
    expect(named(e, 'Passport')).toEqual(['00912345 (Yemen)']);
    expect(named(e, 'UN List Type')).toEqual(['Al-Qaida']);
    expect(named(e, 'Designation')).toEqual(['Financier']);
    expect(e.source_notes?.['un-sc']).toMatchObject({ aml_types: ['sanction'], listing_started_utc: '2011-03-14T00:00:00Z' });
    expect(tagged(byId(entities, 'un-sc-MLi.901'), 'place_of_birth')).toEqual(['Kidal, Kidal Region, Mali']);
  });

  it('produces entities that pass the list validator', () => {
    for (const e of entities) expect(validateEntity(e)).toEqual([]);
  });

  it('marks every record a sanction from source un-sc', () => {
    for (const e of entities) expect([e.sources, e.types]).toEqual([['un-sc'], ['sanction']]);
  });
});

describe('UN consolidated list importer: bad files', () => {
  const bad = XML.replace('<REFERENCE_NUMBER>KPi.901</REFERENCE_NUMBER>', '')
    .replace('<FIRST_NAME>ABDOULAYE</FIRST_NAME>\n<SECOND_NAME>KOUROUMA</SECOND_NAME>', '')
    .replace('<REFERENCE_NUMBER>KPe.901</REFERENCE_NUMBER>', '<REFERENCE_NUMBER>QDi.901</REFERENCE_NUMBER>')
    .replace('<FROM_YEAR>1975</FROM_YEAR>', '<FROM_YEAR>1985</FROM_YEAR>');

  it('fails strictly, naming the element and rule of every bad record', () => {
    const issues = failIssues(parseUnConsolidated(bad, { fileName: 'un.xml' }));
    expect(errorsOf(issues).map((i) => [i.code, i.element, i.file])).toEqual([
      ['un_missing_reference', 'INDIVIDUALS/INDIVIDUAL[2] (DATAID 9900002)/REFERENCE_NUMBER', 'un.xml'],
      ['un_empty_name', 'INDIVIDUALS/INDIVIDUAL[3] (MLi.901)/FIRST_NAME', 'un.xml'],
      ['un_duplicate_reference', 'ENTITIES/ENTITY[2] (QDi.901)/REFERENCE_NUMBER', 'un.xml'],
    ]);
  });

  it('imports the good records with skipInvalid', () => {
    const { entities } = okValue(parseUnConsolidated(bad, { skipInvalid: true }));
    expect(entities.map((e) => e.id)).toEqual(['un-sc-QDi.901', 'un-sc-LYi.901', 'un-sc-QDe.901']);
  });

  it('reports malformed XML with its line', () => {
    const issues = failIssues(parseUnConsolidated('<CONSOLIDATED_LIST>\n<INDIVIDUALS>\n</CONSOLIDATED_LIST>'));
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ code: 'un_malformed_xml', line: 3, rule: 'the file is well-formed XML' });
  });

  it('reports a wrong root element', () => {
    expect(failIssues(parseUnConsolidated('<SDN_LIST></SDN_LIST>'))[0]).toMatchObject({ code: 'un_bad_root', element: 'SDN_LIST' });
  });

  it('keeps a record whose date of birth is unreadable, with a warning', () => {
    const text = XML.replace('<DATE>1959-11-03</DATE>', '<DATE>1959-13-45</DATE>');
    const { entities, issues } = okValue(parseUnConsolidated(text));
    expect(tagged(byId(entities, 'un-sc-LYi.901'), 'date_of_birth')).toEqual([]);
    expect(issues).toMatchObject([{ severity: 'warning', code: 'un_unparsed_date', element: 'INDIVIDUALS/INDIVIDUAL[4] (LYi.901)/INDIVIDUAL_DATE_OF_BIRTH[1]' }]);
  });

  it('streams one event per record', () => {
    expect([...iterateUnConsolidated(XML)].filter((e) => e.kind === 'entity')).toHaveLength(6);
  });
});

describe('unDateOfBirth', () => {
  it.each([
    [{ TYPE_OF_DATE: 'EXACT', DATE: '1970-01-02' }, { values: ['1970-01-02'] }],
    [{ TYPE_OF_DATE: 'EXACT', YEAR: '1970' }, { values: ['1970'] }],
    [{ TYPE_OF_DATE: 'APPROXIMATELY', YEAR: '1970' }, { values: ['1970'] }],
    [{ TYPE_OF_DATE: 'BETWEEN', FROM_YEAR: '1970', TO_YEAR: '1971' }, { values: ['1970', '1971'] }],
    [{ TYPE_OF_DATE: 'BETWEEN', FROM_YEAR: '1972', TO_YEAR: '1971' }, { error: expect.stringContaining('FROM_YEAR') }],
    [{ TYPE_OF_DATE: 'SOMETIME', YEAR: '1970' }, { error: expect.stringContaining('TYPE_OF_DATE') }],
    [{ TYPE_OF_DATE: 'EXACT' }, { values: [] }],
  ])('%j -> %j', (el, want) => {
    expect(unDateOfBirth(el)).toEqual(want);
  });
});

describe('UN consolidated list importer: XML the parser refuses is an issue, never a throw', () => {
  it.each([
    ['a comment left open after the root', '<CONSOLIDATED_LIST/><!-- x'],
    ['a processing instruction left open after the root', '<CONSOLIDATED_LIST></CONSOLIDATED_LIST><?x'],
    ['an element named constructor', '<CONSOLIDATED_LIST><INDIVIDUALS><INDIVIDUAL><constructor>1</constructor></INDIVIDUAL></INDIVIDUALS></CONSOLIDATED_LIST>'],
    ['an element named __proto__', '<CONSOLIDATED_LIST><__proto__>1</__proto__></CONSOLIDATED_LIST>'],
    ['an invalid element name', '<CONSOLIDATED_LIST><1a/></CONSOLIDATED_LIST>'],
  ])('%s gives one un_malformed_xml error', (_n, xml) => {
    expect(failIssues(parseUnConsolidated(xml)).map((i) => i.code)).toEqual(['un_malformed_xml']);
  });

  it.each([
    ['an empty list element', '<CONSOLIDATED_LIST/>'],
    ['a list of text only', '<CONSOLIDATED_LIST>nothing listed</CONSOLIDATED_LIST>'],
  ])('%s imports no entity and no issue', (_n, xml) => {
    expect(okValue(parseUnConsolidated(xml))).toEqual({ entities: [], issues: [] });
  });
});
