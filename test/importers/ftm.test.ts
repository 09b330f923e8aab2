import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ftmDate, ftmTopicTypes, iterateFtmEntities, parseFtmEntities } from '../../src/importers/ftm.js';
import { validateEntity } from '../../src/importers/validate.js';
import { byId, errorsOf, failIssues, named, okValue, tagged } from './helpers.js';

const JSONL = readFileSync(new URL('./fixtures/opensanctions.ftm.jsonl', import.meta.url), 'utf8');

describe('FollowTheMoney importer: mapping', () => {
  const { entities, issues } = okValue(parseFtmEntities(JSONL));

  it('imports the screenable schemas and leaves out context (other schemas, entities with no screening topic)', () => {
    expect(entities.map((e) => [e.id, e.entity_type])).toEqual([
      ['NK-fict-0001', 'person'],
      ['NK-fict-0002', 'person'],
      ['NK-fict-0003', 'company'],
      ['NK-fict-0004', 'organisation'],
      ['NK-fict-0005', 'vessel'],
      ['NK-fict-0006', 'aircraft'],
      ['NK-fict-0007', 'organisation'],
      ['NK-fict-0008', 'person'],
    ]);
    expect(issues).toEqual([]);
  });

  it.each([
    ['NK-fict-0001', ['sanction']],
    ['NK-fict-0002', ['pep']],
    ['NK-fict-0003', ['adverse-media', 'adverse-media-fraud', 'warning']],
    ['NK-fict-0004', ['adverse-media', 'adverse-media-terrorism', 'sanction']],
    ['NK-fict-0005', ['sanction']],
    ['NK-fict-0007', ['pep']],
    ['NK-fict-0008', ['pep', 'pep-class-1']],
  ])('maps the topics of %s to types %j', (id, types) => {
    expect(byId(entities, id).types).toEqual(types);
  });

  it('keeps names, name parts and akas with their kind', () => {
    const e = byId(entities, 'NK-fict-0001');
    expect([e.name, e.first_name, e.last_name]).toEqual(['Oleksandr Hrytsenko', 'Oleksandr', 'Hrytsenko']);
    expect(e.aka).toEqual([{ name: 'Олександр Гриценко', type: 'aka' }, { name: 'Aleksandr Gritsenko', type: 'aka' }]);
    expect(byId(entities, 'NK-fict-0003').aka).toEqual([{ name: 'Jade Harbour Import Export', type: 'fka' }, { name: 'JHT', type: 'weak-aka' }]);
  });

  it('maps dates (yyyy-mm to yyyy), places of birth and country codes with their names', () => {
    const p = byId(entities, 'NK-fict-0002');
    expect(tagged(p, 'date_of_birth')).toEqual(['1958']);
    expect(tagged(p, 'date_of_death')).toEqual(['2021']);
    const e = byId(entities, 'NK-fict-0001');
    expect(tagged(e, 'date_of_birth')).toEqual(['1966-04-12']);
    expect(tagged(e, 'place_of_birth')).toEqual(['Kharkiv']);
    expect(tagged(e, 'country_codes')).toEqual(['UA', 'RU']);
    expect(tagged(e, 'country_names')).toEqual(['Ukraine', 'Russian Federation']);
    expect(tagged(byId(entities, 'NK-fict-0004'), 'country_codes')).toEqual(['XK']);
    expect(tagged(byId(entities, 'NK-fict-0005'), 'country_codes')).toEqual(['PA']);
  });

  it('keeps identifiers and other facts as fields', () => {
    expect(named(byId(entities, 'NK-fict-0005'), 'IMO Number')).toEqual(['9000001']);
    expect(named(byId(entities, 'NK-fict-0003'), 'Registration Number')).toEqual(['HK-000123']);
    expect(named(byId(entities, 'NK-fict-0001'), 'Position')).toEqual(['Deputy chair, fictional board']);
  });

  it('produces entities that pass the list validator', () => {
    for (const e of entities) expect(validateEntity(e)).toEqual([]);
  });

  it('uses datasets as sources, with one source note each', () => {
    const e = byId(entities, 'NK-fict-0003');
    expect(e.sources).toEqual(['fict_debarment', 'fict_media']);
    expect(Object.keys(e.source_notes ?? {})).toEqual(['fict_debarment', 'fict_media']);
    expect(e.source_notes?.['fict_media']).toMatchObject({ aml_types: e.types, country_codes: ['HK'] });
    expect(byId(entities, 'NK-fict-0001')).toMatchObject({ last_updated_utc: '2024-11-02T10:00:00' });
  });
});

