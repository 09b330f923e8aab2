/**
 * Every importer with mutated publications and arbitrary text: never a throw; the result is either entities that
 * pass `validateEntity` (and build a screener) with issues of stable codes, or the issues that stopped it.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  parseEuSanctions,
  parseFtmEntities,
  parseListCsv,
  parseListJson,
  parseOfacSdn,
  parseUkSanctions,
  parseUnConsolidated,
  validateEntity,
} from '../../src/importers/index.js';
import type { ImportResult } from '../../src/importers/types.js';
import { createScreener } from '../../src/screening/screener.js';
import { anyValue, hostileString, inputLike, mutatedText } from './arbitraries.js';
import { check, runs } from './harness.js';

const fixture = (name: string) => readFileSync(new URL(`../importers/fixtures/${name}`, import.meta.url), 'utf8');
const UN = fixture('un-consolidated.xml');
const EU = fixture('eu-fsf.xml');
const UK_XML = fixture('uk-sanctions-list.xml');
const UK_CSV = fixture('uk-sanctions-list.csv');
const FTM = fixture('opensanctions.ftm.jsonl');
const SDN = [
  '101,"EXAMPLE TRADING CO., LTD.",-0- ,"CUBA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"a.k.a. \'ETC\'."',
  '102,"PETROV, Ivan Sergeyevich","individual","UKRAINE-EO13661] [CYBER2","Director",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 01 Jan 1960; alt. DOB circa 1962; POB Moscow, Russia; nationality Russia; Passport 123456789 (Russia)"',
  '103,"SEA WIND","vessel","IRAN",-0- ,"9HA1234","Crude Oil Tanker","150,000","80,000","Malta","Example Shipping",-0- ',
].join('\r\n');
const ALT = '101,1,"aka","EXAMPLE TRADE",-0- \n102,3,"aka","PETROFF, Ivan",-0- ';
const ADD = '101,10,"Calle 1","Havana","Cuba",-0- \n102,11,-0- ,-0- ,"Russia",-0- ';
const LIST_CSV = [
  'id,entity_type,name,types,first_name,last_name,aka,sources,date_of_birth,date_of_death,country_codes,country_names,blacklist_ids,account_ids,customer_ref',
  'bl-1,person,Jane Roe,warning,Jane,Roe,J. Roe|Jane Row,,1980-02-03|1981,,GB|ie,,fraud-list,7|8,C-100',
  'bl-2,company,"Acme Widgets, Ltd.",warning|adverse-media-fraud,,,,my-list,,,,"Korea, North",fraud-list,,',
].join('\n');
const LIST_JSON = [{ id: 'j-1', entity_type: 'person', name: 'Ivan Petrov', types: ['sanction'], sources: ['mine'], aka: [{ name: 'I. Petrov' }] }];

/** The contract of every importer's result. */
function expectResult(r: ImportResult): void {
  if (r.ok) {
    for (const e of r.value.entities) expect(validateEntity(e)).toEqual([]);
    for (const i of r.value.issues) expect(i.code).toMatch(/^[a-z0-9_]+$/);
    expect(() => createScreener({ entities: r.value.entities })).not.toThrow();
  } else {
    expect(r.error.length).toBeGreaterThan(0);
    for (const i of r.error) expect(i.code).toMatch(/^[a-z0-9_]+$/);
  }
}

const text = (sample: string) => fc.oneof({ weight: 5, arbitrary: mutatedText(sample) }, { weight: 1, arbitrary: hostileString });
const lenient = { skipInvalid: true };

describe('importers', () => {
  it('OFAC SDN CSV (sdn, alt, add)', () => {
    const files = fc.record({ sdn: text(SDN), alt: fc.option(text(ALT), { nil: undefined }), add: fc.option(text(ADD), { nil: undefined }) });
    check('parseOfacSdn', fc.tuple(files, fc.boolean()), runs(75), ([f, skip]) => {
      expectResult(parseOfacSdn(f as never, skip ? lenient : {}));
    });
  });

  it('UN consolidated XML', () => {
    check('parseUnConsolidated', fc.tuple(text(UN), fc.boolean()), runs(50), ([xml, skip]) => expectResult(parseUnConsolidated(xml, skip ? lenient : {})));
  });

  it('EU financial sanctions XML', () => {
    check('parseEuSanctions', fc.tuple(text(EU), fc.boolean()), runs(50), ([xml, skip]) => expectResult(parseEuSanctions(xml, skip ? lenient : {})));
  });

  it('UK sanctions list, XML and CSV', () => {
    check('parseUkSanctions', fc.tuple(fc.oneof(text(UK_XML), text(UK_CSV)), fc.boolean()), runs(50), ([t, skip]) => expectResult(parseUkSanctions(t, skip ? lenient : {})));
  });

  it('FollowTheMoney JSON lines (mutated lines and mutated entities)', () => {
    const lines = FTM.trim().split('\n').map((l) => JSON.parse(l) as unknown);
    const entity = fc.constantFrom(...lines).chain((e) => inputLike(e));
    const jsonl = fc.oneof(text(FTM), fc.array(entity, { minLength: 1, maxLength: 4 }).map((es) => es.map((e) => JSON.stringify(e) ?? 'undefined').join('\n')));
    check('parseFtmEntities', fc.tuple(jsonl, fc.boolean()), runs(75), ([t, skip]) => expectResult(parseFtmEntities(t, skip ? lenient : {})));
  });

  it('own lists, CSV', () => {
    check('parseListCsv', fc.tuple(text(LIST_CSV), fc.boolean()), runs(75), ([t, skip]) => expectResult(parseListCsv(t, skip ? lenient : {})));
  });

  it('own lists, JSON (text and values)', () => {
    const json = fc.oneof(text(JSON.stringify(LIST_JSON)), inputLike(LIST_JSON).map((v) => JSON.stringify(v) ?? 'null'), fc.array(anyValue, { maxLength: 4 }));
    check('parseListJson', fc.tuple(json, fc.boolean()), runs(75), ([j, skip]) => expectResult(parseListJson(j as never, skip ? lenient : {})));
  });
});
