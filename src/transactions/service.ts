/**
 * The transaction service: submission (validate, evaluate, store, audit), review decisions, risk types, alert mutes,
 * risks and risk status updates, over async storage ports. Every expected failure is a problem-detail value.
 */
import { transactionPageEnvelope, validateTransactionPageRequest } from './paging.js';
import type { Result } from '../errors.js';
import type { Screener } from '../screening/types.js';
import type { TransactionProfileHitState, TransactionRiskDecision } from './enums.js';
import type { TransactionCustomerContext, EvaluationResult, ScenarioEngine } from './engine.js';
import type {
  AuditSink,
  CustomerRecordStore,
  DetectorResult,
  HistoryPort,
  HistoryStore,
  MuteStore,
  TransactionPageRequest,
  RiskStore,
  TransactionClock,
  TransactionIdGenerator,
  TransactionStore,
} from './ports.js';
import type {
  AlertMute,
  AlertMuteList,
  TransactionAuditRecord,
  Enrichment,
  ReviewDecisionRequest,
  ReviewDecisionResponse,
  RiskList,
  TransactionRiskStatusUpdate,
  Transaction,
  TransactionProblemDetail,
  TransactionRiskTypesRequest,
  TransactionViolation,
  AlertMuteCreateRequest,
} from './types.js';
import { toProblemDetail, validateTransactionShape } from './validation.js';
import { evaluateWithHistoryStore, isHistoryStore } from './preload.js';
import { earlierRisks, keepEarlierRisks } from './reevaluation.js';

export interface TransactionServiceOptions {
  engine: ScenarioEngine;
  transactions: TransactionStore;
  risks: RiskStore;
  mutes: MuteStore;
  audit: AuditSink;
  /**
   * The history scenarios aggregate over: a synchronous `HistoryPort` (in memory), or a `HistoryStore` read
   * asynchronously (a database: the windows an evaluation reads are loaded before it, see preload.ts).
   */
  history: HistoryPort | HistoryStore;
  clock: TransactionClock;
  ids: TransactionIdGenerator;
  screener?: Screener;
  /** Customer and product records for hosted-language scenarios (`customer[N].*`, `transaction.product.*`). */
  customerRecords?: CustomerRecordStore;
  /** Prefix of page paths in list envelopes (default `/v1`). */
  basePath?: string;
  /** Default page size of lists (default 50, at most 1000). */
  pageSize?: number;
}

/** Who acts: the account and the deciding user (UUIDs). */
export interface TransactionActor {
  account_identifier: string;
  user_identifier: string;
}

/** What a submission (or a re-evaluation) passes to the evaluation besides the transaction. */
export interface SubmitOptions {
  enrichments?: readonly Enrichment[];
  detectors?: Readonly<Record<string, DetectorResult>>;
}

export interface TransactionService {
  submit(input: unknown, customer: TransactionCustomerContext, options?: SubmitOptions): Promise<Result<EvaluationResult, TransactionProblemDetail>>;
  get(identifier: string): Promise<Result<Transaction, TransactionProblemDetail>>;
  /**
   * Evaluate again a stored transaction whose evaluation failed (outcome ERROR, not decided), under its identifier:
   * the stored transaction and history entry are those of the new evaluation, its audit trail gains the new
   * evaluation's records, and it keeps one risk per (scenario, triggered segment): a risk raised before is kept as
   * stored (identifier, decision, risk types), only risks raised for the first time are added.
   */
  reevaluate(identifier: string, customer: TransactionCustomerContext, options?: SubmitOptions): Promise<Result<EvaluationResult, TransactionProblemDetail>>;
  /** RELEASE or REJECT a held transaction, or one whose evaluation failed (ERROR); the audit record is written with it. */
  decide(identifier: string, request: unknown, actor: TransactionActor): Promise<Result<ReviewDecisionResponse, TransactionProblemDetail>>;
  setRiskTypes(riskIdentifier: string, request: unknown): Promise<Result<string[], TransactionProblemDetail>>;
  createMute(request: unknown, customer?: { identifier: string }): Promise<Result<AlertMute, TransactionProblemDetail>>;
  listMutes(page?: TransactionPageRequest): Promise<Result<AlertMuteList, TransactionProblemDetail>>;
  listRisks(page?: TransactionPageRequest): Promise<Result<RiskList, TransactionProblemDetail>>;
  updateRiskStatus(
    riskIdentifier: string,
    request: unknown,
    actor: TransactionActor,
    options?: { case_identifier?: string },
  ): Promise<Result<{ identifier: string; decision: TransactionRiskDecision }, TransactionProblemDetail>>;
  auditOf(transactionIdentifier: string): Promise<TransactionAuditRecord[]>;
}

