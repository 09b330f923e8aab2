/**
 * The screening service: searches as cases (search-api.md), built from ports the host supplies.
 *
 *   const service = createScreeningService({ store, clock, ids, screener, webhookUrls });
 *   const api = service.forApiKey('key-of-alice');
 *   const created = await api.createSearch({ search_term: 'Jane Doe', client_ref: 'CUST-1' });
 *
 * Every endpoint of the spec is a method of `forApiKey(key)` (api.ts) with the same inputs, outputs and errors,
 * implemented in one module per resource (resources/*.ts). Methods answer the spec's envelope:
 * `{ status: 'success', content, code?, links? }`, `{ code, message, status: 'failure' }`, or
 * `{ status: 'empty', code: 204 | 429 }` for the responses whose HTTP body is empty.
 * This class holds the host side: account settings, monitoring runs and the webhook outbox.
 */
import type { Screener } from '../screening/types.js';
import { SearchApi } from './api.js';
import { ServiceContext, type ScreeningServiceOptions, type SearchIdParam } from './context.js';
import { markWebhookDelivered, markWebhookFailed, pendingWebhooks } from './outbox.js';
import type { MonitorsView } from './render.js';
import {
  createAccount,
  createApiKey,
  createUser,
  defineTag,
  putSearchProfile,
  removeTagDefinition,
  revokeApiKey,
  updateAccount,
  type AccountSettings,
  type ApiKeyOptions,
  type NewAccount,
  type NewSearchProfile,
  type NewUser,
} from './resources/account-settings.js';
import { loadListVersion, rescreenMonitored, setMonitorSuspended, type ListVersionLoad, type RescreenReport } from './resources/monitoring.js';
import type { ListVersion } from './list-versions.js';
import type { AccountRecord, ApiResponse, OutboxRecord, SearchProfileRecord, UserRecord } from './types.js';
import type { WebhookOutbox } from './webhooks.js';
import type { WebhookUrlPolicy } from './webhook-url.js';
import { secretFor } from './resources/webhook-settings.js';

export type { ScreeningServiceOptions, SearchIdParam } from './context.js';
export type {
  UserView,
  SearchUserView,
  SearchSummary,
  SearchOverview,
  SearchView,
  EntitiesUpdateView,
  MonitorsView,
  DifferenceView,
  CommentView,
  CertificateContent,
} from './render.js';
export type { RescreenReport, ListVersionLoad } from './resources/monitoring.js';
export { SearchApi } from './api.js';

export class ScreeningService implements WebhookOutbox {
  private readonly svc: ServiceContext;

  constructor(options: ScreeningServiceOptions) {
    this.svc = new ServiceContext(options);
  }

  /** The screener new searches run against (replaced by `rescreenMonitored` and `loadListVersion`). */
  get screener(): Screener {
    return this.svc.screener;
  }

  /**
   * Resolves once `screener` has been replaced (a new list version) and no search that started on it is still
   * running: a host releases then what the screener reads (a snapshot's open file). Never resolves while it is
   * current. Each search holds the screeners it started with until it is stored (screener-holds.ts).
   */
  screenerReleased(screener: Screener): Promise<void> {
    return this.svc.holds.released(screener);
  }

  /** A handle whose every call is made as the user of `apiKey` (`Authorization: Token <apiKey>`). */
  forApiKey(apiKey: string): SearchApi {
    return new SearchApi(this.svc, apiKey);
  }

  // Account settings (host side; not part of the spec's API): resources/account-settings.ts.
  // Every method defaults to the default account (1), created on first use.

  /** Creates an account (internal lists and webhooks: none unless given). */
  createAccount(input: NewAccount): Promise<AccountRecord> {
    return createAccount(this.svc, input);
  }
  /** Changes the given settings of an account (name, internal lists, webhooks, webhook secret). */
  updateAccount(id: number, changes: AccountSettings): Promise<AccountRecord> {
    return updateAccount(this.svc, id, changes);
  }
  /** Creates a user of an account (the default account unless `account_id` is given). */
  createUser(input: NewUser): Promise<UserRecord> {
    return createUser(this.svc, input);
  }
  /** Registers `key` for `userId`, in the user's account. Only the SHA-256 of the key is stored. */
  createApiKey(userId: number, key: string, options: ApiKeyOptions = {}): Promise<void> {
    return createApiKey(this.svc, userId, key, options);
  }
  revokeApiKey(key: string): Promise<void> {
    return revokeApiKey(this.svc, key);
  }
  /** Tag names must be defined (per account) before searches use them. */
  defineTag(name: string, accountId?: number): Promise<void> {
    return defineTag(this.svc, name, accountId);
  }
  removeTagDefinition(name: string, accountId?: number): Promise<void> {
    return removeTagDefinition(this.svc, name, accountId);
  }
  /** Creates or edits a search profile; every edit bumps `version` and `updated_at` (48-hour rule). */
  putSearchProfile(input: NewSearchProfile): Promise<SearchProfileRecord> {
    return putSearchProfile(this.svc, input);
  }

