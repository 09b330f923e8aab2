/** The in-memory store adapter: for tests, demos and single-process hosts that do not need durability. */
import { applySearchQuery, StoreConflictError, type SearchQuery, type ServiceStore, type StoreOp } from './store.js';
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

interface State {
  accounts: Map<number, AccountRecord>;
  /**
   * How many accounts name each internal list (in `internal_lists`), kept by `put_account`: the lists other accounts
   * name are read from it at every search of an account without lists of its own, in proportion to the lists, not
   * to the accounts (listing every account cost 5.9 ms a search at 10,000 accounts).
   */
  listNamers: Map<string, number>;
  /** The keys of `listNamers`, sorted; null when a `put_account` may have changed them (rebuilt on the next read). */
  namedLists: string[] | null;
  users: Map<number, UserRecord>;
  apiKeys: Map<string, ApiKeyRecord>;
  /** Per account, then by name: a search with tags reads the definitions of its account alone. */
  tags: Map<number, Map<string, TagDefinition>>;
  /** Per account, then by id: a reference search named by slug reads the profiles of its account alone. */
  profiles: Map<number, Map<string, SearchProfileRecord>>;
  searches: Map<number, SearchRecord>;
  refs: Map<string, number>;
  hits: Map<string, HitRecord[]>; // key `${search_id}:${provider}`
  comments: Map<number, CommentRecord[]>;
  /**
   * key `${account_id}\u0000${client_ref}`, then the entity id: a search reads the whitelist of its client_ref alone
   * (it read every entry of every account, 2.5 ms a search at 50,000 entries).
   */
  whitelist: Map<string, Map<string, WhitelistRecord>>;
  differences: Map<number, DifferenceRecord[]>;
  outbox: Map<string, OutboxRecord>;
}

/**
 * A copy of a record that shares nothing with it: what `structuredClone` gives for the records' data (plain objects,
 * arrays, primitives; own enumerable keys in order, `undefined` members, holes and `__proto__` own keys kept), made
 * by spreading each object and array and copying the objects within, several times faster than `structuredClone`
 * on an OFAC hit (test: test/service/memory-store-clone.test.ts). Anything else (a Date, a Map, a typed array, an
 * object of a class, a function or symbol, which it refuses, nesting past 64 levels, so a cycle) goes to `structuredClone`, as before.
 */
export const cloneRecord = <T>(v: T): T => copy(v, 0) as T;
const clone = cloneRecord;

const MAX_DEPTH = 64;

function copy(v: unknown, depth: number): unknown {
  if (typeof v !== 'object' || v === null) return typeof v === 'function' || typeof v === 'symbol' ? structuredClone(v) : v;
  if (depth > MAX_DEPTH) return structuredClone(v);
  const proto = Object.getPrototypeOf(v) as unknown;
  if (proto === Array.prototype) {
    const out = (v as unknown[]).slice();
    for (let i = 0; i < out.length; i++) {
      const x = out[i];
      if (typeof x === 'object' ? x !== null : typeof x === 'function' || typeof x === 'symbol') out[i] = copy(x, depth + 1);
    }
    return out;
  }
  if (proto !== Object.prototype && proto !== null) return structuredClone(v);
  const out: Record<string, unknown> = { ...(v as Record<string, unknown>) };
  for (const k in out) {
    const x = out[k];
    // (Object.hasOwn: a member inherited from a polluted Object.prototype is not copied in.)
    if ((typeof x === 'object' ? x !== null : typeof x === 'function' || typeof x === 'symbol') && Object.hasOwn(out, k)) out[k] = copy(x, depth + 1);
  }
  return out;
}
const hitKey = (searchId: number, provider: EntityProvider) => `${searchId}:${provider}`;
const wlKey = (accountId: number, clientRef: string) => `${accountId}\u0000${clientRef}`;
const byText = <T>(key: (v: T) => string) => (a: T, b: T) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);

