import { describe, expect, it } from 'vitest';
import {
  InMemoryHistoryStore,
  evaluateWithHistoryStore,
  fixedTransactionClock,
  historyAggregateConformance,
  sequentialTransactionIds,
  type EvaluationResult,
  type HistoryAggregateRequest,
  type HistoryStore,
  type HistoryWindow,
} from '../../src/transactions/index.js';
import { generateHistory, wholeLibraryEngine, type GeneratedCase } from './generated-history.js';

describe('HistoryStore.aggregate conformance (in memory)', () => {
  for (const c of historyAggregateConformance) it(c.name, () => c.run(() => new InMemoryHistoryStore()));
});

/** A store that records what it was asked; without `aggregate` when `rows` (every window is loaded). */
function observed(store: HistoryStore, rows: boolean) {
  const windows: HistoryWindow[] = [];
  const requests: HistoryAggregateRequest[] = [];
  const s: HistoryStore = {
    load: (w) => (windows.push(...w), store.load(w)),
    append: (r) => store.append(r),
    ...(rows || !store.aggregate ? {} : { aggregate: (q: readonly HistoryAggregateRequest[]) => (requests.push(...q), (store.aggregate as NonNullable<HistoryStore['aggregate']>)(q)) }),
  };
  return { store: s, windows, requests };
}

const engine = wholeLibraryEngine();

export async function evaluateCase(store: HistoryStore, c: GeneratedCase): Promise<EvaluationResult> {
  return evaluateWithHistoryStore(store, (history) => {
    const r = engine.evaluate(c.tx, {
      customer: c.customer,
      history,
      clock: fixedTransactionClock('2026-06-01T12:00:00Z'),
      ids: sequentialTransactionIds('eeeeeeee'),
    });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    return r.value;
  });
}

describe('computed aggregates against the row path (in memory)', () => {
  it('the whole library (tamis format and hosted examples) gives the same outcomes, segments, priorities and traced values both ways', async () => {
    const { records, evaluations } = generateHistory();
    const store = new InMemoryHistoryStore();
    for (const r of records) await store.append(r);
    const rows = observed(store, true);
    const computed = observed(store, false);
    const triggered = new Set<string>();
    for (const c of evaluations) {
      const a = await evaluateCase(rows.store, c);
      const b = await evaluateCase(computed.store, c);
      expect(JSON.stringify(b)).toBe(JSON.stringify(a));
      for (const e of a.scenario_evaluations) if (e.triggered_segment) triggered.add(e.scenario.name);
    }
    // The comparison means something: scenarios that aggregate did trigger, and aggregates replaced windows.
    expect(triggered.size).toBeGreaterThanOrEqual(8);
    expect(computed.requests.length).toBeGreaterThan(evaluations.length);
    expect(computed.windows.length).toBeLessThan(rows.windows.length);
  });
});
