/**
 * The PostgreSQL adapter of the searches store (`ServiceStore`). Every `commit` is one database transaction;
 * `insert_search` is an insert-if-absent on the id and the ref (unique constraints, ON CONFLICT DO NOTHING);
 * `update_search` and `delete_search` are compare-and-set on the version; several instances claim the webhook
 * outbox with SELECT … FOR UPDATE SKIP LOCKED (`claimOutbox`), so none delivers what another has taken.
 * Records are JSON text next to the columns GET /searches filters and sorts on. Run `migrate(pool)` first.
 */
import { internalListKey, internalListsFromJoinedKeys, SEARCH_SORT_SQL, StoreConflictError, type SearchQuery, type ServiceStore, type StoreOp } from '../service/store.js';
import type {
  AccountRecord,
  ApiKeyRecord,
  CommentRecord,
  DifferenceRecord,
  HitRecord,
  OutboxRecord,
  SearchProfileRecord,
  SearchRecord,
  TagDefinition,
  UserRecord,
  WhitelistRecord,
} from '../service/types.js';
import { fromJson, fromJsonRows, inTransaction, pgText, toJson, type PgPool, type PgQueryable } from './pool.js';

type DataRow = { data: string };


/** The filter and sort columns of a search, in the order of the INSERT and UPDATE below. */
function searchColumns(s: SearchRecord): unknown[] {
  const tags: Record<string, string> = {};
  for (const [k, v] of Object.entries(s.tags)) tags[pgText(k)] = pgText(v);
  return [
    s.id,
    s.account_id,
    s.ref,
    s.version,
    s.searcher_id,
    s.assignee_id,
    s.match_status,
    s.risk_level,
    pgText(s.search_term.toLowerCase()),
    pgText(s.submitted_term.toLowerCase()),
    s.client_ref === null ? null : pgText(s.client_ref),
    s.created_at,
    s.updated_at,
    s.is_monitored,
    s.is_suspended,
    JSON.stringify(tags),
    toJson(s),
  ];
}

const SEARCH_INSERT = `INSERT INTO tamis_searches (id, account_id, ref, version, searcher_id, assignee_id, match_status, risk_level,
  search_term_lc, submitted_term_lc, client_ref, created_at, updated_at, is_monitored, is_suspended, tags, data)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) ON CONFLICT DO NOTHING`;
const SEARCH_UPDATE = `UPDATE tamis_searches SET account_id = $2, ref = $3, version = $4, searcher_id = $5, assignee_id = $6,
  match_status = $7, risk_level = $8, search_term_lc = $9, submitted_term_lc = $10, client_ref = $11, created_at = $12,
  updated_at = $13, is_monitored = $14, is_suspended = $15, tags = $16, data = $17
  WHERE id = $1 AND version = $18`;

const upsert = (table: string, keys: string[], columns: string[]) =>
  `INSERT INTO ${table} (${[...keys, ...columns].join(', ')}) VALUES (${[...keys, ...columns].map((_, i) => `$${i + 1}`).join(', ')})
   ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${columns.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}`;

async function readHits(db: PgQueryable, searchId: number, provider: string, lock = false): Promise<HitRecord[]> {
  const r = await db.query<DataRow>(
    `SELECT data FROM tamis_hit_sets WHERE search_id = $1 AND provider = $2${lock ? ' FOR UPDATE' : ''}`,
    [searchId, provider],
  );
  return r.rows[0] ? (JSON.parse(r.rows[0].data) as HitRecord[]) : [];
}

const writeHits = (db: PgQueryable, searchId: number, provider: string, hits: HitRecord[]) =>
  db.query(upsert('tamis_hit_sets', ['search_id', 'provider'], ['count', 'data']), [searchId, provider, hits.length, toJson(hits)]);

const outboxColumns = (r: OutboxRecord) => [r.id, r.delivered_at !== null, r.next_attempt_at, toJson(r)];

