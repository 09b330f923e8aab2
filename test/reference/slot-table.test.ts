import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SlotTable } from '../../src/reference/slot-table.js';

/** A match recorded for a slot: found name, bearing name, and whether it is the best so far. */
type Op = readonly [slot: number, found: number, name: number, best: boolean];

/** What the table must hold after the operations: per slot, its count and its best match. */
function model(ops: readonly Op[]): Map<number, { count: number; found: number; name: number }> {
  const map = new Map<number, { count: number; found: number; name: number }>();
  for (const [slot, found, name, best] of ops) {
    const known = map.get(slot);
    if (known === undefined) map.set(slot, { count: 1, found, name });
    else {
      known.count++;
      if (best) Object.assign(known, { found, name });
    }
  }
  return map;
}

function play(table: SlotTable, ops: readonly Op[]): void {
  table.reset(ops.length);
  for (const [slot, found, name, best] of ops) {
    const at = table.add(slot);
    table.record(at, found, name, table.count(at) === 0 || best);
  }
}

describe('SlotTable', () => {
  it('counts each slot and keeps its best match as a map would, across references of any size', () => {
    const op = fc.tuple(fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 2_000_000 })), fc.nat(300), fc.nat(20), fc.boolean());
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
            expect({ count: table.count(at), found: table.found(at), name: table.name(at) }).toEqual(want);
          }
          for (const slot of probes) if (!expected.has(slot)) expect(table.find(slot)).toBe(-1);
        }
      }),
    );
  });

  it.each([
    ['a slot found once keeps its only match', [[5, 1, 0, false]] as Op[], 5, { count: 1, found: 1, name: 0 }],
    ['a later match that is not better leaves the best', [[5, 1, 0, false], [5, 2, 3, false]] as Op[], 5, { count: 2, found: 1, name: 0 }],
    ['a later better match replaces the best', [[5, 1, 0, false], [5, 2, 3, true]] as Op[], 5, { count: 2, found: 2, name: 3 }],
    ['slot 0 is a slot like any other', [[0, 4, 1, false]] as Op[], 0, { count: 1, found: 4, name: 1 }],
  ])('%s', (_why, ops, slot, expected) => {
    const table = new SlotTable();
    play(table, ops);
    const at = table.find(slot);
    expect({ count: table.count(at), found: table.found(at), name: table.name(at) }).toEqual(expected);
  });

  it('forgets the slots of the previous reference on reset', () => {
    const table = new SlotTable();
    play(table, [[9, 0, 0, false]]);
    table.reset(1);
    expect(table.find(9)).toBe(-1);
  });
});
