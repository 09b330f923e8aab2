/**
 * Decisions on a case: assignment, stage (or state) transitions and notes, each with its audit records; the
 * assignment and note changes are shared with the bulk actions.
 */
import type { TransactionActor } from '../transactions/service.js';
import { caseRef, customerRef, toCaseNote } from './payloads.js';
import type { CaseStoreOp } from './ports.js';
import { validateCaseShape } from './schemas.js';
import {
  checkActor,
  fail,
  hasText,
  userActor,
  validation,
  type CaseContext,
  type CasePlan,
  type CaseRequestOp,
  type NoteKind,
} from './service-context.js';
import type {
  AssignedCase,
  AuditLogRecord,
  CaseAssignmentRequest,
  CaseNote,
  CaseNoteRequest,
  CaseRecord,
  CaseStageTransitionRequest,
  CaseStateTransitionRequest,
  CaseTransitionResponse,
} from './types.js';

/** Assign a case to a user (or unassign it with a null assignee). */
export const assignCase: CaseRequestOp<AssignedCase> = (ctx, identifier, request, actor) =>
  ctx.run(async () => {
    checkActor(actor);
    const v = validateCaseShape<CaseAssignmentRequest>('case_assignment', request);
    if (!v.ok) throw validation(v.error);
    return assignImpl(ctx, identifier, v.value.assignee, null, actor);
  });

/** Move a case to a stage, or to the stage of a state; entering an end stage requires a note. */
export const transitionCase: CaseRequestOp<CaseTransitionResponse> = (ctx, identifier, request, actor) => {
  const { clock, ids, catalog, change, loadCase, stageOf } = ctx;
  return ctx.run(async () => {
    checkActor(actor);
    const isState = request !== null && typeof request === 'object' && 'state' in request && !('stage_identifier' in request);
    const v = isState
      ? validateCaseShape<CaseStateTransitionRequest>('case_state_transition', request)
      : validateCaseShape<CaseStageTransitionRequest>('case_stage_transition', request);
    if (!v.ok) throw validation(v.error);
    const body = v.value;
    return change(async () => {
      const c = await loadCase(identifier);
      const target =
        'state' in body
          ? catalog.byState(body.state)
          : catalog.get(body.stage_identifier);
      const path = 'state' in body ? '$.state' : '$.stage_identifier';
      if (!target) throw fail(422, 'STAGE_NOT_FOUND', 'no such stage', path, 'Unprocessable Entity');
      if (target.case_type !== c.type)
        throw fail(422, 'STAGE_NOT_FOR_CASE_TYPE', `stage ${target.name} belongs to ${target.case_type} cases, not ${c.type}`, path, 'Unprocessable Entity');
      if (target.identifier === c.stage_identifier)
        throw fail(409, 'CASE_ALREADY_IN_STAGE', `the case is already in stage ${target.name}`, path, 'Conflict');
      if (target.is_end_stage && !hasText(body.note))
        throw fail(422, 'NOTE_REQUIRED', `a note is required to enter the end stage ${target.name}`, '$.note', 'Unprocessable Entity');
      const previous = stageOf(c);
      const now = clock.now();
      const next: CaseRecord = {
        ...c,
        version: c.version + 1,
        stage_identifier: target.identifier,
        last_user_stage_identifier: target.identifier,
        is_open: !target.is_end_stage,
        updated_at: now,
        updated_by: actor.user_identifier,
      };
      const who = userActor(actor);
      const ops: CaseStoreOp[] = [{ type: 'update_case', case: next, expected_version: c.version }];
      const audit: AuditLogRecord[] = [
        {
          identifier: ids.next(),
          occurred_at: now,
          type: 'CASE_STAGE_TRANSITIONED',
          actioned_by: who,
          grouping_key: c.identifier,
          detail: {
            case: caseRef(c),
            customer: customerRef(c),
            previous_stage: { identifier: previous.identifier, version: previous.version },
            stage: { identifier: target.identifier, version: target.version },
          },
        },
      ];
      const value = {
        stage_identifier: target.identifier,
        last_user_stage_identifier: target.identifier,
        state: target.state,
        last_user_state: target.state,
      };
      const kind = { type: 'CASE_TRANSITION', stage: target.identifier, state: target.state } as const;
      return withActionNote(ctx, c, { ops, audit, value }, body.note, actor, now, kind);
    });
  });
};

/** Add a note to a case (the request may name one of its risks); the note must not be empty. */
export const addNote: CaseRequestOp<CaseNote> = (ctx, identifier, request, actor) =>
  ctx.run(async () => {
    checkActor(actor);
    const v = validateCaseShape<CaseNoteRequest>('case_note_request', request);
    if (!v.ok) throw validation(v.error);
    if (!hasText(v.value.note)) throw fail(400, 'MIN_SIZE_LIMIT_REACHED', 'note must not be empty', '$.note');
    return noteImpl(ctx, identifier, v.value, actor);
  });

