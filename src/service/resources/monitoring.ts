/**
 * Monitoring: GET/PATCH /searches/{id}/monitors, GET /searches/{id}/monitor/differences,
 * POST /searches/{id}/monitor/acknowledge, PATCH /searches/{id}/search-profile (the profile a monitored search
 * re-runs with), and the host side: re-screening on a new list version, suspension.
 */
import { problem, type FailureEnvelope } from '../../errors.js';
import type { Screener } from '../../screening/types.js';
import {
  EMPTY_204,
  fail,
  find,
  invalidQuery,
  isFailure,
  NO_REFERENCE_SCREENER,
  resolve,
  retryOnConflict,
  screenerFor,
  success,
  type Ctx,
  type HeldScreeners,
  type SearchIdParam,
  type ServiceContext,
} from '../context.js';
import { outboxOps } from '../outbox.js';
import { monitorsView, type DifferenceView, type MonitorsView } from '../render.js';
import { internalScope, merge, pull, scopeOfSearch, withTotals, type PullResult } from '../results.js';
import { formatDate, isDate, parseTimestamp } from '../time.js';
import type { StoreOp } from '../store.js';
import type { ApiResponse, SearchRecord, WebhookEvent } from '../types.js';
import type { ListVersion } from '../list-versions.js';
import { isObject, isQuery, withProfileTypes } from '../validate.js';

const HOUR_MS = 3_600_000;

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

/** GET /searches/{id}/monitors */
export async function getMonitors(svc: ServiceContext, ctx: Ctx, id: SearchIdParam): Promise<ApiResponse<MonitorsView>> {
  const s = await find(svc, id, ctx.account.id);
  if (isFailure(s)) return s;
  return success(monitorsView(s));
}

/** PATCH /searches/{id}/monitors */
export async function updateMonitors(svc: ServiceContext, ctx: Ctx, id: SearchIdParam, body: unknown): Promise<ApiResponse<MonitorsView>> {
  if (!isObject(body) || typeof body.is_monitored !== 'boolean') {
    return fail(400, 'invalid input: is_monitored must be a boolean', [problem('invalid_is_monitored', 'is_monitored must be a boolean', 'is_monitored')]);
  }
  const s = await find(svc, id, ctx.account.id);
  if (isFailure(s)) return s;
  if (body.is_monitored === s.is_monitored) return success(monitorsView(s));
  if (!body.is_monitored) {
    const next: SearchRecord = { ...s, version: s.version + 1, updated_at: ctx.ts, is_monitored: false, is_suspended: false, monitors: [] };
    await svc.store.commit([{ type: 'update_search', search: next, expected_version: s.version }]);
    return success(monitorsView(next));
  }
  // Start: the original search is updated with the latest run (a baseline: no differences, no event).
  return svc.withScreeners((held) => startMonitoring(svc, ctx, s, held));
}

/** The run that starts the monitoring of `s`, on the screeners held for it. */
async function startMonitoring(svc: ServiceContext, ctx: Ctx, s: SearchRecord, held: HeldScreeners): Promise<ApiResponse<MonitorsView>> {
  const screener = screenerFor(held, s);
  if (!screener) return fail(501, NO_REFERENCE_SCREENER);
  const pulled = pull(svc, screener, s.request, await internalScope(svc, ctx.account));
  if (!pulled.ok) return pulled.error;
  const merged = await merge(svc, s, pulled.value, formatDate(ctx.now), ctx.ts);
  const next: SearchRecord = {
    ...withTotals(s, pulled.value.first, merged.hits.internal.length),
    version: s.version + 1,
    updated_at: ctx.ts,
    is_monitored: true,
    is_suspended: false,
    monitors: [{ monitored_by: ctx.user.id, created_at: ctx.ts, updated_at: ctx.ts }],
  };
  await svc.store.commit([
    { type: 'update_search', search: next, expected_version: s.version },
    { type: 'replace_hits', search_id: s.id, provider: 'comply', hits: merged.hits.comply },
    { type: 'replace_hits', search_id: s.id, provider: 'internal', hits: merged.hits.internal },
  ]);
  return success(monitorsView(next));
}

