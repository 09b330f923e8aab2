/**
 * Field paths of the hosted language, read from the V3 contract. The hosted service reads transactions in its own
 * internal shape (`transaction.monetary_details.base_value.iso_3_currency_code`); each path is mapped here onto
 * the V3 transaction (`details.base_value.currency`), the host's customer and product records, enrichments and
 * detector results. Paths that the flat history record holds read it directly, so aggregations over a history of
 * flat records need no stored transaction; other paths read the record's `source` transaction.
 */
import type { Env } from '../engine.js';
import type { HistoryRecord, HistoryTextField } from '../ports.js';
import type { Transaction, TransactionInput } from '../types.js';
import { CODE_LEAVES } from './enumerations.js';
import type { DataType } from './values.js';
import { own } from '../../own.js';

export type AnyTransaction = TransactionInput | Transaction;

export interface FieldAccess {
  /** The raw value (undefined when missing) of `rec` (its transaction `tx` when stored) in `env`. */
  read: (rec: HistoryRecord, tx: AnyTransaction | undefined, env: Env) => unknown;
  /** The type the path holds when known (used when a node declares none). */
  type: DataType | null;
  /** An enumeration member or ISO code: compared without regard to case. */
  code: boolean;
  /** Read from the flat history record alone. */
  flat: boolean;
  /** The history index this path keys, for grouping. */
  scope: 'customer' | 'counterparty' | null;
  /** The field of the flat record this path reads as it is (what a database filters and aggregates on). */
  column?: HistoryTextField | 'amount' | 't';
}

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null;

/** Short names used in grouping fields and targets; a name may stand for a block (`{ block }`). */
export const FIELD_ALIASES: Readonly<Record<string, { field: string } | { block: string }>> = {
  amount: { field: 'transaction.monetary_details.base_value.amount' },
  base_amount: { field: 'transaction.monetary_details.base_value.amount' },
  customer_id: { field: 'transaction.customer_identifier.id' },
  customer: { field: 'transaction.customer_identifier.id' },
  customer_identifier: { field: 'transaction.customer_identifier.id' },
  'customer_identifier.id': { field: 'transaction.customer_identifier.id' },
  'transaction.customer_id': { field: 'transaction.customer_identifier.id' },
  direction: { field: 'transaction.monetary_details.direction' },
  tx_direction: { field: 'transaction.monetary_details.direction' },
  currency: { field: 'transaction.monetary_details.value.iso_3_currency_code' },
  type: { field: 'transaction.type' },
  transaction_type: { field: 'transaction.type' },
  tx_type: { field: 'transaction.type' },
  occurred_at: { field: 'transaction.occurred_at' },
  payment_channel: { field: 'transaction.monetary_details.payment_channel' },
  mcc: { field: 'transaction.monetary_details.card_payment.merchant.mcc_category_code' },
  country: { block: 'counterparty-country-code' },
  counterparty_country: { block: 'counterparty-country-code' },
  counterparty: { block: 'counterparty-id' },
  counterparty_id: { block: 'counterparty-id' },
};

interface FlatPath {
  type: DataType;
  code: boolean;
  read: (r: HistoryRecord) => unknown;
  scope?: 'customer';
  column: NonNullable<FieldAccess['column']>;
}

