/**
 * Screening a whole customer file (`screenFile`): the rows are read as a stream, cut into chunks, screened on worker
 * threads (each with its own screener over the list file), and their result lines handed back in row order.
 *
 * At most `2 × workers` chunks are in flight, so memory stays flat however long the file; a chunk's lines are
 * written once every chunk before it is written. Node-only (fs, worker_threads); the row and result shapes are pure
 * (`rows.ts`).
 */
import { open } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import type { Readable } from 'node:stream';
import { fail, ok, type Result } from '../errors.js';
import { SnapshotDocumentError } from '../screening/snapshot.js';
import { readFailure } from './list.js';
import { inProcessScreening, workerScreening, type RowScreening } from './pool.js';
import { readCustomers, type InputFormat } from './read.js';
import type { CustomerRequest, ResultLine, RowError, RowSearchOptions } from './rows.js';
import type { RowOutcome } from './screen-rows.js';

export const DEFAULT_CHUNK_SIZE = 200;

export interface ScreenFileOptions {
  /** The customer file (a path), or a stream of it (e.g. standard input). */
  input: string | Readable;
  format: InputFormat;
  /** The list file (a JSON array of entities, or an index snapshot) each worker loads. */
  list: string;
  /** Worker threads; default: the machine's available parallelism. 0 screens in the calling thread. */
  workers?: number;
  /** Rows per chunk sent to a worker (default 200). */
  chunkSize?: number;
  search?: RowSearchOptions;
  /** Called with the result lines of each row that has hits, in row order. May return a promise (backpressure). */
  onLines: (lines: ResultLine[]) => void | Promise<void>;
  /** Called for each row that cannot be screened, in row order. */
  onRowError?: (error: RowError) => void;
  /** Called after each chunk with the number of rows done. */
  onProgress?: (rowsDone: number) => void;
  /** Called once the list is loaded in every worker. */
  onReady?: (info: { entities: number; workers: number; ms: number }) => void;
  /** Milliseconds from a monotonic clock (default `performance.now`). */
  now?: () => number;
  /** The worker entry (default: `worker.js` beside this module). */
  workerUrl?: URL;
  /** Screen with this instead of loading `list` (a host's own pool; tests). It is closed at the end. */
  screening?: RowScreening;
}

export interface ScreenFileSummary {
  rows: number;
  rowsWithHits: number;
  hits: number;
  /** Rows that could not be screened (reported through `onRowError`). */
  rowErrors: number;
  entities: number;
  workers: number;
  /** Loading the list into the workers. */
  loadMs: number;
  /** Reading and screening the rows, after the list was loaded. */
  screenMs: number;
  totalMs: number;
  /** rows / screenMs. */
  rowsPerSecond: number;
}

export interface ScreenFileFailure {
  /**
   * `file_not_found` / `file_unreadable` (the input or the list), `input_invalid` (no usable CSV header, unreadable
   * CSV), the list file's own codes (`list_bad_json`, `list_not_array`, `list_missing_sources`, ...), a binary
   * snapshot's codes (`snapshot_format`, `snapshot_version`, `snapshot_corrupt` at the load; during the run, an
   * entity document that cannot be read or decoded: `snapshot_corrupt` when the file was truncated or changed under
   * the run or the document does not match its hash, `snapshot_unreadable` when reading the file failed), or
   * `screening_failed` (a worker stopped for another reason).
   */
  code: string;
  message: string;
}

/** The failure of a run whose chunk of rows could not be screened. */
function chunkFailure(list: string, error: unknown): ScreenFileFailure {
  if (error instanceof SnapshotDocumentError) {
    return { code: error.code, message: `${list}: the snapshot could not be read while screening the rows (${error.message}); it must stay unchanged while a run uses it` };
  }
  return { code: 'screening_failed', message: (error as Error).message };
}

type ChunkItem = { kind: 'row'; value: CustomerRequest } | { kind: 'error'; value: RowError };

