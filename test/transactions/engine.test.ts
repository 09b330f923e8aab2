import { describe, expect, it } from 'vitest';
import type { Screener } from '../../src/screening/types.js';
import {
  compileScenario,
  createScenarioEngine,
  deriveDirection,
  fixedTransactionClock,
  sequentialTransactionIds,
  toHistoryRecord,
  validateTransactionShape,
  type AlertMute,
  type HistoryPort,
  type ScenarioCondition,
  type ScenarioDefinition,
  type ScenarioEngine,
  type ScenarioOperand,
} from '../../src/transactions/index.js';
import { CUSTOMER, DAY, HOUR, bank, card, evaluate, history, remit, times } from './helpers.js';

const sid = (n: number, s = 0) => `aaaaaaaa-${String(n).padStart(4, '0')}-4000-8000-${String(s).padStart(12, '0')}`;

function scenario(n: number, segments: Array<{ outcome: 'ALLOW' | 'HOLD'; priority?: number; when: ScenarioCondition; name?: string }>): ScenarioDefinition {
  return {
    schema_version: 1,
    identifier: sid(n),
    name: `Scenario ${n}`,
    description: `Test scenario ${n}`,
    version: 1,
    segments: segments.map((s, i) => ({
      identifier: sid(n, i + 1),
      name: s.name ?? `segment ${i + 1}`,
      outcome: s.outcome,
      priority: s.priority ?? 5,
      when: s.when,
    })),
  };
}

