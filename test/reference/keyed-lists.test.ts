import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KeyedLists } from '../../src/reference/keyed-lists.js';

/** The same operations on a plain map: what KeyedLists must answer, its bit filter notwithstanding. */
function model(ops: readonly (readonly [key: number, value: number | undefined])[]): Map<number, number[]> {
  const map = new Map<number, number[]>();
  for (const [key, value] of ops) {
    const list = map.get(key) ?? [];
    if (value !== undefined && list[list.length - 1] !== value) list.push(value);
    map.set(key, list);
  }
  return map;
}

describe('KeyedLists', () => {
  it('answers every key as a plain map would, through any number of filter growths', () => {
    const key = fc.integer({ min: 0, max: 0x3fffffff });
    const op = fc.tuple(fc.oneof(key, fc.integer({ min: 0, max: 50 })), fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }));
    fc.assert(
      fc.property(fc.array(op, { maxLength: 400 }), fc.array(key, { maxLength: 50 }), (ops, probes) => {
        const lists = new KeyedLists();
        for (const [k, v] of ops) {
          if (v === undefined) lists.add(k);
          else lists.push(k, v);
        }
        const expected = model(ops);
        expect(lists.size).toBe(expected.size);
        for (const k of [...expected.keys(), ...probes]) {
          expect(lists.get(k)).toEqual(expected.get(k));
        }
      }),
    );
  });

  it.each([
    ['a key added without values has an empty list', [['add', 7]], 7, []],
    ['values pushed after add are kept', [['add', 7], ['push', 7, 1], ['push', 7, 2]], 7, [1, 2]],
    ['add after push keeps the values', [['push', 7, 1], ['add', 7]], 7, [1]],
    ['a value pushed twice in a row is listed once', [['push', 7, 1], ['push', 7, 1], ['push', 7, 2], ['push', 7, 1]], 7, [1, 2, 1]],
    ['an absent key has no list', [['push', 7, 1]], 8, undefined],
  ] as const)('%s', (_why, ops, probe, expected) => {
    const lists = new KeyedLists();
    for (const op of ops) {
      if (op[0] === 'add') lists.add(op[1]);
      else lists.push(op[1], op[2]);
    }
    expect(lists.get(probe)).toEqual(expected);
  });
});