/** Screens every row of a customer file; see the module comment. */
export async function screenFile(o: ScreenFileOptions): Promise<Result<ScreenFileSummary, ScreenFileFailure>> {
  const now = o.now ?? (() => performance.now());
  const started = now();
  const workerCount = o.workers ?? availableParallelism();
  if (!Number.isInteger(workerCount) || workerCount < 0) throw new RangeError('workers is a whole number, 0 or more');
  const chunkSize = o.chunkSize ?? DEFAULT_CHUNK_SIZE;
  if (!Number.isInteger(chunkSize) || chunkSize < 1) throw new RangeError('chunkSize is a whole number, 1 or more');

  let input: Readable;
  if (typeof o.input === 'string') {
    try {
      input = (await open(o.input, 'r')).createReadStream();
    } catch (e) {
      const { code, message } = readFailure(o.input, e);
      return fail({ code, message });
    }
  } else input = o.input;

  const screening = o.screening !== undefined ? ok(o.screening)
    : await (workerCount === 0 ? inProcessScreening(o.list) : workerScreening(o.list, workerCount, o.workerUrl));
  if (!screening.ok) {
    input.destroy();
    return fail(screening.error);
  }
  const pool: RowScreening = screening.value;
  const loaded = now();
  o.onReady?.({ entities: pool.size, workers: pool.workers, ms: loaded - started });

  const summary = { rows: 0, rowsWithHits: 0, hits: 0, rowErrors: 0 };
  const maxInFlight = Math.max(2, 2 * pool.workers);
  const pending = new Map<number, { items: ChunkItem[]; outcomes: Promise<RowOutcome[]> }>();
  let nextToWrite = 0;
  let nextChunk = 0;
  let failure: ScreenFileFailure | undefined;

  /** Writes the chunks that are done, in order; returns when the oldest chunk in flight is written. */
  const drainOldest = async (): Promise<void> => {
    const chunk = pending.get(nextToWrite);
    if (chunk === undefined) return;
    let outcomes: RowOutcome[];
    try {
      outcomes = await chunk.outcomes;
    } catch (e) {
      failure ??= chunkFailure(o.list, e);
      pending.delete(nextToWrite++);
      return;
    }
    pending.delete(nextToWrite++);
    const byRow = new Map(outcomes.map((x) => [x.row, x]));
    for (const it of chunk.items) {
      summary.rows++;
      if (it.kind === 'error') {
        summary.rowErrors++;
        o.onRowError?.(it.value);
        continue;
      }
      const outcome = byRow.get(it.value.row);
      if (outcome === undefined) continue;
      if ('error' in outcome) {
        summary.rowErrors++;
        o.onRowError?.({ row: outcome.row, line: outcome.line, client_ref: outcome.client_ref, message: outcome.error });
      } else if (outcome.lines.length > 0) {
        summary.rowsWithHits++;
        summary.hits += outcome.lines.length;
        await o.onLines(outcome.lines);
      }
    }
    o.onProgress?.(summary.rows);
  };
  const send = async (items: ChunkItem[]): Promise<void> => {
    const rows = items.flatMap((i) => (i.kind === 'row' ? [i.value] : []));
    const outcomes = rows.length > 0 ? pool.screen(rows) : Promise.resolve([]);
    outcomes.catch(() => undefined); // observed in drainOldest
    pending.set(nextChunk++, { items, outcomes });
    while (pending.size >= maxInFlight && failure === undefined) await drainOldest();
  };

  let chunk: ChunkItem[] = [];
  try {
    for await (const it of readCustomers(input, o.format, o.search)) {
      if (it.kind === 'fatal') {
        failure ??= { code: 'input_invalid', message: it.message };
        break;
      }
      chunk.push(it);
      if (chunk.length >= chunkSize) {
        await send(chunk);
        chunk = [];
      }
      if (failure !== undefined) break;
    }
    if (chunk.length > 0 && failure === undefined) await send(chunk);
    while (pending.size > 0 && failure === undefined) await drainOldest();
  } finally {
    input.destroy();
    await pool.close();
  }
  if (failure !== undefined) return fail(failure);
  const end = now();
  const screenMs = end - loaded;
  return ok({
    ...summary,
    entities: pool.size,
    workers: pool.workers,
    loadMs: loaded - started,
    screenMs,
    totalMs: end - started,
    rowsPerSecond: screenMs > 0 ? (summary.rows * 1000) / screenMs : 0,
  });
}
