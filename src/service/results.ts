/**
 * A search's results: pulled from a screener (up to the results cap), whitelisted, and merged into the stored
 * hits when a monitored search is re-run (statuses survive for unchanged entities; differences are computed).
 */
import type { FailureEnvelope } from '../errors.js';
import type { Hit, Screener, SearchRequest, SearchResult } from '../screening/types.js';
import { PAGE, type ServiceContext } from './context.js';
import { entityFingerprint } from './fingerprint.js';
import type { AccountRecord, DifferenceRecord, EntityProvider, HitRecord, SearchRecord } from './types.js';

export interface Pulled {
  first: SearchResult;
  comply: Hit[];
  internal: Hit[];
}

export type PullResult = { ok: true; value: Pulled } | { ok: false; error: FailureEnvelope };

/**
 * The internal lists an account's searches match: its own (`only`), or, for an account whose `internal_lists`
 * is null, every list but those other accounts name (`except`).
 */
export interface InternalScope {
  accountId: number;
  only: ReadonlySet<string> | null;
  except: IdSet;
}

/** What a scope asks of its lists: whether one is in. */
export interface IdSet {
  has(id: string): boolean;
}

const NONE: IdSet = { has: () => false };

/**
 * The ids of a sorted array (JavaScript string order), looked up by binary search: thousands of lists named by
 * other accounts cost nothing to build at each search, where a Set of 5,000 cost 1.3 ms. The order is checked at the
 * first lookup (most searches have no internal-list hit, so make none), and an array out of order (an adapter
 * breaking the port's contract) is sorted then, so no list is missed.
 */
export function sortedIds(ids: readonly string[]): IdSet {
  let sorted: readonly string[] | null = null;
  return {
    has(id) {
      sorted ??= inOrder(ids) ? ids : [...ids].sort();
      let lo = 0;
      let hi = sorted.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        const at = sorted[mid] as string;
        if (at === id) return true;
        if (at < id) lo = mid + 1;
        else hi = mid;
      }
      return false;
    },
  };
}

function inOrder(ids: readonly string[]): boolean {
  for (let i = 1; i < ids.length; i++) if ((ids[i - 1] as string) > (ids[i] as string)) return false;
  return true;
}

export async function internalScope(svc: ServiceContext, account: AccountRecord): Promise<InternalScope> {
  if (account.internal_lists !== null) return { accountId: account.id, only: new Set(account.internal_lists), except: NONE };
  return { accountId: account.id, only: null, except: sortedIds(await svc.store.listInternalListsOfOtherAccounts(account.id)) };
}

/** The scope of the account of a stored search (monitoring re-runs). */
export async function scopeOfSearch(svc: ServiceContext, s: SearchRecord): Promise<InternalScope> {
  const account = await svc.store.getAccount(s.account_id);
  // An account removed from the store behind the service's back matches no internal list.
  return account ? internalScope(svc, account) : { accountId: s.account_id, only: new Set(), except: NONE };
}

function inScope(scope: InternalScope, lists: readonly string[] | undefined): boolean {
  const ids = lists ?? [];
  if (scope.only !== null) return ids.some((id) => scope.only?.has(id));
  return ids.length === 0 || ids.some((id) => !scope.except.has(id));
}

/**
 * Pages through the screener until the results cap; hits de-duplicated by entity id. Internal-list hits are kept
 * only from the lists of the account (asked of the screener, and checked again here: a screener that ignores
 * `blacklist_ids` cannot leak another account's list).
 */
export function pull(svc: ServiceContext, screener: Screener, request: SearchRequest, scope: InternalScope): PullResult {
  const per = Math.min(PAGE, svc.resultsCap);
  const comply: Hit[] = [];
  const seen = new Set<string>();
  const internal = new Map<string, Hit>();
  let dropped = false;
  let first: SearchResult | undefined;
  const scoped: SearchRequest = scope.only !== null ? { ...request, blacklist_ids: [...scope.only] } : request;
  for (let offset = 0; comply.length < svc.resultsCap; offset += per) {
    const res = screener.search({ ...scoped, limit: per, offset });
    if (!res.ok) return res;
    first ??= res.value;
    for (const h of res.value.hits) {
      if (seen.has(h.doc.id)) continue;
      seen.add(h.doc.id);
      comply.push(h);
    }
    for (const h of res.value.blacklist_hits ?? []) {
      if (!inScope(scope, h.doc.blacklist_ids)) dropped = true;
      else if (!internal.has(h.doc.id)) internal.set(h.doc.id, h);
    }
    if (res.value.hits.length < per || offset + per >= res.value.total_hits) break;
  }
  if (!first) throw new Error('screener returned no page');
  const echoed = first.blacklist_filters;
  first = {
    ...first,
    ...(echoed ? { blacklist_filters: { blacklist_ids: echoed.blacklist_ids.filter((id) => inScope(scope, [id])) } } : {}),
    ...(dropped ? { total_blacklist_hits: internal.size } : {}),
  };
  return { ok: true, value: { first, comply: comply.slice(0, svc.resultsCap), internal: [...internal.values()] } };
}

/** The whitelist of a client_ref of an account: entity id → fingerprint at the time it was whitelisted. */
export async function whitelistOf(svc: ServiceContext, accountId: number, clientRef: string | null): Promise<Map<string, string>> {
  if (clientRef === null) return new Map();
  return new Map((await svc.store.getWhitelist(accountId, clientRef)).map((w) => [w.entity_id, w.fingerprint]));
}

