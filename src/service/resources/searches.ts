/**
 * Searches as cases: POST /searches, GET /searches/{id}, GET /searches/{id}/details, GET /searches/{id}/certificate,
 * PATCH /searches/{id}, DELETE /searches/{id} (search-api.md). Listing is in search-list.ts.
 */
import type { FailureEnvelope } from '../../errors.js';
import type { MatchStatus, RiskLevel, SearchRequest } from '../../screening/types.js';
import { renderCertificate, type CertificateOptions } from '../certificate.js';
import {
  bad,
  EMPTY_204,
  fail,
  find,
  definedTags,
  invalidQuery,
  isFailure,
  NO_REFERENCE_SCREENER,
  screenerFor,
  success,
  type Ctx,
  type HeldScreeners,
  type SearchIdParam,
  type ServiceContext,
} from '../context.js';
import { outboxOps, searchStatusEvent } from '../outbox.js';
import { overview, view, type CertificateContent, type SearchOverview, type SearchView } from '../render.js';
import { freshHits, internalHit, internalScope, pull, whitelistOf } from '../results.js';
import type { ApiResponse, SearchProfileRecord, SearchRecord, SearchStatusFields } from '../types.js';
import { charLength, checkTags, isInt, isObject, isQuery, isWellFormed, withProfileTypes, MATCH_STATUSES, ownValue, Problems, RISK_LEVELS, setOwn } from '../validate.js';

function termText(t: SearchRequest['search_term']): string {
  return typeof t === 'string' ? t : [t.first_name, t.middle_names, t.last_name].filter((x) => x).join(' ');
}

