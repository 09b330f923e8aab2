import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WORD_MATCH_TYPES, type WordMatchType } from '../../src/names/types.js';
import { TypeMemo } from '../../src/reference/type-memo.js';

/** A pair memoised for one reference: vocabulary word, reference word, person rules, type (null: no match). */
type Entry = readonly [id: number, p: number, person: boolean, type: WordMatchType | null];

const entry = fc.tuple(
  fc.oneof(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 5_000_000 })),
  fc.integer({ min: 0, max: 254 }),
  fc.boolean(),
  fc.option(fc.constantFrom(...WORD_MATCH_TYPES), { nil: null }),
);

describe('TypeMemo', () => {
  it('answers as a map would for each reference, forgetting the previous reference, through growth', () => {
    const memo = new TypeMemo();
    fc.assert(
      fc.property(fc.array(fc.array(entry, { maxLength: 700 }), { minLength: 1, maxLength: 4 }), (references) => {
        for (const entries of references) {
          memo.reset();
          const model = new Map<string, WordMatchType | null>();
          for (const [id, p, person, type] of entries) {
            const key = `${id}:${p}:${person}`;
            if (model.has(key)) continue;
            model.set(key, type);
            memo.set(id, p, person, type);
          }
          for (const [id, p, person] of entries) expect(memo.get(id, p, person)).toBe(model.get(`${id}:${p}:${person}`));
          // Pairs not memoised for this reference, whatever earlier references held.
          for (const [id, p, person] of entries) {
            if (!model.has(`${id}:${p}:${!person}`)) expect(memo.get(id, p, !person)).toBeUndefined();
            if (!model.has(`${id + 1}:${p}:${person}`)) expect(memo.get(id + 1, p, person)).toBeUndefined();
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('tells null (no match) from a pair never asked', () => {
    const memo = new TypeMemo();
    memo.reset();
    memo.set(7, 3, true, null);
    memo.set(7, 3, false, 'exact_match');
    expect([memo.get(7, 3, true), memo.get(7, 3, false), memo.get(7, 4, true)]).toEqual([null, 'exact_match', undefined]);
    memo.reset();
    expect(memo.get(7, 3, false)).toBeUndefined();
  });
});
