// @ts-check
/**
 * The binary index snapshot (version 2) over a synthetic list: its size, the time to write it, the time to load it
 * (wall and CPU), the heap after loading (and the array buffers outside the heap), and the first search after the
 * load. With --json, the version-1 JSON snapshot is measured the same way beside it.
 *
 *   node --expose-gc --max-old-space-size=6000 bench/snapshot.mjs [--dist dist] [--size 100000] [--json]
 *
 * Runs on a BUILT package inside the project (`dist/` by default). Build and load run in one process: the heap
 * after load is measured with the built screener and its entities released.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateEntities, generateQueries } from './synthetic.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** @param {string} name @param {string} fallback */
function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}
const mod = await import(pathToFileURL(path.join(ROOT, arg('dist', 'dist'), 'index.js')).href);
const size = Number(arg('size', '100000'));
const gc = /** @type {undefined | (() => void)} */ (globalThis.gc);
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
const memory = () => {
  gc?.();
  gc?.();
  const m = process.memoryUsage();
  return gc === undefined ? 'not measured (run with --expose-gc)' : `${mib(m.heapUsed)} heap + ${mib(m.arrayBuffers)} array buffers`;
};

let entities = generateEntities(size, 42);
const queries = generateQueries(entities, 43, { perKind: 20 }).map((q) => q.term);
let built = timed(() => mod.createScreener({ entities })).value;
process.stdout.write(`${size.toLocaleString('en')} synthetic entities, node ${process.version}\n`);

/**
 * Load a written snapshot (the built screener released already) and search it.
 * @param {string} label @param {{ value: any, wall: number, cpu: number }} write @param {(data: any) => any} load @param {number} size
 */
function measure(label, write, load, size) {
  const l = timed(() => load(write.value));
  write.value = undefined;
  if (!l.value.ok) throw new Error(`${label}: restore failed: ${JSON.stringify(l.value.error)}`);
  const screener = l.value.value;
  const mem = memory();
  const first = timed(() => screener.search({ search_term: queries[0] }));
  const rest = timed(() => {
    for (const q of queries) screener.search({ search_term: q });
  });
  process.stdout.write(
    `${label}: ${mib(size)}; write ${write.wall.toFixed(2)} s wall, ${write.cpu.toFixed(2)} s CPU; load ${l.wall.toFixed(2)} s wall, ${l.cpu.toFixed(2)} s CPU; ` +
      `after load ${mem}; first search ${(first.wall * 1000).toFixed(1)} ms; next ${queries.length} searches ${((rest.cpu * 1000) / queries.length).toFixed(2)} ms CPU each\n`,
  );
}

const json = process.argv.includes('--json') ? timed(() => JSON.stringify(mod.snapshotScreener(built))) : undefined;
const binary = timed(() => mod.snapshotScreenerBytes(built));
built = undefined;
entities = [];
process.stdout.write(`built screener released: ${memory()}\n`);
if (json !== undefined) measure('version 1 (JSON text)', json, (text) => mod.restoreScreener(JSON.parse(text)), Buffer.byteLength(json.value));
measure('version 2 (binary)', binary, (data) => mod.restoreScreener(data), binary.value.byteLength);
