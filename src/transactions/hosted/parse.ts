/**
 * Loader and validator: a hosted-language document (bare or wrapped) into its parsed form (`ast.ts`). Every
 * problem is reported with the JSON path of the node that has it; all problems are collected, not only the first.
 * Types are checked afterwards (`check.ts`).
 */
import { createHash } from 'node:crypto';
import type { TransactionViolation } from '../types.js';
import {
  AGGREGATES,
  ARITHMETIC,
  COMPARISONS,
  OPERATOR_ALIASES,
  TEXT_OPERATORS,
  WINDOW_UNITS,
  type Aggregate,
  type AggregationSpec,
  type Arithmetic,
  type Comparison,
  type Condition,
  type Expr,
  type HostedScenario,
  type ListExpr,
  type ParamUse,
  type SegmentSet,
  type Source,
  type TextOperator,
  type WindowUnit,
} from './ast.js';
import type { BlockRegistry } from './blocks.js';
import { unwrapDocument } from './document.js';
import { mapEnumerationConstant } from './enumerations.js';
import { FIELD_ALIASES, resolveField } from './paths.js';
import { coerce, dataTypeOf, type DataType, type Value } from './values.js';
import { own, show } from '../../own.js';

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);

export interface LoadOptions {
  /** Scenario identifier (UUID); default: the document's `identifier`/`id`, else derived from its name. */
  identifier?: string;
  version?: number;
  name?: string;
  blocks: BlockRegistry;
}

