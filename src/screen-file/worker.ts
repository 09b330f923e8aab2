/**
 * Worker thread of `screenFile`: loads the list file named in `workerData.listPath` into its own screener, says
 * `ready`, then answers each `{ id, rows }` message with `{ id, outcomes }`, or with `{ id, code, message }` when a
 * document of a binary snapshot cannot be read (SnapshotDocumentError).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { readFailure, type LoadedList } from './list.js';
import { loadListFile } from './snapshot-file.js';
import { screenRows, type RowOutcome } from './screen-rows.js';
import { SnapshotDocumentError } from '../screening/snapshot.js';
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
    let outcomes: RowOutcome[];
    try {
      outcomes = screenRows(screener, msg.rows);
    } catch (error) {
      if (!(error instanceof SnapshotDocumentError)) throw error;
      port.postMessage({ type: 'snapshot_failed', id: msg.id, code: error.code, message: error.message });
      return;
    }
    port.postMessage({ type: 'done', id: msg.id, outcomes });
  });
  port.postMessage({ type: 'ready', size: screener.size });
}
