import { describe, expect, it } from 'vitest';
import {
  InMemoryAuditSink,
  InMemoryHistory,
  InMemoryHistoryStore,
  InMemoryMuteStore,
  InMemoryRiskStore,
  InMemoryTransactionStore,
  createLibraryEngine,
  createTransactionService,
  fixedTransactionClock,
  historyStoreConformance,
  sequentialTransactionIds,
  type HistoryPort,
  type HistoryStore,
} from '../../src/transactions/index.js';
import { CUSTOMER, DAY, HOUR, bank } from './helpers.js';

describe('HistoryStore conformance (in memory)', () => {
  for (const c of historyStoreConformance) it(c.name, () => c.run(() => new InMemoryHistoryStore()));
});

function service(history: HistoryPort | HistoryStore) {
  const engine = createLibraryEngine();
  if (!engine.ok) throw new Error('engine');
  return createTransactionService({
    engine: engine.value,
    transactions: new InMemoryTransactionStore(),
    risks: new InMemoryRiskStore(),
    mutes: new InMemoryMuteStore(),
    audit: new InMemoryAuditSink(),
    history,
    clock: fixedTransactionClock('2026-06-01T12:00:00Z', 1000),
    ids: sequentialTransactionIds('abababab'),
  });
}

describe('evaluation against an asynchronous history store', () => {
  it('gives exactly the results of the synchronous history (outcomes, risks, identifiers) over the whole library', async () => {
    const sync = service(new InMemoryHistory());
    const store = new InMemoryHistoryStore();
    const loads: number[] = [];
    const counting: HistoryStore = {
      load: (w) => (loads.push(w.length), store.load(w)),
      append: (r) => store.append(r),
    };
    const async_ = service(counting);
    let held = 0;
    for (let i = 0; i < 60; i++) {
      const input = bank({
        id: `h-${i}`,
        t: i * 5 * HOUR + (i % 3) * DAY,
        amount: [90, 9_500, 250, 14_000, 3_000][i % 5] as number,
        direction: i % 4 === 0 ? 'INBOUND' : 'OUTBOUND',
        counterparty: `cp-${i % 3}`,
        country: i % 7 === 0 ? 'IR' : 'FR',
      });
      const a = await sync.submit(input, { identifier: CUSTOMER });
      const b = await async_.submit(input, { identifier: CUSTOMER });
      expect(JSON.stringify(b)).toBe(JSON.stringify(a));
      if (a.ok && a.value.transaction.evaluation_outcome === 'HOLD') held++;
    }
    expect(held).toBeGreaterThan(0);
    expect(loads.length).toBeGreaterThan(0);
  });

  it('reads only the windows the scenarios ask for, in few passes', async () => {
    const store = new InMemoryHistoryStore();
    const passes: string[][] = [];
    const s = service({ load: (w) => (passes.push(w.map((x) => `${x.scope}:${x.key}`)), store.load(w)), append: (r) => store.append(r) });
    await s.submit(bank({ id: 'only', amount: 500, counterparty: 'cp-9' }), { identifier: CUSTOMER });
    expect(passes.length).toBeGreaterThanOrEqual(1);
    expect(passes.length).toBeLessThanOrEqual(3);
    for (const w of passes.flat()) expect(['customer:' + CUSTOMER, 'counterparty:id:cp-9', 'all:null']).toContain(w);
  });
});
