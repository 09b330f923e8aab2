/**
 * The lists a server screens against: read at start from list files, official publications (through the
 * importers) or an index snapshot, and read again on reload. Each load gives a new screener and a version number.
 */
import { readFile } from 'node:fs/promises';
import { importOfacDir } from '../importers/node.js';
import { parseFtmEntities, parseListCsv, parseListJson, parseUnConsolidated, formatIssue, type ImportResult } from '../importers/index.js';
import { createScreener, type InternalList } from '../screening/screener.js';
import { restoreScreener, SNAPSHOT_FORMAT } from '../screening/snapshot.js';
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
}

export interface LoadedLists {
  screener: Screener;
  entities: number;
  /** What was read, for logs and /readyz. */
  sources: string[];
}

const describe = (s: ListSource): string => Object.entries(s).map(([k, v]) => `${k}:${v as string}`)[0] ?? '?';

function entitiesOf(result: ImportResult, what: string): Entity[] {
  if (!result.ok) {
    const shown = result.error.slice(0, 5).map(formatIssue).join('; ');
    throw new Error(`${what}: ${result.error.length} invalid record(s): ${shown}`);
  }
  return result.value.entities;
}

async function readJsonFile(path: string): Promise<unknown> {
  return JSON.parse(await readFile(path, 'utf8')) as unknown;
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

/** Reads every source and builds one screener (throws with the file name on a read or import error). */
export async function loadLists(config: ListsConfig): Promise<LoadedLists> {
  const snapshots = config.sources.filter((s): s is { snapshot: string } => 'snapshot' in s);
  if (snapshots.length > 0) {
    if (config.sources.length > 1 || (config.internal ?? []).length > 0) {
      throw new Error('lists: a snapshot holds the whole index; give it as the only source, without internal lists');
    }
    const path = (snapshots[0] as { snapshot: string }).snapshot;
    const data = await readJsonFile(path);
    if (typeof data !== 'object' || data === null || (data as { format?: unknown }).format !== SNAPSHOT_FORMAT) {
      throw new Error(`${path}: not a ${SNAPSHOT_FORMAT} snapshot (write one with tamis index)`);
    }
    const restored = restoreScreener(data);
    if (!restored.ok) throw new Error(`${path}: ${restored.error.map((p) => p.message).join('; ')}`);
    return { screener: restored.value, entities: restored.value.size, sources: [`snapshot:${path}`] };
  }
  const entities: Entity[] = [];
  for (const source of config.sources) {
    for (const e of await entitiesFrom(source, config.skip_invalid ?? false)) entities.push(e);
  }
  const internalLists: InternalList[] = [];
  for (const l of config.internal ?? []) {
    const result = parseListJson(await readFile(l.file), { skipInvalid: config.skip_invalid ?? false });
    internalLists.push({ id: l.id, entities: entitiesOf(result, l.file) });
  }
  const screener = createScreener({ entities, internalLists });
  return {
    screener,
    entities: screener.size,
    sources: [...config.sources.map(describe), ...(config.internal ?? []).map((l) => `internal:${l.id}:${l.file}`)],
  };
}
