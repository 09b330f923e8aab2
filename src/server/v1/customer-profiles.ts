/**
 * Customer profiles over HTTP (PUT and GET /v1/customers/{customer_external_identifier}): validated against
 * CUSTOMER_PROFILE_REQUEST_SCHEMA, written with a version check, audited as CUSTOMER_CREATED or
 * CUSTOMER_INFO_UPDATED on the customer's page.
 */
import type { ValidateFunction } from 'ajv';
import type { AuditLog } from '../../cases/audit.js';
import { CASE_CUSTOMER_RISK_LEVELS, CASE_CUSTOMER_TYPES } from '../../cases/enums.js';
import type { Result } from '../../errors.js';
import type { TransactionClock, TransactionIdGenerator } from '../../transactions/ports.js';
import type { TransactionActor } from '../../transactions/service.js';
import type { TransactionProblemDetail } from '../../transactions/types.js';
import { toProblemDetail, transactionAjv, violationsFromAjv } from '../../transactions/validation.js';
import { customerIdentifierOf, type CustomerProfile, type CustomerProfileStore } from './customers.js';

const literal = { type: ['string', 'number', 'boolean', 'null'], 'x-code': 'INVALID_VALUE' };

/** The body of PUT /v1/customers/{customer_external_identifier}; absent fields keep their stored value. */
export const CUSTOMER_PROFILE_REQUEST_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: { type: ['string', 'null'], maxLength: 256, 'x-code': { maxLength: 'MAX_SIZE_LIMIT_REACHED' } },
    type: { type: 'string', enum: [...CASE_CUSTOMER_TYPES], 'x-code': 'INVALID_VALUE' },
    risk_level: { type: 'string', enum: [...CASE_CUSTOMER_RISK_LEVELS], 'x-code': 'INVALID_VALUE' },
    segment: { type: ['string', 'null'], maxLength: 256, 'x-code': { maxLength: 'MAX_SIZE_LIMIT_REACHED' } },
    account_opened_at: { type: ['string', 'null'], format: 'date-time', 'x-code': 'INVALID_TIMESTAMP' },
    attributes: { type: 'object', maxProperties: 100, additionalProperties: literal, 'x-code': { maxProperties: 'MAX_SIZE_LIMIT_REACHED' } },
  },
} as const;

export const CUSTOMER_PROFILE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['identifier', 'external_identifier', 'name', 'type', 'risk_level', 'segment', 'account_opened_at', 'attributes', 'version', 'created_at', 'updated_at'],
  properties: {
    ...CUSTOMER_PROFILE_REQUEST_SCHEMA.properties,
    identifier: { type: 'string', format: 'uuid' },
    external_identifier: { type: 'string', maxLength: 512 },
    version: { type: 'integer', minimum: 1 },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
} as const;

export interface CustomerProfiles {
  get(externalIdentifier: string): Promise<Result<CustomerProfile, TransactionProblemDetail>>;
  /** Create or update the profile; `created` tells which. */
  put(externalIdentifier: string, request: unknown, actor: TransactionActor): Promise<Result<{ profile: CustomerProfile; created: boolean }, TransactionProblemDetail>>;
}

export function createCustomerProfiles(o: {
  store: CustomerProfileStore;
  audit: AuditLog;
  account: string;
  clock: TransactionClock;
  ids: TransactionIdGenerator;
}): CustomerProfiles {
  const { store, clock, ids } = o;
  let validate: ValidateFunction | undefined;
  const fail = (status: number, code: string, message: string, path: string) => ({
    ok: false as const,
    error: toProblemDetail([{ code, message, path }], { clock, ids, status }),
  });
  const checkExternal = (ext: string) => ext.length >= 1 && ext.length <= 512;

  return {
    async get(ext) {
      if (!checkExternal(ext)) return fail(400, 'MAX_SIZE_LIMIT_REACHED', 'a customer external identifier has 1 to 512 characters', '$.customer_external_identifier');
      const p = await store.get(customerIdentifierOf(o.account, ext));
      return p ? { ok: true, value: p } : fail(404, 'CUSTOMER_NOT_FOUND', `no profile of customer ${ext}`, '$.customer_external_identifier');
    },

    async put(ext, request, actor) {
      if (!checkExternal(ext)) return fail(400, 'MAX_SIZE_LIMIT_REACHED', 'a customer external identifier has 1 to 512 characters', '$.customer_external_identifier');
      validate ??= transactionAjv().compile(CUSTOMER_PROFILE_REQUEST_SCHEMA);
      if (!validate(request)) return { ok: false, error: toProblemDetail(violationsFromAjv(validate.errors ?? []), { clock, ids, status: 400 }) };
      const body = request as Partial<Pick<CustomerProfile, 'name' | 'type' | 'risk_level' | 'segment' | 'account_opened_at' | 'attributes'>>;
      const identifier = customerIdentifierOf(o.account, ext);
      for (let attempt = 0; attempt < 3; attempt++) {
        const before = await store.get(identifier);
        const now = clock.now();
        const profile: CustomerProfile = {
          identifier,
          external_identifier: ext,
          name: body.name !== undefined ? body.name : (before?.name ?? null),
          type: body.type ?? before?.type ?? 'UNDEFINED',
          risk_level: body.risk_level ?? before?.risk_level ?? 'SKIPPED',
          segment: body.segment !== undefined ? body.segment : (before?.segment ?? null),
          account_opened_at: body.account_opened_at !== undefined ? body.account_opened_at : (before?.account_opened_at ?? null),
          attributes: body.attributes ?? before?.attributes ?? {},
          version: (before?.version ?? 0) + 1,
          created_at: before?.created_at ?? now,
          updated_at: now,
        };
        if (!(await store.put(profile, before?.version ?? 0))) continue;
        const customer = { identifier, version: profile.version };
        const written = await o.audit.record([
          {
            identifier: ids.next(),
            occurred_at: now,
            type: before ? 'CUSTOMER_INFO_UPDATED' : 'CUSTOMER_CREATED',
            actioned_by: { type: 'USER', identifier: actor.user_identifier },
            grouping_key: identifier,
            detail: before ? { customer, previous_customer: { identifier, version: before.version } } : { customer },
          },
        ]);
        if (!written.ok) throw new Error(`customer audit record: ${written.error.detail}`);
        return { ok: true, value: { profile, created: before === null } };
      }
      return fail(409, 'CONFLICT', 'the customer was changed concurrently; retry', '$');
    },
  };
}
