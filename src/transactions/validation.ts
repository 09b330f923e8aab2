/**
 * Validation of the transaction area's shapes with ajv (compiled once per schema and mode), and the mapping of
 * violations to the spec's problem-detail body.
 */
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import iso3166 from 'iso-3166-1';
import type { Result } from '../errors.js';
import { lazily } from '../lazy.js';
import {
  deriveSchema,
  factorSchema,
  SHARED_SCHEMAS,
  TRANSACTION_SCHEMAS,
  type JsonSchema,
  type TransactionSchemaName,
} from './schemas.js';
import { boundForValidation, capViolations } from './bounded.js';
import type { TransactionProblemDetail, TransactionViolation } from './types.js';
import type { TransactionClock, TransactionIdGenerator } from './ports.js';

export type ValidationMode = 'input' | 'output';

type AddFormats = (ajv: Ajv, formats?: string[]) => Ajv;
// ajv, its formats and the currency table load with the first validation (see ../lazy.ts).
const ajvModule = lazily<{ Ajv: new (options: object) => Ajv }>('ajv');
const formatsModule = lazily<AddFormats | { default: AddFormats }>('ajv-formats');
const currencyCodes = lazily<typeof import('currency-codes')>('currency-codes');
const addFormats: AddFormats = (ajv, formats) => {
  const m = formatsModule();
  return (typeof m === 'function' ? m : m.default)(ajv, formats);
};

let ajvInstance: Ajv | undefined;

/**
 * An ajv instance with the area's rules for outside values, shared by every validator of the transaction area:
 * numbers must be finite (`strictNumbers`: NaN and ±Infinity are refused wherever a number is accepted) and a
 * `date-time` must be a time the clock can hold (RFC 3339, and `Date.parse` gives a time: the leap second
 * `23:59:60`, which RFC 3339 allows and JavaScript cannot represent, is refused up front).
 */
export function strictAjv(options: { discriminator?: boolean; inlineRefs?: boolean } = {}): Ajv {
  const ajv = new (ajvModule().Ajv)({ allErrors: true, verbose: true, strict: false, strictNumbers: true, ...options });
  addFormats(ajv, ['date-time', 'uuid', 'email', 'uri']);
  const rfc3339 = ajv.formats['date-time'] as { validate: (s: string) => boolean };
  ajv.addFormat('date-time', { type: 'string', validate: (s: string) => rfc3339.validate(s) && Number.isFinite(Date.parse(s)) });
  return ajv;
}

/** The one ajv instance of the area: draft-07, all errors, ISO 4217 and ISO 3166-1 alpha-2 formats. */
export function transactionAjv(): Ajv {
  if (ajvInstance) return ajvInstance;
  const ajv = strictAjv({ discriminator: false, inlineRefs: false });
  // The packages look codes up linearly; index them once.
  const currencies = new Set(currencyCodes().codes());
  const countries = new Set(iso3166.all().map((c) => c.alpha2));
  ajv.addFormat('iso4217', { type: 'string', validate: (s: string) => currencies.has(s) });
  ajv.addFormat('iso3166-alpha2', { type: 'string', validate: (s: string) => countries.has(s) });
  ajvInstance = ajv;
  return ajv;
}

const compiled = new Map<string, ValidateFunction>();
const registeredModes = new Set<ValidationMode>();

function registerShared(mode: ValidationMode): void {
  if (registeredModes.has(mode)) return;
  const ajv = transactionAjv();
  for (const [name, schema] of SHARED_SCHEMAS) {
    ajv.addSchema(deriveSchema(factorSchema(schema, mode), mode), `tamis:${mode}:${name}`);
  }
  registeredModes.add(mode);
}

/** Compile (once) and return the validator of a schema in a mode. */
export function compiledValidator(name: TransactionSchemaName, mode: ValidationMode): ValidateFunction {
  const key = `${name}:${mode}`;
  let fn = compiled.get(key);
  if (!fn) {
    registerShared(mode);
    fn = transactionAjv().compile(deriveSchema(factorSchema(TRANSACTION_SCHEMAS[name] as JsonSchema, mode), mode));
    compiled.set(key, fn);
  }
  return fn;
}

/**
 * Validate `value` against the named schema. `input` rejects read-only fields, `output` rejects write-only fields.
 * Returns every violation, each with its JSON path and stable code.
 */
export function validateTransactionShape<T = unknown>(
  name: TransactionSchemaName,
  value: unknown,
  mode: ValidationMode = 'input',
): Result<T, TransactionViolation[]> {
  const fn = compiledValidator(name, mode);
  // Work and report are bounded: a cut copy of an oversized value is validated, violations are capped.
  const bounded = boundForValidation(value);
  if (fn(bounded.value) && bounded.violations.length === 0) return { ok: true, value: value as T };
  return { ok: false, error: capViolations([...bounded.violations, ...violationsFromAjv(fn.errors ?? [])]) };
}

