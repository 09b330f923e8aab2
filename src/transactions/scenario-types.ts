/**
 * The scenario language: scenarios are versioned JSON data, validated by `scenarioSchema`, compiled once into plain
 * functions by `compileScenario`.
 */
import type { SegmentOutcome } from './enums.js';
import type { JsonSchema } from './schemas.js';

export const SCENARIO_SCHEMA_VERSION = 1;

export type ScenarioLiteral = number | string | boolean | null;

/** Virtual fields of the current transaction (see `toHistoryRecord`). */
export const SCENARIO_FIELDS = [
  'amount',
  'currency',
  'direction',
  'type',
  'counterparty',
  'country',
  'mcc',
  'payment_stage',
  'card_payment_type',
  'payment_channel',
  'cash_pickup',
] as const;
export type ScenarioField = (typeof SCENARIO_FIELDS)[number];

/** Fields a history filter or `of` can use (the history record's). */
export const HISTORY_KEYS = [
  'currency',
  'direction',
  'type',
  'counterparty',
  'country',
  'mcc',
  'payment_stage',
  'card_payment_type',
  'payment_channel',
  'customer',
] as const;
export type HistoryKey = (typeof HISTORY_KEYS)[number];

export const AGGREGATE_FUNCTIONS = ['count', 'sum', 'avg', 'min', 'max', 'unique_count', 'stddev'] as const;
export type AggregateFunction = (typeof AGGREGATE_FUNCTIONS)[number];

export const COMPARE_OPS = ['>', '>=', '<', '<=', '==', '!='] as const;
export type CompareOp = (typeof COMPARE_OPS)[number];

export const SCREEN_PARTIES = ['creditor', 'debtor', 'ultimate_creditor', 'ultimate_debtor', 'counterparty'] as const;
export type ScreenParty = (typeof SCREEN_PARTIES)[number];

/** A time span; exactly one unit. Months are calendar months (UTC). */
export type ScenarioWindow = { minutes: number } | { hours: number } | { days: number } | { months: number };

/** A filter value: allowed values, the current transaction's value (`"$current"`), or a lookup list. */
export type ScenarioFilterValue = ScenarioLiteral[] | '$current' | { lookup: string } | { not: ScenarioLiteral[] | '$current' | { lookup: string } };

export interface ScenarioHistoryFilter {
  currency?: ScenarioFilterValue;
  direction?: ScenarioFilterValue;
  type?: ScenarioFilterValue;
  counterparty?: ScenarioFilterValue;
  country?: ScenarioFilterValue;
  mcc?: ScenarioFilterValue;
  payment_stage?: ScenarioFilterValue;
  card_payment_type?: ScenarioFilterValue;
  payment_channel?: ScenarioFilterValue;
  customer?: ScenarioFilterValue;
  /** Base amount at least this (inclusive). */
  amount_min?: number;
  /** Base amount below this (exclusive). */
  amount_max?: number;
  /** Base amount an exact multiple of this. */
  amount_multiple_of?: number;
  cash_pickup?: boolean;
}

export interface ScenarioAggregate {
  fn: AggregateFunction;
  /** What to aggregate: `amount` (default) for numeric functions; a history key or `day` for `unique_count`. */
  of?: 'amount' | HistoryKey | 'day';
  /** Whose history: the customer's (default) or the current counterparty's. */
  over?: 'customer' | 'counterparty';
  window: ScenarioWindow;
  /** End the window this long before the transaction (default: at the transaction). */
  until?: ScenarioWindow;
  where?: ScenarioHistoryFilter;
  /** Count the current transaction when it passes the filter and the window ends at it (default true). */
  include_current?: boolean;
}

export type ScenarioOperand =
  | ScenarioLiteral
  | { field: ScenarioField; default?: ScenarioLiteral }
  | { path: string; default?: ScenarioLiteral }
  | { customer: string; default?: ScenarioLiteral }
  | { custom_field: string; default?: ScenarioLiteral }
  | { enrichment: string; default?: ScenarioLiteral }
  | { agg: ScenarioAggregate; default?: ScenarioLiteral }
  | { add: ScenarioOperand[] }
  | { sub: [ScenarioOperand, ScenarioOperand] }
  | { mul: [ScenarioOperand, ScenarioOperand] }
  | { div: [ScenarioOperand, ScenarioOperand] }
  | { mod: [ScenarioOperand, ScenarioOperand] };

export interface ScreenCondition {
  parties: ScreenParty[];
  /** Minimum hit score; any hit counts when absent. */
  min_score?: number;
  types?: string[];
  fuzziness?: number;
}

export type ScenarioCondition =
  | { all: ScenarioCondition[] }
  | { any: ScenarioCondition[] }
  | { not: ScenarioCondition }
  | { compare: [ScenarioOperand, CompareOp, ScenarioOperand] }
  | { between: { value: ScenarioOperand; min: ScenarioOperand; max: ScenarioOperand } }
  | { in: { value: ScenarioOperand; list: ScenarioLiteral[] } }
  | { in: { value: ScenarioOperand; lookup: string } }
  | { exists: ScenarioOperand }
  | { screen: ScreenCondition };

export interface ScenarioSegment {
  /** UUID of the segment (the risk's `triggered_segment.identifiers`; the `risk_identifier` of a mute). */
  identifier: string;
  name: string;
  outcome: SegmentOutcome;
  /** 1 (highest) to 9. */
  priority: number;
  when: ScenarioCondition;
}

export interface ScenarioDefinition {
  schema_version: 1;
  identifier: string;
  name: string;
  description: string;
  version: number;
  segments: ScenarioSegment[];
}

