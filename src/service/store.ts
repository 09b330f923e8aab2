/**
 * The storage port of the search service: small and async, in the style of Lucia v3's adapters.
 *
 * Reads are individual methods. Every write goes through `commit(ops)`, which applies a batch of operations
 * atomically: all or nothing. A batch fails as a whole with `StoreConflictError` when a precondition does not hold
 * (a version check, a duplicate key, an update of a missing record), so the service can re-read and retry, and a
 * failed service call never leaves half its changes behind.
 *
 * Adapters: `createMemoryStore()` (this package), `createSqliteStore(db)` (subpath `tamis/service/sqlite`).
 * Conformance suite: `testStore(name, makeAdapter)` (subpath `tamis/service/testing`).
 */
import type { MatchStatus, RiskLevel } from '../screening/types.js';
import type {
  AccountRecord,
  ApiKeyRecord,
  CommentRecord,
  DifferenceRecord,
  EntityProvider,
  HitRecord,
  OutboxRecord,
  SearchProfileRecord,
  SearchRecord,
  TagDefinition,
  UserRecord,
  WhitelistRecord,
} from './types.js';

export type SortBy = 'id' | 'created_at' | 'updated_at' | 'assignee_id' | 'searcher_id';

/** The SQL expression of each sort of GET /searches (unassigned sorts first), for SQL adapters. */
export const SEARCH_SORT_SQL: Readonly<Record<SortBy, string>> = {
  id: 'id',
  created_at: 'created_at',
  updated_at: 'updated_at',
  assignee_id: 'COALESCE(assignee_id, -1)',
  searcher_id: 'searcher_id',
};
/**
 * For SQL adapters keeping a side table of the internal lists each account names (`listInternalListsOfOtherAccounts`):
 * a list id is stored as its JSON text (`internalListKey`), which keeps every string exactly (a NUL, a lone
 * surrogate) where a text column would not. Read the keys back joined by commas in one row (SQLite
 * `group_concat(DISTINCT list_key)`, PostgreSQL `string_agg(list_key, ',')`): `internalListsFromJoinedKeys`
 * parses them as one JSON array and gives the answer, sorted, each id once. (One row and one parse: 5,000 rows read
 * one by one, each key parsed and put in a Set, cost 4.3 ms in SQLite.)
 */
export const internalListKey = (id: string): string => JSON.stringify(id);
export function internalListsFromJoinedKeys(joined: string | null | undefined): string[] {
  if (!joined) return [];
  const ids = (JSON.parse(`[${joined}]`) as string[]).sort();
  let n = 0;
  for (let i = 0; i < ids.length; i++) if (i === 0 || ids[i] !== ids[n - 1]) ids[n++] = ids[i] as string;
  ids.length = n;
  return ids;
}
export type MonitoredFilter = 'suspended' | 'un-suspended' | 'false';

/** A validated GET /searches query, as the store sees it. */
export interface SearchQuery {
  /** Only the searches of this account. */
  account_id: number;
  assignee_id?: number;
  searcher_id?: number;
  risk_levels?: RiskLevel[];
  match_statuses?: MatchStatus[];
  /** Case-insensitive substring of `submitted_term`. */
  submitted_term?: string;
  /** Case-insensitive substring of `search_term`. */
  search_term?: string;
  /** Inclusive, yyyy-mm-dd. */
  created_at_from?: string;
  /** Inclusive, yyyy-mm-dd. */
  created_at_to?: string;
  tags?: { name: string; value: string }[];
  tags_logical_operator?: 'OR' | 'AND';
  client_ref?: string;
  monitored?: MonitoredFilter;
  /** Default `id`; ties are broken by id in the same direction. */
  sort_by?: SortBy;
  /** Default `ASC`. */
  sort_dir?: 'ASC' | 'DESC';
  /** Keyset paging in stored (id ascending) order: records with id > after_id. Ignores sort_by. */
  after_id?: number;
  /** Keyset paging backwards: the `limit` records just before before_id, returned in ascending id order. */
  before_id?: number;
  offset?: number;
  limit: number;
}

