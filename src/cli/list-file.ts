/** Loading the list a command screens against: a list file (JSON array of Entity) or a `tamis index` snapshot. */
import { validateEntity } from '../importers/validate.js';
import { createScreener, type TamisScreener } from '../screening/screener.js';
import { restoreScreener, SNAPSHOT_FORMAT } from '../screening/snapshot.js';
import type { Entity } from '../types/entity.js';
import type { CliIo } from './command.js';

export type Loaded = { ok: true; screener: TamisScreener } | { ok: false; code: string; message: string };

/** Reads a file, turning the usual failures into a code and a message. */
export function readText(io: CliIo, path: string): { ok: true; text: string } | { ok: false; code: string; message: string } {
  try {
    return { ok: true, text: io.readFile(path) };
  } catch (error) {
    const e = error as { code?: string; message: string };
    if (e.code === 'ENOENT') return { ok: false, code: 'file_not_found', message: `${path}: no such file` };
    if (e.code === 'EISDIR') return { ok: false, code: 'file_unreadable', message: `${path} is a folder, not a file` };
    return { ok: false, code: 'file_unreadable', message: `cannot read ${path}: ${e.message}` };
  }
}

/**
 * Builds a screener from a list file. Every entity is checked (`validateEntity`) unless `trusted` (the bundled
 * sample list), so a list with an entity lacking `sources` is an input error naming it, not a crash.
 */
export function loadList(io: CliIo, path: string, trusted = false): Loaded {
  const read = readText(io, path);
  if (!read.ok) return read;
  let data: unknown;
  try {
    data = JSON.parse(read.text);
  } catch (error) {
    return { ok: false, code: 'list_bad_json', message: `${path} is not valid JSON: ${(error as Error).message}` };
  }
  if (Array.isArray(data)) {
    if (!trusted) {
      for (let i = 0; i < data.length; i++) {
        const problems = validateEntity(data[i]);
        if (problems.length === 0) continue;
        const p = problems[0]!;
        const id = (data[i] as { id?: unknown } | null)?.id;
        const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem(s) in this entity)` : '';
        return { ok: false, code: p.code, message: `${path} [${i}]${typeof id === 'string' ? ` (${id})` : ''}${p.path === '' ? '' : `.${p.path}`}: ${p.message}${more}` };
      }
    }
    return { ok: true, screener: createScreener({ entities: data as Entity[] }) };
  }
  if (typeof data === 'object' && data !== null && (data as { format?: unknown }).format === SNAPSHOT_FORMAT) {
    const restored = restoreScreener(data);
    if (!restored.ok) return { ok: false, code: restored.error[0]?.code ?? 'snapshot_corrupt', message: `${path}: ${restored.error.map((p) => p.message).join('; ')}` };
    return { ok: true, screener: restored.value };
  }
  return { ok: false, code: 'list_not_array', message: `${path}: expected a JSON array of entities or a ${SNAPSHOT_FORMAT} snapshot` };
}
