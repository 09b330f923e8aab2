import { describe, expect, it } from 'vitest';
import { parseListCsv, parseListJson } from '../../src/importers/list-format.js';
import { validateEntity } from '../../src/importers/validate.js';
import { byId, errorsOf, failIssues, named, okValue, tagged } from './helpers.js';

const CSV = [
  'id,entity_type,name,types,first_name,last_name,aka,sources,date_of_birth,date_of_death,country_codes,country_names,blacklist_ids,account_ids,customer_ref',
  'bl-1,person,Jane Roe,warning,Jane,Roe,J. Roe|Jane Row,,1980-02-03|1981,,GB|ie,,fraud-list,7|8,C-100',
  'bl-2,company,"Acme Widgets, Ltd.",warning|adverse-media-fraud,,,,my-list,,,,"Korea, North",fraud-list,,',
].join('\n');

describe('host list CSV', () => {
  const { entities, issues } = okValue(parseListCsv(CSV));

  it('reads one entity a row, several values in a cell separated by |', () => {
    expect(issues).toEqual([]);
    const e = byId(entities, 'bl-1');
    expect(e).toMatchObject({ entity_type: 'person', name: 'Jane Roe', first_name: 'Jane', last_name: 'Roe', types: ['warning'] });
    expect(e.aka).toEqual([{ name: 'J. Roe' }, { name: 'Jane Row' }]);
    expect(tagged(e, 'date_of_birth')).toEqual(['1980-02-03', '1981']);
    expect(byId(entities, 'bl-2').types).toEqual(['warning', 'adverse-media-fraud']);
  });

  it('defaults the source to "internal" and writes a source note per source', () => {
    expect(byId(entities, 'bl-1').sources).toEqual(['internal']);
    expect(byId(entities, 'bl-2').sources).toEqual(['my-list']);
    expect(byId(entities, 'bl-1').source_notes?.['internal']).toMatchObject({ aml_types: ['warning'], country_codes: ['GB', 'IE'] });
  });

  it('maps country codes and names to country_codes and country_names fields', () => {
    expect(tagged(byId(entities, 'bl-1'), 'country_codes')).toEqual(['GB', 'IE']);
    expect(tagged(byId(entities, 'bl-2'), 'country_codes')).toEqual(['KP']);
    expect(tagged(byId(entities, 'bl-2'), 'country_names')).toEqual(['Korea, North']);
  });

  it('carries the internal-list fields and turns unknown columns into fields', () => {
    expect(byId(entities, 'bl-1')).toMatchObject({ blacklist_ids: ['fraud-list'], account_ids: [7, 8] });
    expect(named(byId(entities, 'bl-1'), 'customer_ref')).toEqual(['C-100']);
  });

  it('produces entities that pass validation', () => {
    for (const e of entities) expect(validateEntity(e)).toEqual([]);
  });

  const HEADER = 'id,entity_type,name,types,date_of_birth,country_codes,account_ids';
  it.each([
    ['an unknown entity_type', 'x1,alien,Zed,warning,,,', 'list_bad_entity_type', 'column entity_type'],
    ['an empty name', 'x1,person,,warning,,,', 'list_empty_name', 'column name'],
    ['a type outside the types filter', 'x1,person,Zed,sanctioned,,,', 'list_bad_type', 'column types'],
    ['no type', 'x1,person,Zed,,,,', 'list_bad_value', 'column types'],
    ['a bad date', 'x1,person,Zed,warning,1980-13-01,,', 'list_bad_date', 'column date_of_birth'],
    ['a bad country code', 'x1,person,Zed,warning,,QQ,', 'list_bad_country', 'column country_codes'],
    ['a bad account id', 'x1,person,Zed,warning,,,abc', 'list_bad_value', 'column account_ids'],
    ['too few columns', 'x1,person,Zed', 'list_bad_column_count', undefined],
    ['an empty id', ',person,Zed,warning,,,', 'list_bad_id', 'column id'],
  ])('rejects a row with %s, naming line and column', (_what, row, code, element) => {
    const issues = failIssues(parseListCsv(`${HEADER}\n${row}\n`, { fileName: 'mine.csv' }));
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ code, file: 'mine.csv', line: 2, severity: 'error', ...(element ? { element } : {}) });
    expect(issues[0]?.rule).not.toBe('');
  });

  it('rejects a header without the required columns', () => {
    expect(failIssues(parseListCsv('id,name\n1,x\n'))[0]).toMatchObject({ code: 'list_bad_header', line: 1, element: 'header' });
  });

  it('reports every bad row and imports the good ones only with skipInvalid', () => {
    const text = `${HEADER}\nok1,person,A,warning,,,\nbad1,person,,warning,,,\nok2,company,B,sanction,,,\nbad2,ship,C,warning,,,\nok1,person,Dup,warning,,,\n`;
    expect(errorsOf(failIssues(parseListCsv(text))).map((i) => i.line)).toEqual([3, 5, 6]);
    const { entities, issues } = okValue(parseListCsv(text, { skipInvalid: true }));
    expect(entities.map((e) => e.id)).toEqual(['ok1', 'ok2']);
    expect(issues.map((i) => [i.line, i.code])).toEqual([[3, 'list_empty_name'], [5, 'list_bad_entity_type'], [6, 'list_duplicate_id']]);
  });
});

