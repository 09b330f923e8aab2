/**
 * The case service: cases of the four types with their stages, alerts grouped into the customer's open case,
 * assignment, stage transitions, notes, alert state transitions, risk status updates, bulk actions, and the audit
 * record of every change. Pure over its ports (store, audit store, clock, ids); every expected failure is a
 * problem-detail value.
 */
import type { Result } from '../errors.js';
import type { EvaluationResult } from '../transactions/engine.js';
import type { TransactionProfileHitState, TransactionRiskDecision, TransactionRiskKind } from '../transactions/enums.js';
import type { RiskStore, TransactionClock, TransactionIdGenerator } from '../transactions/ports.js';
import type { TransactionActor } from '../transactions/service.js';
import type {
  TransactionProblemDetail,
  TransactionRiskStatusUpdate,
  TransactionStateTransition,
  TransactionViolation,
} from '../transactions/types.js';
import { toProblemDetail, validateTransactionShape } from '../transactions/validation.js';
import { casePageEnvelope, casePageParams, createAuditLog, type AuditLinkContext } from './audit.js';
import {
  CASE_ALERT_RISK_SOURCES,
  CASE_ALERT_STATES,
  CASE_ALERT_TYPES,
  CASE_CUSTOMER_RISK_LEVELS,
  CASE_CUSTOMER_TYPES,
  CASE_TYPES,
  PRIORITY_BANDS,
  type CaseAlertRiskSource,
  type CaseAlertState,
  type CaseAlertType,
  type CaseCustomerRiskLevel,
  type CaseCustomerType,
  type CaseType,
} from './enums.js';
import { CaseStoreConflictError, type AuditStore, type CaseStore, type CaseStoreOp } from './ports.js';
import { validateCaseShape } from './schemas.js';
import { createStageCatalog, type CaseStageCatalog } from './stages.js';
import type {
  AssignedCase,
  AuditActor,
  AuditLogRecord,
  BulkActionResponse,
  BulkActionResult,
  BulkAssignRequest,
  BulkNoteRequest,
  Case,
  CaseAlert,
  CaseAlertRecord,
  CaseAssignmentRequest,
  CaseList,
  CaseListItem,
  CaseListQuery,
  CaseNote,
  CaseNoteRequest,
  CasePaymentSummary,
  CaseRecord,
  CaseRef,
  CaseStage,
  CaseStageDefinition,
  CaseStageTransitionRequest,
  CaseStateTransitionRequest,
  CaseSubject,
  CaseTransitionResponse,
  CustomerRef,
} from './types.js';
import { show } from '../own.js';

/** What the host knows of the customer when alerts arrive; missing fields take defaults. */
export interface CaseCustomerInput {
  identifier: string;
  name: string;
  /** Default `SKIPPED` (not scored). */
  risk_level?: CaseCustomerRiskLevel;
  /** Default `UNDEFINED`. */
  type?: CaseCustomerType;
  /** Default 1. */
  version?: number;
  external_identifier?: string | null;
}

export interface CaseAlertInput {
  priority: number | null;
  risk_source: CaseAlertRiskSource;
  type: CaseAlertType;
  title: string;
  risk_identifier?: string | null;
  transaction?: CaseAlertRecord['transaction'];
}

export interface AddAlertsInput {
  case_type: CaseType;
  customer: CaseCustomerInput;
  alerts: CaseAlertInput[];
  /** The payment summary of a PAYMENT_SCREENING case. */
  payment?: CasePaymentSummary | null;
  risk_types?: string[];
}

export interface AddAlertsOutcome {
  /** The case the alerts went into; null when nothing was added (every alert muted or already in a case). */
  case: CaseListItem | null;
  created: boolean;
  alerts: CaseAlert[];
  /**
   * `ingestEvaluation` only, when one evaluation raised both kinds: the PAYMENT_SCREENING case of the screening
   * alerts (the fields above then describe the TRANSACTION_MONITORING case).
   */
  payment_screening?: AddAlertsOutcome;
}

export interface CaseServiceOptions {
  cases: CaseStore;
  audit: AuditStore;
  clock: TransactionClock;
  ids: TransactionIdGenerator;
  /** Host stages, added to the defaults (returned with state USER_DEFINED). */
  stages?: readonly CaseStageDefinition[];
  /** When given, risk status updates are also written to the transaction area's risk store. */
  risks?: RiskStore;
  /** Prefix of page paths (default `/v1`). */
  basePath?: string;
  /** Default page size (default 50). */
  pageSize?: number;
  /** Attempts of a change when the store reports a concurrent modification (default 3). */
  maxAttempts?: number;
}

