/**
 * Hosted-language document → tamis scenario. Each segment set becomes a tamis segment with the set's parameter
 * values written into its condition (and, when the set names customer segments, a check of `customer.segment`).
 * Constructs tamis cannot express are reported with the path of the hosted node (code NOT_CONVERTIBLE); see
 * docs/scenario-language.md for the list.
 */
import type { Result } from '../../errors.js';
import type { HistoryKey, ScenarioAggregate, ScenarioCondition, ScenarioDefinition, ScenarioHistoryFilter, ScenarioLiteral, ScenarioOperand } from '../scenario-types.js';
import type { TransactionViolation } from '../types.js';
import type { AggregationSpec, Condition, Expr, Source } from './ast.js';
import { DEFAULT_BLOCKS, type BlockRegistry } from './blocks.js';
import type { SetValues } from './check.js';
import { loadHostedScenario } from './compile.js';
import { derivedIdentifier } from './parse.js';
import { resolveField } from './paths.js';
import type { Value } from './values.js';
import { own } from '../../own.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Hosted field path or block → tamis field (flat record) and history key. */
const FLAT_FIELDS: Readonly<Record<string, { field: string; key?: HistoryKey }>> = {
  'transaction.monetary_details.base_value.amount': { field: 'amount' },
  'transaction.monetary_details.value.iso_3_currency_code': { field: 'currency', key: 'currency' },
  'transaction.monetary_details.direction': { field: 'direction', key: 'direction' },
  'transaction.type': { field: 'type', key: 'type' },
  'transaction.monetary_details.payment_channel': { field: 'payment_channel', key: 'payment_channel' },
  'transaction.monetary_details.card_payment.card_payment_type': { field: 'card_payment_type', key: 'card_payment_type' },
  'transaction.monetary_details.card_payment.payment_stage': { field: 'payment_stage', key: 'payment_stage' },
  'transaction.monetary_details.card_payment.merchant.mcc_category_code': { field: 'mcc', key: 'mcc' },
  'transaction.customer_identifier.id': { field: '', key: 'customer' },
  'block:counterparty-country-code': { field: 'country', key: 'country' },
  'block:cash-pickup': { field: 'cash_pickup' },
  'block:counterparty-id': { field: '', key: 'counterparty' },
  'block:customer-id': { field: '', key: 'customer' },
};
const ALIASES: Readonly<Record<string, string>> = {
  amount: 'transaction.monetary_details.base_value.amount',
  customer_id: 'transaction.customer_identifier.id',
  customer: 'transaction.customer_identifier.id',
  direction: 'transaction.monetary_details.direction',
  tx_direction: 'transaction.monetary_details.direction',
  currency: 'transaction.monetary_details.value.iso_3_currency_code',
  type: 'transaction.type',
  country: 'block:counterparty-country-code',
  counterparty_id: 'block:counterparty-id',
};
const OPS = { equals: '==', not_equals: '!=', greater_than: '>', less_than: '<', greater_than_or_equals: '>=', less_than_or_equals: '<=' } as const;

const sourceKey = (s: Source): string => (s.kind === 'block' ? `block:${s.slug}` : (own(ALIASES, s.field) ?? s.field));
const exprKey = (e: Expr): string | null => (e.kind === 'field' ? (own(ALIASES, e.field) ?? e.field) : e.kind === 'block' ? `block:${e.slug}` : null);

