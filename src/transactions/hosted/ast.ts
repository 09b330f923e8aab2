/**
 * The parsed form of a hosted-language scenario: every node keeps the JSON path of where it was written, so that
 * validation errors, evaluation errors and the trace point at the document.
 */
import type { DataType, Value } from './values.js';

export const COMPARISONS = [
  'equals',
  'not_equals',
  'greater_than',
  'less_than',
  'greater_than_or_equals',
  'less_than_or_equals',
] as const;
export type Comparison = (typeof COMPARISONS)[number];

/** The symbol of each comparison (in labels, and in the history predicates an aggregation filter becomes). */
export const COMPARISON_SYMBOL: Readonly<Record<Comparison, '==' | '!=' | '<' | '<=' | '>' | '>='>> = {
  equals: '==',
  not_equals: '!=',
  greater_than: '>',
  less_than: '<',
  greater_than_or_equals: '>=',
  less_than_or_equals: '<=',
};

/** Older or alternative spellings of the operators, mapped onto the canonical ones. */
export const OPERATOR_ALIASES: Readonly<Record<string, string>> = {
  greater_than_or_equal: 'greater_than_or_equals',
  less_than_or_equal: 'less_than_or_equals',
  not_equal: 'not_equals',
  equal: 'equals',
  none_of: 'not_any_of',
  sub: 'subtract',
  mul: 'multiply',
  div: 'divide',
  modulo: 'mod',
};

/** Text operators of tamis (extensions: the hosted service has `regex_match` only). */
export const TEXT_OPERATORS = ['contains', 'starts_with', 'ends_with'] as const;
export type TextOperator = (typeof TEXT_OPERATORS)[number];

export const ARITHMETIC = ['add', 'subtract', 'multiply', 'divide', 'mod', 'abs'] as const;
export type Arithmetic = (typeof ARITHMETIC)[number];

export const AGGREGATES = [
  'count',
  'sum',
  'average',
  'average_count_over_day',
  'max',
  'min',
  'variance',
  'unique_count',
  'std_dev',
] as const;
export type Aggregate = (typeof AGGREGATES)[number];

export const WINDOW_UNITS = ['year', 'month', 'day', 'calendar_day', 'hour', 'minute'] as const;
export type WindowUnit = (typeof WINDOW_UNITS)[number];

export type Condition =
  | { kind: 'logic'; op: 'and' | 'or'; children: Condition[]; path: string }
  | { kind: 'not'; child: Condition; path: string }
  | { kind: 'compare'; op: Comparison; left: Expr; right: Expr; path: string }
  | { kind: 'any_of'; negate: boolean; value: Expr; list: ListExpr; path: string }
  | { kind: 'regex'; text: Expr; pattern: string; path: string }
  | { kind: 'text'; op: TextOperator; text: Expr; part: Expr; path: string }
  /** A boolean value standing as a condition (`detector.<slug>.triggered`). */
  | { kind: 'truth'; value: Expr; path: string };

/** What an aggregation reads or groups by: a field path (or a short alias such as `amount`) or a block. */
export type Source = { kind: 'field'; field: string; path: string } | { kind: 'block'; slug: string; path: string };

export interface AggregationSpec {
  aggregate: Aggregate;
  /** Absent for a count. */
  target: Source | null;
  window: number;
  unit: WindowUnit;
  includeCurrent: boolean;
  excludeCurrentDay: boolean;
  grouping: Source[];
  filter: Condition | null;
  /** `type: HLL`: a count of distinct target values (computed exactly here). */
  distinct: boolean;
  uuid: string | null;
}

export type Expr =
  | { kind: 'constant'; type: DataType; value: Value; name: string | null; path: string }
  | { kind: 'field'; type: DataType; field: string; hasDefault: boolean; dflt: Value; name: string | null; path: string }
  | { kind: 'param'; type: DataType; key: string; name: string | null; path: string }
  | { kind: 'block'; type: DataType; slug: string; hasDefault: boolean; dflt: Value; name: string | null; path: string }
  | { kind: 'aggregation'; spec: AggregationSpec; name: string | null; path: string }
  | { kind: 'arith'; op: Arithmetic; args: Expr[]; path: string };

/** The list operand of `any_of` / `not_any_of`. */
export type ListExpr =
  | { kind: 'constant_list'; type: DataType; values: Value[]; name: string | null; path: string }
  | { kind: 'param_list'; type: DataType; key: string; name: string | null; path: string };

/** One parameter set: which customer segments it applies to, its parameter values and its outcome. */
export interface SegmentSet {
  identifiers: string[];
  name: string;
  /** Raw values by parameter key; coerced to each parameter's format when the scenario is checked. */
  values: Readonly<Record<string, unknown>>;
  action: 'HOLD' | 'ALLOW';
  priority: number;
  path: string;
}

/** A segment parameter as the specification uses it. */
export interface ParamUse {
  key: string;
  type: DataType;
  name: string | null;
  list: boolean;
  path: string;
}

export interface HostedScenario {
  identifier: string;
  name: string;
  description: string;
  version: number;
  /** `parameters.risk_subject_grouping(s)`: CUSTOMER, COUNTERPARTY, TRANSACTION. */
  riskSubjectGroupings: string[];
  parameters: Readonly<Record<string, unknown>>;
  segments: SegmentSet[];
  specification: Condition;
  /** True when the document has no segment sets (`segments: []`): a template to compose with an instance. */
  template: boolean;
  /** JSON path prefix of the specification and segments (`$.specification.value` for a wrapped document). */
  root: string;
}
