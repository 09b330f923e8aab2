/**
 * Records and envelopes of the search service (search-api.md, "Searches as cases").
 * Field names are the spec's, snake_case. Records are what a store persists; the service renders them into the
 * spec's response shapes.
 */
import type { FailureEnvelope } from '../errors.js';
import type { EchoedFilters, Hit, MatchStatus, RiskLevel, SearchRequest } from '../screening/types.js';

// ---------------------------------------------------------------------------------------------------------------
// Envelopes

export interface Links {
  next?: string;
  previous?: string;
}

/** HTTP 200: `status` = `success`, `content` = payload, sometimes `code` and `links`. */
export interface Success<T> {
  status: 'success';
  code?: number;
  content: T;
  links?: Links;
}

/**
 * A response whose HTTP body is empty: 204 (done, nothing to return) and 429 (rate quota exceeded).
 * An HTTP layer sends `code` as the status and writes no body.
 */
export interface Empty {
  status: 'empty';
  code: 204 | 429;
}

/** Every service method answers one of these; an HTTP layer is a thin mapping (see docs/searches.md). */
export type ApiResponse<T> = Success<T> | FailureEnvelope | Empty;

// ---------------------------------------------------------------------------------------------------------------
// Ports

/** Wall clock. Either a Date or an ISO-8601 string. */
export interface Clock {
  now(): Date | string;
}

/** Opaque string ids (search refs, comment ids, event ids, share tokens). Must be unique. */
export interface IdGenerator {
  next(kind: 'ref' | 'comment' | 'event' | 'outbox' | 'share' | 'difference'): string;
}

// ---------------------------------------------------------------------------------------------------------------
// Records

/** The account that existed before accounts did: records written by earlier versions belong to it. */
export const DEFAULT_ACCOUNT_ID = 1;

/** One webhook URL of an account. `secret` signs its bodies; null: the account's `webhook_secret`. */
export interface WebhookEndpoint {
  url: string;
  secret: string | null;
}

/**
 * An account: its users, api keys, searches, tags, tag definitions, search profiles, internal lists and webhooks
 * are its own; another account's records answer as if they did not exist.
 */
export interface AccountRecord {
  id: number;
  name: string;
  /**
   * Ids of the internal lists (blacklists) its searches match. `null` (the default account as created
   * implicitly or by the SQLite migration): every internal list that no other account has in its settings.
   */
  internal_lists: string[] | null;
  /** Every event of the account goes to every URL. */
  webhooks: WebhookEndpoint[];
  /** Signs the bodies of endpoints without a secret of their own. */
  webhook_secret: string | null;
  created_at: string;
  updated_at: string;
}

export interface UserRecord {
  id: number;
  account_id: number;
  email: string;
  name: string;
  phone: string | null;
  is_active: boolean;
  created_at: string;
  updated_at: string;
}

/** An api key, stored by the SHA-256 hex of the key (the key itself is never stored). */
export interface ApiKeyRecord {
  key_hash: string;
  user_id: number;
  /** The account of the user (a key acts as its user, within its account). */
  account_id: number;
  /** Sandbox keys get the sandbox rate limit (300/min by default). */
  sandbox: boolean;
  /** Calls per minute for this key; overrides the service default when set. */
  rate_limit: number | null;
  created_at: string;
}

export interface TagDefinition {
  account_id: number;
  name: string;
  created_at: string;
}

/**
 * A search profile of the account settings. `types` become the search's `filters.types`; absent: every list type
 * (no types filter). An empty list is refused when a profile is configured; one stored by an earlier version reads
 * as absent (see `profileTypes`).
 */
export interface SearchProfileRecord {
  account_id: number;
  id: string;
  name: string;
  slug: string;
  types?: string[];
  version: number;
  /** Last edit of the profile; drives the 48-hour rule of PATCH search-profile. */
  updated_at: string;
}

export interface Label {
  type: 'tag';
  name: string;
  value: string;
}

export interface MonitorRecord {
  monitored_by: number;
  created_at: string;
  updated_at: string;
}

