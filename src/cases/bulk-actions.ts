/**
 * Bulk actions: assign, or add a note to, many cases at once; each case succeeds or fails on its own and the
 * response lists the outcome of each.
 */
import type { Result } from '../errors.js';
import type { TransactionActor } from '../transactions/service.js';
import type { TransactionProblemDetail } from '../transactions/types.js';
import { assignImpl, noteImpl } from './case-actions.js';
import { validateCaseShape } from './schemas.js';
import { checkActor, fail, Failure, hasText, validation, type CaseContext } from './service-context.js';
import type { BulkActionResponse, BulkActionResult, BulkAssignRequest, BulkNoteRequest } from './types.js';

/** Validate a bulk request, then act on each distinct case identifier and collect the outcomes. */
async function bulk(
  ctx: CaseContext,
  request: unknown,
  schema: 'bulk_assign_request' | 'bulk_note_request',
  actor: TransactionActor,
  act: (identifier: string) => Promise<Result<unknown, TransactionProblemDetail>>,
): Promise<Result<BulkActionResponse, TransactionProblemDetail>> {
  const { problem } = ctx;
  try {
    checkActor(actor);
  } catch (e) {
    if (e instanceof Failure) return problem(e);
    throw e;
  }
  const v = validateCaseShape<BulkAssignRequest | BulkNoteRequest>(schema, request);
  if (!v.ok) return problem(validation(v.error));
  const results: BulkActionResult[] = [];
  for (const identifier of [...new Set(v.value.query.identifier)]) {
    try {
      const r = await act(identifier);
      if (r.ok) results.push({ identifier, success: true, errors: null });
      else
        results.push({
          identifier,
          success: false,
          errors: r.error.errors.map((e) => ({ message: e.message, detail: `${e.code} (${r.error.title ?? 'error'})` })),
        });
    } catch (e) {
      results.push({ identifier, success: false, errors: [{ message: e instanceof Error ? e.message : String(e), detail: 'INTERNAL_ERROR' }] });
    }
  }
  return { ok: true, value: { results } };
}

/** Assign each of the listed cases (with the note, when given). */
export function bulkAssign(ctx: CaseContext, request: unknown, actor: TransactionActor): Promise<Result<BulkActionResponse, TransactionProblemDetail>> {
  const { run } = ctx;
  const body = request as BulkAssignRequest;
  return bulk(ctx, request, 'bulk_assign_request', actor, (id) =>
    run(() => assignImpl(ctx, id, body.payload.assignee, body.payload.note ?? null, actor)),
  );
}

/** Add the note to each of the listed cases. */
export function bulkNote(ctx: CaseContext, request: unknown, actor: TransactionActor): Promise<Result<BulkActionResponse, TransactionProblemDetail>> {
  const { run } = ctx;
  const body = request as BulkNoteRequest;
  return bulk(ctx, request, 'bulk_note_request', actor, (id) =>
    run(async () => {
      if (!hasText(body.payload.note)) throw fail(400, 'MIN_SIZE_LIMIT_REACHED', 'note must not be empty', '$.payload.note');
      return noteImpl(ctx, id, { note: body.payload.note }, actor);
    }),
  );
}
