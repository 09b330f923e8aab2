/**
 * Where the rows are screened: a pool of worker threads, each with its own screener over the list file, or the main
 * thread (workers = 0). Both take chunks of rows and give back their outcomes.
 */
import { Worker } from 'node:worker_threads';
import { fail, ok, type Result } from '../errors.js';
import { SnapshotDocumentError } from '../screening/snapshot.js';
import type { SnapshotDocumentCode } from '../screening/snapshot-v2.js';
import { loadListFile } from './snapshot-file.js';
import type { CustomerRequest } from './rows.js';
import { screenRows, type RowOutcome } from './screen-rows.js';

/** Why the list could not be loaded: the list-file codes (`file_not_found`, `list_bad_json`, `list_missing_sources`, ...). */
export interface ListFailure {
  code: string;
  message: string;
}

export interface RowScreening {
  /** Entities in the list. */
  readonly size: number;
  /** Threads screening (0: the main thread). */
  readonly workers: number;
  screen(rows: CustomerRequest[]): Promise<RowOutcome[]>;
  close(): Promise<void>;
}

/** Screens in the calling thread. */
export async function inProcessScreening(listPath: string): Promise<Result<RowScreening, ListFailure>> {
  const loaded = loadListFile(listPath);
  if (!loaded.ok) return fail({ code: loaded.code, message: loaded.message });
  const { screener, file } = loaded;
  return ok({
    size: screener.size,
    workers: 0,
    screen: async (rows) => screenRows(screener, rows),
    close: async () => file?.close(),
  });
}

interface Task {
  rows: CustomerRequest[];
  resolve: (outcomes: RowOutcome[]) => void;
  reject: (error: Error) => void;
}

type WorkerMessage =
  | { type: 'ready'; size: number }
  | { type: 'failed'; code: string; message: string }
  | { type: 'done'; id: number; outcomes: RowOutcome[] }
  | { type: 'snapshot_failed'; id: number; code: SnapshotDocumentCode; message: string };

/** The worker entry built next to this module (`dist/screen-file/worker.js`). */
export const DEFAULT_WORKER_URL = new URL('./worker.js', import.meta.url);

/** Starts `count` worker threads, each loading the list; resolves when all are ready, or fails with the first error. */
export async function workerScreening(listPath: string, count: number, workerUrl: URL = DEFAULT_WORKER_URL): Promise<Result<RowScreening, ListFailure>> {
  const workers = Array.from({ length: count }, () => new Worker(workerUrl, { workerData: { listPath } }));
  const idle: Worker[] = [];
  const queue: Task[] = [];
  const running = new Map<Worker, Task>();
  let nextId = 0;
  let broken: Error | undefined;

  const dispatch = (): void => {
    while (idle.length > 0 && queue.length > 0) {
      const w = idle.pop() as Worker;
      const task = queue.shift() as Task;
      running.set(w, task);
      w.postMessage({ id: nextId++, rows: task.rows });
    }
  };
  const ready = workers.map((w) => new Promise<number>((resolve, reject) => {
    w.on('message', (msg: WorkerMessage) => {
      if (msg.type === 'ready') {
        idle.push(w);
        resolve(msg.size);
        dispatch();
      } else if (msg.type === 'failed') reject(Object.assign(new Error(msg.message), { listCode: msg.code }));
      else {
        const task = running.get(w);
        running.delete(w);
        idle.push(w);
        // A snapshot document the worker could not read fails its chunk with the same error as in the main thread.
        if (msg.type === 'snapshot_failed') task?.reject(new SnapshotDocumentError(msg.message, msg.code));
        else task?.resolve(msg.outcomes);
        dispatch();
      }
    });
    w.on('error', (e) => {
      broken = e;
      reject(e);
      running.get(w)?.reject(e);
      running.delete(w);
      for (const t of queue.splice(0)) t.reject(e);
    });
  }));
  const close = async (): Promise<void> => {
    await Promise.all(workers.map((w) => w.terminate()));
  };
  let sizes: number[];
  try {
    sizes = await Promise.all(ready);
  } catch (e) {
    await close();
    return fail({ code: (e as { listCode?: string }).listCode ?? 'screening_failed', message: (e as Error).message });
  }
  return ok({
    size: sizes[0] ?? 0,
    workers: count,
    screen: (rows) => new Promise<RowOutcome[]>((resolve, reject) => {
      if (broken !== undefined) {
        reject(broken);
        return;
      }
      queue.push({ rows, resolve, reject });
      dispatch();
    }),
    close,
  });
}
