/**
 * The matcher's bound before its options are made (assign.ts, single-words.ts): where no glued, split, abbreviated
 * or acronym form of the query can be on a list name, every option places one query word on one list word, and
 * the bound of such placements (singleWordsMayPass) may reject the name before optionsInto runs. The check must
 * say "single words only" only where optionsInto indeed builds no option of several words (else a name holding a
 * form would be rejected on a bound that leaves the form out), and where it says so, a name the pre-bound rejects
 * must be one the options' own bound (mayPass) rejects.
 */
import { describe, expect, it } from 'vitest';
import { QUERY_LEFT } from '../../src/names/evidence.js';
import { prepareQuery } from '../../src/names/name-match.js';
import { pairType } from '../../src/names/pair-types.js';
import { mayPass, singleWordsMayPass } from '../../src/names/placement-evidence.js';
import { optionsInto } from '../../src/names/placement-options.js';
import { coreRange, type AssignContext } from '../../src/names/placement.js';
import { prepareName } from '../../src/names/prepare.js';
import { onlySingleWordOptions } from '../../src/names/single-words.js';
import { defaultWordTables } from '../../src/names/tables.js';
import type { EntityType } from '../../src/types/entity.js';
import type { WordMatchType } from '../../src/names/types.js';

const tables = defaultWordTables();

/** A query and a list name as matchName sets them up (uniform rarity: every full word weighs 1), at threshold T. */
function setUp(term: string, listName: string, listType: EntityType, queryType: EntityType | undefined, threshold: number) {
  const query = prepareQuery(term, queryType, tables);
  const name = prepareName(listName, listType, tables);
  const person = (queryType ?? listType) === 'person';
  const profile = person ? 'person' : 'organisation';
  const roles = query.roles[profile];
  const mass = (w: { text: string; isNumber: boolean; particle: boolean }, role: unknown): number => (role !== undefined || w.particle ? 0 : w.text.length === 1 && !w.isNumber ? 0.3 : 1);
  const listMass = name.words.map((w, j) => mass(w, name.roles[j]));
  const ctx: AssignContext = {
    tables,
    minEditLength: 4,
    nicknames: person,
    initials: person,
    acronyms: listType !== 'person' && !person,
    reverseAcronyms: queryType === 'company' || queryType === 'organisation',
    listRoles: name.roles,
    gluedPairs: query.gluedPairs,
    nameVariations: false,
    pairTypes: [],
    queryMass: query.words.map((w, i) => (query.duplicateOf[i] !== undefined ? 0 : mass(w, roles[i]))),
    listMass,
    listTotal: listMass.reduce((a, b) => a + b, 0),
    duplicateOf: query.duplicateOf,
    lambda: threshold / (1 - threshold),
    queryWeight: QUERY_LEFT,
  };
  const pair: (WordMatchType | null)[][] = query.words.map((q, i) => name.words.map((l) => pairType(q, i, l, ctx)));
  const cores = ctx.acronyms ? { query: coreRange(query.words, roles), list: coreRange(name.words, name.roles) } : undefined;
  const options = query.words.map((_, i) => optionsInto([], i, query.words, roles, name.words, pair, ctx, cores));
  return { query, roles, name, ctx, pair, options };
}

describe('single-word options are told apart from the words alone', () => {
  it.each<[string, string, string, EntityType, EntityType | undefined, boolean, boolean?]>([
    ['two personal names of plain words', 'Ivan Petrov', 'Ivan Petrenko', 'person', 'person', true],
    ['a personal name with an initial', 'J Smith', 'John Smithson', 'person', 'person', true],
    ['query words glued in a list word', 'Abdul Rahman', 'Abdulrahman Ali', 'person', 'person', false],
    ['list words glued into a query word', 'Abdulrahman Ali', 'Abdul Rahman Ali', 'person', 'person', false],
    ['two query words glued, then one edit from a list word', "Esma'il Khan", 'Ismail Khan', 'person', 'person', false],
    ['query words beginning a longer list word (a glue that may be there)', 'Ali Khan Hassan', 'Alikhanov Hassan', 'person', 'person', false, true],
    ['an acronym query under organisation rules', 'IBM', 'International Business Machines', 'company', 'company', false],
    ['query words spelling out a list acronym', 'Eastern Ocean Shipping', 'EOS', 'company', 'company', false],
    ['three company words of the length of a list word they do not spell', 'Golden Star Shipping', 'Sun', 'company', 'company', true],
    ['an abbreviation in the query', 'Intl Trading', 'International Trading', 'company', 'company', false],
    ['an abbreviation in the list name', 'International Trading', 'Intl Trading', 'company', 'company', false],
    ['two company names of plain words', 'Golden Star Shipping', 'Golden Sun Shipping', 'company', 'company', true],
  ])('%s', (_why, term, listName, listType, queryType, expected, conservative = false) => {
    const { query, roles, name, ctx, pair, options } = setUp(term, listName, listType, queryType, 0.8);
    const only = onlySingleWordOptions(query.words, roles, name.words, ctx);
    expect(only).toBe(expected);
    // An option of a form: several query or list words, or one word on one word by a type the pair table lacks
    // (an abbreviation: `intl` ~ `international`).
    const forms = options.some((os, i) => os.some((o) => o.queryCount > 1 || o.list.length > 1 || (o.list.length === 1 && o.type !== pair[i]![o.list[0]!])));
    // It may say "a form may be there" where none is; never "none" where one is.
    if (only) expect(forms).toBe(false);
    if (!conservative) expect(forms).toBe(!expected);
  });
});

describe('where every option places one word on one word, the pre-bound rejects only names the options reject', () => {
  it.each<[string, string, string, number]>([
    ['one of two words matched', 'Ivan Petrov', 'Ivan Sidorov', 0.8],
    ['no word matched', 'Ivan Petrov', 'Olga Sidorova', 0.5],
    ['one edit on each word', 'Ivan Petrov', 'Iwan Petrow', 0.8],
    ['a longer list name', 'Ivan Petrov', 'Ivan Petrovich Sidorov Kuznetsov', 0.9],
    ['an initial against a word', 'J Smith', 'John Smithson', 0.7],
  ])('%s', (_why, term, listName, threshold) => {
    const { query, roles, name, ctx, pair, options } = setUp(term, listName, 'person', 'person', threshold);
    expect(onlySingleWordOptions(query.words, roles, name.words, ctx)).toBe(true);
    const pre = singleWordsMayPass(query.words, roles, name.words, pair, ctx);
    const full = mayPass(options, ctx);
    if (pre === false) expect(full).toBe(false);
    // Both are the same objective: the pre-bound passes wherever the options' bound does.
    if (full) expect(pre).not.toBe(false);
  });
});
