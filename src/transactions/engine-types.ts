/** The scenario engine's shapes: the evaluation context and result, traces, and a compiled scenario (engine.ts). */
import type { Screener } from '../screening/types.js';
import type { EvaluationOutcome } from './enums.js';
import type {
  CustomerRecord,
  DetectorResult,
  HistoryPort,
  HistoryRecord,
  ProductRecord,
  TransactionClock,
  TransactionIdGenerator,
} from './ports.js';
import type { EvaluatedValue } from './hosted/trace.js';
import type { ScenarioLiteral, ScenarioDefinition } from './scenario-types.js';
import type {
  AlertMute,
  TransactionAuditRecord,
  Enrichment,
  Transaction,
  TransactionInput,
  TransactionMonitoringRisk,
  TransactionViolation,
  TriggeredSegment,
} from './types.js';

// ---------------------------------------------------------------- public shapes

/** What the host knows about the customer. `account_age_days` derives from `account_opened_at`. */
export interface TransactionCustomerContext {
  /** customer_identifier (UUID): the history key. */
  identifier: string;
  risk_level?: string;
  segment?: string;
  account_opened_at?: string;
  attributes?: Record<string, ScenarioLiteral>;
  /** Customer segment identifiers: hosted-language segment sets apply by them (`segment` counts as one). */
  segments?: readonly string[];
  /** The customer's records, primary first (`customer[N].person.*` / `.company.*` in the hosted language). */
  records?: readonly CustomerRecord[];
}

export interface EvaluationContext {
  customer: TransactionCustomerContext;
  history: HistoryPort;
  clock: TransactionClock;
  ids: TransactionIdGenerator;
  /** Mutes of this customer (the service loads them from the MuteStore). */
  mutes?: readonly AlertMute[];
  /** Lookup-list enrichments of this transaction (read-only on the transaction; supplied by the host). */
  enrichments?: readonly Enrichment[];
  /** Overrides the engine's screener for this evaluation. */
  screener?: Screener;
  /** Validate the input against the Transaction input schema first (default true). */
  validate?: boolean;
  /** The product or loan record the transaction is booked on (`transaction.product.*` in the hosted language). */
  product?: ProductRecord;
  /** Results of the host's detectors for this transaction (`detector.<slug>.score` / `.triggered`). */
  detectors?: Readonly<Record<string, DetectorResult>>;
}

export interface ConditionTrace {
  /** Position of the condition in the scenario, e.g. `segments[0].when.all[1]`. */
  path: string;
  /** The condition as written, operands described. */
  expr: string;
  result: boolean;
  left?: unknown;
  op?: string;
  right?: unknown;
  value?: unknown;
  min?: unknown;
  max?: unknown;
  screened?: Array<{ party: string; name: string; hits: Array<{ id: string; name: string; score: number }> }>;
}

export interface SegmentTrace {
  /** The segment's identifier (the mute key); for a hosted-language set, its first customer segment identifier. */
  identifier: string;
  /** The risk's `triggered_segment.identifiers` when not `[identifier]` (a hosted-language set's customer segments). */
  identifiers?: string[];
  name: string;
  outcome: 'ALLOW' | 'HOLD';
  priority: number;
  matched: boolean;
  conditions: ConditionTrace[];
  /** Hosted-language scenarios: the value each field, segment parameter, block and aggregation evaluated to. */
  evaluated_values?: EvaluatedValue[];
  /** Hosted-language scenarios: the description template filled with the evaluated values (the alert title). */
  title?: string;
}

export interface ScenarioRef {
  identifier: string;
  name: string;
  version: number;
  description: string;
  /** Hosted-language scenarios: how their alerts are grouped (`parameters.risk_subject_grouping(s)`). */
  risk_subject_groupings?: string[];
}

export interface ScenarioEvaluation {
  scenario: ScenarioRef;
  /** ALLOW (nothing held), HOLD (a HOLD segment triggered) or ERROR (could not be evaluated). */
  outcome: Extract<EvaluationOutcome, 'ALLOW' | 'HOLD' | 'ERROR'>;
  triggered_segment: TriggeredSegment | null;
  risk_identifier: string | null;
  /** Segments checked, in order, up to the one that triggered. */
  trace: SegmentTrace[];
  problems: TransactionViolation[];
}

export interface MonitoringAlert {
  risk_identifier: string;
  scenario_identifier: string;
  segment_identifier: string;
  priority: number;
  outcome: 'ALLOW' | 'HOLD';
  muted: boolean;
  mute_identifier: string | null;
  /** Hosted-language scenarios: the filled description template. */
  title?: string;
  risk_subject_groupings?: string[];
}

export interface EvaluationResult {
  evaluation_outcome: Extract<EvaluationOutcome, 'ALLOW' | 'HOLD' | 'ERROR'>;
  transaction: Transaction;
  scenario_evaluations: ScenarioEvaluation[];
  risks: TransactionMonitoringRisk[];
  alerts: MonitoringAlert[];
  audit_records: TransactionAuditRecord[];
  history_record: HistoryRecord;
}

// ---------------------------------------------------------------- internals

export type AnyTransaction = TransactionInput | Transaction;

/** @internal The evaluation environment of one transaction. */
export interface Env {
  rec: HistoryRecord;
  tx: AnyTransaction;
  customer: TransactionCustomerContext;
  history: HistoryPort;
  screener: Screener | undefined;
  enrichments: readonly Enrichment[] | null | undefined;
  cache: Map<string, unknown>;
  trace: ConditionTrace[];
  screenedAny: boolean;
  screenHit: boolean;
  ctx: EvaluationContext;
}

export type ConditionFn = (env: Env) => boolean;

export interface CompileOptions {
  /** Named lookup lists (`{ "lookup": name }`), merged over the library's defaults by the engine. */
  lookups?: Readonly<Record<string, readonly ScenarioLiteral[]>>;
}

export interface CompiledScenario {
  /** The tamis-format definition; absent for a scenario compiled from the hosted service's language. */
  readonly definition?: ScenarioDefinition;
  /** Keep the transaction on its history record (`source`): the scenario aggregates fields the flat record lacks. */
  readonly needsHistorySource?: boolean;
  readonly ref: ScenarioRef;
  readonly usesScreening: boolean;
  /** Evaluate against an environment; internal. */
  readonly run: (env: Env, trace: SegmentTrace[]) => number;
}
