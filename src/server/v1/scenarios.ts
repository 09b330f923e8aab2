/**
 * The scenarios the server evaluates transactions against: the config's scenario set (version by version) and the
 * versions created over HTTP, in either format (tamis definitions, hosted-language documents). The highest version
 * of each scenario is in force; creating a version puts it in force at once (the engine is rebuilt, evaluations in
 * flight finish on the engine they started with). Back-tests replay a version over the stored transactions.
 */
import type { Result } from '../../errors.js';
import type { Screener } from '../../screening/types.js';
import { backtestScenario, type BacktestReport } from '../../transactions/backtest.js';
import { compileScenario, createScenarioEngine, type CompiledScenario, type ScenarioEngine, type TransactionCustomerContext } from '../../transactions/engine.js';
import { compileHostedScenario } from '../../transactions/hosted/compile.js';
import { isHostedScenarioDocument, unwrapDocument } from '../../transactions/hosted/document.js';
import { transactionPageEnvelope, validateTransactionPageRequest } from '../../transactions/paging.js';
import type { TransactionClock, TransactionIdGenerator, TransactionPageRequest } from '../../transactions/ports.js';
import type { ScenarioLiteral } from '../../transactions/scenario-types.js';
import type { Transaction, TransactionProblemDetail, TransactionViolation } from '../../transactions/types.js';
import { toProblemDetail } from '../../transactions/validation.js';
import type { ScenarioFormat, ScenarioVersionRecord, ScenarioVersionStore } from './scenario-store.js';

export interface ScenarioSummary extends Omit<ScenarioVersionRecord, 'definition'> {
  /** Versions known of this scenario. */
  versions: number[];
}

export interface ScenarioRegistryOptions {
  store: ScenarioVersionStore;
  /** The config's scenario set: tamis definitions and hosted documents. */
  scenarios: readonly unknown[];
  lookups?: Readonly<Record<string, readonly ScenarioLiteral[]>>;
  /** The screener of counterparty-screening conditions, read at each evaluation (it changes on reload). */
  screener?: () => Screener | undefined;
  clock: TransactionClock;
  ids: TransactionIdGenerator;
  basePath?: string;
}

export interface BacktestRequest {
  /** A stored version to test; default: the version in force. */
  version?: number;
  /** Or a definition (not stored) of this scenario. */
  definition?: unknown;
}

export interface ScenarioRegistry {
  /** Evaluates with the versions in force; always the current set. */
  readonly engine: ScenarioEngine;
  list(page?: TransactionPageRequest): Result<{ scenarios: ScenarioSummary[]; first: string; self: string; next: string | null; prev: string | null; total_count: number }, TransactionProblemDetail>;
  /** The version in force, with its definition. */
  get(identifier: string): Result<ScenarioVersionRecord, TransactionProblemDetail>;
  versions(identifier: string): Result<ScenarioVersionRecord[], TransactionProblemDetail>;
  /**
   * Read the versions other instances sharing the store have created since (at most once per `maxAgeMs`, by the
   * clock port); the newest of each scenario goes in force.
   */
  refresh(maxAgeMs?: number): Promise<void>;
  /** Validate, compile and store a new version (the definition's format decides how it is read); it goes in force. */
  create(definition: unknown, createdBy: string | null): Promise<Result<ScenarioVersionRecord, TransactionProblemDetail>>;
  backtest(
    identifier: string,
    request: BacktestRequest,
    transactions: readonly Transaction[],
    customer?: (customerIdentifier: string) => TransactionCustomerContext,
  ): Result<BacktestReport, TransactionProblemDetail>;
}

interface Version {
  record: ScenarioVersionRecord;
  compiled: CompiledScenario;
}

/** How stale the scenario versions may be before a call reads the store again (other instances' versions). */
export const SCENARIO_REFRESH_MS = 5000;