function engineOf(scenarios: ScenarioDefinition[], lookups: Record<string, Array<string | number>> = {}, screener?: Screener): ScenarioEngine {
  const r = createScenarioEngine({ scenarios, lookups, ...(screener ? { screener } : {}) });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

const amountAtLeast = (n: number): ScenarioCondition => ({ compare: [{ field: 'amount' }, '>=', n] });
const never: ScenarioCondition = { compare: [1, '==', 2] };
const always: ScenarioCondition = { compare: [1, '==', 1] };

describe('segments', () => {
  it('the first segment whose conditions hold triggers and later segments are not checked', () => {
    const e = engineOf([
      scenario(1, [
        { outcome: 'ALLOW', when: amountAtLeast(1_000_000), name: 'huge' },
        { outcome: 'HOLD', priority: 2, when: amountAtLeast(100), name: 'first match' },
        { outcome: 'ALLOW', priority: 9, when: amountAtLeast(50), name: 'later match' },
      ]),
    ]);
    const r = evaluate(e, bank({ amount: 500 }));
    const ev = r.scenario_evaluations[0];
    expect(ev?.triggered_segment).toEqual({ identifiers: [sid(1, 2)], name: 'first match', outcome: 'HOLD', priority: 2 });
    expect(ev?.trace.map((s) => [s.name, s.matched])).toEqual([
      ['huge', false],
      ['first match', true],
    ]);
  });

  it('a transaction matching no segment is ALLOW with no risk', () => {
    const r = evaluate(engineOf([scenario(1, [{ outcome: 'HOLD', when: never }])]), bank());
    expect(r.evaluation_outcome).toBe('ALLOW');
    expect(r.risks).toEqual([]);
    expect(r.transaction.review_decision).toBe('NOT_APPLICABLE');
  });
});

describe('outcome combination', () => {
  const hold = scenario(1, [{ outcome: 'HOLD', when: always }]);
  const allow = scenario(2, [{ outcome: 'ALLOW', when: always }]);
  const quiet = scenario(3, [{ outcome: 'HOLD', when: never }]);
  const broken = scenario(4, [{ outcome: 'ALLOW', when: { compare: [{ path: 'details.no_such_field' }, '==', 1] } }]);
  const table: Array<[string, ScenarioDefinition[], string, string]> = [
    ['HOLD when any triggered segment holds', [allow, hold, quiet], 'HOLD', 'NOT_REVIEWED'],
    ['ALLOW when triggered segments only allow', [allow, quiet], 'ALLOW', 'NOT_APPLICABLE'],
    ['ALLOW when nothing triggers', [quiet], 'ALLOW', 'NOT_APPLICABLE'],
    ['ERROR when a scenario cannot be evaluated, even if others allow', [allow, broken], 'ERROR', 'NOT_APPLICABLE'],
    ['ERROR takes precedence over HOLD (an incomplete evaluation is never final)', [hold, broken], 'ERROR', 'NOT_APPLICABLE'],
    ['ALLOW with no scenarios at all', [], 'ALLOW', 'NOT_APPLICABLE'],
  ];
  it.each(table)('%s', (_n, scenarios, outcome, review) => {
    const r = evaluate(engineOf(scenarios), bank());
    expect(r.evaluation_outcome).toBe(outcome);
    expect(r.transaction.evaluation_outcome).toBe(outcome);
    expect(r.transaction.review_decision).toBe(review);
  });

  it('each triggered segment raises one risk, ALLOW segments included', () => {
    const r = evaluate(engineOf([hold, allow, quiet]), bank());
    expect(r.risks.map((x) => x.detail.triggered_segment.outcome)).toEqual(['HOLD', 'ALLOW']);
    expect(r.scenario_evaluations.map((e) => e.outcome)).toEqual(['HOLD', 'ALLOW', 'ALLOW']);
  });
});

describe('errors are outcomes, never a silent ALLOW', () => {
  const cases: Array<[string, ScenarioCondition, string, Partial<Parameters<typeof evaluate>[3]>]> = [
    ['a missing field with no default', { compare: [{ path: 'details.product_name' }, '==', 'x'] }, 'MISSING_FIELD', {}],
    ['a missing virtual field with no default', { compare: [{ field: 'country' }, '==', 'DE'] }, 'MISSING_FIELD', {}],
    ['a missing custom field with no default', { compare: [{ custom_field: 'score' }, '>', 1] }, 'MISSING_FIELD', {}],
    ['a missing enrichment with no default', { compare: [{ enrichment: 'pep' }, '==', true] }, 'MISSING_FIELD', {}],
    ['a missing customer attribute with no default', { compare: [{ customer: 'risk_level' }, '==', 'HIGH'] }, 'MISSING_CUSTOMER_ATTRIBUTE', {}],
    ['ordering a string against a number', { compare: [{ field: 'currency' }, '>', 5] }, 'BAD_DATA', {}],
    ['arithmetic on a string', { compare: [{ mul: [{ field: 'currency' }, 2] }, '>', 5] }, 'BAD_DATA', {}],
    ['an unparsable account opening date', { compare: [{ customer: 'account_age_days' }, '>', 5] }, 'BAD_DATA', { account_opened_at: 'yesterday' }],
  ];
  it.each(cases)('%s gives ERROR with a stable code', (_n, when, code, customer) => {
    const r = evaluate(engineOf([scenario(1, [{ outcome: 'ALLOW', when }])]), bank(), [], customer);
    expect(r.evaluation_outcome).toBe('ERROR');
    expect(r.scenario_evaluations[0]?.outcome).toBe('ERROR');
    expect(r.scenario_evaluations[0]?.problems).toEqual([expect.objectContaining({ code, path: expect.stringContaining('segments[0].when') })]);
    expect(r.risks).toEqual([]);
  });

  it('a default stands in for a missing value', () => {
    const when: ScenarioCondition = { compare: [{ customer: 'risk_level', default: 'HIGH' }, '==', 'HIGH'] };
    const r = evaluate(engineOf([scenario(1, [{ outcome: 'HOLD', when }])]), bank());
    expect(r.evaluation_outcome).toBe('HOLD');
  });

  it('a failing history port gives ERROR', () => {
    const failing: HistoryPort = {
      range() {
        throw new Error('database down');
      },
    };
    const e = engineOf([scenario(1, [{ outcome: 'ALLOW', when: { compare: [{ agg: { fn: 'count', window: { days: 1 } } }, '>', 0] } }])]);
    const r = e.evaluate(bank(), { customer: { identifier: CUSTOMER }, history: failing, clock: fixedTransactionClock('2026-01-01T00:00:00Z'), ids: sequentialTransactionIds() });
    expect(r.ok && r.value.evaluation_outcome).toBe('ERROR');
    expect(r.ok && r.value.scenario_evaluations[0]?.problems[0]?.code).toBe('HISTORY_UNAVAILABLE');
  });

  it('a screening condition without a screener gives ERROR', () => {
    const r = evaluate(engineOf([scenario(1, [{ outcome: 'HOLD', when: { screen: { parties: ['creditor'] } } }])]), bank());
    expect(r.evaluation_outcome).toBe('ERROR');
    expect(r.scenario_evaluations[0]?.problems[0]?.code).toBe('SCREENER_UNAVAILABLE');
  });

  it('the trace keeps the conditions checked before the failure', () => {
    const r = evaluate(
      engineOf([scenario(1, [{ outcome: 'HOLD', when: { all: [amountAtLeast(1), { compare: [{ path: 'nope' }, '==', 1] }] } }])]),
      bank({ amount: 5 }),
    );
    expect(r.scenario_evaluations[0]?.trace[0]?.conditions).toEqual([
      expect.objectContaining({ expr: 'amount >= 1', left: 5, right: 1, result: true }),
    ]);
  });

  it('an invalid transaction is refused with a problem detail, not evaluated', () => {
    const tx = bank();
    (tx.details.base_value as { currency: string }).currency = 'ZZZ';
    const r = engineOf([]).evaluate(tx, { customer: { identifier: CUSTOMER }, history: history([]), clock: fixedTransactionClock('2026-01-01T00:00:00Z'), ids: sequentialTransactionIds() });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.status).toBe(400);
    expect(r.error.errors).toEqual([expect.objectContaining({ code: 'INVALID_CURRENCY_CODE', path: '$.details.base_value.currency' })]);
  });
});

