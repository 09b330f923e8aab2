/**
 * A 200 answer of the search routes written to the socket directly (envelope.ts, `reply.hijack()`): the client gets
 * the status, the headers (names, order, values) and the body Fastify's send gives; a route with an `onSend` hook, a
 * reply with a header set by a hook and a HEAD request go through Fastify's send; the request is still logged and
 * counted.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { createServer, type ServerOptions, type TamisServer } from '../../src/server/index.js';
import type { ScreeningService } from '../../src/service/index.js';
import { ALICE, setupService } from './harness.js';

interface Running {
  server: TamisServer;
  url: string;
}

/** A plain HTTP server on loopback over the service, with the host's hooks added before it listens. */
const start = async (service: ScreeningService, hooks: (app: FastifyInstance) => void, o: Partial<ServerOptions> = {}): Promise<Running> => {
  const server = await createServer({ service, port: 0, processMetrics: false, webhooks: false, ...o });
  hooks(server.app);
  return { server, url: await server.listen() };
};

interface Raw {
  status: number;
  /** Header names and values in the order sent; the value of `date` replaced (the clock). */
  headers: string[];
  body: string;
}

const raw = (url: string, method: string, path: string, body?: unknown): Promise<Raw> =>
  new Promise((resolve, reject) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const req = request(`${url}${path}`, { method, headers: { authorization: `Token ${ALICE}`, ...(text ? { 'content-type': 'application/json' } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers = res.rawHeaders.map((v, i) => (i % 2 === 1 && res.rawHeaders[i - 1]?.toLowerCase() === 'date' ? '<date>' : v));
        resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end(text);
  });

/** Whether each answered request was written directly: Fastify's hijacked flag, read when the response finished. */
const hijackedFlag = (reply: FastifyReply): boolean => {
  const key = Object.getOwnPropertySymbols(reply).find((k) => k.description === 'fastify.reply.hijacked');
  return key !== undefined && (reply as unknown as Record<symbol, unknown>)[key] === true;
};

describe('a search answer written directly to the socket', () => {
  let service: ScreeningService;
  let direct: Running;
  let viaSend: Running;
  let tagged: Running;
  const directWrites: boolean[] = [];
  const sendWrites: boolean[] = [];
  const lines: string[] = [];
  let searchId = 0;

  beforeAll(async () => {
    service = await setupService();
    // Logging at info to an array, as `tamis serve` logs (one line per request).
    const logger = { level: 'info', stream: { write: (l: string) => void lines.push(l) } } as ServerOptions['logger'];
    direct = await start(service, (app) => app.addHook('onResponse', async (_req, reply) => void directWrites.push(hijackedFlag(reply))), { logger });
    // The same server with an onSend hook that changes nothing: every answer goes through Fastify's send.
    viaSend = await start(service, (app) => {
      app.addHook('onSend', async (_req, _reply, payload) => payload);
      app.addHook('onResponse', async (_req, reply) => void sendWrites.push(hijackedFlag(reply)));
    });
    // A host's hooks that add headers: both must reach the client.
    tagged = await start(service, (app) => {
      app.addHook('onRequest', async (_req, reply) => void reply.header('x-request-tag', 'from-onRequest'));
      app.addHook('onSend', async (_req, reply, payload) => {
        reply.header('x-sent-by', 'onSend');
        return payload;
      });
    });
    const made = await raw(direct.url, 'POST', '/searches', { search_term: 'Jane Doe', client_ref: 'C-1' });
    expect(made.status).toBe(200);
    searchId = (JSON.parse(made.body) as { content: { data: { id: number } } }).content.data.id;
  });
  afterAll(async () => {
    await direct?.server.close();
    await viaSend?.server.close();
    await tagged?.server.close();
  });

  it.each([
    ['GET /searches/{id}', 'GET', (): string => `/searches/${searchId}`],
    ['GET /searches (a page)', 'GET', (): string => '/searches?limit=5'],
    ['HEAD /searches/{id}', 'HEAD', (): string => `/searches/${searchId}`],
    ['GET /searches/{id} of no search (404, the envelope)', 'GET', (): string => '/searches/987654321'],
  ] as const)('%s: the same status, headers in the same order and body as through Fastify send', async (_what, method, path) => {
    const a = await raw(direct.url, method, path());
    const b = await raw(viaSend.url, method, path());
    expect(a).toEqual(b);
    if (method === 'HEAD') expect(a.body).toBe('');
  });

  it('a new search: status, header names and order, and content-length the byte length of the body', async () => {
    const body = { search_term: 'Владимир Путин', client_ref: 'C-2' };
    const a = await raw(direct.url, 'POST', '/searches', body);
    const b = await raw(viaSend.url, 'POST', '/searches', body);
    expect(a.status).toBe(200);
    expect(a.headers.filter((_, i) => i % 2 === 0)).toEqual(b.headers.filter((_, i) => i % 2 === 0));
    expect(a.headers.slice(0, 2)).toEqual(['content-type', 'application/json; charset=utf-8']);
    expect(a.headers[a.headers.indexOf('content-length') + 1]).toBe(String(Buffer.byteLength(a.body)));
    // The body is whole UTF-8 JSON (the Cyrillic term read back), its length what content-length says.
    expect((JSON.parse(a.body) as { content: { data: { search_term: string } } }).content.data.search_term).toBe('Владимир Путин');
  });

  it('200 answers are written directly on a route without onSend hooks, and through send where a hook is', async () => {
    directWrites.length = 0;
    sendWrites.length = 0;
    await raw(direct.url, 'GET', `/searches/${searchId}`);
    await raw(direct.url, 'GET', '/searches/987654321');
    await raw(viaSend.url, 'GET', `/searches/${searchId}`);
    expect(directWrites).toEqual([true, false]);
    expect(sendWrites).toEqual([false]);
  });

  it('headers set by a host hook (onRequest, onSend) reach the client', async () => {
    const a = await raw(tagged.url, 'GET', `/searches/${searchId}`);
    expect(a.status).toBe(200);
    expect(a.headers).toContain('x-request-tag');
    expect(a.headers[a.headers.indexOf('x-request-tag') + 1]).toBe('from-onRequest');
    expect(a.headers[a.headers.indexOf('x-sent-by') + 1]).toBe('onSend');
  });

  it('a search answered directly is logged (one line, status 200) and counted', async () => {
    lines.length = 0;
    const a = await raw(direct.url, 'POST', '/searches', { search_term: 'Jane Doe' });
    expect(a.status).toBe(200);
    await new Promise((r) => setTimeout(r, 20));
    const mine = lines.map((l) => JSON.parse(l) as { req?: { method: string; url: string }; res?: { statusCode: number }; msg: string }).filter((l) => l.req?.url === '/searches' && l.req.method === 'POST');
    expect(mine).toHaveLength(1);
    expect(mine[0]?.res?.statusCode).toBe(200);
    expect(mine[0]?.msg).toBe('request completed');
    const metrics = (await raw(direct.url, 'GET', '/metrics')).body;
    expect(metrics).toMatch(/tamis_http_requests_total\{method="POST",route="\/searches",status="200"\} [1-9]/);
    expect(metrics).toMatch(/tamis_searches_total\{kind="name"\} [1-9]/);
  });
});