export interface CaseService {
  readonly stages: CaseStageCatalog;
  /**
   * Group the unmuted alerts of a scenario-engine evaluation: alerts raised by a screening hit (the risks of the
   * PAYMENT_SCREENED record) into the open PAYMENT_SCREENING case of this payment, the others into the customer's
   * open TRANSACTION_MONITORING case.
   */
  ingestEvaluation(result: EvaluationResult, customer: CaseCustomerInput): Promise<Result<AddAlertsOutcome, TransactionProblemDetail>>;
  /** Group alerts of any source into the customer's open case of `case_type` (created when none is open). */
  addAlerts(input: AddAlertsInput, actor?: AuditActor): Promise<Result<AddAlertsOutcome, TransactionProblemDetail>>;
  /** The spec's Case payload (list items add the `alerts` summary; use `listCases` for those). */
  getCase(identifier: string): Promise<Result<Case, TransactionProblemDetail>>;
  listCases(query?: CaseListQuery): Promise<Result<CaseList, TransactionProblemDetail>>;
  listAlerts(caseIdentifier: string): Promise<Result<CaseAlert[], TransactionProblemDetail>>;
  listNotes(caseIdentifier: string): Promise<Result<CaseNote[], TransactionProblemDetail>>;
  assignCase(identifier: string, request: unknown, actor: TransactionActor): Promise<Result<AssignedCase, TransactionProblemDetail>>;
  transitionCase(identifier: string, request: unknown, actor: TransactionActor): Promise<Result<CaseTransitionResponse, TransactionProblemDetail>>;
  addNote(identifier: string, request: unknown, actor: TransactionActor): Promise<Result<CaseNote, TransactionProblemDetail>>;
  transitionAlert(alertIdentifier: string, request: unknown, actor: TransactionActor): Promise<Result<CaseAlert, TransactionProblemDetail>>;
  updateRiskStatus(
    caseIdentifier: string,
    riskIdentifier: string,
    request: unknown,
    actor: TransactionActor,
  ): Promise<Result<{ identifier: string; decision: TransactionRiskDecision }, TransactionProblemDetail>>;
  bulkAssign(request: unknown, actor: TransactionActor): Promise<Result<BulkActionResponse, TransactionProblemDetail>>;
  bulkNote(request: unknown, actor: TransactionActor): Promise<Result<BulkActionResponse, TransactionProblemDetail>>;
}

const HIT_STATE: Record<TransactionRiskDecision, TransactionProfileHitState> = {
  NOT_REVIEWED: 'NEW',
  IN_REVIEW: 'IN_REVIEW',
  FALSE_POSITIVE: 'FALSE_POSITIVE',
  TRUE_POSITIVE: 'TRUE_POSITIVE',
};

const RISK_KIND: Record<CaseAlertRiskSource, TransactionRiskKind> = {
  CUSTOMER_SCREENING: 'ENTITY_SCREENING',
  PAYMENT_SCREENING: 'PAYMENT_SCREENING',
  TRANSACTION_MONITORING: 'TRANSACTION_MONITORING',
};

const END_ALERT_STATES: ReadonlySet<CaseAlertState> = new Set(['POSITIVE_END_STATE', 'NEGATIVE_END_STATE']);

/** The spec's case alert payload of a stored alert. */
export function toCaseAlert(a: CaseAlertRecord): CaseAlert {
  return {
    identifier: a.identifier,
    priority: a.priority,
    risk_source: a.risk_source,
    state: a.state,
    title: a.title,
    type: a.type,
    updated_at: a.updated_at,
    updated_by: a.updated_by,
  };
}

/** The spec's note payload of a stored note (bookkeeping fields dropped). */
export function toCaseNote(n: CaseNote): CaseNote {
  const { case_identifier: _c, version: _v, risk_identifier: _r, ...rest } = n;
  return rest as CaseNote;
}

function unknownStage(identifier: string, type: CaseType): CaseStage {
  return { identifier, name: 'Unknown stage', case_type: type, state: 'USER_DEFINED', version: 1, is_end_stage: false };
}

