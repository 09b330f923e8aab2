/**
 * The lists a server screens against: read at start from list files, official publications (through the
 * importers) or an index snapshot, and read again on reload. Each load gives a new screener and a version number.
 * Reading and importing the files runs in a worker thread (list-worker.ts), so a server reloading its lists keeps
 * answering meanwhile; only the index build runs on the main thread.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { open, readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { importOfacDir } from '../importers/node.js';
import { parseFtmEntities, parseListCsv, parseListJson, parseUnConsolidated, formatIssue, type ImportResult } from '../importers/index.js';
import { createScreener, type InternalList } from '../screening/screener.js';
import { restoreScreener, SNAPSHOT_FORMAT } from '../screening/snapshot.js';
import { loadListFile, startsAsSnapshot } from '../screen-file/snapshot-file.js';
import type { Screener } from '../screening/types.js';
import type { Entity } from '../types/entity.js';

/** One source of the screening list. Paths are as given (the config loader resolves them against its file). */
export type ListSource =
  | { file: string }
  | { snapshot: string }
  | { ofac: string }
  | { un: string }
  | { ftm: string }
  | { csv: string };

export interface InternalListSource {
  id: string;
  file: string;
}

export interface ListsConfig {
  sources: ListSource[];
  internal?: InternalListSource[];
  /** Import the good records of a publication with bad ones (default false: a bad record fails the load). */
  skip_invalid?: boolean;
  /**
   * With a shared store (postgres): how often an instance checks the database for a list version recorded by
   * another instance and loads its own lists again to serve it (default 10 000 ms; memory and sqlite stores: off).
   */
  follow_interval_ms?: number;
  /**
   * @deprecated ignored: a replaced snapshot is closed once the searches on it have finished, not after a fixed
   * wait. Still accepted, so a config written for an earlier release starts.
   */
  close_replaced_after_ms?: number;
}

export interface LoadedLists {
  screener: Screener;
  /** SHA-256 of every file read (in order, with its source kind): equal lists, equal fingerprints. */
  fingerprint: string;
  entities: number;
  /** What was read, for logs and /readyz. */
  sources: string[];
  /**
   * A binary snapshot is read through its open file (each entity document when a search first needs it): closes
   * that file once the screener is no longer used (searches after it throw SnapshotDocumentError `snapshot_closed`).
   * The server calls it once a reload replaced the screener and the searches in flight on it have finished.
   */
  close?: () => void;
}

const describe = (s: ListSource): string => Object.entries(s).map(([k, v]) => `${k}:${v as string}`)[0] ?? '?';

function entitiesOf(result: ImportResult, what: string): Entity[] {
  if (!result.ok) {
    const shown = result.error.slice(0, 5).map(formatIssue).join('; ');
    throw new Error(`${what}: ${result.error.length} invalid record(s): ${shown}`);
  }
  return result.value.entities;
}

function parseJson(bytes: Uint8Array): unknown {
  return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
}

async function entitiesFrom(source: ListSource, skipInvalid: boolean): Promise<Entity[]> {
  const o = { skipInvalid };
  if ('file' in source) return entitiesOf(parseListJson(await readFile(source.file), o), source.file);
  if ('ofac' in source) return entitiesOf(await importOfacDir(source.ofac, o), source.ofac);
  if ('un' in source) return entitiesOf(parseUnConsolidated(await readFile(source.un), o), source.un);
  if ('ftm' in source) return entitiesOf(parseFtmEntities(await readFile(source.ftm), o), source.ftm);
  if ('csv' in source) return entitiesOf(parseListCsv(await readFile(source.csv), o), source.csv);
  throw new Error(`unknown list source ${JSON.stringify(source)}`);
}

/** The bytes of a file, or of every file under a directory (sorted by path), into `hash`. */
async function hashPath(hash: ReturnType<typeof createHash>, path: string): Promise<void> {
  if ((await stat(path)).isDirectory()) {
    for (const name of (await readdir(path)).sort()) await hashPath(hash, join(path, name));
    return;
  }
  hash.update(`${path.length}:${path}\n`);
  // In 1 MiB chunks: a 1M-entity snapshot is hashed without holding its ~430 MiB at once.
  const file = await open(path, 'r');
  try {
    const chunk = new Uint8Array(1 << 20);
    for (;;) {
      const { bytesRead } = await file.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      hash.update(bytesRead === chunk.length ? chunk : chunk.subarray(0, bytesRead));
    }
  } finally {
    await file.close();
  }
}

