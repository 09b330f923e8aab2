import { describe, expect, it } from 'vitest';
import { sortedIds } from '../../src/service/results.js';

// The lists other accounts name are looked up in the store's sorted answer by binary search: every id in it is
// found, no other is, and an answer out of order (an adapter breaking the contract) still finds every id.
describe('sortedIds: the lists other accounts name, looked up', () => {
  const cases: [string, string[]][] = [
    ['none', []],
    ['one', ['fraud']],
    ['sorted, upper case before lower', ['Alpha', 'aml', 'fraud', 'pep-local', 'zeta']],
    ['out of order, with a repeat', ['zeta', 'aml', 'Alpha', 'fraud', 'aml', 'pep-local']],
    ['thousands', Array.from({ length: 5000 }, (_, i) => `internal-${i * 2}`).sort()],
    ['odd ids', ['x\u0000y', 'a"b', 'lone \ud800', '名单', 'liste-é']],
  ];
  for (const [name, ids] of cases) {
    it(name, () => {
      const set = sortedIds(ids);
      for (const id of ids) expect(set.has(id)).toBe(true);
      for (const id of ['', 'A', 'zz', 'internal-1', 'internal-9999', 'fraud ', 'x', '\uffff']) expect(set.has(id)).toBe(ids.includes(id));
    });
  }
});
