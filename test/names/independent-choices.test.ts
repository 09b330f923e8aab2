/**
 * The matcher skips its search where no query word's choice bears on another's (assign.ts, independentChoices):
 * it must do so only where the options are independent (each places one query word, no list word is among two
 * words' options, at most one word may be dropped for free), and there pick what the search would: each word's
 * best option, the first of equal ones, for the best placement of all.
 */
import { describe, expect, it } from 'vitest';
import { independentChoices } from '../../src/names/assign.js';
import type { Option } from '../../src/names/placement.js';

/** An option of `queryCount` query words on list words `list`, worth `value`. */
function option(list: number[], value: number, extra: Partial<Option> = {}): Option {
  return { queryCount: 1, list, type: list.length === 0 ? 'name_variations_removal' : 'exact_match', credit: 0, queryMass: 0, value, freeDrop: false, acronym: false, anchor: false, part: false, duplicate: false, ...extra };
}

/** The best total value of any placement (every list word used once at most, one free drop at most), by brute force. */
function bestTotal(options: readonly Option[][]): number {
  const walk = (i: number, used: number, dropped: boolean): number => {
    if (i >= options.length) return 0;
    let best = -Infinity;
    for (const o of options[i]!) {
      if (o.freeDrop && dropped) continue;
      let mask = used;
      let free = true;
      for (const j of o.list) {
        if (mask & (1 << j)) free = false;
        mask |= 1 << j;
      }
      if (!free) continue;
      best = Math.max(best, o.value + walk(i + o.queryCount, mask, dropped || o.freeDrop));
    }
    return best;
  };
  return walk(0, 0, false);
}

const removal = (value: number): Option => option([], value);
const drop = (): Option => option([], 0, { freeDrop: true });

describe('independent choices are taken without the search only where no choice bears on another', () => {
  it.each<[string, Option[][], number[] | null]>([
    ['each word on its own list words picks its best', [[option([0], 1), option([1], 2), removal(-1)], [option([2], 3), removal(-1)]], [1, 0]],
    ['a word whose best is to stay unplaced stays unplaced', [[option([0], -2), removal(-1)], [option([1], 1), removal(-1)]], [1, 0]],
    ['of equal options the first is kept', [[option([0], 1), option([1], 1), removal(-1)], [removal(0)]], [0, 0]],
    ['one word dropped for free is independent', [[option([0], -2), removal(-1), drop()], [option([1], 1), removal(-1)]], [2, 0]],
    ['two list words among two words options: the search decides', [[option([0], 1), removal(-1)], [option([0], 2), option([1], 1), removal(-1)]], null],
    ['two words that may be dropped for free: the search decides', [[option([0], 1), drop()], [option([1], 1), drop()]], null],
    ['query words glued into one list word: the search decides', [[option([0], 1, { queryCount: 2 }), option([1], 1), removal(-1)], [option([2], 1), removal(-1)]], null],
    ['list words glued: one option takes several, still independent', [[option([0, 1], 2), option([0], 1), removal(-1)], [option([2], 1), removal(-1)]], [0, 0]],
    ['a repeated word (no list word) is independent', [[option([0], 1), removal(-1)], [option([], 0, { duplicate: true })]], [0, 0]],
  ])('%s', (_, options, picked) => {
    const choices = independentChoices(options, options.length);
    if (picked === null) {
      expect(choices).toBeNull();
      return;
    }
    expect(choices).not.toBeNull();
    expect(choices!.map((c, i) => options[i]!.indexOf(c))).toEqual(picked);
    expect(choices!.reduce((s, c) => s + c.value, 0)).toBeCloseTo(bestTotal(options), 12);
  });

  it('reads only the first n words of a longer (reused) array', () => {
    const options = [[option([0], 1), removal(-1)], [option([0], 5), removal(-1)]];
    expect(independentChoices(options, 1)!.map((c) => c.value)).toEqual([1]);
  });
});
