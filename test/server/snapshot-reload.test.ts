/**
 * Reloading a binary snapshot source, over HTTP: a server started on loopback with a snapshot answers from it, a
 * new snapshot renamed into place and POST /admin/reload make the next searches answer from the new list version;
 * a search that started before the swap finishes on the old snapshot (its documents still read from the old file)
 * and that file is closed only after it, the new one on shutdown.
 */
import { mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createScreener, snapshotScreenerBytes } from '../../src/index.js';
import { loadLists, type ListsConfig } from '../../src/server/lists.js';
import { createMemoryStore, type ServiceStore } from '../../src/service/index.js';
import type { Entity } from '../../src/types/entity.js';
import { ADMIN, setupService, startHarness, type Harness } from './harness.js';

const person = (id: string, name: string): Entity => ({ id, entity_type: 'person', name, sources: ['ofac-sdn'], types: ['sanction'] });
const VERSION_1 = [person('v1-ivan', 'Ivan Petrovich Sidorov'), person('v1-anna', 'Anna Kuznetsova')];
const VERSION_2 = [person('v2-olga', 'Olga Nikolaevna Smirnova'), person('v1-anna', 'Anna Kuznetsova')];

/** Writes a snapshot of `entities` as `tamis index` does: a temporary file renamed over the path. */
function writeSnapshot(path: string, entities: Entity[]): void {
  writeFileSync(`${path}.tmp`, snapshotScreenerBytes(createScreener({ entities })));
  renameSync(`${path}.tmp`, path);
}

/**
 * A memory store whose next `listInternalListsOfOtherAccounts` (a search of an account without lists of its own reads
 * it after taking the screener) waits until opened.
 */
function pausingStore(): { store: ServiceStore; pauseNext(): { reached: Promise<void>; open: () => void } } {
  const store = createMemoryStore();
  const otherLists = store.listInternalListsOfOtherAccounts.bind(store);
  let pause: { reached: () => void; opened: Promise<void> } | null = null;
  store.listInternalListsOfOtherAccounts = async (accountId) => {
    const p = pause;
    pause = null;
    if (p) {
      p.reached();
      await p.opened;
    }
    return otherLists(accountId);
  };
  return {
    store,
    pauseNext() {
      let reached!: () => void;
      let open!: () => void;
      const r = new Promise<void>((resolve) => (reached = resolve));
      pause = { reached, opened: new Promise<void>((resolve) => (open = resolve)) };
      return { reached: r, open };
    },
  };
}

/** A server over the snapshot at `path` as `tamis serve` loads it, recording when each version's file closes. */
async function serveSnapshot(path: string, store?: ServiceStore): Promise<{ h: Harness; closed: string[] }> {
  const config: ListsConfig = { sources: [{ snapshot: path }] };
  const closed: string[] = [];
  let loads = 0;
  const load = async () => {
    const loaded = await loadLists(config);
    const name = `load ${++loads}`;
    return { ...loaded, close: () => (closed.push(name), loaded.close?.()) };
  };
  const first = await load();
  const service = await setupService([], { screener: first.screener, ...(store ? { store } : {}) });
  await service.loadListVersion(first.screener, first.fingerprint, { description: first.sources.join(', ') });
  const h = await startHarness({ service, webhooks: false, lists: { entities: first.entities, sources: first.sources, close: first.close, reload: load } });
  return { h, closed };
}

const hitIds = (reply: { json: { content: { data: { hits: { doc: { id: string } }[] } } } }): string[] =>
  reply.json.content.data.hits.map((hit) => hit.doc.id);

describe('a snapshot reload over HTTP', () => {
  let h: Harness | undefined;
  /** Opens what a failed test left paused, so the server can close. */
  let unpause = (): void => undefined;
  afterEach(async () => {
    unpause();
    await h?.close();
    h = undefined;
  });

  it('answers from the new list version after POST /admin/reload', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'tamis-reload-')), 'index.idx');
    writeSnapshot(path, VERSION_1);
    const served = await serveSnapshot(path);
    h = served.h;
    const before = await h.call('POST', '/searches', { body: { search_term: 'Ivan Sidorov' } });
    expect([before.status, hitIds(before)]).toEqual([200, ['v1-ivan']]);
    expect(hitIds(await h.call('POST', '/searches', { body: { search_term: 'Olga Smirnova' } }))).toEqual([]);

    writeSnapshot(path, VERSION_2);
    const reload = await h.call('POST', '/admin/reload', { key: ADMIN });
    expect(reload.status).toBe(200);
    expect(reload.json.content).toMatchObject({ version: 2, entities: 2, sources: [`snapshot:${path}`] });
    expect((await h.call('GET', '/readyz', { key: null })).json.lists).toMatchObject({ version: 2, entities: 2 });

    expect(hitIds(await h.call('POST', '/searches', { body: { search_term: 'Olga Smirnova' } }))).toEqual(['v2-olga']);
    expect(hitIds(await h.call('POST', '/searches', { body: { search_term: 'Ivan Sidorov' } }))).toEqual([]);
    await vi.waitFor(() => expect(served.closed).toEqual(['load 1']));
    await h.close();
    h = undefined;
    expect(served.closed).toEqual(['load 1', 'load 2']);
  });

  it('a search started before the swap answers from the old snapshot, whose file is closed only after it', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'tamis-reload-')), 'index.idx');
    writeSnapshot(path, VERSION_1);
    const paused = pausingStore();
    const served = await serveSnapshot(path, paused.store);
    h = served.h;
    // The search takes the version-1 screener, then waits in the store before screening: no document read yet.
    const pause = paused.pauseNext();
    unpause = pause.open;
    const inFlight = h.call('POST', '/searches', { body: { search_term: 'Ivan Sidorov' } });
    await pause.reached;

    writeSnapshot(path, VERSION_2);
    expect((await h.call('POST', '/admin/reload', { key: ADMIN })).json.content).toMatchObject({ version: 2 });
    expect(hitIds(await h.call('POST', '/searches', { body: { search_term: 'Olga Smirnova' } }))).toEqual(['v2-olga']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(served.closed).toEqual([]);

    pause.open();
    const answer = await inFlight;
    expect([answer.status, hitIds(answer)]).toEqual([200, ['v1-ivan']]);
    expect(answer.json.content.data.hits[0].doc.name).toBe('Ivan Petrovich Sidorov');
    await vi.waitFor(() => expect(served.closed).toEqual(['load 1']));
  });
});
