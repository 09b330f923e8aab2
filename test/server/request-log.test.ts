/**
 * Request logs: one line per request when it is answered (with method, URL, status and time taken), not Fastify's
 * two; and the buffered destination `tamis serve` writes them through gives every line to the file once flushed.
 */
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createServer } from '../../src/server/index.js';
import { bufferedLog } from '../../src/server/request-log.js';
import { ALICE, setupService } from './harness.js';

describe('request logs', () => {
  it('writes one line per request, when it is answered, with the request, the status and the time taken', async () => {
    const lines: Record<string, any>[] = [];
    const service = await setupService();
    const server = await createServer({ service, port: 0, webhooks: false, processMetrics: false, logger: { level: 'info', stream: { write: (l: string) => void lines.push(JSON.parse(l)) } } });
    const url = await server.listen();
    try {
      expect((await fetch(`${url}/users`, { headers: { authorization: `Token ${ALICE}` } })).status).toBe(200);
      expect((await fetch(`${url}/nowhere?x=1`)).status).toBe(404);
      const requests = lines.filter((l) => l.req !== undefined || l.res !== undefined);
      expect(requests.map((l) => [l.msg, l.req?.method, l.req?.url, l.res?.statusCode])).toEqual([
        ['request completed', 'GET', '/users', 200],
        ['request completed', 'GET', '/nowhere?x=1', 404],
      ]);
      for (const l of requests) expect(typeof l.responseTime).toBe('number');
      expect(lines.some((l) => l.msg === 'incoming request')).toBe(false);
    } finally {
      await server.close();
    }
  });

  it('the buffered destination writes every line once flushed', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'tamis-log-')), 'out.log');
    const fd = openSync(file, 'w');
    const log = bufferedLog(fd);
    const logger = pino({ level: 'info' }, log.stream);
    for (let i = 0; i < 3; i++) logger.info({ i }, 'line');
    await log.flush();
    expect(readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l).i)).toEqual([0, 1, 2]);
    await new Promise((resolve) => {
      log.stream.once('close', resolve);
      log.stream.end();
    });
  });
});
