import { describe, expect, it } from 'vitest';
import {
  InMemoryAuditSink,
  InMemoryCustomerRecords,
  InMemoryHistory,
  InMemoryMuteStore,
  InMemoryRiskStore,
  InMemoryTransactionStore,
  compileHostedScenario,
  composeScenarioDocument,
  createBlockRegistry,
  createScenarioEngine,
  createTransactionService,
  customerRecordStoreConformance,
  fixedTransactionClock,
  sequentialTransactionIds,
} from '../../../src/transactions/index.js';
import { CUSTOMER, bank, evaluate } from '../helpers.js';
import { AMOUNT, constant, doc, field, problemsOf, run } from './fixtures.js';

const SET = (values: Record<string, unknown>, action = 'HOLD', priority: unknown = 2, identifiers: string[] = []) => ({
  identifiers,
  name: `${action} ${priority}`,
  values,
  outcome: { action, alert_priority: priority },
});
const OVER = { greater_than: [AMOUNT, { type: 'segment_parameter', value: 'limit', name: 'Limit', format: 'number' }] };
const SEG_A = '0a000000-0000-4000-8000-00000000000a';
const SEG_B = '0b000000-0000-4000-8000-00000000000b';

describe('hosted language: loading and validation errors point at the node', () => {
  const CASES: Array<{ name: string; doc: unknown; code: string; path: string }> = [
    { name: 'comparing a string with a number', doc: doc({ and: [{ equals: [AMOUNT, constant('hello')] }] }), code: 'TYPE_MISMATCH', path: '$.specification.and[0]' },
    { name: 'arithmetic on strings', doc: doc({ equals: [{ subtract: [field('transaction.monetary_details.value.iso_3_currency_code'), constant('x')] }, constant(1)] }), code: 'TYPE_MISMATCH', path: '$.specification.equals[0].subtract[0]' },
    { name: 'ordering booleans', doc: doc({ greater_than: [constant(true, 'boolean'), constant(false, 'boolean')] }), code: 'TYPE_MISMATCH', path: '$.specification' },
    { name: 'any_of a number in a list of strings', doc: doc({ any_of: [AMOUNT, { type: 'constant_list', datatype: 'string', values: ['a'] }] }), code: 'TYPE_MISMATCH', path: '$.specification' },
    { name: 'regex on a number', doc: doc({ regex_match: { text: AMOUNT, pattern: 'x' } }), code: 'TYPE_MISMATCH', path: '$.specification.regex_match.text' },
    { name: 'an invalid regex', doc: doc({ regex_match: { text: field('transaction.monetary_details.reference_text', 'string', ''), pattern: '(?i)[a-' } }), code: 'INVALID_REGEX', path: '$.specification.regex_match.pattern' },
    { name: 'an unknown operator', doc: doc({ or: [{ roughly_equals: [AMOUNT, constant(1)] }] }), code: 'UNKNOWN_OPERATOR', path: '$.specification.or[0]' },
    { name: 'an unknown value type', doc: doc({ equals: [AMOUNT, { type: 'magic', value: 1 }] }), code: 'UNKNOWN_VALUE_TYPE', path: '$.specification.equals[1].type' },
    { name: 'an unknown block', doc: doc({ equals: [{ type: 'block', value: 'moon-phase', datatype: 'number' }, constant(1)] }), code: 'UNKNOWN_BLOCK', path: '$.specification.equals[0].value' },
    { name: 'a datatype named after a built-in (constructor)', doc: doc({ equals: [AMOUNT, constant(1, 'constructor')] }), code: 'INVALID_SCENARIO', path: '$.specification.equals[1].datatype' },
    { name: 'a datatype that is an object without prototype', doc: doc({ equals: [field('transaction.monetary_details.base_value.amount', Object.create(null) as never), constant(1)] }), code: 'INVALID_SCENARIO', path: '$.specification.equals[0].datatype' },
    { name: 'an operator named after a built-in (toString)', doc: doc({ toString: [AMOUNT, constant(1)] }), code: 'UNKNOWN_OPERATOR', path: '$.specification' },
    { name: 'an unknown path namespace', doc: doc({ equals: [field('account.balance', 'number'), constant(1)] }), code: 'UNKNOWN_FIELD_PATH', path: '$.specification.equals[0].value' },
    { name: 'a constant that is not its datatype', doc: doc({ equals: [AMOUNT, constant('ten', 'number')] }), code: 'TYPE_MISMATCH', path: '$.specification.equals[1].value' },
    { name: 'a set without a value for a segment parameter', doc: doc(OVER, { segments: [SET({ other: 1 })] }), code: 'MISSING_SEGMENT_VALUE', path: '$.segments[0].values' },
    { name: 'a segment value that is not its format', doc: doc(OVER, { segments: [SET({ limit: 'lots' })] }), code: 'TYPE_MISMATCH', path: '$.segments[0].values.limit' },
    { name: 'a priority out of 1 to 9', doc: doc(OVER, { segments: [SET({ limit: 1 }, 'HOLD', 12)] }), code: 'INVALID_SCENARIO', path: '$.segments[0].outcome.alert_priority' },
    { name: 'an unknown action', doc: doc(OVER, { segments: [SET({ limit: 1 }, 'BLOCK')] }), code: 'INVALID_SCENARIO', path: '$.segments[0].outcome.action' },
    {
      name: 'exclude_current_day on a day window',
      doc: doc({ greater_than: [{ type: 'aggregation', value: { aggregate: 'count', window: 1, window_unit: 'day', exclude_current_day: true } }, constant(1)] }),
      code: 'INVALID_SCENARIO',
      path: '$.specification.greater_than[0].value.exclude_current_day',
    },
    {
      name: 'an unknown aggregate',
      doc: doc({ greater_than: [{ type: 'aggregation', value: { aggregate: 'median', target_field: 'amount', window: 1, window_unit: 'day' } }, constant(1)] }),
      code: 'INVALID_SCENARIO',
      path: '$.specification.greater_than[0].value.aggregate',
    },
    {
      name: 'a sum of strings',
      doc: doc({ greater_than: [{ type: 'aggregation', value: { aggregate: 'sum', target_field: 'currency', window: 1, window_unit: 'day' } }, constant(1)] }),
      code: 'TYPE_MISMATCH',
      path: '$.specification.greater_than[0].value.target_field',
    },
    { name: 'a bad risk subject grouping', doc: doc({ equals: [AMOUNT, constant(1)] }, { parameters: { risk_subject_grouping: 'ACCOUNT' } }), code: 'INVALID_SCENARIO', path: '$.parameters.risk_subject_grouping' },
    {
      name: 'an error in a wrapped document is pointed at inside the wrapper',
      doc: { name: 'w', specification: { value: { segments: [], specification: { equals: [AMOUNT, constant('x')] } } } },
      code: 'TYPE_MISMATCH',
      path: '$.specification.value.specification',
    },
  ];
  for (const c of CASES) {
    it(`${c.name}: ${c.code} at ${c.path}`, () => {
      expect(problemsOf(c.doc)).toContainEqual(expect.objectContaining({ code: c.code, path: c.path }));
    });
  }

  it('reports every problem, not only the first', () => {
    expect(problemsOf(doc({ and: [{ equals: [AMOUNT, constant('a')] }, { less_than: [AMOUNT, constant('b')] }] }))).toHaveLength(2);
  });

  it('the engine prefixes the scenario position', () => {
    const e = createScenarioEngine({ scenarios: [doc({ equals: [AMOUNT, constant('a')] })] });
    expect(!e.ok && e.error[0]?.path).toBe('scenarios[0].specification');
  });

  it('bare and wrapped documents evaluate alike', () => {
    const body = { segments: [SET({ limit: '50' })], parameters: { risk_subject_grouping: 'CUSTOMER' }, specification: OVER };
    const bare = run({ name: 'bare', ...body }, bank({ amount: 60 }));
    const wrapped = run({ name: 'wrapped', description: 'd', specification: { value: body } }, bank({ amount: 60 }));
    expect(bare.evaluation_outcome).toBe('HOLD');
    expect(wrapped.evaluation_outcome).toBe('HOLD');
    expect(wrapped.risks[0]?.detail.triggered_segment).toEqual(bare.risks[0]?.detail.triggered_segment);
    expect(wrapped.alerts[0]?.risk_subject_groupings).toEqual(['CUSTOMER']);
  });

  it('a document without an identifier gets a stable one from its name', () => {
    const a = compileHostedScenario(doc(OVER, { segments: [SET({ limit: 1 })] }));
    const b = compileHostedScenario(doc(OVER, { segments: [SET({ limit: 2 })] }));
    expect(a.ok && b.ok && a.value.ref.identifier === b.value.ref.identifier).toBe(true);
    expect(a.ok && a.value.ref.identifier).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('hosted language: segment sets and outcomes', () => {
  const scenario = doc(OVER, {
    segments: [SET({ limit: 1000 }, 'HOLD', 1, [SEG_A]), { ...SET({ limit: 5000 }, 'ALLOW', 5), segment_identifiers: [SEG_B], identifiers: undefined }, SET({ limit: 9000 }, 'HOLD', 7)],
  });
  const CASES: Array<{ name: string; amount: number; segments: string[]; outcome: string; priority: number | null; identifiers?: string[] }> = [
    { name: 'the first set of the customer’s segment that holds triggers', amount: 2000, segments: [SEG_A], outcome: 'HOLD', priority: 1, identifiers: [SEG_A] },
    { name: 'sets of other segments are skipped (older segment_identifiers)', amount: 6000, segments: [SEG_B], outcome: 'ALLOW', priority: 5, identifiers: [SEG_B] },
    { name: 'a set without identifiers applies to every customer', amount: 9500, segments: [], outcome: 'HOLD', priority: 7, identifiers: [] },
    { name: 'later sets are tried when earlier ones do not hold', amount: 9500, segments: [SEG_B], outcome: 'ALLOW', priority: 5 },
    { name: 'nothing triggers under every limit', amount: 500, segments: [SEG_A, SEG_B], outcome: 'ALLOW', priority: null },
  ];
  for (const c of CASES) {
    it(c.name, () => {
      const r = run(scenario, bank({ amount: c.amount }), [], { segments: c.segments });
      expect(r.evaluation_outcome).toBe(c.outcome);
      expect(r.risks[0]?.detail.triggered_segment.priority ?? null).toBe(c.priority);
      if (c.identifiers) expect(r.risks[0]?.detail.triggered_segment.identifiers).toEqual(c.identifiers);
    });
  }

  it('an ALLOW set raises a risk without holding', () => {
    const r = run(scenario, bank({ amount: 6000 }), [], { segments: [SEG_B] });
    expect(r.risks).toHaveLength(1);
    expect(r.transaction.review_decision).toBe('NOT_APPLICABLE');
  });

  it('a mute naming the set’s segment identifier mutes the alert only', () => {
    const compiled = compileHostedScenario(scenario);
    if (!compiled.ok) throw new Error('load');
    const mute = { id: 'm1', created_at: '2026-01-01T00:00:00Z', customer_identifier: CUSTOMER, profile_identifier: compiled.value.ref.identifier, risk_identifier: SEG_A };
    const r = run(scenario, bank({ amount: 2000 }), [], { segments: [SEG_A] }, { mutes: [mute] });
    expect(r.alerts[0]?.muted).toBe(true);
    expect(r.evaluation_outcome).toBe('HOLD');
  });
});

describe('hosted language: templates, instances, titles and the trace', () => {
  const template = {
    name: 'Large amount',
    description: 'Amount {{Amount}} above {{Limit}} ({{Currency list}})',
    specification: {
      value: {
        segments: [],
        parameters: { risk_subject_groupings: ['customer', 'TRANSACTION'] },
        specification: {
          and: [
            { any_of: [field('transaction.monetary_details.value.iso_3_currency_code', 'string', 'CURRENCY_CODE'), { type: 'constant_list', name: 'Currency list', datatype: 'string', values: ['EUR', 'USD'] }] },
            { greater_than: [{ ...AMOUNT, name: 'Amount' }, { type: 'segment_parameter', value: 'f3c1', name: 'Limit', format: 'number' }] },
          ],
        },
      },
    },
  };
  const instance = { name: 'Large amount (retail)', segments: [{ segment_identifiers: [], name: 'All', values: { f3c1: '10000' }, outcome: { action: 'HOLD', alert_priority: '2' } }] };

  it('a template (segments: []) loads, and alone triggers nothing', () => {
    expect(problemsOf(template)).toEqual([]);
    const r = run(template, bank({ amount: 20_000 }));
    expect(r.evaluation_outcome).toBe('ALLOW');
    expect(r.scenario_evaluations[0]?.trace).toEqual([]);
  });

  it('composed with an instance, it triggers with the instance’s sets and name', () => {
    const composed = composeScenarioDocument(template, instance);
    const r = run(composed, bank({ amount: 20_000 }));
    expect(r.evaluation_outcome).toBe('HOLD');
    expect(r.scenario_evaluations[0]?.scenario.name).toBe('Large amount (retail)');
    expect(r.alerts[0]?.risk_subject_groupings).toEqual(['CUSTOMER', 'TRANSACTION']);
  });

  it('an instance list of sets composes too, and a missing value is a load error', () => {
    expect(run(composeScenarioDocument(template, instance.segments), bank({ amount: 20_000 })).evaluation_outcome).toBe('HOLD');
    const bad = composeScenarioDocument(template, [{ name: 'x', values: {}, outcome: { action: 'HOLD', alert_priority: 1 } }]);
    expect(problemsOf(bad)).toContainEqual(expect.objectContaining({ code: 'MISSING_SEGMENT_VALUE', path: '$.segments[0].values' }));
  });

  it('the description template is filled into the alert title', () => {
    const r = run(composeScenarioDocument(template, instance), bank({ amount: 20_000 }));
    expect(r.alerts[0]?.title).toBe('Amount 20000 above 10000 (EUR, USD)');
    expect(r.risks[0]?.detail.scenario.description).toBe(template.description);
  });

  it('the trace lists what each field, parameter and aggregation evaluated to', () => {
    const r = run(composeScenarioDocument(template, instance), bank({ amount: 20_000 }));
    expect(r.scenario_evaluations[0]?.trace[0]?.evaluated_values).toEqual([
      { path: '$.specification.and[0].any_of[0]', type: 'field', ref: 'transaction.monetary_details.value.iso_3_currency_code', value: 'EUR' },
      { path: '$.specification.and[1].greater_than[0]', type: 'field', name: 'Amount', ref: 'transaction.monetary_details.base_value.amount', value: 20000 },
      { path: '$.specification.and[1].greater_than[1]', type: 'segment_parameter', name: 'Limit', ref: 'f3c1', value: 10000 },
    ]);
    expect(r.scenario_evaluations[0]?.trace[0]?.conditions.map((c) => c.result)).toEqual([true, true]);
  });
});

describe('hosted language: blocks and records', () => {
  it('a host block extends the registry', () => {
    const blocks = createBlockRegistry([{ slug: 'weekend', datatype: 'boolean', description: 'Saturday or Sunday', read: (r) => [0, 6].includes(new Date(r.t).getUTCDay()), flat: true }]);
    const engine = createScenarioEngine({ scenarios: [doc({ equals: [{ type: 'block', value: 'weekend' }, constant(false, 'boolean')] })], blocks });
    if (!engine.ok) throw new Error(JSON.stringify(engine.error));
    expect(evaluate(engine.value, bank()).evaluation_outcome).toBe('HOLD');
  });

  it('the service reads customer and product records through its port', async () => {
    const records = new InMemoryCustomerRecords();
    records.put(CUSTOMER, [{ person: { occupation: 'STUDENT' } }]);
    const d = doc({ and: [{ equals: [field('customer[0].person.occupation'), constant('STUDENT')] }, { greater_than: [AMOUNT, constant(1000)] }] });
    const engine = createScenarioEngine({ scenarios: [d] });
    if (!engine.ok) throw new Error('load');
    const service = createTransactionService({
      engine: engine.value,
      transactions: new InMemoryTransactionStore(),
      risks: new InMemoryRiskStore(),
      mutes: new InMemoryMuteStore(),
      audit: new InMemoryAuditSink(),
      history: new InMemoryHistory(),
      clock: fixedTransactionClock('2026-06-01T12:00:05Z'),
      ids: sequentialTransactionIds(),
      customerRecords: records,
    });
    const r = await service.submit(bank({ amount: 5000 }), { identifier: CUSTOMER });
    expect(r.ok && r.value.evaluation_outcome).toBe('HOLD');
  });

  for (const c of customerRecordStoreConformance) {
    it(`CustomerRecordStore: ${c.name}`, () =>
      c.run(() => {
        const store = new InMemoryCustomerRecords();
        return { store, put: (id, r) => store.put(id, r), putProduct: (id, name, r) => store.putProduct(id, name, r) };
      }));
  }
});

describe('hosted language: back-testing', () => {
  it('backtestScenario replays a hosted document; sets without identifiers count by name', async () => {
    const { backtestScenario, toOutputTransaction } = await import('../../../src/transactions/index.js');
    const stored = [bank({ amount: 50, id: 'b1' }), bank({ amount: 5000, id: 'b2' })].map((t, i) =>
      toOutputTransaction(t, { identifier: `00000000-0000-4000-8000-00000000010${i}`, customer_identifier: CUSTOMER, received_at: t.occurred_at, direction: 'OUTBOUND', evaluation_outcome: 'ALLOW', enrichments: null }),
    );
    const candidate = compileHostedScenario(doc(OVER, { segments: [SET({ limit: 1000 })] }));
    if (!candidate.ok) throw new Error('load');
    const r = backtestScenario({
      candidate: candidate.value,
      transactions: stored,
      clock: fixedTransactionClock('2026-06-01T12:00:05Z'),
      ids: sequentialTransactionIds(),
    });
    expect(r.ok && r.value.newly_held).toEqual(['b2']);
    expect(r.ok && r.value.candidate_totals.segments).toEqual({ 'HOLD 2': 1 });
  });
});