export interface Parsed {
  scenario: HostedScenario;
  params: ParamUse[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A stable UUID (version 5 layout, SHA-1) for a scenario that carries none, from its name or its specification. */
export function derivedIdentifier(seed: string): string {
  const h = createHash('sha1').update(`tamis:hosted-scenario:${seed}`).digest('hex');
  const variant = ((parseInt(h[16] as string, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const AGGREGATE_ALIASES: Readonly<Record<string, Aggregate>> = {
  avg: 'average',
  mean: 'average',
  stddev: 'std_dev',
  std: 'std_dev',
  standard_deviation: 'std_dev',
  distinct_count: 'unique_count',
  count_distinct: 'unique_count',
};
const META_KEYS = new Set(['name', 'description', 'comment', 'id', 'uuid', 'evaluated_value', 'show_context']);

/** A string as written, or a prefixed enumeration constant as the V3 member it names. */
const literal = (v: unknown): unknown => (typeof v === 'string' ? mapEnumerationConstant(v) : v);

export function parseScenario(doc: unknown, options: LoadOptions): { ok: true; value: Parsed } | { ok: false; error: TransactionViolation[] } {
  const problems: TransactionViolation[] = [];
  const fail = (path: string, message: string, code = 'INVALID_SCENARIO') => {
    problems.push({ code, message, path });
  };
  if (!isObj(doc)) return { ok: false, error: [{ code: 'INVALID_SCENARIO', message: 'a scenario document is a JSON object', path: '$' }] };
  const u = unwrapDocument(doc);
  const root = u.root;
  const params: ParamUse[] = [];
  const blocks = options.blocks;

  const nameOf = (raw: Obj): string | null => (typeof raw.name === 'string' ? raw.name : null);

  const parseSource = (raw: unknown, path: string): Source | null => {
    if (typeof raw === 'string') {
      const alias = own(FIELD_ALIASES, raw);
      if (alias && 'block' in alias) return { kind: 'block', slug: alias.block, path };
      const r = resolveField(raw);
      if ('error' in r) {
        fail(path, r.error, 'UNKNOWN_FIELD_PATH');
        return null;
      }
      return { kind: 'field', field: raw, path };
    }
    if (isObj(raw) && typeof raw.value === 'string') {
      const type = show(raw.type ?? 'field').toLowerCase();
      if (type === 'block') {
        if (!blocks.has(raw.value)) {
          fail(`${path}.value`, `unknown block ${raw.value}`, 'UNKNOWN_BLOCK');
          return null;
        }
        return { kind: 'block', slug: raw.value, path };
      }
      if (type === 'field') return parseSource(raw.value, path);
    }
    fail(path, 'expected a field path or a { "type": "block" | "field", "value": ... } object');
    return null;
  };

  const parseAggregation = (value: unknown, path: string, inFilter: boolean): AggregationSpec | null => {
    if (inFilter) {
      fail(path, 'an aggregation cannot appear inside a filter_spec');
      return null;
    }
    if (!isObj(value)) {
      fail(`${path}.value`, 'an aggregation value is an object');
      return null;
    }
    let v: Obj = value;
    const vp = `${path}.value`;
    const aggRaw = show(v.aggregate ?? '').trim().toLowerCase();
    const aggregate = (own(AGGREGATE_ALIASES, aggRaw) ?? aggRaw) as Aggregate;
    if (!AGGREGATES.includes(aggregate)) fail(`${vp}.aggregate`, `aggregate must be one of ${AGGREGATES.join(', ')}`);
    let unit = show(v.window_unit ?? '').trim().toLowerCase();
    if (unit.endsWith('s')) unit = unit.slice(0, -1);
    if (unit === 'week' || unit === 'calendar_week') {
      // Not in the language; accepted as 7 days (7 calendar days) for documents that write it.
      unit = unit === 'week' ? 'day' : 'calendar_day';
      const w = coerce(v.window, 'number');
      if (w.ok && typeof w.value === 'number') v = { ...v, window: w.value * 7 };
    }
    const window = coerce(v.window, 'number');
    if (!window.ok || window.value === null || (window.value as number) <= 0)
      fail(`${vp}.window`, 'window is a positive number');
    if (!WINDOW_UNITS.includes(unit as WindowUnit)) fail(`${vp}.window_unit`, `window_unit must be one of ${WINDOW_UNITS.join(', ')}`);
    if (['year', 'month', 'calendar_day'].includes(unit) && window.ok && !Number.isInteger(window.value))
      fail(`${vp}.window`, `a ${unit} window is a whole number`);
    const flag = (key: string, dflt: boolean): boolean => {
      if (v[key] === undefined || v[key] === null) return dflt;
      const b = coerce(v[key], 'boolean');
      if (!b.ok) fail(`${vp}.${key}`, `${key} is a boolean`);
      return b.ok ? (b.value as boolean) : dflt;
    };
    const includeCurrent = flag('include_current_record', true);
    const excludeCurrentDay = flag('exclude_current_day', false);
    if (excludeCurrentDay && unit !== 'calendar_day') fail(`${vp}.exclude_current_day`, 'exclude_current_day applies to a calendar_day window only');
    const kind = v.type === undefined || v.type === null ? 'scalar' : show(v.type).toLowerCase();
    if (kind !== 'scalar' && kind !== 'hll') fail(`${vp}.type`, 'aggregation type is scalar or HLL');
    const target = v.target_field === undefined || v.target_field === null || v.target_field === '' ? null : parseSource(v.target_field, `${vp}.target_field`);
    if (target === null && aggregate !== 'count' && aggregate !== 'average_count_over_day' && v.target_field == null)
      fail(`${vp}.target_field`, `${aggregate} needs a target_field`);
    const grouping: Source[] = [];
    if (v.grouping_fields !== undefined && v.grouping_fields !== null) {
      if (!Array.isArray(v.grouping_fields)) fail(`${vp}.grouping_fields`, 'grouping_fields is a list');
      else
        v.grouping_fields.forEach((g, i) => {
          const s = parseSource(g, `${vp}.grouping_fields[${i}]`);
          if (s) grouping.push(s);
        });
    }
    let filter: Condition | null = null;
    const fs = v.filter_spec;
    if (fs !== undefined && fs !== null && !(isObj(fs) && Object.keys(fs).length === 0)) {
      if (!isObj(fs)) fail(`${vp}.filter_spec`, 'filter_spec is an operator tree');
      else filter = parseCondition(fs, `${vp}.filter_spec`, true);
    }
    return {
      aggregate,
      target,
      window: window.ok ? (window.value as number) : 1,
      unit: unit as WindowUnit,
      includeCurrent,
      excludeCurrentDay,
      grouping,
      filter,
      distinct: kind === 'hll',
      uuid: typeof v.uuid === 'string' ? v.uuid : null,
    };
  };

  const parseValueNode = (raw: Obj, path: string, inFilter: boolean): Expr | null => {
    const type = show(raw.type).trim().toLowerCase();
    const name = nameOf(raw);
    const defaultOf = (t: DataType): { hasDefault: boolean; dflt: Value } => {
      if (!('default' in raw) || raw.default === null || raw.default === undefined) return { hasDefault: false, dflt: null };
      const c = coerce(literal(raw.default), t);
      if (!c.ok) {
        fail(`${path}.default`, `default: ${c.message}`, 'TYPE_MISMATCH');
        return { hasDefault: false, dflt: null };
      }
      return { hasDefault: true, dflt: c.value };
    };
    switch (type) {
      case 'constant': {
        const declared = dataTypeOf(raw.datatype);
        if (raw.datatype !== undefined && raw.datatype !== null && !declared) fail(`${path}.datatype`, `unknown datatype ${show(raw.datatype)}`);
        const value = literal(raw.value);
        const t: DataType = declared ?? (typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'string');
        const c = coerce(value, t);
        if (!c.ok) fail(`${path}.value`, c.message, 'TYPE_MISMATCH');
        else if (c.value === null) fail(`${path}.value`, 'a constant has a value');
        return { kind: 'constant', type: t, value: c.ok ? c.value : null, name, path };
      }
      case 'field': {
        if (typeof raw.value !== 'string' || raw.value === '') {
          fail(`${path}.value`, 'a field value is a dotted path');
          return null;
        }
        const alias = own(FIELD_ALIASES, raw.value);
        if (alias && 'block' in alias) return parseValueNode({ ...raw, type: 'block', value: alias.block }, path, inFilter);
        const access = resolveField(raw.value);
        if ('error' in access) {
          fail(`${path}.value`, access.error, 'UNKNOWN_FIELD_PATH');
          return null;
        }
        const declared = dataTypeOf(raw.datatype);
        if (raw.datatype !== undefined && raw.datatype !== null && !declared) fail(`${path}.datatype`, `unknown datatype ${show(raw.datatype)}`);
        const d = raw.default;
        const t: DataType = declared ?? access.type ?? (typeof d === 'number' ? 'number' : typeof d === 'boolean' ? 'boolean' : 'string');
        return { kind: 'field', type: t, field: raw.value, ...defaultOf(t), name, path };
      }
      case 'segment_parameter':
      case 'segment': {
        if (typeof raw.value !== 'string' || raw.value === '') {
          fail(`${path}.value`, 'a segment parameter value is the key of its segment values');
          return null;
        }
        const t = dataTypeOf(raw.format) ?? dataTypeOf(raw.datatype) ?? inferParamType(raw.value);
        params.push({ key: raw.value, type: t, name, list: false, path });
        return { kind: 'param', type: t, key: raw.value, name, path };
      }
      case 'aggregation': {
        const spec = parseAggregation(raw.value, path, inFilter);
        return spec ? { kind: 'aggregation', spec, name, path } : null;
      }
      case 'block': {
        const slug = raw.value;
        const block = typeof slug === 'string' ? blocks.get(slug) : undefined;
        if (!block) {
          fail(`${path}.value`, `unknown block ${show(slug)}`, 'UNKNOWN_BLOCK');
          return null;
        }
        const t = dataTypeOf(raw.datatype) ?? block.datatype;
        return { kind: 'block', type: t, slug: block.slug, ...defaultOf(t), name, path };
      }
      case 'constant_list':
        fail(path, 'a constant_list is only the list operand of any_of / not_any_of');
        return null;
      default:
        fail(`${path}.type`, `unknown value type ${show(raw.type)}`, 'UNKNOWN_VALUE_TYPE');
        return null;
    }
  };

  /** Type of a segment parameter written without a format: what its values in the segment sets coerce to. */
  const inferParamType = (key: string): DataType => {
    const values = (Array.isArray(u.segments) ? u.segments : []).map((s) => (isObj(s) && isObj(s.values) ? s.values[key] : undefined));
    const present = values.filter((x) => x !== undefined && x !== null);
    if (present.length > 0 && present.every((x) => coerce(x, 'number').ok)) return 'number';
    if (present.length > 0 && present.every((x) => typeof x === 'boolean')) return 'boolean';
    return 'string';
  };

  const operatorOf = (raw: Obj, path: string): [string, string, unknown] | null => {
    const keys = Object.keys(raw).filter((k) => !META_KEYS.has(k));
    if (keys.length !== 1) {
      fail(path, keys.length === 0 ? 'expected an operator' : `expected one operator, found ${keys.join(', ')}`, 'UNKNOWN_OPERATOR');
      return null;
    }
    const written = keys[0] as string;
    const lower = written.toLowerCase();
    return [written, own(OPERATOR_ALIASES, lower) ?? lower, raw[written]];
  };

  const parseExpr = (raw: unknown, path: string, inFilter: boolean): Expr | null => {
    if (typeof raw === 'number' || typeof raw === 'boolean' || typeof raw === 'string')
      return parseValueNode({ type: 'constant', value: raw }, path, inFilter);
    if (!isObj(raw)) {
      fail(path, 'expected a value or an arithmetic operator');
      return null;
    }
    if ('type' in raw) return parseValueNode(raw, path, inFilter);
    const op = operatorOf(raw, path);
    if (!op) return null;
    const [written, canonical, arg] = op;
    if (!ARITHMETIC.includes(canonical as Arithmetic)) {
      fail(path, `${written} is not a value or an arithmetic operator`, 'UNKNOWN_OPERATOR');
      return null;
    }
    const list = canonical === 'abs' && !Array.isArray(arg) ? [arg] : arg;
    const arity = canonical === 'abs' ? 1 : 2;
    if (!Array.isArray(list) || list.length < arity || (list.length !== arity && canonical !== 'add' && canonical !== 'multiply')) {
      fail(`${path}.${written}`, `${written} takes ${arity === 1 ? 'one operand' : 'two operands'}`);
      return null;
    }
    const args = list.map((a, i) => parseExpr(a, `${path}.${written}[${i}]`, inFilter));
    if (args.some((a) => a === null)) return null;
    return { kind: 'arith', op: canonical as Arithmetic, args: args as Expr[], path };
  };

  const parseList = (raw: unknown, path: string): ListExpr | null => {
    if (Array.isArray(raw)) raw = { type: 'constant_list', values: raw };
    if (!isObj(raw)) {
      fail(path, 'expected a constant_list');
      return null;
    }
    const type = show(raw.type ?? '').toLowerCase();
    const name = nameOf(raw);
    if (type === 'segment_parameter' || type === 'segment') {
      if (typeof raw.value !== 'string') {
        fail(`${path}.value`, 'a segment parameter value is the key of its segment values');
        return null;
      }
      const t = dataTypeOf(raw.format) ?? dataTypeOf(raw.datatype) ?? 'string';
      params.push({ key: raw.value, type: t, name, list: true, path });
      return { kind: 'param_list', type: t, key: raw.value, name, path };
    }
    if (type !== 'constant_list' || !Array.isArray(raw.values)) {
      fail(path, 'the list operand is a constant_list with values');
      return null;
    }
    const values = raw.values.map(literal);
    const declared = dataTypeOf(raw.datatype);
    const t: DataType = declared ?? (values.every((x) => typeof x === 'number') && values.length > 0 ? 'number' : 'string');
    const out: Value[] = [];
    values.forEach((x, i) => {
      const c = coerce(x, t);
      if (!c.ok || c.value === null) fail(`${path}.values[${i}]`, c.ok ? 'a list value is not null' : c.message, 'TYPE_MISMATCH');
      else out.push(c.value);
    });
    return { kind: 'constant_list', type: t, values: out, name, path };
  };

  const parseCondition = (raw: unknown, path: string, inFilter: boolean): Condition | null => {
    if (!isObj(raw)) {
      fail(path, 'expected an operator object');
      return null;
    }
    if ('type' in raw) {
      const value = parseValueNode(raw, path, inFilter);
      return value ? { kind: 'truth', value, path } : null;
    }
    const op = operatorOf(raw, path);
    if (!op) return null;
    const [written, canonical, arg] = op;
    const at = `${path}.${written}`;
    if (canonical === 'and' || canonical === 'or') {
      if (!Array.isArray(arg)) {
        fail(at, `${written} takes a list`);
        return null;
      }
      const children = arg.map((c, i) => parseCondition(c, `${at}[${i}]`, inFilter));
      return children.every((c) => c !== null) ? { kind: 'logic', op: canonical, children: children as Condition[], path } : null;
    }
    if (canonical === 'not') {
      const inner = Array.isArray(arg) ? (arg.length === 1 ? arg[0] : undefined) : arg;
      if (inner === undefined) {
        fail(at, 'not takes one operand');
        return null;
      }
      const child = parseCondition(inner, Array.isArray(arg) ? `${at}[0]` : at, inFilter);
      return child ? { kind: 'not', child, path } : null;
    }
    if (canonical === 'regex_match') {
      const spec = Array.isArray(arg) ? { text: arg[0], pattern: arg[1] } : arg;
      if (!isObj(spec)) {
        fail(at, 'regex_match takes { text, pattern }');
        return null;
      }
      const text = parseExpr(spec.text, `${at}.text`, inFilter);
      const p = spec.pattern;
      const pattern = isObj(p) && String(p.type ?? 'constant').toLowerCase() === 'constant' ? p.value : p;
      if (typeof pattern !== 'string') {
        fail(`${at}.pattern`, 'pattern is a string (or a string constant)');
        return null;
      }
      return text ? { kind: 'regex', text, pattern, path } : null;
    }
    const pair = Array.isArray(arg) && arg.length === 2;
    if (COMPARISONS.includes(canonical as Comparison) || TEXT_OPERATORS.includes(canonical as TextOperator) || canonical === 'any_of' || canonical === 'not_any_of') {
      if (!pair) {
        fail(at, `${written} takes two operands`);
        return null;
      }
      const [a, b] = arg as [unknown, unknown];
      const left = parseExpr(a, `${at}[0]`, inFilter);
      if (canonical === 'any_of' || canonical === 'not_any_of') {
        const list = parseList(b, `${at}[1]`);
        return left && list ? { kind: 'any_of', negate: canonical === 'not_any_of', value: left, list, path } : null;
      }
      const right = parseExpr(b, `${at}[1]`, inFilter);
      if (!left || !right) return null;
      if (TEXT_OPERATORS.includes(canonical as TextOperator)) return { kind: 'text', op: canonical as TextOperator, text: left, part: right, path };
      return { kind: 'compare', op: canonical as Comparison, left, right, path };
    }
    if (ARITHMETIC.includes(canonical as Arithmetic)) fail(path, `${written} is arithmetic: it is an operand of a comparison, not a condition`);
    else fail(path, `unknown operator ${written}`, 'UNKNOWN_OPERATOR');
    return null;
  };

  // ---- document parts
  const specification = isObj(u.specification) ? parseCondition(u.specification, `${root}.specification`, false) : null;
  if (!isObj(u.specification)) fail(`${root}.specification`, 'a scenario has a specification (an operator tree)');

  const segments: SegmentSet[] = [];
  if (u.segments !== undefined && u.segments !== null && !Array.isArray(u.segments)) fail(`${root}.segments`, 'segments is a list');
  (Array.isArray(u.segments) ? u.segments : []).forEach((s, i) => {
    const sp = `${root}.segments[${i}]`;
    if (!isObj(s)) return fail(sp, 'a segment set is an object');
    const ids = s.identifiers ?? s.segment_identifiers ?? [];
    const identifiers = typeof ids === 'string' ? [ids] : Array.isArray(ids) && ids.every((x) => typeof x === 'string') ? (ids as string[]) : null;
    if (!identifiers) fail(`${sp}.identifiers`, 'identifiers is a list of customer segment identifiers');
    if (s.values !== undefined && s.values !== null && !isObj(s.values)) fail(`${sp}.values`, 'values is an object (parameter key → value)');
    const outcome = isObj(s.outcome) ? s.outcome : {};
    if (!isObj(s.outcome)) fail(`${sp}.outcome`, 'a segment set has an outcome { action, alert_priority }');
    const action = show(outcome.action ?? '').trim().toUpperCase();
    if (isObj(s.outcome) && action !== 'HOLD' && action !== 'ALLOW') fail(`${sp}.outcome.action`, 'action is HOLD or ALLOW');
    const priority = coerce(outcome.alert_priority, 'number');
    const p = priority.ok ? priority.value : null;
    if (isObj(s.outcome) && (typeof p !== 'number' || !Number.isInteger(p) || p < 1 || p > 9))
      fail(`${sp}.outcome.alert_priority`, 'alert_priority is an integer from 1 to 9');
    segments.push({
      identifiers: identifiers ?? [],
      name: typeof s.name === 'string' && s.name !== '' ? s.name : `Segment ${i + 1}`,
      values: isObj(s.values) ? s.values : {},
      action: action === 'HOLD' ? 'HOLD' : 'ALLOW',
      priority: typeof p === 'number' ? p : 9,
      path: sp,
    });
  });

  const parameters = isObj(u.parameters) ? u.parameters : {};
  if (u.parameters !== undefined && u.parameters !== null && !isObj(u.parameters)) fail(`${root}.parameters`, 'parameters is an object');
  const groupingRaw = parameters.risk_subject_groupings ?? parameters.risk_subject_grouping;
  const groupingKey = parameters.risk_subject_groupings !== undefined ? 'risk_subject_groupings' : 'risk_subject_grouping';
  const groupings = (groupingRaw === undefined || groupingRaw === null ? [] : Array.isArray(groupingRaw) ? groupingRaw : [groupingRaw]).map((g) =>
    show(g).trim().toUpperCase(),
  );
  groupings.forEach((g, i) => {
    if (!['CUSTOMER', 'COUNTERPARTY', 'TRANSACTION'].includes(g))
      fail(`${root}.parameters.${groupingKey}${Array.isArray(groupingRaw) ? `[${i}]` : ''}`, 'risk subject grouping is CUSTOMER, COUNTERPARTY or TRANSACTION');
  });

  if (options.identifier !== undefined && !UUID.test(options.identifier)) fail('$', 'the identifier option is a UUID');
  const docId = typeof u.identifier === 'string' && UUID.test(u.identifier) ? u.identifier : undefined;
  const name = options.name ?? (typeof u.name === 'string' && u.name.trim() !== '' ? u.name : undefined);
  const identifier = options.identifier ?? docId ?? derivedIdentifier(name ?? JSON.stringify(u.specification ?? null));
  const docVersion = coerce(u.version, 'number');
  const version = options.version ?? (docVersion.ok && Number.isInteger(docVersion.value) && (docVersion.value as number) >= 1 ? (docVersion.value as number) : 1);

  if (problems.length > 0 || !specification) return { ok: false, error: problems };
  return {
    ok: true,
    value: {
      scenario: {
        identifier,
        name: name ?? `Scenario ${identifier.slice(0, 8)}`,
        description: typeof u.description === 'string' ? u.description : '',
        version,
        riskSubjectGroupings: groupings,
        parameters,
        segments,
        specification,
        template: segments.length === 0,
        root,
      },
      params,
    },
  };
}
