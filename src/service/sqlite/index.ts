/**
 * The SQLite store adapter (better-sqlite3): the default store for a single host.
 * Subpath `tamis/service/sqlite`, so hosts without better-sqlite3 can import the rest of the service.
 *
 *   import Database from 'better-sqlite3';
 *   import { createSqliteStore } from 'tamis/service/sqlite';
 *   const store = createSqliteStore(new Database('tamis.db'));
 *
 * Every `commit` runs in one SQLite transaction (all or nothing). Records are stored as JSON next to the columns
 * GET /searches filters and sorts on. Files written before accounts existed are migrated on open (schema.ts).
 */
import type { SqliteDatabase as Db } from '../../sqlite/database.js';
import { sqliteCalls, type SqliteBusyOptions } from '../../storage/sqlite.js';
import { internalListsFromJoinedKeys, SEARCH_SORT_SQL, StoreConflictError, type SearchQuery, type ServiceStore, type StoreOp } from '../store.js';
import { migrate, putInternalLists } from './schema.js';
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
} from '../types.js';



const parse = <T>(row: { data: string } | undefined): T | null => (row ? (JSON.parse(row.data) as T) : null);
const parseAll = <T>(rows: { data: string }[]): T[] => rows.map((r) => JSON.parse(r.data) as T);

export interface SqliteStoreOptions extends SqliteBusyOptions {
  /** Create the tables when missing and migrate a file of an earlier version (default true; see schema.ts). */
  migrate?: boolean;
}