function jsonPath(instancePath: string, extra?: string): string {
  let out = '$';
  const parts = instancePath === '' ? [] : instancePath.slice(1).split('/');
  if (extra !== undefined) parts.push(extra);
  for (const raw of parts) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    out += /^\d+$/.test(part) ? `[${part}]` : `.${part}`;
  }
  return out;
}

const DEFAULT_CODES: Record<string, string> = {
  maxLength: 'MAX_SIZE_LIMIT_REACHED',
  maxItems: 'MAX_SIZE_LIMIT_REACHED',
  minLength: 'MIN_SIZE_LIMIT_REACHED',
  minItems: 'MIN_SIZE_LIMIT_REACHED',
  additionalProperties: 'UNKNOWN_FIELD',
  enum: 'INVALID_VALUE',
  const: 'INVALID_VALUE',
  pattern: 'INVALID_FORMAT',
  uniqueItems: 'DUPLICATE_VALUE',
  minimum: 'OUT_OF_RANGE',
  maximum: 'OUT_OF_RANGE',
  required: 'MANDATORY_COLUMN_MISSING',
};

const FORMAT_CODES: Record<string, string> = {
  'date-time': 'INVALID_TIMESTAMP',
  uuid: 'INVALID_IDENTIFIER',
  email: 'INVALID_EMAIL_ADDRESS',
  uri: 'INVALID_URL',
  iso4217: 'INVALID_CURRENCY_CODE',
  'iso3166-alpha2': 'INVALID_COUNTRY_CODE',
};

function codeFor(e: ErrorObject): string {
  const parent = (e.parentSchema ?? {}) as JsonSchema;
  if (e.keyword === 'required') return 'MANDATORY_COLUMN_MISSING';
  if (e.keyword === 'not' && typeof parent['x-code'] === 'string') return parent['x-code'];
  const x = parent['x-code'];
  if (typeof x === 'string') return x;
  if (x && typeof x === 'object' && typeof (x as Record<string, unknown>)[e.keyword] === 'string') {
    return (x as Record<string, string>)[e.keyword] as string;
  }
  if (e.keyword === 'type') {
    const t = (e.params as { type?: string | string[] }).type;
    const types = Array.isArray(t) ? t : String(t).split(',');
    if (types.includes('number') || types.includes('integer')) return 'INVALID_NUMBER';
    if (types.includes('boolean')) return 'INVALID_BOOLEAN';
    return 'INVALID_TYPE';
  }
  if (e.keyword === 'format') return FORMAT_CODES[(e.params as { format: string }).format] ?? 'INVALID_FORMAT';
  return DEFAULT_CODES[e.keyword] ?? 'INVALID_VALUE';
}

function messageFor(e: ErrorObject, code: string): string {
  if (e.keyword === 'required') return `${(e.params as { missingProperty: string }).missingProperty} is required`;
  if (code === 'READ_ONLY_FIELD') return 'read-only field: set by the service, cannot be specified';
  if (code === 'WRITE_ONLY_FIELD') return 'write-only field: never returned';
  if (e.keyword === 'additionalProperties')
    return `unknown field ${(e.params as { additionalProperty: string }).additionalProperty}`;
  if (e.keyword === 'enum') return `must be one of ${((e.params as { allowedValues: unknown[] }).allowedValues ?? []).filter((v) => v !== null).join(', ')}`;
  return e.message ?? 'invalid value';
}

/** Map ajv errors to violations: one per (path, code), in document order; `if` wrapper errors are dropped. */
export function violationsFromAjv(errors: readonly ErrorObject[]): TransactionViolation[] {
  const out: TransactionViolation[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    if (e.keyword === 'if' || e.keyword === 'anyOf') continue;
    const code = codeFor(e);
    const extra =
      e.keyword === 'required'
        ? (e.params as { missingProperty: string }).missingProperty
        : e.keyword === 'additionalProperties'
          ? (e.params as { additionalProperty: string }).additionalProperty
          : undefined;
    const path = jsonPath(e.instancePath, extra);
    const key = `${path}\u0000${code}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ code, message: messageFor(e, code), path });
  }
  return out;
}

export interface ProblemDetailOptions {
  clock: TransactionClock;
  ids: TransactionIdGenerator;
  status?: number;
  title?: string;
  type?: string;
  instance?: string | null;
}

/** The spec's problem-detail body for a list of violations; identifier and timestamp come from the ports. */
export function toProblemDetail(violations: readonly TransactionViolation[], options: ProblemDetailOptions): TransactionProblemDetail {
  const status = options.status ?? 400;
  const detail =
    violations.length === 0
      ? 'invalid request'
      : violations.map((v) => `${v.path}: ${v.message} (${v.code})`).join('; ');
  const out: TransactionProblemDetail = {
    identifier: options.ids.next(),
    timestamp: options.clock.now(),
    detail,
    status,
    title: options.title ?? (status === 404 ? 'Not Found' : status === 409 ? 'Conflict' : status === 422 ? 'Unprocessable Entity' : 'Bad Request'),
    type: options.type ?? 'about:blank',
    errors: [...violations],
  };
  if (options.instance !== undefined) out.instance = options.instance;
  return out;
}
