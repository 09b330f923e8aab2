/**
 * Transactions, review decisions and scenarios with arbitrary and mutated input: never a throw; a success of the
 * documented shape or a problem detail with a status and stable codes (at most 100); afterwards the stores agree
 * with what was answered (one stored transaction per accepted submission, one audit trail each, one decision
 * record per decided transaction, history fed once per accepted submission).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  HOSTED_SCENARIO_LIBRARY,
  SCENARIO_LIBRARY,
  compileScenario,
  loadHostedScenario,
  createLibraryEngine,
  createTransactionService,
  fixedTransactionClock,
  sequentialTransactionIds,
  validateTransactionShape,
  type TransactionProblemDetail,
} from '../../src/transactions/index.js';
import { memoryPorts } from '../transactions/helpers.js';
import { transactionInput } from '../transactions/samples.js';
import { anyValue, hostileNumber, inputLike } from './arbitraries.js';
import { check, checkAsync, runs } from './harness.js';

const CODE = /^[A-Z0-9_]+$/;

function expectProblem(e: TransactionProblemDetail): void {
  expect(e.status).toBeGreaterThanOrEqual(400);
  expect(e.status).toBeLessThan(600);
  expect(e.errors.length).toBeLessThanOrEqual(100);
  for (const v of e.errors) expect(v.code).toMatch(CODE);
}

const sample = { ...transactionInput, occurred_at: '2026-03-01T10:00:00Z' };
/** A valid transaction with a hostile amount, or a mutated one. */
const transaction = fc.oneof(
  { weight: 3, arbitrary: inputLike(sample) },
  { weight: 1, arbitrary: hostileNumber.map((amount) => ({ ...sample, details: { ...sample.details, base_value: { amount, currency: 'EUR' } } })) },
);

describe('transactions', () => {
  it('validateTransactionShape: the input, or at most 100 violations with stable codes', () => {
    check('validateTransactionShape', transaction, runs(150), (t) => {
      const r = validateTransactionShape('transaction', t, 'input');
      if (!r.ok) {
        expect(r.error.length).toBeLessThanOrEqual(100);
        for (const v of r.error) expect(v.code).toMatch(CODE);
      } else expect(r.value).toBe(t);
    });
  });

  it('submit and decide against the library scenarios; the stores agree with the answers', async () => {
    const engine = createLibraryEngine();
    if (!engine.ok) throw new Error('engine');
    const step = fc.record({
      tx: transaction,
      id: fc.integer({ min: 0, max: 5 }),
      decision: fc.oneof(inputLike({ review_decision: 'RELEASE' }), fc.constant({ review_decision: 'REJECT' })),
      target: fc.oneof(fc.constant('last'), anyValue),
    });
    await checkAsync('transactions.submit+decide', fc.array(step, { minLength: 1, maxLength: 6 }), runs(30), async (steps) => {
      const ports = memoryPorts();
      const svc = createTransactionService({ engine: engine.value, ...ports, clock: fixedTransactionClock('2026-03-02T00:00:00Z', 1000), ids: sequentialTransactionIds() });
      let accepted = 0;
      let last: string | null = null;
      for (const s of steps) {
        const tx = s.tx !== null && typeof s.tx === 'object' && !Array.isArray(s.tx) ? { ...(s.tx as object), external_identifier: `tx-${s.id}` } : s.tx;
        const r = await svc.submit(tx, { identifier: '00000000-0000-4000-8000-0000000000c1' });
        if (r.ok) {
          accepted++;
          last = r.value.transaction.identifier;
          expect(['ALLOW', 'HOLD', 'ERROR']).toContain(r.value.evaluation_outcome);
        } else expectProblem(r.error);
        const target = s.target === 'last' ? last : s.target;
        const d = await svc.decide(target as string, s.decision, { account_identifier: '00000000-0000-4000-8000-0000000000a1', user_identifier: '00000000-0000-4000-8000-0000000000a2' });
        if (!d.ok) expectProblem(d.error);
      }
      const stored = await ports.transactions.list();
      expect(stored.length).toBe(accepted);
      expect(new Set(stored.map((t) => t.external_identifier)).size).toBe(accepted);
      expect(ports.history.size).toBe(accepted);
      const types = ports.audit.records.map((a) => a.type);
      expect(types.filter((t) => t === 'TRANSACTION_RECEIVED').length).toBe(accepted);
      const decided = stored.filter((t) => t.review_decision === 'RELEASE' || t.review_decision === 'REJECT').length;
      expect(types.filter((t) => t === 'TRANSACTION_RELEASE_DECISION').length).toBe(decided);
      for (const t of stored) expect(validateTransactionShape('transaction', t, 'output').ok).toBe(true);
    });
  });

  it('compileScenario: a compiled scenario or INVALID_SCENARIO-style violations', () => {
    const scenario = fc.constantFrom(...SCENARIO_LIBRARY).chain((s) => inputLike(s));
    check('compileScenario', scenario, runs(100), (def) => {
      const r = compileScenario(def, { lookups: { 'high-risk-countries': ['IR', 'KP'] } });
      if (!r.ok) for (const v of r.error) expect(v.code).toMatch(CODE);
    });
  });

  it('loadHostedScenario: a scenario in the hosted language or violations with their node', () => {
    const doc = fc.constantFrom(...HOSTED_SCENARIO_LIBRARY).chain((d) => inputLike(d));
    check('loadHostedScenario', doc, runs(100), (d) => {
      const r = loadHostedScenario(d);
      if (!r.ok) for (const v of r.error) expect(v.code).toMatch(CODE);
    });
  });
});
