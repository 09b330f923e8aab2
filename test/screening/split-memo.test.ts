/**
 * The splits of query words are remembered across searches (split-memo.ts). A split depends on the entities (one
 * must hold all its parts; its rarest part and the parts' masses follow the postings), so the memo must forget on
 * every entity added or removed, not only when the vocabulary grows, and must never change an answer.
 */
import { describe, expect, it } from 'vitest';
import { createScreener, type TamisScreener } from '../../src/index.js';
import { SplitMemo } from '../../src/screening/split-memo.js';
import type { Entity } from '../../src/types/entity.js';
import { person } from './fixtures.js';
import { expectMemoParity } from './memo-parity.js';

// `nagy` = `nag` + `y`, `elina` = `e` + `lina` / `el` + `i` + `na`, `alina` = `al` + `ina`: parts held together by
// some entities and apart by others.
const LIST: Entity[] = [
  person('split-1', 'Zarko Nag Y'),
  person('split-2', 'E Lina Petrova'),
  person('apart-1', 'Nag Smith'),
  person('apart-2', 'Y Jones'),
  person('apart-3', 'Al Hassan'),
  person('apart-4', 'Ina Petrova'),
  person('plain', 'Elina Petrova'),
];
const QUERIES = ['Zarko Nagy', 'Elina Petrova', 'Alina Petrova', 'Nagy', 'Alina', 'Jon Smith'];

const CHANGES: [string, (s: TamisScreener) => void][] = [
  ['an entity now holding a split together (no new word)', (s) => s.add(person('n1', 'Al Ina Jones'))],
  ['the only entity holding a split together removed', (s) => void s.remove('split-1')],
  ['an entity bringing new words that split a query word', (s) => s.add(person('n2', 'Ali Na Novak'))],
  ['a part made commoner: the split\'s rarest part changes', (s) => {
    for (let k = 0; k < 4; k++) s.add(person(`y${k}`, `Y Doe${'x'.repeat(k)}`));
  }],
  ['an entity replaced by one with the parts apart', (s) => s.add(person('split-2', 'E Petrova'))],
];

describe('the split memo', () => {
  it.each(CHANGES)('answers as a screener without the memos, before and after a change: %s', (_what, change) => {
    expectMemoParity(LIST, QUERIES, change, (s) => s.lists.finder.lookup.splitMemo.size);
  });

  it('finds a split an added entity now holds together, with no new word in the vocabulary', () => {
    const s = createScreener({ entities: LIST });
    const ids = (): string[] => {
      const r = s.search({ search_term: 'Alina Jones', limit: 20 });
      if (!r.ok) throw new Error(r.error.message);
      return r.value.hits.map((h) => h.doc.id);
    };
    const before = ids();
    const generation = s.lists.index.vocab.generation;
    s.add(person('together', 'Al Ina Jones'));
    expect(s.lists.index.vocab.generation).toBe(generation);
    expect(before).not.toContain('together');
    expect(ids()).toContain('together');
  });

  const KEPT: [string, (s: TamisScreener) => void, boolean][] = [
    ['nothing changed', () => undefined, false],
    ['an entity of known words added', (s) => s.add(person('k', 'Nag Jones')), true],
    ['an entity removed', (s) => void s.remove('apart-1'), true],
  ];

  it.each(KEPT)('is kept while the entities stay the same, and forgotten otherwise: %s', (_what, change, forgets) => {
    const s = createScreener({ entities: LIST });
    const memo = s.lists.finder.lookup.splitMemo;
    s.search({ search_term: 'Zarko Nagy' });
    const remembered = memo.size;
    expect(remembered).toBe(2);
    change(s);
    const hits = memo.hits;
    s.search({ search_term: 'Zarko Nagy' });
    expect(memo.hits - hits).toBe(forgets ? 0 : remembered);
    expect(memo.size).toBe(remembered);
  });
});

describe('SplitMemo', () => {
  const split = { rarest: 1, total: 0.5, parts: [1, 2], masses: [0.25, 0.25] };
  it.each([
    ['the same generation and version', 3, 7, true],
    ['another vocabulary generation', 4, 7, false],
    ['another content version', 3, 8, false],
  ])('gives back what it holds only under %s', (_what, generation, version, found) => {
    const memo = new SplitMemo();
    memo.get('nagy', 3, 7);
    memo.put('nagy', [split], 3, 7, 10);
    expect(memo.get('nagy', generation, version) !== undefined).toBe(found);
  });

  it.each([
    [0, 0],
    [1, 1],
    [2, 1],
    [10, 3],
  ])('holds at most its capacity of words, cleared when full (capacity %i: %i words after 3)', (capacity, held) => {
    const memo = new SplitMemo();
    for (const text of ['nagy', 'elina', 'alina']) memo.put(text, [split], 1, 1, capacity);
    expect(memo.size).toBe(held);
  });
});
