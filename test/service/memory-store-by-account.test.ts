import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../src/service/index.js';
import { StoreConflictError, type StoreOp } from '../../src/service/store.js';
import { makeAccountRecord } from '../../src/service/testing/store-records.js';
import type { SearchProfileRecord, TagDefinition } from '../../src/service/types.js';

// The memory store keeps tag definitions and search profiles per account, and counts the accounts naming each
// internal list, so a search reads what its account needs without going through every account's records. What
// it gives is as before (checked here against the answer worked out from every record), also after failed batches.
const tag = (account_id: number, name: string, created_at = 'x'): TagDefinition => ({ account_id, name, created_at });
const profile = (account_id: number, id: string, name = 'P'): SearchProfileRecord => ({
  account_id,
  id,
  name,
  slug: id,
  types: ['sanction'],
  version: 1,
  updated_at: '2026-01-01 00:00:00',
});
const FAIL: StoreOp = { type: 'update_outbox', record: { id: 'missing' } as never };

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('the memory store, kept per account', () => {
  it('gives the tag definitions and profiles of one account only, by name and id', async () => {
    const s = createMemoryStore();
    const ops: StoreOp[] = [];
    for (let i = 0; i < 120; i++) {
      ops.push({ type: 'put_tag_definition', tag: tag(1 + (i % 3), `t${(i * 7) % 23}`, `c${i}`) });
      ops.push({ type: 'put_search_profile', profile: profile(1 + (i % 4), `p${(i * 5) % 17}`, `n${i}`) });
    }
    await s.commit(ops);
    const sorted = <T>(xs: Map<string, T>) => [...xs.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
    for (const account of [1, 2, 3, 4, 5]) {
      const tags = new Map<string, TagDefinition>();
      const profiles = new Map<string, SearchProfileRecord>();
      for (const op of ops) {
        if (op.type === 'put_tag_definition' && op.tag.account_id === account) tags.set(op.tag.name, op.tag);
        if (op.type === 'put_search_profile' && op.profile.account_id === account) profiles.set(op.profile.id, op.profile);
      }
      expect(await s.listTagDefinitions(account)).toEqual(sorted(tags));
      expect(await s.listSearchProfiles(account)).toEqual(sorted(profiles));
      for (const id of ['p0', 'p3', 'p16', 'p99']) expect(await s.getSearchProfile(account, id)).toEqual(profiles.get(id) ?? null);
    }
  });

  it('undoes a failed batch that emptied one account’s tags and gave another its first tag and profile', async () => {
    const s = createMemoryStore();
    await s.commit([{ type: 'put_tag_definition', tag: tag(1, 'a') }]);
    await expect(
      s.commit([
        { type: 'delete_tag_definition', account_id: 1, name: 'a' },
        { type: 'put_tag_definition', tag: tag(2, 'b') },
        { type: 'put_search_profile', profile: profile(2, 'p') },
        FAIL,
      ]),
    ).rejects.toBeInstanceOf(StoreConflictError);
    expect(await s.listTagDefinitions(1)).toEqual([tag(1, 'a')]);
    expect(await s.listTagDefinitions(2)).toEqual([]);
    expect(await s.getSearchProfile(2, 'p')).toBeNull();
    await s.commit([
      { type: 'delete_tag_definition', account_id: 1, name: 'a' },
      { type: 'delete_tag_definition', account_id: 1, name: 'absent' },
      { type: 'delete_tag_definition', account_id: 9, name: 'a' },
    ]);
    expect(await s.listTagDefinitions(1)).toEqual([]);
  });

  it('gives the internal lists of other accounts as worked out from every account, through changes and failed batches', async () => {
    const next = random(18);
    const pick = (n: number) => Math.floor(next() * n);
    const s = createMemoryStore();
    const stored = new Map<number, string[] | null>();
    for (let round = 0; round < 300; round++) {
      const batch = Array.from({ length: 1 + pick(3) }, () => {
        const lists = pick(4) === 0 ? null : Array.from({ length: pick(4) }, () => `L${pick(8)}`);
        return { type: 'put_account' as const, account: makeAccountRecord(1 + pick(12), { internal_lists: lists }) };
      });
      const fails = pick(4) === 0;
      if (fails) await expect(s.commit([...batch, FAIL])).rejects.toBeInstanceOf(StoreConflictError);
      else {
        await s.commit(batch);
        for (const op of batch) stored.set(op.account.id, op.account.internal_lists);
      }
      const asking = 1 + pick(13);
      const expected = new Set<string>();
      for (const [id, lists] of stored) if (id !== asking) for (const l of lists ?? []) expected.add(l);
      expect(await s.listInternalListsOfOtherAccounts(asking)).toEqual([...expected].sort());
    }
  });
});