describe('ftmTopicTypes', () => {
  it.each([
    [['sanction'], ['sanction']],
    [['role.pep'], ['pep']],
    [['role.rca'], ['pep']],
    [['crime'], ['adverse-media', 'adverse-media-general']],
    [['crime.fin'], ['adverse-media', 'adverse-media-financial-crime']],
    [['crime.traffick.drug'], ['adverse-media', 'adverse-media-narcotics']],
    [['crime.fraud.tax'], ['adverse-media', 'adverse-media-fraud']],
    [['debarment'], ['warning']],
    [['poi'], ['warning']],
    [['corp.disqual'], ['fitness-probity']],
    [['corp.offshore', 'gov.soe'], []],
  ])('%j -> %j', (topics, types) => expect(ftmTopicTypes(topics)).toEqual(types));
});

describe('ftmDate', () => {
  it.each([['1960', '1960'], ['1960-05', '1960'], ['1960-05-07', '1960-05-07'], ['1960-05-07T00:00:00', '1960-05-07'], ['1960-02-30', undefined], ['n/a', undefined]])(
    '%s -> %s', (v, want) => expect(ftmDate(v)).toBe(want));
});

describe('FollowTheMoney importer: bad files', () => {
  const BAD = [
    '{"id":"ok-1","schema":"Person","properties":{"name":["Good One"],"topics":["sanction"]}}',
    '{"id":"bad-json",',
    '[1,2]',
    '{"schema":"Person","properties":{"name":["No Id"],"topics":["sanction"]}}',
    '{"id":"no-props","schema":"Person"}',
    '{"id":"bad-prop","schema":"Person","properties":{"name":"Not An Array","topics":["sanction"]}}',
    '{"id":"no-name","schema":"Company","properties":{"topics":["sanction"]}}',
    '{"id":"ok-1","schema":"Person","properties":{"name":["Duplicate"],"topics":["sanction"]}}',
    '',
    '{"id":"ok-2","schema":"Person","properties":{"name":["Good Two"],"birthDate":["someday"],"country":["atlantis"],"topics":["sanction"]}}',
  ].join('\n');

  it('fails strictly, naming the line, element and rule of every bad line', () => {
    const issues = failIssues(parseFtmEntities(BAD, { fileName: 'os.json' }));
    expect(errorsOf(issues).map((i) => [i.line, i.code, i.element])).toEqual([
      [2, 'ftm_bad_json', undefined],
      [3, 'ftm_bad_entity', undefined],
      [4, 'ftm_bad_entity', 'id'],
      [5, 'ftm_bad_properties', 'properties'],
      [6, 'ftm_bad_properties', 'properties.name'],
      [7, 'ftm_empty_name', 'properties.name'],
      [8, 'ftm_duplicate_id', 'id'],
    ]);
    expect(issues.every((i) => i.file === 'os.json' && i.rule !== '')).toBe(true);
  });

  it('imports the good lines with skipInvalid, with warnings for unreadable dates and countries', () => {
    const { entities, issues } = okValue(parseFtmEntities(BAD, { skipInvalid: true }));
    expect(entities.map((e) => e.name)).toEqual(['Good One', 'Good Two']);
    expect(issues.filter((i) => i.severity === 'warning').map((i) => [i.line, i.code, i.element])).toEqual([
      [10, 'ftm_unparsed_date', 'properties.birthDate'],
      [10, 'unknown_country', 'properties.country'],
    ]);
  });

  it('streams from an iterable of lines', () => {
    const lines = JSONL.split('\n');
    const events = [...iterateFtmEntities(lines)];
    expect(events.filter((e) => e.kind === 'entity')).toHaveLength(8);
  });
});
