/** Comments and tags of a search: POST/GET /searches/{id}/comments, DELETE /searches/{id}/tags/{tag_name}. */
import { bad, EMPTY_204, fail, find, isFailure, success, type Ctx, type SearchIdParam, type ServiceContext } from '../context.js';
import type { CommentView } from '../render.js';
import type { ApiResponse, CommentRecord, SearchRecord } from '../types.js';
import { hasOwn, isObject, Problems } from '../validate.js';

/** POST /searches/{id}/comments */
export async function addComment(svc: ServiceContext, ctx: Ctx, id: SearchIdParam, body: unknown): Promise<ApiResponse<never>> {
  const p = new Problems();
  if (!isObject(body) || typeof body.comment !== 'string' || body.comment.trim() === '') {
    p.add('required', 'comment is required', 'comment');
  }
  const entityId = isObject(body) ? body.entity_id : undefined;
  if (entityId !== undefined && entityId !== null && (typeof entityId !== 'string' || entityId === '')) {
    p.add('invalid_entity_id', 'entity_id must be an entity id', 'entity_id');
  }
  if (!p.empty) return bad(p);
  const s = await find(svc, id, ctx.account.id);
  if (isFailure(s)) return s;
  if (typeof entityId === 'string') {
    const known = [...(await svc.store.getHits(s.id, 'comply')), ...(await svc.store.getHits(s.id, 'internal'))].some(
      (h) => h.entity_id === entityId,
    );
    if (!known) return fail(400, `invalid input: entity ${entityId} is not a result of search ${s.ref}`);
  }
  const comment: CommentRecord = {
    id: svc.ids.next('comment'),
    search_id: s.id,
    created_at: ctx.ts,
    message: (body as { comment: string }).comment,
    user_id: ctx.user.id,
    entity_id: typeof entityId === 'string' ? entityId : null,
  };
  await svc.store.commit([{ type: 'insert_comment', comment }]);
  return EMPTY_204;
}

/** GET /searches/{id}/comments */
export async function listComments(svc: ServiceContext, ctx: Ctx, id: SearchIdParam): Promise<ApiResponse<CommentView[]>> {
  const s = await find(svc, id, ctx.account.id);
  if (isFailure(s)) return s;
  return success(
    (await svc.store.getComments(s.id)).map((c) => ({
      id: c.id,
      created_at: c.created_at,
      message: c.message,
      user_id: c.user_id,
      ...(c.entity_id !== null ? { entity_id: c.entity_id } : {}),
    })),
  );
}

/** DELETE /searches/{id}/tags/{tag_name} (id: the numeric search id; a missing search or tag is 400) */
export async function deleteSearchTag(svc: ServiceContext, ctx: Ctx, id: SearchIdParam, tagName: string): Promise<ApiResponse<never>> {
  const n = typeof id === 'number' ? id : /^\d+$/.test(String(id)) ? Number(id) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) return fail(400, 'invalid input: id must be the numeric search id');
  const s = await svc.store.getSearch(n);
  if (!s || s.account_id !== ctx.account.id) return fail(400, 'invalid input: search not found');
  if (typeof tagName !== 'string' || !hasOwn(s.tags, tagName)) {
    return fail(400, `invalid input: tag ${JSON.stringify(tagName)} is not on search ${s.id}`);
  }
  const tags = { ...s.tags };
  delete tags[tagName];
  const next: SearchRecord = {
    ...s,
    version: s.version + 1,
    updated_at: ctx.ts,
    tags,
    labels: s.labels.filter((l) => l.name !== tagName),
  };
  await svc.store.commit([{ type: 'update_search', search: next, expected_version: s.version }]);
  return EMPTY_204;
}
