/**
 * The screening service: searches as cases (search-api.md), built from ports the host supplies.
 *
 *   const service = createScreeningService({ store, clock, ids, screener, webhookUrls });
 *   const api = service.forApiKey('key-of-alice');
 *   const created = await api.createSearch({ search_term: 'Jane Doe', client_ref: 'CUST-1' });
 *
 * Every endpoint of the spec is a method of `forApiKey(key)` with the same inputs, outputs and errors. Methods
 * answer the spec's envelope: `{ status: 'success', content, code?, links? }`, `{ code, message, status:
 * 'failure' }`, or `{ status: 'empty', code: 204 | 429 }` for the responses whose HTTP body is empty.
 */
import { failureEnvelope, problem, type FailureEnvelope, type Problem } from '../errors.js';
import type { Hit, MatchStatus, RiskLevel, Screener, SearchRequest, SearchResult } from '../screening/types.js';
import { renderCertificate, type CertificateOptions } from './certificate.js';
import { entityFingerprint, hashApiKey } from './fingerprint.js';
import { DEFAULT_RATE_LIMIT, DEFAULT_SANDBOX_RATE_LIMIT, SlidingWindowRateLimiter, type RateLimitOptions } from './rate-limit.js';
import { StoreConflictError, type MonitoredFilter, type SearchQuery, type ServiceStore, type SortBy, type StoreOp } from './store.js';
import { clockDate, formatDate, formatTimestamp, isDate, parseTimestamp } from './time.js';
import type {
  ApiKeyRecord,
  ApiResponse,
  Clock,
  CommentRecord,
  DifferenceRecord,
  Empty,
  EntityProvider,
  HitRecord,
  IdGenerator,
  Label,
  Links,
  MatchStatusUpdatedData,
  OutboxRecord,
  SearchProfileRecord,
  SearchRecord,
  SearchStatusFields,
  Success,
  UserRecord,
  WebhookEvent,
  WhitelistRecord,
} from './types.js';
import {
  checkTags,
  ENTITY_MATCH_STATUSES,
  isInt,
  isObject,
  MATCH_STATUSES,
  Problems,
  queryInt,
  queryList,
  RISK_LEVELS,
} from './validate.js';
import type { WebhookOutbox } from './webhooks.js';

// ---------------------------------------------------------------------------------------------------------------
// Options and response shapes

export interface ScreeningServiceOptions {
  store: ServiceStore;
  clock: Clock;
  ids: IdGenerator;
  screener: Screener;
  /** Every event goes to every URL (account settings). */
  webhookUrls?: readonly string[];
  /** Results pulled and stored on search creation: 100 by default, up to 500. */
  resultsCap?: number;
  /** Rate limit per api key; `false` turns it off. */
  rateLimit?: RateLimitOptions | false;
  /** Prefix of `share_url`; the share token is appended. */
  shareBaseUrl?: string;
  /** Attempts of one operation when a concurrent update wins the race (default 5). */
  maxConflictRetries?: number;
  /** The payment-reference screener of POST /searches/references (same interface; `search_term` = the reference). */
  referenceScreener?: Screener;
  /** Longest payment reference: 255 (default) or 290 for the regional class of users the spec mentions. */
  referenceTermMaxLength?: 255 | 290;
}

export type SearchIdParam = number | string;

export interface UserView {
  id: number;
  email: string;
  name: string;
  phone: string | null;
  created_at: string;
  updated_at: string;
}

export interface SearchUserView extends UserView {
  user_is_active: boolean;
}

/** The reduced search object of list responses (no hits). */
export interface SearchSummary {
  id: number;
  ref: string;
  searcher_id: number;
  assignee_id: number | null;
  search_profile?: { name: string; slug: string };
  filters: SearchRecord['filters'];
  match_status: MatchStatus;
  risk_level: RiskLevel;
  search_term: string;
  submitted_term: string;
  client_ref: string | null;
  total_hits: number;
  total_matches: number;
  total_blacklist_hits: number;
  created_at: string;
  updated_at: string;
  /** Latest value per tag; `[]` when the search has no tags (as in the spec). */
  tags: Record<string, string> | [];
  labels: Label[];
  limit: number;
  offset: number;
}

export interface SearchOverview extends SearchSummary {
  hits: Hit[];
  share_url?: string;
}

export interface SearchView extends SearchOverview {
  searcher?: SearchUserView | null;
  assignee?: SearchUserView | null;
  blacklist_filters?: { blacklist_ids: string[] };
  blacklist_hits?: Hit[];
  /** POST /searches/references only. */
  fuzziness?: number;
}

/** PATCH /searches/{id}/entities: `content` is the search itself, hits limited to the updated entities. */
export interface EntitiesUpdateView extends SearchSummary {
  hits: {
    doc: { id: string };
    match_status: MatchStatus;
    is_whitelisted: boolean;
    risk_level: RiskLevel;
    match_types: string[];
    score: number;
  }[];
}

export interface MonitorsView {
  search_id: number;
  ref: string;
  is_monitored: boolean;
  monitors: SearchRecord['monitors'];
}

export interface DifferenceView {
  action: DifferenceRecord['action'];
  name: string;
  entity_id: string;
  listing_types: string[];
  sources: string[];
  changes: DifferenceRecord['changes'];
}

export interface CommentView {
  id: string;
  created_at: string;
  message: string;
  user_id: number;
  entity_id?: string;
}

export interface CertificateContent {
  content_type: 'application/pdf';
  filename: string;
  data: Buffer;
}

export interface RescreenReport {
  /** Monitored, not suspended searches re-run. */
  rescreened: number;
  /** Searches whose results changed (a `monitored_search_updated` event each). */
  changed: number[];
  /** Searches skipped because suspended. */
  suspended: number[];
  /** Searches the new screener refused, with its failure. */
  failed: { search_id: number; error: FailureEnvelope }[];
}

// ---------------------------------------------------------------------------------------------------------------
// Internals

const PAGE = 100;
const MAX_RESULTS_CAP = 500;
const COMMON_PAGINATION_CAP = 10_000;
const DEFAULT_PER_PAGE = 10;
const HOUR_MS = 3_600_000;
const DEPRECATION_MESSAGE =
  'gone: this endpoint was deprecated on 2018-06-15 and answers 410 since 2020-06-15';

const SORT_BY: readonly SortBy[] = ['id', 'created_at', 'updated_at', 'assignee_id', 'searcher_id'];
const MONITORED: readonly MonitoredFilter[] = ['suspended', 'un-suspended', 'false'];

interface Ctx {
  user: UserRecord;
  now: Date;
  ts: string;
  iso: string;
}

interface Pulled {
  first: SearchResult;
  comply: Hit[];
  internal: Hit[];
}

/** Hits already in hand, to render without reading them back. */
interface Known {
  comply: HitRecord[];
  internal: HitRecord[];
}

type Resolved = { kind: 'invalid' } | { kind: 'missing' } | { kind: 'found'; search: SearchRecord };

const fail = (code: number, message: string, problems?: Problem[]): FailureEnvelope =>
  problems && problems.length > 0 ? { ...failureEnvelope(code, problems), message } : { code, message, status: 'failure' };
const bad = (p: Problems): FailureEnvelope => failureEnvelope(400, p.list);
const success = <T>(content: T, extra: { code?: number; links?: Links } = {}): Success<T> => ({
  status: 'success',
  ...(extra.code !== undefined ? { code: extra.code } : {}),
  content,
  ...(extra.links !== undefined ? { links: extra.links } : {}),
});
const EMPTY_204: Empty = { status: 'empty', code: 204 };
const EMPTY_429: Empty = { status: 'empty', code: 429 };
const notFound = (): FailureEnvelope => fail(404, 'search not found');
const invalidId = (): FailureEnvelope => fail(400, 'invalid input: search id must be a positive integer or a ref');

function userView(u: UserRecord): UserView {
  return { id: u.id, email: u.email, name: u.name, phone: u.phone, created_at: u.created_at, updated_at: u.updated_at };
}

function searchUserView(u: UserRecord | null): SearchUserView | null {
  return u ? { ...userView(u), user_is_active: u.is_active } : null;
}

function termText(t: SearchRequest['search_term']): string {
  return typeof t === 'string' ? t : [t.first_name, t.middle_names, t.last_name].filter((x) => x).join(' ');
}

function diffList(before: readonly string[], after: readonly string[]) {
  const b = new Set(before);
  const a = new Set(after);
  return { removed: [...b].filter((x) => !a.has(x)).sort(), added: [...a].filter((x) => !b.has(x)).sort() };
}

function encodeToken(t: { d: 'n' | 'p'; id: number; page: number; f: string }): string {
  return Buffer.from(JSON.stringify(t), 'utf8').toString('base64url');
}

