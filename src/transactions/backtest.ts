/**
 * Back-testing: run a candidate scenario version over a stored history and compare what it would have held with the
 * version in force. Each transaction is evaluated as of its own `occurred_at` (windows end at the transaction).
 */
import type { Result } from '../errors.js';
import type { Screener } from '../screening/types.js';
import { createScenarioEngine, type CompiledScenario, type TransactionCustomerContext, type ScenarioRef } from './engine.js';
import { InMemoryHistory } from './memory.js';
import type { HistoryPort, TransactionClock, TransactionIdGenerator } from './ports.js';
import { toHistoryRecord } from './record.js';
import type { ScenarioLiteral, ScenarioDefinition } from './scenario-types.js';
import type { Transaction, TransactionViolation } from './types.js';

export interface BacktestOptions {
  /** The version under test. */
  candidate: ScenarioDefinition | CompiledScenario;
  /** The version in force; absent when the scenario is new. */
  inForce?: ScenarioDefinition | CompiledScenario;
  /** Stored transactions (output form), any order. */
  transactions: readonly Transaction[];
  /** Customer attributes as of now (default: the identifier only). */
  customer?: (customerIdentifier: string) => TransactionCustomerContext;
  /** History to aggregate over (default: built from `transactions`). */
  history?: HistoryPort;
  lookups?: Readonly<Record<string, readonly ScenarioLiteral[]>>;
  screener?: Screener;
  clock: TransactionClock;
  ids: TransactionIdGenerator;
}

export interface BacktestTotals {
  held: number;
  /** Triggered an ALLOW segment (alert without hold). */
  alerted: number;
  not_triggered: number;
  errors: number;
  /** Triggers per segment identifier. */
  segments: Record<string, number>;
}

export interface BacktestReport {
  candidate: ScenarioRef;
  in_force: ScenarioRef | null;
  evaluated: number;
  candidate_totals: BacktestTotals;
  in_force_totals: BacktestTotals | null;
  /** External identifiers held by the candidate and not by the version in force. */
  newly_held: string[];
  /** External identifiers held by the version in force and not by the candidate. */
  no_longer_held: string[];
  held_by_both: string[];
  /** Transactions the candidate could not evaluate. */
  errors: Array<{ external_identifier: string; problems: TransactionViolation[] }>;
}

const emptyTotals = (): BacktestTotals => ({ held: 0, alerted: 0, not_triggered: 0, errors: 0, segments: {} });

export function backtestScenario(options: BacktestOptions): Result<BacktestReport, TransactionViolation[]> {
  const engineOf = (s: ScenarioDefinition | CompiledScenario) =>
    createScenarioEngine({
      scenarios: [s],
      ...(options.lookups ? { lookups: options.lookups } : {}),
      ...(options.screener ? { screener: options.screener } : {}),
    });
  const cand = engineOf(options.candidate);
  if (!cand.ok) return cand;
  const force = options.inForce ? engineOf(options.inForce) : undefined;
  if (force && !force.ok) return force;
  const sorted = [...options.transactions].sort(
    (a, b) => Date.parse(a.occurred_at) - Date.parse(b.occurred_at) || a.external_identifier.localeCompare(b.external_identifier),
  );
  const history = options.history ?? InMemoryHistory.from(sorted.map((t) => toHistoryRecord(t, t.customer_identifier)));
  const customerOf = options.customer ?? ((identifier: string) => ({ identifier }));
  const report: BacktestReport = {
    candidate: (cand.value.scenarios[0] as CompiledScenario).ref,
    in_force: force ? (force.value.scenarios[0] as CompiledScenario).ref : null,
    evaluated: 0,
    candidate_totals: emptyTotals(),
    in_force_totals: force ? emptyTotals() : null,
    newly_held: [],
    no_longer_held: [],
    held_by_both: [],
    errors: [],
  };
  const tally = (totals: BacktestTotals, e: { outcome: string; triggered_segment: { identifiers: string[]; name: string; outcome: string } | null }) => {
    if (e.outcome === 'ERROR') totals.errors++;
    else if (!e.triggered_segment) totals.not_triggered++;
    else {
      if (e.triggered_segment.outcome === 'HOLD') totals.held++;
      else totals.alerted++;
      const id = e.triggered_segment.identifiers[0] ?? e.triggered_segment.name; // a hosted-language set may name no segment
      totals.segments[id] = (totals.segments[id] ?? 0) + 1;
    }
  };
  for (const tx of sorted) {
    const ctx = { customer: customerOf(tx.customer_identifier), history, clock: options.clock, ids: options.ids };
    const c = cand.value.evaluateStored(tx, ctx).scenario_evaluations[0];
    if (!c) continue;
    report.evaluated++;
    tally(report.candidate_totals, c);
    if (c.outcome === 'ERROR') report.errors.push({ external_identifier: tx.external_identifier, problems: c.problems });
    const f = force?.value.evaluateStored(tx, ctx).scenario_evaluations[0];
    if (f && report.in_force_totals) tally(report.in_force_totals, f);
    const candHeld = c.outcome === 'HOLD';
    const forceHeld = f?.outcome === 'HOLD';
    if (candHeld && forceHeld) report.held_by_both.push(tx.external_identifier);
    else if (candHeld) report.newly_held.push(tx.external_identifier);
    else if (forceHeld) report.no_longer_held.push(tx.external_identifier);
  }
  return { ok: true, value: report };
}
