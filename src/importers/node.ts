/**
 * Node-only helpers (the one place in src/importers that touches the file system): read a publication from disk
 * and hand its contents to the pure importers. Deliberately not re-exported from `./index.js` (the pure barrel), so
 * the library's root entry stays free of `fs`; the CLI gets its file access through `ImportIo` instead.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { OFAC_FILE_NAMES, parseOfacSdn, type OfacFiles } from './ofac.js';
import type { ImportOptions, ImportResult } from './types.js';

async function readIfPresent(path: string): Promise<Uint8Array | undefined> {
  try {
    return await readFile(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

/** Reads `sdn.csv` (required) and `alt.csv`, `add.csv`, `sdn_comments.csv` (when present) from a folder. */
export async function readOfacDir(dir: string): Promise<OfacFiles> {
  const [sdn, alt, add, comments] = await Promise.all([
    readFile(join(dir, OFAC_FILE_NAMES.sdn)),
    readIfPresent(join(dir, OFAC_FILE_NAMES.alt)),
    readIfPresent(join(dir, OFAC_FILE_NAMES.add)),
    readIfPresent(join(dir, OFAC_FILE_NAMES.comments)),
  ]);
  return {
    sdn,
    ...(alt !== undefined ? { alt } : {}),
    ...(add !== undefined ? { add } : {}),
    ...(comments !== undefined ? { comments } : {}),
  };
}

/** Imports the OFAC SDN list from a folder holding the legacy CSV files. */
export async function importOfacDir(dir: string, options: ImportOptions = {}): Promise<ImportResult> {
  return parseOfacSdn(await readOfacDir(dir), options);
}
