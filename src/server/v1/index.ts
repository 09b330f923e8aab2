/**
 * The transaction, case, audit, bulk and token area over HTTP, under /v1 (transaction-contracts.md): one route
 * table (routes/*.ts) registered in its own Fastify scope (bearer authentication, problem-detail errors, multipart
 * uploads) and added to the server's OpenAPI document.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { Counter, type Registry } from 'prom-client';
import { STATUS_CODES } from 'node:http';
import { loadPeer } from '../../peer.js';
import type { TransactionArea } from './area.js';
import { invalidJson, PROBLEM_JSON, readQuery, sendProblem, type V1Route } from './http.js';
import { BATCH_ROUTES } from './routes/batches.js';
import { CASE_ROUTES } from './routes/cases.js';
import { SCENARIO_ROUTES } from './routes/scenarios.js';
import { TRANSACTION_ROUTES } from './routes/transactions.js';
import { v1Components, v1Ref, type Schema } from './schemas.js';

export const V1_ROUTES: readonly V1Route[] = [...TRANSACTION_ROUTES, ...CASE_ROUTES, ...BATCH_ROUTES, ...SCENARIO_ROUTES];

const title = (status: number) => STATUS_CODES[status] ?? 'Error';

/**
 * Register the /v1 routes of `area` on `app` (in their own scope: its error and not-found answers are problems);
 * with a metrics `registry`, count the transactions evaluated (`tamis_transactions_total{outcome}`).
 */
export async function registerV1(app: FastifyInstance, area: TransactionArea, registry?: Registry): Promise<void> {
  const evaluated = registry
    ? new Counter({ name: 'tamis_transactions_total', help: 'Transactions evaluated over /v1, by evaluation_outcome', labelNames: ['outcome'] as const, registers: [registry] })
    : null;
  // An optional peer like the server's other packages: needed only when the /v1 area is served (batch uploads).
  const { default: multipart } = await loadPeer('@fastify/multipart', 'The /v1 area of the server (batch uploads)', () => import('@fastify/multipart'));
  await app.register(
    async (v1) => {
      // Bodies are JSON (or a multipart upload): a text/plain body answers 415 here.
      v1.removeContentTypeParser('text/plain');
      await v1.register(multipart, { throwFileSizeLimit: false, limits: { fileSize: area.batchLimits.maxFileBytes, files: 1, parts: 10 } });
      v1.setNotFoundHandler(async (req, reply) =>
        sendProblem(reply, req, area.problem(404, [{ code: 'NOT_FOUND', message: `not found: ${req.method} ${req.url.split('?')[0]}`, path: '$' }], 'Not Found').error),
      );
      v1.setErrorHandler(async (err: FastifyError, req, reply) => {
        const status = typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
        if (status >= 500) req.log.error({ err }, 'request failed');
        const code = status === 413 ? 'MAX_SIZE_LIMIT_REACHED' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : status >= 500 ? 'INTERNAL_ERROR' : 'INVALID_REQUEST';
        const message = status >= 500 ? 'internal error' : err.message;
        return sendProblem(reply, req, area.problem(status, [{ code, message, path: '$' }], title(status)).error, area.realm);
      });
      for (const route of V1_ROUTES) {
        v1.route({
          method: route.method,
          url: route.path.slice('/v1'.length),
          handler: async (req, reply) => {
            let actor = { account_identifier: area.account_identifier, user_identifier: '' };
            if (route.auth !== false) {
              const a = area.authenticate(req.headers.authorization);
              if (!a.ok) return sendProblem(reply, req, a.error, area.realm);
              actor = a.value.actor;
            }
            const query = readQuery((req.query ?? {}) as Record<string, unknown>, route.query);
            if (!query.ok) return sendProblem(reply, req, area.problem(400, query.error).error);
            if (route.body && 'json' in route.body && invalidJson(req.body)) {
              return sendProblem(reply, req, area.problem(400, [{ code: 'INVALID_JSON', message: 'the body is not valid JSON', path: '$' }]).error);
            }
            const out = await route.handle({ req, reply, area, actor, params: req.params as Record<string, string>, query: query.value, body: req.body });
            if ('problem' in out) return sendProblem(reply, req, out.problem, area.realm);
            const outcome = (out.body as { evaluation_outcome?: unknown } | undefined)?.evaluation_outcome;
            if (evaluated && route.evaluates && typeof outcome === 'string') evaluated.inc({ outcome });
            for (const [k, v] of Object.entries(out.headers ?? {})) reply.header(k, v);
            reply.code(out.status);
            if (out.body === undefined) return reply.send();
            return reply.type(out.type ?? 'application/json; charset=utf-8').send(out.body);
          },
        });
      }
    },
    { prefix: '/v1' },
  );
}

