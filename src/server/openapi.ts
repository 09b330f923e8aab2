/**
 * The OpenAPI 3.1 document of the server, built from the route table (SEARCH_ROUTES), the request schemas that
 * validate requests (schemas/requests.ts) and the response schemas (schemas/responses.ts). Served at /openapi.json.
 */
import type { SearchRoute } from '../service/routes.js';
import type { Schema } from './schemas/annotate.js';
import type { RouteSchemas } from './schemas/requests.js';
import { COMPONENT_SCHEMAS, ref, SUCCESS_RESPONSES } from './schemas/responses.js';

export interface OperationsRoute {
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  /** `json`: a JSON body described by `schema`; `text`: Prometheus text. */
  response: { status: number; schema?: Schema; text?: boolean }[];
  security?: 'admin' | 'none' | 'metrics';
}

const openApiPath = (p: string): string => p.replace(/:([a-z_]+)/g, '{$1}');
const operationId = (method: string, path: string): string =>
  (method.toLowerCase() + path.replace(/:([a-z_]+)/g, 'by-$1').split(/[/-]/).filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1)).join('')).replace(/_(\w)/g, (_m, c: string) => c.toUpperCase());

function parameters(where: 'path' | 'query', schema: Schema | undefined): unknown[] {
  const props = (schema?.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema?.required ?? []) as string[]);
  return Object.entries(props).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    ...(typeof s.description === 'string' ? { description: s.description } : {}),
    schema: s,
  }));
}

const json = (schema: Schema) => ({ 'application/json': { schema } });
const FAILURE = { description: 'failure: `{ code, message, status: "failure" }`', content: json(ref('Failure')) };
const EMPTY_429 = { description: 'rate quota exceeded (empty body)' };

function searchOperation(route: SearchRoute, schemas: RouteSchemas): Record<string, unknown> {
  const key = `${route.method} ${route.path}`;
  const ok = SUCCESS_RESPONSES[key];
  const responses: Record<string, unknown> = {};
  if (route.deprecated) {
    responses['410'] = { description: 'gone: deprecated on 2018-06-15, answers 410 since 2020-06-15', content: json(ref('Failure')) };
  } else if (ok === null) {
    responses['204'] = { description: 'done (empty body)' };
  } else if (ok === 'pdf') {
    responses['200'] = { description: 'the certificate', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } };
  } else if (ok !== undefined) {
    responses['200'] = { description: 'success', content: json(ok) };
  }
  responses['401'] = { description: 'missing or unknown api key', content: json(ref('Failure')) };
  responses['429'] = EMPTY_429;
  responses.default = FAILURE;
  return {
    operationId: operationId(route.method, route.path),
    ...(route.deprecated ? { deprecated: true } : {}),
    tags: [route.deprecated ? 'deprecated' : 'searches'],
    parameters: [...parameters('path', schemas.params), ...parameters('query', schemas.querystring)],
    ...(schemas.body ? { requestBody: { required: !schemas.bodyCheckedByService, content: json(schemas.body) } } : {}),
    responses,
  };
}

export function buildOpenApi(options: {
  routes: readonly SearchRoute[];
  schemas: Record<string, RouteSchemas>;
  operations: readonly OperationsRoute[];
  version: string;
}): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const at = (path: string) => (paths[openApiPath(path)] ??= {});
  for (const route of options.routes) {
    at(route.path)[route.method.toLowerCase()] = searchOperation(route, options.schemas[`${route.method} ${route.path}`] ?? {});
  }
  for (const op of options.operations) {
    const responses: Record<string, unknown> = {};
    for (const r of op.response) {
      responses[String(r.status)] = {
        description: r.status < 300 ? 'success' : 'failure',
        ...(r.schema ? { content: json(r.schema) } : r.text ? { content: { 'text/plain': { schema: { type: 'string' } } } } : {}),
      };
    }
    at(op.path)[op.method.toLowerCase()] = {
      operationId: operationId(op.method, op.path),
      summary: op.summary,
      tags: ['operations'],
      security: op.security === 'admin' ? [{ AdminToken: [] }] : op.security === 'metrics' ? [{}, { MetricsToken: [] }] : [],
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'tamis search API',
      version: options.version,
      description:
        'The name-screening search API (search-api.md), served by `tamis serve`. Every search endpoint needs ' +
        '`Authorization: Token <API_KEY>`; a missing or unknown key answers 401 with the failure envelope. ' +
        'Request schemas carry `x-problem`: the problem code and message an invalid value answers with.',
    },
    servers: [{ url: '/' }],
    security: [{ Token: [] }],
    tags: [
      { name: 'searches', description: 'search-api.md' },
      { name: 'deprecated', description: 'answer 410 (gone)' },
      { name: 'operations', description: 'health, readiness, metrics, list reload' },
    ],
    paths,
    components: {
      schemas: COMPONENT_SCHEMAS,
      securitySchemes: {
        Token: { type: 'apiKey', in: 'header', name: 'Authorization', description: '`Token <API_KEY>`' },
        AdminToken: { type: 'apiKey', in: 'header', name: 'Authorization', description: '`Token <ADMIN_TOKEN>` (server config `admin.token`)' },
        MetricsToken: { type: 'apiKey', in: 'header', name: 'Authorization', description: '`Token <METRICS_TOKEN>` when `metrics.token` is set' },
      },
    },
  };
}
