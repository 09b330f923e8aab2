/**
 * Worker thread of `screenFile`: loads the list file named in `workerData.listPath` into its own screener, says
 * `ready`, then answers each `{ id, rows }` message with `{ id, outcomes }`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { readFailure, type LoadedList } from './list.js';
import { loadListFile } from './snapshot-file.js';
import { screenRows, screeningFailureCode } from './screen-rows.js';
import type { CustomerRequest } from './rows.js';

const port = parentPort;
if (port === null) throw new Error('screen-file/worker.js runs as a worker thread');
const { listPath } = workerData as { listPath: string };
let loaded: LoadedList;
try {
  // A binary snapshot is read through its file, open until the worker ends.
  loaded = loadListFile(listPath);
} catch (e) {
  loaded = readFailure(listPath, e);
}
if (!loaded.ok) port.postMessage({ type: 'failed', code: loaded.code, message: loaded.message });
else {
  const screener = loaded.screener;
  port.on('message', (msg: { id: number; rows: CustomerRequest[] }) => {
    // A chunk that cannot be screened (a snapshot document that no longer reads) is answered with its code; the
    // worker stays up, the run fails with that code (engine.ts).
    try {
      port.postMessage({ type: 'done', id: msg.id, outcomes: screenRows(screener, msg.rows) });
    } catch (e) {
      port.postMessage({ type: 'error', id: msg.id, code: screeningFailureCode(e), message: (e as Error).message });
    }
  });
  port.postMessage({ type: 'ready', size: screener.size });
}
