/** Response shapes of the search endpoints, and how stored records render into them (search-api.md, "Search"). */
import type { Hit, MatchStatus, RiskLevel } from '../screening/types.js';
import type { ServiceContext } from './context.js';
import type { DifferenceRecord, HitRecord, Label, SearchRecord, UserRecord } from './types.js';

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

/** Hits already in hand, to render without reading them back. */
export interface Known {
  comply: HitRecord[];
  internal: HitRecord[];
}

export function userView(u: UserRecord): UserView {
  return { id: u.id, email: u.email, name: u.name, phone: u.phone, created_at: u.created_at, updated_at: u.updated_at };
}

function searchUserView(u: UserRecord | null): SearchUserView | null {
  return u ? { ...userView(u), user_is_active: u.is_active } : null;
}

export function summary(s: SearchRecord): SearchSummary {
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

/** GET /searches/{id}: the summary, `limit` stored hits from `offset`, and `share_url` on request. */
export async function overview(svc: ServiceContext, s: SearchRecord, share: boolean, known?: Known): Promise<SearchOverview> {
  const hits = known ? known.comply.slice(s.offset, s.offset + s.limit) : await svc.store.getHits(s.id, 'comply', s.offset, s.limit);
  return {
    ...summary(s),
    hits: hits.map((h) => h.hit),
    ...(share ? { share_url: svc.shareBaseUrl + s.share_token } : {}),
  };
}

/** GET /searches/{id}/details (and POST /searches): the overview plus blacklist fields, and users when asked. */
export async function view(svc: ServiceContext, s: SearchRecord, share: boolean, users: boolean, known?: Known): Promise<SearchView> {
  const internal = known ? known.internal : await svc.store.getHits(s.id, 'internal');
  const v: SearchView = { ...(await overview(svc, s, share, known)) };
  if (users) {
    v.searcher = searchUserView(await svc.store.getUser(s.searcher_id));
    v.assignee = s.assignee_id === null ? null : searchUserView(await svc.store.getUser(s.assignee_id));
  }
  v.blacklist_filters = s.blacklist_filters ?? { blacklist_ids: [] };
  v.blacklist_hits = internal.map((h) => h.hit);
  return v;
}

export function monitorsView(s: SearchRecord): MonitorsView {
  return { search_id: s.id, ref: s.ref, is_monitored: s.is_monitored, monitors: s.monitors.map((m) => ({ ...m })) };
}
