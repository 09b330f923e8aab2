/** A list file's text to a screener: a JSON array of entities, or a `tamis index` snapshot. */
import { fail, ok, type Result } from '../errors.js';
import { createScreener, type TamisScreener } from '../screening/screener.js';
import { restoreScreener, SNAPSHOT_FORMAT } from '../screening/snapshot.js';
import type { Entity } from '../types/entity.js';

export function screenerFromListText(text: string, path: string): Result<TamisScreener, string> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return fail(`${path} is not JSON: ${(e as Error).message}`);
  }
  if (Array.isArray(data)) return ok(createScreener({ entities: data as Entity[] }));
  if (typeof data === 'object' && data !== null && (data as { format?: unknown }).format === SNAPSHOT_FORMAT) {
    const restored = restoreScreener(data);
    return restored.ok ? restored : fail(restored.error.map((p) => p.message).join('; '));
  }
  return fail(`${path}: expected a JSON array of entities or a ${SNAPSHOT_FORMAT} snapshot`);
}
