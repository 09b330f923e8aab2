/**
 * The check the look-up's memos share (lookup-memo.test.ts, split-memo.test.ts): a screener with the memos answers
 * as one without them, before and after a change to its list, and through a snapshot of the changed list (a new
 * index, with new memos).
 */
import { expect } from 'vitest';
import { createScreener, restoreScreener, snapshotScreenerBytes, type TamisScreener } from '../../src/index.js';
import type { Entity } from '../../src/types/entity.js';

/** Every query's response (JSON), and each again (the second time from the memo where it is on). */
export function answers(s: TamisScreener, queries: readonly string[]): string[] {
  return [...queries, ...queries].map((q) => JSON.stringify(s.search({ search_term: q, limit: 20 })));
}

/**
 * Asserts that a screener over `list` with the memos (`remembered` reads the size of the memo under test) answers
 * `queries` as one with them off, before and after `change`, and through a snapshot of the changed list.
 */
export function expectMemoParity(list: readonly Entity[], queries: readonly string[], change: (s: TamisScreener) => void, remembered: (s: TamisScreener) => number): void {
  const on = createScreener({ entities: list });
  const off = createScreener({ entities: list, lookupMemoWords: 0 });
  expect(answers(on, queries)).toEqual(answers(off, queries));
  expect(remembered(on)).toBeGreaterThan(0);
  expect(remembered(off)).toBe(0);
  change(on);
  change(off);
  expect(answers(on, queries)).toEqual(answers(off, queries));
  const restored = restoreScreener(snapshotScreenerBytes(on));
  if (!restored.ok) throw new Error('the snapshot did not restore');
  expect(answers(restored.value, queries)).toEqual(answers(off, queries));
}
