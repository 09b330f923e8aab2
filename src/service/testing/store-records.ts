/** Records for the store conformance suites: a valid record of each kind, with fields to override. */
import type {
  AccountRecord,
  CommentRecord,
  DifferenceRecord,
  HitRecord,
  OutboxRecord,
  SearchRecord,
  UserRecord,
} from '../types.js';

export function makeSearchRecord(id: number, over: Partial<SearchRecord> = {}): SearchRecord {
  return {
    id,
    account_id: 1,
    ref: `ref-${id}`,
    version: 1,
    searcher_id: 1,
    assignee_id: null,
    search_profile: null,
    filters: { exact_match: false, fuzziness: 0.5 },
    match_status: 'potential_match',
    risk_level: 'unknown',
    search_term: `Term ${id}`,
    submitted_term: `Term ${id}`,
    client_ref: null,
    total_hits: 0,
    total_matches: 0,
    total_blacklist_hits: 0,
    blacklist_filters: null,
    created_at: '2026-01-01 10:00:00',
    updated_at: '2026-01-01 10:00:00',
    limit: 100,
    offset: 0,
    share_token: `share-${id}`,
    tags: {},
    labels: [],
    request: { search_term: `Term ${id}` },
    is_monitored: false,
    is_suspended: false,
    monitors: [],
    acknowledged_at: null,
    ...over,
  };
}

export function makeHitRecord(searchId: number, entityId: string, rank: number, over: Partial<HitRecord> = {}): HitRecord {
  return {
    search_id: searchId,
    provider: 'comply',
    rank,
    entity_id: entityId,
    fingerprint: `fp-${entityId}`,
    hit: {
      doc: { id: entityId, entity_type: 'person', name: `Name ${entityId}`, sources: ['s1'], types: ['sanction'] },
      match_types: ['name_exact'],
      match_types_details: [],
      score: 10 - rank,
      match_status: 'potential_match',
      risk_level: 'unknown',
      is_whitelisted: false,
    },
    ...over,
  };
}

export function makeAccountRecord(id: number, over: Partial<AccountRecord> = {}): AccountRecord {
  return {
    id,
    name: `Account ${id}`,
    internal_lists: [],
    webhooks: [],
    webhook_secret: null,
    created_at: '2026-01-01 00:00:00',
    updated_at: '2026-01-01 00:00:00',
    ...over,
  };
}

export const user = (id: number, accountId = 1): UserRecord => ({
  id,
  account_id: accountId,
  email: `u${id}@example.com`,
  name: `User ${id}`,
  phone: null,
  is_active: true,
  created_at: '2026-01-01 00:00:00',
  updated_at: '2026-01-01 00:00:00',
});

export const comment = (id: string, searchId: number, created_at: string, entity_id: string | null = null): CommentRecord => ({
  id,
  search_id: searchId,
  created_at,
  message: `message ${id}`,
  user_id: 1,
  entity_id,
});

export const difference = (id: string, searchId: number, date: string): DifferenceRecord => ({
  id,
  search_id: searchId,
  date,
  action: 'added',
  name: 'Someone',
  entity_id: `e-${id}`,
  listing_types: ['sanction'],
  sources: ['s1'],
  changes: { listing_types: { removed: [], added: ['sanction'] }, sources: { removed: [], added: ['s1'] } },
  created_at: `${date} 00:00:00`,
});

export const outbox = (id: string, over: Partial<OutboxRecord> = {}): OutboxRecord => ({
  id,
  account_id: 1,
  event_id: `ev-${id}`,
  url: 'https://hooks.example.com/a',
  body: { event: 'monitored_search_updated', data: { search_id: 1, updated: [], new: [], removed: [], is_suspended: false } },
  created_at: '2026-01-01T00:00:00.000Z',
  attempts: 0,
  next_attempt_at: null,
  delivered_at: null,
  last_error: null,
  ...over,
});