describe('aggregations', () => {
  // Customer history: outbound 100 (1h ago), 300 (2 days ago, to cp-2 in FR), inbound 1000 (3 days ago), outbound 200 (40 days ago).
  const past = [
    bank({ amount: 100, t: -HOUR, counterparty: 'cp-1', country: 'DE' }),
    bank({ amount: 300, t: -2 * DAY, counterparty: 'cp-2', country: 'FR' }),
    bank({ amount: 1000, t: -3 * DAY, direction: 'INBOUND', counterparty: 'cp-3' }),
    bank({ amount: 200, t: -40 * DAY, counterparty: 'cp-1', country: 'DE' }),
  ];
  const current = bank({ amount: 500, counterparty: 'cp-1', country: 'DE' });
  const agg = (a: Record<string, unknown>): ScenarioOperand => ({ agg: { window: { days: 30 }, ...a } as never });
  const table: Array<[string, ScenarioOperand, unknown]> = [
    ['count includes the current transaction', agg({ fn: 'count' }), 4],
    ['count without the current transaction', agg({ fn: 'count', include_current: false }), 3],
    ['sum over 30 days', agg({ fn: 'sum' }), 1900],
    ['sum filtered by direction', agg({ fn: 'sum', where: { direction: ['OUTBOUND'] } }), 900],
    ['avg', agg({ fn: 'avg', where: { direction: ['OUTBOUND'] } }), 300],
    ['min', agg({ fn: 'min' }), 100],
    ['max', agg({ fn: 'max' }), 1000],
    ['unique count of counterparties', agg({ fn: 'unique_count', of: 'counterparty' }), 3],
    ['unique count of countries', agg({ fn: 'unique_count', of: 'country' }), 2],
    ['stddev (population)', agg({ fn: 'stddev', where: { direction: ['OUTBOUND'] } }), Math.sqrt(((100 - 300) ** 2 + 0 + (500 - 300) ** 2) / 3)],
    ['filter on the current counterparty', agg({ fn: 'count', where: { counterparty: '$current' }, include_current: false }), 1],
    ['filter on a list of countries', agg({ fn: 'count', where: { country: ['FR'] } }), 1],
    ['negated filter', agg({ fn: 'count', where: { country: { not: ['FR'] } } }), 3],
    ['amount range filter (min inclusive, max exclusive)', agg({ fn: 'count', where: { amount_min: 100, amount_max: 500 } }), 2],
    ['window in hours', { agg: { fn: 'count', window: { hours: 2 } } }, 2],
    ['window in minutes', { agg: { fn: 'count', window: { minutes: 30 } } }, 1],
    ['window in months', { agg: { fn: 'count', window: { months: 2 } } }, 5],
    ['window ending before the transaction (until)', { agg: { fn: 'count', window: { days: 60 }, until: { days: 10 } } }, 1],
    ['avg of an empty window is null', { agg: { fn: 'avg', window: { minutes: 1 }, include_current: false } }, null],
    ['avg of an empty window takes the default', { agg: { fn: 'avg', window: { minutes: 1 }, include_current: false }, default: 0 }, 0],
  ];
  it.each(table)('%s', (_n, operand, expected) => {
    const e = engineOf([scenario(1, [{ outcome: 'ALLOW', when: { compare: [operand, '==', -1] } }])]);
    const r = evaluate(e, current, past);
    const left = r.scenario_evaluations[0]?.trace[0]?.conditions[0]?.left;
    if (typeof expected === 'number') expect(left).toBeCloseTo(expected, 9);
    else expect(left).toBe(expected);
  });

  // Amounts around 1e8 and 1e9 (JPY- or KRW-sized): E[x²] − mean² loses every digit there; Welford's method does not.
  it.each([
    ['around 1e8', 1e8, [0.1, 0.3, 0.5]],
    ['around 1e9', 1e9, [0.25, 0.5, 0.75]],
    ['around 1e12', 1e12, [1, 2, 3]],
  ] as const)('stddev of amounts %s is computed stably', (_n, base, offsets) => {
    const past2 = offsets.slice(0, 2).map((o, i) => bank({ amount: base + o, t: -(i + 1) * HOUR }));
    const cur = bank({ amount: base + offsets[2]! });
    const e = engineOf([scenario(1, [{ outcome: 'ALLOW', when: { compare: [{ agg: { fn: 'stddev', window: { days: 1 } } }, '==', -1] } }])]);
    const left = evaluate(e, cur, past2).scenario_evaluations[0]?.trace[0]?.conditions[0]?.left as number;
    const mean = offsets.reduce((a, b) => a + b, 0) / 3;
    const exact = Math.sqrt(offsets.reduce((a, o) => a + (o - mean) ** 2, 0) / 3);
    expect(Math.abs(left - exact)).toBeLessThan(1e-3);
  });

  it('aggregates over the counterparty: unique senders to one receiver', () => {
    const others = times(3, (i) => [`33333333-0000-4000-8000-00000000000${i}`, bank({ counterparty: 'shared', t: -(i + 1) * HOUR })] as [string, ReturnType<typeof bank>]);
    const e = engineOf([
      scenario(1, [{ outcome: 'ALLOW', when: { compare: [{ agg: { fn: 'unique_count', of: 'customer', over: 'counterparty', window: { days: 1 } } }, '==', -1] } }]),
    ]);
    const r = evaluate(e, bank({ counterparty: 'shared' }), others);
    expect(r.scenario_evaluations[0]?.trace[0]?.conditions[0]?.left).toBe(4);
  });

  it("the customer's transactions with the current counterparty exclude other customers' payments to it", () => {
    const other = '44444444-0000-4000-8000-000000000001';
    const e = engineOf([
      scenario(1, [{ outcome: 'ALLOW', when: { compare: [{ agg: { fn: 'count', window: { days: 30 }, where: { counterparty: '$current' } } }, '==', -1] } }]),
    ]);
    const r = evaluate(e, bank({ counterparty: 'cp-1' }), [bank({ counterparty: 'cp-1', t: -DAY }), [other, bank({ counterparty: 'cp-1', t: -DAY })], bank({ counterparty: 'cp-2', t: -DAY })]);
    expect(r.scenario_evaluations[0]?.trace[0]?.conditions[0]?.left).toBe(2);
  });

  it('the current transaction is not counted twice when the history already holds it', () => {
    const tx = bank({ id: 'same', amount: 10 });
    const e = engineOf([scenario(1, [{ outcome: 'ALLOW', when: { compare: [{ agg: { fn: 'count', window: { days: 1 } } }, '==', -1] } }])]);
    expect(evaluate(e, tx, [tx]).scenario_evaluations[0]?.trace[0]?.conditions[0]?.left).toBe(1);
  });
});

