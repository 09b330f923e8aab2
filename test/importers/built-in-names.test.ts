/**
 * Names of JavaScript built-ins (`constructor`, `toString`, `__proto__`, ...) in list data are ordinary unknown
 * strings: they never resolve to an inherited `Object` member, never become an `entity_type`, and never stop an
 * import or the screener built from it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ftmTopicTypes, parseEuSanctions, parseFtmEntities, parseOfacSdn, parseUkSanctions } from '../../src/importers/index.js';
import { ENTITY_TYPES } from '../../src/types/entity.js';
import { createScreener } from '../../src/screening/screener.js';
import { own, dict } from '../../src/own.js';
import type { ImportResult } from '../../src/importers/types.js';

const BUILT_INS = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf', 'isPrototypeOf'];

const ftmLine = (schema: string, topics: string[]) =>
  JSON.stringify({ id: `x-${schema}`, schema, properties: { name: ['Ivan Petrov'], topics } });

/** Every imported entity has a real entity type and the screener builds over the result. */
function expectUsable(r: ImportResult): void {
  const entities = r.ok ? r.value.entities : [];
  for (const e of entities) expect(ENTITY_TYPES as readonly unknown[]).toContain(e.entity_type);
  expect(() => createScreener({ entities })).not.toThrow();
}

describe('built-in names in list data', () => {
  it.each(BUILT_INS)('an FtM schema %s is not a screenable schema: the entity is left out', (name) => {
    const r = parseFtmEntities(ftmLine(name, ['sanction']));
    expect(r.ok && r.value.entities).toEqual([]);
    expectUsable(r);
  });

  it.each(BUILT_INS)('an FtM topic %s maps to no list type', (name) => {
    expect(ftmTopicTypes([name, `${name}.x`])).toEqual([]);
    const r = parseFtmEntities(ftmLine('Person', [name, 'sanction']));
    expect(r.ok && r.value.entities.map((e) => e.types)).toEqual([['sanction']]);
    expectUsable(r);
  });

  it.each(BUILT_INS)('an OFAC SDN_Type %s is reported as a bad type, not imported as an Object member', (name) => {
    const r = parseOfacSdn({ sdn: `101,"PETROV, Ivan","${name}","SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \n` }, { skipInvalid: true });
    expect(r.ok && r.value.entities).toEqual([]);
    expect(r.ok && r.value.issues.map((i) => i.code)).toContain('ofac_bad_sdn_type');
    expectUsable(r);
  });

  it('own() answers only own properties and dict() has no prototype', () => {
    const table: Record<string, number> = { a: 1 };
    expect(BUILT_INS.map((k) => own(table, k))).toEqual(BUILT_INS.map(() => undefined));
    expect(own(table, 'a')).toBe(1);
    const d = dict<number>();
    d['__proto__'] = 2;
    expect(Object.keys(d)).toEqual(['__proto__']);
    expect(d['constructor']).toBeUndefined();
  });
});

describe('built-in names in screened names', () => {
  it.each(BUILT_INS)('a list name and a query word %s give keyed details with that key as data', (name) => {
    const screener = createScreener({ entities: [{ id: 'e1', entity_type: 'person', name: `${name} Petrov`, sources: ['s'], types: ['sanction'] }] });
    const r = screener.search({ search_term: `${name} Petrov`, details_shape: 'keyed' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const details = r.value.hits[0]?.match_types_details as unknown as Record<string, { match_types: Record<string, string[]> }>;
    expect(Object.keys(details)).toEqual([`${name} Petrov`]);
    expect(Object.keys(details[`${name} Petrov`]!.match_types).length).toBeGreaterThan(0);
  });
});

describe('built-in names in the EU and UK lists', () => {
  const EU = readFileSync(new URL('./fixtures/eu-fsf.xml', import.meta.url), 'utf8');
  const UK = readFileSync(new URL('./fixtures/uk-sanctions-list.xml', import.meta.url), 'utf8');

  it.each(BUILT_INS.filter((n) => n !== '__proto__'))('an EU subjectType %s is never imported as an entity type', (name) => {
    const xml = EU.replace(/<subjectType code="person" classificationCode="P"\/>/g, `<subjectType code="${name}" classificationCode="${name}"/>`);
    const r = parseEuSanctions(xml, { skipInvalid: true });
    expectUsable(r);
  });

  it.each(BUILT_INS.filter((n) => n !== '__proto__'))('a UK IndividualEntityShip %s is never imported as an entity type', (name) => {
    const r = parseUkSanctions(UK.replace(/<IndividualEntityShip>Individual<\/IndividualEntityShip>/g, `<IndividualEntityShip>${name}</IndividualEntityShip>`), { skipInvalid: true });
    expectUsable(r);
  });
});
