/**
 * The scenario engine: compile scenario definitions once into plain functions, then evaluate transactions
 * synchronously against them, given the customer's history from a `HistoryPort`.
 *
 * Semantics (GUIDE.md section 3): segments are checked top to bottom and the first whose condition holds triggers;
 * each triggered segment raises a TRANSACTION_MONITORING risk; the outcome is ERROR when any scenario could not be
 * evaluated, else HOLD when any triggered segment holds, else ALLOW. A mute suppresses the alert only.
 */
import type { Result } from '../errors.js';
import type { Screener } from '../screening/types.js';
import type { EvaluationOutcome, MonetaryType } from './enums.js';
import { EvalFailure } from './eval-failure.js';
import { compileHostedScenario, isHostedScenarioDocument, type BlockRegistry } from './hosted/compile.js';
import { toHistoryRecord } from './record.js';
import type { ScenarioLiteral, ScenarioDefinition } from './scenario-types.js';
import type {
  TransactionAuditRecord,
  Enrichment,
  MonetaryDetails,
  PartyIdentification,
  Transaction,
  TransactionInput,
  TransactionMonitoringRisk,
  TransactionProblemDetail,
  TransactionViolation,
  TriggeredSegment,
} from './types.js';
import { toProblemDetail, validateTransactionShape } from './validation.js';
import { compileScenario } from './compile-scenario.js';
import type {
  AnyTransaction,
  CompiledScenario,
  Env,
  EvaluationContext,
  EvaluationResult,
  MonitoringAlert,
  ScenarioEvaluation,
  SegmentTrace,
} from './engine-types.js';

export { compileScenario } from './compile-scenario.js';
export type {
  CompileOptions,
  CompiledScenario,
  ConditionTrace,
  Env,
  EvaluationContext,
  EvaluationResult,
  MonitoringAlert,
  ScenarioEvaluation,
  ScenarioRef,
  SegmentTrace,
  TransactionCustomerContext,
} from './engine-types.js';

// ---------------------------------------------------------------- engine

export interface ScenarioEngineOptions {
  scenarios: ReadonlyArray<ScenarioDefinition | CompiledScenario | unknown>;
  lookups?: Readonly<Record<string, readonly ScenarioLiteral[]>>;
  screener?: Screener;
  /** Blocks of hosted-language scenarios (default: the shipped registry). */
  blocks?: BlockRegistry;
}

export interface ScenarioEngine {
  readonly scenarios: readonly CompiledScenario[];
  /** Validate (unless `validate: false`) and evaluate a submitted transaction. */
  evaluate(input: unknown, ctx: EvaluationContext): Result<EvaluationResult, TransactionProblemDetail>;
  /**
   * Evaluate an already stored transaction (output form) again, e.g. for back-testing; its identifier and
   * received_at are kept.
   */
  evaluateStored(transaction: Transaction, ctx: EvaluationContext): EvaluationResult;
}

function isCompiled(x: unknown): x is CompiledScenario {
  return typeof x === 'object' && x !== null && 'run' in x && 'ref' in x;
}