describe('conditions and operands', () => {
  const cases: Array<[string, ScenarioCondition, boolean, Partial<Parameters<typeof evaluate>[3]>?]> = [
    ['between is min-inclusive', { between: { value: { field: 'amount' }, min: 100, max: 200 } }, true],
    ['between is max-exclusive', { between: { value: { field: 'amount' }, min: 50, max: 100 } }, false],
    ['in a literal list', { in: { value: { field: 'type' }, list: ['CARD_PAYMENT', 'BANK_PAYMENT'] } }, true],
    ['in a lookup list', { in: { value: { field: 'country', default: null }, lookup: 'watch' } }, true],
    ['not', { not: amountAtLeast(1000) }, true],
    ['any', { any: [never, always] }, true],
    ['all', { all: [always, never] }, false],
    ['exists on a present field', { exists: { field: 'country' } }, true],
    ['exists on a missing field is false, not an error', { exists: { path: 'details.product_name' } }, false],
    ['arithmetic: add, sub, mul, div, mod', { compare: [{ add: [{ sub: [10, 4] }, { mul: [2, 3] }, { div: [9, 3] }, { mod: [7, 4] }] }, '==', 18] }, true],
    ['division by zero gives null and the comparison is false', { compare: [{ div: [1, 0] }, '<', 5] }, false],
    ['customer risk level', { compare: [{ customer: 'risk_level' }, '==', 'HIGH'] }, true, { risk_level: 'HIGH' }],
    ['customer segment', { compare: [{ customer: 'segment' }, '==', 'SME'] }, true, { segment: 'SME' }],
    ['customer account age in days', { compare: [{ customer: 'account_age_days' }, '==', 10] }, true, { account_opened_at: '2026-05-22T12:00:00Z' }],
    ['any other customer attribute', { compare: [{ customer: 'employees' }, '>', 5] }, true, { attributes: { employees: 12 } }],
    ['original currency', { compare: [{ field: 'currency' }, '==', 'USD'] }, true],
    ['path into the transaction', { compare: [{ path: 'details.details.payment_scheme' }, '==', 'SEPA'] }, true],
    ['direction', { compare: [{ field: 'direction' }, '==', 'OUTBOUND'] }, true],
  ];
  it.each(cases)('%s', (_n, when, expected, customer) => {
    const e = engineOf([scenario(1, [{ outcome: 'HOLD', when }])], { watch: ['IR', 'DE'] });
    const r = evaluate(e, bank({ amount: 100, country: 'DE', currency: 'USD' }), [], customer ?? {});
    expect(r.scenario_evaluations[0]?.problems).toEqual([]);
    expect(r.evaluation_outcome).toBe(expected ? 'HOLD' : 'ALLOW');
  });

  it('custom fields and enrichments are readable', () => {
    const tx = bank();
    tx.custom_fields = [{ key: 'score', value: { data_type: 'DECIMAL', decimal: 0.9 } }];
    const when: ScenarioCondition = {
      all: [{ compare: [{ custom_field: 'score' }, '>', 0.5] }, { compare: [{ enrichment: 'pep' }, '==', true] }],
    };
    const e = engineOf([scenario(1, [{ outcome: 'HOLD', when }])]);
    const r = evaluate(e, tx, [], {}, { enrichments: [{ key: 'pep', type: 'LOOKUP_LIST', value: { data_type: 'BOOLEAN', boolean: true } }] });
    expect(r.evaluation_outcome).toBe('HOLD');
    expect(r.transaction.enrichments).toEqual([{ key: 'pep', type: 'LOOKUP_LIST', value: { data_type: 'BOOLEAN', boolean: true } }]);
  });
});