/** GET /searches/{id}/monitor/differences */
export async function getMonitorDifferences(
  svc: ServiceContext,
  ctx: Ctx,
  id: SearchIdParam,
  qIn?: { date?: unknown } | null,
): Promise<ApiResponse<DifferenceView[]>> {
  if (!isQuery(qIn)) return invalidQuery();
  const q = qIn ?? {};
  let date = formatDate(ctx.now);
  if (q.date !== undefined) {
    if (typeof q.date !== 'string' || !isDate(q.date)) {
      return fail(400, 'invalid input: date must be yyyy-mm-dd', [problem('invalid_date', 'date must be yyyy-mm-dd', 'date')]);
    }
    date = q.date;
  }
  const s = await find(svc, id, ctx.account.id);
  if (isFailure(s)) return s;
  const diffs = await svc.store.getDifferences(s.id, date);
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

/** POST /searches/{id}/monitor/acknowledge */
export async function acknowledgeMonitor(svc: ServiceContext, ctx: Ctx, id: SearchIdParam): Promise<ApiResponse<never>> {
  const s = await find(svc, id, ctx.account.id);
  if (isFailure(s)) return s;
  if (!s.is_monitored) return fail(400, 'search is not monitored');
  const next: SearchRecord = { ...s, version: s.version + 1, acknowledged_at: ctx.ts };
  await svc.store.commit([{ type: 'update_search', search: next, expected_version: s.version }]);
  return EMPTY_204;
}

/** PATCH /searches/{id}/search-profile (checks in the order and with the messages of the spec's table) */
export async function updateSearchProfile(
  svc: ServiceContext,
  ctx: Ctx,
  id: SearchIdParam,
  body: unknown,
): Promise<ApiResponse<{ data: { search_profile: { id: string; version: number }; ref: string } }>> {
  const r = await resolve(svc, id, ctx.account.id);
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
  const profile = await svc.store.getSearchProfile(s.account_id, parsed.search_profile.id);
  if (!profile) return fail(400, 'search_profile.id invalid in JSON body of request');
  if (s.search_profile) {
    const cur = await svc.store.getSearchProfile(s.account_id, s.search_profile.id);
    if (cur && ctx.now.getTime() - parseTimestamp(cur.updated_at) < 48 * HOUR_MS) {
      return fail(400, `current search profile id ${cur.id} associated to search ${s.ref} was modified within 48 hours.`);
    }
  }
  const filters = withProfileTypes(s.request.filters ?? {}, profile);
  const next: SearchRecord = {
    ...s,
    version: s.version + 1,
    updated_at: ctx.ts,
    search_profile: { id: profile.id, name: profile.name, slug: profile.slug },
    request: { ...s.request, filters },
    filters: withProfileTypes(s.filters, profile),
  };
  await svc.store.commit([{ type: 'update_search', search: next, expected_version: s.version }]);
  return success({ data: { search_profile: { id: profile.id, version: profile.version }, ref: s.ref } });
}

/** The outbox ops of events of a search changed on the host side (the URLs of the search's account). */
async function eventsOf(svc: ServiceContext, s: SearchRecord, events: WebhookEvent[], iso: string): Promise<StoreOp[]> {
  if (events.length === 0) return [];
  const account = await svc.store.getAccount(s.account_id);
  return account ? outboxOps(svc, account, events, iso) : [];
}

/** One monitored search re-run against the current screeners (held until it is stored), in its own transaction. */
async function rescreenOne(svc: ServiceContext, id: number, report: RescreenReport): Promise<void> {
  const s = await svc.store.getSearch(id);
  if (!s || !s.is_monitored) return;
  if (s.is_suspended) {
    report.suspended.push(id);
    return;
  }
  await svc.withScreeners((held) => rerun(svc, s, held, report));
}

async function rerun(svc: ServiceContext, s: SearchRecord, held: HeldScreeners, report: RescreenReport): Promise<void> {
  const id = s.id;
  const screener = screenerFor(held, s);
  const scope = await scopeOfSearch(svc, s);
  const pulled: PullResult = screener ? pull(svc, screener, s.request, scope) : { ok: false, error: fail(501, NO_REFERENCE_SCREENER) };
  if (!pulled.ok) {
    report.failed.push({ search_id: id, error: pulled.error });
    return;
  }
  const { now, ts, iso } = svc.now();
  const m = await merge(svc, s, pulled.value, formatDate(now), ts);
  const next: SearchRecord = {
    ...withTotals(s, pulled.value.first, m.hits.internal.length),
    version: s.version + 1,
    updated_at: m.diffs.length > 0 ? ts : s.updated_at,
    monitors: s.monitors.map((x) => ({ ...x, updated_at: ts })),
  };
  const events: WebhookEvent[] =
    m.diffs.length > 0
      ? [{ event: 'monitored_search_updated', data: { search_id: s.id, updated: m.updated, new: m.added, removed: m.removed, is_suspended: false } }]
      : [];
  await svc.store.commit([
    { type: 'update_search', search: next, expected_version: s.version },
    { type: 'replace_hits', search_id: s.id, provider: 'comply', hits: m.hits.comply },
    { type: 'replace_hits', search_id: s.id, provider: 'internal', hits: m.hits.internal },
    ...(m.diffs.length > 0 ? [{ type: 'insert_differences' as const, differences: m.diffs }] : []),
    ...(await eventsOf(svc, s, events, iso)),
  ]);
  report.rescreened++;
  if (m.diffs.length > 0) report.changed.push(id);
}

/**
 * The host calls this when it loads a new list version: `newScreener` becomes the service's screener, and every
 * monitored, not suspended search is re-run against it. Changes are stored as the day's differences and
 * announced with `monitored_search_updated`. Each search is one transaction.
 */
export async function rescreenMonitored(svc: ServiceContext, newScreener: Screener, newReferenceScreener?: Screener): Promise<RescreenReport> {
  svc.replaceScreeners(newScreener, newReferenceScreener);
  return rescreenAll(svc);
}

/** Re-runs every monitored, not suspended search against the current screeners. */
async function rescreenAll(svc: ServiceContext): Promise<RescreenReport> {
  const report: RescreenReport = { rescreened: 0, changed: [], suspended: [], failed: [] };
  for (const id of await svc.store.listMonitoredSearchIds()) {
    await retryOnConflict(svc, () => rescreenOne(svc, id, report));
  }
  return report;
}

/**
 * Suspends or resumes monitoring of a search (host side; the spec shows the state, not who sets it).
 * A change of state appends `monitored_search_updated` with empty entity lists.
 */
export async function setMonitorSuspended(svc: ServiceContext, id: SearchIdParam, suspended: boolean): Promise<ApiResponse<MonitorsView>> {
  return retryOnConflict(svc, async () => {
    const s = await find(svc, id, null);
    if (isFailure(s)) return s;
    if (!s.is_monitored) return fail(400, 'search is not monitored');
    if (s.is_suspended === suspended) return success(monitorsView(s));
    const { ts, iso } = svc.now();
    const next: SearchRecord = { ...s, version: s.version + 1, updated_at: ts, is_suspended: suspended };
    const event: WebhookEvent = {
      event: 'monitored_search_updated',
      data: { search_id: s.id, updated: [], new: [], removed: [], is_suspended: suspended },
    };
    await svc.store.commit([{ type: 'update_search', search: next, expected_version: s.version }, ...(await eventsOf(svc, s, [event], iso))]);
    return success(monitorsView(next));
  });
}

export interface ListVersionLoad {
  /** The version this instance serves now. */
  version: ListVersion;
  /** The re-screening this instance did for it; null when the version was not new to it or another instance claimed it. */
  rescreen: RescreenReport | null;
}

/**
 * The host loaded lists (`fingerprint`: a hash of what it read): they become this instance's screeners, recorded as
 * a new list version when they differ from the current one. Monitored searches are re-screened for a version by
 * the one instance that claims it (see list-versions.ts).
 */
export async function loadListVersion(
  svc: ServiceContext,
  newScreener: Screener,
  fingerprint: string,
  options: { description?: string; referenceScreener?: Screener } = {},
): Promise<ListVersionLoad> {
  const { iso } = svc.now();
  const version = await svc.listVersions.record(fingerprint, options.description ?? '', iso);
  svc.replaceScreeners(newScreener, options.referenceScreener);
  const known = svc.listVersion !== null && svc.listVersion.version === version.version;
  svc.listVersion = version;
  if (known || !(await svc.listVersions.claimRescreen(version.version, svc.instanceId, iso, svc.rescreenClaimStaleMs))) return { version, rescreen: null };
  const report = await rescreenAll(svc);
  await svc.listVersions.completeRescreen(version.version, svc.instanceId, svc.now().iso);
  return { version, rescreen: report };
}
