/**
 * The server releases what a replaced screener's lists hold (a snapshot's open file) once the searches on it have
 * finished, a load it never served at once, and every load on shutdown (ServedLists).
 */
import { describe, expect, it } from 'vitest';
import type { Screener } from '../../src/screening/types.js';
import { ServedLists } from '../../src/server/served-lists.js';
import { ScreenerHolds } from '../../src/service/screener-holds.js';
import { fakeScreener, person } from '../service/helpers.js';

const A = fakeScreener([person('a', 'Anna Alpha')]);
const B = fakeScreener([person('b', 'Boris Beta')]);

describe('ServedLists: what the served lists hold is closed when no search reads them', () => {
  const setup = () => {
    const holds = new ScreenerHolds(A);
    const service = { get screener() { return holds.screener; }, screenerReleased: (s: Screener) => holds.released(s) };
    const closed: string[] = [];
    const served = new ServedLists(service, () => closed.push('A'), () => closed.push('error'));
    return { holds, served, closed };
  };
  const tick = () => new Promise((resolve) => setImmediate(resolve));

  it('a replaced load is closed after the search on it ends, not before', async () => {
    const { holds, served, closed } = setup();
    const search = holds.hold();
    holds.replace(B);
    served.settle({ screener: B, close: () => closed.push('B') }, A);
    await tick();
    expect(closed).toEqual([]);
    search.release();
    await tick();
    expect(closed).toEqual(['A']);
  });

  it('a load never served (its reload failed before the swap) is closed at once, the served one kept', async () => {
    const { served, closed } = setup();
    served.settle({ screener: B, close: () => closed.push('B') }, A);
    await tick();
    expect(closed).toEqual(['B']);
  });

  it('shutdown closes the served load and the replaced ones still read', async () => {
    const { holds, served, closed } = setup();
    holds.hold();
    holds.replace(B);
    served.settle({ screener: B, close: () => closed.push('B') }, A);
    served.closeAll();
    await tick();
    expect(closed).toEqual(['A', 'B']);
  });

  it('a close that throws is reported, and the others still run', async () => {
    const { holds, served, closed } = setup();
    holds.replace(B);
    served.settle({ screener: B, close: () => { throw new Error('EBADF'); } }, A);
    await tick();
    served.closeAll();
    expect(closed).toEqual(['A', 'error']);
  });
});
