/**
 * What every endpoint module of the service shares: the options and ports (`ServiceContext`), the per-call
 * context (`Ctx`: the caller and the time of the call), the response envelopes, the call plumbing
 * (authentication, rate limit, conflict retries) and the resolution of a `{id}` path parameter.
 */
import { failureEnvelope, problem, type FailureEnvelope, type Problem } from '../errors.js';
import type { Screener } from '../screening/types.js';
import { hashApiKey } from './fingerprint.js';
import { ScreenerHolds } from './screener-holds.js';
import { canScreenReferences, referenceScreenerOf } from './reference-screener.js';
import { DEFAULT_RATE_LIMIT, DEFAULT_SANDBOX_RATE_LIMIT, SlidingWindowRateLimiter, type RateLimiter, type RateLimitOptions } from './rate-limit.js';
import { StoreConflictError, type ServiceStore } from './store.js';
import { clockDate, formatTimestamp } from './time.js';
import type { AccountRecord, ApiResponse, Clock, Empty, IdGenerator, Links, SearchRecord, Success, UserRecord } from './types.js';
import { isInt, type Problems } from './validate.js';
import { createMemoryListVersions, type ListVersion, type ListVersionStore } from './list-versions.js';
import { checkWebhookUrl, type WebhookUrlPolicy } from './webhook-url.js';
import { FailureLimiter, type FailureLimitOptions } from '../tokens/failures.js';

export interface ScreeningServiceOptions {
  store: ServiceStore;
  clock: Clock;
  ids: IdGenerator;
  screener: Screener;
  /**
   * Webhook URLs of the default account (other accounts set theirs in their settings). Checked against
   * `webhookPolicy`; a RangeError names a refused one.
   */
  webhookUrls?: readonly string[];
  /** Signs the bodies sent to `webhookUrls` (required with them). */
  webhookSecret?: string;
  /** Which webhook URLs may be configured and called (default: https to public addresses only). */
  webhookPolicy?: WebhookUrlPolicy;
  /** Results pulled and stored on search creation: 100 by default, up to 500. */
  resultsCap?: number;
  /** Rate limit per api key; `false` turns it off. */
  rateLimit?: RateLimitOptions | false;
  /**
   * Failed api-key lookups allowed, over all keys, within a window (default 1000 per minute); past it every call
   * answers 429 until the window moves on, so keys cannot be guessed at memory speed. `false` turns it off.
   */
  authFailures?: FailureLimitOptions | false;
  /** Prefix of `share_url`; the share token is appended. */
  shareBaseUrl?: string;
  /** Attempts of one operation when a concurrent update wins the race (default 5). */
  maxConflictRetries?: number;
  /**
   * The payment-reference screener of POST /searches/references (same interface; `search_term` = the reference).
   * Default: `screenReference` of `screener` when it has one (a screener made by `createScreener`).
   */
  referenceScreener?: Screener;
  /** Longest payment reference: 255 (default) or 290 for the regional class of users the spec mentions. */
  referenceTermMaxLength?: 255 | 290;
  /**
   * The shape of `match_types_details` in name-search hits: `list` (default; objects with `matching_name`, ...) or
   * `keyed` (an object keyed by matching name), the spec's two shapes. A POST /searches body may ask for one with
   * `details_shape` (a tamis extension).
   */
  detailsShape?: 'list' | 'keyed';
  /**
   * Where list versions are recorded and their re-screening claimed (`loadListVersion`). Default: in this process.
   * Instances sharing a store share this too (`createPostgresListVersions` of `tamis/postgres`), so they agree on
   * the version and monitoring re-screens once per version, not once per instance.
   */
  listVersions?: ListVersionStore;
  /** Names this instance in re-screening claims (default: a fresh id). */
  instanceId?: string;
  /** A re-screening claim not completed within this time may be taken over by another instance (default 15 minutes). */
  rescreenClaimStaleMs?: number;
}

/** `{id}` of the paths: the numeric search id (number or digit string) or the search ref. */
export type SearchIdParam = number | string;

