/**
 * Candidate generation reads ahead (postings-walk.ts, candidates.ts, name-screen.ts `gatherNames`): the walk keeps a
 * byte per slot for queries of four words or fewer, and tests the slots spared the two-part rule in bitsets the
 * index keeps beside its flags by slot. These must say what the flags say after every change of the list (an entity
 * added, replaced, removed, a snapshot restored), and the walk must find every hit a scan finds for queries on both
 * sides of the one-byte layout.
 */
import { describe, expect, it } from 'vitest';
import { createScreener, restoreScreener, snapshotScreener, type TamisScreener } from '../../src/index.js';
import type { EntityIndex } from '../../src/screening/entity-index.js';
import type { Entity } from '../../src/types/entity.js';
import { filler, person } from './fixtures.js';
import { indexScanAndTouched } from './index-and-scan.js';

const bit = (bits: Int32Array, slot: number): boolean => ((bits[slot >>> 5]! >>> (slot & 31)) & 1) === 1;

/** Per live slot: [short name, other than a person] by the bitsets, and by the flags they are made from. */
function slotBits(index: EntityIndex): { bits: [boolean, boolean][]; flags: [boolean, boolean][] } {
  const bits: [boolean, boolean][] = [];
  const flags: [boolean, boolean][] = [];
  for (const slot of index.liveSlots()) {
    bits.push([bit(index.shortNameBits, slot), bit(index.otherThanPersonBits, slot)]);
    flags.push([index.shortNames[slot] === 1, index.entityType(slot) !== 'person']);
  }
  return { bits, flags };
}

const company = (id: string, name: string): Entity => ({ id, entity_type: 'company', name, sources: ['t'], types: ['sanction'] });

// Many entities holding each query word, so that the walk's filters run (postings-walk.ts: 64 postings or more).
const FILLERS: Entity[] = [];
for (let k = 0; k < 90; k++) {
  FILLERS.push(person(`z${k}`, `Zarko ${filler(k)}`));
  FILLERS.push(person(`o${k}`, `${filler(k + 100)} Okonkwo`));
  FILLERS.push(person(`m${k}`, `Miroslav ${filler(k + 200)}`));
  FILLERS.push(person(`d${k}`, `${filler(k + 300)} Dragan`));
  FILLERS.push(person(`b${k}`, `Bogdan ${filler(k + 400)}`));
}
const TARGETS: Entity[] = [
  person('short', 'Okonkwo'),
  company('company', 'Okon Kwo'),
  company('holding', 'Dragan Holdings'),
  person('mono', 'Bogdan'),
  person('two', 'Zarko Okonkwo'),
  person('four', 'Zarko Miroslav Okonkwo Dragan'),
  person('five', 'Zarko Miroslav Okonkwo Dragan Bogdan'),
  person('three-of-five', 'Miroslav Dragan Bogdan'),
];

describe('the slots spared the two-part rule, as bits, say what the flags by slot say', () => {
  it.each([
    ['as built', (_s: TamisScreener): void => undefined],
    ['after a person becomes a company and a short name a long one (replaced under the same id)', (s: TamisScreener): void => {
      s.add(company('two', 'Zarko Okonkwo'));
      s.add(person('short', 'Okonkwo Zarko'));
    }],
    ['after a company becomes a person with one name, and an entity is removed', (s: TamisScreener): void => {
      s.add(person('company', 'Okonkwo'));
      s.remove('four');
    }],
  ] as [string, (s: TamisScreener) => void][])('%s', (_change, change) => {
    const screener = createScreener({ entities: [...FILLERS, ...TARGETS] });
    change(screener);
    const { bits, flags } = slotBits(screener.lists.index);
    expect(bits).toEqual(flags);
    // Both kinds of slot are present, so that a bitset left empty or full fails.
    expect(flags.some(([short]) => short)).toBe(true);
    expect(flags.some(([, other]) => other)).toBe(true);
  });

  it('after a snapshot is restored (the flags are replaced whole)', () => {
    const original = createScreener({ entities: [...FILLERS, ...TARGETS] });
    original.add(company('two', 'Zarko Okonkwo'));
    const restored = restoreScreener(JSON.parse(JSON.stringify(snapshotScreener(original))));
    expect(restored.ok).toBe(true);
    if (!restored.ok) return;
    const { bits, flags } = slotBits(restored.value.lists.index);
    expect(bits).toEqual(flags);
    expect(flags.filter(([short]) => short).length).toBeGreaterThan(0);
    const { viaIndex, scan, touched } = indexScanAndTouched(restored.value, { search_term: 'Zarko Okonkwo' });
    expect(scan).toEqual(expect.arrayContaining(['short', 'company', 'two']));
    expect(viaIndex).toEqual(scan);
    expect(touched).toBeLessThan(12);
  });
});

describe('the walk finds every hit a scan finds, on both sides of its one-byte layout (four query words or fewer)', () => {
  const screener = createScreener({ entities: [...FILLERS, ...TARGETS] });
  it.each([
    ['two words', 'Zarko Okonkwo', ['two', 'four', 'short']],
    ['four words (one byte per slot)', 'Zarko Miroslav Okonkwo Dragan', ['four', 'five']],
    ['five words (four bytes per slot)', 'Zarko Miroslav Okonkwo Dragan Bogdan', ['four', 'five']],
    ['six words, one an initial', 'Zarko Miroslav Okonkwo Dragan Bogdan J', ['five']],
  ] as const)('%s', (_shape, term, expected) => {
    const { viaIndex, scan, touched } = indexScanAndTouched(screener, { search_term: term });
    expect(scan).toEqual(expect.arrayContaining([...expected]));
    expect(viaIndex).toEqual(scan);
    // The filters ran: most of the 450 entities holding a query word were dropped before their words were read.
    expect(touched).toBeLessThan(60);
  });
});
