import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../src/service/index.js';
import { StoreConflictError, type StoreOp } from '../../src/service/store.js';
import type { WhitelistRecord } from '../../src/service/types.js';

// The memory store keeps the whitelist per account and client_ref, so a search reads the entries of its client_ref
// alone. What it gives is as before: the entries of that account and client_ref, by entity id; a failed batch
// leaves every client_ref's entries as they were, also one it emptied or created.
const w = (account_id: number, client_ref: string, entity_id: string, fingerprint = 'f'): WhitelistRecord => ({
  account_id,
  client_ref,
  entity_id,
  fingerprint,
  search_id: 1,
  user_id: 1,
  created_at: '2026-01-01 00:00:00',
});
const put = (entry: WhitelistRecord): StoreOp => ({ type: 'put_whitelist', entry });

describe('the memory store whitelist, kept per account and client_ref', () => {
  it('gives the entries of one account and client_ref only, by entity id', async () => {
    const s = createMemoryStore();
    const ops: StoreOp[] = [];
    for (let i = 0; i < 300; i++) ops.push(put(w(1 + (i % 3), `C${i % 7}`, `e${(i * 37) % 101}`, `f${i}`)));
    await s.commit(ops);
    const all = ops.map((o) => (o as { entry: WhitelistRecord }).entry);
    for (const account of [1, 2, 3, 4]) {
      for (const ref of ['C0', 'C3', 'C6', 'C7', '']) {
        const last = new Map<string, WhitelistRecord>();
        for (const e of all) if (e.account_id === account && e.client_ref === ref) last.set(e.entity_id, e);
        const expected = [...last.values()].sort((a, b) => (a.entity_id < b.entity_id ? -1 : a.entity_id > b.entity_id ? 1 : 0));
        expect(await s.getWhitelist(account, ref)).toEqual(expected);
      }
    }
  });

  it('undoes a failed batch that emptied one client_ref and created another', async () => {
    const s = createMemoryStore();
    await s.commit([put(w(1, 'A', 'e1')), put(w(1, 'A', 'e2'))]);
    await expect(
      s.commit([
        { type: 'delete_whitelist', account_id: 1, client_ref: 'A', entity_id: 'e1' },
        { type: 'delete_whitelist', account_id: 1, client_ref: 'A', entity_id: 'e2' },
        put(w(1, 'B', 'e3')),
        { type: 'update_outbox', record: { id: 'missing' } as never },
      ]),
    ).rejects.toBeInstanceOf(StoreConflictError);
    expect((await s.getWhitelist(1, 'A')).map((e) => e.entity_id)).toEqual(['e1', 'e2']);
    expect(await s.getWhitelist(1, 'B')).toEqual([]);
    await s.commit([
      { type: 'delete_whitelist', account_id: 1, client_ref: 'A', entity_id: 'e1' },
      { type: 'delete_whitelist', account_id: 1, client_ref: 'A', entity_id: 'e2' },
      { type: 'delete_whitelist', account_id: 1, client_ref: 'A', entity_id: 'absent' },
      { type: 'delete_whitelist', account_id: 1, client_ref: 'none', entity_id: 'e1' },
    ]);
    expect(await s.getWhitelist(1, 'A')).toEqual([]);
    await s.commit([put(w(1, 'A', 'e2', 'g'))]);
    expect(await s.getWhitelist(1, 'A')).toEqual([w(1, 'A', 'e2', 'g')]);
  });
});