describe('direction and counterparty', () => {
  it.each([
    ['a bank payment from the customer is OUTBOUND', bank(), 'OUTBOUND'],
    ['a bank payment to the customer is INBOUND', bank({ direction: 'INBOUND' }), 'INBOUND'],
    ['a card purchase is OUTBOUND', card(), 'OUTBOUND'],
    ['a card refund is INBOUND', card({ type: 'REFUND' }), 'INBOUND'],
    ['a remittance sent by the customer is OUTBOUND', remit(), 'OUTBOUND'],
  ] as const)('%s', (_n, tx, dir) => {
    expect(deriveDirection(tx.details)).toBe(dir);
  });

  it('the counterparty country falls back to the agent BIC, and a remittance uses the pickup country', () => {
    const tx = bank({ country: null });
    if (tx.details.details.type === 'BANK_PAYMENT') tx.details.details.agents = [{ role: 'COUNTERPARTY_BANK', bank: { bic: 'BNPAFRPP' } }];
    expect(toHistoryRecord(tx, CUSTOMER).country).toBe('FR');
    expect(toHistoryRecord(remit({ pickupCountry: 'NG' }), CUSTOMER)).toMatchObject({ country: 'NG', cash_pickup: true, counterparty: 'id:rcv-1' });
  });
});