function decodeToken(s: string): { d: 'n' | 'p'; id: number; page: number; f: string } | null {
  try {
    const v = JSON.parse(Buffer.from(s, 'base64url').toString('utf8')) as unknown;
    if (
      isObject(v) &&
      (v.d === 'n' || v.d === 'p') &&
      isInt(v.id) &&
      isInt(v.page) &&
      v.page >= 1 &&
      typeof v.f === 'string'
    ) {
      return { d: v.d, id: v.id, page: v.page, f: v.f };
    }
  } catch {
    // fall through
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------

export class ScreeningService implements WebhookOutbox {
  private current: Screener;
  private currentReference: Screener | null;
  private readonly referenceTermMaxLength: number;
  private readonly store: ServiceStore;
  private readonly clock: Clock;
  private readonly ids: IdGenerator;
  private readonly webhookUrls: readonly string[];
  private readonly resultsCap: number;
  private readonly limiter: SlidingWindowRateLimiter | null;
  private readonly perMinute: number;
  private readonly sandboxPerMinute: number;
  private readonly shareBaseUrl: string;
  private readonly maxConflictRetries: number;

  constructor(options: ScreeningServiceOptions) {
    this.store = options.store;
    this.clock = options.clock;
    this.ids = options.ids;
    this.current = options.screener;
    this.currentReference = options.referenceScreener ?? null;
    this.referenceTermMaxLength = options.referenceTermMaxLength ?? 255;
    this.webhookUrls = [...(options.webhookUrls ?? [])];
    const cap = options.resultsCap ?? PAGE;
    if (!isInt(cap) || cap < 1 || cap > MAX_RESULTS_CAP) {
      throw new RangeError(`resultsCap must be an integer from 1 to ${MAX_RESULTS_CAP}`);
    }
    this.resultsCap = cap;
    const rl = options.rateLimit ?? {};
    this.limiter = rl === false ? null : new SlidingWindowRateLimiter(rl.windowMs ?? 60_000);
    this.perMinute = rl === false ? Infinity : (rl.perMinute ?? DEFAULT_RATE_LIMIT);
    this.sandboxPerMinute = rl === false ? Infinity : (rl.sandboxPerMinute ?? DEFAULT_SANDBOX_RATE_LIMIT);
    this.shareBaseUrl = options.shareBaseUrl ?? 'https://share.tamis.invalid/searches/';
    this.maxConflictRetries = options.maxConflictRetries ?? 5;
  }

  /** The screener new searches run against (replaced by `rescreenMonitored`). */
  get screener(): Screener {
    return this.current;
  }

  private screenerFor(s: SearchRecord): Screener | null {
    return s.kind === 'reference' ? this.currentReference : this.current;
  }

  /** A handle whose every call is made as the user of `apiKey` (`Authorization: Token <apiKey>`). */
  forApiKey(apiKey: string): SearchApi {
    return new SearchApi(this, apiKey);
  }

  // -------------------------------------------------------------------------------------------------------------
  // Host administration (account settings; not part of the spec's API)

  private ctxNow(): { now: Date; ts: string; iso: string } {
    const now = clockDate(this.clock);
    return { now, ts: formatTimestamp(now), iso: now.toISOString() };
  }

  async createUser(input: { email: string; name: string; phone?: string | null; id?: number; is_active?: boolean }) {
    const { ts } = this.ctxNow();
    const users = await this.store.listUsers();
    const id = input.id ?? users.reduce((m, u) => Math.max(m, u.id), 0) + 1;
    const existing = users.find((u) => u.id === id);
    const user: UserRecord = {
      id,
      email: input.email,
      name: input.name,
      phone: input.phone ?? null,
      is_active: input.is_active ?? true,
      created_at: existing?.created_at ?? ts,
      updated_at: ts,
    };
    await this.store.commit([{ type: 'put_user', user }]);
    return user;
  }

  /** Registers `key` for `userId`. Only the SHA-256 of the key is stored. */
  async createApiKey(userId: number, key: string, options: { sandbox?: boolean; rate_limit?: number } = {}) {
    if (key.length < 8) throw new RangeError('api keys must have at least 8 characters');
    const user = await this.store.getUser(userId);
    if (!user) throw new RangeError(`user ${userId} does not exist`);
    const record: ApiKeyRecord = {
      key_hash: hashApiKey(key),
      user_id: userId,
      sandbox: options.sandbox ?? false,
      rate_limit: options.rate_limit ?? null,
      created_at: this.ctxNow().ts,
    };
    await this.store.commit([{ type: 'put_api_key', api_key: record }]);
  }

  async revokeApiKey(key: string): Promise<void> {
    await this.store.commit([{ type: 'delete_api_key', key_hash: hashApiKey(key) }]);
  }

  /** Tag names must be defined before searches use them. */
  async defineTag(name: string): Promise<void> {
    if (name.trim() === '' || name.includes(',') || name.includes(':')) {
      throw new RangeError('tag names are non-empty and hold no comma or colon');
    }
    await this.store.commit([{ type: 'put_tag_definition', tag: { name, created_at: this.ctxNow().ts } }]);
  }

  async removeTagDefinition(name: string): Promise<void> {
    await this.store.commit([{ type: 'delete_tag_definition', name }]);
  }

  /** Creates or edits a search profile; every edit bumps `version` and `updated_at` (48-hour rule). */
  async putSearchProfile(input: { id: string; name: string; slug: string; types: string[] }): Promise<SearchProfileRecord> {
    const prev = await this.store.getSearchProfile(input.id);
    const profile: SearchProfileRecord = {
      id: input.id,
      name: input.name,
      slug: input.slug,
      types: [...input.types],
      version: (prev?.version ?? 0) + 1,
      updated_at: this.ctxNow().ts,
    };
    await this.store.commit([{ type: 'put_search_profile', profile }]);
    return profile;
  }

  // -------------------------------------------------------------------------------------------------------------
  // Webhook outbox (WebhookOutbox: drained by `deliverWebhooks` or by the host)

  async pendingWebhooks(limit = 100): Promise<OutboxRecord[]> {
    return this.store.pendingOutbox(this.ctxNow().iso, limit);
  }

  async listWebhooks(): Promise<OutboxRecord[]> {
    return this.store.listOutbox();
  }

  async markWebhookDelivered(id: string, attempts = 1): Promise<void> {
    const r = await this.store.getOutboxRecord(id);
    if (!r) throw new RangeError(`outbox record ${id} does not exist`);
    const record: OutboxRecord = { ...r, attempts: r.attempts + attempts, delivered_at: this.ctxNow().iso, last_error: null };
    await this.store.commit([{ type: 'update_outbox', record }]);
  }

  async markWebhookFailed(id: string, error: string, retryAfterMs: number, attempts = 1): Promise<void> {
    const r = await this.store.getOutboxRecord(id);
    if (!r) throw new RangeError(`outbox record ${id} does not exist`);
    const { now } = this.ctxNow();
    const record: OutboxRecord = {
      ...r,
      attempts: r.attempts + attempts,
      last_error: error,
      next_attempt_at: new Date(now.getTime() + retryAfterMs).toISOString(),
    };
    await this.store.commit([{ type: 'update_outbox', record }]);
  }

  private outbox(events: WebhookEvent[], iso: string): StoreOp[] {
    if (events.length === 0 || this.webhookUrls.length === 0) return [];
    const records: OutboxRecord[] = [];
    for (const body of events) {
      const eventId = this.ids.next('event');
      for (const url of this.webhookUrls) {
        records.push({
          id: this.ids.next('outbox'),
          event_id: eventId,
          url,
          body,
          created_at: iso,
          attempts: 0,
          next_attempt_at: null,
          delivered_at: null,
          last_error: null,
        });
      }
    }
    return [{ type: 'append_outbox', records }];
  }

  // -------------------------------------------------------------------------------------------------------------
  // Call plumbing: authentication, rate limit, conflict retries

  /** @internal */
  async call<T>(apiKey: string, fn: (ctx: Ctx) => Promise<ApiResponse<T>>): Promise<ApiResponse<T>> {
    const keyHash = typeof apiKey === 'string' && apiKey !== '' ? hashApiKey(apiKey) : null;
    const key = keyHash !== null ? await this.store.getApiKey(keyHash) : null;
    const user = key ? await this.store.getUser(key.user_id) : null;
    if (!key || !user || !user.is_active) {
      return fail(401, 'unauthorized: missing or invalid api key (Authorization: Token <API_KEY>)');
    }
    if (this.limiter) {
      const limit = key.rate_limit ?? (key.sandbox ? this.sandboxPerMinute : this.perMinute);
      if (!this.limiter.take(key.key_hash, limit, clockDate(this.clock).getTime())) return EMPTY_429;
    }
    for (let attempt = 1; ; attempt++) {
      try {
        return await fn({ user, ...this.ctxNow() });
      } catch (e) {
        if (!(e instanceof StoreConflictError)) throw e;
        if (attempt >= this.maxConflictRetries) {
          return fail(409, 'conflict: the search was changed concurrently; retry the call');
        }
      }
    }
  }

  private async resolve(id: SearchIdParam): Promise<Resolved> {
    if (typeof id === 'number') {
      if (!Number.isSafeInteger(id) || id < 1) return { kind: 'invalid' };
      const s = await this.store.getSearch(id);
      return s ? { kind: 'found', search: s } : { kind: 'missing' };
    }
    if (typeof id !== 'string' || id.trim() === '') return { kind: 'invalid' };
    const v = id.trim();
    if (/^\d+$/.test(v)) {
      const s = (await this.store.getSearch(Number(v))) ?? (await this.store.getSearchByRef(v));
      return s ? { kind: 'found', search: s } : { kind: 'missing' };
    }
    const s = await this.store.getSearchByRef(v);
    return s ? { kind: 'found', search: s } : { kind: 'missing' };
  }

  /** Resolves or answers the failure (400 invalid id, 404 missing). */
  private async find(id: SearchIdParam): Promise<SearchRecord | FailureEnvelope> {
    const r = await this.resolve(id);
    if (r.kind === 'invalid') return invalidId();
    if (r.kind === 'missing') return notFound();
    return r.search;
  }

  private async definedTags(): Promise<Set<string>> {
    return new Set((await this.store.listTagDefinitions()).map((t) => t.name));
  }

  // -------------------------------------------------------------------------------------------------------------
  // Screening: pull results, apply the whitelist, merge re-runs

  private pull(screener: Screener, request: SearchRequest): { ok: true; value: Pulled } | { ok: false; error: FailureEnvelope } {
    const per = Math.min(PAGE, this.resultsCap);
    const comply: Hit[] = [];
    const seen = new Set<string>();
    const internal = new Map<string, Hit>();
    let first: SearchResult | undefined;
    for (let offset = 0; comply.length < this.resultsCap; offset += per) {
      const res = screener.search({ ...request, limit: per, offset });
      if (!res.ok) return res;
      first ??= res.value;
      for (const h of res.value.hits) {
        if (seen.has(h.doc.id)) continue;
        seen.add(h.doc.id);
        comply.push(h);
      }
      for (const h of res.value.blacklist_hits ?? []) if (!internal.has(h.doc.id)) internal.set(h.doc.id, h);
      if (res.value.hits.length < per || offset + per >= res.value.total_hits) break;
    }
    if (!first) throw new Error('screener returned no page');
    return { ok: true, value: { first, comply: comply.slice(0, this.resultsCap), internal: [...internal.values()] } };
  }

  private async whitelistOf(clientRef: string | null): Promise<Map<string, string>> {
    if (clientRef === null) return new Map();
    return new Map((await this.store.getWhitelist(clientRef)).map((w) => [w.entity_id, w.fingerprint]));
  }

  private freshHits(searchId: number, provider: EntityProvider, hits: Hit[], wl: Map<string, string>): HitRecord[] {
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

  /** Merges a re-run into the stored hits: statuses survive for unchanged entities; differences are computed. */
  private async merge(s: SearchRecord, pulled: Pulled, date: string, ts: string) {
    const wl = await this.whitelistOf(s.client_ref);
    const diffs: DifferenceRecord[] = [];
    const out: Record<EntityProvider, HitRecord[]> = { comply: [], internal: [] };
    const added: string[] = [];
    const removed: string[] = [];
    const updated: string[] = [];
    for (const provider of ['comply', 'internal'] as const) {
      const old = new Map((await this.store.getHits(s.id, provider)).map((h) => [h.entity_id, h]));
      const next = provider === 'comply' ? pulled.comply : pulled.internal;
      const diff = (action: DifferenceRecord['action'], doc: Hit['doc'], before: Hit['doc'] | null) => {
        const changes =
          action === 'added'
            ? { listing_types: diffList([], doc.types), sources: diffList([], doc.sources) }
            : action === 'removed'
              ? { listing_types: diffList(doc.types, []), sources: diffList(doc.sources, []) }
              : { listing_types: diffList(before?.types ?? [], doc.types), sources: diffList(before?.sources ?? [], doc.sources) };
        diffs.push({
          id: this.ids.next('difference'),
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

  // -------------------------------------------------------------------------------------------------------------
  // Rendering

  private summary(s: SearchRecord): SearchSummary {
    return {
      id: s.id,
      ref: s.ref,
      searcher_id: s.searcher_id,
      assignee_id: s.assignee_id,
      ...(s.search_profile ? { search_profile: { name: s.search_profile.name, slug: s.search_profile.slug } } : {}),
      filters: s.filters,
      match_status: s.match_status,
      risk_level: s.risk_level,
      search_term: s.search_term,
      submitted_term: s.submitted_term,
      client_ref: s.client_ref,
      total_hits: s.total_hits,
      total_matches: s.total_matches,
      total_blacklist_hits: s.total_blacklist_hits,
      created_at: s.created_at,
      updated_at: s.updated_at,
      tags: Object.keys(s.tags).length === 0 ? [] : { ...s.tags },
      labels: s.labels.map((l) => ({ ...l })),
      limit: s.limit,
      offset: s.offset,
    };
  }

  private async overview(s: SearchRecord, share: boolean, known?: Known): Promise<SearchOverview> {
    const hits = known ? known.comply.slice(s.offset, s.offset + s.limit) : await this.store.getHits(s.id, 'comply', s.offset, s.limit);
    return {
      ...this.summary(s),
      hits: hits.map((h) => h.hit),
      ...(share ? { share_url: this.shareBaseUrl + s.share_token } : {}),
    };
  }

  private async view(s: SearchRecord, share: boolean, users: boolean, known?: Known): Promise<SearchView> {
    const internal = known ? known.internal : await this.store.getHits(s.id, 'internal');
    const v: SearchView = { ...(await this.overview(s, share, known)) };
    if (users) {
      v.searcher = searchUserView(await this.store.getUser(s.searcher_id));
      v.assignee = s.assignee_id === null ? null : searchUserView(await this.store.getUser(s.assignee_id));
    }
    v.blacklist_filters = s.blacklist_filters ?? { blacklist_ids: [] };
    v.blacklist_hits = internal.map((h) => h.hit);
    return v;
  }

  private searchStatusEvent(s: SearchRecord, before: SearchStatusFields, after: SearchStatusFields): WebhookEvent {
    return {
      event: 'search_status_updated',
      data: {
        changes: { before, after },
        ref: s.ref,
        client_ref: s.client_ref ?? '',
        search_id: s.id,
        terms: [{ name: s.search_term, hits: s.total_hits }],
        filters: { exact_match: s.filters.exact_match, fuzziness: s.filters.fuzziness },
      },
    };
  }

  // -------------------------------------------------------------------------------------------------------------
  // Operations (called through SearchApi)

  /** @internal GET /users */
  async opListUsers(): Promise<ApiResponse<{ data: UserView[] }>> {
    return success({ data: (await this.store.listUsers()).map(userView) });
  }

  /** @internal POST /searches */
  async opCreateSearch(ctx: Ctx, body: unknown): Promise<ApiResponse<{ data: SearchView }>> {
    const p = new Problems();
    if (!isObject(body)) {
      p.add('invalid_body', 'the body must be a JSON object');
      return bad(p);
    }
    // search_term
    const term = body.search_term;
    let searchTerm: SearchRequest['search_term'] | undefined;
    if (typeof term === 'string') {
      if (term.trim() === '') p.add('required', 'search_term is required', 'search_term');
      else if (term.length > 255) p.add('too_long', 'search_term must be at most 255 characters', 'search_term');
      else searchTerm = term;
    } else if (isObject(term)) {
      const parts = ['last_name', 'first_name', 'middle_names'] as const;
      for (const k of Object.keys(term)) {
        if (!(parts as readonly string[]).includes(k)) p.add('unknown_field', `search_term.${k} is not allowed`, `search_term.${k}`);
      }
      if (typeof term.last_name !== 'string' || term.last_name.trim() === '') {
        p.add('required', 'search_term.last_name is required', 'search_term.last_name');
      }
      for (const k of ['first_name', 'middle_names'] as const) {
        if (term[k] !== undefined && typeof term[k] !== 'string') p.add('invalid_type', `search_term.${k} must be a string`, `search_term.${k}`);
      }
      if (p.empty) {
        const st = {
          last_name: term.last_name as string,
          ...(typeof term.first_name === 'string' ? { first_name: term.first_name } : {}),
          ...(typeof term.middle_names === 'string' ? { middle_names: term.middle_names } : {}),
        };
        if (termText(st).length > 255) p.add('too_long', 'search_term must be at most 255 characters', 'search_term');
        else searchTerm = st;
      }
    } else {
      p.add('required', 'search_term is required (a string or an object with last_name)', 'search_term');
    }
    // client_ref
    let clientRef: string | null = null;
    if (body.client_ref !== undefined && body.client_ref !== null) {
      if (typeof body.client_ref !== 'string') p.add('invalid_type', 'client_ref must be a string', 'client_ref');
      else if (body.client_ref.length > 255) p.add('too_long', 'client_ref must be at most 255 characters', 'client_ref');
      else if (body.client_ref !== '') clientRef = body.client_ref;
    }
    // fuzziness, exact_match, offset, limit, share_url
    if (body.fuzziness !== undefined && (typeof body.fuzziness !== 'number' || !(body.fuzziness >= 0 && body.fuzziness <= 1))) {
      p.add('invalid_fuzziness', 'fuzziness must be a number from 0.0 to 1.0', 'fuzziness');
    }
    if (body.exact_match !== undefined && typeof body.exact_match !== 'boolean') {
      p.add('invalid_type', 'exact_match must be a boolean', 'exact_match');
    }
    if (body.offset !== undefined && (!isInt(body.offset) || body.offset < 0)) {
      p.add('invalid_offset', 'offset must be an integer of at least 0', 'offset');
    }
    if (body.limit !== undefined && (!isInt(body.limit) || body.limit < 1 || body.limit > 100)) {
      p.add('invalid_limit', 'limit must be an integer from 1 to 100', 'limit');
    }
    if (body.share_url !== undefined && body.share_url !== 0 && body.share_url !== 1) {
      p.add('invalid_share_url', 'share_url must be 0 or 1', 'share_url');
    }
    // filters and search_profile
    let filters: Record<string, unknown> | undefined;
    if (body.filters !== undefined) {
      if (!isObject(body.filters)) p.add('invalid_type', 'filters must be an object', 'filters');
      else filters = { ...body.filters };
    }
    let profile: SearchProfileRecord | null = null;
    if (body.search_profile !== undefined) {
      if (typeof body.search_profile !== 'string' || body.search_profile === '') {
        p.add('invalid_type', 'search_profile must be a profile id', 'search_profile');
      } else if (filters?.types !== undefined) {
        p.add('exclusive', 'search_profile and filters.types are mutually exclusive', 'search_profile');
      } else {
        profile = await this.store.getSearchProfile(body.search_profile);
        if (!profile) p.add('unknown_search_profile', 'search_profile is not a profile of the account', 'search_profile');
      }
    }
    // tags
    let tags: Record<string, string> = {};
    if (body.tags !== undefined && body.tags !== null) tags = checkTags(body.tags, await this.definedTags(), p);
    if (!p.empty || searchTerm === undefined) return bad(p);

    if (profile) filters = { ...(filters ?? {}), types: [...profile.types] };
    const request: SearchRequest = {
      search_term: searchTerm,
      ...(body.fuzziness !== undefined ? { fuzziness: body.fuzziness as number } : {}),
      ...(body.exact_match !== undefined ? { exact_match: body.exact_match as boolean } : {}),
      ...(filters !== undefined ? { filters: filters as SearchRequest['filters'] } : {}),
      ...(clientRef !== null ? { client_ref: clientRef } : {}),
    };
    return this.insertSearch(ctx, {
      screener: this.current,
      request,
      profile,
      clientRef,
      tags,
      limit: (body.limit as number | undefined) ?? 100,
      offset: (body.offset as number | undefined) ?? 0,
      share: body.share_url === 1,
      kind: 'name',
    });
  }

  /** Runs the screener and stores the new search with its hits in one commit. */
  private async insertSearch(
    ctx: Ctx,
    a: {
      screener: Screener;
      request: SearchRequest;
      profile: SearchProfileRecord | null;
      clientRef: string | null;
      tags: Record<string, string>;
      limit: number;
      offset: number;
      share: boolean;
      kind: 'name' | 'reference';
    },
  ): Promise<ApiResponse<{ data: SearchView }>> {
    const pulled = this.pull(a.screener, a.request);
    if (!pulled.ok) return pulled.error;
    const r = pulled.value.first;

    const id = await this.store.nextSearchId();
    const wl = await this.whitelistOf(a.clientRef);
    const comply = this.freshHits(id, 'comply', pulled.value.comply, wl);
    const internal = this.freshHits(id, 'internal', pulled.value.internal, wl);
    const open = [...comply, ...internal].some((h) => !h.hit.is_whitelisted);
    const search: SearchRecord = {
      id,
      ref: this.ids.next('ref'),
      version: 1,
      searcher_id: ctx.user.id,
      assignee_id: null,
      search_profile: a.profile ? { id: a.profile.id, name: a.profile.name, slug: a.profile.slug } : null,
      filters: r.filters,
      match_status: open ? 'potential_match' : 'no_match',
      risk_level: 'unknown',
      search_term: r.search_term,
      submitted_term: r.submitted_term,
      client_ref: a.clientRef,
      total_hits: r.total_hits,
      total_matches: r.total_matches,
      total_blacklist_hits: r.total_blacklist_hits ?? internal.length,
      blacklist_filters: r.blacklist_filters ?? null,
      created_at: ctx.ts,
      updated_at: ctx.ts,
      limit: a.limit,
      offset: a.offset,
      share_token: this.ids.next('share'),
      tags: a.tags,
      labels: Object.entries(a.tags).map(([name, value]) => ({ type: 'tag' as const, name, value })),
      request: a.request,
      is_monitored: false,
      is_suspended: false,
      monitors: [],
      acknowledged_at: null,
      ...(a.kind === 'reference' ? { kind: 'reference' as const } : {}),
    };
    await this.store.commit([
      { type: 'insert_search', search },
      { type: 'replace_hits', search_id: id, provider: 'comply', hits: comply },
      { type: 'replace_hits', search_id: id, provider: 'internal', hits: internal },
    ]);
    // Rendered from the records just written (the same data a read-back would give).
    const data = await this.view(search, a.share, false, { comply, internal });
    return success({ data: a.kind === 'reference' ? { ...data, fuzziness: r.filters.fuzziness } : data }, { code: 200 });
  }

  /** @internal POST /searches/references (payment-reference screening) */
  async opScreenReference(ctx: Ctx, body: unknown): Promise<ApiResponse<{ data: SearchView }>> {
    const p = new Problems();
    if (!isObject(body)) {
      p.add('invalid_body', 'the body must be a JSON object');
      return bad(p);
    }
    const max = this.referenceTermMaxLength;
    const term = body.search_term;
    if (typeof term !== 'string' || term.trim() === '') p.add('required', 'search_term is required', 'search_term');
    else if (term.length > max) p.add('too_long', `search_term must be at most ${max} characters`, 'search_term');
    const clientRef = body.client_ref;
    if (typeof clientRef !== 'string' || clientRef === '') p.add('required', 'client_ref is required', 'client_ref');
    else if (clientRef.length > 255) p.add('too_long', 'client_ref must be at most 255 characters', 'client_ref');
    if (body.fuzziness !== undefined && (typeof body.fuzziness !== 'number' || !(body.fuzziness >= 0 && body.fuzziness <= 1))) {
      p.add('invalid_fuzziness', 'fuzziness must be a number from 0.0 to 1.0', 'fuzziness');
    }
    let profile: SearchProfileRecord | null = null;
    if (typeof body.search_profile !== 'string' || body.search_profile === '') {
      p.add('required', 'search_profile is required (a profile slug or id)', 'search_profile');
    } else {
      const key = body.search_profile;
      profile =
        (await this.store.getSearchProfile(key)) ?? (await this.store.listSearchProfiles()).find((x) => x.slug === key) ?? null;
      if (!profile) p.add('unknown_search_profile', 'search_profile is not a profile of the account', 'search_profile');
    }
    if (!p.empty || !profile) return bad(p);
    if (!this.currentReference) return fail(501, 'payment-reference screening is not configured (no referenceScreener)');
    const request: SearchRequest = {
      search_term: term as string,
      client_ref: clientRef as string,
      filters: { types: [...profile.types] },
      ...(body.fuzziness !== undefined ? { fuzziness: body.fuzziness as number } : {}),
    };
    return this.insertSearch(ctx, {
      screener: this.currentReference,
      request,
      profile,
      clientRef: clientRef as string,
      tags: {},
      limit: 100,
      offset: 0,
      share: false,
      kind: 'reference',
    });
  }

  private shareParam(q: { share_url?: unknown } | undefined): boolean | FailureEnvelope {
    const v = q?.share_url;
    if (v === undefined || v === 0 || v === '0' || v === false) return false;
    if (v === 1 || v === '1' || v === true) return true;
    return fail(400, 'invalid input: share_url must be 1 or 0');
  }

  /** @internal GET /searches/{id} */
  async opGetSearch(id: SearchIdParam, q?: { share_url?: unknown }): Promise<ApiResponse<{ data: SearchOverview }>> {
    const share = this.shareParam(q);
    if (typeof share !== 'boolean') return share;
    const s = await this.find(id);
    if ('status' in s) return s;
    return success({ data: await this.overview(s, share) });
  }

  /** @internal GET /searches/{id}/details */
  async opGetDetails(id: SearchIdParam, q?: { share_url?: unknown }): Promise<ApiResponse<{ data: SearchView }>> {
    const share = this.shareParam(q);
    if (typeof share !== 'boolean') return share;
    const s = await this.find(id);
    if ('status' in s) return s;
    return success({ data: await this.view(s, share, true) });
  }

  /** @internal GET /searches/{ref}/entities/{provider} */
  async opGetEntities(id: SearchIdParam, provider: string, q: { page?: unknown; per_page?: unknown } = {}): Promise<ApiResponse<Hit[]>> {
    const p = new Problems();
    if (provider !== 'comply' && provider !== 'internal') {
      p.add('invalid_provider', 'entity_provider must be comply or internal', 'entity_provider');
    }
    const perPage = q.per_page === undefined ? 100 : queryInt(q.per_page);
    const page = q.page === undefined ? 1 : queryInt(q.page);
    if (perPage === undefined || perPage < 1 || perPage > 100) p.add('invalid_per_page', 'per_page must be an integer from 1 to 100', 'per_page');
    if (page === undefined || page < 1) p.add('invalid_page', 'page must be an integer of at least 1', 'page');
    if (!p.empty) return bad(p);
    const s = await this.find(id);
    if ('status' in s) return s;
    const hits = await this.store.getHits(s.id, provider as EntityProvider, ((page as number) - 1) * (perPage as number), perPage);
    return success(hits.map((h) => h.hit));
  }

  /** @internal GET /searches/{id}/certificate */
  async opCertificate(ctx: Ctx, id: SearchIdParam, options: CertificateOptions = {}): Promise<ApiResponse<CertificateContent>> {
    const s = await this.find(id);
    if ('status' in s) return s;
    const data = await renderCertificate(
      {
        search: s,
        searcher: await this.store.getUser(s.searcher_id),
        assignee: s.assignee_id === null ? null : await this.store.getUser(s.assignee_id),
        hits: await this.store.getHits(s.id, 'comply'),
        blacklistHits: await this.store.getHits(s.id, 'internal'),
        issuedAt: ctx.now,
        issuedAtText: ctx.ts,
      },
      options,
    );
    return success({ content_type: 'application/pdf', filename: `search-${s.ref}.pdf`, data });
  }

  /** @internal PATCH /searches/{id} */
  async opUpdateSearch(ctx: Ctx, id: SearchIdParam, body: unknown): Promise<ApiResponse<{ data: SearchOverview }>> {
    const p = new Problems();
    if (!isObject(body)) {
      p.add('invalid_body', 'the body must be a JSON object');
      return bad(p);
    }
    const known = ['match_status', 'risk_level', 'assignee_id', 'limit', 'tags'];
    if (!known.some((k) => body[k] !== undefined)) {
      p.add('empty_update', `give one or more of ${known.join(', ')}`);
    }
    if (body.match_status !== undefined && !MATCH_STATUSES.includes(body.match_status as MatchStatus)) {
      p.add('invalid_match_status', `match_status must be one of ${MATCH_STATUSES.join(', ')}`, 'match_status');
    }
    if (body.risk_level !== undefined && !RISK_LEVELS.includes(body.risk_level as RiskLevel)) {
      p.add('invalid_risk_level', `risk_level must be one of ${RISK_LEVELS.join(', ')}`, 'risk_level');
    }
    if (body.limit !== undefined && (!isInt(body.limit) || body.limit < 1 || body.limit > 100)) {
      p.add('invalid_limit', 'limit must be an integer from 1 to 100', 'limit');
    }
    if (body.assignee_id !== undefined && body.assignee_id !== null) {
      if (!isInt(body.assignee_id)) p.add('invalid_assignee', 'assignee_id must be a user id', 'assignee_id');
      else if (!(await this.store.getUser(body.assignee_id))) p.add('unknown_assignee', `user ${body.assignee_id} does not exist`, 'assignee_id');
    }
    let tags: Record<string, string> = {};
    if (body.tags !== undefined) tags = checkTags(body.tags, await this.definedTags(), p);
    if (!p.empty) return bad(p);
    const s = await this.find(id);
    if ('status' in s) return s;

    const next: SearchRecord = { ...s, version: s.version + 1, updated_at: ctx.ts, tags: { ...s.tags }, labels: [...s.labels] };
    const before: SearchStatusFields = {};
    const after: SearchStatusFields = {};
    if (body.match_status !== undefined && body.match_status !== s.match_status) {
      before.match_status = s.match_status;
      after.match_status = next.match_status = body.match_status as MatchStatus;
    }
    if (body.risk_level !== undefined && body.risk_level !== s.risk_level) {
      before.risk_level = s.risk_level;
      after.risk_level = next.risk_level = body.risk_level as RiskLevel;
    }
    if (body.assignee_id !== undefined && body.assignee_id !== s.assignee_id) {
      before.assigned_to = s.assignee_id;
      after.assigned_to = next.assignee_id = body.assignee_id as number | null;
    }
    if (body.limit !== undefined) next.limit = body.limit as number;
    for (const [name, value] of Object.entries(tags)) {
      if (next.tags[name] !== value) next.labels.push({ type: 'tag', name, value });
      next.tags[name] = value;
    }
    const events = Object.keys(after).length > 0 ? [this.searchStatusEvent(next, before, after)] : [];
    await this.store.commit([{ type: 'update_search', search: next, expected_version: s.version }, ...this.outbox(events, ctx.iso)]);
    return success({ data: await this.overview(next, false) });
  }

  /** @internal PATCH /searches/{id}/entities */
  async opUpdateEntities(ctx: Ctx, id: SearchIdParam, body: unknown): Promise<ApiResponse<EntitiesUpdateView>> {
    const p = new Problems();
    if (!isObject(body)) {
      p.add('invalid_body', 'the body must be a JSON object');
      return bad(p);
    }
    const entities = body.entities;
    if (!Array.isArray(entities) || entities.length === 0 || !entities.every((e) => typeof e === 'string' && e !== '')) {
      p.add('invalid_entities', 'entities must be a non-empty array of entity ids', 'entities');
    }
    const status = body.match_status as MatchStatus | undefined;
    if (status !== undefined && !ENTITY_MATCH_STATUSES.includes(status)) {
      p.add('invalid_match_status', `match_status must be one of ${ENTITY_MATCH_STATUSES.join(', ')}`, 'match_status');
    }
    if (body.risk_level !== undefined && !RISK_LEVELS.includes(body.risk_level as RiskLevel)) {
      p.add('invalid_risk_level', `risk_level must be one of ${RISK_LEVELS.join(', ')}`, 'risk_level');
    }
    if (body.is_whitelisted !== undefined && typeof body.is_whitelisted !== 'boolean') {
      p.add('invalid_type', 'is_whitelisted must be a boolean', 'is_whitelisted');
    }
    if (status === undefined && body.risk_level === undefined && body.is_whitelisted === undefined) {
      p.add('empty_update', 'give one or more of match_status, risk_level, is_whitelisted');
    }
    if (body.is_whitelisted === true && status !== undefined && status !== 'false_positive') {
      p.add('conflict', 'is_whitelisted true requires match_status false_positive', 'is_whitelisted');
    }
    if (!p.empty) return bad(p);
    const s = await this.find(id);
    if ('status' in s) return s;
    if (body.is_whitelisted === true && s.client_ref === null) {
      return fail(400, 'invalid input: whitelisting needs a search with a client_ref', [
        problem('no_client_ref', 'whitelisting needs a search with a client_ref', 'is_whitelisted'),
      ]);
    }
    const all = [...(await this.store.getHits(s.id, 'comply')), ...(await this.store.getHits(s.id, 'internal'))];
    const byId = new Map(all.map((h) => [h.entity_id, h]));
    const ids = [...new Set(entities as string[])];
    for (const e of ids) {
      if (!byId.has(e)) p.add('unknown_entity', `entity ${e} is not a result of search ${s.ref}`, 'entities');
    }
    if (!p.empty) return bad(p);

    const ops: StoreOp[] = [];
    const events: WebhookEvent[] = [];
    const updated: HitRecord[] = [];
    const next: SearchRecord = { ...s, version: s.version + 1, updated_at: ctx.ts };
    for (const e of ids) {
      const cur = byId.get(e) as HitRecord;
      const wasWl = cur.hit.is_whitelisted === true;
      let newStatus = status ?? cur.hit.match_status;
      let newWl = wasWl;
      if (body.is_whitelisted !== undefined) newWl = body.is_whitelisted as boolean;
      else if (status === 'false_positive') newWl = s.client_ref !== null;
      else if (status !== undefined) newWl = false;
      if (newWl && body.is_whitelisted === true && status === undefined) newStatus = 'false_positive';
      const rec: HitRecord = {
        ...cur,
        hit: {
          ...cur.hit,
          match_status: newStatus,
          risk_level: (body.risk_level as RiskLevel | undefined) ?? cur.hit.risk_level,
          is_whitelisted: newWl,
        },
      };
      updated.push(rec);
      if (newWl && s.client_ref !== null) {
        const entry: WhitelistRecord = {
          client_ref: s.client_ref,
          entity_id: e,
          fingerprint: cur.fingerprint,
          search_id: s.id,
          user_id: ctx.user.id,
          created_at: ctx.ts,
        };
        ops.push({ type: 'put_whitelist', entry });
      } else if (wasWl && !newWl && s.client_ref !== null) {
        ops.push({ type: 'delete_whitelist', client_ref: s.client_ref, entity_id: e });
      }
      const statusChanged = newStatus !== cur.hit.match_status;
      if (statusChanged || newWl !== wasWl) {
        const data: MatchStatusUpdatedData = {
          client_ref: s.client_ref ?? '',
          search_id: String(s.id),
          entity_id: e,
          ...(statusChanged ? { entity_match_status: newStatus as MatchStatusUpdatedData['entity_match_status'] } : {}),
          ...(newWl !== wasWl ? { is_whitelisted: newWl } : {}),
          tags: { ...s.tags },
        };
        events.push({ event: 'match_status_updated', data });
      }
    }
    await this.store.commit([
      { type: 'update_search', search: next, expected_version: s.version },
      { type: 'update_hits', hits: updated },
      ...ops,
      ...this.outbox(events, ctx.iso),
    ]);
    return success({
      ...this.summary(next),
      hits: updated.map((h) => ({
        doc: { id: h.entity_id },
        match_status: h.hit.match_status,
        is_whitelisted: h.hit.is_whitelisted === true,
        risk_level: h.hit.risk_level,
        match_types: h.hit.match_types,
        score: h.hit.score,
      })),
    });
  }

  /** @internal DELETE /searches/{id} */
  async opDeleteSearch(id: SearchIdParam): Promise<ApiResponse<never>> {
    const s = await this.find(id);
    if ('status' in s) return s;
    await this.store.commit([{ type: 'delete_search', id: s.id, expected_version: s.version }]);
    return EMPTY_204;
  }

  /** @internal GET /searches */
  async opListSearches(query: Record<string, unknown> = {}): Promise<ApiResponse<{ data: SearchSummary[] }>> {
    const p = new Problems();
    const q: Omit<SearchQuery, 'limit'> = {};
    const canon: [string, string][] = [];
    const int = (name: 'assignee_id' | 'searcher_id') => {
      const v = query[name];
      if (v === undefined) return;
      const n = queryInt(v);
      if (n === undefined || n < 1) p.add(`invalid_${name}`, `${name} must be a user id`, name);
      else {
        q[name] = n;
        canon.push([name, String(n)]);
      }
    };
    int('assignee_id');
    int('searcher_id');
    if (query.risk_level !== undefined) {
      const l = queryList(query.risk_level);
      if (!l || l.length === 0 || !l.every((x) => RISK_LEVELS.includes(x as RiskLevel))) {
        p.add('invalid_risk_level', `risk_level must be one or more of ${RISK_LEVELS.join(', ')}`, 'risk_level');
      } else {
        q.risk_levels = l as RiskLevel[];
        canon.push(['risk_level', l.join(',')]);
      }
    }
    if (query.match_status !== undefined) {
      const l = queryList(query.match_status);
      if (!l || l.length === 0 || !l.every((x) => MATCH_STATUSES.includes(x as MatchStatus))) {
        p.add('invalid_match_status', `match_status must be one or more of ${MATCH_STATUSES.join(', ')}`, 'match_status');
      } else {
        q.match_statuses = l as MatchStatus[];
        canon.push(['match_status', l.join(',')]);
      }
    }
    for (const name of ['submitted_term', 'search_term', 'client_ref'] as const) {
      const v = query[name];
      if (v === undefined) continue;
      if (typeof v !== 'string' || v.trim() === '') p.add(`invalid_${name}`, `${name} must be a non-empty string`, name);
      else if (name === 'search_term' && v.trim().length < 3) p.add('search_term_too_short', 'search_term must be at least 3 characters', name);
      else {
        q[name] = name === 'client_ref' ? v : v.trim();
        canon.push([name, q[name] as string]);
      }
    }
    for (const name of ['created_at_from', 'created_at_to'] as const) {
      const v = query[name];
      if (v === undefined) continue;
      if (typeof v !== 'string' || !isDate(v)) p.add('invalid_date', `${name} must be a date yyyy-mm-dd`, name);
      else {
        q[name] = v;
        canon.push([name, v]);
      }
    }
    if (query.tags !== undefined) {
      const l = queryList(query.tags);
      const pairs = (l ?? []).map((x) => {
        const i = x.indexOf(':');
        return i > 0 && i < x.length - 1 ? { name: x.slice(0, i), value: x.slice(i + 1) } : null;
      });
      if (!l || l.length === 0 || pairs.some((x) => x === null)) p.add('invalid_tags', 'tags must be comma-separated name:value pairs', 'tags');
      else {
        q.tags = pairs as { name: string; value: string }[];
        canon.push(['tags', l.join(',')]);
      }
    }
    if (query.tags_logical_operator !== undefined) {
      const v = typeof query.tags_logical_operator === 'string' ? query.tags_logical_operator.toUpperCase() : '';
      if (v !== 'OR' && v !== 'AND') p.add('invalid_tags_logical_operator', 'tags_logical_operator must be OR or AND', 'tags_logical_operator');
      else {
        q.tags_logical_operator = v;
        canon.push(['tags_logical_operator', v]);
      }
    }
    if (query.monitored !== undefined) {
      const v = String(query.monitored);
      if (!MONITORED.includes(v as MonitoredFilter)) p.add('invalid_monitored', 'monitored must be suspended, un-suspended or false', 'monitored');
      else {
        q.monitored = v as MonitoredFilter;
        canon.push(['monitored', v]);
      }
    }
    if (query.sort_by !== undefined) {
      if (!SORT_BY.includes(query.sort_by as SortBy)) p.add('invalid_sort_by', `sort_by must be one of ${SORT_BY.join(', ')}`, 'sort_by');
      else q.sort_by = query.sort_by as SortBy;
    }
    if (query.sort_dir !== undefined) {
      const v = typeof query.sort_dir === 'string' ? query.sort_dir.toUpperCase() : '';
      if (v !== 'ASC' && v !== 'DESC') p.add('invalid_sort_dir', 'sort_dir must be ASC or DESC', 'sort_dir');
      else q.sort_dir = v;
    }
    const perPage = query.per_page === undefined ? DEFAULT_PER_PAGE : queryInt(query.per_page);
    if (perPage === undefined || perPage < 1 || perPage > 100) p.add('invalid_per_page', 'per_page must be an integer from 1 to 100', 'per_page');
    const pageIn = query.page === undefined ? undefined : queryInt(query.page);
    if (query.page !== undefined && (pageIn === undefined || pageIn < 1)) p.add('invalid_page', 'page must be an integer of at least 1', 'page');
    const filterKey = queryKey(canon);
    let token: ReturnType<typeof decodeToken> = null;
    if (query.token !== undefined) {
      token = typeof query.token === 'string' ? decodeToken(query.token) : null;
      if (!token) p.add('invalid_token', 'token is not a token of this listing', 'token');
      else if (token.f !== filterKey) p.add('invalid_token', 'token was issued for other filters', 'token');
      if (query.sort_by !== undefined || query.sort_dir !== undefined) {
        p.add('sort_with_token', 'sort_by cannot be used with token pagination', 'sort_by');
      }
    }
    if (!p.empty) return bad(p);
    const per = perPage as number;
    const base = canon.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
    const href = (extra: [string, string][]) =>
      `/searches?${[...base, ...extra.map(([k, v]) => `${k}=${encodeURIComponent(v)}`)].join('&')}`;
    const sortParams: [string, string][] = [
      ...(q.sort_by ? [['sort_by', q.sort_by] as [string, string]] : []),
      ...(q.sort_dir ? [['sort_dir', q.sort_dir] as [string, string]] : []),
    ];

    const tokenMode = token !== null || (pageIn === undefined && q.sort_by === undefined && q.sort_dir === undefined);
    if (tokenMode) {
      const page = token?.page ?? 1;
      let rows: SearchRecord[];
      let more: boolean;
      if (token?.d === 'p') {
        rows = await this.store.querySearches({ ...q, before_id: token.id, limit: per });
        more = true;
      } else {
        const got = await this.store.querySearches({ ...q, ...(token ? { after_id: token.id } : { after_id: 0 }), limit: per + 1 });
        more = got.length > per;
        rows = got.slice(0, per);
      }
      const links: Links = {};
      const first = rows[0];
      const last = rows[rows.length - 1];
      if (more && last) {
        links.next = href([['page', String(page + 1)], ['per_page', String(per)], ['token', encodeToken({ d: 'n', id: last.id, page: page + 1, f: filterKey })]]);
      }
      if (page > 1 && first) {
        links.previous = href([['page', String(page - 1)], ['per_page', String(per)], ['token', encodeToken({ d: 'p', id: first.id, page: page - 1, f: filterKey })]]);
      }
      return success({ data: rows.map((s) => this.summary(s)) }, { links });
    }
    const page = pageIn ?? 1;
    if (page * per > COMMON_PAGINATION_CAP) {
      return fail(400, `invalid input: page and per_page are limited to ${COMMON_PAGINATION_CAP} records (page * per_page must not exceed ${COMMON_PAGINATION_CAP})`, [
        problem('pagination_limit', `common pagination is limited to ${COMMON_PAGINATION_CAP} records`, 'page'),
      ]);
    }
    const got = await this.store.querySearches({ ...q, offset: (page - 1) * per, limit: per + 1 });
    const rows = got.slice(0, per);
    const links: Links = {};
    if (got.length > per && (page + 1) * per <= COMMON_PAGINATION_CAP) {
      links.next = href([...sortParams, ['page', String(page + 1)], ['per_page', String(per)]]);
    }
    if (page > 1) links.previous = href([...sortParams, ['page', String(page - 1)], ['per_page', String(per)]]);
    return success({ data: rows.map((s) => this.summary(s)) }, { links });
  }

  /** @internal GET /searches/{id}/monitors */
  async opGetMonitors(id: SearchIdParam): Promise<ApiResponse<MonitorsView>> {
    const s = await this.find(id);
    if ('status' in s) return s;
    return success(this.monitorsView(s));
  }

  private monitorsView(s: SearchRecord): MonitorsView {
    return { search_id: s.id, ref: s.ref, is_monitored: s.is_monitored, monitors: s.monitors.map((m) => ({ ...m })) };
  }

  /** @internal PATCH /searches/{id}/monitors */
  async opUpdateMonitors(ctx: Ctx, id: SearchIdParam, body: unknown): Promise<ApiResponse<MonitorsView>> {
    if (!isObject(body) || typeof body.is_monitored !== 'boolean') {
      return fail(400, 'invalid input: is_monitored must be a boolean', [problem('invalid_is_monitored', 'is_monitored must be a boolean', 'is_monitored')]);
    }
    const s = await this.find(id);
    if ('status' in s) return s;
    if (body.is_monitored === s.is_monitored) return success(this.monitorsView(s));
    if (!body.is_monitored) {
      const next: SearchRecord = { ...s, version: s.version + 1, updated_at: ctx.ts, is_monitored: false, is_suspended: false, monitors: [] };
      await this.store.commit([{ type: 'update_search', search: next, expected_version: s.version }]);
      return success(this.monitorsView(next));
    }
    // Start: the original search is updated with the latest run (a baseline: no differences, no event).
    const screener = this.screenerFor(s);
    if (!screener) return fail(501, 'payment-reference screening is not configured (no referenceScreener)');
    const pulled = this.pull(screener, s.request);
    if (!pulled.ok) return pulled.error;
    const merged = await this.merge(s, pulled.value, formatDate(ctx.now), ctx.ts);
    const next: SearchRecord = {
      ...this.withTotals(s, pulled.value.first, merged.hits.internal.length),
      version: s.version + 1,
      updated_at: ctx.ts,
      is_monitored: true,
      is_suspended: false,
      monitors: [{ monitored_by: ctx.user.id, created_at: ctx.ts, updated_at: ctx.ts }],
    };
    await this.store.commit([
      { type: 'update_search', search: next, expected_version: s.version },
      { type: 'replace_hits', search_id: s.id, provider: 'comply', hits: merged.hits.comply },
      { type: 'replace_hits', search_id: s.id, provider: 'internal', hits: merged.hits.internal },
    ]);
    return success(this.monitorsView(next));
  }

  private withTotals(s: SearchRecord, r: SearchResult, internalCount: number): SearchRecord {
    return {
      ...s,
      total_hits: r.total_hits,
      total_matches: r.total_matches,
      total_blacklist_hits: r.total_blacklist_hits ?? internalCount,
      filters: r.filters,
    };
  }

  /** @internal GET /searches/{id}/monitor/differences */
  async opDifferences(ctx: Ctx, id: SearchIdParam, q: { date?: unknown } = {}): Promise<ApiResponse<DifferenceView[]>> {
    let date = formatDate(ctx.now);
    if (q.date !== undefined) {
      if (typeof q.date !== 'string' || !isDate(q.date)) {
        return fail(400, 'invalid input: date must be yyyy-mm-dd', [problem('invalid_date', 'date must be yyyy-mm-dd', 'date')]);
      }
      date = q.date;
    }
    const s = await this.find(id);
    if ('status' in s) return s;
    const diffs = await this.store.getDifferences(s.id, date);
    return success(
      diffs.map((d) => ({
        action: d.action,
        name: d.name,
        entity_id: d.entity_id,
        listing_types: d.listing_types,
        sources: d.sources,
        changes: d.changes,
      })),
    );
  }

  /** @internal POST /searches/{id}/monitor/acknowledge */
  async opAcknowledge(ctx: Ctx, id: SearchIdParam): Promise<ApiResponse<never>> {
    const s = await this.find(id);
    if ('status' in s) return s;
    if (!s.is_monitored) return fail(400, 'search is not monitored');
    const next: SearchRecord = { ...s, version: s.version + 1, acknowledged_at: ctx.ts };
    await this.store.commit([{ type: 'update_search', search: next, expected_version: s.version }]);
    return EMPTY_204;
  }

  /** @internal PATCH /searches/{id}/search-profile */
  async opUpdateSearchProfile(
    ctx: Ctx,
    id: SearchIdParam,
    body: unknown,
  ): Promise<ApiResponse<{ data: { search_profile: { id: string; version: number }; ref: string } }>> {
    const r = await this.resolve(id);
    if (r.kind !== 'found') return fail(400, 'search not found');
    const s = r.search;
    if (!s.is_monitored) return fail(400, 'search is not monitored');
    let parsed: unknown = body;
    if (typeof body === 'string') {
      try {
        parsed = JSON.parse(body) as unknown;
      } catch {
        return fail(400, 'cannot decode JSON body of request');
      }
    }
    if (!isObject(parsed) || !isObject(parsed.search_profile) || typeof parsed.search_profile.id !== 'string') {
      return fail(400, 'cannot decode JSON body of request');
    }
    const profile = await this.store.getSearchProfile(parsed.search_profile.id);
    if (!profile) return fail(400, 'search_profile.id invalid in JSON body of request');
    if (s.search_profile) {
      const cur = await this.store.getSearchProfile(s.search_profile.id);
      if (cur && ctx.now.getTime() - parseTimestamp(cur.updated_at) < 48 * HOUR_MS) {
        return fail(400, `current search profile id ${cur.id} associated to search ${s.ref} was modified within 48 hours.`);
      }
    }
    const filters = { ...(s.request.filters ?? {}), types: [...profile.types] };
    const next: SearchRecord = {
      ...s,
      version: s.version + 1,
      updated_at: ctx.ts,
      search_profile: { id: profile.id, name: profile.name, slug: profile.slug },
      request: { ...s.request, filters },
      filters: { ...s.filters, types: [...profile.types] },
    };
    await this.store.commit([{ type: 'update_search', search: next, expected_version: s.version }]);
    return success({ data: { search_profile: { id: profile.id, version: profile.version }, ref: s.ref } });
  }

  /** @internal POST /searches/{id}/comments */
  async opAddComment(ctx: Ctx, id: SearchIdParam, body: unknown): Promise<ApiResponse<never>> {
    const p = new Problems();
    if (!isObject(body) || typeof body.comment !== 'string' || body.comment.trim() === '') {
      p.add('required', 'comment is required', 'comment');
    }
    const entityId = isObject(body) ? body.entity_id : undefined;
    if (entityId !== undefined && entityId !== null && (typeof entityId !== 'string' || entityId === '')) {
      p.add('invalid_entity_id', 'entity_id must be an entity id', 'entity_id');
    }
    if (!p.empty) return bad(p);
    const s = await this.find(id);
    if ('status' in s) return s;
    if (typeof entityId === 'string') {
      const known = [...(await this.store.getHits(s.id, 'comply')), ...(await this.store.getHits(s.id, 'internal'))].some(
        (h) => h.entity_id === entityId,
      );
      if (!known) return fail(400, `invalid input: entity ${entityId} is not a result of search ${s.ref}`);
    }
    const comment: CommentRecord = {
      id: this.ids.next('comment'),
      search_id: s.id,
      created_at: ctx.ts,
      message: (body as { comment: string }).comment,
      user_id: ctx.user.id,
      entity_id: typeof entityId === 'string' ? entityId : null,
    };
    await this.store.commit([{ type: 'insert_comment', comment }]);
    return EMPTY_204;
  }

  /** @internal GET /searches/{id}/comments */
  async opListComments(id: SearchIdParam): Promise<ApiResponse<CommentView[]>> {
    const s = await this.find(id);
    if ('status' in s) return s;
    return success(
      (await this.store.getComments(s.id)).map((c) => ({
        id: c.id,
        created_at: c.created_at,
        message: c.message,
        user_id: c.user_id,
        ...(c.entity_id !== null ? { entity_id: c.entity_id } : {}),
      })),
    );
  }

  /** @internal DELETE /searches/{id}/tags/{tag_name} (id: the numeric search id) */
  async opDeleteTag(ctx: Ctx, id: SearchIdParam, tagName: string): Promise<ApiResponse<never>> {
    const n = typeof id === 'number' ? id : /^\d+$/.test(String(id)) ? Number(id) : NaN;
    if (!Number.isSafeInteger(n) || n < 1) return fail(400, 'invalid input: id must be the numeric search id');
    const s = await this.store.getSearch(n);
    if (!s) return fail(400, 'invalid input: search not found');
    if (typeof tagName !== 'string' || !(tagName in s.tags)) {
      return fail(400, `invalid input: tag ${JSON.stringify(tagName)} is not on search ${s.id}`);
    }
    const tags = { ...s.tags };
    delete tags[tagName];
    const next: SearchRecord = {
      ...s,
      version: s.version + 1,
      updated_at: ctx.ts,
      tags,
      labels: s.labels.filter((l) => l.name !== tagName),
    };
    await this.store.commit([{ type: 'update_search', search: next, expected_version: s.version }]);
    return EMPTY_204;
  }

  // -------------------------------------------------------------------------------------------------------------
  // Monitoring (host side)

  /**
   * The host calls this when it loads a new list version: `newScreener` becomes the service's screener, and every
   * monitored, not suspended search is re-run against it. Changes are stored as the day's differences and
   * announced with `monitored_search_updated`. Each search is one transaction.
   */
  async rescreenMonitored(newScreener: Screener, newReferenceScreener?: Screener): Promise<RescreenReport> {
    this.current = newScreener;
    if (newReferenceScreener) this.currentReference = newReferenceScreener;
    const report: RescreenReport = { rescreened: 0, changed: [], suspended: [], failed: [] };
    for (const id of await this.store.listMonitoredSearchIds()) {
      for (let attempt = 1; ; attempt++) {
        try {
          const s = await this.store.getSearch(id);
          if (!s || !s.is_monitored) break;
          if (s.is_suspended) {
            report.suspended.push(id);
            break;
          }
          const screener = this.screenerFor(s);
          const pulled: ReturnType<ScreeningService['pull']> = screener
            ? this.pull(screener, s.request)
            : { ok: false, error: fail(501, 'payment-reference screening is not configured (no referenceScreener)') };
          if (!pulled.ok) {
            report.failed.push({ search_id: id, error: pulled.error });
            break;
          }
          const { now, ts, iso } = this.ctxNow();
          const m = await this.merge(s, pulled.value, formatDate(now), ts);
          const next: SearchRecord = {
            ...this.withTotals(s, pulled.value.first, m.hits.internal.length),
            version: s.version + 1,
            updated_at: m.diffs.length > 0 ? ts : s.updated_at,
            monitors: s.monitors.map((x) => ({ ...x, updated_at: ts })),
          };
          const events: WebhookEvent[] =
            m.diffs.length > 0
              ? [
                  {
                    event: 'monitored_search_updated',
                    data: { search_id: s.id, updated: m.updated, new: m.added, removed: m.removed, is_suspended: false },
                  },
                ]
              : [];
          await this.store.commit([
            { type: 'update_search', search: next, expected_version: s.version },
            { type: 'replace_hits', search_id: s.id, provider: 'comply', hits: m.hits.comply },
            { type: 'replace_hits', search_id: s.id, provider: 'internal', hits: m.hits.internal },
            ...(m.diffs.length > 0 ? [{ type: 'insert_differences' as const, differences: m.diffs }] : []),
            ...this.outbox(events, iso),
          ]);
          report.rescreened++;
          if (m.diffs.length > 0) report.changed.push(id);
          break;
        } catch (e) {
          if (!(e instanceof StoreConflictError) || attempt >= this.maxConflictRetries) throw e;
        }
      }
    }
    return report;
  }

  /**
   * Suspends or resumes monitoring of a search (host side; the spec shows the state, not who sets it).
   * A change of state appends `monitored_search_updated` with empty entity lists.
   */
  async setMonitorSuspended(id: SearchIdParam, suspended: boolean): Promise<ApiResponse<MonitorsView>> {
    for (let attempt = 1; ; attempt++) {
      try {
        const s = await this.find(id);
        if ('status' in s) return s;
        if (!s.is_monitored) return fail(400, 'search is not monitored');
        if (s.is_suspended === suspended) return success(this.monitorsView(s));
        const { ts, iso } = this.ctxNow();
        const next: SearchRecord = { ...s, version: s.version + 1, updated_at: ts, is_suspended: suspended };
        const event: WebhookEvent = {
          event: 'monitored_search_updated',
          data: { search_id: s.id, updated: [], new: [], removed: [], is_suspended: suspended },
        };
        await this.store.commit([{ type: 'update_search', search: next, expected_version: s.version }, ...this.outbox([event], iso)]);
        return success(this.monitorsView(next));
      } catch (e) {
        if (!(e instanceof StoreConflictError) || attempt >= this.maxConflictRetries) throw e;
      }
    }
  }

  /** @internal the deprecated endpoints */
  gone(): FailureEnvelope {
    return fail(410, DEPRECATION_MESSAGE);
  }
}

function queryKey(canon: [string, string][]): string {
  // A short, stable key of the filters a token was issued for (not a secret).
  let h = 0x811c9dc5;
  for (const ch of JSON.stringify(canon)) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36);
}

// ---------------------------------------------------------------------------------------------------------------

/**
 * The spec's endpoints, each called as the user of one api key. Unknown or revoked keys (and inactive users)
 * answer 401; over the rate limit, `{ status: 'empty', code: 429 }`.
 */
export class SearchApi {
  constructor(
    private readonly service: ScreeningService,
    private readonly apiKey: string,
  ) {}

  /** GET /users */
  listUsers() {
    return this.service.call(this.apiKey, () => this.service.opListUsers());
  }
  /** POST /searches */
  createSearch(body: unknown) {
    return this.service.call(this.apiKey, (ctx) => this.service.opCreateSearch(ctx, body));
  }
  /** POST /searches/references: screens a payment reference as a search (needs `referenceScreener`). */
  screenPaymentReference(body: unknown) {
    return this.service.call(this.apiKey, (ctx) => this.service.opScreenReference(ctx, body));
  }
  /** GET /searches */
  listSearches(query: Record<string, unknown> = {}) {
    return this.service.call(this.apiKey, () => this.service.opListSearches(query));
  }
  /** GET /searches/{id} */
  getSearch(id: SearchIdParam, query?: { share_url?: unknown }) {
    return this.service.call(this.apiKey, () => this.service.opGetSearch(id, query));
  }
  /** GET /searches/{id}/details */
  getSearchDetails(id: SearchIdParam, query?: { share_url?: unknown }) {
    return this.service.call(this.apiKey, () => this.service.opGetDetails(id, query));
  }
  /** GET /searches/{ref}/entities/{entity_provider} */
  getSearchEntities(id: SearchIdParam, provider: string, query?: { page?: unknown; per_page?: unknown }) {
    return this.service.call(this.apiKey, () => this.service.opGetEntities(id, provider, query));
  }
  /** GET /searches/{id}/certificate */
  getCertificate(id: SearchIdParam, options?: CertificateOptions) {
    return this.service.call(this.apiKey, (ctx) => this.service.opCertificate(ctx, id, options));
  }
  /** PATCH /searches/{id} */
  updateSearch(id: SearchIdParam, body: unknown) {
    return this.service.call(this.apiKey, (ctx) => this.service.opUpdateSearch(ctx, id, body));
  }
  /** PATCH /searches/{id}/entities */
  updateSearchEntities(id: SearchIdParam, body: unknown) {
    return this.service.call(this.apiKey, (ctx) => this.service.opUpdateEntities(ctx, id, body));
  }
  /** DELETE /searches/{id} */
  deleteSearch(id: SearchIdParam) {
    return this.service.call(this.apiKey, () => this.service.opDeleteSearch(id));
  }
  /** GET /searches/{id}/monitors */
  getMonitors(id: SearchIdParam) {
    return this.service.call(this.apiKey, () => this.service.opGetMonitors(id));
  }
  /** PATCH /searches/{id}/monitors */
  updateMonitors(id: SearchIdParam, body: unknown) {
    return this.service.call(this.apiKey, (ctx) => this.service.opUpdateMonitors(ctx, id, body));
  }
  /** GET /searches/{id}/monitor/differences */
  getMonitorDifferences(id: SearchIdParam, query?: { date?: unknown }) {
    return this.service.call(this.apiKey, (ctx) => this.service.opDifferences(ctx, id, query));
  }
  /** POST /searches/{id}/monitor/acknowledge */
  acknowledgeMonitor(id: SearchIdParam) {
    return this.service.call(this.apiKey, (ctx) => this.service.opAcknowledge(ctx, id));
  }
  /** PATCH /searches/{id}/search-profile (body: object or raw JSON text) */
  updateSearchProfile(id: SearchIdParam, body: unknown) {
    return this.service.call(this.apiKey, (ctx) => this.service.opUpdateSearchProfile(ctx, id, body));
  }
  /** POST /searches/{id}/comments */
  addComment(id: SearchIdParam, body: unknown) {
    return this.service.call(this.apiKey, (ctx) => this.service.opAddComment(ctx, id, body));
  }
  /** GET /searches/{id}/comments */
  listComments(id: SearchIdParam) {
    return this.service.call(this.apiKey, () => this.service.opListComments(id));
  }
  /** DELETE /searches/{id}/tags/{tag_name} */
  deleteSearchTag(id: SearchIdParam, tagName: string) {
    return this.service.call(this.apiKey, (ctx) => this.service.opDeleteTag(ctx, id, tagName));
  }
  /** GET /entity/{entity_id} — deprecated: 410. */
  getEntity(_entityId: string) {
    return this.service.call<never>(this.apiKey, async () => this.service.gone());
  }
  /** POST /entity/search — deprecated: 410 (use createSearch). */
  searchEntities(_body: unknown) {
    return this.service.call<never>(this.apiKey, async () => this.service.gone());
  }
  /** PATCH /searches/{id}/entity/{eid} — deprecated: 410 (use updateSearch / updateSearchEntities). */
  updateSearchEntity(_id: SearchIdParam, _entityId: string, _body: unknown) {
    return this.service.call<never>(this.apiKey, async () => this.service.gone());
  }
}

export function createScreeningService(options: ScreeningServiceOptions): ScreeningService {
  return new ScreeningService(options);
}