class Failure {
  constructor(readonly status: number, readonly violations: TransactionViolation[], readonly title?: string) {}
}
const fail = (status: number, code: string, message: string, path: string, title?: string): Failure =>
  new Failure(status, [{ code, message, path }], title);

export function createCaseService(options: CaseServiceOptions): CaseService {
  const { cases, clock, ids } = options;
  const catalog = createStageCatalog(options.stages ?? []);
  const basePath = options.basePath ?? '/v1';
  const defaultSize = options.pageSize ?? 50;
  const maxAttempts = options.maxAttempts ?? 3;
  const log = createAuditLog({ store: options.audit, clock, ids, basePath });

  const problem = (f: Failure): { ok: false; error: TransactionProblemDetail } => ({
    ok: false,
    error: toProblemDetail(f.violations, { clock, ids, status: f.status, ...(f.title ? { title: f.title } : {}) }),
  });

  const stageOf = (c: CaseRecord): CaseStage => catalog.get(c.stage_identifier) ?? unknownStage(c.stage_identifier, c.type);

  const toCase = (c: CaseRecord): CaseListItem => {
    const stage = stageOf(c);
    const lastUser = c.last_user_stage_identifier === null ? null : (catalog.get(c.last_user_stage_identifier) ?? unknownStage(c.last_user_stage_identifier, c.type));
    const out: Case = {
      identifier: c.identifier,
      created_at: c.created_at,
      updated_at: c.updated_at,
      type: c.type,
      state: stage.state,
      stage,
      last_user_stage: lastUser,
      last_user_state: lastUser?.state ?? null,
      assignee: c.assignee,
      updated_by: c.updated_by,
      customer: { ...c.customer },
      payment: c.payment ? { ...c.payment } : null,
      subjects: c.subjects.map((s) => ({ ...s, detail: { ...s.detail } })),
      review_items_count: c.open_alerts_count,
      risk_types: [...c.risk_types],
      risk_catalog_risk_types: [...c.risk_catalog_risk_types],
    };
    return { ...out, alerts: { count: c.alerts_count, highest_priority: c.highest_priority } };
  };

  const caseRef = (c: CaseRecord): CaseRef => ({
    identifier: c.identifier,
    type: c.type,
    subject: c.payment ? { identifier: c.payment.identifier, type: 'PAYMENT' } : { identifier: c.customer.identifier, type: 'CUSTOMER' },
  });
  const customerRef = (c: CaseRecord): CustomerRef => ({ identifier: c.customer.identifier, version: c.customer.version });
  const userActor = (actor: TransactionActor): AuditActor => ({ type: 'USER', identifier: actor.user_identifier });
  const transactionsOf = async (caseIdentifier: string, extra: readonly string[] = []): Promise<string[]> => {
    const set = new Set<string>();
    for (const a of await cases.getAlerts(caseIdentifier)) if (a.transaction) set.add(a.transaction.identifier);
    for (const t of extra) set.add(t);
    return [...set];
  };

  /**
   * Apply a change: its store ops and its audit records together when the store pairs them (`commitWithAudit`),
   * else the ops then the records. The whole change is rebuilt and retried on a concurrent modification.
   */
  async function change<T>(
    build: () => Promise<{ ops: CaseStoreOp[]; audit: AuditLogRecord[]; context?: AuditLinkContext; value: T }>,
  ): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const plan = await build();
      const prepared = log.prepare(plan.audit, plan.context);
      if (!prepared.ok) throw new Error(`case service built an invalid audit record: ${prepared.error.detail}`);
      const atomic = cases.commitWithAudit !== undefined;
      try {
        if (atomic && (plan.ops.length > 0 || prepared.value.length > 0)) await cases.commitWithAudit!(plan.ops, prepared.value);
        else if (plan.ops.length > 0) await cases.commit(plan.ops);
      } catch (e) {
        if (e instanceof CaseStoreConflictError && attempt < maxAttempts) continue;
        if (e instanceof CaseStoreConflictError)
          throw fail(409, 'CONFLICT', 'the case was changed concurrently; retry', '$', 'Conflict');
        throw e;
      }
      if (!atomic && prepared.value.length > 0) await options.audit.append(prepared.value);
      return plan.value;
    }
  }

  async function run<T>(fn: () => Promise<T>): Promise<Result<T, TransactionProblemDetail>> {
    try {
      return { ok: true, value: await fn() };
    } catch (e) {
      if (e instanceof Failure) return problem(e);
      throw e;
    }
  }

  const validation = (violations: TransactionViolation[]): Failure => new Failure(400, violations);

  const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  /** The acting user and account must be UUIDs (they go into audit records). */
  function checkActor(actor: TransactionActor): void {
    const v: TransactionViolation[] = [];
    if (!UUID_RE.test(String(actor?.user_identifier))) v.push({ code: 'INVALID_IDENTIFIER', message: 'the acting user must be a UUID', path: '$.actor.user_identifier' });
    if (!UUID_RE.test(String(actor?.account_identifier)))
      v.push({ code: 'INVALID_IDENTIFIER', message: 'the acting account must be a UUID', path: '$.actor.account_identifier' });
    if (v.length) throw validation(v);
  }

  function checkCustomer(c: CaseCustomerInput, v: TransactionViolation[]): void {
    if (!UUID_RE.test(String(c?.identifier))) v.push({ code: 'INVALID_IDENTIFIER', message: 'customer.identifier must be a UUID', path: '$.customer.identifier' });
    if (typeof c?.name !== 'string') v.push({ code: 'MANDATORY_COLUMN_MISSING', message: 'customer.name is required', path: '$.customer.name' });
    if (c?.risk_level !== undefined && !(CASE_CUSTOMER_RISK_LEVELS as readonly string[]).includes(c.risk_level))
      v.push({ code: 'INVALID_VALUE', message: `customer.risk_level must be one of ${CASE_CUSTOMER_RISK_LEVELS.join(', ')}`, path: '$.customer.risk_level' });
    if (c?.type !== undefined && !(CASE_CUSTOMER_TYPES as readonly string[]).includes(c.type))
      v.push({ code: 'INVALID_VALUE', message: `customer.type must be one of ${CASE_CUSTOMER_TYPES.join(', ')}`, path: '$.customer.type' });
    if (c?.version !== undefined && (!Number.isInteger(c.version) || c.version < 0))
      v.push({ code: 'INVALID_NUMBER', message: 'customer.version must be a non-negative integer', path: '$.customer.version' });
  }

  async function loadCase(identifier: string): Promise<CaseRecord> {
    // Identifiers come from outside (a path): anything but a string is a case that does not exist.
    const c = typeof identifier === 'string' ? await cases.getCase(identifier) : null;
    if (!c) throw fail(404, 'CASE_NOT_FOUND', `no case ${show(identifier)}`, '$.identifier', 'Not Found');
    return c;
  }

  const newNote = (
    c: CaseRecord,
    contents: string,
    actor: TransactionActor,
    now: string,
    extra:
      | { type: 'CASE'; risk_identifier?: string | null }
      | { type: 'CASE_ASSIGNMENT'; current_assignee: string | null; previous_assignee: string | null }
      | { type: 'CASE_TRANSITION'; stage: string; state: CaseStage['state'] },
  ): CaseNote =>
    ({
      identifier: ids.next(),
      contents,
      created_at: now,
      created_by: actor.user_identifier,
      version: 1,
      case_identifier: c.identifier,
      ...extra,
    }) as CaseNote;

  const noteAudit = (type: 'NOTE_CREATED_TO_CASE_ACTION' | 'NOTE_TO_CASE_OBJECT', n: CaseNote, actor: AuditActor, now: string): AuditLogRecord => ({
    identifier: ids.next(),
    occurred_at: now,
    type,
    actioned_by: actor,
    grouping_key: n.case_identifier,
    detail: { case: { identifier: n.case_identifier }, note: { content: n.contents, identifier: n.identifier, version: n.version } },
  });

  const hasText = (s: string | null | undefined): s is string => typeof s === 'string' && s.trim() !== '';

  // ---------------------------------------------------------------- alerts in

  async function addAlertsImpl(input: AddAlertsInput, actor: AuditActor): Promise<AddAlertsOutcome> {
    return change<AddAlertsOutcome>(async () => {
      const fresh: CaseAlertInput[] = [];
      const seenRisks = new Set<string>();
      for (const a of input.alerts) {
        if (a.risk_identifier) {
          if (seenRisks.has(a.risk_identifier)) continue;
          seenRisks.add(a.risk_identifier);
          if (await cases.findAlertByRisk(a.risk_identifier)) continue;
        }
        fresh.push(a);
      }
      const existing = input.payment
        ? await cases.findOpenCase(input.customer.identifier, input.case_type, input.payment.identifier)
        : await cases.findOpenCase(input.customer.identifier, input.case_type);
      if (fresh.length === 0) {
        return { ops: [], audit: [], value: { case: existing ? toCase(existing) : null, created: false, alerts: [] } };
      }
      const now = clock.now();
      const customer = {
        identifier: input.customer.identifier,
        name: input.customer.name,
        risk_level: input.customer.risk_level ?? existing?.customer.risk_level ?? 'SKIPPED',
        type: input.customer.type ?? existing?.customer.type ?? 'UNDEFINED',
        version: input.customer.version ?? existing?.customer.version ?? 1,
        external_identifier: input.customer.external_identifier ?? existing?.customer.external_identifier ?? null,
      };
      const base: CaseRecord = existing ?? {
        identifier: ids.next(),
        version: 0,
        created_at: now,
        updated_at: now,
        type: input.case_type,
        stage_identifier: catalog.initial(input.case_type).identifier,
        last_user_stage_identifier: null,
        assignee: null,
        updated_by: null,
        customer,
        payment: input.payment ?? null,
        subjects: [],
        risk_types: [],
        risk_catalog_risk_types: [],
        is_open: true,
        alerts_count: 0,
        highest_priority: null,
        open_alerts_count: 0,
      };
      const alerts: CaseAlertRecord[] = fresh.map((a) => ({
        identifier: ids.next(),
        priority: a.priority,
        risk_source: a.risk_source,
        state: 'NOT_STARTED',
        title: a.title,
        type: a.type,
        updated_at: now,
        updated_by: actor.type === 'USER' ? (actor.identifier ?? null) : null,
        case_identifier: base.identifier,
        created_at: now,
        risk_identifier: a.risk_identifier ?? null,
        risk_decision: 'NOT_REVIEWED',
        transaction: a.transaction ?? null,
      }));
      const subjects: CaseSubject[] = [...base.subjects];
      const newTransactions: NonNullable<CaseAlertRecord['transaction']>[] = [];
      for (const a of alerts) {
        const t = a.transaction;
        if (!t || subjects.some((s) => s.identifier === t.identifier)) continue;
        subjects.push({ identifier: t.identifier, external_identifier: t.external_identifier, type: 'TRANSACTION', detail: { type: t.type } });
        newTransactions.push(t);
      }
      const priorities = [base.highest_priority, ...alerts.map((a) => a.priority)].filter((p): p is number => p !== null);
      const next: CaseRecord = {
        ...base,
        version: base.version + 1,
        updated_at: now,
        customer,
        subjects,
        risk_types: [...new Set([...base.risk_types, ...(input.risk_types ?? [])])],
        alerts_count: base.alerts_count + alerts.length,
        highest_priority: priorities.length ? Math.min(...priorities) : null,
        open_alerts_count: base.open_alerts_count + alerts.length,
      };
      const ops: CaseStoreOp[] = existing
        ? [{ type: 'update_case', case: next, expected_version: existing.version }, { type: 'insert_alerts', alerts }]
        : [{ type: 'insert_case', case: next }, { type: 'insert_alerts', alerts }];
      const audit: AuditLogRecord[] = [];
      const group = next.identifier;
      if (!existing) {
        audit.push({
          identifier: ids.next(),
          occurred_at: now,
          type: 'CASE_CREATED',
          actioned_by: actor,
          grouping_key: group,
          detail: { case: caseRef(next), customer: customerRef(next) },
        });
      }
      audit.push({
        identifier: ids.next(),
        occurred_at: now,
        type: 'ALERT_ADDED_TO_CASE',
        actioned_by: actor,
        grouping_key: group,
        detail: { alert_identifiers: alerts.map((a) => a.identifier), case: { identifier: next.identifier } },
      });
      for (const t of newTransactions) {
        audit.push({
          identifier: ids.next(),
          occurred_at: now,
          type: 'TRANSACTION_ADDED_TO_CASE',
          actioned_by: actor,
          grouping_key: group,
          detail: { case: { identifier: next.identifier }, transaction: { identifier: t.identifier, type: t.type } },
        });
      }
      const context = { transaction_identifiers: next.subjects.map((s) => s.identifier) };
      return { ops, audit, context, value: { case: toCase(next), created: !existing, alerts: alerts.map(toCaseAlert) } };
    });
  }

  function checkAddAlerts(input: AddAlertsInput): void {
    const v: TransactionViolation[] = [];
    checkCustomer(input.customer, v);
    if (!(CASE_TYPES as readonly string[]).includes(input.case_type))
      v.push({ code: 'INVALID_VALUE', message: `case_type must be one of ${CASE_TYPES.join(', ')}`, path: '$.case_type' });
    input.alerts.forEach((a, i) => {
      if (a.risk_identifier != null && !UUID_RE.test(a.risk_identifier))
        v.push({ code: 'INVALID_IDENTIFIER', message: 'risk_identifier must be a UUID', path: `$.alerts[${i}].risk_identifier` });
      if (!(CASE_ALERT_RISK_SOURCES as readonly string[]).includes(a.risk_source))
        v.push({ code: 'INVALID_VALUE', message: `risk_source must be one of ${CASE_ALERT_RISK_SOURCES.join(', ')}`, path: `$.alerts[${i}].risk_source` });
      if (!(CASE_ALERT_TYPES as readonly string[]).includes(a.type))
        v.push({ code: 'INVALID_VALUE', message: `type must be one of ${CASE_ALERT_TYPES.join(', ')}`, path: `$.alerts[${i}].type` });
      if (a.priority !== null && (!Number.isInteger(a.priority) || a.priority < 1 || a.priority > 9))
        v.push({ code: 'INVALID_PRIORITY', message: 'priority must be an integer from 1 to 9 or null', path: `$.alerts[${i}].priority` });
    });
    if (v.length) throw validation(v);
  }

  // ---------------------------------------------------------------- case operations

  async function assignImpl(identifier: string, assignee: string | null, note: string | null | undefined, actor: TransactionActor): Promise<AssignedCase> {
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
      if (hasText(note)) {
        const n = newNote(c, note, actor, now, { type: 'CASE_ASSIGNMENT', current_assignee: assignee, previous_assignee: c.assignee });
        ops.push({ type: 'insert_note', note: n });
        audit.push(noteAudit('NOTE_CREATED_TO_CASE_ACTION', n, who, now));
      }
      return {
        ops,
        audit,
        context: { transaction_identifiers: await transactionsOf(c.identifier) },
        value: { assignee, updated_at: now, updated_by: actor.user_identifier },
      };
    });
  }

  async function noteImpl(identifier: string, request: CaseNoteRequest, actor: TransactionActor): Promise<CaseNote> {
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

  const bulk = async (
    request: unknown,
    schema: 'bulk_assign_request' | 'bulk_note_request',
    actor: TransactionActor,
    act: (identifier: string) => Promise<Result<unknown, TransactionProblemDetail>>,
  ): Promise<Result<BulkActionResponse, TransactionProblemDetail>> => {
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
  };

  const service: CaseService = {
    stages: catalog,

    async ingestEvaluation(result, customer) {
      const titles = new Map(result.risks.map((r) => [r.identifier, `${r.detail.scenario.name}: ${r.detail.triggered_segment.name}`]));
      const t = result.transaction;
      const transaction =
        t.identifier === null ? null : { identifier: t.identifier, external_identifier: t.external_identifier, type: t.details.details.type };
      // Risks raised by a screening hit (listed by the PAYMENT_SCREENED record) are payment screening alerts.
      const screened = new Set<string>();
      for (const r of result.audit_records) if (r.type === 'PAYMENT_SCREENED') for (const id of r.detail.risk_identifiers) screened.add(id);
      const unmuted = result.alerts.filter((a) => !a.muted);
      const toInput = (a: (typeof unmuted)[number], source: 'TRANSACTION_MONITORING' | 'PAYMENT_SCREENING'): CaseAlertInput => ({
        priority: a.priority,
        risk_source: source,
        type: source,
        title: titles.get(a.risk_identifier) ?? (source === 'PAYMENT_SCREENING' ? 'Payment screening alert' : 'Transaction monitoring alert'),
        risk_identifier: a.risk_identifier,
        transaction,
      });
      const monitoring = unmuted.filter((a) => !screened.has(a.risk_identifier)).map((a) => toInput(a, 'TRANSACTION_MONITORING'));
      const screening = unmuted.filter((a) => screened.has(a.risk_identifier)).map((a) => toInput(a, 'PAYMENT_SCREENING'));
      return run(async () => {
        const v: TransactionViolation[] = [];
        checkCustomer(customer, v);
        if (v.length) throw validation(v);
        const system: AuditActor = { type: 'SYSTEM', identifier: null };
        const tm = await addAlertsImpl({ case_type: 'TRANSACTION_MONITORING', customer, alerts: monitoring }, system);
        if (screening.length === 0 || transaction === null) return tm;
        const ps = await addAlertsImpl(
          { case_type: 'PAYMENT_SCREENING', customer, alerts: screening, payment: { ...transaction } },
          system,
        );
        return monitoring.length === 0 ? ps : { ...tm, payment_screening: ps };
      });
    },

    addAlerts(input, actor = { type: 'SYSTEM', identifier: null }) {
      return run(async () => {
        checkAddAlerts(input);
        return addAlertsImpl(input, actor);
      });
    },

    getCase(identifier) {
      return run(async () => {
        const { alerts: _alerts, ...item } = toCase(await loadCase(identifier));
        return item;
      });
    },

    listCases(query = {}) {
      return run(async () => {
        const p = casePageParams(query, defaultSize);
        const v: TransactionViolation[] = p.ok ? [] : [...p.error];
        if (query.type !== undefined && !(CASE_TYPES as readonly string[]).includes(query.type))
          v.push({ code: 'INVALID_VALUE', message: `type must be one of ${CASE_TYPES.join(', ')}`, path: '$.type' });
        if (query.priority_band !== undefined && !(PRIORITY_BANDS as readonly string[]).includes(query.priority_band))
          v.push({ code: 'INVALID_VALUE', message: `priority_band must be one of ${PRIORITY_BANDS.join(', ')}`, path: '$.priority_band' });
        if (!p.ok || v.length) throw validation(v);
        const filters: CaseListQuery = {
          ...(query.type !== undefined ? { type: query.type } : {}),
          ...(query.stage_identifier !== undefined ? { stage_identifier: query.stage_identifier } : {}),
          ...(query.assignee !== undefined ? { assignee: query.assignee } : {}),
          ...(query.priority_band !== undefined ? { priority_band: query.priority_band } : {}),
          ...(query.customer_identifier !== undefined ? { customer_identifier: query.customer_identifier } : {}),
        };
        const res = await cases.listCases({ ...filters, ...p.value });
        const extra = Object.entries(filters)
          .map(([k, val]) => `&${k}=${encodeURIComponent(val === null ? 'null' : String(val))}`)
          .join('');
        return { cases: res.items.map(toCase), ...casePageEnvelope(`${basePath}/cases`, p.value, res.total_count, extra) };
      });
    },

    listAlerts(caseIdentifier) {
      return run(async () => {
        await loadCase(caseIdentifier);
        return (await cases.getAlerts(caseIdentifier)).map(toCaseAlert);
      });
    },

    listNotes(caseIdentifier) {
      return run(async () => {
        await loadCase(caseIdentifier);
        return (await cases.getNotes(caseIdentifier)).map(toCaseNote);
      });
    },

    assignCase(identifier, request, actor) {
      return run(async () => {
        checkActor(actor);
        const v = validateCaseShape<CaseAssignmentRequest>('case_assignment', request);
        if (!v.ok) throw validation(v.error);
        return assignImpl(identifier, v.value.assignee, null, actor);
      });
    },

    transitionCase(identifier, request, actor) {
      return run(async () => {
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
          if (hasText(body.note)) {
            const n = newNote(c, body.note, actor, now, { type: 'CASE_TRANSITION', stage: target.identifier, state: target.state });
            ops.push({ type: 'insert_note', note: n });
            audit.push(noteAudit('NOTE_CREATED_TO_CASE_ACTION', n, who, now));
          }
          return {
            ops,
            audit,
            context: { transaction_identifiers: await transactionsOf(c.identifier) },
            value: {
              stage_identifier: target.identifier,
              last_user_stage_identifier: target.identifier,
              state: target.state,
              last_user_state: target.state,
            },
          };
        });
      });
    },

    addNote(identifier, request, actor) {
      return run(async () => {
        checkActor(actor);
        const v = validateCaseShape<CaseNoteRequest>('case_note_request', request);
        if (!v.ok) throw validation(v.error);
        if (!hasText(v.value.note)) throw fail(400, 'MIN_SIZE_LIMIT_REACHED', 'note must not be empty', '$.note');
        return noteImpl(identifier, v.value, actor);
      });
    },

    transitionAlert(alertIdentifier, request, actor) {
      return run(async () => {
        checkActor(actor);
        const v = validateTransactionShape<TransactionStateTransition>('state_transition', request, 'input');
        if (!v.ok) throw validation(v.error);
        const state = v.value.state as CaseAlertState;
        if (!(CASE_ALERT_STATES as readonly string[]).includes(state)) throw validation([{ code: 'INVALID_VALUE', message: 'bad state', path: '$.state' }]);
        return change<CaseAlert>(async () => {
          const a = typeof alertIdentifier === 'string' ? await cases.getAlert(alertIdentifier) : null;
          if (!a) throw fail(404, 'ALERT_NOT_FOUND', `no alert ${show(alertIdentifier)}`, '$.identifier', 'Not Found');
          if (a.state === state) return { ops: [], audit: [], value: toCaseAlert(a) };
          const c = await loadCase(a.case_identifier);
          const now = clock.now();
          const nextAlert: CaseAlertRecord = { ...a, state, updated_at: now, updated_by: actor.user_identifier };
          const wasOpen = !END_ALERT_STATES.has(a.state);
          const isOpen = !END_ALERT_STATES.has(state);
          const next: CaseRecord = {
            ...c,
            version: c.version + 1,
            open_alerts_count: c.open_alerts_count + (isOpen ? 1 : 0) - (wasOpen ? 1 : 0),
            updated_at: now,
            updated_by: actor.user_identifier,
          };
          return {
            ops: [
              { type: 'update_case', case: next, expected_version: c.version },
              { type: 'update_alert', alert: nextAlert },
            ],
            audit: [
              {
                identifier: ids.next(),
                occurred_at: now,
                type: 'ALERT_STATE_UPDATED',
                actioned_by: userActor(actor),
                grouping_key: c.identifier,
                detail: { alert: { identifier: a.identifier }, previous_state: a.state, state },
              },
            ],
            context: { case_identifier: c.identifier },
            value: toCaseAlert(nextAlert),
          };
        });
      });
    },

    updateRiskStatus(caseIdentifier, riskIdentifier, request, actor) {
      return run(async () => {
        checkActor(actor);
        const v = validateTransactionShape<TransactionRiskStatusUpdate>('risk_status_update', request, 'input');
        if (!v.ok) throw validation(v.error);
        const decision = v.value.decision;
        const value = await change(async () => {
          const c = await loadCase(caseIdentifier);
          const a = await cases.findAlertByRisk(riskIdentifier);
          if (!a || a.case_identifier !== c.identifier)
            throw fail(404, 'RISK_NOT_FOUND', `risk ${riskIdentifier} is not in case ${c.identifier}`, '$.risk_identifier', 'Not Found');
          const now = clock.now();
          const nextAlert: CaseAlertRecord = { ...a, risk_decision: decision, updated_at: now, updated_by: actor.user_identifier };
          const next: CaseRecord = { ...c, version: c.version + 1, updated_at: now, updated_by: actor.user_identifier };
          return {
            ops: [
              { type: 'update_case', case: next, expected_version: c.version },
              { type: 'update_alert', alert: nextAlert },
            ],
            audit: [
              {
                identifier: ids.next(),
                occurred_at: now,
                type: 'RISK_STATUS_UPDATED',
                actioned_by: userActor(actor),
                grouping_key: c.identifier,
                detail: {
                  account_identifier: actor.account_identifier,
                  case: { identifier: c.identifier },
                  customer: { identifier: c.customer.identifier },
                  new_profile_hit_state: HIT_STATE[decision],
                  risk: { identifier: riskIdentifier, type: RISK_KIND[a.risk_source] },
                },
              },
            ],
            value: { identifier: riskIdentifier, decision },
          };
        });
        if (options.risks) await options.risks.setDecision(riskIdentifier, decision);
        return value;
      });
    },

    bulkAssign(request, actor) {
      const body = request as BulkAssignRequest;
      return bulk(request, 'bulk_assign_request', actor, (id) =>
        run(() => assignImpl(id, body.payload.assignee, body.payload.note ?? null, actor)),
      );
    },

    bulkNote(request, actor) {
      const body = request as BulkNoteRequest;
      return bulk(request, 'bulk_note_request', actor, (id) =>
        run(async () => {
          if (!hasText(body.payload.note)) throw fail(400, 'MIN_SIZE_LIMIT_REACHED', 'note must not be empty', '$.payload.note');
          return noteImpl(id, { note: body.payload.note }, actor);
        }),
      );
    },
  };
  return service;
}
