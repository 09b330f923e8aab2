/**
 * A search's entities: GET /searches/{ref}/entities/{entity_provider} and PATCH /searches/{id}/entities (review,
 * whitelisting, `match_status_updated` events).
 */
import type { Hit, MatchStatus, RiskLevel } from '../../screening/types.js';
import { problem } from '../../errors.js';
import { bad, fail, find, invalidQuery, isFailure, success, type Ctx, type SearchIdParam, type ServiceContext } from '../context.js';
import { outboxOps } from '../outbox.js';
import { summary, type EntitiesUpdateView } from '../render.js';
import type { StoreOp } from '../store.js';
import type { ApiResponse, EntityProvider, HitRecord, MatchStatusUpdatedData, SearchRecord, WebhookEvent, WhitelistRecord } from '../types.js';
import { ENTITY_MATCH_STATUSES, isObject, isQuery, Problems, queryInt, RISK_LEVELS } from '../validate.js';

/** GET /searches/{ref}/entities/{entity_provider} */
export async function getSearchEntities(
  svc: ServiceContext,
  ctx: Ctx,
  id: SearchIdParam,
  provider: string,
  qIn?: { page?: unknown; per_page?: unknown } | null,
): Promise<ApiResponse<Hit[]>> {
  const p = new Problems();
  if (!isQuery(qIn)) return invalidQuery();
  const q = qIn ?? {};
  if (provider !== 'comply' && provider !== 'internal') {
    p.add('invalid_provider', 'entity_provider must be comply or internal', 'entity_provider');
  }
  const perPage = q.per_page === undefined ? 100 : queryInt(q.per_page);
  const page = q.page === undefined ? 1 : queryInt(q.page);
  if (perPage === undefined || perPage < 1 || perPage > 100) p.add('invalid_per_page', 'per_page must be an integer from 1 to 100', 'per_page');
  if (page === undefined || page < 1) p.add('invalid_page', 'page must be an integer of at least 1', 'page');
  if (!p.empty) return bad(p);
  const s = await find(svc, id, ctx.account.id);
  if (isFailure(s)) return s;
  const hits = await svc.store.getHits(s.id, provider as EntityProvider, ((page as number) - 1) * (perPage as number), perPage);
  return success(hits.map((h) => h.hit));
}

/** PATCH /searches/{id}/entities */
export async function updateSearchEntities(svc: ServiceContext, ctx: Ctx, id: SearchIdParam, body: unknown): Promise<ApiResponse<EntitiesUpdateView>> {
  const p = new Problems();
  if (!isObject(body)) {
    p.add('invalid_body', 'the body must be a JSON object');
    return bad(p);
  }
  const entities = body.entities;
  if (!Array.isArray(entities) || entities.length === 0 || !entities.every((e) => typeof e === 'string' && e !== '')) {
    p.add('invalid_entities', 'entities must be a non-empty array of entity ids', 'entities');
  }
  const status = body.match_status as MatchStatus | undefined;
  if (status !== undefined && !ENTITY_MATCH_STATUSES.includes(status)) {
    p.add('invalid_match_status', `match_status must be one of ${ENTITY_MATCH_STATUSES.join(', ')}`, 'match_status');
  }
  if (body.risk_level !== undefined && !RISK_LEVELS.includes(body.risk_level as RiskLevel)) {
    p.add('invalid_risk_level', `risk_level must be one of ${RISK_LEVELS.join(', ')}`, 'risk_level');
  }
  if (body.is_whitelisted !== undefined && typeof body.is_whitelisted !== 'boolean') {
    p.add('invalid_type', 'is_whitelisted must be a boolean', 'is_whitelisted');
  }
  if (status === undefined && body.risk_level === undefined && body.is_whitelisted === undefined) {
    p.add('empty_update', 'give one or more of match_status, risk_level, is_whitelisted');
  }
  if (body.is_whitelisted === true && status !== undefined && status !== 'false_positive') {
    p.add('conflict', 'is_whitelisted true requires match_status false_positive', 'is_whitelisted');
  }
  if (!p.empty) return bad(p);
  const s = await find(svc, id, ctx.account.id);
  if (isFailure(s)) return s;
  if (body.is_whitelisted === true && s.client_ref === null) {
    return fail(400, 'invalid input: whitelisting needs a search with a client_ref', [
      problem('no_client_ref', 'whitelisting needs a search with a client_ref', 'is_whitelisted'),
    ]);
  }
  const all = [...(await svc.store.getHits(s.id, 'comply')), ...(await svc.store.getHits(s.id, 'internal'))];
  const byId = new Map(all.map((h) => [h.entity_id, h]));
  const ids = [...new Set(entities as string[])];
  for (const e of ids) {
    if (!byId.has(e)) p.add('unknown_entity', `entity ${e} is not a result of search ${s.ref}`, 'entities');
  }
  if (!p.empty) return bad(p);

  const ops: StoreOp[] = [];
  const events: WebhookEvent[] = [];
  const updated: HitRecord[] = [];
  const next: SearchRecord = { ...s, version: s.version + 1, updated_at: ctx.ts };
  for (const e of ids) {
    const cur = byId.get(e) as HitRecord;
    const wasWl = cur.hit.is_whitelisted === true;
    let newStatus = status ?? cur.hit.match_status;
    let newWl = wasWl;
    if (body.is_whitelisted !== undefined) newWl = body.is_whitelisted as boolean;
    else if (status === 'false_positive') newWl = s.client_ref !== null;
    else if (status !== undefined) newWl = false;
    if (newWl && body.is_whitelisted === true && status === undefined) newStatus = 'false_positive';
    const rec: HitRecord = {
      ...cur,
      hit: {
        ...cur.hit,
        match_status: newStatus,
        risk_level: (body.risk_level as RiskLevel | undefined) ?? cur.hit.risk_level,
        is_whitelisted: newWl,
      },
    };
    updated.push(rec);
    if (newWl && s.client_ref !== null) {
      const entry: WhitelistRecord = {
        account_id: s.account_id,
        client_ref: s.client_ref,
        entity_id: e,
        fingerprint: cur.fingerprint,
        search_id: s.id,
        user_id: ctx.user.id,
        created_at: ctx.ts,
      };
      ops.push({ type: 'put_whitelist', entry });
    } else if (wasWl && !newWl && s.client_ref !== null) {
      ops.push({ type: 'delete_whitelist', account_id: s.account_id, client_ref: s.client_ref, entity_id: e });
    }
    const statusChanged = newStatus !== cur.hit.match_status;
    if (statusChanged || newWl !== wasWl) {
      const data: MatchStatusUpdatedData = {
        client_ref: s.client_ref ?? '',
        search_id: String(s.id),
        entity_id: e,
        ...(statusChanged ? { entity_match_status: newStatus as MatchStatusUpdatedData['entity_match_status'] } : {}),
        ...(newWl !== wasWl ? { is_whitelisted: newWl } : {}),
        tags: { ...s.tags },
      };
      events.push({ event: 'match_status_updated', data });
    }
  }
  await svc.store.commit([
    { type: 'update_search', search: next, expected_version: s.version },
    { type: 'update_hits', hits: updated },
    ...ops,
    ...outboxOps(svc, ctx.account, events, ctx.iso),
  ]);
  return success({
    ...summary(next),
    hits: updated.map((h) => ({
      doc: { id: h.entity_id },
      match_status: h.hit.match_status,
      is_whitelisted: h.hit.is_whitelisted === true,
      risk_level: h.hit.risk_level,
      match_types: h.hit.match_types,
      score: h.hit.score,
    })),
  });
}
