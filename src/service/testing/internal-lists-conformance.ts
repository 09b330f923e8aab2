/**
 * The conformance rows of `listInternalListsOfOtherAccounts` (part of `testStore`): the internal lists named by every
 * account but the asking one, distinct and sorted, kept up to date as accounts change, and untouched by a failed batch.
 */
import { describe, expect, it } from 'vitest';
import { StoreConflictError, type ServiceStore } from '../store.js';
import { makeAccountRecord, makeSearchRecord } from './store-records.js';

const put = (id: number, internal_lists: string[] | null) => ({ type: 'put_account' as const, account: makeAccountRecord(id, { internal_lists }) });

/** Accounts with null, empty, overlapping and repeated lists; `Alpha` sorts before `aml` (string order). */
const ACCOUNTS = [put(1, null), put(2, []), put(3, ['pep-local', 'fraud']), put(4, ['fraud', 'aml', 'aml']), put(5, ['zeta', 'Alpha'])];

export function testInternalListsOfOtherAccounts(fresh: () => Promise<ServiceStore>): void {
  describe('the internal lists of other accounts', () => {
    const cases: [string, number, string[]][] = [
      ['an account without lists (null) gets every list named, each once, sorted', 1, ['Alpha', 'aml', 'fraud', 'pep-local', 'zeta']],
      ['an account with an empty list gets the same', 2, ['Alpha', 'aml', 'fraud', 'pep-local', 'zeta']],
      ['its own lists are left out, unless another account names them too', 3, ['Alpha', 'aml', 'fraud', 'zeta']],
      ['a list named twice by one account is its own alone', 4, ['Alpha', 'fraud', 'pep-local', 'zeta']],
      ['an account not in the store gets every list named', 99, ['Alpha', 'aml', 'fraud', 'pep-local', 'zeta']],
    ];
    for (const [name, accountId, expected] of cases) {
      it(name, async () => {
        const s = await fresh();
        await s.commit(ACCOUNTS);
        expect(await s.listInternalListsOfOtherAccounts(accountId)).toEqual(expected);
      });
    }

    it('follows an account changed to name other lists, or none', async () => {
      const s = await fresh();
      await s.commit(ACCOUNTS);
      await s.commit([put(4, ['pep-local'])]);
      expect(await s.listInternalListsOfOtherAccounts(1)).toEqual(['Alpha', 'fraud', 'pep-local', 'zeta']); // aml is gone
      expect(await s.listInternalListsOfOtherAccounts(3)).toEqual(['Alpha', 'pep-local', 'zeta']);
      expect(await s.listInternalListsOfOtherAccounts(4)).toEqual(['Alpha', 'fraud', 'pep-local', 'zeta']);
      await s.commit([put(3, null), put(5, [])]);
      expect(await s.listInternalListsOfOtherAccounts(1)).toEqual(['pep-local']);
      expect(await s.listInternalListsOfOtherAccounts(4)).toEqual([]);
    });

    it('is left as it was by a batch that fails', async () => {
      const s = await fresh();
      await s.commit(ACCOUNTS);
      await expect(
        s.commit([put(5, ['new']), put(6, ['other']), { type: 'update_search', search: makeSearchRecord(7, { version: 2 }), expected_version: 1 }]),
      ).rejects.toBeInstanceOf(StoreConflictError);
      expect(await s.listInternalListsOfOtherAccounts(1)).toEqual(['Alpha', 'aml', 'fraud', 'pep-local', 'zeta']);
    });

    it('gives back odd list ids exactly (quotes, backslash, a comma, NUL, a lone surrogate, non-ASCII)', async () => {
      const odd = ['a"b\\c', 'one, two', 'x\u0000y', 'lone \ud800', 'liste-é', '名单'];
      const s = await fresh();
      await s.commit([put(1, null), put(2, odd)]);
      expect(await s.listInternalListsOfOtherAccounts(1)).toEqual([...odd].sort());
      expect(await s.listInternalListsOfOtherAccounts(2)).toEqual([]);
    });

    it('gives a copy: changing the answer changes nothing stored', async () => {
      const s = await fresh();
      await s.commit(ACCOUNTS);
      const got = await s.listInternalListsOfOtherAccounts(1);
      got.length = 0;
      expect(await s.listInternalListsOfOtherAccounts(1)).toEqual(['Alpha', 'aml', 'fraud', 'pep-local', 'zeta']);
    });
  });
}
