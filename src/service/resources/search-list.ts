/**
 * GET /searches: filters, sorting, and the spec's two pagination modes (token-based, keyset; common, offset with
 * the 10,000-record cap).
 */
import { problem } from '../../errors.js';
import type { MatchStatus, RiskLevel } from '../../screening/types.js';
import { bad, fail, invalidQuery, success, type Ctx, type ServiceContext } from '../context.js';
import { summary, type SearchSummary } from '../render.js';
import type { MonitoredFilter, SearchQuery, SortBy } from '../store.js';
import { isDate } from '../time.js';
import type { ApiResponse, Links, SearchRecord } from '../types.js';
import { isInt, isObject, isQuery, isWellFormed, MATCH_STATUSES, Problems, queryInt, queryList, RISK_LEVELS } from '../validate.js';

const COMMON_PAGINATION_CAP = 10_000;
const DEFAULT_PER_PAGE = 10;
const SORT_BY: readonly SortBy[] = ['id', 'created_at', 'updated_at', 'assignee_id', 'searcher_id'];
const MONITORED: readonly MonitoredFilter[] = ['suspended', 'un-suspended', 'false'];

interface PageToken {
  /** Direction: next or previous page. */
  d: 'n' | 'p';
  /** The keyset bound: the last (next) or first (previous) id of the page the link was made on. */
  id: number;
  page: number;
  /** The key of the filters the token was issued for. */
  f: string;
}

function encodeToken(t: PageToken): string {
  return Buffer.from(JSON.stringify(t), 'utf8').toString('base64url');
}

function decodeToken(s: string): PageToken | null {
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

function queryKey(canon: [string, string][]): string {
  // A short, stable key of the filters a token was issued for (not a secret).
  let h = 0x811c9dc5;
  for (const ch of JSON.stringify(canon)) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36);
}

/** GET /searches */
export async function listSearches(svc: ServiceContext, ctx: Ctx, queryIn: unknown): Promise<ApiResponse<{ data: SearchSummary[] }>> {
  const p = new Problems();
  if (!isQuery(queryIn)) return invalidQuery();
  const query = queryIn ?? {};
  const q: Omit<SearchQuery, 'limit'> = { account_id: ctx.account.id };
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
    else if (!isWellFormed(v)) p.add('invalid_text', `${name} must be well-formed Unicode text`, name);
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
    else if (!l.every(isWellFormed)) p.add('invalid_text', 'tags must be well-formed Unicode text', 'tags');
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
  let token: PageToken | null = null;
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
      rows = await svc.store.querySearches({ ...q, before_id: token.id, limit: per });
      more = true;
    } else {
      const got = await svc.store.querySearches({ ...q, ...(token ? { after_id: token.id } : { after_id: 0 }), limit: per + 1 });
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
    return success({ data: rows.map((s) => summary(s)) }, { links });
  }
  const page = pageIn ?? 1;
  if (page * per > COMMON_PAGINATION_CAP) {
    return fail(400, `invalid input: page and per_page are limited to ${COMMON_PAGINATION_CAP} records (page * per_page must not exceed ${COMMON_PAGINATION_CAP})`, [
      problem('pagination_limit', `common pagination is limited to ${COMMON_PAGINATION_CAP} records`, 'page'),
    ]);
  }
  const got = await svc.store.querySearches({ ...q, offset: (page - 1) * per, limit: per + 1 });
  const rows = got.slice(0, per);
  const links: Links = {};
  if (got.length > per && (page + 1) * per <= COMMON_PAGINATION_CAP) {
    links.next = href([...sortParams, ['page', String(page + 1)], ['per_page', String(per)]]);
  }
  if (page > 1) links.previous = href([...sortParams, ['page', String(page - 1)], ['per_page', String(per)]]);
  return success({ data: rows.map((s) => summary(s)) }, { links });
}