describe('evaluation records', () => {
  const e = engineOf([
    scenario(1, [{ outcome: 'HOLD', priority: 2, when: amountAtLeast(1000), name: 'big' }]),
    scenario(2, [{ outcome: 'ALLOW', priority: 7, when: always, name: 'always' }]),
  ]);

  it('risks, audit records and the output transaction match the spec schemas', () => {
    const r = evaluate(e, bank({ amount: 5000 }));
    for (const risk of r.risks) expect(validateTransactionShape('transaction_monitoring_risk', risk, 'output')).toEqual({ ok: true, value: risk });
    for (const rec of r.audit_records) {
      const v = validateTransactionShape('audit_record', rec, 'output');
      expect(v.ok ? [] : v.error).toEqual([]);
    }
    const t = validateTransactionShape('transaction', r.transaction, 'output');
    expect(t.ok ? [] : t.error).toEqual([]);
  });

  it('write-only customer identifiers are not echoed and read-only fields are filled', () => {
    const r = evaluate(e, bank({ amount: 5000 }));
    expect(r.transaction).not.toHaveProperty('customer_external_identifier');
    expect(r.transaction.customer_identifier).toBe(CUSTOMER);
    expect(r.transaction.details.direction).toBe('OUTBOUND');
    expect(r.transaction.received_at).toBe('2026-06-01T12:00:05.000Z');
    const debtor = r.transaction.details.details.type === 'BANK_PAYMENT' ? r.transaction.details.details.debtor : null;
    expect(debtor?.identifier).toEqual({ type: 'CUSTOMER', identifier: CUSTOMER });
  });

  it('audit: TRANSACTION_RECEIVED then TRANSACTION_MONITORED with the scenario evaluations', () => {
    const r = evaluate(e, bank({ amount: 5000 }));
    expect(r.audit_records.map((a) => a.type)).toEqual(['TRANSACTION_RECEIVED', 'TRANSACTION_MONITORED']);
    const monitored = r.audit_records[1];
    expect(monitored?.detail).toEqual({
      risk_identifiers: r.risks.map((x) => x.identifier),
      risk_source: 'TRANSACTION_MONITORING',
      scenario_evaluations: {
        outcome: 'HOLD',
        configurations: [
          { identifier: sid(1), outcome: 'HOLD' },
          { identifier: sid(2), outcome: 'ALLOW' },
        ],
      },
      transaction: { identifier: r.transaction.identifier, type: 'BANK_PAYMENT' },
    });
  });

  it('the risk names the scenario version, the transaction and the triggered segment', () => {
    const r = evaluate(e, bank({ amount: 5000, id: 'ext-9' }));
    expect(r.risks[0]?.detail).toEqual({
      scenario: { description: 'Test scenario 1', identifier: sid(1), name: 'Scenario 1', version: 1 },
      transaction: { external_identifier: 'ext-9', identifier: r.transaction.identifier, type: 'BANK_PAYMENT' },
      triggered_segment: { identifiers: [sid(1, 1)], name: 'big', outcome: 'HOLD', priority: 2 },
    });
  });

  it('the trace names each condition and the values it compared', () => {
    const r = evaluate(e, bank({ amount: 5000 }));
    expect(r.scenario_evaluations[0]?.trace).toEqual([
      {
        identifier: sid(1, 1),
        name: 'big',
        outcome: 'HOLD',
        priority: 2,
        matched: true,
        conditions: [{ path: 'segments[0].when', expr: 'amount >= 1000', result: true, left: 5000, op: '>=', right: 1000 }],
      },
    ]);
  });

  it('evaluation does not modify the submitted transaction', () => {
    const tx = bank({ amount: 5000 });
    const before = structuredClone(tx);
    evaluate(e, tx);
    expect(tx).toEqual(before);
  });

  it('the same inputs give the same result (deterministic)', () => {
    expect(evaluate(e, bank({ amount: 5000, id: 'd' }))).toEqual(evaluate(e, bank({ amount: 5000, id: 'd' })));
  });
});