/** A stored search (a case). `version` increases by one on every update (optimistic concurrency). */
export interface SearchRecord {
  id: number;
  account_id: number;
  ref: string;
  version: number;
  searcher_id: number;
  assignee_id: number | null;
  search_profile: { id: string; name: string; slug: string } | null;
  filters: EchoedFilters;
  match_status: MatchStatus;
  risk_level: RiskLevel;
  search_term: string;
  submitted_term: string;
  client_ref: string | null;
  total_hits: number;
  total_matches: number;
  total_blacklist_hits: number;
  blacklist_filters: { blacklist_ids: string[] } | null;
  created_at: string;
  updated_at: string;
  limit: number;
  offset: number;
  share_token: string;
  /** Latest value per tag name. */
  tags: Record<string, string>;
  /** Every value ever set, in order. */
  labels: Label[];
  /** The screener request, re-run by monitoring. */
  request: SearchRequest;
  is_monitored: boolean;
  is_suspended: boolean;
  monitors: MonitorRecord[];
  /** Last POST monitor/acknowledge, or null. */
  acknowledged_at: string | null;
  /** `reference`: created by POST /searches/references (payment-reference screening). Absent = name search. */
  kind?: 'name' | 'reference';
}

export type EntityProvider = 'comply' | 'internal';

/** One stored hit of a search. `comply` = screening lists; `internal` = the account's own lists (blacklist hits). */
export interface HitRecord {
  search_id: number;
  provider: EntityProvider;
  /** Position in the result (0-based), the stored order. */
  rank: number;
  entity_id: string;
  /** Whitelist fingerprint of `hit.doc` (see fingerprint.ts). */
  fingerprint: string;
  hit: Hit;
}

export interface CommentRecord {
  id: string;
  search_id: number;
  created_at: string;
  message: string;
  user_id: number;
  entity_id: string | null;
}

/** An entity marked false positive for a client_ref of an account, with the fingerprint of its content then. */
export interface WhitelistRecord {
  account_id: number;
  client_ref: string;
  entity_id: string;
  fingerprint: string;
  search_id: number;
  user_id: number;
  created_at: string;
}

export interface DifferenceChanges {
  listing_types: { removed: string[]; added: string[] };
  sources: { removed: string[]; added: string[] };
}

/** One row of GET /searches/{id}/monitor/differences. */
export interface DifferenceRecord {
  id: string;
  search_id: number;
  /** yyyy-mm-dd (UTC) of the monitor run. */
  date: string;
  action: 'added' | 'removed' | 'updated';
  name: string;
  entity_id: string;
  listing_types: string[];
  sources: string[];
  changes: DifferenceChanges;
  created_at: string;
}

export type WebhookEventName = 'match_status_updated' | 'search_status_updated' | 'monitored_search_updated';

export interface MatchStatusUpdatedData {
  client_ref: string;
  search_id: string;
  entity_id: string;
  entity_match_status?: 'false_positive' | 'true_positive' | 'potential_match' | 'no_match' | 'unknown';
  is_whitelisted?: boolean;
  tags: Record<string, string>;
}

export interface SearchStatusFields {
  assigned_to?: number | null;
  risk_level?: RiskLevel;
  match_status?: MatchStatus;
}

export interface SearchStatusUpdatedData {
  changes: { before: SearchStatusFields; after: SearchStatusFields };
  ref: string;
  client_ref: string;
  search_id: number;
  terms: { name: string; hits: number }[];
  filters: { exact_match: boolean; fuzziness: number };
}

export interface MonitoredSearchUpdatedData {
  search_id: number;
  updated: string[];
  new: string[];
  removed: string[];
  is_suspended: boolean;
}

export type WebhookEvent =
  | { event: 'match_status_updated'; data: MatchStatusUpdatedData }
  | { event: 'search_status_updated'; data: SearchStatusUpdatedData }
  | { event: 'monitored_search_updated'; data: MonitoredSearchUpdatedData };

/** One delivery of one event to one URL. The body to POST is `body`. */
export interface OutboxRecord {
  id: string;
  /** The account whose change fired the event (its webhook settings give the signing secret). */
  account_id: number;
  event_id: string;
  url: string;
  body: WebhookEvent;
  created_at: string;
  attempts: number;
  /** ISO time before which the record is not due; null = due now. */
  next_attempt_at: string | null;
  delivered_at: string | null;
  last_error: string | null;
}