/** The clock and ids of the passes that only find the history windows (their results are dropped). */
const DRY_CLOCK: TransactionClock = { now: () => '1970-01-01T00:00:00.000Z' };
const dryIds = (): TransactionIdGenerator => {
  let n = 0;
  return { next: () => `00000000-0000-4000-8000-${(++n).toString(16).padStart(12, '0')}` };
};

const HIT_STATE: Record<TransactionRiskDecision, TransactionProfileHitState> = {
  NOT_REVIEWED: 'NEW',
  IN_REVIEW: 'IN_REVIEW',
  FALSE_POSITIVE: 'FALSE_POSITIVE',
  TRUE_POSITIVE: 'TRUE_POSITIVE',
};

export function createTransactionService(options: TransactionServiceOptions): TransactionService {
  const { engine, transactions, risks, mutes, audit, history, clock, ids } = options;
  const basePath = options.basePath ?? '/v1';
  const defaultPageSize = options.pageSize ?? 50;

  const problem = (status: number, violations: TransactionViolation[], title?: string): { ok: false; error: TransactionProblemDetail } => ({
    ok: false,
    error: toProblemDetail(violations, { clock, ids, status, ...(title ? { title } : {}) }),
  });

  const pageParams = (page: TransactionPageRequest = {}) => validateTransactionPageRequest(page, defaultPageSize);

  const envelope = (resource: string, page: Required<TransactionPageRequest>, total: number) =>
    transactionPageEnvelope(`${basePath}/${resource}`, page, total);

  const appendAll = async (records: TransactionAuditRecord[]) => {
    for (const r of records) await audit.append(r);
  };

  /** What an evaluation of `input` for `customer` reads: mutes, the customer's records and product, the ports. */
  const evaluationContext = async (customer: TransactionCustomerContext, input: unknown, extra: SubmitOptions) => {
    const store = options.customerRecords;
    const productName = (input as { details?: { product_name?: unknown } }).details?.product_name;
    const product = store && typeof productName === 'string' ? await store.product(customer.identifier, productName) : undefined;
    const records = store && customer.records === undefined ? await store.customers(customer.identifier) : customer.records;
    return {
      customer: records === customer.records ? customer : { ...customer, records: records ?? [] },
      ...(product ? { product } : {}),
      ...(extra.detectors ? { detectors: extra.detectors } : {}),
      history,
      clock,
      ids,
      mutes: await mutes.forCustomer(customer.identifier),
      validate: false,
      ...(extra.enrichments ? { enrichments: extra.enrichments } : {}),
      ...(options.screener ? { screener: options.screener } : {}),
    };
  };

  const historyStore = isHistoryStore(history) ? history : null;
  /** Runs an evaluation, first loading the history windows it reads when the history is a store. */
  const withHistory = async <C extends { history: HistoryPort | HistoryStore }, R>(ctx: C, evaluate: (c: C & { history: HistoryPort }) => R): Promise<R> => {
    if (!historyStore) return evaluate({ ...ctx, history: ctx.history as HistoryPort });
    return evaluateWithHistoryStore(historyStore, (h, dry) => evaluate({ ...ctx, history: h, ...(dry ? { clock: DRY_CLOCK, ids: dryIds() } : {}) }));
  };

  /**
   * Store what an evaluation raised besides the transaction itself: `fresh` risks (all of them on a first
   * evaluation), the audit records and, unless the history already holds it, the history record (a `HistoryStore`
   * replaces a record by id; a `HistoryPort` appends, so a re-evaluated transaction is not appended again).
   */
  const record = async (
    result: EvaluationResult,
    customer: TransactionCustomerContext,
    audits: TransactionAuditRecord[],
    fresh = result.risks,
    inHistory = false,
  ) => {
    for (const risk of fresh) {
      await risks.put({ risk, customer_identifier: customer.identifier, decision: 'NOT_REVIEWED', risk_types: [] });
    }
    await appendAll(audits);
    if (historyStore) await historyStore.append(result.history_record);
    else if (!inHistory) (history as HistoryPort).append?.(result.history_record);
  };

  const duplicate = () =>
    problem(
      409,
      [{ code: 'DUPLICATE_TRANSACTION', message: 'a transaction with this external_identifier was already submitted', path: '$.external_identifier' }],
      'Conflict',
    );

  return {
    async submit(input, customer, submitOptions = {}) {
      const v = validateTransactionShape<{ external_identifier: string }>('transaction', input, 'input');
      if (!v.ok) return problem(400, v.error);
      if (await transactions.getByExternalIdentifier(v.value.external_identifier)) return duplicate();
      const r = await withHistory(await evaluationContext(customer, input, submitOptions), (ctx) => engine.evaluate(input, ctx));
      if (!r.ok) return r;
      const result = r.value;
      // The evaluation is pure; it counts only once stored. Of concurrent submits of one external_identifier the
      // store lets exactly one in, and only that one writes risks, audit records and history.
      if (!(await transactions.insertIfAbsent(result.transaction))) return duplicate();
      await record(result, customer, result.audit_records);
      return { ok: true, value: result };
    },

    async reevaluate(identifier, customer, reOptions = {}) {
      const t = typeof identifier === 'string' ? await transactions.get(identifier) : undefined;
      if (!t) return problem(404, [{ code: 'TRANSACTION_NOT_FOUND', message: 'no such transaction', path: '$.identifier' }]);
      if (t.evaluation_outcome !== 'ERROR' || t.review_decision !== 'NOT_APPLICABLE') {
        const message = `only an undecided transaction whose evaluation failed (ERROR) is evaluated again (evaluation_outcome is ${t.evaluation_outcome}, review_decision ${t.review_decision})`;
        return problem(409, [{ code: 'NOT_REEVALUABLE', message, path: '$.evaluation_outcome' }], 'Conflict');
      }
      const evaluated = await withHistory(await evaluationContext(customer, t, reOptions), (ctx) => engine.evaluateStored(t, ctx));
      // One current risk per (transaction, scenario, segment): a risk raised before is kept with its review.
      const { result, fresh } = keepEarlierRisks(evaluated, await earlierRisks(audit, risks, identifier));
      await transactions.put(result.transaction);
      // The transaction was received once: only the records of the new evaluation are appended.
      await record(result, customer, result.audit_records.filter((a) => a.type !== 'TRANSACTION_RECEIVED'), fresh, true);
      return { ok: true, value: result };
    },

    async get(identifier) {
      const t = typeof identifier === 'string' ? await transactions.get(identifier) : undefined;
      if (!t) return problem(404, [{ code: 'TRANSACTION_NOT_FOUND', message: 'no such transaction', path: '$.identifier' }]);
      return { ok: true, value: t };
    },

    async decide(identifier, request, actor) {
      const v = validateTransactionShape<ReviewDecisionRequest>('review_decision_request', request, 'input');
      if (!v.ok) return problem(400, v.error);
      const t = typeof identifier === 'string' ? await transactions.get(identifier) : undefined;
      if (!t) return problem(404, [{ code: 'TRANSACTION_NOT_FOUND', message: 'no such transaction', path: '$.identifier' }]);
      // Held and undecided, or not evaluated (ERROR: never a silent ALLOW, so a person may release or reject it).
      const undecided = t.evaluation_outcome === 'HOLD' ? 'NOT_REVIEWED' : t.evaluation_outcome === 'ERROR' ? 'NOT_APPLICABLE' : null;
      if (undecided === null || t.review_decision !== undecided) {
        const why =
          undecided === null
            ? `only held transactions, or transactions whose evaluation failed, take a review decision (evaluation_outcome is ${t.evaluation_outcome})`
            : `the transaction was already decided (${t.review_decision})`;
        return problem(409, [{ code: 'NOT_REVIEWABLE', message: why, path: '$.review_decision' }], 'Conflict');
      }
      const decision = v.value.review_decision;
      const swapped = await transactions.setReviewDecision(identifier, undecided, decision);
      if (!swapped) {
        return problem(409, [{ code: 'NOT_REVIEWABLE', message: 'the transaction was decided concurrently', path: '$.review_decision' }], 'Conflict');
      }
      const now = clock.now();
      try {
        await audit.append({
          identifier: ids.next(),
          occurred_at: now,
          type: 'TRANSACTION_RELEASE_DECISION',
          actioned_by: { type: 'USER', identifier: actor.user_identifier },
          grouping_key: identifier,
          detail: { review_decision: decision, transaction: { identifier } },
        });
      } catch (e) {
        // No decision without its audit record: the decision is taken back (compare-and-set, so a concurrent
        // change is never overwritten) and the caller is told to try again.
        await transactions.setReviewDecision(identifier, decision, undecided).catch(() => false);
        const message = `the audit record could not be written, so the decision was not kept: ${e instanceof Error ? e.message : String(e)}`;
        return problem(500, [{ code: 'AUDIT_WRITE_FAILED', message, path: '$' }], 'Internal Server Error');
      }
      return {
        ok: true,
        value: {
          account_identifier: actor.account_identifier,
          created_at: now,
          created_by: actor.user_identifier,
          review_decision: decision,
          transaction_identifier: identifier,
        },
      };
    },

    async setRiskTypes(riskIdentifier, request) {
      const v = validateTransactionShape<TransactionRiskTypesRequest>('transaction_risk_types_request', request, 'input');
      if (!v.ok) return problem(400, v.error);
      const stored = typeof riskIdentifier === 'string' ? await risks.get(riskIdentifier) : undefined;
      if (!stored) return problem(404, [{ code: 'RISK_NOT_FOUND', message: 'no such risk', path: '$.identifier' }]);
      stored.risk_types = [...v.value.risk_types];
      await risks.put(stored);
      return { ok: true, value: stored.risk_types };
    },

    async createMute(request, customer) {
      const v = validateTransactionShape<AlertMuteCreateRequest>('alert_mute_create_request', request, 'input');
      if (!v.ok) return problem(400, v.error);
      const customerIdentifier = v.value.customer_identifier ?? customer?.identifier ?? null;
      if (customerIdentifier === null) {
        return problem(422, [
          {
            code: 'MANDATORY_COLUMN_MISSING',
            message: 'a mute applies to one customer: give customer_identifier in the request or as the customer in scope',
            path: '$.customer_identifier',
          },
        ]);
      }
      const mute: AlertMute = {
        id: ids.next(),
        created_at: clock.now(),
        customer_identifier: customerIdentifier,
        profile_identifier: v.value.profile_identifier,
        risk_identifier: v.value.risk_identifier ?? null,
      };
      await mutes.create(mute);
      return { ok: true, value: mute };
    },

    async listMutes(page) {
      const p = pageParams(page);
      if (!p.ok) return problem(400, p.error);
      const res = await mutes.list(p.value);
      return { ok: true, value: { alert_mutes: res.items, ...envelope('alert-mutes', p.value, res.total_count) } };
    },

    async listRisks(page) {
      const p = pageParams(page);
      if (!p.ok) return problem(400, p.error);
      const res = await risks.list(p.value);
      return { ok: true, value: { risks: res.items.map((s) => s.risk), ...envelope('risks', p.value, res.total_count) } };
    },

    async updateRiskStatus(riskIdentifier, request, actor, statusOptions = {}) {
      const v = validateTransactionShape<TransactionRiskStatusUpdate>('risk_status_update', request, 'input');
      if (!v.ok) return problem(400, v.error);
      const stored = typeof riskIdentifier === 'string' ? await risks.get(riskIdentifier) : undefined;
      if (!stored) return problem(404, [{ code: 'RISK_NOT_FOUND', message: 'no such risk', path: '$.identifier' }]);
      await risks.setDecision(riskIdentifier, v.value.decision);
      await audit.append({
        identifier: ids.next(),
        occurred_at: clock.now(),
        type: 'RISK_STATUS_UPDATED',
        actioned_by: { type: 'USER', identifier: actor.user_identifier },
        grouping_key: stored.risk.detail.transaction.identifier,
        detail: {
          account_identifier: actor.account_identifier,
          case: statusOptions.case_identifier ? { identifier: statusOptions.case_identifier } : null,
          customer: { identifier: stored.customer_identifier },
          new_profile_hit_state: HIT_STATE[v.value.decision],
          risk: { identifier: riskIdentifier, type: 'TRANSACTION_MONITORING' },
        },
      });
      return { ok: true, value: { identifier: riskIdentifier, decision: v.value.decision } };
    },

    auditOf(transactionIdentifier) {
      return audit.forTransaction(transactionIdentifier);
    },
  };
}
