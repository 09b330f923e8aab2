/**
 * Request logs: one line per request when it is answered (with method, URL, status and time taken), not Fastify's
 * two; and the buffered destination `tamis serve` writes them through gives every line to the file once flushed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createServer } from '../../src/server/index.js';
import { bufferedLog, LOG_BUFFER_BYTES } from '../../src/server/request-log.js';
import { ALICE, setupService } from './harness.js';

const BUILT = new URL('../../dist/server/request-log.js', import.meta.url);

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
    const log = bufferedLog(openSync(file, 'w'));
    const logger = pino({ level: 'info' }, log.stream);
    for (let i = 0; i < 3; i++) logger.info({ i }, 'line');
    expect(readFileSync(file, 'utf8')).toBe('');
    await log.flush();
    expect(readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l).i)).toEqual([0, 1, 2]);
    await log.close();
  });

  it('the buffered destination writes by the 32 KB without a flush, every line whole and in order', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'tamis-log-')), 'out.log');
    const log = bufferedLog(openSync(file, 'w'));
    const logger = pino({ level: 'info' }, log.stream);
    const pad = 'é'.repeat(200); // two UTF-8 bytes a character: the buffer counts characters, the file gets bytes
    const lines = Math.ceil((2 * LOG_BUFFER_BYTES) / 200) + 5;
    for (let i = 0; i < lines; i++) logger.info({ i, pad }, 'line');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const written = readFileSync(file, 'utf8').split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as { i: number; pad: string });
    expect(written.length).toBeGreaterThan(0);
    expect(written.length).toBeLessThan(lines);
    expect(written.map((l) => l.i)).toEqual(written.map((_, k) => k));
    expect(written.every((l) => l.pad === pad)).toBe(true);
    await log.flush();
    expect(readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l).i)).toEqual(Array.from({ length: lines }, (_, k) => k));
    await log.close();
  });

  it.each([
    { how: 'process.exit()', end: 'process.exit(0);' },
    { how: 'the event loop ending', end: '' },
  ])('lines still in the buffer when the process exits are written ($how)', ({ end }) => {
    if (!existsSync(BUILT)) throw new Error('dist/server/request-log.js is missing: run `npm run build` first (npm test builds before testing)');
    const file = join(mkdtempSync(join(tmpdir(), 'tamis-log-')), 'out.log');
    const script = `
      import { openSync } from 'node:fs';
      import pino from 'pino';
      import { bufferedLog } from ${JSON.stringify(BUILT.href)};
      const logger = pino({ level: 'info' }, bufferedLog(openSync(${JSON.stringify(file)}, 'w')).stream);
      for (let i = 0; i < 3; i++) logger.info({ i }, 'line');
      ${end}`;
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: fileURLToPath(new URL('../..', import.meta.url)) });
    expect(readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l).i)).toEqual([0, 1, 2]);
  });
});
