import { describe, expect, it } from 'vitest';
import { affixRoles, affixProfile } from '../../src/names/affixes.js';
import { defaultWordTables, normalizeName } from '../../src/names/index.js';
import type { EntityType } from '../../src/types/entity.js';

const tables = defaultWordTables();
const roles = (name: string, type: EntityType | undefined) => affixRoles(normalizeName(name), tables, affixProfile(type));

describe('affix removal by entity type (GUIDE.md step 3)', () => {
  it.each([
    ['personal titles at the start, repeatedly', 'Dr Sheikh Ahmed Yassin', 'person', ['removed_personal_title', 'removed_personal_title', undefined, undefined]],
    ['personal suffix at the end', 'John Smith Jr', 'person', [undefined, undefined, 'removed_personal_suffix']],
    ['title and suffix together', 'Mr John Smith III', 'person', ['removed_personal_title', undefined, undefined, 'removed_personal_suffix']],
    ['organisation suffixes, repeatedly', 'Acme Trading Co Ltd', 'company', [undefined, undefined, 'removed_organisation_suffix', 'removed_organisation_suffix']],
    ['organisation prefix', 'The Acme Group', 'organisation', ['removed_organisation_prefix', undefined, undefined]],
    ['multi-word legal form', 'Rosneft Public Joint Stock Company', 'company', [undefined, 'removed_organisation_suffix', 'removed_organisation_suffix', 'removed_organisation_suffix', 'removed_organisation_suffix']],
    ['dotted legal form', 'Banco Nacional S.A.', 'company', [undefined, undefined, 'removed_organisation_suffix', 'removed_organisation_suffix']],
    ['clerical mark anywhere', 'John Smith Deceased', 'person', [undefined, undefined, 'removed_clerical_mark']],
    ['titles are not removed from companies', 'General Motors', 'company', [undefined, undefined]],
    ['legal forms are not removed from people', 'Ali Limited', 'person', [undefined, undefined]],
    ['a title after the first word stays', 'Ahmed Sheikh', 'person', [undefined, undefined]],
    ['never empties a name', 'Doctor', 'person', [undefined]],
    ['never empties a name of affixes only', 'The Limited', 'company', [undefined, undefined]],
  ])('%s: %s', (_why, name, type, expected) => {
    expect(roles(name, type as EntityType)).toEqual(expected);
  });

  it('applies both families when the entity type is unknown', () => {
    expect(roles('Dr Acme Ltd', undefined)).toEqual(['removed_personal_title', undefined, 'removed_organisation_suffix']);
  });
});

describe('word tables reach the matcher folded by the one normaliser', () => {
  it.each([
    ['personal title', () => tables.personalTitles.byFirst.has('sheikh')],
    ['organisation suffix', () => tables.organisationSuffixes.byLast.has('gmbh')],
    ['dotted suffix as words', () => (tables.organisationSuffixes.byLast.get('a') ?? []).some((s) => s.join(' ') === 's a')],
    ['name particle', () => tables.particles.has('bin')],
    ['nickname group', () => (tables.nicknames.get('bob') ?? []).some((g) => tables.nicknameGroups[g]!.includes('robert'))],
    ['cross-cultural group', () => (tables.crossCultural.get('yusuf') ?? []).some((g) => tables.crossCulturalGroups[g]!.includes('joseph'))],
    ['digit to word', () => tables.digitToWords.get('2')?.includes('two') === true],
  ])('%s', (_what, check) => {
    expect(check()).toBe(true);
  });
});