/** Records the previous value of every key a commit touches, so a failed batch can be undone. */
class Journal {
  private readonly undo: (() => void)[] = [];
  set<K, V>(m: Map<K, V>, k: K, v: V): void {
    this.remember(m, k);
    m.set(k, v);
  }
  delete<K, V>(m: Map<K, V>, k: K): void {
    this.remember(m, k);
    m.delete(k);
  }
  private remember<K, V>(m: Map<K, V>, k: K): void {
    if (m.has(k)) {
      const old = m.get(k) as V;
      this.undo.push(() => m.set(k, old));
    } else {
      this.undo.push(() => m.delete(k));
    }
  }
  rollback(): void {
    for (let i = this.undo.length - 1; i >= 0; i--) (this.undo[i] as () => void)();
  }
}

/** One account more (+1) or less (-1) naming an internal list. */
function countNamer(s: State, id: string, by: 1 | -1, j: Journal): void {
  const n = (s.listNamers.get(id) ?? 0) + by;
  if (n > 0) j.set(s.listNamers, id, n);
  else j.delete(s.listNamers, id);
  s.namedLists = null;
}

/** The inner map of `outer` at `key`, made (and the making journaled) when missing. */
function innerMap<K, K2, V>(outer: Map<K, Map<K2, V>>, key: K, j: Journal): Map<K2, V> {
  let inner = outer.get(key);
  if (inner === undefined) {
    inner = new Map();
    j.set(outer, key, inner);
  }
  return inner;
}

/** Deletes `innerKey` from the inner map of `outer` at `key`, and the inner map once empty (journaled). */
function deleteInner<K, K2, V>(outer: Map<K, Map<K2, V>>, key: K, innerKey: K2, j: Journal): void {
  const inner = outer.get(key);
  if (inner === undefined) return;
  j.delete(inner, innerKey);
  if (inner.size === 0) j.delete(outer, key);
}

