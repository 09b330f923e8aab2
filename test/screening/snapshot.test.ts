import { describe, expect, it } from 'vitest';
import { createScreener, restoreScreener, snapshotScreener, type SearchRequest, type TamisScreener } from '../../src/index.js';
import { LIST, person } from './fixtures.js';

const QUERIES: Record<string, unknown>[] = [
  { search_term: 'Ivan Sidorov' },
  { search_term: 'Ivan Sidorof', fuzziness: 1 },
  { search_term: 'Acme Trading Ltd' },
  { search_term: 'Sidorov Ivan', exact_match: true },
  { search_term: 'Ivan Sidorov', filters: { birth_year: 1961, country_codes: ['FR'] } },
];

const run = (s: TamisScreener) => QUERIES.map((q) => s.search(q as unknown as SearchRequest));

describe('index snapshot', () => {
  it('round-trips through JSON and answers every query identically', () => {
    const original = createScreener({
      entities: LIST,
      resultCap: 250,
      internalLists: [{ id: 'bl', entities: [person('own', 'Ivan Sidorov')] }],
    });
    const json = JSON.stringify(snapshotScreener(original));
    const restored = restoreScreener(JSON.parse(json));
    expect(restored.ok).toBe(true);
    if (!restored.ok) return;
    expect(restored.value.size).toBe(original.size);
    expect(restored.value.resultCap).toBe(250);
    expect(run(restored.value)).toEqual(run(original));
  });

  it('leaves removed entities out of the snapshot', () => {
    const s = createScreener({ entities: LIST });
    s.remove('acme');
    const restored = restoreScreener(JSON.parse(JSON.stringify(snapshotScreener(s))));
    expect(restored.ok && [...restored.value.entities()].map((e) => e.id)).not.toContain('acme');
  });

  it.each([
    ['not an object', 'nope', 'snapshot_format'],
    ['another format', { format: 'other' }, 'snapshot_format'],
    ['another version', { format: 'tamis-index', version: 99 }, 'snapshot_version'],
    ['lists missing', { format: 'tamis-index', version: 1, resultCap: 100 }, 'snapshot_corrupt'],
    [
      'a name pointing outside the vocabulary',
      { format: 'tamis-index', version: 1, resultCap: 100, lists: { vocabulary: [], entities: [person('x', 'A B')], names: [[['A B', [0, 1], null]]] }, internal: { vocabulary: [], entities: [], names: [] } },
      'snapshot_corrupt',
    ],
  ])('refuses a bad snapshot: %s', (_why, snapshot, code) => {
    const restored = restoreScreener(snapshot);
    expect(restored.ok).toBe(false);
    if (!restored.ok) expect(restored.error[0]!.code).toBe(code);
  });
});

describe('incremental updates without a rebuild', () => {
  it('finds an added entity, forgets a removed one, and replaces one with the same id', () => {
    const s = createScreener({ entities: LIST });
    const hits = (term: string) => {
      const r = s.search({ search_term: term });
      return r.ok ? r.value.hits.map((h) => h.doc.id) : [];
    };
    expect(hits('Zbigniew Brzezinski')).toEqual([]);
    s.add(person('new', 'Zbigniew Brzezinski'));
    expect(hits('Zbigniew Brzezinski')).toEqual(['new']);
    expect(s.size).toBe(LIST.length + 1);

    s.add(person('new', 'Wojciech Jaruzelski'));
    expect(hits('Zbigniew Brzezinski')).toEqual([]);
    expect(hits('Wojciech Jaruzelski')).toEqual(['new']);
    expect(s.size).toBe(LIST.length + 1);

    expect(s.remove('new')).toBe(true);
    expect(s.remove('new')).toBe(false);
    expect(hits('Wojciech Jaruzelski')).toEqual([]);
    expect(s.size).toBe(LIST.length);
  });

  it('updates internal lists the same way', () => {
    const s = createScreener({ entities: [] });
    s.addInternal('bl', person('own', 'Ivan Sidorov'));
    const r = s.search({ search_term: 'Ivan Sidorov' });
    expect(r.ok && r.value.blacklist_hits?.map((h) => h.doc.id)).toEqual(['own']);
    expect(s.removeInternal('own')).toBe(true);
  });
});