export async function createScenarioRegistry(o: ScenarioRegistryOptions): Promise<Result<ScenarioRegistry, TransactionViolation[]>> {
  const { clock, ids } = o;
  const basePath = o.basePath ?? '/v1';
  const byId = new Map<string, Version[]>();
  const problem = (status: number, violations: TransactionViolation[], title?: string): { ok: false; error: TransactionProblemDetail } => ({
    ok: false,
    error: toProblemDetail(violations, { clock, ids, status, ...(title ? { title } : {}) }),
  });
  const notFound = (identifier: string) => problem(404, [{ code: 'SCENARIO_NOT_FOUND', message: `no scenario ${identifier}`, path: '$.identifier' }], 'Not Found');

  const compile = (definition: unknown, hosted?: { identifier?: string; version?: number }): Result<CompiledScenario, TransactionViolation[]> =>
    isHostedScenarioDocument(definition)
      ? compileHostedScenario(definition, hosted ?? {})
      : compileScenario(definition, o.lookups ? { lookups: o.lookups } : {});
  const formatOf = (definition: unknown): ScenarioFormat => (isHostedScenarioDocument(definition) ? 'hosted' : 'tamis');
  const recordOf = (definition: unknown, c: CompiledScenario, source: 'config' | 'api', createdBy: string | null): ScenarioVersionRecord => ({
    identifier: c.ref.identifier,
    version: c.ref.version,
    name: c.ref.name,
    description: c.ref.description,
    format: formatOf(definition),
    definition,
    source,
    created_at: source === 'api' ? clock.now() : null,
    created_by: createdBy,
  });
  const add = (v: Version) => {
    const list = byId.get(v.record.identifier) ?? [];
    list.push(v);
    list.sort((a, b) => a.record.version - b.record.version);
    byId.set(v.record.identifier, list);
  };
  const inForce = (identifier: string): Version | undefined => byId.get(identifier)?.at(-1);
  const current = () => [...byId.values()].map((vs) => (vs.at(-1) as Version).compiled);

  const known = (r: ScenarioVersionRecord) => byId.get(r.identifier)?.some((v) => v.record.version === r.version) === true;
  const compileStored = (r: ScenarioVersionRecord) => compile(r.definition, r.format === 'hosted' ? { identifier: r.identifier, version: r.version } : undefined);
  const problems: TransactionViolation[] = [];
  o.scenarios.forEach((s, i) => {
    const c = compile(s);
    if (!c.ok) problems.push(...c.error.map((p) => ({ ...p, path: `scenarios[${i}]${p.path.replace(/^\$/, '')}` })));
    else add({ record: recordOf(s, c.value, 'config', null), compiled: c.value });
  });
  for (const r of await o.store.list()) {
    const c = compileStored(r);
    if (!c.ok) problems.push(...c.error.map((p) => ({ ...p, path: `stored ${r.identifier} v${r.version}${p.path.replace(/^\$/, '')}` })));
    else if (!known(r)) add({ record: r, compiled: c.value });
  }
  if (problems.length) return { ok: false, error: problems };

  const build = (set: CompiledScenario[]) =>
    createScenarioEngine({ scenarios: set, ...(o.lookups ? { lookups: o.lookups } : {}) });
  const first = build(current());
  if (!first.ok) return first;
  let engine = first.value;

  const delegate: ScenarioEngine = {
    get scenarios() {
      return engine.scenarios;
    },
    evaluate: (input, ctx) => engine.evaluate(input, ctx),
    evaluateStored: (t, ctx) => engine.evaluateStored(t, ctx),
  };
  const summary = (vs: Version[]): ScenarioSummary => {
    const { definition: _d, ...rest } = (vs.at(-1) as Version).record;
    return { ...rest, versions: vs.map((v) => v.record.version) };
  };

  let refreshedAt = Date.parse(clock.now());
  let refreshing: Promise<void> | null = null;
  const refreshNow = async () => {
    let changed = false;
    for (const r of await o.store.list()) {
      if (known(r)) continue;
      const c = compileStored(r);
      if (!c.ok) continue; // stored by another instance, so it compiled there; a different build may not read it
      add({ record: r, compiled: c.value });
      changed = true;
    }
    if (changed) {
      const next = build(current());
      if (next.ok) engine = next.value;
    }
  };

  const registry: ScenarioRegistry = {
    engine: delegate,

    async refresh(maxAgeMs = 0) {
      const now = Date.parse(clock.now());
      if (now - refreshedAt < maxAgeMs) return;
      refreshedAt = now;
      refreshing ??= refreshNow().finally(() => {
        refreshing = null;
      });
      await refreshing;
    },

    list(page) {
      const p = validateTransactionPageRequest(page);
      if (!p.ok) return problem(400, p.error);
      const all = [...byId.values()].map(summary).sort((a, b) => a.name.localeCompare(b.name) || a.identifier.localeCompare(b.identifier));
      const { page_number: n, page_size: size } = p.value;
      return { ok: true, value: { scenarios: all.slice((n - 1) * size, n * size), ...transactionPageEnvelope(`${basePath}/scenarios`, p.value, all.length) } };
    },

    get(identifier) {
      const v = inForce(identifier);
      return v ? { ok: true, value: structuredClone(v.record) } : notFound(identifier);
    },

    versions(identifier) {
      const vs = byId.get(identifier);
      return vs ? { ok: true, value: vs.map((v) => structuredClone(v.record)) } : notFound(identifier);
    },

    async create(definition, createdBy) {
      if (typeof definition !== 'object' || definition === null || Array.isArray(definition)) {
        return problem(400, [{ code: 'INVALID_SCENARIO', message: 'the body is one scenario: a tamis definition or a hosted-language document', path: '$' }]);
      }
      const first = compile(definition);
      if (!first.ok) return problem(400, first.error);
      let compiled = first.value;
      const identifier = compiled.ref.identifier;
      const latest = inForce(identifier)?.record.version ?? 0;
      const hosted = isHostedScenarioDocument(definition);
      if (hosted && unwrapDocument(definition as Record<string, unknown>).version === undefined) {
        const again = compile(definition, { identifier, version: latest + 1 });
        if (!again.ok) return problem(400, again.error);
        compiled = again.value;
      }
      if (compiled.ref.version <= latest) {
        const message = `version ${compiled.ref.version} is not newer than version ${latest} of scenario ${identifier}`;
        return problem(409, [{ code: 'VERSION_NOT_NEWER', message, path: '$.version' }], 'Conflict');
      }
      const next = build([...current().filter((c) => c.ref.identifier !== identifier), compiled]);
      if (!next.ok) return problem(400, next.error);
      const record = recordOf(definition, compiled, 'api', createdBy);
      if (!(await o.store.insert(record))) {
        return problem(409, [{ code: 'VERSION_NOT_NEWER', message: `scenario ${identifier} already has a version ${record.version}`, path: '$.version' }], 'Conflict');
      }
      add({ record, compiled });
      engine = next.value;
      return { ok: true, value: structuredClone(record) };
    },

    backtest(identifier, request, transactions, customer) {
      const vs = byId.get(identifier);
      if (!vs) return notFound(identifier);
      const force = vs.at(-1) as Version;
      let candidate: CompiledScenario;
      let against: CompiledScenario | undefined;
      if (request.definition !== undefined) {
        const c = compile(request.definition, { identifier });
        if (!c.ok) return problem(400, c.error.map((p) => ({ ...p, path: `$.definition${p.path.replace(/^\$/, '')}` })));
        if (c.value.ref.identifier !== identifier) {
          return problem(422, [{ code: 'SCENARIO_MISMATCH', message: `the definition is scenario ${c.value.ref.identifier}, not ${identifier}`, path: '$.definition.identifier' }], 'Unprocessable Entity');
        }
        candidate = c.value;
        against = force.compiled;
      } else if (request.version !== undefined) {
        const v = vs.find((x) => x.record.version === request.version);
        if (!v) return problem(404, [{ code: 'VERSION_NOT_FOUND', message: `scenario ${identifier} has no version ${request.version}`, path: '$.version' }], 'Not Found');
        candidate = v.compiled;
        against = v === force ? vs.at(-2)?.compiled : force.compiled;
      } else {
        candidate = force.compiled;
        against = vs.at(-2)?.compiled;
      }
      const s = o.screener?.();
      const r = backtestScenario({
        candidate,
        ...(against ? { inForce: against } : {}),
        transactions,
        ...(customer ? { customer } : {}),
        ...(o.lookups ? { lookups: o.lookups } : {}),
        ...(s ? { screener: s } : {}),
        clock,
        ids,
      });
      return r.ok ? r : problem(400, r.error);
    },
  };
  return { ok: true, value: registry };
}