export type StoreOp =
  | { type: 'put_account'; account: AccountRecord }
  | { type: 'put_user'; user: UserRecord }
  | { type: 'put_api_key'; api_key: ApiKeyRecord }
  | { type: 'delete_api_key'; key_hash: string }
  | { type: 'put_tag_definition'; tag: TagDefinition }
  | { type: 'delete_tag_definition'; account_id: number; name: string }
  | { type: 'put_search_profile'; profile: SearchProfileRecord }
  /** Fails (conflict) when the id or ref exists. */
  | { type: 'insert_search'; search: SearchRecord }
  /** Fails (conflict) unless the stored version equals `expected_version`. Stores `search` as given. */
  | { type: 'update_search'; search: SearchRecord; expected_version: number }
  /** Fails (conflict) unless the stored version equals `expected_version`. Removes hits, comments, differences. */
  | { type: 'delete_search'; id: number; expected_version: number }
  /** Replaces every hit of one provider of a search. */
  | { type: 'replace_hits'; search_id: number; provider: EntityProvider; hits: HitRecord[] }
  /** Updates existing hits (matched by search_id, provider, entity_id); fails (conflict) when one is missing. */
  | { type: 'update_hits'; hits: HitRecord[] }
  | { type: 'insert_comment'; comment: CommentRecord }
  | { type: 'put_whitelist'; entry: WhitelistRecord }
  | { type: 'delete_whitelist'; account_id: number; client_ref: string; entity_id: string }
  | { type: 'insert_differences'; differences: DifferenceRecord[] }
  | { type: 'append_outbox'; records: OutboxRecord[] }
  /** Fails (conflict) when the record is missing. */
  | { type: 'update_outbox'; record: OutboxRecord };

export class StoreConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreConflictError';
  }
}

export interface ServiceStore {
  getAccount(id: number): Promise<AccountRecord | null>;
  /** Ordered by id. */
  listAccounts(): Promise<AccountRecord[]>;
  /**
   * The internal list ids named in `internal_lists` by every account other than `accountId` (null counts as none),
   * each once, in ascending JavaScript string order (`Array.prototype.sort`). What a search of an account whose
   * `internal_lists` is null leaves out, read at every such search: keep it cheap as accounts grow (an index kept
   * by `put_account`, not a pass over every account). An account may be absent (its lists are then none).
   */
  listInternalListsOfOtherAccounts(accountId: number): Promise<string[]>;
  /** User ids are unique across accounts. */
  getUser(id: number): Promise<UserRecord | null>;
  /** The users of one account, or of every account when `accountId` is undefined; ordered by id. */
  listUsers(accountId?: number): Promise<UserRecord[]>;
  getApiKey(keyHash: string): Promise<ApiKeyRecord | null>;
  /** The tag definitions of an account, ordered by name. */
  listTagDefinitions(accountId: number): Promise<TagDefinition[]>;
  getSearchProfile(accountId: number, id: string): Promise<SearchProfileRecord | null>;
  /** The search profiles of an account, ordered by id. */
  listSearchProfiles(accountId: number): Promise<SearchProfileRecord[]>;

  /** A fresh numeric search id, never returned before, unique across accounts (gaps allowed). */
  nextSearchId(): Promise<number>;
  getSearch(id: number): Promise<SearchRecord | null>;
  getSearchByRef(ref: string): Promise<SearchRecord | null>;
  querySearches(query: SearchQuery): Promise<SearchRecord[]>;
  /** Ids of monitored searches (suspended or not), ascending. */
  listMonitoredSearchIds(): Promise<number[]>;

  /** Hits of one provider in rank order; `limit` undefined = all. */
  getHits(searchId: number, provider: EntityProvider, offset?: number, limit?: number): Promise<HitRecord[]>;
  countHits(searchId: number, provider: EntityProvider): Promise<number>;
  /** Ordered by created_at then id. */
  getComments(searchId: number): Promise<CommentRecord[]>;
  /** The whitelist of one client_ref of an account, ordered by entity id. */
  getWhitelist(accountId: number, clientRef: string): Promise<WhitelistRecord[]>;
  /** Differences of a search recorded on `date` (yyyy-mm-dd), in insertion order. */
  getDifferences(searchId: number, date: string): Promise<DifferenceRecord[]>;

