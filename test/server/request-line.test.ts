/**
 * The request line written directly (request-line.ts) is the line pino writes through Fastify's serializers: the
 * same bytes but for the clock, the time taken and the client's port, for every kind of request; a level above
 * info writes no request line either way; other pino options keep pino's own path.
 */
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createServer, type ServerOptions } from '../../src/server/index.js';
import { hasDefaultFormat } from '../../src/server/request-line.js';
import { ALICE, setupService } from './harness.js';

interface Call {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

const CALLS: Call[] = [
  { method: 'GET', path: '/users', headers: { authorization: `Token ${ALICE}` } },
  { method: 'POST', path: '/searches', headers: { authorization: `Token ${ALICE}`, 'content-type': 'application/json' }, body: '{"search_term":"Jane Doe"}' },
  { method: 'POST', path: '/searches', headers: { authorization: `Token ${ALICE}`, 'content-type': 'application/json' }, body: '{"search_term":7}' },
  { method: 'GET', path: '/searches', headers: { authorization: 'Token unknown-key-1' } },
  { method: 'GET', path: '/nowhere?q="quoted"&b=\\back&e={\'x\'}|`^&%E4%BD%A0=1' },
  { method: 'GET', path: '/healthz', headers: { 'accept-version': '1.x' } },
  { method: 'DELETE', path: '/searches/abc', headers: { authorization: `Token ${ALICE}` } },
];

/** Calls the server with node:http (the path sent as given: quotes and backslashes unescaped). */
const call = (url: string, c: Call) =>
  new Promise<number>((resolve, reject) => {
    const req = request(`${url}/`, { method: c.method, path: c.path, headers: c.headers ?? {} }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(c.body);
  });

/** The request lines of a server with these logger options, the varying parts replaced. */
async function linesOf(logger: Record<string, unknown>): Promise<string[]> {
  const lines: string[] = [];
  const service = await setupService();
  const server = await createServer({ service, port: 0, webhooks: false, processMetrics: false, logger: { ...logger, stream: { write: (l: string) => void lines.push(l) } } as ServerOptions['logger'] });
  const url = await server.listen();
  try {
    for (const c of CALLS) await call(url, c);
  } finally {
    await server.close();
  }
  return lines
    .filter((l) => l.includes('"request completed"'))
    .map((l) => l.replace(/"time":\d+/, '"time":T').replace(/"responseTime":[0-9.e+-]+/, '"responseTime":R').replace(/"remotePort":\d+/, '"remotePort":P').replace(/127\.0\.0\.1:\d+/, '127.0.0.1:PORT'));
}

describe('the request line', () => {
  it('is the line pino writes, byte for byte but for the clock, the time taken and the port', async () => {
    const direct = await linesOf({ level: 'info' });
    // messageKey 'msg' is pino's default: the same format, but an option that keeps the line on pino's own path.
    const throughPino = await linesOf({ level: 'info', messageKey: 'msg' });
    expect(direct).toHaveLength(CALLS.length);
    expect(direct).toEqual(throughPino);
    expect(direct.every((l) => l.startsWith('{"level":30,"time":T,') && l.endsWith(',"msg":"request completed"}\n'))).toBe(true);
    expect(direct.some((l) => l.includes('"version":"1.x"'))).toBe(true);
  });

  it.each([
    ['warn', { level: 'warn' }],
    ['error, through pino', { level: 'error', messageKey: 'msg' }],
  ])('a level of %s writes no request line', async (_what, logger) => {
    expect(await linesOf(logger)).toEqual([]);
  });

  it.each([
    ['true', true, true],
    ['a level', { level: 'info' }, true],
    ['a level and a stream', { level: 'info', stream: process.stdout }, true],
    ['a file', { file: '/dev/null' }, true],
    ['redaction', { level: 'info', redact: ['req.url'] }, false],
    ['serializers', { level: 'info', serializers: {} }, false],
    ['formatters', { level: 'info', formatters: {} }, false],
    ['false', false, false],
    ['none', undefined, false],
  ] as const)('logger options with %s: written directly %s', (_what, logger, direct) => {
    expect(hasDefaultFormat(logger as ServerOptions['logger'])).toBe(direct);
  });
});