/** POST /searches */
export async function createSearch(svc: ServiceContext, ctx: Ctx, body: unknown): Promise<ApiResponse<{ data: SearchView }>> {
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
    else if (!isWellFormed(term)) p.add('invalid_text', 'search_term must be well-formed Unicode text', 'search_term');
    else if (charLength(term) > 255) p.add('too_long', 'search_term must be at most 255 characters', 'search_term');
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
    for (const k of parts) {
      const v = term[k];
      if (typeof v === 'string' && !isWellFormed(v)) p.add('invalid_text', `search_term.${k} must be well-formed Unicode text`, `search_term.${k}`);
    }
    if (p.empty) {
      const st = {
        last_name: term.last_name as string,
        ...(typeof term.first_name === 'string' ? { first_name: term.first_name } : {}),
        ...(typeof term.middle_names === 'string' ? { middle_names: term.middle_names } : {}),
      };
      if (charLength(termText(st)) > 255) p.add('too_long', 'search_term must be at most 255 characters', 'search_term');
      else searchTerm = st;
    }
  } else {
    p.add('required', 'search_term is required (a string or an object with last_name)', 'search_term');
  }
  // client_ref
  let clientRef: string | null = null;
  if (body.client_ref !== undefined && body.client_ref !== null) {
    if (typeof body.client_ref !== 'string') p.add('invalid_type', 'client_ref must be a string', 'client_ref');
    else if (!isWellFormed(body.client_ref)) p.add('invalid_text', 'client_ref must be well-formed Unicode text', 'client_ref');
    else if (charLength(body.client_ref) > 255) p.add('too_long', 'client_ref must be at most 255 characters', 'client_ref');
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
  if (body.details_shape !== undefined && body.details_shape !== 'list' && body.details_shape !== 'keyed') {
    p.add('invalid_details_shape', 'details_shape must be list or keyed', 'details_shape');
  }
  const detailsShape = (body.details_shape as 'list' | 'keyed' | undefined) ?? svc.detailsShape;
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
      profile = await svc.store.getSearchProfile(ctx.account.id, body.search_profile);
      if (!profile) p.add('unknown_search_profile', 'search_profile is not a profile of the account', 'search_profile');
    }
  }
  // tags
  let tags: Record<string, string> = {};
  if (body.tags !== undefined && body.tags !== null) tags = checkTags(body.tags, await definedTags(svc, ctx.account.id), p);
  if (!p.empty || searchTerm === undefined) return bad(p);

  if (profile) filters = withProfileTypes(filters ?? {}, profile);
  const request: SearchRequest = {
    search_term: searchTerm,
    ...(body.fuzziness !== undefined ? { fuzziness: body.fuzziness as number } : {}),
    ...(body.exact_match !== undefined ? { exact_match: body.exact_match as boolean } : {}),
    ...(filters !== undefined ? { filters: filters as SearchRequest['filters'] } : {}),
    ...(clientRef !== null ? { client_ref: clientRef } : {}),
    ...(detailsShape === 'keyed' ? { details_shape: 'keyed' as const } : {}),
  };
  return insertSearch(svc, ctx, {
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

export interface NewSearch {
  request: SearchRequest;
  profile: SearchProfileRecord | null;
  clientRef: string | null;
  tags: Record<string, string>;
  limit: number;
  offset: number;
  share: boolean;
  /** Which of the service's screeners runs it: the screener, or the reference screener. */
  kind: 'name' | 'reference';
}

/**
 * Runs the screener of the search's kind and stores the new search with its hits in one commit. The screeners
 * current when it starts are held until it is stored (ServiceContext.withScreeners): a list reload meanwhile does
 * not release them under it.
 */
export function insertSearch(svc: ServiceContext, ctx: Ctx, a: NewSearch): Promise<ApiResponse<{ data: SearchView }>> {
  return svc.withScreeners((held) => screenAndStore(svc, ctx, a, held));
}

async function screenAndStore(svc: ServiceContext, ctx: Ctx, a: NewSearch, held: HeldScreeners): Promise<ApiResponse<{ data: SearchView }>> {
  const screener = screenerFor(held, a);
  if (!screener) return fail(501, NO_REFERENCE_SCREENER);
  const pulled = pull(svc, screener, a.request, await internalScope(svc, ctx.account));
  if (!pulled.ok) return pulled.error;
  const r = pulled.value.first;

  const id = await svc.store.nextSearchId();
  const wl = await whitelistOf(svc, ctx.account.id, a.clientRef);
  const comply = freshHits(id, 'comply', pulled.value.comply, wl);
  const internal = freshHits(id, 'internal', pulled.value.internal.map((h) => internalHit(h, ctx.account.id, ctx.ts)), wl);
  const open = [...comply, ...internal].some((h) => !h.hit.is_whitelisted);
  const search: SearchRecord = {
    id,
    account_id: ctx.account.id,
    ref: svc.ids.next('ref'),
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
    share_token: svc.ids.next('share'),
    tags: a.tags,
    labels: Object.entries(a.tags).map(([name, value]) => ({ type: 'tag' as const, name, value })),
    request: a.request,
    is_monitored: false,
    is_suspended: false,
    monitors: [],
    acknowledged_at: null,
    ...(a.kind === 'reference' ? { kind: 'reference' as const } : {}),
  };
  await svc.store.commit([
    { type: 'insert_search', search },
    { type: 'replace_hits', search_id: id, provider: 'comply', hits: comply },
    { type: 'replace_hits', search_id: id, provider: 'internal', hits: internal },
  ]);
  // Rendered from the records just written (the same data a read-back would give).
  const data = await view(svc, search, a.share, false, { comply, internal });
  return success({ data: a.kind === 'reference' ? { ...data, fuzziness: r.filters.fuzziness } : data }, { code: 200 });
}

function shareParam(q: unknown): boolean | FailureEnvelope {
  if (!isQuery(q)) return invalidQuery();
  const v = q?.share_url;
  if (v === undefined || v === 0 || v === '0' || v === false) return false;
  if (v === 1 || v === '1' || v === true) return true;
  return fail(400, 'invalid input: share_url must be 1 or 0');
}

/** GET /searches/{id} */
export async function getSearch(svc: ServiceContext, ctx: Ctx, id: SearchIdParam, q?: { share_url?: unknown } | null): Promise<ApiResponse<{ data: SearchOverview }>> {
  const share = shareParam(q);
  if (typeof share !== 'boolean') return share;
  const s = await find(svc, id, ctx.account.id);
  if (isFailure(s)) return s;
  return success({ data: await overview(svc, s, share) });
}

/** GET /searches/{id}/details */
export async function getSearchDetails(svc: ServiceContext, ctx: Ctx, id: SearchIdParam, q?: { share_url?: unknown } | null): Promise<ApiResponse<{ data: SearchView }>> {
  const share = shareParam(q);
  if (typeof share !== 'boolean') return share;
  const s = await find(svc, id, ctx.account.id);
  if (isFailure(s)) return s;
  return success({ data: await view(svc, s, share, true) });
}

/** GET /searches/{id}/certificate */
export async function getCertificate(
  svc: ServiceContext,
  ctx: Ctx,
  id: SearchIdParam,
  optionsIn?: CertificateOptions | null,
): Promise<ApiResponse<CertificateContent>> {
  if (!isQuery(optionsIn)) return invalidQuery();
  const options = optionsIn ?? {};
  const s = await find(svc, id, ctx.account.id);
  if (isFailure(s)) return s;
  const data = await renderCertificate(
    {
      search: s,
      searcher: await svc.store.getUser(s.searcher_id),
      assignee: s.assignee_id === null ? null : await svc.store.getUser(s.assignee_id),
      hits: await svc.store.getHits(s.id, 'comply'),
      blacklistHits: await svc.store.getHits(s.id, 'internal'),
      issuedAt: ctx.now,
      issuedAtText: ctx.ts,
    },
    options,
  );
  return success({ content_type: 'application/pdf', filename: `search-${s.ref}.pdf`, data });
}

/** PATCH /searches/{id} */
export async function updateSearch(svc: ServiceContext, ctx: Ctx, id: SearchIdParam, body: unknown): Promise<ApiResponse<{ data: SearchOverview }>> {
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
    else if ((await svc.store.getUser(body.assignee_id))?.account_id !== ctx.account.id) {
      p.add('unknown_assignee', `user ${body.assignee_id} does not exist`, 'assignee_id');
    }
  }
  let tags: Record<string, string> = {};
  if (body.tags !== undefined) tags = checkTags(body.tags, await definedTags(svc, ctx.account.id), p);
  if (!p.empty) return bad(p);
  const s = await find(svc, id, ctx.account.id);
  if (isFailure(s)) return s;

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
    if (ownValue(next.tags, name) !== value) next.labels.push({ type: 'tag', name, value });
    setOwn(next.tags, name, value);
  }
  const events = Object.keys(after).length > 0 ? [searchStatusEvent(next, before, after)] : [];
  await svc.store.commit([{ type: 'update_search', search: next, expected_version: s.version }, ...outboxOps(svc, ctx.account, events, ctx.iso)]);
  return success({ data: await overview(svc, next, false) });
}

/** DELETE /searches/{id} */
export async function deleteSearch(svc: ServiceContext, ctx: Ctx, id: SearchIdParam): Promise<ApiResponse<never>> {
  const s = await find(svc, id, ctx.account.id);
  if (isFailure(s)) return s;
  await svc.store.commit([{ type: 'delete_search', id: s.id, expected_version: s.version }]);
  return EMPTY_204;
}
