/**
 * `SearchApi`: the spec's endpoints, each called as the user of one api key. Each method is one line naming the
 * module function that implements the endpoint (resources/*.ts), so an HTTP layer is a table of routes over it.
 * Unknown or revoked keys (and inactive users) answer 401; over the rate limit, `{ status: 'empty', code: 429 }`.
 */
import type { FailureEnvelope } from '../errors.js';
import type { CertificateOptions } from './certificate.js';
import { authenticate, call, fail, type SearchIdParam, type ServiceContext } from './context.js';
import { listUsers } from './resources/account-settings.js';
import { addComment, deleteSearchTag, listComments } from './resources/comments-tags.js';
import { getSearchEntities, updateSearchEntities } from './resources/entities.js';
import { acknowledgeMonitor, getMonitorDifferences, getMonitors, updateMonitors, updateSearchProfile } from './resources/monitoring.js';
import { screenPaymentReference } from './resources/references.js';
import { listSearches } from './resources/search-list.js';
import { createSearch, deleteSearch, getCertificate, getSearch, getSearchDetails, updateSearch } from './resources/searches.js';
import type { Empty } from './types.js';

const DEPRECATION_MESSAGE = 'gone: this endpoint was deprecated on 2018-06-15 and answers 410 since 2020-06-15';
const gone = async () => fail(410, DEPRECATION_MESSAGE);

export class SearchApi {
  constructor(
    private readonly svc: ServiceContext,
    private readonly apiKey: string,
  ) {}

  /**
   * What every method does before its own work, alone: authenticates the key (401 envelope for a missing, unknown
   * or revoked key, or one of an inactive user) and counts one call against the key's rate limit (429, empty, over
   * it). Null when the call may go on. An HTTP layer that refuses a request itself (an invalid body) calls this
   * first, so the request answers 401 or 429 as the service would, and counts.
   */
  async authorize(): Promise<FailureEnvelope | Empty | null> {
    const caller = await authenticate(this.svc, this.apiKey);
    return 'status' in caller ? caller : null;
  }
  /** GET /users */
  listUsers() {
    return call(this.svc, this.apiKey, (ctx) => listUsers(this.svc, ctx));
  }
  /** POST /searches */
  createSearch(body: unknown) {
    return call(this.svc, this.apiKey, (ctx) => createSearch(this.svc, ctx, body));
  }
  /** POST /searches/references: screens a payment reference as a search (needs `referenceScreener`). */
  screenPaymentReference(body: unknown) {
    return call(this.svc, this.apiKey, (ctx) => screenPaymentReference(this.svc, ctx, body));
  }
  /** GET /searches */
  listSearches(query?: Record<string, unknown> | null) {
    return call(this.svc, this.apiKey, (ctx) => listSearches(this.svc, ctx, query));
  }
  /** GET /searches/{id} */
  getSearch(id: SearchIdParam, query?: { share_url?: unknown } | null) {
    return call(this.svc, this.apiKey, (ctx) => getSearch(this.svc, ctx, id, query));
  }
  /** GET /searches/{id}/details */
  getSearchDetails(id: SearchIdParam, query?: { share_url?: unknown } | null) {
    return call(this.svc, this.apiKey, (ctx) => getSearchDetails(this.svc, ctx, id, query));
  }
  /** GET /searches/{ref}/entities/{entity_provider} */
  getSearchEntities(id: SearchIdParam, provider: string, query?: { page?: unknown; per_page?: unknown } | null) {
    return call(this.svc, this.apiKey, (ctx) => getSearchEntities(this.svc, ctx, id, provider, query));
  }
  /** GET /searches/{id}/certificate */
  getCertificate(id: SearchIdParam, options?: CertificateOptions | null) {
    return call(this.svc, this.apiKey, (ctx) => getCertificate(this.svc, ctx, id, options));
  }
  /** PATCH /searches/{id} */
  updateSearch(id: SearchIdParam, body: unknown) {
    return call(this.svc, this.apiKey, (ctx) => updateSearch(this.svc, ctx, id, body));
  }
  /** PATCH /searches/{id}/entities */
  updateSearchEntities(id: SearchIdParam, body: unknown) {
    return call(this.svc, this.apiKey, (ctx) => updateSearchEntities(this.svc, ctx, id, body));
  }
  /** DELETE /searches/{id} */
  deleteSearch(id: SearchIdParam) {
    return call(this.svc, this.apiKey, (ctx) => deleteSearch(this.svc, ctx, id));
  }
  /** GET /searches/{id}/monitors */
  getMonitors(id: SearchIdParam) {
    return call(this.svc, this.apiKey, (ctx) => getMonitors(this.svc, ctx, id));
  }
  /** PATCH /searches/{id}/monitors */
  updateMonitors(id: SearchIdParam, body: unknown) {
    return call(this.svc, this.apiKey, (ctx) => updateMonitors(this.svc, ctx, id, body));
  }
  /** GET /searches/{id}/monitor/differences */
  getMonitorDifferences(id: SearchIdParam, query?: { date?: unknown } | null) {
    return call(this.svc, this.apiKey, (ctx) => getMonitorDifferences(this.svc, ctx, id, query));
  }
  /** POST /searches/{id}/monitor/acknowledge */
  acknowledgeMonitor(id: SearchIdParam) {
    return call(this.svc, this.apiKey, (ctx) => acknowledgeMonitor(this.svc, ctx, id));
  }
  /** PATCH /searches/{id}/search-profile (body: object or raw JSON text) */
  updateSearchProfile(id: SearchIdParam, body: unknown) {
    return call(this.svc, this.apiKey, (ctx) => updateSearchProfile(this.svc, ctx, id, body));
  }
  /** POST /searches/{id}/comments */
  addComment(id: SearchIdParam, body: unknown) {
    return call(this.svc, this.apiKey, (ctx) => addComment(this.svc, ctx, id, body));
  }
  /** GET /searches/{id}/comments */
  listComments(id: SearchIdParam) {
    return call(this.svc, this.apiKey, (ctx) => listComments(this.svc, ctx, id));
  }
  /** DELETE /searches/{id}/tags/{tag_name} */
  deleteSearchTag(id: SearchIdParam, tagName: string) {
    return call(this.svc, this.apiKey, (ctx) => deleteSearchTag(this.svc, ctx, id, tagName));
  }
  /** GET /entity/{entity_id} — deprecated: 410. */
  getEntity(_entityId: string) {
    return call<never>(this.svc, this.apiKey, gone);
  }
  /** POST /entity/search — deprecated: 410 (use createSearch). */
  searchEntities(_body: unknown) {
    return call<never>(this.svc, this.apiKey, gone);
  }
  /** PATCH /searches/{id}/entity/{eid} — deprecated: 410 (use updateSearch / updateSearchEntities). */
  updateSearchEntity(_id: SearchIdParam, _entityId: string, _body: unknown) {
    return call<never>(this.svc, this.apiKey, gone);
  }
}
