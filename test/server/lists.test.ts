/**
 * Loading the lists of a server: the sources are read and imported in a worker thread (so requests keep being
 * answered during a reload; only the index is built on the main thread), with the same entities as in the calling
 * thread, and failures carry the file name as before. The worker is the built one (dist/server/list-worker.js).
 */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadLists, readLists, readListsInWorker, type ListsConfig } from '../../src/server/lists.js';
import { createScreener, snapshotScreener, snapshotScreenerBytes } from '../../src/index.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const BUILT = new URL('../../dist/server/list-worker.js', import.meta.url);
const builtWorker = (): URL => {
  if (!existsSync(BUILT)) throw new Error('dist/server/list-worker.js is missing: run `npm run build` first (npm test builds before testing)');
  return BUILT;
};

const dir = mkdtempSync(join(tmpdir(), 'tamis-lists-'));
const blacklist = join(dir, 'blacklist.json');
writeFileSync(blacklist, JSON.stringify([{ id: 'bl-1', entity_type: 'person', name: 'Blacklisted Person', sources: ['bank'], types: ['warning'] }]));
const SAMPLE: ListsConfig = { sources: [{ file: join(root, 'lists/sample/entities.json') }], internal: [{ id: 'bank-blacklist', file: blacklist }] };

describe('loading the lists in a worker thread', () => {
  it('the worker reads the same entities and internal lists as the calling thread', async () => {
    const inWorker = await readListsInWorker(SAMPLE, builtWorker());
    const here = await readLists(SAMPLE);
    expect(inWorker.entities.length).toBeGreaterThan(300);
    expect(inWorker).toEqual(here);
  });

  it('loadLists builds its index from what the worker answers', async () => {
    const loaded = await loadLists(SAMPLE, { worker: new URL('./fixtures/one-entity-list-worker.mjs', import.meta.url) });
    expect(loaded.entities).toBe(1);
    const found = loaded.screener.search({ search_term: 'Worker Thread Entity' });
    expect(found.ok && found.value.hits.map((h) => h.doc.id)).toEqual(['from-the-worker']);
    const inProcess = await loadLists(SAMPLE, { worker: false });
    expect(inProcess.entities).toBe((await readLists(SAMPLE)).entities.length + 1);
  });

  it.each([
    ['a missing file', { sources: [{ file: join(dir, 'missing.json') }] }, /missing\.json/],
    ['a file that is not a list', { sources: [{ csv: blacklist }] }, /blacklist\.json/],
  ])('%s fails the load with the file name, from the worker as from the calling thread', async (_what, config, message) => {
    await expect(loadLists(config as ListsConfig, { worker: builtWorker() })).rejects.toThrow(message);
    await expect(loadLists(config as ListsConfig, { worker: false })).rejects.toThrow(message);
  });
});

describe('loading an index snapshot', () => {
  const entities = [{ id: 'snap-1', entity_type: 'person' as const, name: 'Snapshot Person', sources: ['bank'], types: ['warning'] }];
  const screener = createScreener({ entities });
  const binary = join(dir, 'index.idx');
  const json = join(dir, 'index.json');
  writeFileSync(binary, snapshotScreenerBytes(screener));
  writeFileSync(json, JSON.stringify(snapshotScreener(screener)));
  it.each([
    ['binary (version 2)', binary],
    ['JSON (version 1)', json],
  ])('reads a %s snapshot into a screener', async (_kind, path) => {
    const loaded = await loadLists({ sources: [{ snapshot: path }] });
    expect(loaded.entities).toBe(1);
    const found = loaded.screener.search({ search_term: 'Snapshot Person' });
    expect(found.ok && found.value.hits.map((h) => h.doc.id)).toEqual(['snap-1']);
  });
});
