/**
 * Searches as cases (search-api.md): the screening service, its storage port and in-memory store, webhooks,
 * rate limiting and retry helpers.
 * Not re-exported here: the SQLite store (`./sqlite/index.js`) and the conformance suite (`./testing/store-conformance.js`).
 */
export * from './types.js';
export * from './store.js';
export { createMemoryStore } from './memory-store.js';
export {
  createScreeningService,
  ScreeningService,
  SearchApi,
  type ScreeningServiceOptions,
  type SearchIdParam,
  type UserView,
  type SearchUserView,
  type SearchSummary,
  type SearchOverview,
  type SearchView,
  type EntitiesUpdateView,
  type MonitorsView,
  type DifferenceView,
  type CommentView,
  type CertificateContent,
  type RescreenReport,
  type ListVersionLoad,
} from './service.js';
export { createMemoryListVersions, type ListVersion, type ListVersionStore } from './list-versions.js';
export { SEARCH_ROUTES, type SearchRoute, type RouteInput } from './routes.js';
export { entityFingerprint, fingerprintContent, hashApiKey, KEY_FIELD_TAGS } from './fingerprint.js';
export { SlidingWindowRateLimiter, DEFAULT_RATE_LIMIT, DEFAULT_SANDBOX_RATE_LIMIT, type RateLimiter, type RateLimitOptions } from './rate-limit.js';
export { backoffDelayMs, withRetry, type BackoffOptions, type RetryOptions } from './retry.js';
export {
  deliverWebhooks,
  deliveryDelayMs,
  type DeliverOptions,
  type DeliveryReport,
  type WebhookOutbox,
  type WebhookSender,
} from './webhooks.js';
export { checkWebhookUrl, refusedAddress, type WebhookUrlPolicy, type UrlCheck } from './webhook-url.js';
export { createWebhookSender, type WebhookResolver, type WebhookSenderOptions } from './webhook-sender.js';
export {
  signWebhookBody,
  verifyWebhookSignature,
  SIGNATURE_HEADER,
  DEFAULT_SIGNATURE_TOLERANCE_SECONDS,
  type VerifyOptions,
  type VerifyResult,
} from './webhook-signature.js';
export type { AccountSettings, NewAccount, NewUser, NewSearchProfile, ApiKeyOptions } from './resources/account-settings.js';
export type { WebhookEndpointInput } from './resources/webhook-settings.js';
export { renderCertificate, type CertificateInput, type CertificateOptions } from './certificate.js';
export { systemClock, randomIds, manualClock, sequentialIds, type ManualClock } from './ports.js';
export { formatTimestamp, formatDate } from './time.js';