/** The hits of a new search: whitelisted entities (same fingerprint) are false positives. */
export function freshHits(searchId: number, provider: EntityProvider, hits: Hit[], wl: Map<string, string>): HitRecord[] {
  return hits.map((h, rank) => {
    const fingerprint = entityFingerprint(h.doc);
    const whitelisted = wl.get(h.doc.id) === fingerprint;
    return {
      search_id: searchId,
      provider,
      rank,
      entity_id: h.doc.id,
      fingerprint,
      hit: {
        ...h,
        match_status: whitelisted ? 'false_positive' : h.match_status,
        risk_level: h.risk_level,
        is_whitelisted: whitelisted,
      },
    };
  });
}

function diffList(before: readonly string[], after: readonly string[]) {
  const b = new Set(before);
  const a = new Set(after);
  return { removed: [...b].filter((x) => !a.has(x)).sort(), added: [...a].filter((x) => !b.has(x)).sort() };
}

/** `yyyy-mm-dd hh:mm:ss` (UTC) as the entity timestamps are written: `yyyy-mm-ddThh:mm:ssZ`. */
const utc = (ts: string): string => `${ts.replace(' ', 'T')}Z`;

/**
 * An internal-list hit with the doc fields the spec lists for blacklist hits: `account_ids` (the list's own, else
 * the account the search belongs to), `created_utc` (the list's, else when the service first reported the
 * entry for this search), `scraper_ids` (the list's, else none).
 */
export function internalHit(h: Hit, accountId: number, firstSeenTs: string): Hit {
  const d = h.doc;
  return {
    ...h,
    doc: {
      ...d,
      account_ids: d.account_ids ?? [accountId],
      blacklist_ids: d.blacklist_ids ?? [],
      created_utc: d.created_utc ?? utc(firstSeenTs),
      scraper_ids: d.scraper_ids ?? [],
    },
  };
}

/** Merges a re-run into the stored hits: statuses survive for unchanged entities; differences are computed. */
export async function merge(svc: ServiceContext, s: SearchRecord, pulled: Pulled, date: string, ts: string) {
  const wl = await whitelistOf(svc, s.account_id, s.client_ref);
  const diffs: DifferenceRecord[] = [];
  const out: Record<EntityProvider, HitRecord[]> = { comply: [], internal: [] };
  const added: string[] = [];
  const removed: string[] = [];
  const updated: string[] = [];
  for (const provider of ['comply', 'internal'] as const) {
    const old = new Map((await svc.store.getHits(s.id, provider)).map((h) => [h.entity_id, h]));
    const next =
      provider === 'comply'
        ? pulled.comply
        : pulled.internal.map((h) => {
            // An entry reported before keeps the time it was first reported.
            const seen = old.get(h.doc.id)?.hit.doc.created_utc;
            return internalHit(h.doc.created_utc === undefined && seen !== undefined ? { ...h, doc: { ...h.doc, created_utc: seen } } : h, s.account_id, ts);
          });
    const diff = (action: DifferenceRecord['action'], doc: Hit['doc'], before: Hit['doc'] | null) => {
      const changes =
        action === 'added'
          ? { listing_types: diffList([], doc.types), sources: diffList([], doc.sources) }
          : action === 'removed'
            ? { listing_types: diffList(doc.types, []), sources: diffList(doc.sources, []) }
            : { listing_types: diffList(before?.types ?? [], doc.types), sources: diffList(before?.sources ?? [], doc.sources) };
      diffs.push({
        id: svc.ids.next('difference'),
        search_id: s.id,
        date,
        action,
        name: doc.name,
        entity_id: doc.id,
        listing_types: [...doc.types],
        sources: [...doc.sources],
        changes,
        created_at: ts,
      });
      (action === 'added' ? added : action === 'removed' ? removed : updated).push(doc.id);
    };
    next.forEach((h, rank) => {
      const fingerprint = entityFingerprint(h.doc);
      const prev = old.get(h.doc.id);
      let hit: Hit;
      if (prev && prev.fingerprint === fingerprint) {
        hit = {
          ...h,
          match_status: prev.hit.match_status,
          risk_level: prev.hit.risk_level,
          is_whitelisted: prev.hit.is_whitelisted === true,
        };
      } else if (prev) {
        // Content changed: a whitelisting lapses and the entity is reported again.
        const wasWhitelisted = prev.hit.is_whitelisted === true;
        hit = {
          ...h,
          match_status: wasWhitelisted ? 'potential_match' : prev.hit.match_status,
          risk_level: prev.hit.risk_level,
          is_whitelisted: false,
        };
        diff('updated', h.doc, prev.hit.doc);
      } else {
        const whitelisted = wl.get(h.doc.id) === fingerprint;
        hit = { ...h, match_status: whitelisted ? 'false_positive' : h.match_status, is_whitelisted: whitelisted };
        if (!whitelisted) diff('added', h.doc, null);
      }
      out[provider].push({ search_id: s.id, provider, rank, entity_id: h.doc.id, fingerprint, hit });
    });
    const keep = new Set(next.map((h) => h.doc.id));
    for (const prev of old.values()) {
      if (!keep.has(prev.entity_id) && prev.hit.is_whitelisted !== true) diff('removed', prev.hit.doc, null);
    }
  }
  return { hits: out, diffs, added, removed, updated };
}

/** The search with the totals and echoed filters of a new run. */
export function withTotals(s: SearchRecord, r: SearchResult, internalCount: number): SearchRecord {
  return {
    ...s,
    total_hits: r.total_hits,
    total_matches: r.total_matches,
    total_blacklist_hits: r.total_blacklist_hits ?? internalCount,
    filters: r.filters,
  };
}
