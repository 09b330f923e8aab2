/** Request validation with the route schemas (one Ajv 2020-12 instance; no coercion, no defaults, nothing removed). */
import Ajv2020 from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { FailureEnvelope } from '../errors.js';
import type { Schema } from './schemas/annotate.js';
import { requestFailure } from './schemas/problems.js';
import type { RouteSchemas } from './schemas/requests.js';

export interface RequestParts {
  params: unknown;
  query: unknown;
  body: unknown;
}

export type RequestValidator = (parts: RequestParts) => FailureEnvelope | null;

export function createAjv(): Ajv2020.default {
  const Ajv = Ajv2020.default ?? (Ajv2020 as unknown as typeof Ajv2020.default);
  return new Ajv({ allErrors: true, strict: false, coerceTypes: false, useDefaults: false, removeAdditional: false });
}

/** A validator of the three parts of a request; null when valid, else the failure envelope of every problem. */
export function compileRequestValidator(ajv: Ajv2020.default, schemas: RouteSchemas): RequestValidator {
  const parts: { key: keyof RequestParts; where: 'params' | 'querystring' | 'body'; schema: Schema; check: ValidateFunction }[] = [];
  const add = (key: keyof RequestParts, where: 'params' | 'querystring' | 'body', schema: Schema | undefined) => {
    if (schema) parts.push({ key, where, schema, check: ajv.compile(schema) });
  };
  add('params', 'params', schemas.params);
  add('query', 'querystring', schemas.querystring);
  if (!schemas.bodyCheckedByService) add('body', 'body', schemas.body);
  return (req) => {
    let merged = null as FailureEnvelope | null;
    for (const p of parts) {
      if (p.check(req[p.key])) continue;
      const f = requestFailure(p.schema, p.where, (p.check.errors ?? []) as ErrorObject[]);
      if (merged === null) merged = f;
      else merged = { code: 400, message: `${merged.message}; ${f.message}`, status: 'failure', errors: [...(merged.errors ?? []), ...(f.errors ?? [])] };
    }
    return merged;
  };
}
