/**
 * Request logs: one pino line per request, written when it is answered, with the request, the status and the time
 * taken (Fastify writes two by default: received, completed). `tamis serve` writes them to stdout through a buffer
 * (`bufferedLog`): pino's default writes every line on its own through libuv's thread pool, which cost more than
 * the rest of the request's handling in the server (docs/server.md, "Figures"). Errors keep Fastify's own lines.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';

export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/**
 * Bytes of log lines kept before a write (about 120 request lines), the most one write takes, and the longest a line
 * waits (ms) when fewer arrive. Each write goes through libuv's thread pool (a thread woken, then the event loop):
 * at 4 KB a write every 16 requests cost about 9 µs of CPU per request more than at 32 KB (docs/server.md, "Figures").
 */
export const LOG_BUFFER_BYTES = 32 * 1024;
export const LOG_MAX_WRITE_BYTES = 64 * 1024;
export const LOG_FLUSH_MS = 1000;

export interface BufferedLog {
  stream: ReturnType<typeof pino.destination>;
  /** Writes what the buffer holds; resolves once written. */
  flush(): Promise<void>;
}

/**
 * A log destination (file descriptor, default stdout) written by the 32 KB or at least every second, whichever
 * comes first; pino flushes it when the process exits. A process killed with SIGKILL loses at most the last second.
 */
export function bufferedLog(fd = 1): BufferedLog {
  const stream = pino.destination({ dest: fd, sync: false, minLength: LOG_BUFFER_BYTES, maxWrite: LOG_MAX_WRITE_BYTES, periodicFlush: LOG_FLUSH_MS });
  return {
    stream,
    flush: () => new Promise<void>((resolve) => stream.flush(() => resolve())),
  };
}
