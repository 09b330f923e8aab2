/**
 * The name-matching corpus (issue 2, Tests): one table row per behaviour of GUIDE.md section 1, kept as JSON
 * under `test/names/corpus/` and split by theme. Each row compares one query with one entity through the public
 * `compareEntity` and pins: match or no match (or a typed error), the primary match type (`match_types[0]`), the
 * hit-level extras that must (or must not) be present, the per-word types of chosen query terms, the birth-year
 * secondary matches and, for aka rows, the matching name.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compareEntity } from '../../src/names/index.js';
import { PRIMARY_MATCH_TYPES, WORD_MATCH_TYPES, type MatchTypesDetail } from '../../src/names/types.js';
import type { Entity, EntityType } from '../../src/types/entity.js';

type SearchTerm = string | { first_name?: string; middle_names?: string; last_name?: string };

interface RowOptions {
  fuzziness?: number;
  exact_match?: boolean;
  name_variations?: boolean;
  /** Goes to `filters.birth_year`. */
  birth_year?: number;
  /** Goes to `filters.entity_type` (the searched name's type; tunes affixes, not a filter). */
  entity_type?: EntityType;
  details_shape?: 'list' | 'keyed';
}

interface RowExpect {
  /** Absent on error rows. */
  match?: boolean;
  /** `true`: the request is invalid and must come back as `{ ok: false }` with coded problems. */
  error?: boolean;
  /** Expected `match_types[0]`; absent when only "it matches" is pinned (e.g. Arabic to Latin). */
  primary?: string;
  /** Hit-level extra types that must be present in `match_types`. */
  extras?: string[];
  /** Hit-level types that must NOT be present in `match_types`. */
  absent?: string[];
  /** Query term (as normalised) -> per-word types that its `name_matches` entry must contain. */
  words?: Record<string, string[]>;
  /** Secondary (birth-year) types that must appear in some detail's `secondary_matches`. */
  secondary?: string[];
  /** A detail must name this matching name (aka rows). */
  matching_name?: string;
}

interface Row {
  id: string;
  why: string;
  query: SearchTerm;
  name: string;
  aka: string[];
  entity_type: EntityType;
  dob: string[];
  options: RowOptions;
  expect: RowExpect;
}

const corpusDir = fileURLToPath(new URL('./corpus/', import.meta.url));
const files = readdirSync(corpusDir)
  .filter((f) => f.endsWith('.json'))
  .sort();
const corpus: { file: string; rows: Row[] }[] = files.map((file) => ({
  file,
  rows: JSON.parse(readFileSync(corpusDir + file, 'utf8')) as Row[],
}));
const allRows = corpus.flatMap((c) => c.rows);

function entityOf(row: Row): Entity {
  return {
    id: `corpus-${row.id}`,
    entity_type: row.entity_type,
    name: row.name,
    aka: row.aka.map((name) => ({ name })),
    fields: row.dob.map((value) => ({ name: 'Date of Birth', tag: 'date_of_birth', value })),
    sources: ['corpus-list'],
    types: ['sanction'],
  };
}

function requestOf(row: Row): Record<string, unknown> {
  const { birth_year, entity_type, ...rest } = row.options;
  const filters: Record<string, unknown> = {};
  if (birth_year !== undefined) filters.birth_year = birth_year;
  if (entity_type !== undefined) filters.entity_type = entity_type;
  return { search_term: row.query, ...rest, ...(Object.keys(filters).length > 0 ? { filters } : {}) };
}

function describeDetails(details: MatchTypesDetail[]): string {
  return details
    .map((d) => `${d.matching_name}: ${d.name_matches.map((w) => `${w.query_term}=[${w.match_types.join(',')}]`).join(' ')}`)
    .join(' | ');
}

function check(row: Row): void {
  const result = compareEntity(requestOf(row), entityOf(row));
  const e = row.expect;
  if (e.error === true) {
    expect(result.ok, 'invalid input must be refused as a value').toBe(false);
    if (!result.ok) {
      expect(result.error.length).toBeGreaterThan(0);
      for (const p of result.error) expect(typeof p.code).toBe('string');
    }
    return;
  }
  expect(result.ok, result.ok ? '' : JSON.stringify(result.error)).toBe(true);
  if (!result.ok) return;
  const hit = result.value;
  if (e.match === false) {
    expect(hit, `expected no match, got ${JSON.stringify(hit?.match_types)}`).toBeNull();
    return;
  }
  expect(hit, 'expected a match').not.toBeNull();
  if (hit === null) return;
  const details = Array.isArray(hit.match_types_details) ? hit.match_types_details : [];
  const seen = `match_types=${JSON.stringify(hit.match_types)} details: ${describeDetails(details)}`;
  if (e.primary !== undefined) expect(hit.match_types[0], seen).toBe(e.primary);
  for (const x of e.extras ?? []) expect(hit.match_types, seen).toContain(x);
  for (const x of e.absent ?? []) expect(hit.match_types, seen).not.toContain(x);
  for (const [term, types] of Object.entries(e.words ?? {})) {
    const entries = details.flatMap((d) => d.name_matches.filter((w) => w.query_term === term));
    expect(entries.length, `no name_matches entry for query term "${term}"; ${seen}`).toBeGreaterThan(0);
    const ok = entries.some((w) => types.every((t) => (w.match_types as string[]).includes(t)));
    expect(ok, `query term "${term}" should carry ${JSON.stringify(types)}; ${seen}`).toBe(true);
  }
  for (const s of e.secondary ?? []) {
    const found = details.some((d) => d.secondary_matches.some((m) => (m.match_types as string[]).includes(s)));
    expect(found, `secondary ${s} missing; ${JSON.stringify(details.map((d) => d.secondary_matches))}`).toBe(true);
  }
  if (e.matching_name !== undefined) {
    expect(details.map((d) => d.matching_name), seen).toContain(e.matching_name);
  }
}

