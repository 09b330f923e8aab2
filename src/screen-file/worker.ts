/**
 * Worker thread of `screenFile`: loads the list file named in `workerData.listPath` into its own screener, says
 * `ready`, then answers each `{ id, rows }` message with `{ id, outcomes }`.
 */
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { readFailure, screenerFromListBytes, type LoadedList } from './list.js';
import { screenRows } from './screen-rows.js';
import type { CustomerRequest } from './rows.js';

const port = parentPort;
if (port === null) throw new Error('screen-file/worker.js runs as a worker thread');
const { listPath } = workerData as { listPath: string };
let loaded: LoadedList;
try {
  loaded = screenerFromListBytes(readFileSync(listPath), listPath);
} catch (e) {
  loaded = readFailure(listPath, e);
}
if (!loaded.ok) port.postMessage({ type: 'failed', code: loaded.code, message: loaded.message });
else {
  const screener = loaded.screener;
  port.on('message', (msg: { id: number; rows: CustomerRequest[] }) => {
    port.postMessage({ type: 'done', id: msg.id, outcomes: screenRows(screener, msg.rows) });
  });
  port.postMessage({ type: 'ready', size: screener.size });
}
