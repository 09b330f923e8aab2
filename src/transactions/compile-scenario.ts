/**
 * Compile a tamis-format scenario definition once into plain functions (the engine evaluates them: engine.ts):
 * schema check, semantic rules, conditions, operands and aggregates.
 */
import type { ValidateFunction } from 'ajv';
import type { Result } from '../errors.js';
import type { Screener } from '../screening/types.js';
import type { HistoryRecord } from './ports.js';
import { EvalFailure } from './eval-failure.js';
import { counterpartyOf } from './record.js';
import {
  scenarioSchema,
  type ScenarioAggregate,
  type CompareOp,
  type ScenarioCondition,
  type ScenarioLiteral,
  type ScenarioOperand,
  type ScenarioDefinition,
  type ScreenCondition,
} from './scenario-types.js';
import type { PartyIdentification, TransactionViolation } from './types.js';
import { strictAjv, violationsFromAjv } from './validation.js';
import { DAY_MS } from './history-aggregates.js';
import {
  compileAggregate,
  fmt,
  type AggregateCompileContext,
  type CompiledOperand,
  type OperandFn,
} from './tamis-aggregate.js';
import type {
  AnyTransaction,
  CompileOptions,
  CompiledScenario,
  ConditionFn,
  ConditionTrace,
  Env,
  SegmentTrace,
} from './engine-types.js';

let scenarioValidator: ValidateFunction | undefined;
let compilations = 0;
function validateScenarioShape(def: unknown): TransactionViolation[] {
  if (!scenarioValidator) {
    scenarioValidator = strictAjv().compile(scenarioSchema);
  }
  if (scenarioValidator(def)) return [];
  return violationsFromAjv(scenarioValidator.errors ?? []).map((v) => ({ ...v, code: 'INVALID_SCENARIO' }));
}

