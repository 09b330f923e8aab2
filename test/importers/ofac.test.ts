import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { iterateOfacSdn, parseOfacSdn, splitRemarkLabel } from '../../src/importers/ofac.js';
import { readOfacDir } from '../../src/importers/node.js';
import { validateEntity } from '../../src/importers/validate.js';
import { byId, errorsOf, failIssues, named, okValue, tagged } from './helpers.js';

// Small fixtures in the legacy format (no header, -0- for empty). Fictional entries.
const SDN = [
  '101,"EXAMPLE TRADING CO., LTD.",-0- ,"CUBA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"a.k.a. \'ETC\'."',
  '102,"PETROV, Ivan Sergeyevich","individual","UKRAINE-EO13661] [CYBER2","Director",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 01 Jan 1960; alt. DOB circa 1962; POB Moscow, Russia; nationality Russia; citizen Korea, North; Gender Male; Passport 123456789 (Russia); National ID No. 77-1 (Russia); Linked To: EXAMPLE TRADING CO., LTD."',
  '103,"SEA WIND","vessel","IRAN",-0- ,"9HA1234","Crude Oil Tanker","150,000","80,000","Malta","Example Shipping",-0- ',
  '104,"EP-ABC","aircraft","SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"Aircraft Model IL76-TD; Aircraft Manufacturer\'s Serial Number (MSN) 1023409321."',
  '105,"DOE, John, Jr.","individual","SDNTK",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 1970 to 1972; DOB sometime; nationality Atlantis; Vessel Registration Identification IMO 9876543; Website http://example.org"',
].join('\r\n') + '\r\n\u001a';
const ALT = [
  '101,1,"aka","EXAMPLE TRADE",-0- ',
  '101,2,"fka","OLD EXAMPLE",-0- ',
  '102,3,"aka","PETROFF, Ivan",-0- ',
  '103,4,"nka","OCEAN WIND",-0- ',
].join('\r\n');
const ADD = [
  '101,10,"Calle 1","Havana","Cuba",-0- ',
  '102,11,-0- ,-0- ,"Russia",-0- ',
  '105,12,-0- ,-0- ,"Region: Kafia Kingi",-0- ',
].join('\n');
const COMMENTS = '105,"; citizen Mexico"\n';

const files = { sdn: SDN, alt: ALT, add: ADD, comments: COMMENTS };