export function hostedToTamis(doc: unknown, options: { blocks?: BlockRegistry } = {}): Result<ScenarioDefinition, TransactionViolation[]> {
  const blocks = options.blocks ?? DEFAULT_BLOCKS;
  const loaded = loadHostedScenario(doc, { blocks });
  if (!loaded.ok) return loaded;
  const { scenario, sets } = loaded.value;
  const problems: TransactionViolation[] = [];
  const seen = new Set<string>();
  const no = (path: string, message: string): null => {
    if (!seen.has(`${path}\u0000${message}`)) problems.push({ code: 'NOT_CONVERTIBLE', message, path });
    seen.add(`${path}\u0000${message}`);
    return null;
  };
  const literal = (v: Value, type: string, path: string): ScenarioLiteral | null =>
    type === 'date' || type === 'datetime' ? no(path, 'dates have no tamis equivalent') : v;

  const expr = (e: Expr, values: SetValues): ScenarioOperand | null => {
    switch (e.kind) {
      case 'constant':
        return literal(e.value, e.type, e.path);
      case 'param':
        return literal(values[e.key] as Value, e.type, e.path);
      case 'field':
      case 'block': {
        if (e.type === 'date' || e.type === 'datetime') return no(e.path, 'dates have no tamis equivalent');
        const key = exprKey(e) as string;
        const dflt = e.hasDefault ? { default: e.dflt } : {};
        const flat = own(FLAT_FIELDS, key);
        if (flat?.field) return { field: flat.field, ...dflt } as ScenarioOperand;
        if (key.startsWith('transaction.custom_fields.') || key.startsWith('transaction.enrichments.')) {
          const [, head, k] = key.split('.');
          return (head === 'custom_fields' ? { custom_field: k as string, ...dflt } : { enrichment: k as string, ...dflt }) as ScenarioOperand;
        }
        const md = /^transaction\.monetary_details\.(?!bank_payment\.|card_payment\.|remittance\.)(.+)$/.exec(key);
        if (md) return { path: `details.${(md[1] as string).replace(/iso_3_currency_code$/, 'currency')}`, ...dflt } as ScenarioOperand;
        return no(e.path, `${e.kind === 'block' ? `block ${e.slug}` : `field ${e.field}`} has no tamis equivalent`);
      }
      case 'arith': {
        if (e.op === 'abs') return no(e.path, 'abs has no tamis equivalent');
        const args = e.args.map((a) => expr(a, values));
        if (args.some((a) => a === null)) return null;
        const k = { add: 'add', subtract: 'sub', multiply: 'mul', divide: 'div', mod: 'mod' }[e.op];
        if (k === 'add') return { add: args as ScenarioOperand[] };
        return (args as ScenarioOperand[]).reduce((acc, a) => ({ [k]: [acc, a] }) as ScenarioOperand);
      }
      case 'aggregation':
        return aggregation(e.spec, e.path, values);
    }
  };

  const aggregation = (s: AggregationSpec, path: string, values: SetValues): ScenarioOperand | null => {
    const window =
      s.unit === 'minute' ? { minutes: s.window } : s.unit === 'hour' ? { hours: s.window } : s.unit === 'day' ? { days: s.window } : s.unit === 'month' ? { months: s.window } : s.unit === 'year' ? { months: 12 * s.window } : null;
    if (!window) return no(`${path}.value.window_unit`, 'calendar_day windows have no tamis equivalent');
    if (!Number.isInteger(Object.values(window)[0])) return no(`${path}.value.window`, 'tamis windows are whole units');
    const where: ScenarioHistoryFilter = {};
    const keys = s.grouping.map((g) => own(FLAT_FIELDS, sourceKey(g))?.key);
    let over: 'customer' | 'counterparty' | null = keys.includes('customer') ? 'customer' : keys.includes('counterparty') ? 'counterparty' : null;
    if (!over) return no(`${path}.value.grouping_fields`, 'an aggregation grouped by neither customer nor counterparty has no tamis equivalent');
    for (const [i, k] of keys.entries()) {
      if (!k) return no(s.grouping[i]?.path ?? path, 'this grouping field has no tamis equivalent');
      if (k !== over) (where as Record<string, unknown>)[k] = '$current';
    }
    if (over === 'counterparty' && keys.includes('customer')) over = 'customer';
    if (s.filter && !filter(s.filter, where, values)) return null;
    const targetKey = s.target ? own(FLAT_FIELDS, sourceKey(s.target)) : undefined;
    let fn: ScenarioAggregate['fn'];
    let of: ScenarioAggregate['of'] | undefined;
    const distinct = s.aggregate === 'unique_count' || (s.aggregate === 'count' && s.distinct && s.target !== null);
    if (distinct) {
      fn = 'unique_count';
      of = targetKey?.key ?? (targetKey?.field === 'amount' ? 'amount' : undefined);
      if (!of) return no(s.target?.path ?? path, 'a distinct count of this target has no tamis equivalent');
    } else if (s.aggregate === 'count' || s.aggregate === 'average_count_over_day') fn = 'count';
    else {
      if (targetKey?.field !== 'amount') return no(s.target?.path ?? path, 'tamis aggregates the base amount only');
      fn = ({ sum: 'sum', average: 'avg', min: 'min', max: 'max', std_dev: 'stddev', variance: 'stddev' } as const)[s.aggregate as 'sum'];
    }
    const agg: ScenarioOperand = {
      agg: { fn, ...(of ? { of } : {}), over, window, ...(Object.keys(where).length > 0 ? { where } : {}), include_current: s.includeCurrent },
    };
    if (s.aggregate === 'variance') return { mul: [agg, agg] };
    if (s.aggregate === 'average_count_over_day') {
      const days = s.unit === 'minute' ? s.window / 1440 : s.unit === 'hour' ? s.window / 24 : s.unit === 'day' ? s.window : null;
      return days === null ? no(`${path}.value.window_unit`, 'average_count_over_day over months has no tamis equivalent') : { div: [agg, days] };
    }
    return agg;
  };

  /** A filter_spec as a tamis history filter: a conjunction of list tests on history keys and amount bounds. */
  const filter = (c: Condition, where: ScenarioHistoryFilter, values: SetValues): boolean => {
    const w = where as Record<string, unknown>;
    const set = (k: string, v: unknown, path: string): boolean => {
      if (k in w) return no(path, `two filters on ${k} have no tamis equivalent`) !== null;
      w[k] = v;
      return true;
    };
    const valueOf = (e: Expr): Value | undefined => folded(e, values);
    if (c.kind === 'logic' && c.op === 'and') return c.children.every((x) => filter(x, where, values));
    if (c.kind === 'any_of') {
      const key = exprKey(c.value);
      const hk = key ? own(FLAT_FIELDS, key)?.key : undefined;
      const list = c.list.kind === 'constant_list' ? c.list.values : (values[c.list.key] as Value[]);
      if (!hk || hk === 'counterparty') return no(c.path, 'this filter has no tamis equivalent') !== null;
      const listed = isCode(c.value) ? list.map((x) => up(x as ScenarioOperand) as ScenarioLiteral) : [...list];
      return set(hk, c.negate ? { not: listed } : listed, c.path);
    }
    if (c.kind === 'compare') {
      const key = exprKey(c.left);
      const v = valueOf(c.right);
      const flat = key ? own(FLAT_FIELDS, key) : undefined;
      if (flat && v !== undefined && v !== null) {
        if (flat.field === 'amount' && c.op === 'greater_than_or_equals') return set('amount_min', v, c.path);
        if (flat.field === 'amount' && c.op === 'less_than') return set('amount_max', v, c.path);
        if (flat.field === 'cash_pickup' && c.op === 'equals') return set('cash_pickup', v, c.path);
        const lv = isCode(c.left) ? (up(v as ScenarioOperand) as ScenarioLiteral) : v;
        if (flat.key && flat.key !== 'counterparty' && (c.op === 'equals' || c.op === 'not_equals')) return set(flat.key, c.op === 'equals' ? [lv] : { not: [lv] }, c.path);
      }
      if (c.op === 'equals' && c.left.kind === 'arith' && c.left.op === 'mod' && valueOf(c.right) === 0) {
        const [a, b] = c.left.args as [Expr, Expr];
        const unit = valueOf(b);
        if (exprKey(a) === 'transaction.monetary_details.base_value.amount' && typeof unit === 'number') return set('amount_multiple_of', unit, c.path);
      }
    }
    return no(c.path, 'this filter has no tamis equivalent (tamis filters are lists of history keys and amount bounds)') !== null;
  };

  /** A value known when converting: a constant, a parameter, or arithmetic on them. */
  const folded = (e: Expr, values: SetValues): Value | undefined => {
    if (e.kind === 'constant') return e.value;
    if (e.kind === 'param') return values[e.key] as Value;
    if (e.kind !== 'arith') return undefined;
    const xs = e.args.map((a) => folded(a, values));
    if (xs.some((x) => typeof x !== 'number')) return undefined;
    const ns = xs as number[];
    const [a, b] = ns as [number, number];
    switch (e.op) {
      case 'add':
        return ns.reduce((x, y) => x + y, 0);
      case 'multiply':
        return ns.reduce((x, y) => x * y, 1);
      case 'subtract':
        return a - b;
      case 'divide':
        return b === 0 ? undefined : a / b;
      case 'mod':
        return b === 0 ? undefined : a % b;
      case 'abs':
        return Math.abs(a);
    }
  };

  /** Hosted comparisons of codes ignore case; tamis compares as written, so literals are upper-cased. */
  const isCode = (e: Expr): boolean => {
    if (e.kind === 'block') return blocks.get(e.slug)?.code === true;
    if (e.kind !== 'field') return false;
    const r = resolveField(e.field);
    return !('error' in r) && r.code;
  };
  const up = (v: ScenarioOperand): ScenarioOperand => (typeof v === 'string' ? v.toUpperCase() : v);

  const condition = (c: Condition, values: SetValues): ScenarioCondition | null => {
    switch (c.kind) {
      case 'logic': {
        const items = c.children.map((x) => condition(x, values));
        if (items.some((x) => x === null)) return null;
        return c.op === 'and' ? { all: items as ScenarioCondition[] } : { any: items as ScenarioCondition[] };
      }
      case 'not': {
        const inner = condition(c.child, values);
        return inner && { not: inner };
      }
      case 'compare': {
        const fa = folded(c.left, values);
        const fb = folded(c.right, values);
        const a = fa !== undefined && c.left.kind === 'arith' ? fa : expr(c.left, values);
        const b = fb !== undefined && c.right.kind === 'arith' ? fb : expr(c.right, values);
        if (a === null || b === null) return null;
        const code = isCode(c.left) || isCode(c.right);
        return { compare: [code ? up(a) : a, OPS[c.op], code ? up(b) : b] };
      }
      case 'any_of': {
        const v = expr(c.value, values);
        const list = c.list.kind === 'constant_list' ? c.list.values : (values[c.list.key] as Value[]);
        if (v === null || (c.list.type !== 'string' && c.list.type !== 'number' && c.list.type !== 'boolean')) return v === null ? null : no(c.path, 'a list of dates has no tamis equivalent');
        const cond: ScenarioCondition = { in: { value: v, list: isCode(c.value) ? list.map((x) => up(x) as ScenarioLiteral) : [...list] } };
        return c.negate ? { not: cond } : cond;
      }
      case 'truth': {
        const v = expr(c.value, values);
        return v === null ? null : { compare: [v, '==', true] };
      }
      case 'regex':
        return no(c.path, 'regex_match has no tamis equivalent');
      case 'text':
        return no(c.path, `${c.op} has no tamis equivalent`);
    }
  };

  const segments = scenario.segments.map((set, i) => {
    const values = sets[i] as SetValues;
    const when = condition(scenario.specification, values);
    const bySegment: ScenarioCondition | null = set.identifiers.length > 0 ? { in: { value: { customer: 'segment', default: null }, list: set.identifiers } } : null;
    return {
      identifier: set.identifiers[0] && UUID.test(set.identifiers[0]) && !scenario.segments.slice(0, i).some((s) => s.identifiers[0] === set.identifiers[0]) ? set.identifiers[0] : derivedIdentifier(`${scenario.identifier}#segment-${i}`),
      name: set.name,
      outcome: set.action,
      priority: set.priority,
      when: (when && bySegment ? { all: [bySegment, when] } : when) as ScenarioCondition,
    };
  });
  if (scenario.segments.length === 0) no(`${scenario.root}.segments`, 'a template without segment sets has no tamis equivalent: compose it with an instance first');
  if (problems.length > 0) return { ok: false, error: problems };
  return {
    ok: true,
    value: { schema_version: 1, identifier: scenario.identifier, name: scenario.name, description: scenario.description, version: scenario.version, segments },
  };
}