async function applyOp(db: PgQueryable, op: StoreOp): Promise<void> {
  switch (op.type) {
    case 'put_account':
      // The account's row first: its lock makes two transactions writing one account rewrite its lists in turn.
      await db.query(upsert('tamis_accounts', ['id'], ['data']), [op.account.id, toJson(op.account)]);
      await db.query('DELETE FROM tamis_account_internal_lists WHERE account_id = $1', [op.account.id]);
      if ((op.account.internal_lists ?? []).length > 0) {
        await db.query(
          'INSERT INTO tamis_account_internal_lists (list_key, account_id) SELECT DISTINCT unnest($2::text[]), $1::bigint ON CONFLICT DO NOTHING',
          [op.account.id, (op.account.internal_lists ?? []).map(internalListKey)],
        );
      }
      return;
    case 'put_user':
      await db.query(upsert('tamis_users', ['id'], ['account_id', 'data']), [op.user.id, op.user.account_id, toJson(op.user)]);
      return;
    case 'put_api_key':
      await db.query(upsert('tamis_api_keys', ['key_hash'], ['data']), [op.api_key.key_hash, toJson(op.api_key)]);
      return;
    case 'delete_api_key':
      await db.query('DELETE FROM tamis_api_keys WHERE key_hash = $1', [op.key_hash]);
      return;
    case 'put_tag_definition':
      await db.query(upsert('tamis_tag_definitions', ['account_id', 'name'], ['data']), [op.tag.account_id, pgText(op.tag.name), toJson(op.tag)]);
      return;
    case 'delete_tag_definition':
      await db.query('DELETE FROM tamis_tag_definitions WHERE account_id = $1 AND name = $2', [op.account_id, pgText(op.name)]);
      return;
    case 'put_search_profile':
      await db.query(upsert('tamis_search_profiles', ['account_id', 'id'], ['data']), [op.profile.account_id, pgText(op.profile.id), toJson(op.profile)]);
      return;
    case 'insert_search': {
      const r = await db.query(SEARCH_INSERT, searchColumns(op.search));
      if (r.rowCount !== 1) throw new StoreConflictError(`search ${op.search.id} or ref ${op.search.ref} exists`);
      return;
    }
    case 'update_search': {
      const r = await db.query(SEARCH_UPDATE, [...searchColumns(op.search), op.expected_version]);
      if (r.rowCount !== 1) throw new StoreConflictError(`search ${op.search.id} is not at version ${op.expected_version}`);
      return;
    }
    case 'delete_search': {
      const r = await db.query('DELETE FROM tamis_searches WHERE id = $1 AND version = $2', [op.id, op.expected_version]);
      if (r.rowCount !== 1) throw new StoreConflictError(`search ${op.id} is not at version ${op.expected_version}`);
      await db.query('DELETE FROM tamis_hit_sets WHERE search_id = $1', [op.id]);
      await db.query('DELETE FROM tamis_comments WHERE search_id = $1', [op.id]);
      await db.query('DELETE FROM tamis_differences WHERE search_id = $1', [op.id]);
      return;
    }
    case 'replace_hits':
      await writeHits(db, op.search_id, op.provider, [...op.hits].sort((a, b) => a.rank - b.rank));
      return;
    case 'update_hits': {
      const sets = new Map<string, HitRecord[]>();
      for (const h of op.hits) {
        const key = `${h.search_id}:${h.provider}`;
        let list = sets.get(key);
        if (!list) {
          list = await readHits(db, h.search_id, h.provider, true);
          sets.set(key, list);
        }
        const i = list.findIndex((x) => x.entity_id === h.entity_id);
        if (i < 0) throw new StoreConflictError(`hit ${h.entity_id} of search ${h.search_id} is missing`);
        list[i] = h;
      }
      for (const list of sets.values()) {
        const first = list[0] as HitRecord;
        await writeHits(db, first.search_id, first.provider, list);
      }
      return;
    }
    case 'insert_comment': {
      const c = op.comment;
      const r = await db.query('INSERT INTO tamis_comments (id, search_id, created_at, data) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
        pgText(c.id),
        c.search_id,
        c.created_at,
        toJson(c),
      ]);
      if (r.rowCount !== 1) throw new StoreConflictError(`comment ${c.id} exists`);
      return;
    }
    case 'put_whitelist': {
      const e = op.entry;
      await db.query(upsert('tamis_whitelist', ['account_id', 'client_ref', 'entity_id'], ['data']), [e.account_id, pgText(e.client_ref), pgText(e.entity_id), toJson(e)]);
      return;
    }
    case 'delete_whitelist':
      await db.query('DELETE FROM tamis_whitelist WHERE account_id = $1 AND client_ref = $2 AND entity_id = $3', [
        op.account_id,
        pgText(op.client_ref),
        pgText(op.entity_id),
      ]);
      return;
    case 'insert_differences':
      for (const d of op.differences) {
        const r = await db.query('INSERT INTO tamis_differences (id, search_id, date, data) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
          pgText(d.id),
          d.search_id,
          d.date,
          toJson(d),
        ]);
        if (r.rowCount !== 1) throw new StoreConflictError(`difference ${d.id} exists`);
      }
      return;
    case 'append_outbox':
      for (const rec of op.records) {
        const r = await db.query(
          'INSERT INTO tamis_outbox (id, delivered, next_attempt_at, data) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
          outboxColumns(rec),
        );
        if (r.rowCount !== 1) throw new StoreConflictError(`outbox record ${rec.id} exists`);
      }
      return;
    case 'update_outbox': {
      const r = await db.query('UPDATE tamis_outbox SET delivered = $2, next_attempt_at = $3, data = $4 WHERE id = $1', outboxColumns(op.record));
      if (r.rowCount !== 1) throw new StoreConflictError(`outbox record ${op.record.id} is missing`);
      return;
    }
  }
}

