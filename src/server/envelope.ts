/** How a service answer becomes an HTTP response (search-api.md, "Response envelope"). */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FailureEnvelope } from '../errors.js';
import type { CertificateContent } from '../service/render.js';
import type { ApiResponse } from '../service/types.js';
import type { AnswerJson } from './answer-json.js';

export const failure = (code: number, message: string): FailureEnvelope => ({ code, message, status: 'failure' });

const isCertificate = (c: unknown): c is CertificateContent =>
  typeof c === 'object' && c !== null && (c as CertificateContent).content_type === 'application/pdf' && Buffer.isBuffer((c as CertificateContent).data);

const JSON_TYPE = 'application/json; charset=utf-8';

/** Fastify's key of a request's route context (its hooks), found on the first request; null: not found. */
let routeContextKey: symbol | null | undefined;
const routeContextOf = (req: FastifyRequest): { onSend?: unknown } | null => {
  if (routeContextKey === undefined) routeContextKey = Object.getOwnPropertySymbols(req).find((k) => k.description === 'fastify.context') ?? null;
  const ctx = routeContextKey === null ? undefined : (req as unknown as Record<symbol, unknown>)[routeContextKey];
  return typeof ctx === 'object' && ctx !== null ? (ctx as { onSend?: unknown }) : null;
};

/**
 * Whether a 200 answer can be written to the socket directly (`reply.hijack()`), giving the client what Fastify's
 * `send` would: no `onSend` hook on the route (which could change the answer or add headers), no header set on the
 * reply before, not a HEAD request. Fastify still ends the request as before: the request line, the metrics and
 * the `onResponse` hooks run when the response finishes.
 */
const writesDirectly = (reply: FastifyReply): boolean => {
  if (reply.request.method === 'HEAD' || reply.sent) return false;
  const ctx = routeContextOf(reply.request);
  if (ctx === null || ctx.onSend !== null) return false;
  for (const _ in reply.getHeaders()) return false;
  return true;
};

/**
 * 200: the envelope (`status: success`), or the PDF bytes for the certificate; 204 and 429: the status, no body;
 * failures: the envelope with its `code` as the status. A 401 names the scheme in `WWW-Authenticate`. With `json`,
 * a 200 envelope is sent as its JSON text written by it (the same bytes as Fastify's `JSON.stringify`, with the
 * hits' docs written once per entity: answer-json.ts), written to the socket with the headers Fastify would send
 * (`content-type`, `content-length`) where nothing could change them (writesDirectly), else through Fastify's send.
 */
export function send(reply: FastifyReply, res: ApiResponse<unknown>, json?: AnswerJson): FastifyReply {
  if (res.status === 'empty') return reply.code(res.code).send();
  if (res.status === 'failure') {
    if (res.code === 401) reply.header('www-authenticate', 'Token');
    return reply.code(res.code).type('application/json; charset=utf-8').send(res);
  }
  if (isCertificate(res.content)) {
    return reply
      .code(200)
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${res.content.filename.replace(/["\\\r\n]/g, '_')}"`)
      .send(res.content.data);
  }
  if (!json) return reply.code(200).type(JSON_TYPE).send(res);
  const body = json.stringify(res);
  if (writesDirectly(reply)) {
    reply.hijack();
    reply.raw.writeHead(200, ['content-type', JSON_TYPE, 'content-length', String(Buffer.byteLength(body))]);
    reply.raw.end(body);
    return reply;
  }
  return reply.code(200).type(JSON_TYPE).send(body);
}