describe('mutes', () => {
  const e = engineOf([
    scenario(1, [
      { outcome: 'HOLD', priority: 1, when: amountAtLeast(1000) },
      { outcome: 'ALLOW', priority: 8, when: always },
    ]),
  ]);
  const mute = (o: Partial<AlertMute>): AlertMute => ({
    id: 'bbbbbbbb-0000-4000-8000-000000000001',
    created_at: '2026-01-01T00:00:00Z',
    customer_identifier: CUSTOMER,
    profile_identifier: sid(1),
    risk_identifier: null,
    ...o,
  });

  it('a mute for the scenario and customer suppresses the alert but not the evaluation, the risk or the audit', () => {
    const r = evaluate(e, bank({ amount: 5000 }), [], {}, { mutes: [mute({})] });
    expect(r.evaluation_outcome).toBe('HOLD');
    expect(r.risks).toHaveLength(1);
    expect(r.alerts).toEqual([expect.objectContaining({ muted: true, mute_identifier: mute({}).id, risk_identifier: r.risks[0]?.identifier })]);
    const muted = r.audit_records.find((a) => a.type === 'ALERT_MUTED_FOR_RISK');
    expect(muted?.detail).toEqual({
      customer: { identifier: CUSTOMER },
      mute_key: mute({}).id,
      risk: { source: 'TRANSACTION_MONITORING', identifier: r.risks[0]?.identifier },
    });
    expect(r.audit_records.some((a) => a.type === 'TRANSACTION_MONITORED')).toBe(true);
  });

  it.each([
    ['another customer', mute({ customer_identifier: 'cccccccc-0000-4000-8000-000000000001' })],
    ['another scenario', mute({ profile_identifier: sid(9) })],
    ['another segment of the scenario', mute({ risk_identifier: sid(1, 2) })],
  ])('a mute for %s does not suppress the alert', (_n, m) => {
    const r = evaluate(e, bank({ amount: 5000 }), [], {}, { mutes: [m] });
    expect(r.alerts[0]?.muted).toBe(false);
    expect(r.audit_records.some((a) => a.type === 'ALERT_MUTED_FOR_RISK')).toBe(false);
  });

  it('a mute for one segment suppresses only that segment', () => {
    const m = mute({ risk_identifier: sid(1, 2) });
    expect(evaluate(e, bank({ amount: 10 }), [], {}, { mutes: [m] }).alerts[0]?.muted).toBe(true);
    expect(evaluate(e, bank({ amount: 5000 }), [], {}, { mutes: [m] }).alerts[0]?.muted).toBe(false);
  });
});

describe('counterparty name screening', () => {
  const fakeScreener = (listed: string[]): Screener & { calls: string[] } => {
    const calls: string[] = [];
    return {
      calls,
      size: listed.length,
      entities: () => [],
      search(request) {
        const term = typeof request.search_term === 'string' ? request.search_term : request.search_term.last_name;
        calls.push(term);
        const hits = listed
          .filter((n) => n.toLowerCase() === term.toLowerCase())
          .map((n) => ({
            doc: { id: `ent-${n}`, entity_type: 'person' as const, name: n, sources: [], types: ['sanction'] },
            match_types: ['exact_match'],
            match_types_details: [],
            score: 10,
            match_status: 'potential_match' as const,
            risk_level: 'high' as const,
          }));
        return {
          ok: true,
          value: {
            search_term: term,
            submitted_term: term,
            filters: { exact_match: false, fuzziness: 0.5 },
            limit: 10,
            offset: 0,
            total_hits: hits.length,
            total_matches: hits.length,
            hits,
          },
        };
      },
    };
  };
  const screening = scenario(1, [{ outcome: 'HOLD', priority: 1, when: { screen: { parties: ['creditor', 'debtor'] } } }]);

  it('holds a payment whose creditor is listed, records PAYMENT_SCREENED with the risk, and traces the hit', () => {
    const screener = fakeScreener(['Bad Actor']);
    const r = evaluate(engineOf([screening], {}, screener), bank({ counterpartyName: 'Bad Actor' }));
    expect(r.evaluation_outcome).toBe('HOLD');
    expect(screener.calls).toEqual(['Bad Actor', 'The Customer']);
    const screened = r.audit_records.find((a) => a.type === 'PAYMENT_SCREENED');
    expect(screened?.detail).toEqual({ risk_identifiers: [r.risks[0]?.identifier], transaction: { identifier: r.transaction.identifier, type: 'BANK_PAYMENT' } });
    expect(r.scenario_evaluations[0]?.trace[0]?.conditions[0]?.screened?.[0]).toEqual({
      party: 'creditor',
      name: 'Bad Actor',
      hits: [{ id: 'ent-Bad Actor', name: 'Bad Actor', score: 10 }],
    });
  });

  it('allows a payment with no hit and still records PAYMENT_SCREENED', () => {
    const r = evaluate(engineOf([screening], {}, fakeScreener(['Someone Else'])), bank({ counterpartyName: 'Good Person' }));
    expect(r.evaluation_outcome).toBe('ALLOW');
    expect(r.audit_records.find((a) => a.type === 'PAYMENT_SCREENED')?.detail).toMatchObject({ risk_identifiers: [] });
  });

  it('a screener given for one evaluation overrides the engine default', () => {
    const r = evaluate(engineOf([screening]), bank({ counterpartyName: 'Bad Actor' }), [], {}, { screener: fakeScreener(['Bad Actor']) });
    expect(r.evaluation_outcome).toBe('HOLD');
  });

  it('min_score drops weak hits', () => {
    const strict = scenario(1, [{ outcome: 'HOLD', when: { screen: { parties: ['creditor'], min_score: 50 } } }]);
    const r = evaluate(engineOf([strict], {}, fakeScreener(['Bad Actor'])), bank({ counterpartyName: 'Bad Actor' }));
    expect(r.evaluation_outcome).toBe('ALLOW');
  });
});