function where(q: SearchQuery): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const parts: string[] = [`account_id = ${p(q.account_id)}`];
  if (q.assignee_id !== undefined) parts.push(`assignee_id = ${p(q.assignee_id)}`);
  if (q.searcher_id !== undefined) parts.push(`searcher_id = ${p(q.searcher_id)}`);
  if (q.risk_levels && q.risk_levels.length > 0) parts.push(`risk_level = ANY(${p(q.risk_levels)}::text[])`);
  if (q.match_statuses && q.match_statuses.length > 0) parts.push(`match_status = ANY(${p(q.match_statuses)}::text[])`);
  if (q.submitted_term !== undefined) parts.push(`strpos(submitted_term_lc, ${p(pgText(q.submitted_term.toLowerCase()))}) > 0`);
  if (q.search_term !== undefined) parts.push(`strpos(search_term_lc, ${p(pgText(q.search_term.toLowerCase()))}) > 0`);
  if (q.created_at_from !== undefined) parts.push(`substr(created_at, 1, 10) >= ${p(q.created_at_from)}`);
  if (q.created_at_to !== undefined) parts.push(`substr(created_at, 1, 10) <= ${p(q.created_at_to)}`);
  if (q.client_ref !== undefined) parts.push(`client_ref = ${p(pgText(q.client_ref))}`);
  if (q.monitored === 'false') parts.push('NOT is_monitored');
  if (q.monitored === 'suspended') parts.push('is_monitored AND is_suspended');
  if (q.monitored === 'un-suspended') parts.push('is_monitored AND NOT is_suspended');
  if (q.tags && q.tags.length > 0) {
    const one = q.tags.map((t) => `tags @> ${p(JSON.stringify({ [pgText(t.name)]: pgText(t.value) }))}::jsonb`);
    parts.push(`(${one.join(q.tags_logical_operator === 'AND' ? ' AND ' : ' OR ')})`);
  }
  if (q.after_id !== undefined) parts.push(`id > ${p(q.after_id)}`);
  if (q.before_id !== undefined) parts.push(`id < ${p(q.before_id)}`);
  return { sql: `WHERE ${parts.join(' AND ')}`, params };
}

export interface PostgresStoreOptions {
  /** Attempts of a commit that PostgreSQL refused for a serialization failure or a deadlock (default 5). */
  retries?: number;
}