export function createSqliteStore(db: Db, options: SqliteStoreOptions = {}): ServiceStore {
  // Busy timeout and retries shared with the other SQLite adapters (src/storage/sqlite.ts).
  const calls = sqliteCalls(db, options);
  if (options.migrate !== false) calls.write(() => migrate(db))();
  const st = calls.statement;
  type DataRow = { data: string };

  function searchParams(s: SearchRecord) {
    return {
      id: s.id,
      account_id: s.account_id,
      ref: s.ref,
      version: s.version,
      searcher_id: s.searcher_id,
      assignee_id: s.assignee_id,
      match_status: s.match_status,
      risk_level: s.risk_level,
      search_term_lc: s.search_term.toLowerCase(),
      submitted_term_lc: s.submitted_term.toLowerCase(),
      client_ref: s.client_ref,
      created_at: s.created_at,
      updated_at: s.updated_at,
      is_monitored: s.is_monitored ? 1 : 0,
      is_suspended: s.is_suspended ? 1 : 0,
      tags: JSON.stringify(s.tags),
      data: JSON.stringify(s),
    };
  }

  const readHits = (searchId: number, provider: string): HitRecord[] => {
    const row = st('SELECT data FROM tamis_hit_sets WHERE search_id = ? AND provider = ?').get(searchId, provider) as
      | DataRow
      | undefined;
    return row ? (JSON.parse(row.data) as HitRecord[]) : [];
  };
  const writeHits = (searchId: number, provider: string, hits: HitRecord[]) => {
    st('INSERT OR REPLACE INTO tamis_hit_sets (search_id, provider, count, data) VALUES (?, ?, ?, ?)').run(
      searchId,
      provider,
      hits.length,
      JSON.stringify(hits),
    );
  };

  function applyOp(op: StoreOp): void {
    switch (op.type) {
      case 'put_account':
        st('INSERT OR REPLACE INTO tamis_accounts (id, data) VALUES (?, ?)').run(op.account.id, JSON.stringify(op.account));
        putInternalLists(st, op.account);
        return;
      case 'put_user':
        st('INSERT OR REPLACE INTO tamis_users (id, account_id, data) VALUES (?, ?, ?)').run(
          op.user.id,
          op.user.account_id,
          JSON.stringify(op.user),
        );
        return;
      case 'put_api_key':
        st('INSERT OR REPLACE INTO tamis_api_keys (key_hash, data) VALUES (?, ?)').run(
          op.api_key.key_hash,
          JSON.stringify(op.api_key),
        );
        return;
      case 'delete_api_key':
        st('DELETE FROM tamis_api_keys WHERE key_hash = ?').run(op.key_hash);
        return;
      case 'put_tag_definition':
        st('INSERT OR REPLACE INTO tamis_tag_definitions (account_id, name, data) VALUES (?, ?, ?)').run(
          op.tag.account_id,
          op.tag.name,
          JSON.stringify(op.tag),
        );
        return;
      case 'delete_tag_definition':
        st('DELETE FROM tamis_tag_definitions WHERE account_id = ? AND name = ?').run(op.account_id, op.name);
        return;
      case 'put_search_profile':
        st('INSERT OR REPLACE INTO tamis_search_profiles (account_id, id, data) VALUES (?, ?, ?)').run(
          op.profile.account_id,
          op.profile.id,
          JSON.stringify(op.profile),
        );
        return;
      case 'insert_search': {
        const exists = st('SELECT 1 FROM tamis_searches WHERE id = ? OR ref = ?').get(op.search.id, op.search.ref);
        if (exists) throw new StoreConflictError(`search ${op.search.id} or ref ${op.search.ref} exists`);
        st(
          `INSERT INTO tamis_searches (id, account_id, ref, version, searcher_id, assignee_id, match_status, risk_level,
             search_term_lc, submitted_term_lc, client_ref, created_at, updated_at, is_monitored, is_suspended, tags, data)
           VALUES (@id, @account_id, @ref, @version, @searcher_id, @assignee_id, @match_status, @risk_level, @search_term_lc,
             @submitted_term_lc, @client_ref, @created_at, @updated_at, @is_monitored, @is_suspended, @tags, @data)`,
        ).run(searchParams(op.search));
        return;
      }
      case 'update_search': {
        const r = st(
          `UPDATE tamis_searches SET account_id = @account_id, ref = @ref, version = @version, searcher_id = @searcher_id,
             assignee_id = @assignee_id, match_status = @match_status, risk_level = @risk_level,
             search_term_lc = @search_term_lc, submitted_term_lc = @submitted_term_lc, client_ref = @client_ref,
             created_at = @created_at, updated_at = @updated_at, is_monitored = @is_monitored,
             is_suspended = @is_suspended, tags = @tags, data = @data
           WHERE id = @id AND version = @expected_version`,
        ).run({ ...searchParams(op.search), expected_version: op.expected_version });
        if (r.changes !== 1) {
          throw new StoreConflictError(`search ${op.search.id} is not at version ${op.expected_version}`);
        }
        return;
      }
      case 'delete_search': {
        const r = st('DELETE FROM tamis_searches WHERE id = ? AND version = ?').run(op.id, op.expected_version);
        if (r.changes !== 1) throw new StoreConflictError(`search ${op.id} is not at version ${op.expected_version}`);
        st('DELETE FROM tamis_hit_sets WHERE search_id = ?').run(op.id);
        st('DELETE FROM tamis_comments WHERE search_id = ?').run(op.id);
        st('DELETE FROM tamis_differences WHERE search_id = ?').run(op.id);
        return;
      }
      case 'replace_hits':
        writeHits(op.search_id, op.provider, [...op.hits].sort((a, b) => a.rank - b.rank));
        return;
      case 'update_hits': {
        const sets = new Map<string, HitRecord[]>();
        for (const h of op.hits) {
          const key = `${h.search_id}:${h.provider}`;
          let list = sets.get(key);
          if (!list) {
            list = readHits(h.search_id, h.provider);
            sets.set(key, list);
          }
          const i = list.findIndex((x) => x.entity_id === h.entity_id);
          if (i < 0) throw new StoreConflictError(`hit ${h.entity_id} of search ${h.search_id} is missing`);
          list[i] = h;
        }
        for (const list of sets.values()) {
          const first = list[0] as HitRecord;
          writeHits(first.search_id, first.provider, list);
        }
        return;
      }
      case 'insert_comment':
        st('INSERT INTO tamis_comments (id, search_id, created_at, data) VALUES (?, ?, ?, ?)').run(
          op.comment.id,
          op.comment.search_id,
          op.comment.created_at,
          JSON.stringify(op.comment),
        );
        return;
      case 'put_whitelist':
        st('INSERT OR REPLACE INTO tamis_whitelist (account_id, client_ref, entity_id, data) VALUES (?, ?, ?, ?)').run(
          op.entry.account_id,
          op.entry.client_ref,
          op.entry.entity_id,
          JSON.stringify(op.entry),
        );
        return;
      case 'delete_whitelist':
        st('DELETE FROM tamis_whitelist WHERE account_id = ? AND client_ref = ? AND entity_id = ?').run(
          op.account_id,
          op.client_ref,
          op.entity_id,
        );
        return;
      case 'insert_differences':
        for (const d of op.differences) {
          st('INSERT INTO tamis_differences (id, search_id, date, data) VALUES (?, ?, ?, ?)').run(
            d.id,
            d.search_id,
            d.date,
            JSON.stringify(d),
          );
        }
        return;
      case 'append_outbox':
        for (const r of op.records) {
          const exists = st('SELECT 1 FROM tamis_outbox WHERE id = ?').get(r.id);
          if (exists) throw new StoreConflictError(`outbox record ${r.id} exists`);
          st('INSERT INTO tamis_outbox (id, delivered, next_attempt_at, data) VALUES (?, ?, ?, ?)').run(
            r.id,
            r.delivered_at === null ? 0 : 1,
            r.next_attempt_at,
            JSON.stringify(r),
          );
        }
        return;
      case 'update_outbox': {
        const r = op.record;
        const res = st('UPDATE tamis_outbox SET delivered = ?, next_attempt_at = ?, data = ? WHERE id = ?').run(
          r.delivered_at === null ? 0 : 1,
          r.next_attempt_at,
          JSON.stringify(r),
          r.id,
        );
        if (res.changes !== 1) throw new StoreConflictError(`outbox record ${r.id} is missing`);
        return;
      }
    }
  }

  const commitTx = calls.write((ops: readonly StoreOp[]) => {
    for (const op of ops) applyOp(op);
  });

  const claim = calls.write((now: string, limit: number, leaseUntil: string): OutboxRecord[] => {
    const rows = st(
      `SELECT seq, data FROM tamis_outbox WHERE delivered = 0 AND (next_attempt_at IS NULL OR next_attempt_at <= ?)
       ORDER BY seq LIMIT ?`,
    ).all(now, limit) as { seq: number; data: string }[];
    for (const r of rows) st('UPDATE tamis_outbox SET next_attempt_at = ? WHERE seq = ?').run(leaseUntil, r.seq);
    return parseAll<OutboxRecord>(rows);
  });

  function where(q: SearchQuery): { sql: string; params: unknown[] } {
    const parts: string[] = ['account_id = ?'];
    const params: unknown[] = [q.account_id];
    if (q.assignee_id !== undefined) (parts.push('assignee_id = ?'), params.push(q.assignee_id));
    if (q.searcher_id !== undefined) (parts.push('searcher_id = ?'), params.push(q.searcher_id));
    if (q.risk_levels && q.risk_levels.length > 0) {
      parts.push(`risk_level IN (${q.risk_levels.map(() => '?').join(', ')})`);
      params.push(...q.risk_levels);
    }
    if (q.match_statuses && q.match_statuses.length > 0) {
      parts.push(`match_status IN (${q.match_statuses.map(() => '?').join(', ')})`);
      params.push(...q.match_statuses);
    }
    if (q.submitted_term !== undefined) {
      parts.push('instr(submitted_term_lc, ?) > 0');
      params.push(q.submitted_term.toLowerCase());
    }
    if (q.search_term !== undefined) {
      parts.push('instr(search_term_lc, ?) > 0');
      params.push(q.search_term.toLowerCase());
    }
    if (q.created_at_from !== undefined) (parts.push('substr(created_at, 1, 10) >= ?'), params.push(q.created_at_from));
    if (q.created_at_to !== undefined) (parts.push('substr(created_at, 1, 10) <= ?'), params.push(q.created_at_to));
    if (q.client_ref !== undefined) (parts.push('client_ref = ?'), params.push(q.client_ref));
    if (q.monitored === 'false') parts.push('is_monitored = 0');
    if (q.monitored === 'suspended') parts.push('is_monitored = 1 AND is_suspended = 1');
    if (q.monitored === 'un-suspended') parts.push('is_monitored = 1 AND is_suspended = 0');
    if (q.tags && q.tags.length > 0) {
      const one = 'EXISTS (SELECT 1 FROM json_each(tamis_searches.tags) j WHERE j.key = ? AND j.value = ?)';
      parts.push(`(${q.tags.map(() => one).join(q.tags_logical_operator === 'AND' ? ' AND ' : ' OR ')})`);
      for (const t of q.tags) params.push(t.name, t.value);
    }
    if (q.after_id !== undefined) (parts.push('id > ?'), params.push(q.after_id));
    if (q.before_id !== undefined) (parts.push('id < ?'), params.push(q.before_id));
    return { sql: `WHERE ${parts.join(' AND ')}`, params };
  }

  return {
    async getAccount(id) {
      return parse<AccountRecord>(st('SELECT data FROM tamis_accounts WHERE id = ?').get(id) as DataRow | undefined);
    },
    async listAccounts() {
      return parseAll<AccountRecord>(st('SELECT data FROM tamis_accounts ORDER BY id').all() as DataRow[]);
    },
    async listInternalListsOfOtherAccounts(accountId) {
      const row = st('SELECT group_concat(DISTINCT list_key) AS keys FROM tamis_account_internal_lists WHERE account_id <> ?').get(accountId) as
        | { keys: string | null }
        | undefined;
      return internalListsFromJoinedKeys(row?.keys);
    },
    async getUser(id) {
      return parse<UserRecord>(st('SELECT data FROM tamis_users WHERE id = ?').get(id) as DataRow | undefined);
    },
    async listUsers(accountId) {
      const rows =
        accountId === undefined
          ? st('SELECT data FROM tamis_users ORDER BY id').all()
          : st('SELECT data FROM tamis_users WHERE account_id = ? ORDER BY id').all(accountId);
      return parseAll<UserRecord>(rows as DataRow[]);
    },
    async getApiKey(keyHash) {
      return parse<ApiKeyRecord>(
        st('SELECT data FROM tamis_api_keys WHERE key_hash = ?').get(keyHash) as DataRow | undefined,
      );
    },
    async listTagDefinitions(accountId) {
      return parseAll<TagDefinition>(
        st('SELECT data FROM tamis_tag_definitions WHERE account_id = ? ORDER BY name').all(accountId) as DataRow[],
      );
    },
    async listSearchProfiles(accountId) {
      return parseAll<SearchProfileRecord>(
        st('SELECT data FROM tamis_search_profiles WHERE account_id = ? ORDER BY id').all(accountId) as DataRow[],
      );
    },
    async getSearchProfile(accountId, id) {
      return parse<SearchProfileRecord>(
        st('SELECT data FROM tamis_search_profiles WHERE account_id = ? AND id = ?').get(accountId, id) as DataRow | undefined,
      );
    },
    async nextSearchId() {
      const next = calls.write(() => {
        const max = (st('SELECT COALESCE(MAX(id), 0) AS m FROM tamis_searches').get() as { m: number }).m;
        const row = st(
          `INSERT INTO tamis_sequences (name, value) VALUES ('search', ?)
           ON CONFLICT(name) DO UPDATE SET value = MAX(value, ?) + 1 RETURNING value`,
        ).get(max + 1, max) as { value: number };
        return row.value;
      });
      return next();
    },
    async getSearch(id) {
      return parse<SearchRecord>(st('SELECT data FROM tamis_searches WHERE id = ?').get(id) as DataRow | undefined);
    },
    async getSearchByRef(ref) {
      return parse<SearchRecord>(st('SELECT data FROM tamis_searches WHERE ref = ?').get(ref) as DataRow | undefined);
    },
    async querySearches(q) {
      const w = where(q);
      if (q.before_id !== undefined) {
        const rows = db
          .prepare(`SELECT data FROM tamis_searches ${w.sql} ORDER BY id DESC LIMIT ?`)
          .all(...w.params, q.limit) as DataRow[];
        return parseAll<SearchRecord>(rows.reverse());
      }
      const keyset = q.after_id !== undefined;
      const col = keyset ? 'id' : SEARCH_SORT_SQL[q.sort_by ?? 'id'];
      const dir = !keyset && q.sort_dir === 'DESC' ? 'DESC' : 'ASC';
      const rows = db
        .prepare(`SELECT data FROM tamis_searches ${w.sql} ORDER BY ${col} ${dir}, id ${dir} LIMIT ? OFFSET ?`)
        .all(...w.params, q.limit, q.offset ?? 0) as DataRow[];
      return parseAll<SearchRecord>(rows);
    },
    async listMonitoredSearchIds() {
      return (st('SELECT id FROM tamis_searches WHERE is_monitored = 1 ORDER BY id').all() as { id: number }[]).map(
        (r) => r.id,
      );
    },
    async getHits(searchId, provider, offset = 0, limit) {
      const all = readHits(searchId, provider);
      return all.slice(offset, limit === undefined ? undefined : offset + limit);
    },
    async countHits(searchId, provider) {
      const row = st('SELECT count FROM tamis_hit_sets WHERE search_id = ? AND provider = ?').get(searchId, provider) as
        | { count: number }
        | undefined;
      return row?.count ?? 0;
    },
    async getComments(searchId) {
      return parseAll<CommentRecord>(
        st('SELECT data FROM tamis_comments WHERE search_id = ? ORDER BY created_at, seq').all(searchId) as DataRow[],
      );
    },
    async getWhitelist(accountId, clientRef) {
      return parseAll<WhitelistRecord>(
        st('SELECT data FROM tamis_whitelist WHERE account_id = ? AND client_ref = ? ORDER BY entity_id').all(
          accountId,
          clientRef,
        ) as DataRow[],
      );
    },
    async getDifferences(searchId, date) {
      return parseAll<DifferenceRecord>(
        st('SELECT data FROM tamis_differences WHERE search_id = ? AND date = ? ORDER BY seq').all(
          searchId,
          date,
        ) as DataRow[],
      );
    },
    async pendingOutbox(now, limit) {
      // ISO-8601 UTC strings of one format compare correctly as text; normalise `now` to that format.
      const n = new Date(now).toISOString();
      return parseAll<OutboxRecord>(
        st(
          `SELECT data FROM tamis_outbox WHERE delivered = 0 AND (next_attempt_at IS NULL OR next_attempt_at <= ?)
           ORDER BY seq LIMIT ?`,
        ).all(n, limit) as DataRow[],
      );
    },
    async claimOutbox(now, limit, leaseUntil) {
      // One write transaction (BEGIN IMMEDIATE): processes sharing the file take the write lock in turn.
      return claim(new Date(now).toISOString(), limit, new Date(leaseUntil).toISOString());
    },
    async getOutboxRecord(id) {
      return parse<OutboxRecord>(st('SELECT data FROM tamis_outbox WHERE id = ?').get(id) as DataRow | undefined);
    },
    async listOutbox() {
      return parseAll<OutboxRecord>(st('SELECT data FROM tamis_outbox ORDER BY seq').all() as DataRow[]);
    },
    async commit(ops) {
      commitTx(ops);
    },
  };
}

export { openSqliteDatabase, type SqliteDatabase, type SqliteStatement, type SqliteRunResult, type SqliteTransaction } from '../../sqlite/database.js';
export { MissingPeerDependencyError } from '../../peer.js';
