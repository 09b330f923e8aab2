/**
 * Hosts (the server, `tamis serve`, `tamis screen --file/--list`, the screen-file workers) load a `tamis index`
 * snapshot through its file: `openSnapshotFile` hands `restoreScreenerFrom` a reader over a file descriptor, so
 * only the index's arrays are read at the load and each entity document when a search first needs it (the file
 * stays open while the screener is used). `loadListFile` loads a list file or a snapshot from a path.
 * Node only (node:fs).
 */
import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { isContainer, MAGIC, type SnapshotSource } from '../screening/snapshot-binary.js';
import { restoreScreenerFrom, SnapshotDocumentError } from '../screening/snapshot.js';
import type { TamisScreener } from '../screening/screener.js';
import { readFailure, screenerFromListBytes, type LoadedList } from './list.js';

/** A reader of a snapshot file for `restoreScreenerFrom`; `close` releases the file (reads after it throw). */
export interface SnapshotFile extends SnapshotSource {
  readonly path: string;
  readonly closed: boolean;
  /** Closes the file (once; later calls do nothing). A read after it throws SnapshotDocumentError `snapshot_closed`. */
  close(): void;
}

/** A file left open by a reader nobody closed is closed when the reader is collected. */
const backstop = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    // already closed
  }
});

/** Opens a file for reading as a snapshot source (throws the fs error, e.g. ENOENT, as `openSync` does). */
export function openSnapshotFile(path: string): SnapshotFile {
  const fd = openSync(path, 'r');
  const size = fstatSync(fd).size;
  let closed = false;
  const file: SnapshotFile = {
    path,
    size,
    get closed() {
      return closed;
    },
    read(into: Uint8Array, position: number): number {
      if (closed) throw new SnapshotDocumentError(`${path}: the snapshot file was closed (the lists were reloaded or the host stopped)`, 'snapshot_closed');
      try {
        return readSync(fd, into, 0, into.length, position);
      } catch (error) {
        throw new SnapshotDocumentError(`${path}: cannot read the snapshot file: ${(error as Error).message}`, 'snapshot_unreadable');
      }
    },
    close(): void {
      if (closed) return;
      closed = true;
      backstop.unregister(file);
      closeSync(fd);
    },
  };
  backstop.register(file, fd, file);
  return file;
}

/** Whether a file starts as a binary snapshot (reads its first 8 bytes only; throws the fs error as `openSync`). */
export function startsAsSnapshot(path: string): boolean {
  const fd = openSync(path, 'r');
  try {
    const head = new Uint8Array(MAGIC.length);
    const got = readSync(fd, head, 0, head.length, 0);
    return got === head.length && isContainer(head);
  } finally {
    closeSync(fd);
  }
}

/** A loaded list and, for a snapshot read through its file, that file (close it when the screener is done). */
export type LoadedListFile = { ok: true; screener: TamisScreener; file?: SnapshotFile } | { ok: false; code: string; message: string };

/**
 * A screener from a path: a binary snapshot is restored through its open file (`file` in the answer), anything else
 * (a JSON list of entities, a JSON snapshot) is read whole as `screenerFromListBytes`.
 */
export function loadListFile(path: string, trusted = false): LoadedListFile {
  let snapshot: boolean;
  try {
    snapshot = startsAsSnapshot(path);
  } catch (error) {
    return readFailure(path, error);
  }
  if (!snapshot) {
    let bytes: Uint8Array;
    try {
      bytes = readFileSync(path);
    } catch (error) {
      return readFailure(path, error);
    }
    return screenerFromListBytes(bytes, path, trusted) as LoadedList;
  }
  let file: SnapshotFile;
  try {
    file = openSnapshotFile(path);
  } catch (error) {
    return readFailure(path, error);
  }
  const restored = restoreScreenerFrom(file);
  if (!restored.ok) {
    file.close();
    return { ok: false, code: restored.error[0]?.code ?? 'snapshot_corrupt', message: `${path}: ${restored.error.map((p) => p.message).join('; ')}` };
  }
  return { ok: true, screener: restored.value, file };
}