export function createPostgresStore(pool: PgPool, options: PostgresStoreOptions = {}): ServiceStore {
  const one = async <T>(sql: string, params: unknown[]): Promise<T | null> => fromJson<T>((await pool.query<DataRow>(sql, params)).rows[0]);
  const all = async <T>(sql: string, params: unknown[] = []): Promise<T[]> => fromJsonRows<T>((await pool.query<DataRow>(sql, params)).rows);
  const tx = { retries: options.retries ?? 5 };

  return {
    getAccount: (id) => one<AccountRecord>('SELECT data FROM tamis_accounts WHERE id = $1', [id]),
    listAccounts: () => all<AccountRecord>('SELECT data FROM tamis_accounts ORDER BY id'),
    async listInternalListsOfOtherAccounts(accountId) {
      // (Lists named by several accounts are made distinct in Node: DISTINCT here doubled the query's time.)
      const r = await pool.query<{ keys: string | null }>(
        "SELECT string_agg(list_key, ',') AS keys FROM tamis_account_internal_lists WHERE account_id <> $1",
        [accountId],
      );
      return internalListsFromJoinedKeys(r.rows[0]?.keys);
    },
    getUser: (id) => one<UserRecord>('SELECT data FROM tamis_users WHERE id = $1', [id]),
    listUsers: (accountId) =>
      accountId === undefined
        ? all<UserRecord>('SELECT data FROM tamis_users ORDER BY id')
        : all<UserRecord>('SELECT data FROM tamis_users WHERE account_id = $1 ORDER BY id', [accountId]),
    getApiKey: (keyHash) => one<ApiKeyRecord>('SELECT data FROM tamis_api_keys WHERE key_hash = $1', [keyHash]),
    listTagDefinitions: (accountId) => all<TagDefinition>('SELECT data FROM tamis_tag_definitions WHERE account_id = $1 ORDER BY name', [accountId]),
    getSearchProfile: (accountId, id) =>
      one<SearchProfileRecord>('SELECT data FROM tamis_search_profiles WHERE account_id = $1 AND id = $2', [accountId, pgText(id)]),
    listSearchProfiles: (accountId) => all<SearchProfileRecord>('SELECT data FROM tamis_search_profiles WHERE account_id = $1 ORDER BY id', [accountId]),
    async nextSearchId() {
      // One row per sequence, locked by the upsert: concurrent callers (of any instance) get distinct, increasing ids,
      // always above the stored searches.
      const r = await pool.query<{ value: string }>(
        `INSERT INTO tamis_sequences (name, value) VALUES ('search', (SELECT COALESCE(MAX(id), 0) + 1 FROM tamis_searches))
         ON CONFLICT (name) DO UPDATE SET value = GREATEST(tamis_sequences.value + 1, EXCLUDED.value) RETURNING value`,
      );
      return Number(r.rows[0]?.value);
    },
    getSearch: (id) => one<SearchRecord>('SELECT data FROM tamis_searches WHERE id = $1', [id]),
    getSearchByRef: (ref) => one<SearchRecord>('SELECT data FROM tamis_searches WHERE ref = $1', [pgText(ref)]),
    async querySearches(q) {
      const w = where(q);
      const n = w.params.length;
      if (q.before_id !== undefined) {
        const rows = await all<SearchRecord>(`SELECT data FROM tamis_searches ${w.sql} ORDER BY id DESC LIMIT $${n + 1}`, [...w.params, q.limit]);
        return rows.reverse();
      }
      const keyset = q.after_id !== undefined;
      const col = keyset ? 'id' : SEARCH_SORT_SQL[q.sort_by ?? 'id'];
      const dir = !keyset && q.sort_dir === 'DESC' ? 'DESC' : 'ASC';
      return all<SearchRecord>(`SELECT data FROM tamis_searches ${w.sql} ORDER BY ${col} ${dir}, id ${dir} LIMIT $${n + 1} OFFSET $${n + 2}`, [
        ...w.params,
        q.limit,
        q.offset ?? 0,
      ]);
    },
    async listMonitoredSearchIds() {
      const r = await pool.query<{ id: string }>('SELECT id FROM tamis_searches WHERE is_monitored ORDER BY id');
      return r.rows.map((x) => Number(x.id));
    },
    async getHits(searchId, provider, offset = 0, limit) {
      const hits = await readHits(pool, searchId, provider);
      return hits.slice(offset, limit === undefined ? undefined : offset + limit);
    },
    async countHits(searchId, provider) {
      const r = await pool.query<{ count: number }>('SELECT count FROM tamis_hit_sets WHERE search_id = $1 AND provider = $2', [searchId, provider]);
      return r.rows[0]?.count ?? 0;
    },
    getComments: (searchId) => all<CommentRecord>('SELECT data FROM tamis_comments WHERE search_id = $1 ORDER BY created_at, seq', [searchId]),
    getWhitelist: (accountId, clientRef) =>
      all<WhitelistRecord>('SELECT data FROM tamis_whitelist WHERE account_id = $1 AND client_ref = $2 ORDER BY entity_id', [accountId, pgText(clientRef)]),
    getDifferences: (searchId, date) =>
      all<DifferenceRecord>('SELECT data FROM tamis_differences WHERE search_id = $1 AND date = $2 ORDER BY seq', [searchId, date]),
    pendingOutbox: (now, limit) =>
      all<OutboxRecord>(
        `SELECT data FROM tamis_outbox WHERE NOT delivered AND (next_attempt_at IS NULL OR next_attempt_at <= $1)
         ORDER BY seq LIMIT $2`,
        [new Date(now).toISOString(), limit],
      ),
    async claimOutbox(now, limit, leaseUntil) {
      // Due records no other transaction holds; each is leased (not due before `leaseUntil`) in the same statement,
      // so another instance claiming at the same time skips them, and sees them again only if the lease runs out.
      const r = await pool.query<DataRow>(
        `WITH due AS (
           SELECT seq FROM tamis_outbox WHERE NOT delivered AND (next_attempt_at IS NULL OR next_attempt_at <= $1)
           ORDER BY seq LIMIT $2 FOR UPDATE SKIP LOCKED
         )
         UPDATE tamis_outbox o SET next_attempt_at = $3 FROM due WHERE o.seq = due.seq RETURNING o.seq, o.data`,
        [new Date(now).toISOString(), limit, new Date(leaseUntil).toISOString()],
      );
      return fromJsonRows<OutboxRecord>([...r.rows].sort((a, b) => Number((a as { seq?: string }).seq) - Number((b as { seq?: string }).seq)));
    },
    getOutboxRecord: (id) => one<OutboxRecord>('SELECT data FROM tamis_outbox WHERE id = $1', [pgText(id)]),
    listOutbox: () => all<OutboxRecord>('SELECT data FROM tamis_outbox ORDER BY seq'),
    async commit(ops) {
      await inTransaction(
        pool,
        async (db) => {
          for (const op of ops) await applyOp(db, op);
        },
        tx,
      );
    },
  };
}
