/**
 * The worker thread of `loadLists`: reads and imports the sources of the config it is given (`workerData`) and
 * posts the entities back, or the error's message. The index is built by the main thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { readLists, type ListsConfig } from './lists.js';

readLists(workerData as ListsConfig).then(
  (value) => parentPort?.postMessage({ ok: true, value }),
  (e: unknown) => parentPort?.postMessage({ ok: false, message: e instanceof Error ? e.message : String(e) }),
);
