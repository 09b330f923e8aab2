/**
 * The HTTP side of the /v1 area: the route type (one table drives both the Fastify routes and the OpenAPI paths),
 * problem-detail answers (`application/problem+json`), bearer authentication and query parameters.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Result } from '../../errors.js';
import type { TransactionActor } from '../../transactions/service.js';
import type { TransactionProblemDetail, TransactionViolation } from '../../transactions/types.js';
import { InvalidJson } from '../search-routes.js';
import type { TransactionArea } from './area.js';
import type { Schema } from './schemas.js';

export const PROBLEM_JSON = 'application/problem+json';

export interface V1Context {
  req: FastifyRequest;
  reply: FastifyReply;
  area: TransactionArea;
  /** The acting user (routes with `auth: false` get none). */
  actor: TransactionActor;
  params: Record<string, string>;
  /** Query parameters, checked against the route's `query` schema and converted (integers). */
  query: Record<string, string | number>;
  body: unknown;
}

/** A success: status, JSON body (absent: empty), extra headers. */
export interface V1Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Default application/json. */
  type?: string;
}

export interface V1Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Full path with `:param` segments. */
  path: string;
  summary: string;
  tag: string;
  description?: string;
  /** Default true: `Authorization: Bearer <token>` required. */
  auth?: boolean;
  params?: Record<string, Schema>;
  query?: Record<string, Schema>;
  /** A JSON body (its schema, as the service validates it), or a multipart form. */
  body?: { json: Schema; required?: boolean } | { multipart: Schema };
  /** Success responses: status → schema (null: no body); `text/csv` bodies name their media type. */
  responses: Record<number, Schema | null | { media: string }>;
  /** Problem statuses this route answers besides 400, 401 and 500. */
  problems?: number[];
  /** The route evaluates a transaction: its outcome is counted in the metrics. */
  evaluates?: boolean;
  handle(c: V1Context): Promise<V1Answer | { problem: TransactionProblemDetail }>;
}

/** The problem answer: the body with its `instance` (the request path), `application/problem+json`. */
export function sendProblem(reply: FastifyReply, req: FastifyRequest, p: TransactionProblemDetail, realm?: string): FastifyReply {
  const status = typeof p.status === 'number' ? p.status : 500;
  if (status === 401) {
    const code = p.errors[0]?.code === 'TOKEN_EXPIRED' ? 'invalid_token", error_description="the token has expired' : 'invalid_token';
    reply.header('www-authenticate', `Bearer${realm !== undefined ? ` realm="${realm.replace(/["\\]/g, '_')}",` : ''} error="${code}"`);
  }
  const retry = p.errors.find((e) => e.code === 'TOO_MANY_ATTEMPTS');
  if (status === 429 && retry) reply.header('retry-after', '60');
  // `instance` is a URI (the spec's format): the request's own URL, without its query.
  const instance = p.instance ?? `${req.protocol}://${req.host}${req.url.split('?')[0]}`;
  return reply.code(status).type(PROBLEM_JSON).send({ ...p, instance });
}

/**
 * A route's answer from a service result: the value (or `o.body` of it, `undefined`: no body) with `status` (or
 * `o.status` of it) and `o.headers` of it; or the problem.
 */
export function answer<T>(
  r: Result<T, TransactionProblemDetail>,
  status = 200,
  o: { body?: (v: T) => unknown; headers?: (v: T) => Record<string, string>; status?: (v: T) => number } = {},
): V1Answer | { problem: TransactionProblemDetail } {
  if (!r.ok) return { problem: r.error };
  const body = o.body ? o.body(r.value) : r.value;
  return { status: o.status ? o.status(r.value) : status, ...(body !== undefined ? { body } : {}), ...(o.headers ? { headers: o.headers(r.value) } : {}) };
}

/** A body that was not JSON (the root parser keeps such bodies as InvalidJson). */
export function invalidJson(body: unknown): boolean {
  return body instanceof InvalidJson;
}

/**
 * Query parameters against the route's schema: unknown names refused, integers parsed (`^\d+$`), enumerations
 * checked, `null` kept as text for the filters that take it.
 */
export function readQuery(raw: Record<string, unknown>, schema: Record<string, Schema> = {}): Result<Record<string, string | number>, TransactionViolation[]> {
  const out: Record<string, string | number> = {};
  const errors: TransactionViolation[] = [];
  for (const [name, value] of Object.entries(raw)) {
    const s = schema[name];
    const path = `$.${name}`;
    if (!s) {
      errors.push({ code: 'UNKNOWN_FIELD', message: `unknown query parameter ${name}`, path });
      continue;
    }
    if (Array.isArray(value) || typeof value !== 'string') {
      errors.push({ code: 'INVALID_VALUE', message: `${name} is given once`, path });
      continue;
    }
    if (s.type === 'integer') {
      const n = /^\d{1,9}$/.test(value) ? Number(value) : NaN;
      const min = typeof s.minimum === 'number' ? s.minimum : -Infinity;
      const max = typeof s.maximum === 'number' ? s.maximum : Infinity;
      if (!Number.isInteger(n) || n < min || n > max) {
        errors.push({ code: 'INVALID_NUMBER', message: `${name} must be an integer${Number.isFinite(min) ? ` from ${min}` : ''}${Number.isFinite(max) ? ` to ${max}` : ''}`, path });
      } else out[name] = n;
      continue;
    }
    const allowed = Array.isArray(s.enum) ? (s.enum as unknown[]) : null;
    if (allowed && !allowed.includes(value)) {
      errors.push({ code: 'INVALID_VALUE', message: `${name} must be one of ${allowed.join(', ')}`, path });
      continue;
    }
    if (s.format === 'uuid' && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value) && !(s['x-null'] === true && value === 'null')) {
      errors.push({ code: 'INVALID_IDENTIFIER', message: `${name} must be a UUID${s['x-null'] === true ? ' or null' : ''}`, path });
      continue;
    }
    out[name] = value;
  }
  return errors.length ? { ok: false, error: errors } : { ok: true, value: out };
}
