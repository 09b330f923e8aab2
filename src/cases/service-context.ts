/**
 * What every operation of the case service shares: its ports and settings, failures as values (`Failure`, turned
 * into problem details by `run`), the retried store-and-audit `change`, case loading, the checks of actors and
 * customers, and the builders of notes and their audit records.
 */
import type { Result } from '../errors.js';
import type { TransactionClock, TransactionIdGenerator } from '../transactions/ports.js';
import type { TransactionActor } from '../transactions/service.js';
import type { TransactionProblemDetail, TransactionViolation } from '../transactions/types.js';
import { toProblemDetail } from '../transactions/validation.js';
import { createAuditLog, type AuditLinkContext } from './audit.js';
import { CASE_CUSTOMER_RISK_LEVELS, CASE_CUSTOMER_TYPES } from './enums.js';
import { stageOf, toCaseListItem } from './payloads.js';
import { CaseStoreConflictError, type CaseStore, type CaseStoreOp } from './ports.js';
import type { CaseCustomerInput, CaseServiceOptions } from './service-types.js';
import { createStageCatalog, type CaseStageCatalog } from './stages.js';
import type { AuditActor, AuditLogRecord, CaseListItem, CaseNote, CaseRecord, CaseStage } from './types.js';
import { show } from '../own.js';

/** An expected failure of an operation: thrown inside the service, answered by `run` as a problem detail. */
export class Failure {
  constructor(readonly status: number, readonly violations: TransactionViolation[], readonly title?: string) {}
}
export const fail = (status: number, code: string, message: string, path: string, title?: string): Failure =>
  new Failure(status, [{ code, message, path }], title);

export const validation = (violations: TransactionViolation[]): Failure => new Failure(400, violations);

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The acting user and account must be UUIDs (they go into audit records). */
export function checkActor(actor: TransactionActor): void {
  const v: TransactionViolation[] = [];
  if (!UUID_RE.test(String(actor?.user_identifier))) v.push({ code: 'INVALID_IDENTIFIER', message: 'the acting user must be a UUID', path: '$.actor.user_identifier' });
  if (!UUID_RE.test(String(actor?.account_identifier)))
    v.push({ code: 'INVALID_IDENTIFIER', message: 'the acting account must be a UUID', path: '$.actor.account_identifier' });
  if (v.length) throw validation(v);
}

export function checkCustomer(c: CaseCustomerInput, v: TransactionViolation[]): void {
  if (!UUID_RE.test(String(c?.identifier))) v.push({ code: 'INVALID_IDENTIFIER', message: 'customer.identifier must be a UUID', path: '$.customer.identifier' });
  if (typeof c?.name !== 'string') v.push({ code: 'MANDATORY_COLUMN_MISSING', message: 'customer.name is required', path: '$.customer.name' });
  if (c?.risk_level !== undefined && !(CASE_CUSTOMER_RISK_LEVELS as readonly string[]).includes(c.risk_level))
    v.push({ code: 'INVALID_VALUE', message: `customer.risk_level must be one of ${CASE_CUSTOMER_RISK_LEVELS.join(', ')}`, path: '$.customer.risk_level' });
  if (c?.type !== undefined && !(CASE_CUSTOMER_TYPES as readonly string[]).includes(c.type))
    v.push({ code: 'INVALID_VALUE', message: `customer.type must be one of ${CASE_CUSTOMER_TYPES.join(', ')}`, path: '$.customer.type' });
  if (c?.version !== undefined && (!Number.isInteger(c.version) || c.version < 0))
    v.push({ code: 'INVALID_NUMBER', message: 'customer.version must be a non-negative integer', path: '$.customer.version' });
}

export const userActor = (actor: TransactionActor): AuditActor => ({ type: 'USER', identifier: actor.user_identifier });

export const hasText = (s: string | null | undefined): s is string => typeof s === 'string' && s.trim() !== '';

/** A change to apply: its store ops, its audit records (with what their links need) and the operation's value. */
export interface CasePlan<T> {
  ops: CaseStoreOp[];
  audit: AuditLogRecord[];
  context?: AuditLinkContext;
  value: T;
}

/** The extra fields of a note by what it was written on. */
export type NoteKind =
  | { type: 'CASE'; risk_identifier?: string | null }
  | { type: 'CASE_ASSIGNMENT'; current_assignee: string | null; previous_assignee: string | null }
  | { type: 'CASE_TRANSITION'; stage: string; state: CaseStage['state'] };

/** An operation on one case (or alert) at the request of an acting user. */
export type CaseRequestOp<T> = (
  ctx: CaseContext,
  identifier: string,
  request: unknown,
  actor: TransactionActor,
) => Promise<Result<T, TransactionProblemDetail>>;

export interface CaseContext {
  readonly options: CaseServiceOptions;
  readonly cases: CaseStore;
  readonly clock: TransactionClock;
  readonly ids: TransactionIdGenerator;
  readonly catalog: CaseStageCatalog;
  readonly basePath: string;
  readonly defaultSize: number;
  problem(f: Failure): { ok: false; error: TransactionProblemDetail };
  /**
   * Apply a change: its store ops and its audit records together when the store pairs them (`commitWithAudit`),
   * else the ops then the records. The whole change is rebuilt and retried on a concurrent modification.
   */
  change<T>(build: () => Promise<CasePlan<T>>): Promise<T>;
  /** Run an operation, answering its `Failure` as a problem detail. */
  run<T>(fn: () => Promise<T>): Promise<Result<T, TransactionProblemDetail>>;
  loadCase(identifier: string): Promise<CaseRecord>;
  stageOf(c: CaseRecord): CaseStage;
  toCase(c: CaseRecord): CaseListItem;
  transactionsOf(caseIdentifier: string, extra?: readonly string[]): Promise<string[]>;
  newNote(c: CaseRecord, contents: string, actor: TransactionActor, now: string, extra: NoteKind): CaseNote;
  noteAudit(type: 'NOTE_CREATED_TO_CASE_ACTION' | 'NOTE_TO_CASE_OBJECT', n: CaseNote, actor: AuditActor, now: string): AuditLogRecord;
}

export function createCaseContext(options: CaseServiceOptions): CaseContext {
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

  const toCase = (c: CaseRecord): CaseListItem => toCaseListItem(catalog, c);
  const transactionsOf = async (caseIdentifier: string, extra: readonly string[] = []): Promise<string[]> => {
    const set = new Set<string>();
    for (const a of await cases.getAlerts(caseIdentifier)) if (a.transaction) set.add(a.transaction.identifier);
    for (const t of extra) set.add(t);
    return [...set];
  };

  async function change<T>(build: () => Promise<CasePlan<T>>): Promise<T> {
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
    extra: NoteKind,
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

  return {
    options,
    cases,
    clock,
    ids,
    catalog,
    basePath,
    defaultSize,
    problem,
    change,
    run,
    loadCase,
    stageOf: (c) => stageOf(catalog, c),
    toCase,
    transactionsOf,
    newNote,
    noteAudit,
  };
}