  /** Undelivered records due at `now` (next_attempt_at null or <= now), oldest first. */
  pendingOutbox(now: string, limit: number): Promise<OutboxRecord[]>;
  /**
   * Optional: takes up to `limit` due records (as `pendingOutbox`, oldest first) and leases them: none of them is due
   * again, for any caller, before `leaseUntil` (ISO time), unless updated. Of concurrent callers (in one process or
   * several sharing the store) no two get the same record. Webhook delivery uses it when present, so several
   * instances share the outbox without delivering a record twice; a record whose claimer died is due again once
   * the lease runs out.
   */
  claimOutbox?(now: string, limit: number, leaseUntil: string): Promise<OutboxRecord[]>;
  getOutboxRecord(id: string): Promise<OutboxRecord | null>;
  /** Every outbox record, oldest first (inspection and tests). */
  listOutbox(): Promise<OutboxRecord[]>;

  /** Applies every op or none. Throws StoreConflictError when a precondition fails. */
  commit(ops: readonly StoreOp[]): Promise<void>;
}

// ---------------------------------------------------------------------------------------------------------------
// The reference semantics of `querySearches`, used by the in-memory adapter (and a model for SQL adapters).

function contains(haystack: string, needle: string): boolean {
  return haystack.toLowerCase().includes(needle.toLowerCase());
}

export function searchMatchesQuery(s: SearchRecord, q: SearchQuery): boolean {
  if (s.account_id !== q.account_id) return false;
  if (q.assignee_id !== undefined && s.assignee_id !== q.assignee_id) return false;
  if (q.searcher_id !== undefined && s.searcher_id !== q.searcher_id) return false;
  if (q.risk_levels && q.risk_levels.length > 0 && !q.risk_levels.includes(s.risk_level)) return false;
  if (q.match_statuses && q.match_statuses.length > 0 && !q.match_statuses.includes(s.match_status)) return false;
  if (q.submitted_term !== undefined && !contains(s.submitted_term, q.submitted_term)) return false;
  if (q.search_term !== undefined && !contains(s.search_term, q.search_term)) return false;
  if (q.created_at_from !== undefined && s.created_at.slice(0, 10) < q.created_at_from) return false;
  if (q.created_at_to !== undefined && s.created_at.slice(0, 10) > q.created_at_to) return false;
  if (q.client_ref !== undefined && s.client_ref !== q.client_ref) return false;
  if (q.monitored === 'false' && s.is_monitored) return false;
  if (q.monitored === 'suspended' && !(s.is_monitored && s.is_suspended)) return false;
  if (q.monitored === 'un-suspended' && !(s.is_monitored && !s.is_suspended)) return false;
  if (q.tags && q.tags.length > 0) {
    const hit = (t: { name: string; value: string }) => Object.hasOwn(s.tags, t.name) && s.tags[t.name] === t.value;
    const okTags = q.tags_logical_operator === 'AND' ? q.tags.every(hit) : q.tags.some(hit);
    if (!okTags) return false;
  }
  return true;
}

function sortKey(s: SearchRecord, by: SortBy): number | string {
  switch (by) {
    case 'id':
      return s.id;
    case 'created_at':
      return s.created_at;
    case 'updated_at':
      return s.updated_at;
    case 'assignee_id':
      // Unassigned sorts first in ascending order.
      return s.assignee_id ?? -1;
    case 'searcher_id':
      return s.searcher_id;
  }
}

export function applySearchQuery(all: Iterable<SearchRecord>, q: SearchQuery): SearchRecord[] {
  let rows = [...all].filter((s) => searchMatchesQuery(s, q));
  if (q.after_id !== undefined || q.before_id !== undefined) {
    rows.sort((a, b) => a.id - b.id);
    if (q.after_id !== undefined) {
      const after = q.after_id;
      rows = rows.filter((s) => s.id > after);
    }
    if (q.before_id !== undefined) {
      const before = q.before_id;
      rows = rows.filter((s) => s.id < before);
      return rows.slice(Math.max(0, rows.length - q.limit));
    }
    return rows.slice(q.offset ?? 0, (q.offset ?? 0) + q.limit);
  }
  const by = q.sort_by ?? 'id';
  const dir = q.sort_dir === 'DESC' ? -1 : 1;
  rows.sort((a, b) => {
    const ka = sortKey(a, by);
    const kb = sortKey(b, by);
    if (ka < kb) return -dir;
    if (ka > kb) return dir;
    return (a.id - b.id) * dir;
  });
  const offset = q.offset ?? 0;
  return rows.slice(offset, offset + q.limit);
}