describe('compiling scenarios', () => {
  const base = scenario(1, [{ outcome: 'HOLD', when: always }]);
  const table: Array<[string, (s: any) => void, string]> = [
    ['priority must be 1 to 9', (s) => (s.segments[0].priority = 10), 'INVALID_SCENARIO'],
    ['outcome must be ALLOW or HOLD', (s) => (s.segments[0].outcome = 'ERROR'), 'INVALID_SCENARIO'],
    ['a scenario needs at least one segment', (s) => (s.segments = []), 'INVALID_SCENARIO'],
    ['the version is a positive integer', (s) => (s.version = 0), 'INVALID_SCENARIO'],
    ['identifiers are UUIDs', (s) => (s.identifier = 'scenario-1'), 'INVALID_SCENARIO'],
    ['unknown condition kinds are rejected', (s) => (s.segments[0].when = { regex: 'x' }), 'INVALID_SCENARIO'],
    ['unknown fields are rejected', (s) => (s.segments[0].when = { compare: [{ field: 'colour' }, '==', 1] }), 'INVALID_SCENARIO'],
    ['windows have exactly one unit', (s) => (s.segments[0].when = { compare: [{ agg: { fn: 'count', window: { days: 1, hours: 2 } } }, '>', 1] }), 'INVALID_SCENARIO'],
    ['unknown lookup lists are rejected', (s) => (s.segments[0].when = { in: { value: { field: 'country' }, lookup: 'nope' } }), 'UNKNOWN_LOOKUP_LIST'],
    ['numeric aggregates need amounts', (s) => (s.segments[0].when = { compare: [{ agg: { fn: 'sum', of: 'country', window: { days: 1 } } }, '>', 1] }), 'INVALID_SCENARIO'],
    ['segment identifiers are unique', (s) => s.segments.push({ ...s.segments[0] }), 'INVALID_SCENARIO'],
  ];
  it.each(table)('%s', (_n, mutate, code) => {
    const s = structuredClone(base);
    mutate(s);
    const r = compileScenario(s);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.map((p) => p.code)).toContain(code);
  });

  it('the engine refuses two scenarios with the same identifier', () => {
    const r = createScenarioEngine({ scenarios: [base, base] });
    expect(r.ok).toBe(false);
  });

  it('aggregates over lookup lists of different compilations are not shared', () => {
    const when: ScenarioCondition = { compare: [{ agg: { fn: 'count', window: { days: 1 }, where: { country: { lookup: 'l' } } } }, '>=', 1] };
    const a = compileScenario(scenario(1, [{ outcome: 'HOLD', when }]), { lookups: { l: ['DE'] } });
    const b = compileScenario(scenario(2, [{ outcome: 'HOLD', when }]), { lookups: { l: ['FR'] } });
    if (!a.ok || !b.ok) throw new Error('compile');
    const e = createScenarioEngine({ scenarios: [a.value, b.value] });
    if (!e.ok) throw new Error('engine');
    const r = evaluate(e.value, bank({ country: 'DE' }));
    expect(r.scenario_evaluations.map((x) => x.outcome)).toEqual(['HOLD', 'ALLOW']);
  });

  it('a compiled scenario is reused as is', () => {
    const c = compileScenario(base);
    if (!c.ok) throw new Error('compile');
    const r = createScenarioEngine({ scenarios: [c.value] });
    expect(r.ok && r.value.scenarios[0]).toBe(c.value);
  });
});
