/**
 * Re-evaluating a stored transaction (an ERROR outcome evaluated again) keeps exactly one risk per
 * (transaction, scenario, triggered segment): a risk raised before is kept under its identifier, with the status and
 * risk types a reviewer gave it, and the re-evaluation's audit record refers to it. Same for every risk store.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import {
  InMemoryAuditSink,
  InMemoryHistory,
  InMemoryMuteStore,
  InMemoryRiskStore,
  InMemoryTransactionStore,
  createScenarioEngine,
  createTransactionService,
  fixedTransactionClock,
  sequentialTransactionIds,
  type HistoryPort,
  type RiskStore,
  type TransactionRiskDecision,
  type TransactionStore,
} from '../../src/transactions/index.js';
import { createSqliteRiskStore, createSqliteTransactionStore } from '../../src/transactions/sqlite/index.js';
import { createPostgresRiskStore, createPostgresTransactionStore } from '../../src/postgres/index.js';
import { describePg, testDatabase } from '../postgres/helpers.js';
import { ACTOR, CUSTOMER, DAILY, LARGE, bank } from './helpers.js';

const STORES: Array<[string, () => { transactions: TransactionStore; risks: RiskStore }]> = [
  ['memory', () => ({ transactions: new InMemoryTransactionStore(), risks: new InMemoryRiskStore() })],
  [
    'sqlite',
    () => {
      const db = new Database(':memory:');
      return { transactions: createSqliteTransactionStore(db), risks: createSqliteRiskStore(db) };
    },
  ],
];

function setup(stores: { transactions: TransactionStore; risks: RiskStore }) {
  const engine = createScenarioEngine({ scenarios: [LARGE, DAILY] });
  if (!engine.ok) throw new Error(JSON.stringify(engine.error));
  const real = new InMemoryHistory();
  const state = { down: true };
  const history: HistoryPort = { range: (...a) => (state.down ? (null as never) : real.range(...a)), append: (rec) => real.append(rec) };
  const audit = new InMemoryAuditSink();
  const service = createTransactionService({
    engine: engine.value,
    ...stores,
    mutes: new InMemoryMuteStore(),
    audit,
    history,
    clock: fixedTransactionClock('2026-06-01T12:00:00Z', 1000),
    ids: sequentialTransactionIds('ffffffff'),
  });
  return { service, audit, real, state, ...stores };
}

interface Row {
  name: string;
  amount: number;
  /** History up (true) or down (false) at each re-evaluation, in order. */
  passes: boolean[];
  /** A reviewer's decision on the first risk before the re-evaluations (none when undefined). */
  reviewed?: TransactionRiskDecision;
  /** Risks stored at the end, by scenario name. */
  risks: Record<string, number>;
  outcome: 'ERROR' | 'HOLD';
}

const ROWS: Row[] = [
  { name: 'evaluated again twice while still failing', amount: 5000, passes: [false, false], risks: { Large: 1 }, outcome: 'ERROR' },
  { name: 'evaluated again once the history is back', amount: 5000, passes: [true], risks: { Large: 1 }, outcome: 'HOLD' },
  { name: 'failing again, then with the history back (a new scenario triggers)', amount: 40000, passes: [false, true], risks: { Large: 1, 'Daily sum': 1 }, outcome: 'HOLD' },
  { name: 'after a reviewer marked the risk TRUE_POSITIVE', amount: 5000, passes: [false, true], reviewed: 'TRUE_POSITIVE', risks: { Large: 1 }, outcome: 'HOLD' },
  { name: 'after a reviewer marked the risk FALSE_POSITIVE', amount: 40000, passes: [true], reviewed: 'FALSE_POSITIVE', risks: { Large: 1, 'Daily sum': 1 }, outcome: 'HOLD' },
];

/** Submit a transaction that errs with a risk raised, (review it,) re-evaluate it as the row says, check the risks. */
async function check(row: Row, stores: { transactions: TransactionStore; risks: RiskStore }) {
  const s = setup(stores);
  const r = await s.service.submit(bank({ id: 'x', amount: row.amount }), { identifier: CUSTOMER });
  if (!r.ok) throw new Error('submit');
  expect(r.value.evaluation_outcome).toBe('ERROR');
  const id = r.value.transaction.identifier as string;
  const first = r.value.risks[0]?.identifier as string;
  expect(r.value.risks.map((k) => k.detail.scenario.name)).toEqual(['Large']);
  if (row.reviewed) {
    expect((await s.service.updateRiskStatus(first, { decision: row.reviewed }, ACTOR)).ok).toBe(true);
    expect((await s.service.setRiskTypes(first, { risk_types: ['r_fraud'] })).ok).toBe(true);
  }

  let last = r.value;
  for (const up of row.passes) {
    s.state.down = !up;
    const again = await s.service.reevaluate(id, { identifier: CUSTOMER });
    if (!again.ok) throw new Error(JSON.stringify(again.error));
    last = again.value;
  }
  expect(last.evaluation_outcome).toBe(row.outcome);

  const stored = (await s.risks.list({ page_number: 1, page_size: 100 })).items;
  const byScenario: Record<string, number> = {};
  for (const k of stored) byScenario[k.risk.detail.scenario.name] = (byScenario[k.risk.detail.scenario.name] ?? 0) + 1;
  expect(byScenario).toEqual(row.risks);

  // The risk raised first is the current one, with what a reviewer gave it.
  const kept = await s.risks.get(first);
  expect(kept && [kept.decision, kept.risk_types]).toEqual(row.reviewed ? [row.reviewed, ['r_fraud']] : ['NOT_REVIEWED', []]);
  // The result and the audit record of the last re-evaluation name the stored risks, nothing else.
  const storedIds = stored.map((k) => k.risk.identifier).sort();
  expect(last.risks.map((k) => k.identifier).sort()).toEqual(storedIds);
  expect(last.alerts.map((a) => a.risk_identifier).sort()).toEqual(storedIds);
  expect(last.scenario_evaluations.flatMap((e) => (e.risk_identifier ? [e.risk_identifier] : [])).sort()).toEqual(storedIds);
  const trail = await s.service.auditOf(id);
  const monitored = trail.filter((a) => a.type === 'TRANSACTION_MONITORED');
  expect(monitored).toHaveLength(1 + row.passes.length);
  const lastMonitored = monitored[monitored.length - 1];
  expect(lastMonitored?.type === 'TRANSACTION_MONITORED' && [...lastMonitored.detail.risk_identifiers].sort()).toEqual(storedIds);
  const reviews = s.audit.records.filter((a) => a.type === 'RISK_STATUS_UPDATED' && a.detail.risk.identifier === first);
  expect(reviews).toHaveLength(row.reviewed ? 1 : 0);
  expect(trail.filter((a) => a.type === 'TRANSACTION_RECEIVED')).toHaveLength(1);
  // The transaction is counted once in the history however often it is evaluated.
  expect(s.real.size).toBe(1);
}

const TITLE = 'keeps one risk per transaction, scenario and segment: $name';

describe.each(STORES)('re-evaluating a stored transaction (%s)', (_store, make) => {
  it.each(ROWS)(TITLE, (row) => check(row, make()));
});

describePg('re-evaluating a stored transaction (postgres)', () => {
  const database = testDatabase();
  it.each(ROWS)(TITLE, async (row) => {
    const db = await database.open();
    await db.reset();
    await check(row, { transactions: createPostgresTransactionStore(db.pool), risks: createPostgresRiskStore(db.pool) });
  });
});