/** Paths the flat history record holds (`toHistoryRecord`). */
const FLAT: Readonly<Record<string, FlatPath>> = {
  'transaction.monetary_details.base_value.amount': { type: 'number', code: false, read: (r) => r.amount, column: 'amount' },
  'transaction.monetary_details.value.iso_3_currency_code': { type: 'string', code: true, read: (r) => r.currency, column: 'currency' },
  'transaction.monetary_details.direction': { type: 'string', code: true, read: (r) => r.direction, column: 'direction' },
  'transaction.type': { type: 'string', code: true, read: (r) => r.type, column: 'type' },
  'transaction.occurred_at': { type: 'datetime', code: false, read: (r) => r.t, column: 't' },
  'transaction.external_identifier': { type: 'string', code: false, read: (r) => r.id, column: 'id' },
  'transaction.monetary_details.payment_channel': { type: 'string', code: true, read: (r) => r.payment_channel ?? undefined, column: 'payment_channel' },
  'transaction.monetary_details.card_payment.card_payment_type': {
    type: 'string',
    code: true,
    read: (r) => r.card_payment_type ?? undefined,
    column: 'card_payment_type',
  },
  'transaction.monetary_details.card_payment.payment_stage': { type: 'string', code: true, read: (r) => r.payment_stage ?? undefined, column: 'payment_stage' },
  'transaction.monetary_details.card_payment.merchant.mcc_category_code': { type: 'string', code: false, read: (r) => r.mcc ?? undefined, column: 'mcc' },
  'transaction.monetary_details.card_payment.merchant.merchant_category_code': { type: 'string', code: false, read: (r) => r.mcc ?? undefined, column: 'mcc' },
  'transaction.customer_identifier.id': { type: 'string', code: false, read: (r) => r.customer, scope: 'customer', column: 'customer' },
};

/** V3 names of the hosted service's internal field names. */
const RENAMES: Readonly<Record<string, string>> = {
  iso_3_currency_code: 'currency',
  merchant_category_code: 'mcc_category_code',
};

/** Typed wrappers the hosted service puts after a value (`net_worth.float`): a plain value stands for them. */
const TYPE_SUFFIXES = new Set(['float', 'double', 'decimal', 'integer', 'int', 'string', 'boolean', 'bool', 'value', 'string_value', 'decimal_value', 'boolean_value', 'float_value', 'int_value']);

const SUFFIX_TYPES: Readonly<Record<string, DataType>> = {
  string_value: 'string',
  text_value: 'string',
  decimal_value: 'number',
  float_value: 'number',
  number_value: 'number',
  int_value: 'number',
  integer_value: 'number',
  boolean_value: 'boolean',
  bool_value: 'boolean',
};

/** Walk `parts` from `start`: V3 renames, array indexes, a `details` level skipped when the key is below it. */
export function walk(start: unknown, parts: readonly string[]): unknown {
  let v: unknown = start;
  for (let i = 0; i < parts.length; i++) {
    const raw = parts[i] as string;
    if (v === null || v === undefined) return undefined;
    if (!isObj(v)) return TYPE_SUFFIXES.has(raw) && i === parts.length - 1 ? v : undefined;
    const key = own(RENAMES, raw) ?? raw;
    let next: unknown = Array.isArray(v) ? (/^\d+$/.test(key) ? v[Number(key)] : undefined) : v[key];
    if (next === undefined && raw !== key) next = v[raw];
    if (next === undefined && isObj(v.details) && !Array.isArray(v)) next = (v.details as Obj)[key];
    v = next;
  }
  return v;
}

const TYPE_KEYS: Readonly<Record<string, string>> = {
  bank_payment: 'BANK_PAYMENT',
  card_payment: 'CARD_PAYMENT',
  remittance: 'REMITTANCE',
};

function monetary(tx: AnyTransaction, parts: readonly string[]): unknown {
  const details = tx.details;
  const [first, ...rest] = parts;
  if (first === undefined) return undefined;
  const typeKey = own(TYPE_KEYS, first);
  if (typeKey !== undefined) return details.details.type === typeKey ? walk(details.details, rest) : undefined;
  if (first === 'value') return walk(details.value ?? details.base_value, rest);
  return walk(details, parts);
}

function typedValue(value: { data_type: string; text?: string; decimal?: number; boolean?: boolean } | undefined): unknown {
  if (!value) return undefined;
  return value.data_type === 'TEXT' ? value.text : value.data_type === 'DECIMAL' ? value.decimal : value.boolean;
}

const fromSource = (read: (tx: AnyTransaction, env: Env, current: boolean) => unknown): FieldAccess['read'] => (rec, tx, env) => {
  const current = rec === env.rec;
  const t = current ? env.tx : tx;
  return t === undefined ? undefined : read(t, env, current);
};

