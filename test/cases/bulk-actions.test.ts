import { describe, expect, it } from 'vitest';
import {
  CaseStoreConflictError,
  InMemoryAuditStore,
  InMemoryCaseStore,
  createCaseService,
  type CaseStore,
} from '../../src/cases/index.js';
import { fixedTransactionClock, sequentialTransactionIds } from '../../src/transactions/index.js';
import { ANALYST, CUSTOMER, STORE_KINDS, U, must, setup, type Setup } from './helpers.js';

async function openCases(s: Setup, n: number): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = must(
      await s.cases.addAlerts({
        case_type: 'TRANSACTION_MONITORING',
        customer: { ...CUSTOMER, identifier: U(3000 + i) },
        alerts: [{ priority: 4, risk_source: 'TRANSACTION_MONITORING', type: 'TRANSACTION_MONITORING', title: `a${i}` }],
      }),
    );
    out.push(r.case!.identifier);
  }
  return out;
}

describe.each(STORE_KINDS)('bulk actions over the %s stores', (kind) => {
  it('bulk assign gives a result per case; an unknown case fails alone', async () => {
    const s = setup(kind);
    const [a, b] = await openCases(s, 2);
    const r = must(await s.cases.bulkAssign({ payload: { assignee: U(77), note: null }, query: { identifier: [a, U(4040), b] } }, ANALYST));
    expect(r.results).toEqual([
      { identifier: a, success: true, errors: null },
      { identifier: U(4040), success: false, errors: [{ message: `no case ${U(4040)}`, detail: 'CASE_NOT_FOUND (Not Found)' }] },
      { identifier: b, success: true, errors: null },
    ]);
    for (const id of [a!, b!]) expect(must(await s.cases.getCase(id)).assignee).toBe(U(77));
  });

  it('bulk assign with a note records a CASE_ASSIGNMENT note on each case', async () => {
    const s = setup(kind);
    const [a] = await openCases(s, 1);
    must(await s.cases.bulkAssign({ payload: { assignee: U(77), note: 'Weekend rota' }, query: { identifier: [a] } }, ANALYST));
    expect(must(await s.cases.listNotes(a!))).toEqual([
      expect.objectContaining({ type: 'CASE_ASSIGNMENT', contents: 'Weekend rota', current_assignee: U(77), previous_assignee: null }),
    ]);
  });

  it('bulk note adds the note to every case, duplicates once', async () => {
    const s = setup(kind);
    const ids = await openCases(s, 3);
    const r = must(await s.cases.bulkNote({ payload: { note: 'Batch review 2026-Q1' }, query: { identifier: [...ids, ids[0]!] } }, ANALYST));
    expect(r.results!.map((x) => [x.identifier, x.success])).toEqual(ids.map((id) => [id, true]));
    for (const id of ids) expect(must(await s.cases.listNotes(id)).map((n) => n.contents)).toEqual(['Batch review 2026-Q1']);
  });

  it('a bulk action on exactly 100 cases is accepted', async () => {
    const s = setup(kind);
    const ids = await openCases(s, 100);
    const r = must(await s.cases.bulkNote({ payload: { note: 'x' }, query: { identifier: ids } }, ANALYST));
    expect(r.results!.filter((x) => x.success)).toHaveLength(100);
  });

  it.each([
    ['101 case identifiers', { payload: { assignee: null }, query: { identifier: Array.from({ length: 101 }, (_, i) => U(i + 1)) } }, 'MAX_SIZE_LIMIT_REACHED'],
    ['no case identifiers', { payload: { assignee: null }, query: { identifier: [] } }, 'MIN_SIZE_LIMIT_REACHED'],
    ['a non-UUID identifier', { payload: { assignee: null }, query: { identifier: ['case-1'] } }, 'INVALID_IDENTIFIER'],
    ['a missing payload', { query: { identifier: [U(1)] } }, 'MANDATORY_COLUMN_MISSING'],
    ['a 5001-character note', { payload: { assignee: null, note: 'x'.repeat(5001) }, query: { identifier: [U(1)] } }, 'MAX_SIZE_LIMIT_REACHED'],
  ])('bulk assign with %s is refused as a whole', async (_n, body, code) => {
    const s = setup(kind);
    const r = await s.cases.bulkAssign(body, ANALYST);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.status).toBe(400);
      expect(r.error.errors.map((e) => e.code)).toContain(code);
    }
  });

  it.each([
    ['a missing note', { payload: {}, query: { identifier: [U(1)] } }, 'MANDATORY_COLUMN_MISSING'],
    ['a 5001-character note', { payload: { note: 'x'.repeat(5001) }, query: { identifier: [U(1)] } }, 'MAX_SIZE_LIMIT_REACHED'],
  ])('bulk note with %s is refused as a whole', async (_n, body, code) => {
    const s = setup(kind);
    const r = await s.cases.bulkNote(body, ANALYST);
    expect(!r.ok && r.error.errors.map((e) => e.code)).toContain(code);
  });

  it('a blank bulk note fails per case with a message and detail', async () => {
    const s = setup(kind);
    const [a] = await openCases(s, 1);
    const r = must(await s.cases.bulkNote({ payload: { note: '  ' }, query: { identifier: [a] } }, ANALYST));
    expect(r.results).toEqual([{ identifier: a, success: false, errors: [{ message: 'note must not be empty', detail: 'MIN_SIZE_LIMIT_REACHED (Bad Request)' }] }]);
  });
});