const openApiPath = (p: string): string => p.replace(/:([a-z_]+)/g, '{$1}');
const operationId = (method: string, path: string): string =>
  method.toLowerCase() +
  path
    .replace(/:([a-z_]+)/g, 'by-$1')
    .split(/[/_-]/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');

const problemContent = { [PROBLEM_JSON]: { schema: v1Ref('V1_Problem') } };

function operation(route: V1Route): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  for (const [status, schema] of Object.entries(route.responses)) {
    const s = Number(status);
    if (schema === null) responses[status] = { description: title(s) };
    else if ('media' in schema && typeof schema.media === 'string') responses[status] = { description: title(s), content: { [schema.media]: { schema: { type: 'string' } } } };
    else responses[status] = { description: title(s), content: { 'application/json': { schema } } };
  }
  const problems = new Set([400, ...(route.auth === false ? [] : [401]), ...(route.problems ?? []), 500]);
  for (const s of [...problems].sort()) responses[String(s)] = { description: `${title(s)} (problem detail)`, content: problemContent };
  responses.default = { description: 'problem detail', content: problemContent };
  const parameters = [
    ...Object.entries(route.params ?? {}).map(([name, schema]) => ({ name, in: 'path', required: true, schema })),
    ...Object.entries(route.query ?? {}).map(([name, schema]) => ({
      name,
      in: 'query',
      required: false,
      ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
      schema: name === 'assignee' ? { oneOf: [{ type: 'string', format: 'uuid' }, { const: 'null' }] } : schema,
    })),
  ];
  let requestBody: unknown;
  if (route.body && 'json' in route.body) requestBody = { required: route.body.required === true, content: { 'application/json': { schema: route.body.json } } };
  else if (route.body) requestBody = { required: true, content: { 'multipart/form-data': { schema: route.body.multipart } } };
  return {
    operationId: operationId(route.method, route.path),
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [`v1 ${route.tag}`],
    security: route.auth === false ? [] : [{ Bearer: [] }],
    parameters,
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

/** Add the /v1 area to an OpenAPI document built by buildOpenApi (paths, components, the Bearer scheme, tags). */
export function addV1ToOpenApi(doc: Record<string, unknown>): void {
  const paths = doc.paths as Record<string, Record<string, unknown>>;
  for (const route of V1_ROUTES) (paths[openApiPath(route.path)] ??= {})[route.method.toLowerCase()] = operation(route);
  const components = doc.components as { schemas: Record<string, Schema>; securitySchemes: Record<string, unknown> };
  Object.assign(components.schemas, v1Components());
  components.securitySchemes.Bearer = {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The access_token of POST /v1/token (username, password, realm)',
  };
  const tags = doc.tags as { name: string; description: string }[];
  for (const t of [...new Set(V1_ROUTES.map((r) => r.tag))]) tags.push({ name: `v1 ${t}`, description: 'transaction-contracts.md, under /v1 with Authorization: Bearer' });
  const info = doc.info as { title: string; description: string };
  info.title = 'tamis API';
  info.description +=
    ' The transaction, case, audit, bulk and token area (transaction-contracts.md) is under /v1: every operation but ' +
    'POST /v1/token needs `Authorization: Bearer <access_token>`; failures are problem details (application/problem+json).';
}

export { createTransactionArea, type TransactionArea, type TransactionAreaOptions, type TransactionAreaStores, type TransactionAreaUser } from './area.js';
export { memoryTransactionAreaStores, postgresTransactionAreaStores, sqliteTransactionAreaStores } from './stores.js';
export type { CustomerProfile, CustomerProfileStore } from './customers.js';
export type { ScenarioVersionRecord, ScenarioVersionStore } from './scenario-store.js';
