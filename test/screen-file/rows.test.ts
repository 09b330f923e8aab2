import { describe, expect, it } from 'vitest';
import { formatResults, resultsHeader } from '../../src/screen-file/format.js';
import { customerColumn, customerRequest, resultLines, type ResultLine } from '../../src/screen-file/rows.js';
import type { Hit } from '../../src/screening/types.js';

const at = { row: 3, line: 4 };

describe('customer rows to search requests', () => {
  it.each([
    ['a full name', { name: 'Ivan Sidorov' }, { search_term: 'Ivan Sidorov', filters: {}, limit: 10 }],
    ['name parts', { first_name: 'Ivan', middle_name: 'P', last_name: 'Sidorov' },
      { search_term: { last_name: 'Sidorov', first_name: 'Ivan', middle_names: 'P' }, filters: {}, limit: 10 }],
    ['a last name alone', { last_name: 'Sidorov' }, { search_term: { last_name: 'Sidorov' }, filters: {}, limit: 10 }],
    ['a birth year (text or number), a country code, an entity type, a client_ref',
      { name: 'Acme', birth_year: 1960, country: 'ru', entity_type: 'Company', client_ref: 'c-9' },
      { search_term: 'Acme', filters: { birth_year: 1960, country_codes: ['RU'], entity_type: 'company' }, limit: 10, client_ref: 'c-9' }],
    ['a three-letter country code and a country name', { name: 'A', country: 'FRA' }, { search_term: 'A', filters: { country_codes: ['FR'] }, limit: 10 }],
    ['a country name', { name: 'A', country: 'Korea, North' }, { search_term: 'A', filters: { country_codes: ['KP'] }, limit: 10 }],
    ['blank cells as absent', { name: ' Ivan ', birth_year: '', country: '  ' }, { search_term: 'Ivan', filters: {}, limit: 10 }],
  ])('reads %s', (_n, values, request) => {
    const r = customerRequest(values, at);
    expect(r).toEqual({ ...at, client_ref: (values as { client_ref?: string }).client_ref, request });
  });

  it('applies the run options to every row', () => {
    const r = customerRequest({ name: 'Ivan' }, at, { fuzziness: 0.3, exact: true, types: ['sanction'], limit: 3 });
    expect('request' in r && r.request).toEqual({ search_term: 'Ivan', filters: { types: ['sanction'] }, limit: 3, fuzziness: 0.3, exact_match: true });
  });

  it.each([
    [{}, /no name/],
    [{ first_name: 'Ivan' }, /no last_name/],
    [{ name: 'Ivan', birth_year: '60' }, /birth_year "60"/],
    [{ name: 'Ivan', country: 'Atlantis' }, /country "Atlantis"/],
    [{ name: 'Ivan', entity_type: 'robot' }, /entity_type "robot"/],
  ])('rejects %j, naming the row and line', (values, message) => {
    const r = customerRequest({ ...values, client_ref: 'c-1' }, at);
    expect(r).toMatchObject({ row: 3, line: 4, client_ref: 'c-1' });
    expect('message' in r && r.message).toMatch(message);
  });

  it.each([
    ['Name', 'name'], ['Full Name', 'name'], ['FIRST-NAME', 'first_name'], ['surname', 'last_name'], ['Customer ID', 'client_ref'],
    ['\uFEFFclient_ref', 'client_ref'], ['year of birth', 'birth_year'], ['nationality', 'country'], ['type', 'entity_type'], ['notes', undefined],
  ])('reads the column %j as %j', (header, column) => {
    expect(customerColumn(header)).toBe(column);
  });
});

describe('result lines', () => {
  const hit = (id: string, matching: string): Hit => ({
    doc: { id, entity_type: 'person', name: `${matching} (listed)`, sources: ['ofac-sdn'], types: ['sanction'] },
    match_types: ['name_exact', 'year_of_birth'],
    match_types_details: [{ matching_name: matching, name_matches: [], secondary_matches: [], sources: [], aml_types: [] }] as never,
    score: 1.23456,
    match_status: 'potential_match',
    risk_level: 'unknown',
  });
  const lines = resultLines(7, 'c-7', [hit('e1', 'Ivan Sidorov'), hit('e2', 'Ivan, "the" Sidorov')]);

  it('gives one line per hit: row, client_ref, entity id, matching name, match types, score (3 decimals)', () => {
    expect(lines[0]).toEqual({
      row: 7, client_ref: 'c-7', entity_id: 'e1', matching_name: 'Ivan Sidorov', entity_name: 'Ivan Sidorov (listed)',
      match_types: ['name_exact', 'year_of_birth'], score: 1.235, types: ['sanction'], sources: ['ofac-sdn'],
    } satisfies ResultLine);
  });

  it('writes CSV with a header, quoting as needed and joining lists with |', () => {
    expect(resultsHeader('csv')).toBe('row,client_ref,entity_id,matching_name,entity_name,match_types,score,types,sources\n');
    expect(formatResults(lines, 'csv').split('\n')[1]).toBe('7,c-7,e2,"Ivan, ""the"" Sidorov","Ivan, ""the"" Sidorov (listed)",name_exact|year_of_birth,1.235,sanction,ofac-sdn');
  });

  it('writes JSON lines, one object a hit', () => {
    expect(resultsHeader('jsonl')).toBe('');
    expect(formatResults(lines, 'jsonl').trim().split('\n').map((l) => JSON.parse(l).entity_id)).toEqual(['e1', 'e2']);
  });
});
