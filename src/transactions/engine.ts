/**
 * The scenario engine: compile scenario definitions once into plain functions, then evaluate transactions
 * synchronously against them, given the customer's history from a `HistoryPort`.
 *
 * Semantics (GUIDE.md section 3): segments are checked top to bottom and the first whose condition holds triggers;
 * each triggered segment raises a TRANSACTION_MONITORING risk; the outcome is ERROR when any scenario could not be
 * evaluated, else HOLD when any triggered segment holds, else ALLOW. A mute suppresses the alert only.
 */
import type { ValidateFunction } from 'ajv';
import type { Result } from '../errors.js';
import type { Screener } from '../screening/types.js';
import type { EvaluationOutcome, MonetaryType } from './enums.js';
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
import { EvalFailure } from './eval-failure.js';
import { compileHostedScenario, isHostedScenarioDocument, type BlockRegistry } from './hosted/compile.js';
import { counterpartyOf, toHistoryRecord } from './record.js';
import {
  scenarioSchema,
  type ScenarioAggregate,
  type CompareOp,
  type ScenarioCondition,
  type ScenarioLiteral,
  type ScenarioOperand,
  type ScenarioDefinition,
  type ScreenCondition,
} from './scenario-types.js';
import type {
  AlertMute,
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
import { strictAjv, toProblemDetail, validateTransactionShape, violationsFromAjv } from './validation.js';
import { DAY_MS } from './history-aggregates.js';
import { compileAggregate, fmt, type AggregateCompileContext, type CompiledOperand, type OperandFn } from './tamis-aggregate.js';

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

type AnyTransaction = TransactionInput | Transaction;

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

type ConditionFn = (env: Env) => boolean;

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

let scenarioValidator: ValidateFunction | undefined;
let compilations = 0;
function validateScenarioShape(def: unknown): TransactionViolation[] {
  if (!scenarioValidator) {
    scenarioValidator = strictAjv().compile(scenarioSchema);
  }
  if (scenarioValidator(def)) return [];
  return violationsFromAjv(scenarioValidator.errors ?? []).map((v) => ({ ...v, code: 'INVALID_SCENARIO' }));
}

/** Validate a scenario definition against the scenario schema and its semantic rules; compile it. */
export function compileScenario(def: unknown, options: CompileOptions = {}): Result<CompiledScenario, TransactionViolation[]> {
  const shape = validateScenarioShape(def);
  if (shape.length > 0) return { ok: false, error: shape };
  const compileSerial = ++compilations;
  const scenario = def as ScenarioDefinition;
  const lookups = new Map<string, Set<ScenarioLiteral>>();
  for (const [name, values] of Object.entries(options.lookups ?? {})) lookups.set(name, new Set(values));
  const problems: TransactionViolation[] = [];
  const seen = new Set<string>();
  let usesScreening = false;

  const lookup = (name: string, path: string): Set<ScenarioLiteral> => {
    const set = lookups.get(name);
    if (!set) {
      problems.push({ code: 'UNKNOWN_LOOKUP_LIST', message: `lookup list ${name} is not defined`, path });
      return new Set();
    }
    return set;
  };

  const aggregateContext: AggregateCompileContext = { lookup, problems, serial: compileSerial };

  // -------- operands
  const withDefault = (
    get: (env: Env) => unknown,
    hasDefault: boolean,
    dflt: ScenarioLiteral | undefined,
    code: string,
    what: string,
    path: string,
  ): OperandFn => {
    if (hasDefault) {
      return (env) => {
        const v = get(env);
        return v === undefined || v === null ? dflt : v;
      };
    }
    return (env) => {
      const v = get(env);
      if (v === undefined || v === null) throw new EvalFailure(code, `${what} is missing and has no default`, path);
      return v;
    };
  };

  const compileOperand = (op: ScenarioOperand, path: string): CompiledOperand => {
    if (op === null || typeof op !== 'object') return { fn: () => op, label: fmt(op) };
    const o = op as Record<string, unknown>;
    const hasDefault = 'default' in o;
    const dflt = o.default as ScenarioLiteral | undefined;
    const dl = hasDefault ? ` ?? ${fmt(dflt)}` : '';
    if ('field' in o) {
      const f = o.field as keyof HistoryRecord;
      return {
        fn: withDefault((env) => env.rec[f], hasDefault, dflt, 'MISSING_FIELD', `field ${String(f)}`, path),
        label: `${String(f)}${dl}`,
      };
    }
    if ('path' in o) {
      const parts = String(o.path).split('.');
      const get = (env: Env) => {
        let v: unknown = env.tx;
        for (const p of parts) {
          if (v === null || typeof v !== 'object') return undefined;
          v = (v as Record<string, unknown>)[p];
        }
        return v;
      };
      return {
        fn: withDefault(get, hasDefault, dflt, 'MISSING_FIELD', `path ${String(o.path)}`, path),
        label: `tx.${String(o.path)}${dl}`,
      };
    }
    if ('customer' in o) {
      const name = String(o.customer);
      const get = (env: Env): unknown => {
        const c = env.customer;
        if (name === 'risk_level') return c.risk_level;
        if (name === 'segment') return c.segment;
        if (name === 'account_age_days') {
          if (!c.account_opened_at) return undefined;
          const opened = Date.parse(c.account_opened_at);
          if (Number.isNaN(opened)) throw new EvalFailure('BAD_DATA', 'customer account_opened_at is not a date', path);
          return Math.floor((env.rec.t - opened) / DAY_MS);
        }
        return c.attributes?.[name];
      };
      return {
        fn: withDefault(get, hasDefault, dflt, 'MISSING_CUSTOMER_ATTRIBUTE', `customer attribute ${name}`, path),
        label: `customer.${name}${dl}`,
      };
    }
    if ('custom_field' in o) {
      const key = String(o.custom_field);
      const get = (env: Env): unknown => {
        const f = env.tx.custom_fields?.find((c) => c.key === key);
        if (!f) return undefined;
        return f.value.data_type === 'TEXT' ? f.value.text : f.value.decimal;
      };
      return {
        fn: withDefault(get, hasDefault, dflt, 'MISSING_FIELD', `custom field ${key}`, path),
        label: `custom_field.${key}${dl}`,
      };
    }
    if ('enrichment' in o) {
      const key = String(o.enrichment);
      const get = (env: Env): unknown => {
        const list = env.enrichments ?? ('enrichments' in env.tx ? env.tx.enrichments : undefined);
        const e = list?.find((x) => x.key === key);
        if (!e) return undefined;
        const v = e.value;
        return v.data_type === 'TEXT' ? v.text : v.data_type === 'DECIMAL' ? v.decimal : v.boolean;
      };
      return {
        fn: withDefault(get, hasDefault, dflt, 'MISSING_FIELD', `enrichment ${key}`, path),
        label: `enrichment.${key}${dl}`,
      };
    }
    if ('agg' in o) {
      const inner = compileAggregate(o.agg as ScenarioAggregate, `${path}.agg`, aggregateContext);
      const fn: OperandFn = hasDefault
        ? (env) => {
            const v = inner.fn(env);
            return v === null ? dflt : v;
          }
        : inner.fn;
      return { fn, label: `${inner.label}${dl}` };
    }
    for (const k of ['add', 'sub', 'mul', 'div', 'mod'] as const) {
      if (k in o) {
        const args = (o[k] as ScenarioOperand[]).map((a, i) => compileOperand(a, `${path}.${k}[${i}]`));
        const sym = { add: '+', sub: '-', mul: '*', div: '/', mod: '%' }[k];
        const label = `(${args.map((a) => a.label).join(` ${sym} `)})`;
        const fn: OperandFn = (env) => {
          const vals = args.map((a) => a.fn(env));
          for (const v of vals) {
            if (v === null) return null;
            if (typeof v !== 'number' || !Number.isFinite(v))
              throw new EvalFailure('BAD_DATA', `arithmetic on a non-number (${fmt(v)})`, path);
          }
          const ns = vals as number[];
          const a = ns[0] as number;
          const b = ns[1] as number;
          switch (k) {
            case 'add':
              return ns.reduce((s, x) => s + x, 0);
            case 'sub':
              return a - b;
            case 'mul':
              return a * b;
            case 'div':
              return b === 0 ? null : a / b;
            case 'mod':
              return b === 0 ? null : a % b;
          }
        };
        return { fn, label };
      }
    }
    throw new Error(`unreachable operand at ${path}`);
  };

  // -------- conditions
  const compileCondition = (c: ScenarioCondition, path: string): ConditionFn => {
    if ('all' in c) {
      const parts = c.all.map((x, i) => compileCondition(x, `${path}.all[${i}]`));
      return (env) => {
        for (const p of parts) if (!p(env)) return false;
        return true;
      };
    }
    if ('any' in c) {
      const parts = c.any.map((x, i) => compileCondition(x, `${path}.any[${i}]`));
      return (env) => {
        for (const p of parts) if (p(env)) return true;
        return false;
      };
    }
    if ('not' in c) {
      const inner = compileCondition(c.not, `${path}.not`);
      return (env) => !inner(env);
    }
    if ('compare' in c) {
      const [l, op, r] = c.compare;
      const left = compileOperand(l, `${path}.compare[0]`);
      const right = compileOperand(r, `${path}.compare[2]`);
      const expr = `${left.label} ${op} ${right.label}`;
      const cmp = comparator(op, path);
      return (env) => {
        const lv = left.fn(env);
        const rv = right.fn(env);
        const result = cmp(lv, rv);
        env.trace.push({ path, expr, result, left: lv, op, right: rv });
        return result;
      };
    }
    if ('between' in c) {
      const value = compileOperand(c.between.value, `${path}.between.value`);
      const min = compileOperand(c.between.min, `${path}.between.min`);
      const max = compileOperand(c.between.max, `${path}.between.max`);
      const expr = `${min.label} <= ${value.label} < ${max.label}`;
      return (env) => {
        const v = value.fn(env);
        const lo = min.fn(env);
        const hi = max.fn(env);
        let result = false;
        if (v !== null && lo !== null && hi !== null) {
          if (typeof v !== 'number' || typeof lo !== 'number' || typeof hi !== 'number')
            throw new EvalFailure('BAD_DATA', 'between needs numbers', path);
          result = v >= lo && v < hi;
        }
        env.trace.push({ path, expr, result, value: v, min: lo, max: hi });
        return result;
      };
    }
    if ('in' in c) {
      const spec = c.in as { value: ScenarioOperand; list?: ScenarioLiteral[]; lookup?: string };
      const value = compileOperand(spec.value, `${path}.in.value`);
      const set = spec.lookup !== undefined ? lookup(spec.lookup, `${path}.in.lookup`) : new Set(spec.list ?? []);
      const listLabel = spec.lookup !== undefined ? `lookup:${spec.lookup}` : `[${(spec.list ?? []).map(fmt).join(', ')}]`;
      const expr = `${value.label} in ${listLabel}`;
      return (env) => {
        const v = value.fn(env);
        const result = v !== null && set.has(v as ScenarioLiteral);
        env.trace.push({ path, expr, result, value: v });
        return result;
      };
    }
    if ('exists' in c) {
      const value = compileOperand(c.exists, `${path}.exists`);
      const expr = `exists ${value.label}`;
      return (env) => {
        let v: unknown;
        try {
          v = value.fn(env);
        } catch (e) {
          if (e instanceof EvalFailure && e.code.startsWith('MISSING')) v = null;
          else throw e;
        }
        const result = v !== null && v !== undefined;
        env.trace.push({ path, expr, result, value: v ?? null });
        return result;
      };
    }
    if ('screen' in c) {
      usesScreening = true;
      return compileScreen(c.screen, path);
    }
    throw new Error(`unreachable condition at ${path}`);
  };

  const comparator = (op: CompareOp, path: string): ((a: unknown, b: unknown) => boolean) => {
    if (op === '==') return (a, b) => a === b;
    if (op === '!=') return (a, b) => a !== b;
    return (a, b) => {
      if (a === null || b === null || a === undefined || b === undefined) return false;
      if (typeof a !== typeof b || (typeof a !== 'number' && typeof a !== 'string'))
        throw new EvalFailure('BAD_DATA', `cannot order ${fmt(a)} and ${fmt(b)}`, path);
      const x = a as number;
      const y = b as number;
      switch (op) {
        case '>':
          return x > y;
        case '>=':
          return x >= y;
        case '<':
          return x < y;
        default:
          return x <= y;
      }
    };
  };

  const compileScreen = (s: ScreenCondition, path: string): ConditionFn => {
    const expr = `screen ${s.parties.join(', ')}${s.min_score !== undefined ? ` score>=${s.min_score}` : ''}${
      s.types ? ` types ${s.types.join(',')}` : ''
    }`;
    return (env) => {
      const screener = env.screener;
      if (!screener) throw new EvalFailure('SCREENER_UNAVAILABLE', 'no screener was provided for a screening condition', path);
      env.screenedAny = true;
      const screened: NonNullable<ConditionTrace['screened']> = [];
      let result = false;
      for (const party of s.parties) {
        const name = partyName(env.tx, party);
        if (!name) continue;
        const cacheKey = `screen\u0000${name}\u0000${s.types?.join(',') ?? ''}\u0000${s.fuzziness ?? ''}`;
        let hits = env.cache.get(cacheKey) as Array<{ id: string; name: string; score: number }> | undefined;
        if (!hits) {
          let res: ReturnType<Screener['search']>;
          try {
            res = screener.search({
              search_term: name,
              ...(s.fuzziness !== undefined ? { fuzziness: s.fuzziness } : {}),
              ...(s.types ? { filters: { types: s.types } } : {}),
            });
          } catch (e) {
            throw new EvalFailure('SCREENING_FAILED', `screening ${party} failed: ${e instanceof Error ? e.message : String(e)}`, path);
          }
          if (!res.ok) throw new EvalFailure('SCREENING_FAILED', `screening ${party} failed: ${res.error.message}`, path);
          hits = res.value.hits.map((h) => ({ id: h.doc.id, name: h.doc.name, score: h.score }));
          env.cache.set(cacheKey, hits);
        }
        const kept = s.min_score === undefined ? hits : hits.filter((h) => h.score >= (s.min_score as number));
        screened.push({ party, name, hits: kept });
        if (kept.length > 0) result = true;
      }
      if (result) env.screenHit = true;
      env.trace.push({ path, expr, result, screened });
      return result;
    };
  };

  const segments = scenario.segments.map((seg, i) => {
    if (seen.has(seg.identifier))
      problems.push({ code: 'INVALID_SCENARIO', message: 'duplicate segment identifier', path: `$.segments[${i}].identifier` });
    seen.add(seg.identifier);
    return { seg, when: compileCondition(seg.when, `segments[${i}].when`) };
  });
  if (problems.length > 0) return { ok: false, error: problems };

  const run = (env: Env, trace: SegmentTrace[]): number => {
    for (let i = 0; i < segments.length; i++) {
      const { seg, when } = segments[i] as (typeof segments)[number];
      const conditions: ConditionTrace[] = [];
      env.trace = conditions;
      const st: SegmentTrace = {
        identifier: seg.identifier,
        name: seg.name,
        outcome: seg.outcome,
        priority: seg.priority,
        matched: false,
        conditions,
      };
      trace.push(st);
      if (when(env)) {
        st.matched = true;
        return i;
      }
    }
    return -1;
  };

  return {
    ok: true,
    value: {
      definition: scenario,
      ref: { identifier: scenario.identifier, name: scenario.name, version: scenario.version, description: scenario.description },
      usesScreening,
      run,
    },
  };
}

function partyName(tx: AnyTransaction, party: string): string | null {
  const details = tx.details;
  const d = details.details;
  let p: PartyIdentification | null | undefined;
  if (party === 'counterparty') p = counterpartyOf(details);
  else if (d.type === 'CARD_PAYMENT') p = party === 'creditor' ? d.merchant?.details : party === 'debtor' ? d.card_holder?.details : null;
  else if (party === 'creditor') p = d.type === 'REMITTANCE' ? d.creditor.details : d.creditor;
  else if (party === 'debtor') p = d.debtor;
  else if (party === 'ultimate_creditor') p = d.ultimate_creditor;
  else if (party === 'ultimate_debtor') p = d.ultimate_debtor;
  const name = p?.name?.trim();
  return name ? name : null;
}

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
