import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SlotTable } from '../../src/reference/slot-table.js';

/** A match recorded for a slot: found name and bearing name. */
type Op = readonly [slot: number, found: number, name: number];

interface Held {
  count: number;
  found: number;
  name: number;
  matches: number[];
}

/** What the table must hold after the operations: per slot, its count, its first match and all its matches. */
function model(ops: readonly Op[]): Map<number, Held> {
  const map = new Map<number, Held>();
  for (const [slot, found, name] of ops) {
    const known = map.get(slot);
    if (known === undefined) map.set(slot, { count: 1, found, name, matches: [found, name] });
    else {
      known.count++;
      known.matches.push(found, name);
    }
  }
  return map;
}

function play(table: SlotTable, ops: readonly Op[]): void {
  table.reset(ops.length);
  for (const [slot, found, name] of ops) table.record(table.add(slot), found, name);
}

/** Every match at a position, walked through the chain in the order recorded, as flat (found, name) pairs. */
function chained(table: SlotTable, at: number): number[] {
  const pairs: number[] = [];
  for (let c = table.first(at); c >= 0; c = table.next(c)) pairs.push(table.foundAt(c), table.nameAt(c));
  return pairs;
}

const held = (table: SlotTable, at: number): Held => ({ count: table.count(at), found: table.found(at), name: table.name(at), matches: chained(table, at) });

describe('SlotTable', () => {
  it('counts each slot and keeps all its matches in order as a map would, across references of any size', () => {
    const op = fc.tuple(fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 2_000_000 })), fc.nat(300), fc.nat(20));
    const table = new SlotTable();
    fc.assert(
      fc.property(fc.array(fc.array(op, { maxLength: 300 }), { minLength: 1, maxLength: 4 }), fc.array(fc.nat(2_000_000), { maxLength: 30 }), (references, probes) => {
        // One table reused reference after reference, as screening does: nothing may leak from the last one.
        for (const ops of references) {
          play(table, ops);
          const expected = model(ops);
          for (const [slot, want] of expected) {
            const at = table.find(slot);
            expect(at).toBeGreaterThanOrEqual(0);
            expect(held(table, at)).toEqual(want);
            expect(table.settled(at)).toBe(want.count === 1);
          }
          for (const slot of probes) if (!expected.has(slot)) expect(table.find(slot)).toBe(-1);
        }
      }),
    );
  });

  it.each([
    ['a slot found once keeps its only match, settled', [[5, 1, 0]] as Op[], 5, undefined, { count: 1, found: 1, name: 0, matches: [1, 0] }, true],
    ['a slot found twice keeps its first match until one is chosen', [[5, 1, 0], [7, 9, 9], [5, 2, 3]] as Op[], 5, undefined, { count: 2, found: 1, name: 0, matches: [1, 0, 2, 3] }, false],
    ['the match chosen becomes the best, settled', [[5, 1, 0], [5, 2, 3]] as Op[], 5, [2, 3] as const, { count: 2, found: 2, name: 3, matches: [1, 0, 2, 3] }, true],
    ['slot 0 is a slot like any other', [[0, 4, 1]] as Op[], 0, undefined, { count: 1, found: 4, name: 1, matches: [4, 1] }, true],
  ])('%s', (_why, ops, slot, chosen, expected, settled) => {
    const table = new SlotTable();
    play(table, ops);
    const at = table.find(slot);
    if (chosen !== undefined) table.choose(at, chosen[0], chosen[1]);
    expect(held(table, at)).toEqual(expected);
    expect(table.settled(at)).toBe(settled);
  });

  it('forgets the slots of the previous reference on reset, and the choices made there', () => {
    const table = new SlotTable();
    play(table, [[9, 0, 0], [9, 1, 1]]);
    table.choose(table.find(9), 1, 1);
    table.reset(1);
    expect(table.find(9)).toBe(-1);
    play(table, [[9, 0, 0], [9, 2, 2]]);
    expect(table.settled(table.find(9))).toBe(false);
  });
});
