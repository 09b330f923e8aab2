/** The n-gram index's name groups: the bearers, spellings and entities it keeps follow removals from the list. */
import { describe, expect, it } from 'vitest';
import { pairKey, ReferenceIndex } from '../../src/reference/ngram-index.js';
import { createScreener } from '../../src/screening/screener.js';
import type { Entity } from '../../src/types/entity.js';

const person = (id: string, name: string): Entity => ({ id, entity_type: 'person', name, sources: ['x'], types: ['sanction'] });

function setUp(entities: Entity[]) {
  const screener = createScreener({ entities });
  const index = screener.lists.index;
  const ngrams = new ReferenceIndex(index);
  ngrams.refresh();
  /**
   * The groups keyed under a two-word name, read in list order, as the index holds them after a refresh (a name
   * added after the first of its group was removed starts a group of its own), groups no entity bears aside.
   */
  const groups = (a: string, b: string) => {
    ngrams.refresh();
    const entries = ngrams.pairs.get(pairKey(index.vocab.id(a)!, index.vocab.id(b)!)) ?? [];
    return entries.flatMap((entry) => {
      const reading = ReferenceIndex.rotated(entry) ? undefined : ngrams.reading(entry);
      if (reading === undefined) return [];
      const { bearers, originals, entities } = reading.group;
      return [{ ids: entities.map((e) => e.id), originals: [...originals], bearers: bearers.length / 2 }];
    });
  };
  return { screener, groups };
}

describe('ReferenceIndex name groups', () => {
  it('keep each bearer once, in entity id order, with its spelling and its entity', () => {
    const { groups } = setUp([person('z-3', 'zoran novak'), person('z-1', 'Zoran Novak'), person('z-2', 'ZORAN NOVAK')]);
    expect(groups('zoran', 'novak')).toEqual([{ ids: ['z-1', 'z-2', 'z-3'], originals: ['Zoran Novak', 'ZORAN NOVAK', 'zoran novak'], bearers: 3 }]);
  });

  it('let go of a removed bearer, its spelling and its entity, whether or not a new bearer joins after', () => {
    const { screener, groups } = setUp([person('z-1', 'Zoran Novak'), person('z-2', 'ZORAN NOVAK'), person('z-3', 'zoran novak')]);
    screener.remove('z-2');
    expect(groups('zoran', 'novak')).toEqual([{ ids: ['z-1', 'z-3'], originals: ['Zoran Novak', 'zoran novak'], bearers: 2 }]);
    screener.add(person('z-25', 'Zoran Novak.'));
    expect(groups('zoran', 'novak')).toEqual([{ ids: ['z-1', 'z-25', 'z-3'], originals: ['Zoran Novak', 'Zoran Novak.', 'zoran novak'], bearers: 3 }]);
    // The first bearer, under whose name the group is keyed, removed: a later bearer starts a group of its own.
    screener.remove('z-1');
    screener.add(person('z-0', 'Zoran NOVAK'));
    expect(groups('zoran', 'novak')).toEqual([
      { ids: ['z-25', 'z-3'], originals: ['Zoran Novak.', 'zoran novak'], bearers: 2 },
      { ids: ['z-0'], originals: ['Zoran NOVAK'], bearers: 1 },
    ]);
    for (const id of ['z-0', 'z-3', 'z-25']) screener.remove(id);
    expect(groups('zoran', 'novak')).toEqual([]);
  });

  it('forget a name borne by one entity once it is removed, and take a later bearer alone', () => {
    const { screener, groups } = setUp([person('m-1', 'Milan Horvat')]);
    expect(groups('milan', 'horvat')).toEqual([{ ids: ['m-1'], originals: ['Milan Horvat'], bearers: 1 }]);
    screener.remove('m-1');
    expect(groups('milan', 'horvat')).toEqual([]);
    screener.add(person('m-2', 'MILAN HORVAT'));
    expect(groups('milan', 'horvat')).toEqual([{ ids: ['m-2'], originals: ['MILAN HORVAT'], bearers: 1 }]);
  });
});
