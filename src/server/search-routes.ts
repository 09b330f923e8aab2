/**
 * The search API over HTTP: one Fastify route per entry of SEARCH_ROUTES, at the spec's path and method. Each
 * route validates the request with its schemas, calls the service as the user of the request's api key, and
 * sends the answer (envelope.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FailureEnvelope } from '../errors.js';
import type { ScreeningService } from '../service/service.js';
import { SEARCH_ROUTES } from '../service/routes.js';
import type { ApiResponse } from '../service/types.js';
import type { AnswerJson } from './answer-json.js';
import { tokenOf } from './auth.js';
import { failure, send } from './envelope.js';
import type { ServerMetrics } from './metrics.js';
import type { RouteSchemas } from './schemas/requests.js';
import { compileRequestValidator, createAjv } from './validation.js';

/** A body that is not valid JSON: refused with 400, except where the service decodes the body itself. */
export class InvalidJson {
  constructor(readonly text: string) {}
}

export interface SearchRoutesOptions {
  service: ScreeningService;
  schemas: Record<string, RouteSchemas>;
  metrics: ServerMetrics;
  /** When set, only these api keys are let through to the service (the config's keys); others answer 401. */
  acceptsKey?: (key: string) => boolean;
  /** Writes the JSON of the answers (hit docs written once per entity); absent: Fastify's JSON.stringify. */
  answerJson?: AnswerJson;
}

const INVALID_JSON: FailureEnvelope = {
  code: 400,
  message: 'invalid input: the body is not valid JSON',
  status: 'failure',
  errors: [{ code: 'invalid_json', message: 'the body is not valid JSON' }],
};
const UNAUTHORIZED = failure(401, 'unauthorized: missing or invalid api key (Authorization: Token <API_KEY>)');

function countSearch(metrics: ServerMetrics, kind: 'name' | 'reference', res: ApiResponse<unknown>): void {
  if (res.status !== 'success') return;
  const total = (res.content as { data?: { total_hits?: unknown } }).data?.total_hits;
  metrics.countSearch(kind, typeof total === 'number' ? total : undefined);
}

export function registerSearchRoutes(app: FastifyInstance, o: SearchRoutesOptions): void {
  const ajv = createAjv();
  for (const route of SEARCH_ROUTES) {
    const key = `${route.method} ${route.path}`;
    const schemas = o.schemas[key] ?? {};
    const validate = compileRequestValidator(ajv, schemas);
    const kind = key === 'POST /searches' ? 'name' : key === 'POST /searches/references' ? 'reference' : null;
    app.route({
      method: route.method,
      url: route.path,
      handler: async (req: FastifyRequest, reply) => {
        const token = tokenOf(req.headers.authorization);
        if (o.acceptsKey && !o.acceptsKey(token)) return send(reply, UNAUTHORIZED);
        const params = req.params as Record<string, string>;
        const query = (req.query ?? {}) as Record<string, unknown>;
        let body: unknown = req.body;
        let invalid: FailureEnvelope | null;
        if (body instanceof InvalidJson && !schemas.bodyCheckedByService) invalid = INVALID_JSON;
        else {
          if (body instanceof InvalidJson) body = body.text;
          invalid = validate({ params, query, body });
        }
        const api = o.service.forApiKey(token);
        // A request refused here still authenticates and counts against the rate limit first: 401 and 429 win.
        const res = invalid ? ((await api.authorize()) ?? invalid) : await route.call(api, { params, query, body });
        if (kind) countSearch(o.metrics, kind, res);
        return send(reply, res, o.answerJson);
      },
    });
  }
}