/** The fingerprint of what `config` reads (the list version of a load): a hash of every source file's bytes. */
export async function listsFingerprint(config: ListsConfig): Promise<string> {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ skip_invalid: config.skip_invalid ?? false }));
  for (const source of config.sources) for (const [kind, path] of Object.entries(source)) (hash.update(`source ${kind}\n`), await hashPath(hash, path as string));
  for (const l of config.internal ?? []) (hash.update(`internal ${l.id}\n`), await hashPath(hash, l.file));
  return hash.digest('hex');
}

/** The entities read from the sources and internal lists of a config, before any index is built. */
export interface ReadLists {
  entities: Entity[];
  internal: InternalList[];
  /** `listsFingerprint` of the config. */
  fingerprint: string;
}

/** Reads, imports and fingerprints every source and internal list (throws with the file name on an error). */
export async function readLists(config: ListsConfig): Promise<ReadLists> {
  const entities: Entity[] = [];
  for (const source of config.sources) {
    for (const e of await entitiesFrom(source, config.skip_invalid ?? false)) entities.push(e);
  }
  const internal: InternalList[] = [];
  for (const l of config.internal ?? []) {
    const result = parseListJson(await readFile(l.file), { skipInvalid: config.skip_invalid ?? false });
    internal.push({ id: l.id, entities: entitiesOf(result, l.file) });
  }
  return { entities, internal, fingerprint: await listsFingerprint(config) };
}

/** The worker entry built next to this module (`dist/server/list-worker.js`). */
const BUILT_WORKER = new URL('./list-worker.js', import.meta.url);

type WorkerAnswer = { ok: true; value: ReadLists } | { ok: false; message: string };

/** `readLists` in a worker thread: the main thread only receives the result. */
export function readListsInWorker(config: ListsConfig, workerUrl: URL = BUILT_WORKER): Promise<ReadLists> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerUrl, { workerData: config });
    let answered = false;
    worker.once('message', (m: WorkerAnswer) => {
      answered = true;
      if (m.ok) resolve(m.value);
      else reject(new Error(m.message));
    });
    worker.once('error', (e) => {
      answered = true;
      reject(e);
    });
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`the list import worker stopped (exit code ${code}) without an answer`));
    });
  });
}

export interface LoadOptions {
  /**
   * Where the sources are read and imported: a worker thread (the default, with the worker built next to this
   * module, or the URL given) or the calling thread (`false`; also when the module runs from its TypeScript source,
   * which has no built worker). An index snapshot is always read in the calling thread.
   */
  worker?: URL | false;
}

/** Reads every source and builds one screener (throws with the file name on a read or import error). */
export async function loadLists(config: ListsConfig, options: LoadOptions = {}): Promise<LoadedLists> {
  const snapshots = config.sources.filter((s): s is { snapshot: string } => 'snapshot' in s);
  if (snapshots.length > 0) {
    if (config.sources.length > 1 || (config.internal ?? []).length > 0) {
      throw new Error('lists: a snapshot holds the whole index; give it as the only source, without internal lists');
    }
    const path = (snapshots[0] as { snapshot: string }).snapshot;
    if (startsAsSnapshot(path)) {
      const loaded = loadListFile(path, true);
      if (!loaded.ok) throw new Error(loaded.message);
      const file = loaded.file;
      try {
        const fingerprint = await listsFingerprint(config);
        return { screener: loaded.screener, fingerprint, entities: loaded.screener.size, sources: [`snapshot:${path}`], ...(file ? { close: () => file.close() } : {}) };
      } catch (e) {
        file?.close();
        throw e;
      }
    }
    const data = parseJson(await readFile(path));
    if (typeof data !== 'object' || data === null || (data as { format?: unknown }).format !== SNAPSHOT_FORMAT) {
      throw new Error(`${path}: not a ${SNAPSHOT_FORMAT} snapshot (write one with tamis index)`);
    }
    const restored = restoreScreener(data);
    if (!restored.ok) throw new Error(`${path}: ${restored.error.map((p) => p.message).join('; ')}`);
    return { screener: restored.value, fingerprint: await listsFingerprint(config), entities: restored.value.size, sources: [`snapshot:${path}`] };
  }
  const workerUrl = options.worker ?? (existsSync(fileURLToPath(BUILT_WORKER)) ? BUILT_WORKER : false);
  const { entities, internal, fingerprint } = workerUrl === false ? await readLists(config) : await readListsInWorker(config, workerUrl);
  const screener = createScreener({ entities, internalLists: internal });
  return {
    screener,
    fingerprint,
    entities: screener.size,
    sources: [...config.sources.map(describe), ...(config.internal ?? []).map((l) => `internal:${l.id}:${l.file}`)],
  };
}