export const PAGE = 100;
const MAX_RESULTS_CAP = 500;

/** The screeners a search runs against: those current when it started (`ServiceContext.withScreeners`). */
export interface HeldScreeners {
  readonly screener: Screener;
  readonly referenceScreener: Screener | null;
}

/** The screener a stored search re-runs against (null: a reference search without a reference screener). */
export function screenerFor(held: HeldScreeners, s: Pick<SearchRecord, 'kind'>): Screener | null {
  return s.kind === 'reference' ? held.referenceScreener : held.screener;
}

/** The ports and settings of one service instance; `screener` and `referenceScreener` change on list reloads. */
export class ServiceContext implements HeldScreeners {
  /** The current screener (`screener`) and the searches in flight on each screener (screener-holds.ts). */
  readonly holds: ScreenerHolds;
  referenceScreener: Screener | null;
  /** The reference screener is the default one, derived from `screener` (and follows it on list reloads). */
  private referenceDerived: boolean;
  readonly referenceTermMaxLength: 255 | 290;
  readonly store: ServiceStore;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly webhookUrls: readonly string[];
  readonly webhookSecret: string | null;
  readonly webhookPolicy: WebhookUrlPolicy;
  readonly resultsCap: number;
  readonly limiter: RateLimiter | null;
  readonly authFailures: FailureLimiter | null;
  readonly perMinute: number;
  readonly sandboxPerMinute: number;
  readonly shareBaseUrl: string;
  readonly maxConflictRetries: number;
  readonly detailsShape: 'list' | 'keyed';
  readonly listVersions: ListVersionStore;
  private ownId: string | null;
  readonly rescreenClaimStaleMs: number;
  /** The list version this instance serves (null before the first `loadListVersion`). */
  listVersion: ListVersion | null = null;

  constructor(options: ScreeningServiceOptions) {
    this.store = options.store;
    this.clock = options.clock;
    this.ids = options.ids;
    this.referenceTermMaxLength = options.referenceTermMaxLength ?? 255;
    this.holds = new ScreenerHolds(options.screener);
    this.referenceDerived = options.referenceScreener === undefined;
    this.referenceScreener = options.referenceScreener ?? this.derivedReferenceScreener(options.screener);
    this.webhookPolicy = { ...(options.webhookPolicy ?? {}) };
    this.webhookUrls = [...(options.webhookUrls ?? [])];
    for (const url of this.webhookUrls) {
      const check = checkWebhookUrl(url, this.webhookPolicy);
      if (!check.ok) throw new RangeError(`webhook URL refused: ${check.reason}`);
    }
    this.webhookSecret = options.webhookSecret ?? null;
    if (this.webhookUrls.length > 0 && (typeof this.webhookSecret !== 'string' || this.webhookSecret === '')) {
      throw new RangeError('webhookUrls need a webhookSecret: every webhook body is signed');
    }
    const cap = options.resultsCap ?? PAGE;
    if (!isInt(cap) || cap < 1 || cap > MAX_RESULTS_CAP) {
      throw new RangeError(`resultsCap must be an integer from 1 to ${MAX_RESULTS_CAP}`);
    }
    this.resultsCap = cap;
    const rl = options.rateLimit ?? {};
    this.limiter = rl === false ? null : (rl.limiter ?? new SlidingWindowRateLimiter(rl.windowMs ?? 60_000));
    const af = options.authFailures ?? {};
    this.authFailures = af === false ? null : new FailureLimiter({ maxFailures: 1000, windowMs: 60_000, ...af });
    this.perMinute = rl === false ? Infinity : (rl.perMinute ?? DEFAULT_RATE_LIMIT);
    this.sandboxPerMinute = rl === false ? Infinity : (rl.sandboxPerMinute ?? DEFAULT_SANDBOX_RATE_LIMIT);
    this.shareBaseUrl = options.shareBaseUrl ?? 'https://share.tamis.invalid/searches/';
    this.maxConflictRetries = options.maxConflictRetries ?? 5;
    this.detailsShape = options.detailsShape ?? 'list';
    if (this.detailsShape !== 'list' && this.detailsShape !== 'keyed') throw new RangeError("detailsShape is 'list' or 'keyed'");
    this.listVersions = options.listVersions ?? createMemoryListVersions();
    this.ownId = options.instanceId ?? null;
    this.rescreenClaimStaleMs = options.rescreenClaimStaleMs ?? 15 * 60_000;
  }