describe('name-matching corpus', () => {
  for (const { file, rows } of corpus) {
    describe(file, () => {
      for (const row of rows) {
        it(`${row.id}: ${row.why}`, () => check(row));
      }
    });
  }
});

describe('corpus coverage', () => {
  it('holds at least 300 rows with unique ids', () => {
    expect(allRows.length).toBeGreaterThanOrEqual(300);
    expect(new Set(allRows.map((r) => r.id)).size).toBe(allRows.length);
  });

  it('covers every per-word match type', () => {
    const covered = new Set(allRows.flatMap((r) => Object.values(r.expect.words ?? {}).flat()));
    expect(WORD_MATCH_TYPES.filter((t) => !covered.has(t))).toEqual([]);
  });

  it('covers every primary match type', () => {
    const covered = new Set(allRows.map((r) => r.expect.primary));
    expect(PRIMARY_MATCH_TYPES.filter((t) => !covered.has(t))).toEqual([]);
  });

  it('covers each fuzziness step with a matching and a non-matching row', () => {
    const steps = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0];
    const missing = steps.filter((f) => {
      const at = allRows.filter((r) => r.options.fuzziness === f && r.options.exact_match !== true);
      return !(at.some((r) => r.expect.match === true) && at.some((r) => r.expect.match === false));
    });
    expect(missing).toEqual([]);
  });

  it('holds at least 60 must-not-match rows and covers birth years, exact_match and scripts', () => {
    expect(allRows.filter((r) => r.expect.match === false).length).toBeGreaterThanOrEqual(60);
    expect(allRows.some((r) => r.options.birth_year !== undefined && r.expect.match === false)).toBe(true);
    expect(allRows.some((r) => r.expect.secondary?.includes('fuzzy_birth_year_match'))).toBe(true);
    expect(allRows.some((r) => r.expect.secondary?.includes('exact_birth_year_match'))).toBe(true);
    expect(allRows.some((r) => r.options.exact_match === true && r.expect.match === true)).toBe(true);
    expect(allRows.some((r) => r.options.exact_match === true && r.expect.match === false)).toBe(true);
    const text = (r: Row): string => (typeof r.query === 'string' ? r.query : JSON.stringify(r.query)) + r.name;
    const scripts: [string, RegExp][] = [
      ['Cyrillic', /\p{Script=Cyrillic}/u],
      ['Greek', /\p{Script=Greek}/u],
      ['Arabic', /\p{Script=Arabic}/u],
      ['Hebrew', /\p{Script=Hebrew}/u],
      ['Han', /\p{Script=Han}/u],
      ['Kana', /[\p{Script=Hiragana}\p{Script=Katakana}]/u],
      ['Hangul', /\p{Script=Hangul}/u],
    ];
    expect(scripts.filter(([, re]) => !allRows.some((r) => re.test(text(r)))).map(([s]) => s)).toEqual([]);
  });
});

describe('score and details shape', () => {
  const john: Entity = { id: 'score-john', entity_type: 'person', name: 'John Smith', sources: ['corpus-list'], types: ['sanction'] };
  const score = (query: string, e: Entity = john): number => {
    const r = compareEntity({ search_term: query }, e);
    if (!r.ok || r.value === null) throw new Error(`expected a match for ${query}`);
    return r.value.score;
  };

  it('exact beats fuzzy beats phonetic beats equivalent on the same list name', () => {
    const exact = score('John Smith');
    const fuzzy = score('John Smitt');
    const phonetic = score('Jon Smith');
    const equivalent = score('Jack Smith');
    expect(exact).toBeGreaterThan(fuzzy);
    expect(fuzzy).toBeGreaterThan(phonetic);
    expect(phonetic).toBeGreaterThan(equivalent);
  });

  it('covering more of the list name scores higher', () => {
    const putin: Entity = { id: 'score-putin', entity_type: 'person', name: 'Vladimir Vladimirovich Putin', sources: ['corpus-list'], types: ['sanction'] };
    expect(score('Vladimir Vladimirovich Putin', putin)).toBeGreaterThan(score('Vladimir Putin', putin));
    expect(score('Vladimir Putin', putin)).toBeGreaterThan(score('Putin', putin));
  });

  it('is deterministic', () => {
    for (const q of ['John Smith', 'Jon Smitt', 'J Smith']) expect(score(q)).toBe(score(q));
  });

  it('keyed details shape: matching name -> { match_types: { term: types }, type }', () => {
    const r = compareEntity({ search_term: 'Vladimer Putin', details_shape: 'keyed' }, {
      id: 'keyed', entity_type: 'person', name: 'Vladimir Putin', sources: ['corpus-list'], types: ['sanction'],
    });
    expect(r.ok).toBe(true);
    if (!r.ok || r.value === null) throw new Error('expected a match');
    expect(Array.isArray(r.value.match_types_details)).toBe(false);
    const keyed = r.value.match_types_details as Record<string, { match_types: Record<string, string[]>; type: string }>;
    expect(keyed['Vladimir Putin']?.match_types.vladimer).toContain('edit_distance');
    expect(keyed['Vladimir Putin']?.match_types.putin).toContain('exact_match');
    expect(typeof keyed['Vladimir Putin']?.type).toBe('string');
  });
});
