/**
 * Hosts load a binary snapshot through its file (screen-file/snapshot-file.ts): the screener restored from the open
 * file answers as the list it was written from, reads each entity document from the file when first needed, and
 * once the file is closed a search needing a document fails with SnapshotDocumentError `snapshot_closed`. A list
 * file that is not a snapshot loads as before; a missing file is `file_not_found`. The server's loadLists restores a
 * snapshot source the same way and hands back `close`.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createScreener, snapshotScreenerBytes, SnapshotDocumentError, type TamisScreener } from '../../src/index.js';
import { loadListFile, openSnapshotFile } from '../../src/screen-file/snapshot-file.js';
import { loadLists } from '../../src/server/lists.js';
import type { Entity } from '../../src/types/entity.js';

const SAMPLE_PATH = fileURLToPath(new URL('../../lists/sample/entities.json', import.meta.url));
const SAMPLE = JSON.parse(readFileSync(SAMPLE_PATH, 'utf8')) as Entity[];
const dir = mkdtempSync(join(tmpdir(), 'tamis-snapshot-file-'));
const snapshotPath = join(dir, 'sample.idx');
writeFileSync(snapshotPath, snapshotScreenerBytes(createScreener({ entities: SAMPLE })));
const TERMS = SAMPLE.slice(0, 20).map((e) => e.name);

const answers = (s: TamisScreener): string[] => TERMS.map((t) => JSON.stringify(s.search({ search_term: t } as never)));
const codeOf = (f: () => unknown): string | undefined => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(SnapshotDocumentError);
    return (e as SnapshotDocumentError).code;
  }
  return undefined;
};

describe('loading a snapshot through its file', () => {
  it('answers as the list it was written from, with the file open', () => {
    const loaded = loadListFile(snapshotPath);
    if (!loaded.ok) throw new Error(loaded.message);
    expect(loaded.file?.closed).toBe(false);
    expect(answers(loaded.screener)).toEqual(answers(createScreener({ entities: SAMPLE })));
    loaded.file?.close();
  });

  it('a search needing a document after the file is closed throws snapshot_closed; closing twice is harmless', () => {
    const loaded = loadListFile(snapshotPath);
    if (!loaded.ok || loaded.file === undefined) throw new Error('not loaded through the file');
    loaded.file.close();
    loaded.file.close();
    expect(loaded.file.closed).toBe(true);
    expect(codeOf(() => loaded.screener.search({ search_term: SAMPLE[0]!.name } as never))).toBe('snapshot_closed');
  });

  it('a read of a closed reader throws snapshot_closed', () => {
    const file = openSnapshotFile(snapshotPath);
    expect(file.size).toBe(readFileSync(snapshotPath).length);
    file.close();
    expect(codeOf(() => file.read(new Uint8Array(8), 0))).toBe('snapshot_closed');
  });

  it.each([
    ['a list file loads whole, without a file kept open', SAMPLE_PATH, true],
    ['a missing file is file_not_found', join(dir, 'missing.idx'), 'file_not_found'],
  ] as const)('%s', (_, path, expected) => {
    const loaded = loadListFile(path);
    if (expected === true) {
      expect(loaded.ok && loaded.file === undefined && loaded.screener.size === SAMPLE.length).toBe(true);
    } else expect(loaded.ok ? undefined : loaded.code).toBe(expected);
  });

  it('the server loads a snapshot source through its file and hands back close', async () => {
    const lists = await loadLists({ sources: [{ snapshot: snapshotPath }] }, { worker: false });
    expect(lists.entities).toBe(SAMPLE.length);
    expect(typeof lists.close).toBe('function');
    expect(answers(lists.screener as TamisScreener)).toEqual(answers(createScreener({ entities: SAMPLE })));
    lists.close?.();
    expect(codeOf(() => lists.screener.search({ search_term: SAMPLE[SAMPLE.length - 1]!.name } as never))).toBe('snapshot_closed');
  });
});