const literal: JsonSchema = { type: ['number', 'string', 'boolean', 'null'] };
const windowSchema: JsonSchema = {
  type: 'object',
  minProperties: 1,
  maxProperties: 1,
  additionalProperties: false,
  properties: {
    minutes: { type: 'integer', minimum: 1 },
    hours: { type: 'integer', minimum: 1 },
    days: { type: 'integer', minimum: 1 },
    months: { type: 'integer', minimum: 1 },
  },
};
const filterValue: JsonSchema = {
  anyOf: [
    { type: 'array', items: literal, minItems: 1 },
    { const: '$current' },
    { type: 'object', required: ['lookup'], additionalProperties: false, properties: { lookup: { type: 'string' } } },
    {
      type: 'object',
      required: ['not'],
      additionalProperties: false,
      properties: {
        not: {
          anyOf: [
            { type: 'array', items: literal, minItems: 1 },
            { const: '$current' },
            { type: 'object', required: ['lookup'], additionalProperties: false, properties: { lookup: { type: 'string' } } },
          ],
        },
      },
    },
  ],
};
const one = (key: string, value: JsonSchema, extra: Record<string, JsonSchema> = {}): JsonSchema => ({
  type: 'object',
  required: [key],
  additionalProperties: false,
  properties: { [key]: value, ...extra },
});
const defaultProp = { default: literal };

/** JSON Schema of a scenario definition (draft-07). */
export const scenarioSchema: JsonSchema = {
  $id: 'https://tamis.dev/schemas/scenario-v1.json',
  type: 'object',
  required: ['schema_version', 'identifier', 'name', 'description', 'version', 'segments'],
  additionalProperties: false,
  properties: {
    schema_version: { const: SCENARIO_SCHEMA_VERSION },
    identifier: { type: 'string', format: 'uuid' },
    name: { type: 'string', minLength: 1, maxLength: 256 },
    description: { type: 'string' },
    version: { type: 'integer', minimum: 1, maximum: 2147483647 },
    segments: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['identifier', 'name', 'outcome', 'priority', 'when'],
        additionalProperties: false,
        properties: {
          identifier: { type: 'string', format: 'uuid' },
          name: { type: 'string', minLength: 1, maxLength: 256 },
          outcome: { enum: ['ALLOW', 'HOLD'] },
          priority: { type: 'integer', minimum: 1, maximum: 9 },
          when: { $ref: '#/definitions/condition' },
        },
      },
    },
  },
  definitions: {
    window: windowSchema,
    filter: {
      type: 'object',
      additionalProperties: false,
      properties: {
        ...Object.fromEntries(HISTORY_KEYS.map((k) => [k, filterValue])),
        amount_min: { type: 'number' },
        amount_max: { type: 'number' },
        amount_multiple_of: { type: 'number', exclusiveMinimum: 0 },
        cash_pickup: { type: 'boolean' },
      },
    },
    aggregate: {
      type: 'object',
      required: ['fn', 'window'],
      additionalProperties: false,
      properties: {
        fn: { enum: [...AGGREGATE_FUNCTIONS] },
        of: { enum: ['amount', ...HISTORY_KEYS, 'day'] },
        over: { enum: ['customer', 'counterparty'] },
        window: { $ref: '#/definitions/window' },
        until: { $ref: '#/definitions/window' },
        where: { $ref: '#/definitions/filter' },
        include_current: { type: 'boolean' },
      },
    },
    operand: {
      anyOf: [
        literal,
        one('field', { enum: [...SCENARIO_FIELDS] }, defaultProp),
        one('path', { type: 'string', minLength: 1 }, defaultProp),
        one('customer', { type: 'string', minLength: 1 }, defaultProp),
        one('custom_field', { type: 'string', minLength: 1 }, defaultProp),
        one('enrichment', { type: 'string', minLength: 1 }, defaultProp),
        one('agg', { $ref: '#/definitions/aggregate' }, defaultProp),
        one('add', { type: 'array', minItems: 2, items: { $ref: '#/definitions/operand' } }),
        ...['sub', 'mul', 'div', 'mod'].map((k) =>
          one(k, { type: 'array', minItems: 2, maxItems: 2, items: { $ref: '#/definitions/operand' } }),
        ),
      ],
    },
    condition: {
      anyOf: [
        one('all', { type: 'array', minItems: 1, items: { $ref: '#/definitions/condition' } }),
        one('any', { type: 'array', minItems: 1, items: { $ref: '#/definitions/condition' } }),
        one('not', { $ref: '#/definitions/condition' }),
        one('compare', {
          type: 'array',
          minItems: 3,
          maxItems: 3,
          items: [{ $ref: '#/definitions/operand' }, { enum: [...COMPARE_OPS] }, { $ref: '#/definitions/operand' }],
        }),
        one('between', {
          type: 'object',
          required: ['value', 'min', 'max'],
          additionalProperties: false,
          properties: {
            value: { $ref: '#/definitions/operand' },
            min: { $ref: '#/definitions/operand' },
            max: { $ref: '#/definitions/operand' },
          },
        }),
        one('in', {
          type: 'object',
          required: ['value'],
          additionalProperties: false,
          properties: {
            value: { $ref: '#/definitions/operand' },
            list: { type: 'array', items: literal },
            lookup: { type: 'string', minLength: 1 },
          },
          oneOf: [{ required: ['list'] }, { required: ['lookup'] }],
        }),
        one('exists', { $ref: '#/definitions/operand' }),
        one('screen', {
          type: 'object',
          required: ['parties'],
          additionalProperties: false,
          properties: {
            parties: { type: 'array', minItems: 1, uniqueItems: true, items: { enum: [...SCREEN_PARTIES] } },
            min_score: { type: 'number' },
            types: { type: 'array', items: { type: 'string' } },
            fuzziness: { type: 'number', minimum: 0, maximum: 1 },
          },
        }),
      ],
    },
  },
};
