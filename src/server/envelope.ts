/** How a service answer becomes an HTTP response (search-api.md, "Response envelope"). */
import type { FastifyReply } from 'fastify';
import type { FailureEnvelope } from '../errors.js';
import type { CertificateContent } from '../service/render.js';
import type { ApiResponse } from '../service/types.js';
import type { AnswerJson } from './answer-json.js';

export const failure = (code: number, message: string): FailureEnvelope => ({ code, message, status: 'failure' });

const isCertificate = (c: unknown): c is CertificateContent =>
  typeof c === 'object' && c !== null && (c as CertificateContent).content_type === 'application/pdf' && Buffer.isBuffer((c as CertificateContent).data);

/**
 * 200: the envelope (`status: success`), or the PDF bytes for the certificate; 204 and 429: the status, no body;
 * failures: the envelope with its `code` as the status. A 401 names the scheme in `WWW-Authenticate`. With `json`,
 * a 200 envelope is sent as its JSON text written by it (the same bytes as Fastify's `JSON.stringify`, with the
 * hits' docs written once per entity: answer-json.ts), past Fastify's serialization step.
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
  return reply
    .code(200)
    .type('application/json; charset=utf-8')
    .send(json ? json.stringify(res) : res);
}