/** Compile every scenario once (all problems reported, each prefixed by its position) and return the engine. */
export function createScenarioEngine(options: ScenarioEngineOptions): Result<ScenarioEngine, TransactionViolation[]> {
  const compiled: CompiledScenario[] = [];
  const problems: TransactionViolation[] = [];
  options.scenarios.forEach((s, i) => {
    if (isCompiled(s)) {
      compiled.push(s);
      return;
    }
    const r = isHostedScenarioDocument(s)
      ? compileHostedScenario(s, options.blocks ? { blocks: options.blocks } : {})
      : compileScenario(s, options.lookups ? { lookups: options.lookups } : {});
    if (r.ok) compiled.push(r.value);
    else problems.push(...r.error.map((p) => ({ ...p, path: `scenarios[${i}]${p.path.replace(/^\$/, '')}` })));
  });
  const ids = new Set<string>();
  for (const c of compiled) {
    if (ids.has(c.ref.identifier))
      problems.push({ code: 'INVALID_SCENARIO', message: `scenario ${c.ref.identifier} appears twice`, path: 'scenarios' });
    ids.add(c.ref.identifier);
  }
  if (problems.length > 0) return { ok: false, error: problems };
  const defaultScreener = options.screener;
  const keepSource = compiled.some((c) => c.needsHistorySource === true);

  const core = (
    tx: AnyTransaction,
    ctx: EvaluationContext,
    identifier: string,
    receivedAt: string,
    createdAt: string,
  ): EvaluationResult => {
    const customerId = ctx.customer.identifier;
    const rec = toHistoryRecord(tx, customerId);
    if (keepSource) rec.source = tx;
    const env: Env = {
      rec,
      tx,
      customer: ctx.customer,
      history: ctx.history,
      screener: ctx.screener ?? defaultScreener,
      enrichments: ctx.enrichments ?? null,
      cache: new Map(),
      trace: [],
      screenedAny: false,
      screenHit: false,
      ctx,
    };
    const type = rec.type as MonetaryType;
    const evaluations: ScenarioEvaluation[] = [];
    const risks: TransactionMonitoringRisk[] = [];
    const alerts: MonitoringAlert[] = [];
    const screenedRisks: string[] = [];
    let anyHold = false;
    let anyError = false;
    for (const sc of compiled) {
      env.screenHit = false;
      let segment: number;
      const trace: SegmentTrace[] = [];
      try {
        if (Number.isNaN(rec.t)) throw new EvalFailure('BAD_DATA', 'occurred_at is not a date', '$.occurred_at');
        if (!Number.isFinite(rec.amount)) throw new EvalFailure('BAD_DATA', 'base_value.amount is not a finite number', '$.details.base_value.amount');
        segment = sc.run(env, trace);
      } catch (e) {
        // Whatever stops a scenario (bad data, a failing port, a fault of the host's screener or history) makes its
        // outcome ERROR, never an exception out of the evaluation and never a silent ALLOW.
        const failure = e instanceof EvalFailure ? e : new EvalFailure('EVALUATION_FAILED', `the scenario could not be evaluated: ${e instanceof Error ? e.message : String(e)}`, '$');
        anyError = true;
        evaluations.push({
          scenario: sc.ref,
          outcome: 'ERROR',
          triggered_segment: null,
          risk_identifier: null,
          trace,
          problems: [{ code: failure.code, message: failure.message, path: failure.path }],
        });
        continue;
      }
      if (segment < 0) {
        evaluations.push({ scenario: sc.ref, outcome: 'ALLOW', triggered_segment: null, risk_identifier: null, trace, problems: [] });
        continue;
      }
      const seg = trace[trace.length - 1] as SegmentTrace; // the segment that triggered
      const triggered: TriggeredSegment = {
        identifiers: seg.identifiers ?? [seg.identifier],
        name: seg.name,
        outcome: seg.outcome,
        priority: seg.priority,
      };
      const riskId = ctx.ids.next();
      risks.push({
        identifier: riskId,
        created_at: createdAt,
        type: 'TRANSACTION_MONITORING',
        detail: {
          scenario: { description: sc.ref.description, identifier: sc.ref.identifier, name: sc.ref.name, version: sc.ref.version },
          transaction: { external_identifier: tx.external_identifier, identifier, type },
          triggered_segment: triggered,
        },
      });
      if (env.screenHit) screenedRisks.push(riskId);
      const mute = ctx.mutes?.find(
        (m) =>
          m.customer_identifier === customerId &&
          m.profile_identifier === sc.ref.identifier &&
          (m.risk_identifier === null || m.risk_identifier === undefined || m.risk_identifier === seg.identifier),
      );
      alerts.push({
        risk_identifier: riskId,
        scenario_identifier: sc.ref.identifier,
        segment_identifier: seg.identifier,
        priority: seg.priority,
        outcome: seg.outcome,
        muted: mute !== undefined,
        mute_identifier: mute?.id ?? null,
        ...(seg.title !== undefined ? { title: seg.title } : {}),
        ...(sc.ref.risk_subject_groupings ? { risk_subject_groupings: sc.ref.risk_subject_groupings } : {}),
      });
      if (seg.outcome === 'HOLD') anyHold = true;
      evaluations.push({
        scenario: sc.ref,
        outcome: seg.outcome === 'HOLD' ? 'HOLD' : 'ALLOW',
        triggered_segment: triggered,
        risk_identifier: riskId,
        trace,
        problems: [],
      });
    }

    const outcome: ScenarioEvaluation['outcome'] = anyError ? 'ERROR' : anyHold ? 'HOLD' : 'ALLOW';
    const transaction = toOutputTransaction(tx, {
      identifier,
      customer_identifier: customerId,
      received_at: receivedAt,
      direction: rec.direction,
      evaluation_outcome: outcome,
      enrichments: ctx.enrichments ? [...ctx.enrichments] : 'enrichments' in tx ? (tx.enrichments ?? null) : null,
    });

    const audit: TransactionAuditRecord[] = [];
    const system = { type: 'SYSTEM' as const, identifier: null };
    const txRef = { identifier, type };
    audit.push({
      identifier: ctx.ids.next(),
      occurred_at: receivedAt,
      type: 'TRANSACTION_RECEIVED',
      actioned_by: system,
      grouping_key: identifier,
      detail: { transaction: { identifier, received_at: receivedAt, type } },
    });
    if (env.screenedAny) {
      audit.push({
        identifier: ctx.ids.next(),
        occurred_at: createdAt,
        type: 'PAYMENT_SCREENED',
        actioned_by: system,
        grouping_key: identifier,
        detail: { risk_identifiers: screenedRisks, transaction: txRef },
      });
    }
    audit.push({
      identifier: ctx.ids.next(),
      occurred_at: createdAt,
      type: 'TRANSACTION_MONITORED',
      actioned_by: system,
      grouping_key: identifier,
      detail: {
        risk_identifiers: risks.map((r) => r.identifier),
        risk_source: 'TRANSACTION_MONITORING',
        scenario_evaluations: {
          outcome,
          configurations: evaluations.map((e) => ({ identifier: e.scenario.identifier, outcome: e.outcome })),
        },
        transaction: txRef,
      },
    });
    for (const a of alerts) {
      if (!a.muted) continue;
      audit.push({
        identifier: ctx.ids.next(),
        occurred_at: createdAt,
        type: 'ALERT_MUTED_FOR_RISK',
        actioned_by: system,
        grouping_key: identifier,
        detail: {
          customer: { identifier: customerId },
          mute_key: a.mute_identifier as string,
          risk: { source: 'TRANSACTION_MONITORING', identifier: a.risk_identifier },
        },
      });
    }

    return {
      evaluation_outcome: outcome,
      transaction,
      scenario_evaluations: evaluations,
      risks,
      alerts,
      audit_records: audit,
      history_record: rec,
    };
  };

  return {
    ok: true,
    value: {
      scenarios: compiled,
      evaluate(input, ctx) {
        if (ctx.validate !== false) {
          const v = validateTransactionShape<TransactionInput>('transaction', input, 'input');
          if (!v.ok) return { ok: false, error: toProblemDetail(v.error, { clock: ctx.clock, ids: ctx.ids, status: 400 }) };
        }
        const identifier = ctx.ids.next();
        const receivedAt = ctx.clock.now();
        return { ok: true, value: core(input as TransactionInput, ctx, identifier, receivedAt, receivedAt) };
      },
      evaluateStored(transaction, ctx) {
        const now = ctx.clock.now();
        return core(transaction, ctx, transaction.identifier ?? ctx.ids.next(), transaction.received_at ?? now, now);
      },
    },
  };
}