describe('host list JSON', () => {
  const good = { id: 'j1', entity_type: 'person', name: 'Ana Lima', sources: ['internal'], types: ['warning'], fields: [{ name: 'Date of Birth', value: '1970', tag: 'date_of_birth' }] };

  it('reads an array of Entity', () => {
    const { entities } = okValue(parseListJson(JSON.stringify([good])));
    expect(entities).toEqual([good]);
  });

  it('accepts an already parsed array', () => {
    expect(okValue(parseListJson([good])).entities).toHaveLength(1);
  });

  it.each([
    ['a missing id', { ...good, id: undefined }, 'list_bad_id', '[0].id'],
    ['a bad entity_type', { ...good, entity_type: 'ship' }, 'list_bad_entity_type', '[0].entity_type'],
    ['a bad type', { ...good, types: ['sanction', 'nope'] }, 'list_bad_type', '[0].types[1]'],
    ['missing sources', { ...good, sources: undefined }, 'list_bad_value', '[0].sources'],
    ['an aka with no name', { ...good, aka: [{ type: 'aka' }] }, 'list_empty_name', '[0].aka[0].name'],
    ['a bad date field', { ...good, fields: [{ name: 'DOB', value: '03/04/1970', tag: 'date_of_birth' }] }, 'list_bad_date', '[0].fields[0].value'],
    ['a bad country code field', { ...good, fields: [{ name: 'C', value: 'gb', tag: 'country_codes' }] }, 'list_bad_country', '[0].fields[0].value'],
    ['a bad source note', { ...good, source_notes: { internal: { name: 'x' } } }, 'list_bad_value', '[0].source_notes.internal'],
    ['non-integer account ids', { ...good, account_ids: ['7'] }, 'list_bad_value', '[0].account_ids'],
  ])('rejects an entity with %s, naming the element', (_what, entity, code, element) => {
    const issues = failIssues(parseListJson(JSON.stringify([entity]), { fileName: 'mine.json' }));
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ code, element, file: 'mine.json', severity: 'error' });
  });

  it('reports invalid JSON with its line', () => {
    const issues = failIssues(parseListJson('[\n{"id": "a",\n]'));
    expect(issues[0]).toMatchObject({ code: 'list_bad_json', line: 3 });
  });

  it('rejects a file that is not an array', () => {
    expect(failIssues(parseListJson('{"entities": []}'))[0]).toMatchObject({ code: 'list_not_array' });
  });

  it('reports every bad entity and imports the good ones only with skipInvalid', () => {
    const list = [good, { ...good, id: 'j2', name: '' }, { ...good, id: 'j3' }, { ...good, id: 'j3', name: 'dup' }];
    expect(failIssues(parseListJson(list)).map((i) => [i.element, i.code])).toEqual([['[1].name', 'list_empty_name'], ['[3].id', 'list_duplicate_id']]);
    expect(okValue(parseListJson(list, { skipInvalid: true })).entities.map((e) => e.id)).toEqual(['j1', 'j3']);
  });
});
