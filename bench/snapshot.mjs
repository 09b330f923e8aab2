// @ts-check
/**
 * The binary index snapshot (version 2 or 3, as the build writes it) over a synthetic list: its size and the time
 * to write it (in the process that built the index), then, in a fresh process as a host would: the time to read the
 * file, the time to restore the screener (wall and CPU), the heap after the load (and the array buffers outside it,
 * the snapshot's bytes included), the first search after the load and the next ones. Loaded two ways: the whole
 * file read (readFileSync) and restoreScreener over its bytes; and, when the build has it, restoreScreenerFrom over
 * a reader of the file (the restore reads the index's arrays; "read the file" is then only opening it). With
 * --json, the version-1 JSON snapshot is measured the same way beside them (read, JSON.parse, restoreScreener).
 *
 *   node --expose-gc --max-old-space-size=6000 bench/snapshot.mjs [--dist dist] [--size 100000] [--json]
 *
 * Runs on a BUILT package inside the project (`dist/` by default). The snapshots are written to the system's
 * temporary folder and removed afterwards.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, fstatSync, mkdtempSync, openSync, readFileSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateEntities, generateQueries } from './synthetic.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** @param {string} name @param {string} fallback */
function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}
const DIST = arg('dist', 'dist');
const mod = await import(pathToFileURL(path.join(ROOT, DIST, 'index.js')).href);
const size = Number(arg('size', '100000'));
const mib = (/** @type {number} */ bytes) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
/** @template T @param {() => T} f @returns {{ value: T, wall: number, cpu: number }} */
function timed(f) {
  const c0 = process.cpuUsage();
  const w0 = process.hrtime.bigint();
  const value = f();
  const wall = Number(process.hrtime.bigint() - w0) / 1e9;
  const c = process.cpuUsage(c0);
  return { value, wall, cpu: (c.user + c.system) / 1e6 };
}
const s = (/** @type {{ wall: number, cpu: number }} */ t) => `${t.wall.toFixed(2)} s wall, ${t.cpu.toFixed(2)} s CPU`;

const load = arg('load', '');
if (load !== '') {
  // The child: load one snapshot file as a host would, then search.
  const queries = generateQueries(generateEntities(Math.min(size, 20000), 42), 43, { perKind: 20 }).map((q) => q.term);
  const json = load.endsWith('.json');
  const viaSource = arg('via', 'bytes') === 'source';
  /** @type {{ value: any, wall: number, cpu: number }} */
  let read;
  /** @type {{ value: any, wall: number, cpu: number }} */
  let restored;
  if (viaSource) {
    read = timed(() => {
      const fd = openSync(load, 'r');
      return { size: fstatSync(fd).size, read: (/** @type {Uint8Array} */ into, /** @type {number} */ position) => readSync(fd, into, 0, into.length, position), fd };
    });
    restored = timed(() => mod.restoreScreenerFrom(read.value));
  } else {
    read = timed(() => readFileSync(load));
    restored = timed(() => mod.restoreScreener(json ? JSON.parse(read.value.toString('utf8')) : read.value));
  }
  if (!restored.value.ok) throw new Error(`restore failed: ${JSON.stringify(restored.value.error)}`);
  const screener = restored.value.value;
  /** @type {any} */ (globalThis).gc?.();
  const m = process.memoryUsage();
  const first = timed(() => screener.search({ search_term: queries[0] }));
  const rest = timed(() => {
    for (const q of queries) screener.search({ search_term: q });
  });
  process.stdout.write(
    `  read ${s(read)}; restore ${s(restored)}; after load ${mib(m.heapUsed)} heap + ${mib(m.arrayBuffers)} array buffers; ` +
      `first search ${(first.wall * 1000).toFixed(1)} ms; next ${queries.length} searches ${((rest.cpu * 1000) / queries.length).toFixed(2)} ms CPU each\n`,
  );
  if (viaSource) closeSync(read.value.fd);
  process.exit(0);
}

const entities = generateEntities(size, 42);
const screener = mod.createScreener({ entities });
process.stdout.write(`${size.toLocaleString('en')} synthetic entities, node ${process.version}\n`);
const dir = mkdtempSync(path.join(tmpdir(), 'tamis-snapshot-'));
/** @type {[string, string, () => string | Uint8Array][]} */
const kinds = [];
if (process.argv.includes('--json')) kinds.push(['version 1 (JSON text)', 'index.json', () => JSON.stringify(mod.snapshotScreener(screener))]);
kinds.push([`version ${mod.SNAPSHOT_BINARY_VERSION} (binary)`, 'index.idx', () => mod.snapshotScreenerBytes(screener)]);
const files = kinds.map(([label, name, write]) => {
  const w = timed(write);
  const file = path.join(dir, name);
  writeFileSync(file, w.value);
  process.stdout.write(`${label}: ${mib(typeof w.value === 'string' ? Buffer.byteLength(w.value) : w.value.byteLength)}; write ${s(w)}\n`);
  return /** @type {[string, string]} */ ([label, file]);
});
try {
  for (const [label, file] of files) {
    const ways = file.endsWith('.json') || typeof mod.restoreScreenerFrom !== 'function' ? ['bytes'] : ['bytes', 'source'];
    for (const via of ways) {
      process.stdout.write(`${label}, loaded in a fresh process (${via === 'bytes' ? 'the whole file read, restoreScreener' : 'restoreScreenerFrom a reader of the file'}):\n`);
      const child = spawnSync(process.execPath, ['--expose-gc', '--max-old-space-size=6000', fileURLToPath(import.meta.url), '--dist', DIST, '--size', String(size), '--load', file, '--via', via], {
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      if (child.status !== 0) process.stdout.write(`  failed (exit ${child.status})\n`);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