/**
 * Output form: read-only fields filled, write-only fields removed (customer external identifiers). Unchanged
 * sub-objects are shared with the input, not copied.
 */
export function toOutputTransaction(
  tx: AnyTransaction,
  fill: {
    identifier: string;
    customer_identifier: string;
    received_at: string;
    direction: 'INBOUND' | 'OUTBOUND';
    evaluation_outcome: EvaluationOutcome;
    enrichments: Enrichment[] | null;
  },
): Transaction {
  // Copy on write: the containers that change are copied; unchanged sub-objects are shared with the input.
  const fixParty = <P extends PartyIdentification | null | undefined>(p: P): P =>
    p?.identifier?.type === 'CUSTOMER'
      ? ({ ...p, identifier: { type: 'CUSTOMER', identifier: fill.customer_identifier } } as P)
      : p;
  const withParty = <O extends { details?: PartyIdentification | null } | null | undefined>(o: O): O =>
    o?.details?.identifier?.type === 'CUSTOMER' ? ({ ...o, details: fixParty(o.details) } as O) : o;
  const src = tx.details.details;
  let inner: MonetaryDetails['details'];
  if (src.type === 'CARD_PAYMENT') {
    inner = { ...src };
    if (src.card_holder) inner.card_holder = withParty(src.card_holder);
    if (src.merchant) inner.merchant = withParty(src.merchant);
    if (src.sub_merchant) inner.sub_merchant = withParty(src.sub_merchant);
    if (src.acquirer) inner.acquirer = withParty(src.acquirer);
    if (src.issuer) inner.issuer = withParty(src.issuer);
  } else if (src.type === 'REMITTANCE') {
    inner = { ...src, creditor: { ...src.creditor, details: fixParty(src.creditor.details) }, debtor: fixParty(src.debtor) };
    if (src.ultimate_creditor) inner.ultimate_creditor = fixParty(src.ultimate_creditor);
    if (src.ultimate_debtor) inner.ultimate_debtor = fixParty(src.ultimate_debtor);
  } else {
    inner = { ...src, creditor: fixParty(src.creditor), debtor: fixParty(src.debtor) };
    if (src.ultimate_creditor) inner.ultimate_creditor = fixParty(src.ultimate_creditor);
    if (src.ultimate_debtor) inner.ultimate_debtor = fixParty(src.ultimate_debtor);
  }
  const details: MonetaryDetails = { ...tx.details, direction: fill.direction, details: inner };
  const out: Transaction = {
    external_identifier: tx.external_identifier,
    identifier: fill.identifier,
    customer_identifier: fill.customer_identifier,
    occurred_at: tx.occurred_at,
    received_at: fill.received_at,
    details,
    evaluation_outcome: fill.evaluation_outcome,
    review_decision: fill.evaluation_outcome === 'HOLD' ? 'NOT_REVIEWED' : 'NOT_APPLICABLE',
  };
  if (tx.custom_fields !== undefined) out.custom_fields = tx.custom_fields;
  if (fill.enrichments !== null) out.enrichments = fill.enrichments;
  if (tx.regulatory_reporting_details !== undefined) out.regulatory_reporting_details = tx.regulatory_reporting_details;
  return out;
}