describe('OFAC SDN importer: mapping', () => {
  const { entities, issues } = okValue(parseOfacSdn(files));

  it('imports one entity per sdn.csv row, with ids ofac-sdn-<ent_num>', () => {
    expect(entities.map((e) => e.id)).toEqual(['ofac-sdn-101', 'ofac-sdn-102', 'ofac-sdn-103', 'ofac-sdn-104', 'ofac-sdn-105']);
  });

  it.each([
    ['ofac-sdn-101', 'organisation'],
    ['ofac-sdn-102', 'person'],
    ['ofac-sdn-103', 'vessel'],
    ['ofac-sdn-104', 'aircraft'],
  ])('maps SDN_Type of %s to %s', (id, type) => {
    expect(byId(entities, id).entity_type).toBe(type);
  });

  it('writes individuals in natural order with first_name and last_name, case as published', () => {
    const e = byId(entities, 'ofac-sdn-102');
    expect([e.name, e.first_name, e.last_name]).toEqual(['Ivan Sergeyevich PETROV', 'Ivan Sergeyevich', 'PETROV']);
    const jr = byId(entities, 'ofac-sdn-105');
    expect([jr.name, jr.first_name, jr.last_name]).toEqual(['John DOE Jr.', 'John', 'DOE']);
    expect(byId(entities, 'ofac-sdn-101').first_name).toBeUndefined();
  });

  it('takes akas from alt.csv with their kind, and weak akas from the remarks', () => {
    expect(byId(entities, 'ofac-sdn-101').aka).toEqual([
      { name: 'EXAMPLE TRADE', type: 'aka' },
      { name: 'OLD EXAMPLE', type: 'fka' },
      { name: 'ETC', type: 'weak-aka' },
    ]);
    expect(byId(entities, 'ofac-sdn-102').aka).toEqual([{ name: 'Ivan PETROFF', first_name: 'Ivan', last_name: 'PETROFF', type: 'aka' }]);
    expect(byId(entities, 'ofac-sdn-103').aka).toEqual([{ name: 'OCEAN WIND', type: 'nka' }]);
  });

  it('marks every entry as a sanction from source ofac-sdn, with programs as fields', () => {
    const e = byId(entities, 'ofac-sdn-102');
    expect(e.sources).toEqual(['ofac-sdn']);
    expect(e.types).toEqual(['sanction']);
    expect(named(e, 'Program')).toEqual(['UKRAINE-EO13661', 'CYBER2']);
    expect(e.source_notes?.['ofac-sdn']).toMatchObject({ aml_types: ['sanction'], source_id: 'ofac-sdn', country_codes: ['RU', 'KP'] });
  });

  it('reads dates and places of birth, nationality, citizenship and identifiers from the remarks', () => {
    const e = byId(entities, 'ofac-sdn-102');
    expect(tagged(e, 'date_of_birth')).toEqual(['1960-01-01', '1962']);
    expect(tagged(e, 'place_of_birth')).toEqual(['Moscow, Russia']);
    expect(named(e, 'Nationality')).toEqual(['Russia']);
    expect(named(e, 'Citizenship')).toEqual(['Korea, North']);
    expect(named(e, 'Country')).toEqual(['Russia']); // from add.csv: same country, another fact
    expect(tagged(e, 'country_names')).toEqual(['Russia', 'Korea, North', 'Russia']);
    expect(tagged(e, 'country_codes')).toEqual(['RU', 'KP']);
    expect(named(e, 'Gender')).toEqual(['Male']);
    expect(named(e, 'Passport')).toEqual(['123456789 (Russia)']);
    expect(named(e, 'National ID No.')).toEqual(['77-1 (Russia)']);
    expect(named(e, 'Title')).toEqual(['Director']);
    expect(e.associates).toEqual([{ name: 'EXAMPLE TRADING CO., LTD.', association: 'Linked To' }]);
  });

  it('gives a date range one date_of_birth per year', () => {
    expect(tagged(byId(entities, 'ofac-sdn-105'), 'date_of_birth')).toEqual(['1970', '1971', '1972']);
  });

  it('joins sdn_comments.csv to the remarks', () => {
    expect(tagged(byId(entities, 'ofac-sdn-105'), 'country_codes')).toContain('MX');
  });

  it('keeps vessel call sign, type, tonnage, owner and flag (flag as a country)', () => {
    const e = byId(entities, 'ofac-sdn-103');
    expect(named(e, 'Call Sign')).toEqual(['9HA1234']);
    expect(named(e, 'Vessel Type')).toEqual(['Crude Oil Tanker']);
    expect(named(e, 'Tonnage')).toEqual(['150,000']);
    expect(named(e, 'Gross Registered Tonnage')).toEqual(['80,000']);
    expect(named(e, 'Vessel Owner')).toEqual(['Example Shipping']);
    expect(named(e, 'Vessel Flag')).toEqual(['Malta']);
    expect(tagged(e, 'country_codes')).toEqual(['MT']);
  });

  it('turns add.csv rows into Address fields and countries', () => {
    const e = byId(entities, 'ofac-sdn-101');
    expect(named(e, 'Address')).toEqual(['Calle 1, Havana, Cuba']);
    expect(tagged(e, 'country_codes')).toEqual(['CU']);
  });

  it('keeps other remark items as labelled fields', () => {
    const e = byId(entities, 'ofac-sdn-105');
    expect(named(e, 'Vessel Registration Identification')).toEqual(['IMO 9876543']);
    expect(named(e, 'Website')).toEqual(['http://example.org']);
    expect(named(byId(entities, 'ofac-sdn-104'), 'Aircraft Model')).toEqual(['IL76-TD']);
  });

  it('produces entities that pass the list validator', () => {
    for (const e of entities) expect(validateEntity(e)).toEqual([]);
  });

  it('reports unknown countries and unreadable dates as warnings that keep the entity', () => {
    expect(issues.map((i) => [i.severity, i.code, i.file, i.line])).toEqual([
      ['warning', 'ofac_unparsed_date', 'sdn.csv', 5],
      ['warning', 'unknown_country', 'sdn.csv', 5],
      ['warning', 'unknown_country', 'add.csv', 3],
    ]);
    expect(named(byId(entities, 'ofac-sdn-105'), 'Date of Birth (as published)')).toEqual(['sometime']);
  });
});

