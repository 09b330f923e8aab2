/**
 * Request logs: one pino line per request, written when it is answered, with the request, the status and the time
 * taken (Fastify writes two by default: received, completed). `tamis serve` writes them to stdout through a buffer
 * (`bufferedLog`): pino's default writes every line on its own through libuv's thread pool, which cost more than
 * the rest of the request's handling in the server (docs/server.md, "Figures"). Errors keep Fastify's own lines.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';
import { writeRequestLine } from './request-line.js';

export class OneLinePerRequest extends LogController {
  /**
   * `onCompleted`: called for every answered request before its line is written (the request metrics), so that a
   * server that logs needs no `onResponse` hook: Fastify runs this controller at the end of every request already.
   */
  constructor(
    private readonly onCompleted?: (request: FastifyRequest, reply: FastifyReply) => void,
    /** The logger has pino's default format: the line is written directly (request-line.ts). */
    private readonly directLine = false,
  ) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    this.onCompleted?.(request, reply);
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else if (this.directLine && writeRequestLine(request, reply)) return;
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/**
 * Characters of log lines kept before a write (about 120 request lines), and the longest a line waits (ms) when
 * fewer arrive. Each write goes through libuv's thread pool (a thread woken, then the event loop): at 4 KB a write
 * every 16 requests cost about 9 µs of CPU per request more than at 32 KB (docs/server.md, "Figures").
 */
export const LOG_BUFFER_BYTES = 32 * 1024;
export const LOG_MAX_WRITE_BYTES = 64 * 1024;
export const LOG_FLUSH_MS = 1000;

/** What pino writes the lines to: `write` keeps a line; the lines go to the file by the 32 KB. */
export interface LogStream {
  write(line: string): boolean;
  /** Hands the kept lines to the file and writes them before returning (at exit). */
  flushSync(): void;
}

export interface BufferedLog {
  stream: LogStream;
  /** Writes what the buffer holds; resolves once written. */
  flush(): Promise<void>;
  /** Writes what the buffer holds, then ends the destination, which closes its file descriptor (not stdout, stderr). */
  close(): Promise<void>;
}

const open = new Set<LineBuffer>();
let exitHooked = false;
/**
 * When the event loop ends (beforeExit), every open buffer hands its lines to its destination, which pino then
 * writes and ends; at exit (process.exit, or after beforeExit), every open buffer writes its lines synchronously.
 */
const hookExit = () => {
  if (exitHooked) return;
  exitHooked = true;
  process.on('beforeExit', () => {
    for (const b of open) {
      try {
        b.pass();
      } catch {
        // a destination already ended: the exit hook below cannot write either
      }
    }
  });
  process.on('exit', () => {
    for (const b of open) {
      try {
        b.flushSync();
      } catch {
        // nothing left to do with a line that cannot be written at exit
      }
    }
  });
};

/**
 * The lines kept in an array and joined once per write: sonic-boom (pino.destination) appends each line to one
 * growing string and measures that string's UTF-8 length at every line, which copies the buffer (16 KB on average
 * at a 32 KB buffer) once per request. The file writes stay sonic-boom's (partial writes, EAGAIN, flushSync).
 */
class LineBuffer implements LogStream {
  private lines: string[] = [];
  private chars = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly out: ReturnType<typeof pino.destination>) {
    this.timer = setInterval(() => this.pass(), LOG_FLUSH_MS);
    this.timer.unref();
    open.add(this);
    hookExit();
  }

  write(line: string): boolean {
    this.lines.push(line);
    this.chars += line.length;
    if (this.chars >= LOG_BUFFER_BYTES) this.pass();
    return true;
  }

  /** Hands the kept lines to the destination as one string (written at once, or after the write in progress). */
  pass(): void {
    if (this.lines.length === 0) return;
    const text = this.lines.length === 1 ? (this.lines[0] as string) : this.lines.join('');
    this.lines = [];
    this.chars = 0;
    this.out.write(text);
  }

  flushSync(): void {
    this.pass();
    const out = this.out as unknown as { fd: number; destroyed: boolean };
    // Not yet open (the file descriptor is given, so only when closed) or closed: nothing can be written.
    if (!out.destroyed && out.fd >= 0) this.out.flushSync();
  }

  flush(): Promise<void> {
    this.pass();
    return new Promise<void>((resolve) => this.out.flush(() => resolve()));
  }

  close(): Promise<void> {
    this.pass();
    clearInterval(this.timer);
    open.delete(this);
    return new Promise<void>((resolve) => {
      this.out.once('close', () => resolve());
      this.out.end();
    });
  }
}

/**
 * A log destination (file descriptor, default stdout) written by the 32 KB or at least every second, whichever
 * comes first, and at exit. A process killed with SIGKILL loses at most the last second.
 */
export function bufferedLog(fd = 1): BufferedLog {
  // minLength 1: sonic-boom writes what it is handed at once (the buffer here decides when), and its flush waits
  // for the write in progress (with 0 it would return at once).
  const out = pino.destination({ dest: fd, sync: false, minLength: 1, maxWrite: LOG_MAX_WRITE_BYTES });
  const buffer = new LineBuffer(out);
  return { stream: buffer, flush: () => buffer.flush(), close: () => buffer.close() };
}