  /** Names this instance in re-screening claims (an id taken on first use, so no id is spent otherwise). */
  get instanceId(): string {
    return (this.ownId ??= this.ids.next('event'));
  }

  private derivedReferenceScreener(screener: Screener): Screener | null {
    return canScreenReferences(screener) ? referenceScreenerOf(screener, this.referenceTermMaxLength) : null;
  }

  /** The screener new searches run against. */
  get screener(): Screener {
    return this.holds.screener;
  }

  /**
   * A new list version: the screeners new searches and monitoring re-runs use from now on. The searches in flight
   * finish on the screeners they hold (`withScreeners`).
   */
  replaceScreeners(screener: Screener, referenceScreener?: Screener): void {
    if (referenceScreener) {
      this.referenceScreener = referenceScreener;
      this.referenceDerived = false;
    } else if (this.referenceDerived) {
      this.referenceScreener = this.derivedReferenceScreener(screener);
    }
    this.holds.replace(screener);
  }

  /**
   * Runs `work` with the screeners current now, held until it settles (screener-holds.ts): a list reload meanwhile
   * leaves it on them, and a host releases what they read only after it.
   */
  async withScreeners<T>(work: (held: HeldScreeners) => Promise<T>): Promise<T> {
    const { screener, release } = this.holds.hold();
    try {
      return await work({ screener, referenceScreener: this.referenceScreener });
    } finally {
      release();
    }
  }

  /** The time of a call, in the three forms records use. */
  now(): { now: Date; ts: string; iso: string } {
    const now = clockDate(this.clock);
    return { now, ts: formatTimestamp(now), iso: now.toISOString() };
  }
}

