/** Loading the list a command screens against: a list file (JSON array of Entity) or a `tamis index` snapshot. */
import { readFailure, screenerFromListBytes, screenerFromListText, type LoadedList } from '../screen-file/list.js';
import type { CliIo } from './command.js';

export type Loaded = LoadedList;

/** Reads a file, turning the usual failures into a code and a message. */
export function readText(io: CliIo, path: string): { ok: true; text: string } | { ok: false; code: string; message: string } {
  try {
    return { ok: true, text: io.readFile(path) };
  } catch (error) {
    return readFailure(path, error);
  }
}

/**
 * Builds a screener from a list file. Every entity is checked (`validateEntity`) unless `trusted` (the bundled
 * sample list), so a list with an entity lacking `sources` is an input error naming it, not a crash.
 */
export async function loadList(io: CliIo, path: string, trusted = false): Promise<Loaded> {
  if (io.loadListFile !== undefined) return io.loadListFile(path, trusted);
  if (io.readBytes === undefined) {
    const read = readText(io, path);
    return read.ok ? screenerFromListText(read.text, path, trusted) : read;
  }
  let bytes: Uint8Array;
  try {
    bytes = await io.readBytes(path);
  } catch (error) {
    return readFailure(path, error);
  }
  return screenerFromListBytes(bytes, path, trusted);
}
