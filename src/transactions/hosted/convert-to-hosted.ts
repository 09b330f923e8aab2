/**
 * tamis scenario → hosted-language document. Each tamis segment becomes a segment set for all customers; with
 * several segments, a segment parameter `tamis_segment` selects the segment's condition, so the first segment whose
 * condition holds triggers, as in tamis. Constructs the hosted language cannot express are reported with the path of
 * the tamis node (code NOT_CONVERTIBLE); see docs/scenario-language.md for the list.
 */
import type { Result } from '../../errors.js';
import { compileScenario } from '../engine.js';
import type {
  ScenarioAggregate,
  ScenarioCondition,
  ScenarioDefinition,
  ScenarioFilterValue,
  ScenarioLiteral,
  ScenarioOperand,
} from '../scenario-types.js';
import type { TransactionViolation } from '../types.js';
import { own } from '../../own.js';

type Node = Record<string, unknown>;
type Lookups = Readonly<Record<string, readonly ScenarioLiteral[]>>;

export interface ToHostedOptions {
  /** Lookup lists the scenario names (`{ "lookup": name }`); they are written out as constant lists. */
  lookups?: Lookups;
  /** Write the wrapped form `{ name, description, specification: { value: {...} } }` (default: bare). */
  wrapped?: boolean;
}

/** tamis field → hosted field path or block, its type, whether it may be absent (filters then give a default). */
const FIELDS: Readonly<Record<string, { field?: string; block?: string; datatype: string }>> = {
  amount: { field: 'transaction.monetary_details.base_value.amount', datatype: 'number' },
  currency: { field: 'transaction.monetary_details.value.iso_3_currency_code', datatype: 'string' },
  direction: { field: 'transaction.monetary_details.direction', datatype: 'string' },
  type: { field: 'transaction.type', datatype: 'string' },
  country: { block: 'counterparty-country-code', datatype: 'string' },
  mcc: { field: 'transaction.monetary_details.card_payment.merchant.mcc_category_code', datatype: 'string' },
  payment_stage: { field: 'transaction.monetary_details.card_payment.payment_stage', datatype: 'string' },
  card_payment_type: { field: 'transaction.monetary_details.card_payment.card_payment_type', datatype: 'string' },
  payment_channel: { field: 'transaction.monetary_details.payment_channel', datatype: 'string' },
  cash_pickup: { block: 'cash-pickup', datatype: 'boolean' },
  customer: { field: 'transaction.customer_identifier.id', datatype: 'string' },
  counterparty: { block: 'counterparty-id', datatype: 'string' },
  day: { block: 'calendar-date', datatype: 'date' },
};

const OPS: Readonly<Record<string, string>> = {
  '>': 'greater_than',
  '>=': 'greater_than_or_equals',
  '<': 'less_than',
  '<=': 'less_than_or_equals',
  '==': 'equals',
  '!=': 'not_equals',
};

const datatypeOf = (v: ScenarioLiteral): string => (typeof v === 'number' ? 'number' : typeof v === 'boolean' ? 'boolean' : 'string');
const constant = (v: ScenarioLiteral): Node => ({ type: 'constant', value: v, datatype: datatypeOf(v), name: null });
const PLACEHOLDER = { string: '__MISSING__', number: -999_999_999_999, boolean: false } as const;