function apply(s: State, op: StoreOp, j: Journal): void {
  switch (op.type) {
    case 'put_account': {
      const before = new Set(s.accounts.get(op.account.id)?.internal_lists ?? []);
      const after = new Set(op.account.internal_lists ?? []);
      for (const id of before) if (!after.has(id)) countNamer(s, id, -1, j);
      for (const id of after) if (!before.has(id)) countNamer(s, id, 1, j);
      j.set(s.accounts, op.account.id, clone(op.account));
      return;
    }
    case 'put_user':
      j.set(s.users, op.user.id, clone(op.user));
      return;
    case 'put_api_key':
      j.set(s.apiKeys, op.api_key.key_hash, clone(op.api_key));
      return;
    case 'delete_api_key':
      j.delete(s.apiKeys, op.key_hash);
      return;
    case 'put_tag_definition': {
      j.set(innerMap(s.tags, op.tag.account_id, j), op.tag.name, clone(op.tag));
      return;
    }
    case 'delete_tag_definition': {
      deleteInner(s.tags, op.account_id, op.name, j);
      return;
    }
    case 'put_search_profile': {
      j.set(innerMap(s.profiles, op.profile.account_id, j), op.profile.id, clone(op.profile));
      return;
    }
    case 'insert_search':
      if (s.searches.has(op.search.id)) throw new StoreConflictError(`search ${op.search.id} exists`);
      if (s.refs.has(op.search.ref)) throw new StoreConflictError(`search ref ${op.search.ref} exists`);
      j.set(s.searches, op.search.id, clone(op.search));
      j.set(s.refs, op.search.ref, op.search.id);
      return;
    case 'update_search': {
      const cur = s.searches.get(op.search.id);
      if (!cur || cur.version !== op.expected_version) {
        throw new StoreConflictError(`search ${op.search.id} is not at version ${op.expected_version}`);
      }
      if (cur.ref !== op.search.ref) {
        j.delete(s.refs, cur.ref);
        j.set(s.refs, op.search.ref, op.search.id);
      }
      j.set(s.searches, op.search.id, clone(op.search));
      return;
    }
    case 'delete_search': {
      const cur = s.searches.get(op.id);
      if (!cur || cur.version !== op.expected_version) {
        throw new StoreConflictError(`search ${op.id} is not at version ${op.expected_version}`);
      }
      j.delete(s.searches, op.id);
      j.delete(s.refs, cur.ref);
      j.delete(s.hits, hitKey(op.id, 'comply'));
      j.delete(s.hits, hitKey(op.id, 'internal'));
      j.delete(s.comments, op.id);
      j.delete(s.differences, op.id);
      return;
    }
    case 'replace_hits':
      j.set(s.hits, 
        hitKey(op.search_id, op.provider),
        [...op.hits].sort((a, b) => a.rank - b.rank).map(clone),
      );
      return;
    case 'update_hits': {
      for (const h of op.hits) {
        const key = hitKey(h.search_id, h.provider);
        const list = s.hits.get(key);
        const i = list ? list.findIndex((x) => x.entity_id === h.entity_id) : -1;
        if (!list || i < 0) throw new StoreConflictError(`hit ${h.entity_id} of search ${h.search_id} is missing`);
        const next = [...list];
        next[i] = clone(h);
        j.set(s.hits, key, next);
      }
      return;
    }
    case 'insert_comment':
      j.set(s.comments, op.comment.search_id, [...(s.comments.get(op.comment.search_id) ?? []), clone(op.comment)]);
      return;
    case 'put_whitelist': {
      const key = wlKey(op.entry.account_id, op.entry.client_ref);
      j.set(innerMap(s.whitelist, key, j), op.entry.entity_id, clone(op.entry));
      return;
    }
    case 'delete_whitelist': {
      deleteInner(s.whitelist, wlKey(op.account_id, op.client_ref), op.entity_id, j);
      return;
    }
    case 'insert_differences':
      for (const d of op.differences) {
        j.set(s.differences, d.search_id, [...(s.differences.get(d.search_id) ?? []), clone(d)]);
      }
      return;
    case 'append_outbox':
      for (const r of op.records) {
        if (s.outbox.has(r.id)) throw new StoreConflictError(`outbox record ${r.id} exists`);
        j.set(s.outbox, r.id, clone(r));
      }
      return;
    case 'update_outbox':
      if (!s.outbox.has(op.record.id)) throw new StoreConflictError(`outbox record ${op.record.id} is missing`);
      j.set(s.outbox, op.record.id, clone(op.record));
      return;
  }
}