/**
 * The plan of an action on case `c` (assignment or transition): its ops and audit records, plus the note of the
 * action and its audit record when a note is given; the audit links reach the case's transactions.
 */
async function withActionNote<T>(
  ctx: CaseContext,
  c: CaseRecord,
  plan: { ops: CaseStoreOp[]; audit: AuditLogRecord[]; value: T },
  note: string | null | undefined,
  actor: TransactionActor,
  now: string,
  kind: NoteKind,
): Promise<CasePlan<T>> {
  const { ops, audit, value } = plan;
  if (hasText(note)) {
    const n = ctx.newNote(c, note, actor, now, kind);
    ops.push({ type: 'insert_note', note: n });
    audit.push(ctx.noteAudit('NOTE_CREATED_TO_CASE_ACTION', n, userActor(actor), now));
  }
  return { ops, audit, context: { transaction_identifiers: await ctx.transactionsOf(c.identifier) }, value };
}

/** Assign a case (and add the note of the assignment, when given); no change when nothing would change. */
export async function assignImpl(
  ctx: CaseContext,
  identifier: string,
  assignee: string | null,
  note: string | null | undefined,
  actor: TransactionActor,
): Promise<AssignedCase> {
  const { clock, ids, change, loadCase } = ctx;
  return change<AssignedCase>(async () => {
    const c = await loadCase(identifier);
    if (c.assignee === assignee && !hasText(note)) {
      return { ops: [], audit: [], value: { assignee: c.assignee, updated_at: c.updated_at, updated_by: c.updated_by } };
    }
    const now = clock.now();
    const next: CaseRecord = { ...c, version: c.version + 1, assignee, updated_at: now, updated_by: actor.user_identifier };
    const ops: CaseStoreOp[] = [{ type: 'update_case', case: next, expected_version: c.version }];
    const audit: AuditLogRecord[] = [];
    const who = userActor(actor);
    if (c.assignee !== assignee) {
      audit.push({
        identifier: ids.next(),
        occurred_at: now,
        type: 'CASE_ASSIGNED',
        actioned_by: who,
        grouping_key: c.identifier,
        detail: {
          case: caseRef(c),
          customer: customerRef(c),
          ...(assignee !== null ? { assignee: { identifier: assignee } } : {}),
          ...(c.assignee !== null ? { previous_assignee: { identifier: c.assignee } } : {}),
        },
      });
    }
    const value = { assignee, updated_at: now, updated_by: actor.user_identifier };
    const kind = { type: 'CASE_ASSIGNMENT', current_assignee: assignee, previous_assignee: c.assignee } as const;
    return withActionNote(ctx, c, { ops, audit, value }, note, actor, now, kind);
  });
}

/** The change that adds a note to a case, or to one of its risks (shared with the bulk note). */
export async function noteImpl(ctx: CaseContext, identifier: string, request: CaseNoteRequest, actor: TransactionActor): Promise<CaseNote> {
  const { cases, clock, ids, change, loadCase, newNote, noteAudit } = ctx;
  return change(async () => {
    const c = await loadCase(identifier);
    const riskId = request.risk_identifier ?? null;
    if (riskId !== null) {
      const a = await cases.findAlertByRisk(riskId);
      if (!a || a.case_identifier !== c.identifier)
        throw fail(404, 'RISK_NOT_FOUND', `risk ${riskId} is not in case ${c.identifier}`, '$.risk_identifier', 'Not Found');
    }
    const now = clock.now();
    const n = newNote(c, request.note, actor, now, { type: 'CASE', ...(riskId !== null ? { risk_identifier: riskId } : {}) });
    const next: CaseRecord = { ...c, version: c.version + 1, updated_at: now, updated_by: actor.user_identifier };
    const who = userActor(actor);
    const audit: AuditLogRecord =
      riskId !== null
        ? {
            identifier: ids.next(),
            occurred_at: now,
            type: 'NOTE_TO_RISK',
            actioned_by: who,
            grouping_key: c.identifier,
            detail: {
              case: { identifier: c.identifier },
              note: { content: n.contents, identifier: n.identifier, version: n.version },
              risk: { identifier: riskId },
            },
          }
        : noteAudit('NOTE_TO_CASE_OBJECT', n, who, now);
    return {
      ops: [
        { type: 'update_case', case: next, expected_version: c.version },
        { type: 'insert_note', note: n },
      ],
      audit: [audit],
      value: toCaseNote(n),
    };
  });
}
