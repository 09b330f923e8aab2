import { describe, expect, it } from 'vitest';
import { PairHits } from '../../src/reference/pair-hits.js';
import { aloneEntry, ReferenceIndex } from '../../src/reference/ngram-index.js';
import type { WordMatchType } from '../../src/names/types.js';
import { createScreener } from '../../src/screening/screener.js';
import type { Entity } from '../../src/types/entity.js';

const person = (id: string, name: string): Entity => ({ id, entity_type: 'person', name, sources: ['x'], types: ['sanction'] });
const organisation = (id: string, name: string): Entity => ({ id, entity_type: 'organisation', name, sources: ['x'], types: ['sanction'] });

function indexOf(names: readonly string[], others: readonly string[] = []): { ngrams: ReferenceIndex; id: (word: string) => number } {
  const screener = createScreener({ entities: [...names.map((n, i) => person(`p-${i}`, n)), ...others.map((n, i) => organisation(`o-${i}`, n))] });
  const ngrams = new ReferenceIndex(screener.lists.index);
  ngrams.refresh();
  return { ngrams, id: (word) => screener.lists.index.vocab.id(word)! };
}

describe('PairHits', () => {
  const { ngrams, id } = indexOf(['Zoran Novak', 'Milan Horvat', 'Ivan Petrovich Sidorov', 'Jana Petrova']);
  const runs = [
    ['zoran', 'milan', 'ivan'],
    ['novak', 'horvat', 'petrovich', 'sidorov'],
    ['jana', 'ivan'],
    ['petrova', 'novak'],
  ].map((words) => words.map(id));

  it('answers every pair of two runs as probing them one by one does, in probe order, asked once or again', () => {
    const hits = new PairHits(ngrams, 1000);
    for (const skips of [false, true]) {
      for (const first of runs) {
        for (const second of runs) {
          const direct = first.flatMap((a) => second.flatMap((b) => hits.probe(a, b, skips) ?? []));
          expect(hits.of(first, second, skips)).toEqual(direct);
          expect(hits.of(first, second, skips)).toEqual(direct);
        }
      }
    }
  });

  it.each([
    ['a name of two core words', ['zoran', 'novak'], { names: 1, prefix: false }],
    ['the first two words of a longer name', ['ivan', 'petrovich'], { names: 0, prefix: true }],
    ['the surname first', ['novak', 'zoran'], { names: 1, prefix: false }],
  ])('finds %s', (_why, [a, b], expected) => {
    const hit = new PairHits(ngrams, 1000).probe(id(a!), id(b!), false);
    expect(hit && { names: hit.names?.length, prefix: hit.prefix }).toEqual(expected);
  });

  it('finds the second and third words of a person name only when skips are asked for', () => {
    const hits = new PairHits(ngrams, 1000);
    expect(hits.probe(id('petrovich'), id('sidorov'), false)).toBeUndefined();
    expect(hits.probe(id('petrovich'), id('sidorov'), true)?.skips).toHaveLength(1);
  });

  it('lists the one-word names of a run id by id, person names apart', () => {
    const words = indexOf(['Hamza', 'Zoran Novak'], ['Hamas', 'Hamza', 'Novak']);
    const hits = new PairHits(words.ngrams, 1000);
    const run = ['hamza', 'hamas', 'novak', 'zoran'].map(words.id);
    const byId = (lists: readonly (readonly number[] | undefined)[]) => run.flatMap((id) => (lists[id] ?? []).map((e) => (e < 0 ? aloneEntry(e) : e)));
    expect(hits.singles(run, false)).toEqual(byId(words.ngrams.singles));
    expect(hits.singles(run, true)).toEqual(byId(words.ngrams.personSingles));
    expect(hits.singles(run, false)).toHaveLength(3);
    expect(hits.singles(run, true)).toHaveLength(1);
  });

  it.each<[string, string, Partial<Record<string, WordMatchType>>, string[]]>([
    ['spelt exactly', 'hamas', { hamas: 'exact_match', hamaz: 'phonetic' }, ['Hamas', 'Hamas Ltd']],
    ['spelt with one edit', 'hamaz', { hamas: 'edit_distance' }, ['Hamas', 'Hamas Ltd']],
    ['glued into the reference word', 'hamasgroup', { hamas: 'phonetic' }, ['Hamas', 'Hamas Ltd']],
    ['only sounding alike', 'hamaz', { hamas: 'phonetic' }, ['Hamas Ltd']],
    ['only an equivalent', 'hamaz', { hamas: 'equivalent_name' }, ['Hamas Ltd']],
  ])('lists a name of one word alone under a word %s by the reference word; a longer name of one core word always', (_why, text, types, expected) => {
    const words = indexOf([], ['Hamas', 'Hamas Ltd', 'Novak']);
    const hits = new PairHits(words.ngrams, 1000);
    const run = [words.id('hamas')];
    const spelling = { text, types: new Map(Object.entries(types).map(([w, t]) => [words.id(w), t!])) };
    const names = hits.singles(run, false, spelling).map((entry) => words.ngrams.reading(entry)!.group.originals[0]);
    expect(names).toEqual(expected);
  });

  it('answers the same after it is full and starts afresh', () => {
    const hits = new PairHits(ngrams, 2);
    const first = runs.map((a) => hits.of(a, runs[1]!, false));
    const again = runs.map((a) => hits.of(a, runs[1]!, false));
    expect(again).toEqual(first);
  });
});
