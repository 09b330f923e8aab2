import {
  compileHostedScenario,
  createScenarioEngine,
  type EvaluationContext,
  type EvaluationResult,
  type TransactionCustomerContext,
  type TransactionInput,
} from '../../../src/transactions/index.js';
import { evaluate } from '../helpers.js';

/** A bare hosted document: one set for all customers (HOLD, priority 3) unless `segments` is given. */
export function doc(specification: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Test scenario',
    segments: [{ identifiers: [], name: 'All customers', values: {}, outcome: { action: 'HOLD', alert_priority: 3 } }],
    parameters: {},
    specification,
    ...extra,
  };
}

export const field = (value: string, datatype = 'string', dflt?: unknown) => ({
  type: 'field',
  value,
  datatype,
  ...(dflt !== undefined ? { default: dflt } : {}),
});
export const constant = (value: unknown, datatype = typeof value === 'number' ? 'number' : 'string', name?: string) => ({
  type: 'constant',
  value,
  datatype,
  ...(name ? { name } : {}),
});
export const AMOUNT = field('transaction.monetary_details.base_value.amount', 'number');

/** Evaluate `tx` against the hosted document(s); throws when a document does not load. */
export function run(
  docs: unknown | unknown[],
  tx: TransactionInput,
  past: Array<TransactionInput | [string, TransactionInput]> = [],
  customer: Partial<TransactionCustomerContext> = {},
  extra: Partial<EvaluationContext> = {},
): EvaluationResult {
  const engine = createScenarioEngine({ scenarios: Array.isArray(docs) ? docs : [docs] });
  if (!engine.ok) throw new Error(`scenario does not load: ${JSON.stringify(engine.error)}`);
  return evaluate(engine.value, tx, past, customer, extra);
}

/** Load problems of a document (empty when it loads), paths from the document root. */
export function problemsOf(d: unknown): Array<{ code: string; path: string; message: string }> {
  const r = compileHostedScenario(d);
  return r.ok ? [] : r.error;
}