describe('splitRemarkLabel', () => {
  it.each([
    ['Passport', '123 (Russia)', 'Passport', '123 (Russia)'],
    ['Vessel Registration Identification IMO', '9876543', 'Vessel Registration Identification', 'IMO 9876543'],
    ['Passport TR-P', '123', 'Passport', 'TR-P 123'],
    ['V.A.T. Number BE', '0123', 'V.A.T. Number', 'BE 0123'],
    ['NIT #', '900-1 (Colombia)', 'NIT', '900-1 (Colombia)'],
    ['US FEIN', '12-345', 'US FEIN', '12-345'],
    ["Aircraft Manufacturer's Serial Number (MSN)", '1023', "Aircraft Manufacturer's Serial Number (MSN)", '1023'],
  ])('"%s" + "%s" -> "%s" / "%s"', (label, value, wantLabel, wantValue) => {
    expect(splitRemarkLabel(label, value)).toEqual([wantLabel, wantValue]);
  });
});

describe('OFAC SDN importer: bad files', () => {
  const BAD_SDN = [
    '201,"GOOD ONE",-0- ,"CUBA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ',
    'x7,"BAD NUMBER",-0- ,"CUBA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ',
    '203,"SHORT ROW",-0- ',
    '204,"ROBOT","droid","CUBA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ',
    '205,-0- ,-0- ,"CUBA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ',
    '201,"DUPLICATE",-0- ,"CUBA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ',
    '207,"QUOTE"BROKEN",-0- ,"CUBA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ',
    '208,"GOOD TWO",-0- ,"CUBA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ',
  ].join('\n');
  const BAD_ALT = ['201,1,"aka","GOOD ALIAS",-0- ', '201,2,"alias","WRONG KIND",-0- ', '999,3,"aka","ORPHAN",-0- '].join('\n');

  it.each([
    [2, 'ofac_bad_ent_num', 'column 1 (ent_num)', 'ent_num is a positive integer'],
    [3, 'ofac_bad_column_count', undefined, 'each sdn.csv row has 12 columns'],
    [4, 'ofac_bad_sdn_type', 'column 3 (SDN_Type)', 'SDN_Type is individual, vessel, aircraft or -0- (other entities)'],
    [5, 'ofac_empty_name', 'column 2 (SDN_Name)', 'SDN_Name is not empty'],
    [6, 'ofac_duplicate_ent_num', 'column 1 (ent_num)', 'ent_num is unique in sdn.csv'],
    [7, 'ofac_malformed_csv', undefined, 'each row is well-formed CSV'],
  ])('names file, line %i, element and rule for %s', (line, code, element, rule) => {
    const issues = failIssues(parseOfacSdn({ sdn: BAD_SDN }));
    const found = issues.find((i) => i.line === line);
    expect(found).toMatchObject({ code, file: 'sdn.csv', severity: 'error', rule, ...(element ? { element } : {}) });
  });

  it('fails in strict mode (the default) listing every bad row of every file', () => {
    const issues = failIssues(parseOfacSdn({ sdn: BAD_SDN, alt: BAD_ALT }));
    expect(errorsOf(issues).map((i) => `${i.file}:${i.line}:${i.code}`)).toEqual([
      'alt.csv:2:ofac_bad_alt_type',
      'sdn.csv:2:ofac_bad_ent_num',
      'sdn.csv:3:ofac_bad_column_count',
      'sdn.csv:4:ofac_bad_sdn_type',
      'sdn.csv:5:ofac_empty_name',
      'sdn.csv:6:ofac_duplicate_ent_num',
      'sdn.csv:7:ofac_malformed_csv',
      'alt.csv:3:ofac_unknown_ent_num',
    ]);
  });

  it('imports only the good rows with skipInvalid, reporting every bad one', () => {
    const { entities, issues } = okValue(parseOfacSdn({ sdn: BAD_SDN, alt: BAD_ALT }, { skipInvalid: true }));
    expect(entities.map((e) => e.name)).toEqual(['GOOD ONE', 'GOOD TWO']);
    expect(byId(entities, 'ofac-sdn-201').aka).toEqual([{ name: 'GOOD ALIAS', type: 'aka' }]);
    expect(errorsOf(issues)).toHaveLength(8);
  });

  it('streams entities and issues in file order', () => {
    const kinds = [...iterateOfacSdn({ sdn: BAD_SDN })].map((e) => (e.kind === 'entity' ? e.entity.name : e.issue.code));
    expect(kinds[0]).toBe('GOOD ONE');
    expect(kinds.at(-1)).toBe('GOOD TWO');
  });

  it('accepts bytes as well as strings', () => {
    const bytes = new TextEncoder().encode(SDN);
    expect(okValue(parseOfacSdn({ sdn: bytes })).entities).toHaveLength(5);
  });
});

