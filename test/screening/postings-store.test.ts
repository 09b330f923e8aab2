/**
 * The postings of an index in one array (postings-store.ts): each word's slots read back as they were added, through
 * runs that move as they fill; packed for a snapshot and viewed back without a copy; a change after that leaves the
 * snapshot's arrays as they were.
 */
import { describe, expect, it } from 'vitest';
import { Postings } from '../../src/screening/postings-store.js';

/** Slot by slot, the words each slot holds (an entity's distinct words). */
const SHAPES: [string, number[][]][] = [
  ['no slots', []],
  ['one word held by every slot', Array.from({ length: 40 }, () => [0])],
  ['words held once each', Array.from({ length: 30 }, (_, slot) => [slot])],
  ['interleaved words that fill at different rates', Array.from({ length: 60 }, (_, slot) => [slot % 2, slot % 3 === 0 ? 2 : 3, slot % 7 === 0 ? 9 : 4].filter((id, k, a) => a.indexOf(id) === k))],
  ['a word first held late, far past the others', [[0], [0, 1], [0], [0, 500], [500], [1, 500]]],
];

/** The lists a plain array of arrays holds for the same additions. */
function model(slots: number[][]): number[][] {
  const lists: number[][] = [];
  slots.forEach((ids, slot) => ids.forEach((id) => (lists[id] ??= []).push(slot)));
  return lists;
}

function built(slots: number[][]): Postings {
  const p = Postings.empty();
  slots.forEach((ids, slot) => ids.forEach((id) => p.add(id, slot)));
  return p;
}

const words = (slots: number[][]): number => Math.max(0, ...slots.flat().map((id) => id + 1));
const read = (p: Postings, count: number): number[][] => Array.from({ length: count }, (_, id) => p.list(id));
const expected = (slots: number[][]): number[][] => {
  const m = model(slots);
  return Array.from({ length: words(slots) }, (_, id) => m[id] ?? []);
};

describe('postings in one array', () => {
  it.each(SHAPES)('reads back every word\'s slots in the order added: %s', (_shape, slots) => {
    const p = built(slots);
    expect(read(p, words(slots))).toEqual(expected(slots));
    for (let id = 0; id < words(slots); id++) expect(p.count(id)).toBe(expected(slots)[id]!.length);
    expect(p.count(words(slots) + 1000)).toBe(0);
  });

  it.each(SHAPES)('packs and views back the same lists, count and first included: %s', (_shape, slots) => {
    const { start, items } = built(slots).toPacked(words(slots));
    const viewed = Postings.packed(start, items);
    expect(read(viewed, words(slots))).toEqual(expected(slots));
    for (let id = 0; id < words(slots); id++) expect(Array.from(viewed.slots.subarray(viewed.first(id), viewed.first(id) + viewed.count(id)))).toEqual(expected(slots)[id]);
  });

  it.each(SHAPES)('takes new slots after a restore without changing the snapshot\'s arrays: %s', (_shape, slots) => {
    const { start, items } = built(slots).toPacked(words(slots));
    const before = [Array.from(start), Array.from(items)];
    const viewed = Postings.packed(start, items);
    const more = [[0, 1], [2, 700], [0]];
    more.forEach((ids, k) => ids.forEach((id) => viewed.add(id, slots.length + k)));
    expect([Array.from(start), Array.from(items)]).toEqual(before);
    const all = [...slots, ...more];
    expect(read(viewed, words(all))).toEqual(expected(all));
  });
});
