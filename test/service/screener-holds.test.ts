/**
 * A replaced screener is released only once the searches that started on it have finished (ScreenerHolds): never
 * while it is current, never while a search holds it, at once when neither is so.
 */
import { describe, expect, it } from 'vitest';
import type { Screener } from '../../src/screening/types.js';
import { ScreenerHolds } from '../../src/service/screener-holds.js';
import { fakeScreener, person } from './helpers.js';

const A = fakeScreener([person('a', 'Anna Alpha')]);
const B = fakeScreener([person('b', 'Boris Beta')]);
const C = fakeScreener([person('c', 'Clara Gamma')]);

/** Whether `released(screener)` has resolved once the pending promise callbacks ran. */
async function isReleased(holds: ScreenerHolds, screener: Screener): Promise<boolean> {
  let done = false;
  void holds.released(screener).then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

type Step = 'hold' | 'release' | 'release again' | 'replace by B' | 'replace by C';

describe('ScreenerHolds: when a screener is released', () => {
  it.each<[string, Step[], boolean]>([
    ['the current screener, held by nothing, is not released', [], false],
    ['replaced and held by nothing: released at once', ['replace by B'], true],
    ['replaced while a search holds it: not released', ['hold', 'replace by B'], false],
    ['replaced, then the search holding it finishes: released', ['hold', 'replace by B', 'release'], true],
    ['two searches hold it and one finishes: not released', ['hold', 'hold', 'replace by B', 'release'], false],
    ['a release called twice counts once', ['hold', 'hold', 'replace by B', 'release again'], false],
    ['a search that finished before the swap holds nothing', ['hold', 'release', 'replace by B'], true],
    ['a search started after the swap holds the new one, not A', ['replace by B', 'hold'], true],
    ['replaced twice while held: released when the search ends', ['hold', 'replace by B', 'replace by C', 'release'], true],
  ])('%s', async (_what, steps, released) => {
    const holds = new ScreenerHolds(A);
    const releases: (() => void)[] = [];
    for (const step of steps) {
      if (step === 'hold') releases.push(holds.hold().release);
      else if (step === 'release') releases.shift()!();
      else if (step === 'release again') {
        const r = releases.shift()!;
        r();
        r();
      } else holds.replace(step === 'replace by B' ? B : C);
    }
    expect(await isReleased(holds, A)).toBe(released);
  });

  it('a waiter taken before the swap resolves once the screener is replaced and its searches end', async () => {
    const holds = new ScreenerHolds(A);
    const search = holds.hold();
    expect(search.screener).toBe(A);
    let done = false;
    void holds.released(A).then(() => (done = true));
    holds.replace(B);
    await new Promise((resolve) => setImmediate(resolve));
    expect([done, holds.holding(A)]).toEqual([false, 1]);
    search.release();
    await new Promise((resolve) => setImmediate(resolve));
    expect([done, holds.holding(A)]).toEqual([true, 0]);
  });
});