const leafType = (parts: readonly string[]): DataType | null => {
  const leaf = parts[parts.length - 1] ?? '';
  if (leaf === 'amount' || leaf === 'decimal' || leaf === 'score') return 'number';
  if (leaf.endsWith('_at') || leaf === 'timestamp') return 'datetime';
  return null;
};

const isCode = (parts: readonly string[]): boolean => {
  const leaf = parts[parts.length - 1] ?? '';
  return CODE_LEAVES.has(leaf);
};

/** Resolve a dotted field path (or a short alias naming a field) to its reader, or explain why it cannot be read. */
export function resolveField(written: string): FieldAccess | { error: string } {
  // `agents[0].bank.bic` is `agents.0.bank.bic`; `customer[N]` keeps its brackets.
  const path = written.replace(/(?<!^customer)\[(\d+)\]/g, '.$1');
  const alias = own(FIELD_ALIASES, path);
  if (alias && 'field' in alias) return resolveField(alias.field);
  const flat = own(FLAT, path);
  if (flat) {
    const read = flat.read;
    return { read: (rec) => read(rec), type: flat.type, code: flat.code, flat: true, scope: flat.scope ?? null, column: flat.column };
  }
  const customer = /^customer(?:\[(\d+)\])?\.(.+)$/.exec(path);
  if (customer) {
    const index = Number(customer[1] ?? 0);
    const parts = (customer[2] as string).split('.');
    return {
      read: (rec, _tx, env) => (rec.customer === env.rec.customer ? walk(env.customer.records?.[index], parts) : undefined),
      type: leafType(parts),
      code: isCode(parts),
      flat: true,
      scope: null,
    };
  }
  const detector = /^detector\.([^.]+)\.(score|triggered)$/.exec(path);
  if (detector) {
    const slug = detector[1] as string;
    const leaf = detector[2] as 'score' | 'triggered';
    return {
      read: (rec, _tx, env) => (rec === env.rec ? env.ctx.detectors?.[slug]?.[leaf] : undefined),
      type: leaf === 'score' ? 'number' : 'boolean',
      code: false,
      flat: true,
      scope: null,
    };
  }
  if (!path.startsWith('transaction.')) return { error: `unknown field path ${path}: paths start with transaction., customer[N]. or detector.` };
  const parts = path.slice('transaction.'.length).split('.');
  const [head, ...rest] = parts;
  if (head === 'custom_fields' || head === 'enrichments') {
    const key = rest[0];
    if (key === undefined) return { error: `${path} names no ${head} key` };
    const suffix = rest[1];
    const type = suffix === undefined ? null : (own(SUFFIX_TYPES, suffix) ?? null);
    if (suffix !== undefined && type === null) return { error: `${path}: ${head} values are read as string_value, decimal_value or boolean_value` };
    const read =
      head === 'custom_fields'
        ? fromSource((tx) => typedValue(tx.custom_fields?.find((f) => f.key === key)?.value))
        : fromSource((tx, env, current) => {
            const list = (current ? env.enrichments : null) ?? ('enrichments' in tx ? tx.enrichments : undefined);
            return typedValue(list?.find((e) => e.key === key)?.value);
          });
    return { read, type, code: false, flat: false, scope: null };
  }
  if (head === 'product') {
    return {
      read: (rec, _tx, env) => (rec === env.rec ? walk(env.ctx.product, rest) : undefined),
      type: leafType(rest),
      code: isCode(rest),
      flat: true,
      scope: null,
    };
  }
  if (head === 'customer_identifier' && rest[0] === 'external_identifier') {
    return {
      read: fromSource((tx) => ('customer_external_identifier' in tx ? tx.customer_external_identifier : undefined)),
      type: 'string',
      code: false,
      flat: false,
      scope: null,
    };
  }
  if (head === 'monetary_details') {
    return { read: fromSource((tx) => monetary(tx, rest)), type: leafType(rest), code: isCode(rest), flat: false, scope: null };
  }
  return { read: fromSource((tx) => walk(tx, parts)), type: leafType(parts), code: isCode(parts), flat: false, scope: null };
}