export function createMemoryStore(): ServiceStore {
  const state: State = {
    accounts: new Map(),
    listNamers: new Map(),
    namedLists: null,
    users: new Map(),
    apiKeys: new Map(),
    tags: new Map(),
    profiles: new Map(),
    searches: new Map(),
    refs: new Map(),
    hits: new Map(),
    comments: new Map(),
    whitelist: new Map(),
    differences: new Map(),
    outbox: new Map(),
  };
  let seq = 0;
  /** Outbox records claimed by `claimOutbox`: not due before this time (ms), until updated. */
  const leases = new Map<string, number>();
  const due = (r: OutboxRecord, nowMs: number) =>
    r.delivered_at === null && (r.next_attempt_at === null || Date.parse(r.next_attempt_at) <= nowMs) && (leases.get(r.id) ?? -Infinity) <= nowMs;
  const out = <T>(v: T | undefined): T | null => (v === undefined ? null : clone(v));

  return {
    async getAccount(id) {
      return out(state.accounts.get(id));
    },
    async listAccounts() {
      return [...state.accounts.values()].sort((a, b) => a.id - b.id).map(clone);
    },
    async getUser(id) {
      return out(state.users.get(id));
    },
    async listUsers(accountId) {
      return [...state.users.values()]
        .filter((u) => accountId === undefined || u.account_id === accountId)
        .sort((a, b) => a.id - b.id)
        .map(clone);
    },
    async getApiKey(keyHash) {
      return out(state.apiKeys.get(keyHash));
    },
    async listInternalListsOfOtherAccounts(accountId) {
      // (A failed batch leaves `namedLists` null: it is rebuilt from the restored counts.)
      const named = (state.namedLists ??= [...state.listNamers.keys()].sort());
      const own = state.accounts.get(accountId)?.internal_lists;
      if (!own || own.length === 0) return named.slice();
      const mine = new Set(own);
      // A list of its own is another account's too when more than one account names it.
      return named.filter((id) => !mine.has(id) || (state.listNamers.get(id) ?? 0) > 1);
    },
    async listTagDefinitions(accountId) {
      return [...(state.tags.get(accountId)?.values() ?? [])].sort(byText((t) => t.name)).map(clone);
    },
    async listSearchProfiles(accountId) {
      return [...(state.profiles.get(accountId)?.values() ?? [])].sort(byText((p) => p.id)).map(clone);
    },
    async getSearchProfile(accountId, id) {
      return out(state.profiles.get(accountId)?.get(id));
    },
    async nextSearchId() {
      seq += 1;
      return seq;
    },
    async getSearch(id) {
      return out(state.searches.get(id));
    },
    async getSearchByRef(ref) {
      const id = state.refs.get(ref);
      return id === undefined ? null : out(state.searches.get(id));
    },
    async querySearches(query: SearchQuery) {
      return applySearchQuery(state.searches.values(), query).map(clone);
    },
    async listMonitoredSearchIds() {
      return [...state.searches.values()]
        .filter((s) => s.is_monitored)
        .map((s) => s.id)
        .sort((a, b) => a - b);
    },
    async getHits(searchId, provider, offset = 0, limit) {
      const list = state.hits.get(hitKey(searchId, provider)) ?? [];
      return list.slice(offset, limit === undefined ? undefined : offset + limit).map(clone);
    },
    async countHits(searchId, provider) {
      return (state.hits.get(hitKey(searchId, provider)) ?? []).length;
    },
    async getComments(searchId) {
      return [...(state.comments.get(searchId) ?? [])]
        .sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0))
        .map(clone);
    },
    async getWhitelist(accountId, clientRef) {
      return [...(state.whitelist.get(wlKey(accountId, clientRef))?.values() ?? [])]
        .filter((w) => w.account_id === accountId && w.client_ref === clientRef)
        .sort(byText((w) => w.entity_id))
        .map(clone);
    },
    async getDifferences(searchId, date) {
      return (state.differences.get(searchId) ?? []).filter((d) => d.date === date).map(clone);
    },
    async pendingOutbox(now, limit) {
      const nowMs = Date.parse(now);
      return [...state.outbox.values()]
        .filter((r) => due(r, nowMs))
        .slice(0, limit)
        .map(clone);
    },
    async claimOutbox(now, limit, leaseUntil) {
      // No await between the read and the leases: concurrent callers cannot take the same record.
      const nowMs = Date.parse(now);
      const until = Date.parse(leaseUntil);
      const taken = [...state.outbox.values()].filter((r) => due(r, nowMs)).slice(0, limit);
      for (const r of taken) leases.set(r.id, until);
      return taken.map(clone);
    },
    async getOutboxRecord(id) {
      return out(state.outbox.get(id));
    },
    async listOutbox() {
      return [...state.outbox.values()].map(clone);
    },
    async commit(ops) {
      const j = new Journal();
      try {
        for (const op of ops) apply(state, op, j);
      } catch (e) {
        j.rollback();
        throw e;
      }
      for (const op of ops) {
        if (op.type === 'insert_search') seq = Math.max(seq, op.search.id);
        if (op.type === 'update_outbox') leases.delete(op.record.id);
      }
    },
  };
}
