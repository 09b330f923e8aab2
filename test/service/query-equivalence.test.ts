/** The SQLite adapter's SQL filters agree with the reference semantics (applySearchQuery) on random data. */
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applySearchQuery, type SearchQuery } from '../../src/service/index.js';
import { createSqliteStore } from '../../src/service/sqlite/index.js';
import { makeSearchRecord } from '../../src/service/testing/store-conformance.js';

const terms = ['John Smith', 'Élodie Martin', "O'Brien, Pat", 'ACME Ltd.', 'Ivan Ivanov', 'jane smith!'];
const days = ['2026-01-01', '2026-01-02', '2026-01-03'];

const recordArb = fc.record({
  account_id: fc.constantFrom(1, 2),
  searcher_id: fc.integer({ min: 1, max: 3 }),
  assignee_id: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
  risk_level: fc.constantFrom('low', 'medium', 'high', 'unknown' as const),
  match_status: fc.constantFrom('unknown', 'no_match', 'potential_match', 'false_positive', 'true_positive' as const),
  term: fc.constantFrom(...terms),
  client_ref: fc.option(fc.constantFrom('C1', 'C2'), { nil: null }),
  day: fc.constantFrom(...days),
  hour: fc.integer({ min: 0, max: 23 }),
  updated: fc.integer({ min: 0, max: 50 }),
  team: fc.option(fc.constantFrom('a', 'b'), { nil: undefined }),
  region: fc.option(fc.constantFrom('eu', 'us'), { nil: undefined }),
  monitored: fc.constantFrom('no', 'yes', 'suspended'),
});

const queryArb: fc.Arbitrary<SearchQuery> = fc.record(
  {
    account_id: fc.constantFrom(1, 2),
    assignee_id: fc.integer({ min: 1, max: 3 }),
    searcher_id: fc.integer({ min: 1, max: 3 }),
    risk_levels: fc.subarray(['low', 'medium', 'high', 'unknown'] as const, { minLength: 1 }).map((x) => [...x]),
    match_statuses: fc.subarray(['unknown', 'no_match', 'potential_match', 'false_positive', 'true_positive'] as const, { minLength: 1 }).map((x) => [...x]),
    submitted_term: fc.constantFrom('smith', 'ÉLODIE', "o'b", 'ltd.', '!'),
    search_term: fc.constantFrom('smi', 'élo', 'acme', 'ivan'),
    created_at_from: fc.constantFrom(...days),
    created_at_to: fc.constantFrom(...days),
    tags: fc.subarray([
      { name: 'team', value: 'a' },
      { name: 'team', value: 'b' },
      { name: 'region', value: 'eu' },
      { name: 'region', value: 'us' },
    ], { minLength: 1 }),
    tags_logical_operator: fc.constantFrom('OR', 'AND' as const),
    client_ref: fc.constantFrom('C1', 'C2'),
    monitored: fc.constantFrom('suspended', 'un-suspended', 'false' as const),
    sort_by: fc.constantFrom('id', 'created_at', 'updated_at', 'assignee_id', 'searcher_id' as const),
    sort_dir: fc.constantFrom('ASC', 'DESC' as const),
    offset: fc.integer({ min: 0, max: 5 }),
    limit: fc.integer({ min: 1, max: 30 }),
    after_id: fc.integer({ min: 0, max: 20 }),
    before_id: fc.integer({ min: 1, max: 25 }),
  },
  { requiredKeys: ['account_id', 'limit'] },
);

describe('querySearches: SQL agrees with the reference semantics', () => {
  it('on random searches and random queries', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(recordArb, { maxLength: 20 }), fc.array(queryArb, { minLength: 1, maxLength: 10 }), async (rows, queries) => {
        const records = rows.map((r, i) => {
          const tags: Record<string, string> = {};
          if (r.team) tags.team = r.team;
          if (r.region) tags.region = r.region;
          return makeSearchRecord(i + 1, {
            account_id: r.account_id,
            searcher_id: r.searcher_id,
            assignee_id: r.assignee_id,
            risk_level: r.risk_level,
            match_status: r.match_status,
            search_term: r.term.replace(/[!,.]/g, ''),
            submitted_term: r.term,
            client_ref: r.client_ref,
            created_at: `${r.day} ${String(r.hour).padStart(2, '0')}:00:00`,
            updated_at: `2026-02-01 00:${String(r.updated).padStart(2, '0')}:00`,
            tags,
            is_monitored: r.monitored !== 'no',
            is_suspended: r.monitored === 'suspended',
          });
        });
        const store = createSqliteStore(new Database(':memory:'));
        if (records.length > 0) await store.commit(records.map((search) => ({ type: 'insert_search' as const, search })));
        for (const q of queries) {
          const sql = (await store.querySearches(q)).map((s) => s.id);
          const ref = applySearchQuery(records, q).map((s) => s.id);
          expect(sql).toEqual(ref);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('barrel', () => {
  it('does not pull in the SQLite adapter or the vitest-based conformance suite', () => {
    const src = readFileSync(new URL('../../src/service/index.ts', import.meta.url), 'utf8');
    const imports = [...src.matchAll(/from '([^']+)'/g)].map((m) => m[1]);
    expect(imports.some((i) => i?.includes('sqlite') || i?.includes('testing'))).toBe(false);
  });
});