export function tamisToHosted(def: unknown, options: ToHostedOptions = {}): Result<Record<string, unknown>, TransactionViolation[]> {
  const compiled = compileScenario(def, options.lookups ? { lookups: options.lookups } : {});
  if (!compiled.ok) return compiled;
  const scenario = def as ScenarioDefinition;
  const problems: TransactionViolation[] = [];
  const no = (path: string, message: string): null => {
    problems.push({ code: 'NOT_CONVERTIBLE', message, path });
    return null;
  };
  const lookup = (name: string, path: string): readonly ScenarioLiteral[] | null => options.lookups?.[name] ?? no(path, `lookup list ${name} is not given`);

  const valueNode = (key: string, path: string, inFilter: boolean): Node | null => {
    const f = own(FIELDS, key);
    if (!f) return no(path, `${key} has no hosted equivalent`);
    const dflt = inFilter && (f.datatype === 'string' || f.datatype === 'boolean') ? { default: f.datatype === 'boolean' ? false : '' } : {};
    return f.block ? { type: 'block', value: f.block, datatype: f.datatype, ...dflt } : { type: 'field', value: f.field, datatype: f.datatype, ...dflt };
  };

  /** A counterparty key (`id:x`) as the counterparty-id block reads it (`x`). */
  const listValues = (key: string, values: readonly ScenarioLiteral[], path: string): ScenarioLiteral[] | null => {
    if (key !== 'counterparty') return [...values];
    const out: ScenarioLiteral[] = [];
    for (const v of values) {
      if (typeof v === 'string' && v.startsWith('id:')) out.push(v.slice(3));
      else return no(path, 'counterparties keyed by name have no hosted equivalent (counterparty-id reads identifiers)');
    }
    return out;
  };

  const list = (values: readonly ScenarioLiteral[], path: string): Node | null => {
    if (values.some((v) => v === null)) return no(path, 'null in a list has no hosted equivalent');
    const types = new Set(values.map(datatypeOf));
    if (types.size > 1) return no(path, 'a list mixing types has no hosted equivalent');
    return { type: 'constant_list', datatype: [...types][0] ?? 'string', values: [...values] };
  };

  const filterOf = (agg: ScenarioAggregate, path: string, grouping: unknown[]): Node[] | null => {
    const parts: Node[] = [];
    for (const [key, raw] of Object.entries(agg.where ?? {})) {
      const at = `${path}.where.${key}`;
      if (raw === undefined) continue;
      const amount = valueNode('amount', at, true) as Node;
      if (key === 'amount_min') parts.push({ greater_than_or_equals: [amount, constant(raw as number)] });
      else if (key === 'amount_max') parts.push({ less_than: [amount, constant(raw as number)] });
      else if (key === 'amount_multiple_of')
        parts.push({ and: [{ equals: [{ mod: [amount, constant(raw as number)] }, constant(0)] }, { not_equals: [amount, constant(0)] }] });
      else if (key === 'cash_pickup') parts.push({ equals: [valueNode('cash_pickup', at, true), constant(raw as boolean)] });
      else {
        let fv = raw as ScenarioFilterValue;
        const negate = typeof fv === 'object' && fv !== null && !Array.isArray(fv) && 'not' in fv;
        if (negate) fv = (fv as { not: ScenarioFilterValue }).not;
        if (fv === '$current') {
          if (negate) return no(at, '"not $current" has no hosted equivalent');
          const g = valueNode(key, at, false);
          if (!g) return null;
          grouping.push(g.type === 'block' ? { type: 'block', value: g.value } : g.value);
          continue;
        }
        const values = Array.isArray(fv) ? fv : lookup((fv as { lookup: string }).lookup, at);
        if (!values) return null;
        const mapped = listValues(key, values, at);
        const node = valueNode(key, at, true);
        const l = mapped && list(mapped, at);
        if (!node || !l) return null;
        parts.push({ [negate ? 'not_any_of' : 'any_of']: [node, l] });
      }
    }
    return parts;
  };

  const aggregation = (agg: ScenarioAggregate, path: string): Node | null => {
    if (agg.until) return no(`${path}.until`, 'a window ending before the transaction has no hosted equivalent');
    const [unit, n] = Object.entries(agg.window)[0] as [string, number];
    const grouping: unknown[] = [agg.over === 'counterparty' ? { type: 'block', value: 'counterparty-id' } : 'transaction.customer_identifier.id'];
    const filter = filterOf(agg, path, grouping);
    if (!filter) return null;
    const of = agg.of ?? 'amount';
    const target = agg.fn === 'count' ? null : valueNode(of, `${path}.of`, false);
    if (agg.fn !== 'count' && !target) return null;
    return {
      type: 'aggregation',
      value: {
        aggregate: { avg: 'average', stddev: 'std_dev' }[agg.fn as string] ?? agg.fn,
        ...(target ? { target_field: target.type === 'block' ? { type: 'block', value: target.value } : target.value } : {}),
        window: n,
        window_unit: unit.replace(/s$/, ''),
        include_current_record: agg.include_current ?? true,
        exclude_current_day: false,
        grouping_fields: grouping,
        type: 'scalar',
        ...(filter.length > 0 ? { filter_spec: filter.length === 1 ? filter[0] : { and: filter } } : {}),
      },
    };
  };

  const operand = (op: ScenarioOperand, path: string, hint: string): Node | null => {
    if (op === null) return no(path, 'null has no hosted equivalent (use a field default)');
    if (typeof op !== 'object') return constant(op);
    const o = op as Record<string, unknown>;
    const withDefault = (n: Node): Node | null => {
      if (!('default' in o) || o.default === null) return n;
      return { ...n, default: o.default };
    };
    if ('field' in o) {
      if (o.field === 'counterparty') return no(path, 'the counterparty key has no hosted equivalent outside aggregations');
      const n = valueNode(String(o.field), path, false);
      return n && withDefault(n);
    }
    if ('path' in o) {
      const p = String(o.path);
      if (!p.startsWith('details.') || p.startsWith('details.details.')) return no(path, `path ${p} has no hosted equivalent (only details.* outside the type-specific details)`);
      return withDefault({ type: 'field', value: `transaction.monetary_details.${p.slice('details.'.length).replace(/(^|\.)currency$/, '$1iso_3_currency_code')}`, datatype: hint });
    }
    if ('custom_field' in o || 'enrichment' in o) {
      const head = 'custom_field' in o ? 'custom_fields' : 'enrichments';
      const suffix = hint === 'number' ? 'decimal_value' : hint === 'boolean' ? 'boolean_value' : 'string_value';
      return withDefault({ type: 'field', value: `transaction.${head}.${String(o.custom_field ?? o.enrichment)}.${suffix}`, datatype: hint });
    }
    if ('customer' in o) return no(path, 'customer attributes of the evaluation context have no hosted equivalent (hosted paths read customer records)');
    if ('agg' in o) {
      if ('default' in o && o.default !== null) return no(path, 'a default on an aggregate has no hosted equivalent');
      return aggregation(o.agg as ScenarioAggregate, `${path}.agg`);
    }
    for (const [k, name] of [['add', 'add'], ['sub', 'subtract'], ['mul', 'multiply'], ['div', 'divide'], ['mod', 'mod']] as const) {
      if (k in o) {
        const args = (o[k] as ScenarioOperand[]).map((a, i) => operand(a, `${path}.${k}[${i}]`, 'number'));
        if (args.some((a) => a === null)) return null;
        return (args as Node[]).reduce((acc, a) => ({ [name]: [acc, a] }));
      }
    }
    return no(path, 'unknown operand');
  };

  const typeHint = (a: ScenarioOperand, b: ScenarioOperand): string => {
    for (const x of [a, b]) {
      if (typeof x === 'number') return 'number';
      if (typeof x === 'boolean') return 'boolean';
      if (typeof x === 'string') return 'string';
      if (x && typeof x === 'object' && ('agg' in x || 'add' in x || 'sub' in x || 'mul' in x || 'div' in x || 'mod' in x)) return 'number';
      if (x && typeof x === 'object' && 'field' in x) return own(FIELDS, x.field)?.datatype ?? 'string';
    }
    return 'string';
  };

  const condition = (c: ScenarioCondition, path: string): Node | null => {
    if ('all' in c || 'any' in c) {
      const key = 'all' in c ? 'all' : 'any';
      const items = ('all' in c ? c.all : c.any).map((x, i) => condition(x, `${path}.${key}[${i}]`));
      return items.every((x) => x !== null) ? { [key === 'all' ? 'and' : 'or']: items } : null;
    }
    if ('not' in c) {
      const inner = condition(c.not, `${path}.not`);
      return inner && { not: [inner] };
    }
    if ('compare' in c) {
      const [l, op, r] = c.compare;
      const hint = typeHint(l, r);
      const a = operand(l, `${path}.compare[0]`, hint);
      const b = operand(r, `${path}.compare[2]`, hint);
      return a && b && { [own(OPS, op) as string]: [a, b] };
    }
    if ('between' in c) {
      const v = operand(c.between.value, `${path}.between.value`, 'number');
      const lo = operand(c.between.min, `${path}.between.min`, 'number');
      const hi = operand(c.between.max, `${path}.between.max`, 'number');
      return v && lo && hi && { and: [{ greater_than_or_equals: [v, lo] }, { less_than: [v, hi] }] };
    }
    if ('in' in c) {
      const spec = c.in as { value: ScenarioOperand; list?: ScenarioLiteral[]; lookup?: string };
      const values = spec.list ?? lookup(spec.lookup as string, `${path}.in.lookup`);
      if (!values) return null;
      const hint = values.length > 0 ? datatypeOf(values[0] as ScenarioLiteral) : 'string';
      const v = operand(spec.value, `${path}.in.value`, hint);
      const l = list(values, `${path}.in`);
      return v && l && { any_of: [v, l] };
    }
    if ('exists' in c) {
      const x = c.exists as Record<string, unknown> | null;
      if (x && typeof x === 'object' && x.field === 'counterparty') {
        const guard = (slug: string): Node => ({ not_equals: [{ type: 'block', value: slug, datatype: 'string', default: PLACEHOLDER.string }, constant(PLACEHOLDER.string)] });
        return { or: [guard('counterparty-id'), guard('counterparty-name')] };
      }
      const hint = typeHint(c.exists, null);
      const v = operand(c.exists, `${path}.exists`, hint);
      if (!v) return null;
      const ph = PLACEHOLDER[hint as keyof typeof PLACEHOLDER] ?? PLACEHOLDER.string;
      if (v.type !== 'field' && v.type !== 'block') return no(`${path}.exists`, 'exists applies to fields only in the hosted language');
      return { not_equals: [{ ...v, default: ph }, constant(ph)] };
    }
    return no(path, 'counterparty screening has no hosted equivalent');
  };

  const many = scenario.segments.length > 1;
  const branches = scenario.segments.map((seg, i) => {
    const cond = condition(seg.when, `$.segments[${i}].when`);
    if (!cond || !many) return cond;
    return { and: [{ equals: [{ type: 'segment_parameter', value: 'tamis_segment', name: 'tamis segment', format: 'number' }, constant(i)] }, cond] };
  });
  if (problems.length > 0) return { ok: false, error: problems };
  const body = {
    segments: scenario.segments.map((seg, i) => ({
      identifiers: [],
      name: seg.name,
      values: many ? { tamis_segment: i } : {},
      outcome: { action: seg.outcome, alert_priority: seg.priority },
    })),
    parameters: { risk_subject_grouping: 'CUSTOMER' },
    specification: many ? { or: branches } : branches[0],
  };
  const meta = { identifier: scenario.identifier, name: scenario.name, description: scenario.description, version: scenario.version };
  return { ok: true, value: options.wrapped ? { ...meta, specification: { value: body } } : { ...meta, ...body } };
}
