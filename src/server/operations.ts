/**
 * Operating endpoints, outside the spec's API: /healthz (the process answers), /readyz (lists loaded, not shutting
 * down), /metrics (Prometheus), /openapi.json, and POST /admin/reload (load the lists again; admin token).
 */
import type { FastifyInstance } from 'fastify';
import { sameSecret, tokenOf } from './auth.js';
import { failure, send } from './envelope.js';
import type { ServerMetrics } from './metrics.js';
import type { OperationsRoute } from './openapi.js';
import type { Schema } from './schemas/annotate.js';

export interface ListState {
  version: number;
  entities: number;
  sources: string[];
  loaded_at: string;
}

export interface ReloadReport extends ListState {
  rescreened: number;
  changed: number[];
  suspended: number[];
  failed: { search_id: number; error: { code: number; message: string } }[];
  duration_ms: number;
}

export interface OperationsOptions {
  metrics: ServerMetrics;
  openapi: () => unknown;
  lists: () => ListState;
  ready: () => boolean;
  reload: (() => Promise<ReloadReport>) | null;
  adminToken?: string | undefined;
  metricsToken?: string | undefined;
}

const str = { type: 'string' };
const int = { type: 'integer' };
const listState: Schema = {
  type: 'object',
  properties: { version: int, entities: int, sources: { type: 'array', items: str }, loaded_at: str },
  required: ['version', 'entities', 'sources', 'loaded_at'],
};
const failureRef = { $ref: '#/components/schemas/Failure' };

/** The operating endpoints as documented in /openapi.json. */
export const OPERATIONS: readonly OperationsRoute[] = [
  {
    method: 'GET',
    path: '/healthz',
    summary: 'Liveness: the process answers',
    security: 'none',
    response: [{ status: 200, schema: { type: 'object', properties: { status: { const: 'ok' } }, required: ['status'] } }],
  },
  {
    method: 'GET',
    path: '/readyz',
    summary: 'Readiness: lists loaded and not shutting down (503 otherwise)',
    security: 'none',
    response: [
      { status: 200, schema: { type: 'object', properties: { status: { const: 'ready' }, lists: listState }, required: ['status', 'lists'] } },
      { status: 503, schema: { type: 'object', properties: { status: { enum: ['starting', 'shutting_down'] } }, required: ['status'] } },
    ],
  },
  { method: 'GET', path: '/metrics', summary: 'Prometheus metrics', security: 'metrics', response: [{ status: 200, text: true }, { status: 401, schema: failureRef }] },
  { method: 'GET', path: '/openapi.json', summary: 'This document', security: 'none', response: [{ status: 200, schema: { type: 'object' } }] },
  {
    method: 'POST',
    path: '/admin/reload',
    summary: 'Load the lists again, re-screen monitored searches, queue monitored_search_updated',
    security: 'admin',
    response: [
      {
        status: 200,
        schema: {
          type: 'object',
          properties: {
            status: { const: 'success' },
            content: {
              allOf: [
                listState,
                {
                  type: 'object',
                  properties: {
                    rescreened: int,
                    changed: { type: 'array', items: int },
                    suspended: { type: 'array', items: int },
                    failed: { type: 'array', items: { type: 'object' } },
                    duration_ms: { type: 'number' },
                  },
                  required: ['rescreened', 'changed', 'suspended', 'failed', 'duration_ms'],
                },
              ],
            },
          },
          required: ['status', 'content'],
        },
      },
      { status: 401, schema: failureRef },
      { status: 404, schema: failureRef },
      { status: 500, schema: failureRef },
    ],
  },
];

export function registerOperations(app: FastifyInstance, o: OperationsOptions): void {
  app.get('/healthz', async (_req, reply) => reply.send({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    if (!o.ready()) return reply.code(503).send({ status: 'shutting_down' });
    return reply.send({ status: 'ready', lists: o.lists() });
  });
  app.get('/openapi.json', async (_req, reply) => reply.type('application/json; charset=utf-8').send(o.openapi()));
  app.get('/metrics', async (req, reply) => {
    if (o.metricsToken !== undefined && !sameSecret(tokenOf(req.headers.authorization), o.metricsToken)) {
      return send(reply, failure(401, 'unauthorized: /metrics needs Authorization: Token <METRICS_TOKEN>'));
    }
    return reply.type(o.metrics.registry.contentType).send(await o.metrics.registry.metrics());
  });
  app.post('/admin/reload', async (req, reply) => {
    if (o.adminToken === undefined || o.reload === null) {
      return send(reply, failure(404, 'not found: the admin reload is off (set admin.token and give the lists in the config)'));
    }
    if (!sameSecret(tokenOf(req.headers.authorization), o.adminToken)) {
      return send(reply, failure(401, 'unauthorized: /admin/reload needs Authorization: Token <ADMIN_TOKEN>'));
    }
    try {
      return reply.send({ status: 'success', content: await o.reload() });
    } catch (e) {
      req.log.error({ err: e }, 'list reload failed');
      return send(reply, failure(500, `list reload failed: ${(e as Error).message}; the lists in use are unchanged`));
    }
  });
}
