/**
 * The vocabulary's memory and its snapshot form (issue 22), on a built package:
 *   node --expose-gc --max-old-space-size=6000 bench/vocabulary-memory.mjs --size 1000000 [--dist dist-base]
 * Builds an EntityIndex over generateEntities(size, 42) (build time: wall and CPU), then measures the heap a
 * vocabulary holds: a second Vocabulary is filled with the same prepared words (`add`) and the heap grows by its
 * words and look-up tables (the word texts are shared). When the build has `toParts`/`fromParts`, also the time
 * of each and that the restored vocabulary holds the same words.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateEntities } from './synthetic.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** @param {string} name @param {string} fallback */
function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}
const DIST = arg('dist', 'dist');
const SIZE = Number(arg('size', '100000'));
const load = (file) => import(pathToFileURL(path.join(ROOT, DIST, file)).href);
const { EntityIndex } = await load('screening/entity-index.js');
const { Vocabulary } = await load('screening/vocabulary.js');
const { defaultWordTables } = await load('names/tables.js');
const gc = globalThis.gc;
if (gc === undefined) {
  process.stderr.write('run with --expose-gc\n');
  process.exit(1);
}
const heap = () => {
  gc();
  gc();
  const m = process.memoryUsage();
  // Typed arrays keep their contents outside the JS heap (arrayBuffers): both are counted.
  return (m.heapUsed + m.arrayBuffers) / 2 ** 20;
};
const tables = defaultWordTables();
const entities = generateEntities(SIZE, 42);
const hE = heap();
const c0 = process.cpuUsage();
const w0 = process.hrtime.bigint();
const index = new EntityIndex(tables);
for (const e of entities) index.add(e);
const buildWall = Number(process.hrtime.bigint() - w0) / 1e9;
const c1 = process.cpuUsage(c0);
const words = index.vocab.words;
/** Kept reachable to the end, so that no collection between two measures frees them. */
const keep = [entities, index];
process.stdout.write(`${DIST}: ${SIZE.toLocaleString('en')} entities, ${words.length.toLocaleString('en')} words; EntityIndex build ${buildWall.toFixed(1)} s wall, ${((c1.user + c1.system) / 1e6).toFixed(1)} s CPU\n`);
const h0 = heap();
process.stdout.write(`heap (JS heap + array buffers): ${hE.toFixed(0)} MiB with the entities, ${h0.toFixed(0)} MiB with the EntityIndex (index ${(h0 - hE).toFixed(0)} MiB)\n`);
const v0 = process.hrtime.bigint();
const vc0 = process.cpuUsage();
const copy = new Vocabulary(tables);
for (const w of words) copy.add(w);
const addMs = Number(process.hrtime.bigint() - v0) / 1e6;
const vc1 = process.cpuUsage(vc0);
const h1 = heap();
process.stdout.write(`vocabulary alone (${words.length.toLocaleString('en')} words added): ${(h1 - h0).toFixed(1)} MiB of heap, built in ${addMs.toFixed(0)} ms wall, ${((vc1.user + vc1.system) / 1e3).toFixed(0)} ms CPU\n`);
if (typeof copy.toParts === 'function') {
  const t0 = process.hrtime.bigint();
  const parts = copy.toParts();
  const t1 = process.hrtime.bigint();
  const again = Vocabulary.fromParts(tables, parts);
  const t2 = process.hrtime.bigint();
  if (!again.ok) throw new Error(again.error.message);
  const bytes = Object.values(parts).reduce((n, v) => n + (typeof v === 'string' ? 2 * v.length : ArrayBuffer.isView(v) ? v.byteLength : Object.values(v ?? {}).reduce((m, u) => m + (ArrayBuffer.isView(u) ? u.byteLength : 0), 0)), 0);
  let same = again.value.size === copy.size;
  for (let i = 0; same && i < copy.size; i++) same = again.value.words[i].text === copy.words[i].text && again.value.words[i].skeleton === copy.words[i].skeleton;
  keep.push(parts, again);
  const mib = (n) => `${(n / 2 ** 20).toFixed(1)} MiB`;
  const table = (name) => {
    const t = parts[name];
    const groups = t.groupHash.length;
    const mixed = t.groupMixed.reduce((n, m) => n + m, 0);
    const size = t.bucketStart.byteLength + t.groupHash.byteLength + t.groupStart.byteLength + t.groupMixed.byteLength + t.ids.byteLength;
    return `${name} ${groups.toLocaleString('en')} hashes (${mixed} reached by several keys), ${t.ids.length.toLocaleString('en')} ids, ${mib(size)}`;
  };
  process.stdout.write(`parts: words ${mib(parts.strings.length * 2 + parts.stringEnds.byteLength + parts.wordStrings.byteLength + parts.wordFlags.byteLength)} (${parts.stringEnds.length.toLocaleString('en')} distinct strings); ${['text', 'deletions', 'phonetic', 'abjadSkeletons'].map(table).join('; ')}\n`);
  process.stdout.write(`toParts ${(Number(t1 - t0) / 1e6).toFixed(0)} ms (${(bytes / 2 ** 20).toFixed(1)} MiB of parts, strings counted as UTF-16), fromParts ${(Number(t2 - t1) / 1e6).toFixed(0)} ms, same words: ${same}\n`);
}
process.stdout.write(`(kept: ${keep.length})\n`);