/** Validate a scenario definition against the scenario schema and its semantic rules; compile it. */
export function compileScenario(def: unknown, options: CompileOptions = {}): Result<CompiledScenario, TransactionViolation[]> {
  const shape = validateScenarioShape(def);
  if (shape.length > 0) return { ok: false, error: shape };
  const compileSerial = ++compilations;
  const scenario = def as ScenarioDefinition;
  const lookups = new Map<string, Set<ScenarioLiteral>>();
  for (const [name, values] of Object.entries(options.lookups ?? {})) lookups.set(name, new Set(values));
  const problems: TransactionViolation[] = [];
  const seen = new Set<string>();
  let usesScreening = false;

  const lookup = (name: string, path: string): Set<ScenarioLiteral> => {
    const set = lookups.get(name);
    if (!set) {
      problems.push({ code: 'UNKNOWN_LOOKUP_LIST', message: `lookup list ${name} is not defined`, path });
      return new Set();
    }
    return set;
  };

  const aggregateContext: AggregateCompileContext = { lookup, problems, serial: compileSerial };

  // -------- operands
  const withDefault = (
    get: (env: Env) => unknown,
    hasDefault: boolean,
    dflt: ScenarioLiteral | undefined,
    code: string,
    what: string,
    path: string,
  ): OperandFn => {
    if (hasDefault) {
      return (env) => {
        const v = get(env);
        return v === undefined || v === null ? dflt : v;
      };
    }
    return (env) => {
      const v = get(env);
      if (v === undefined || v === null) throw new EvalFailure(code, `${what} is missing and has no default`, path);
      return v;
    };
  };

  const compileOperand = (op: ScenarioOperand, path: string): CompiledOperand => {
    if (op === null || typeof op !== 'object') return { fn: () => op, label: fmt(op) };
    const o = op as Record<string, unknown>;
    const hasDefault = 'default' in o;
    const dflt = o.default as ScenarioLiteral | undefined;
    const dl = hasDefault ? ` ?? ${fmt(dflt)}` : '';
    if ('field' in o) {
      const f = o.field as keyof HistoryRecord;
      return {
        fn: withDefault((env) => env.rec[f], hasDefault, dflt, 'MISSING_FIELD', `field ${String(f)}`, path),
        label: `${String(f)}${dl}`,
      };
    }
    if ('path' in o) {
      const parts = String(o.path).split('.');
      const get = (env: Env) => {
        let v: unknown = env.tx;
        for (const p of parts) {
          if (v === null || typeof v !== 'object') return undefined;
          v = (v as Record<string, unknown>)[p];
        }
        return v;
      };
      return {
        fn: withDefault(get, hasDefault, dflt, 'MISSING_FIELD', `path ${String(o.path)}`, path),
        label: `tx.${String(o.path)}${dl}`,
      };
    }
    if ('customer' in o) {
      const name = String(o.customer);
      const get = (env: Env): unknown => {
        const c = env.customer;
        if (name === 'risk_level') return c.risk_level;
        if (name === 'segment') return c.segment;
        if (name === 'account_age_days') {
          if (!c.account_opened_at) return undefined;
          const opened = Date.parse(c.account_opened_at);
          if (Number.isNaN(opened)) throw new EvalFailure('BAD_DATA', 'customer account_opened_at is not a date', path);
          return Math.floor((env.rec.t - opened) / DAY_MS);
        }
        return c.attributes?.[name];
      };
      return {
        fn: withDefault(get, hasDefault, dflt, 'MISSING_CUSTOMER_ATTRIBUTE', `customer attribute ${name}`, path),
        label: `customer.${name}${dl}`,
      };
    }
    if ('custom_field' in o) {
      const key = String(o.custom_field);
      const get = (env: Env): unknown => {
        const f = env.tx.custom_fields?.find((c) => c.key === key);
        if (!f) return undefined;
        return f.value.data_type === 'TEXT' ? f.value.text : f.value.decimal;
      };
      return {
        fn: withDefault(get, hasDefault, dflt, 'MISSING_FIELD', `custom field ${key}`, path),
        label: `custom_field.${key}${dl}`,
      };
    }
    if ('enrichment' in o) {
      const key = String(o.enrichment);
      const get = (env: Env): unknown => {
        const list = env.enrichments ?? ('enrichments' in env.tx ? env.tx.enrichments : undefined);
        const e = list?.find((x) => x.key === key);
        if (!e) return undefined;
        const v = e.value;
        return v.data_type === 'TEXT' ? v.text : v.data_type === 'DECIMAL' ? v.decimal : v.boolean;
      };
      return {
        fn: withDefault(get, hasDefault, dflt, 'MISSING_FIELD', `enrichment ${key}`, path),
        label: `enrichment.${key}${dl}`,
      };
    }
    if ('agg' in o) {
      const inner = compileAggregate(o.agg as ScenarioAggregate, `${path}.agg`, aggregateContext);
      const fn: OperandFn = hasDefault
        ? (env) => {
            const v = inner.fn(env);
            return v === null ? dflt : v;
          }
        : inner.fn;
      return { fn, label: `${inner.label}${dl}` };
    }
    for (const k of ['add', 'sub', 'mul', 'div', 'mod'] as const) {
      if (k in o) {
        const args = (o[k] as ScenarioOperand[]).map((a, i) => compileOperand(a, `${path}.${k}[${i}]`));
        const sym = { add: '+', sub: '-', mul: '*', div: '/', mod: '%' }[k];
        const label = `(${args.map((a) => a.label).join(` ${sym} `)})`;
        const fn: OperandFn = (env) => {
          const vals = args.map((a) => a.fn(env));
          for (const v of vals) {
            if (v === null) return null;
            if (typeof v !== 'number' || !Number.isFinite(v))
              throw new EvalFailure('BAD_DATA', `arithmetic on a non-number (${fmt(v)})`, path);
          }
          const ns = vals as number[];
          const a = ns[0] as number;
          const b = ns[1] as number;
          switch (k) {
            case 'add':
              return ns.reduce((s, x) => s + x, 0);
            case 'sub':
              return a - b;
            case 'mul':
              return a * b;
            case 'div':
              return b === 0 ? null : a / b;
            case 'mod':
              return b === 0 ? null : a % b;
          }
        };
        return { fn, label };
      }
    }
    throw new Error(`unreachable operand at ${path}`);
  };

  // -------- conditions
  const compileCondition = (c: ScenarioCondition, path: string): ConditionFn => {
    if ('all' in c) {
      const parts = c.all.map((x, i) => compileCondition(x, `${path}.all[${i}]`));
      return (env) => {
        for (const p of parts) if (!p(env)) return false;
        return true;
      };
    }
    if ('any' in c) {
      const parts = c.any.map((x, i) => compileCondition(x, `${path}.any[${i}]`));
      return (env) => {
        for (const p of parts) if (p(env)) return true;
        return false;
      };
    }
    if ('not' in c) {
      const inner = compileCondition(c.not, `${path}.not`);
      return (env) => !inner(env);
    }
    if ('compare' in c) {
      const [l, op, r] = c.compare;
      const left = compileOperand(l, `${path}.compare[0]`);
      const right = compileOperand(r, `${path}.compare[2]`);
      const expr = `${left.label} ${op} ${right.label}`;
      const cmp = comparator(op, path);
      return (env) => {
        const lv = left.fn(env);
        const rv = right.fn(env);
        const result = cmp(lv, rv);
        env.trace.push({ path, expr, result, left: lv, op, right: rv });
        return result;
      };
    }
    if ('between' in c) {
      const value = compileOperand(c.between.value, `${path}.between.value`);
      const min = compileOperand(c.between.min, `${path}.between.min`);
      const max = compileOperand(c.between.max, `${path}.between.max`);
      const expr = `${min.label} <= ${value.label} < ${max.label}`;
      return (env) => {
        const v = value.fn(env);
        const lo = min.fn(env);
        const hi = max.fn(env);
        let result = false;
        if (v !== null && lo !== null && hi !== null) {
          if (typeof v !== 'number' || typeof lo !== 'number' || typeof hi !== 'number')
            throw new EvalFailure('BAD_DATA', 'between needs numbers', path);
          result = v >= lo && v < hi;
        }
        env.trace.push({ path, expr, result, value: v, min: lo, max: hi });
        return result;
      };
    }
    if ('in' in c) {
      const spec = c.in as { value: ScenarioOperand; list?: ScenarioLiteral[]; lookup?: string };
      const value = compileOperand(spec.value, `${path}.in.value`);
      const set = spec.lookup !== undefined ? lookup(spec.lookup, `${path}.in.lookup`) : new Set(spec.list ?? []);
      const listLabel = spec.lookup !== undefined ? `lookup:${spec.lookup}` : `[${(spec.list ?? []).map(fmt).join(', ')}]`;
      const expr = `${value.label} in ${listLabel}`;
      return (env) => {
        const v = value.fn(env);
        const result = v !== null && set.has(v as ScenarioLiteral);
        env.trace.push({ path, expr, result, value: v });
        return result;
      };
    }
    if ('exists' in c) {
      const value = compileOperand(c.exists, `${path}.exists`);
      const expr = `exists ${value.label}`;
      return (env) => {
        let v: unknown;
        try {
          v = value.fn(env);
        } catch (e) {
          if (e instanceof EvalFailure && e.code.startsWith('MISSING')) v = null;
          else throw e;
        }
        const result = v !== null && v !== undefined;
        env.trace.push({ path, expr, result, value: v ?? null });
        return result;
      };
    }
    if ('screen' in c) {
      usesScreening = true;
      return compileScreen(c.screen, path);
    }
    throw new Error(`unreachable condition at ${path}`);
  };

  const comparator = (op: CompareOp, path: string): ((a: unknown, b: unknown) => boolean) => {
    if (op === '==') return (a, b) => a === b;
    if (op === '!=') return (a, b) => a !== b;
    return (a, b) => {
      if (a === null || b === null || a === undefined || b === undefined) return false;
      if (typeof a !== typeof b || (typeof a !== 'number' && typeof a !== 'string'))
        throw new EvalFailure('BAD_DATA', `cannot order ${fmt(a)} and ${fmt(b)}`, path);
      const x = a as number;
      const y = b as number;
      switch (op) {
        case '>':
          return x > y;
        case '>=':
          return x >= y;
        case '<':
          return x < y;
        default:
          return x <= y;
      }
    };
  };

  const compileScreen = (s: ScreenCondition, path: string): ConditionFn => {
    const expr = `screen ${s.parties.join(', ')}${s.min_score !== undefined ? ` score>=${s.min_score}` : ''}${
      s.types ? ` types ${s.types.join(',')}` : ''
    }`;
    return (env) => {
      const screener = env.screener;
      if (!screener) throw new EvalFailure('SCREENER_UNAVAILABLE', 'no screener was provided for a screening condition', path);
      env.screenedAny = true;
      const screened: NonNullable<ConditionTrace['screened']> = [];
      let result = false;
      for (const party of s.parties) {
        const name = partyName(env.tx, party);
        if (!name) continue;
        const cacheKey = `screen\u0000${name}\u0000${s.types?.join(',') ?? ''}\u0000${s.fuzziness ?? ''}`;
        let hits = env.cache.get(cacheKey) as Array<{ id: string; name: string; score: number }> | undefined;
        if (!hits) {
          let res: ReturnType<Screener['search']>;
          try {
            res = screener.search({
              search_term: name,
              ...(s.fuzziness !== undefined ? { fuzziness: s.fuzziness } : {}),
              ...(s.types ? { filters: { types: s.types } } : {}),
            });
          } catch (e) {
            throw new EvalFailure('SCREENING_FAILED', `screening ${party} failed: ${e instanceof Error ? e.message : String(e)}`, path);
          }
          if (!res.ok) throw new EvalFailure('SCREENING_FAILED', `screening ${party} failed: ${res.error.message}`, path);
          hits = res.value.hits.map((h) => ({ id: h.doc.id, name: h.doc.name, score: h.score }));
          env.cache.set(cacheKey, hits);
        }
        const kept = s.min_score === undefined ? hits : hits.filter((h) => h.score >= (s.min_score as number));
        screened.push({ party, name, hits: kept });
        if (kept.length > 0) result = true;
      }
      if (result) env.screenHit = true;
      env.trace.push({ path, expr, result, screened });
      return result;
    };
  };

  const segments = scenario.segments.map((seg, i) => {
    if (seen.has(seg.identifier))
      problems.push({ code: 'INVALID_SCENARIO', message: 'duplicate segment identifier', path: `$.segments[${i}].identifier` });
    seen.add(seg.identifier);
    return { seg, when: compileCondition(seg.when, `segments[${i}].when`) };
  });
  if (problems.length > 0) return { ok: false, error: problems };

  const run = (env: Env, trace: SegmentTrace[]): number => {
    for (let i = 0; i < segments.length; i++) {
      const { seg, when } = segments[i] as (typeof segments)[number];
      const conditions: ConditionTrace[] = [];
      env.trace = conditions;
      const st: SegmentTrace = {
        identifier: seg.identifier,
        name: seg.name,
        outcome: seg.outcome,
        priority: seg.priority,
        matched: false,
        conditions,
      };
      trace.push(st);
      if (when(env)) {
        st.matched = true;
        return i;
      }
    }
    return -1;
  };

  return {
    ok: true,
    value: {
      definition: scenario,
      ref: { identifier: scenario.identifier, name: scenario.name, version: scenario.version, description: scenario.description },
      usesScreening,
      run,
    },
  };
}

function partyName(tx: AnyTransaction, party: string): string | null {
  const details = tx.details;
  const d = details.details;
  let p: PartyIdentification | null | undefined;
  if (party === 'counterparty') p = counterpartyOf(details);
  else if (d.type === 'CARD_PAYMENT') p = party === 'creditor' ? d.merchant?.details : party === 'debtor' ? d.card_holder?.details : null;
  else if (party === 'creditor') p = d.type === 'REMITTANCE' ? d.creditor.details : d.creditor;
  else if (party === 'debtor') p = d.debtor;
  else if (party === 'ultimate_creditor') p = d.ultimate_creditor;
  else if (party === 'ultimate_debtor') p = d.ultimate_debtor;
  const name = p?.name?.trim();
  return name ? name : null;
}