  // Monitoring (host side): resources/monitoring.ts

  /** Makes `newScreener` current and re-runs every monitored, not suspended search (one transaction each). */
  rescreenMonitored(newScreener: Screener, newReferenceScreener?: Screener): Promise<RescreenReport> {
    return rescreenMonitored(this.svc, newScreener, newReferenceScreener);
  }
  /**
   * A load of the lists (`fingerprint`: a hash of what was read) becomes this instance's screener; a new version is
   * recorded in `listVersions` when they differ from the current one, and its re-screening of monitored searches is
   * done by the one instance that claims it (the others answer `rescreen: null`). Instances sharing a database
   * thus agree on the version and re-screen once.
   */
  loadListVersion(newScreener: Screener, fingerprint: string, options: { description?: string; referenceScreener?: Screener } = {}): Promise<ListVersionLoad> {
    return loadListVersion(this.svc, newScreener, fingerprint, options);
  }
  /** The list version this instance serves (null before the first `loadListVersion`). */
  get listVersion(): ListVersion | null {
    return this.svc.listVersion;
  }
  /** The latest list version recorded by any instance sharing `listVersions`. */
  currentListVersion(): Promise<ListVersion | null> {
    return this.svc.listVersions.current();
  }

  /** Suspends or resumes monitoring of a search; a change fires `monitored_search_updated`. */
  setMonitorSuspended(id: SearchIdParam, suspended: boolean): Promise<ApiResponse<MonitorsView>> {
    return setMonitorSuspended(this.svc, id, suspended);
  }

  // Webhook outbox (WebhookOutbox: drained by `deliverWebhooks` or by the host): outbox.ts

  pendingWebhooks(limit = 100): Promise<OutboxRecord[]> {
    return pendingWebhooks(this.svc, limit);
  }
  /**
   * Takes up to `limit` due records for one delivery run, leased for `leaseMs`: instances sharing the store never
   * take the same record (the store's `claimOutbox`; a store without it answers the pending records).
   */
  claimWebhooks(limit = 100, leaseMs = 10 * 60_000): Promise<OutboxRecord[]> {
    const { now, iso } = this.svc.now();
    const store = this.svc.store;
    return store.claimOutbox ? store.claimOutbox(iso, limit, new Date(now.getTime() + leaseMs).toISOString()) : store.pendingOutbox(iso, limit);
  }
  /** The secret signing a record: its URL's (account settings), else its account's, else `webhookSecret`. */
  webhookSecret(record: OutboxRecord): Promise<string | null> {
    return secretFor(this.svc, record);
  }
  /** The policy webhook URLs were checked against (`deliverWebhooks` uses it too). */
  get webhookPolicy(): WebhookUrlPolicy {
    return this.svc.webhookPolicy;
  }
  /** Ends the lease of a claimed record: it is due again at once (for any instance). */
  async releaseWebhook(id: string): Promise<void> {
    const r = await this.svc.store.getOutboxRecord(id);
    if (r) await this.svc.store.commit([{ type: 'update_outbox', record: r }]);
  }
  listWebhooks(): Promise<OutboxRecord[]> {
    return this.svc.store.listOutbox();
  }
  markWebhookDelivered(id: string, attempts = 1): Promise<void> {
    return markWebhookDelivered(this.svc, id, attempts);
  }
  markWebhookFailed(id: string, error: string, retryAfterMs: number, attempts = 1): Promise<void> {
    return markWebhookFailed(this.svc, id, error, retryAfterMs, attempts);
  }
}

export function createScreeningService(options: ScreeningServiceOptions): ScreeningService {
  return new ScreeningService(options);
}
