/**
 * Migration 8: the internal lists each account names, beside the account (`put_account` rewrites an account's rows in
 * the same transaction), so `listInternalListsOfOtherAccounts` reads the lists other accounts name without going
 * through every account. `list_key` is the list id's JSON text, which keeps every id exactly (a text column refuses
 * NUL). The rows of the accounts stored before are written from Node (`fillAccountInternalLists`): PostgreSQL's JSON
 * functions refuse a document holding `\u0000` anywhere, so SQL over `data` could not read every account.
 */
import type { PgQueryable } from '../pool.js';
import { internalListKey } from '../../service/store.js';

export const ACCOUNT_INTERNAL_LISTS = `
CREATE TABLE tamis_account_internal_lists (
  list_key text COLLATE "C" NOT NULL,
  account_id bigint NOT NULL,
  PRIMARY KEY (list_key, account_id)
);
CREATE INDEX tamis_account_internal_lists_account ON tamis_account_internal_lists (account_id);
`;

export async function fillAccountInternalLists(db: PgQueryable): Promise<void> {
  const accounts = await db.query<{ id: string; data: string }>('SELECT id, data FROM tamis_accounts');
  const keys: string[] = [];
  const ids: string[] = [];
  for (const row of accounts.rows) {
    const lists = (JSON.parse(row.data) as { internal_lists?: unknown }).internal_lists;
    if (!Array.isArray(lists)) continue;
    for (const id of lists) if (typeof id === 'string') (keys.push(internalListKey(id)), ids.push(row.id));
  }
  if (keys.length === 0) return;
  await db.query(
    'INSERT INTO tamis_account_internal_lists (list_key, account_id) SELECT * FROM unnest($1::text[], $2::bigint[]) ON CONFLICT DO NOTHING',
    [keys, ids],
  );
}