/** The context of one call: the user of the api key, its account, and the time of the call. */
export interface Ctx {
  user: UserRecord;
  account: AccountRecord;
  now: Date;
  ts: string;
  iso: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Envelopes

export const fail = (code: number, message: string, problems?: Problem[]): FailureEnvelope =>
  problems && problems.length > 0 ? { ...failureEnvelope(code, problems), message } : { code, message, status: 'failure' };
export const bad = (p: Problems): FailureEnvelope => failureEnvelope(400, p.list);
export const success = <T>(content: T, extra: { code?: number; links?: Links } = {}): Success<T> => ({
  status: 'success',
  ...(extra.code !== undefined ? { code: extra.code } : {}),
  content,
  ...(extra.links !== undefined ? { links: extra.links } : {}),
});
export const EMPTY_204: Empty = { status: 'empty', code: 204 };
export const EMPTY_429: Empty = { status: 'empty', code: 429 };
export const notFound = (): FailureEnvelope => fail(404, 'search not found');
const invalidId = (): FailureEnvelope => fail(400, 'invalid input: search id must be a positive integer or a ref');
/** A query argument that is not an object (nor absent). */
export const invalidQuery = (): FailureEnvelope =>
  fail(400, 'invalid input: the query must be an object of parameters', [problem('invalid_query', 'the query must be an object of parameters')]);
export const NO_REFERENCE_SCREENER =
  'payment-reference screening is not configured (no referenceScreener, and the screener has no screenReference)';

/** A value that is a failure envelope (as returned by `find`). */
export const isFailure = <T extends object>(v: T | FailureEnvelope): v is FailureEnvelope => 'status' in v;

// ---------------------------------------------------------------------------------------------------------------
// Call plumbing: authentication, rate limit, conflict retries

/** The key's user and account, once the key is authenticated and the call counted against its rate limit. */
export interface Caller {
  user: UserRecord;
  account: AccountRecord;
}

/**
 * What every call does first: authenticates `apiKey` (401 for a missing, unknown or revoked key, or a key of an
 * inactive user) and counts the call against the key's rate limit (429, empty, over it). The caller, or the answer.
 */
export async function authenticate(svc: ServiceContext, apiKey: string): Promise<Caller | FailureEnvelope | Empty> {
  const nowMs = clockDate(svc.clock).getTime();
  if (svc.authFailures && !svc.authFailures.allows('*', nowMs)) return EMPTY_429;
  const keyHash = typeof apiKey === 'string' && apiKey !== '' ? hashApiKey(apiKey) : null;
  const key = keyHash !== null ? await svc.store.getApiKey(keyHash) : null;
  const user = key ? await svc.store.getUser(key.user_id) : null;
  const account = user && key && user.account_id === key.account_id ? await svc.store.getAccount(user.account_id) : null;
  if (!key || !user || !user.is_active || !account) {
    svc.authFailures?.fail('*', nowMs);
    return fail(401, 'unauthorized: missing or invalid api key (Authorization: Token <API_KEY>)');
  }
  if (svc.limiter) {
    const limit = key.rate_limit ?? (key.sandbox ? svc.sandboxPerMinute : svc.perMinute);
    if (!(await svc.limiter.take(key.key_hash, limit, clockDate(svc.clock).getTime()))) return EMPTY_429;
  }
  return { user, account };
}

/** Runs `fn` as the user of `apiKey`: 401 for an unknown key, 429 over the limit, 409 after too many conflicts. */
export async function call<T>(svc: ServiceContext, apiKey: string, fn: (ctx: Ctx) => Promise<ApiResponse<T>>): Promise<ApiResponse<T>> {
  const caller = await authenticate(svc, apiKey);
  if ('status' in caller) return caller;
  const { user, account } = caller;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn({ user, account, ...svc.now() });
    } catch (e) {
      if (!(e instanceof StoreConflictError)) throw e;
      if (attempt >= svc.maxConflictRetries) {
        return fail(409, 'conflict: the search was changed concurrently; retry the call');
      }
    }
  }
}

/** Runs a host-side operation again when a concurrent update wins the race (re-reading inside `fn`). */
export async function retryOnConflict<T>(svc: ServiceContext, fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (e) {
      if (!(e instanceof StoreConflictError) || attempt >= svc.maxConflictRetries) throw e;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// `{id}` resolution

export type Resolved = { kind: 'invalid' } | { kind: 'missing' } | { kind: 'found'; search: SearchRecord };

/**
 * The search `id` names, as `accountId` sees it: another account's search is missing, exactly like one that does
 * not exist (`accountId` null: the host, which sees every account).
 */
export async function resolve(svc: ServiceContext, id: SearchIdParam, accountId: number | null): Promise<Resolved> {
  const store = svc.store;
  const seen = (s: SearchRecord | null): Resolved =>
    s && (accountId === null || s.account_id === accountId) ? { kind: 'found', search: s } : { kind: 'missing' };
  if (typeof id === 'number') {
    if (!Number.isSafeInteger(id) || id < 1) return { kind: 'invalid' };
    return seen(await store.getSearch(id));
  }
  if (typeof id !== 'string' || id.trim() === '') return { kind: 'invalid' };
  const v = id.trim();
  if (/^\d+$/.test(v)) {
    const byId = seen(await store.getSearch(Number(v)));
    return byId.kind === 'found' ? byId : seen(await store.getSearchByRef(v));
  }
  return seen(await store.getSearchByRef(v));
}

/** Resolves or answers the failure (400 invalid id, 404 missing or another account's). */
export async function find(svc: ServiceContext, id: SearchIdParam, accountId: number | null): Promise<SearchRecord | FailureEnvelope> {
  const r = await resolve(svc, id, accountId);
  if (r.kind === 'invalid') return invalidId();
  if (r.kind === 'missing') return notFound();
  return r.search;
}

export async function definedTags(svc: ServiceContext, accountId: number): Promise<Set<string>> {
  return new Set((await svc.store.listTagDefinitions(accountId)).map((t) => t.name));
}
