/**
 * The internal lists each account names (`tamis_account_internal_lists`) stay those of the account as stored when
 * instances write one account at the same time: `put_account` writes the account's row first, whose lock makes the
 * writers rewrite its lists in turn, so the last writer's lists are the ones kept with its record.
 */
import { expect, it } from 'vitest';
import { createPostgresStore } from '../../src/postgres/index.js';
import { makeAccountRecord } from '../../src/service/testing/store-records.js';
import { describePg, testDatabase } from './helpers.js';

describePg('the internal lists of one account written by several instances at once', () => {
  const db = testDatabase();

  it('are those of the account as stored after every round of concurrent writes', async () => {
    const d = await db.open();
    await d.reset();
    const stores = [d.pool, d.newPool(4), d.newPool(4)].map((p) => createPostgresStore(p));
    const [first] = stores;
    await first!.commit([{ type: 'put_account', account: makeAccountRecord(1, { internal_lists: null }) }]);
    for (let round = 0; round < 10; round++) {
      await Promise.all(
        Array.from({ length: 12 }, (_, i) => {
          const lists = i % 4 === 0 ? null : [`r${round}-w${i}-a`, `r${round}-w${i}-b`, 'shared'];
          return stores[i % stores.length]!.commit([{ type: 'put_account', account: makeAccountRecord(2, { internal_lists: lists }) }]);
        }),
      );
      const stored = (await first!.getAccount(2))?.internal_lists ?? [];
      expect(await first!.listInternalListsOfOtherAccounts(1)).toEqual([...stored].sort());
    }
  });
});