/** A store that fails commits touching one case, or conflicts a number of times. */
function faultyStore(inner: CaseStore, opts: { throwFor?: string; conflicts?: number }): CaseStore {
  let conflicts = opts.conflicts ?? 0;
  return new Proxy(inner, {
    get(target, prop, recv) {
      if (prop !== 'commit') return Reflect.get(target, prop, recv);
      return async (ops: Parameters<CaseStore['commit']>[0]) => {
        if (opts.throwFor && ops.some((o) => o.type === 'update_case' && o.case.identifier === opts.throwFor)) throw new Error('disk full');
        if (ops.some((o) => o.type === 'update_case') && conflicts > 0) {
          conflicts--;
          throw new CaseStoreConflictError('simulated concurrent change');
        }
        return target.commit(ops);
      };
    },
  });
}

describe('bulk actions and concurrency', () => {
  const make = (store: CaseStore) =>
    createCaseService({ cases: store, audit: new InMemoryAuditStore(), clock: fixedTransactionClock('2026-03-01T00:00:00Z', 1), ids: sequentialTransactionIds('0000bbbb') });
  const open = async (svc: ReturnType<typeof make>, n: number) => {
    const out: string[] = [];
    for (let i = 0; i < n; i++)
      out.push(
        must(
          await svc.addAlerts({
            case_type: 'CUSTOMER_MONITORING',
            customer: { identifier: U(100 + i), name: `C${i}` },
            alerts: [{ priority: 1, risk_source: 'CUSTOMER_SCREENING', type: 'MONITORING', title: 't' }],
          }),
        ).case!.identifier,
      );
    return out;
  };

  it('a storage failure on one case never blocks the others', async () => {
    const inner = new InMemoryCaseStore();
    const seed = make(inner);
    const ids = await open(seed, 3);
    const svc = make(faultyStore(inner, { throwFor: ids[1]! }));
    const r = must(await svc.bulkAssign({ payload: { assignee: U(9) }, query: { identifier: ids } }, ANALYST));
    expect(r.results!.map((x) => x.success)).toEqual([true, false, true]);
    expect(r.results![1]!.errors).toEqual([{ message: 'disk full', detail: 'INTERNAL_ERROR' }]);
  });

  it('a concurrent modification is retried and then succeeds', async () => {
    const inner = new InMemoryCaseStore();
    const [id] = await open(make(inner), 1);
    const svc = make(faultyStore(inner, { conflicts: 2 }));
    expect(must(await svc.assignCase(id!, { assignee: U(9) }, ANALYST)).assignee).toBe(U(9));
  });

  it('persistent concurrent modification ends in a 409 CONFLICT problem', async () => {
    const inner = new InMemoryCaseStore();
    const [id] = await open(make(inner), 1);
    const svc = make(faultyStore(inner, { conflicts: 10 }));
    const r = await svc.assignCase(id!, { assignee: U(9) }, ANALYST);
    expect(!r.ok && [r.error.status, r.error.errors[0]!.code]).toEqual([409, 'CONFLICT']);
  });
});
