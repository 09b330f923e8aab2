import { describe, expect, it } from 'vitest';
import { compareEntity, createScreener, type SearchRequest } from '../../src/index.js';
import type { SearchCounters } from '../../src/screening/candidate-types.js';
import { SparseBits, StampedMarks } from '../../src/screening/stamps.js';
import { person } from './fixtures.js';

/** The work one search did (counters of the list's candidate finder), and its total_hits. */
function work(screener: ReturnType<typeof createScreener>, request: Record<string, unknown>): SearchCounters & { total: number } {
  const counters = screener.lists.finder.counters;
  const before = { ...counters };
  const result = screener.search(request as unknown as SearchRequest);
  if (!result.ok) throw new Error(result.error.message);
  const delta = Object.fromEntries(Object.entries(counters).map(([k, v]) => [k, v - before[k as keyof SearchCounters]])) as unknown as SearchCounters;
  return { ...delta, total: result.value.total_hits };
}

describe('generation-stamped marks', () => {
  it('forget every mark of a search at the next reset, without clearing', () => {
    const marks = new StampedMarks();
    marks.reset(10);
    marks.set(3, 7);
    expect(marks.or(4, 1)).toBe(true);
    expect(marks.or(4, 2)).toBe(false);
    expect([marks.get(3), marks.get(4), marks.get(5), marks.has(3)]).toEqual([7, 3, 0, true]);
    marks.reset(10);
    expect([marks.get(3), marks.get(4), marks.has(3)]).toEqual([0, 0, false]);
  });

  it('grow to the ids of a larger list and keep no mark across the growth', () => {
    const marks = new StampedMarks();
    marks.reset(4);
    marks.set(2, 1);
    marks.reset(100_000);
    marks.set(99_999, 5);
    expect([marks.get(2), marks.get(99_999)]).toEqual([0, 5]);
  });
});

describe('sparse bit sets', () => {
  it('hold the ids added, each added once, and hold none after a reset', () => {
    const set = new SparseBits();
    set.reset(100);
    expect([set.add(3), set.add(3), set.add(35), set.add(99)]).toEqual([true, false, true, true]);
    expect([0, 3, 4, 35, 67, 99].map((id) => set.has(id))).toEqual([false, true, false, true, false, true]);
    set.reset(100);
    expect([3, 35, 99].map((id) => set.has(id))).toEqual([false, false, false]);
    expect(set.bits.every((w) => w === 0)).toBe(true);
  });

  it('grow to the ids of a larger list, keeping no id across the growth and clearing every word touched', () => {
    const set = new SparseBits();
    set.reset(40);
    for (let id = 0; id < 40; id++) set.add(id);
    set.reset(1_000_000);
    expect([set.has(0), set.has(39), set.has(999_999)]).toEqual([false, false, false]);
    for (let id = 0; id < 1_000_000; id += 997) set.add(id);
    expect(set.has(997 * 1000)).toBe(true);
    set.reset(1_000_000);
    expect(set.bits.every((w) => w === 0)).toBe(true);
  });
});

describe('candidate generation', () => {
  const list = [
    person('cats', 'Philip Cats'),
    person('petrov', 'Ivan Petrov', { aka: [{ name: 'Totally Different' }, { name: 'Another Alias Entirely' }] }),
    person('smith', 'John Smith'),
  ];
  const screener = createScreener({ entities: list });

  it('verifies nothing for a query whose words reach list words only by sound (no word could anchor a hit)', () => {
    // `filip` ~ `philip` and `katz` ~ `cats` sound alike but are no one-edit typos: the matcher finds no anchor.
    expect(compareEntity({ search_term: 'Filip Katz' }, list[0]!)).toEqual({ ok: true, value: null });
    expect(work(screener, { search_term: 'Filip Katz' })).toMatchObject({ total: 0, candidates: 0, namesChecked: 0, namesMatched: 0 });
  });

  it('checks only the names of a candidate that hold a word a hit could be anchored on', () => {
    expect(work(screener, { search_term: 'Ivan Petrov' })).toMatchObject({ total: 1, candidates: 1, namesChecked: 1, namesMatched: 1 });
  });

  it('still finds a sound-alike when another word anchors the hit', () => {
    expect(work(screener, { search_term: 'Jon Smith' })).toMatchObject({ total: 1, candidates: 1 });
  });

  it('sends no name to the matcher on the credit of a split it does not hold (a common word of the query alone)', () => {
    // `trading` can be written `tra ding` with list words (two rare words: a large split credit), but no name
    // holding `trading` alone (and affixes) can make a hit with `lumtron` unmatched: only `Lumtron Trading Ltd` is
    // verified. A name holding the split still earns its credit (`Lumtron Tra Ding`).
    const suffixes = ['Ltd', 'Limited', 'Co', 'Company', 'Inc', 'LLC', 'Corp', 'GmbH', 'SA', 'AG', 'BV', 'PLC'];
    const companies = [...suffixes.map((suffix) => `Trading ${suffix}`), 'Lumtron Trading Ltd', 'Lumtron Tra Ding'];
    const screener = createScreener({
      entities: [
        ...companies.map((name, k) => person(`c${k}`, name, { entity_type: 'company' })),
        person('ding', 'Wei Ding'),
        person('tra', 'Tra My Nguyen'),
      ],
    });
    expect(work(screener, { search_term: 'Lumtron Trading' })).toMatchObject({ total: 2, namesMatched: 2 });
  });
});