/** ../shared/data/ofac relative to the project root (this file is test/importers/ofac.test.ts). */
const OFAC_DIR = fileURLToPath(new URL('../../../shared/data/ofac', import.meta.url));
const haveOfac = existsSync(join(OFAC_DIR, 'sdn.csv'));
if (!haveOfac) console.warn(`skipping real OFAC tests: ${OFAC_DIR} is absent (see ../shared/data/README.md)`);

/** Rows of a legacy OFAC file, counted independently of the importer: lines that start with a digit. */
const countRows = (file: string) => readFileSync(join(OFAC_DIR, file), 'latin1').split('\n').filter((l) => /^\d/.test(l)).length;

describe.skipIf(!haveOfac)('OFAC SDN importer on the real files in ../shared/data/ofac', async () => {
  const files = haveOfac ? await readOfacDir(OFAC_DIR) : { sdn: '' };
  const started = performance.now();
  const result = parseOfacSdn(files);
  const ms = performance.now() - started;
  const { entities, issues } = okValue(result);

  it('imports the whole list in strict mode without errors (time logged; 20 s guard for loaded CI machines)', () => {
    expect(errorsOf(issues)).toEqual([]);
    console.info(`OFAC SDN import: ${entities.length} entities in ${ms.toFixed(0)} ms`);
    expect(ms).toBeLessThan(20_000);
  });

  it('has one entity per sdn.csv row', () => {
    expect(entities).toHaveLength(countRows('sdn.csv'));
  });

  it('has one aka of kind aka/fka/nka per alt.csv row', () => {
    const strong = entities.flatMap((e) => e.aka ?? []).filter((a) => a.type === 'aka' || a.type === 'fka' || a.type === 'nka');
    expect(strong).toHaveLength(countRows('alt.csv'));
  });

  it.each([
    ['ofac-sdn-306', 'BANCO NACIONAL DE CUBA', 'organisation', 'NATIONAL BANK OF CUBA', ['CH', 'ES', 'JP', 'PA']],
    ['ofac-sdn-36', 'AEROCARIBBEAN AIRLINES', 'organisation', 'AERO-CARIBBEAN', ['CU']],
  ])('spot-checks %s (%s)', (id, name, type, akaName, codes) => {
    const e = byId(entities, id);
    expect([e.name, e.entity_type]).toEqual([name, type]);
    expect(e.aka?.map((a) => a.name)).toContain(akaName);
    expect(tagged(e, 'country_codes')).toEqual(codes);
  });

  it('spot-checks an individual: name order, birth date, nationality', () => {
    const e = byId(entities, 'ofac-sdn-28264');
    expect([e.name, e.first_name, e.last_name]).toEqual(['Jiadong LI', 'Jiadong', 'LI']);
    expect(tagged(e, 'date_of_birth')).toEqual(['1987-01-10']);
    expect(tagged(e, 'country_codes')).toEqual(['CN']);
  });

  it('maps every country string to a code except the documented disputed/dissolved ones', () => {
    const unknown = new Set(issues.filter((i) => i.code === 'unknown_country').map((i) => /"(.*)"/.exec(i.message)?.[1]));
    expect([...unknown].sort()).toEqual(['Netherlands Antilles', 'Region: Kafia Kingi']);
  });

  it('produces entities that pass the list validator (so a written list file reads back)', () => {
    expect(entities.filter((e) => validateEntity(e).length > 0).map((e) => e.id)).toEqual([]);
  });

  it('reads every date of birth in the remarks', () => {
    expect(issues.filter((i) => i.code === 'ofac_unparsed_date')).toEqual([]);
  });
});
