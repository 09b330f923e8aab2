// @ts-check
/**
 * Where the heap of a built screener goes: builds over a synthetic list, then lets go of one part of the index at
 * a time (after a full GC) and reports how much heap each part held. Destructive: the screener is unusable after.
 *
 *   node --expose-gc --max-old-space-size=6000 bench/index-heap.mjs [--dist dist] [--size 200000]
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
const mod = await import(pathToFileURL(path.join(ROOT, arg('dist', 'dist'), 'index.js')).href);
const size = Number(arg('size', '200000'));
const gc = /** @type {() => void} */ (globalThis.gc);
const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};
const h0 = heap();
let entities = generateEntities(size, 42);
const h1 = heap();
const c0 = process.cpuUsage();
const w0 = performance.now();
const screener = mod.createScreener({ entities });
const built = { wall: (performance.now() - w0) / 1000, cpu: (() => { const c = process.cpuUsage(c0); return (c.user + c.system) / 1e6; })() };
const h2 = heap();
const ab = () => process.memoryUsage().arrayBuffers / 2 ** 20;
const index = /** @type {any} */ (screener.lists.index);
const mib = (/** @type {number} */ v) => v.toFixed(1).padStart(8);
console.log(`build ${built.wall.toFixed(1)} s wall, ${built.cpu.toFixed(1)} s CPU`);
console.log(`${size.toLocaleString('en')} entities: entities ${mib(h1 - h0)} MiB, index ${mib(h2 - h1)} MiB, total after build ${mib(h2)} MiB; array buffers (outside the heap) ${mib(ab())} MiB`);
/** @type {[string, () => void][]} */
const parts = [
  // Maps (before the vocabulary's key tables) or KeyTable objects (typed arrays: their storage shows as array buffers).
  ['vocabulary deletion keys', () => { index.vocab.deletions = undefined; }],
  ['vocabulary phonetic keys', () => { index.vocab.phonetic = undefined; }],
  ['vocabulary ids/byText', () => { index.vocab.ids = undefined; index.vocab.byText = undefined; }],
  ['postings (typed: their storage shows as array buffers)', () => { index.postingLists = undefined; }],
  ['acronyms', () => index.acronyms.clear()],
  ['name groups', () => { index.groupByHash?.clear?.(); if (index.groupSlot) index.groupSlot.length = 0; if (index.groupName) index.groupName.length = 0; }],
  ['store and groups (typed)', () => { for (const k of ['store', 'groups']) if (index[k]) for (const f of Object.keys(index[k])) if (ArrayBuffer.isView(index[k][f])) index[k][f] = new Uint8Array(0); }],
  ['byId', () => index.byId.clear()],
  ['typed arrays (words, flags)', () => { for (const k of Object.keys(index)) if (ArrayBuffer.isView(index[k])) index[k] = new Uint8Array(0); }],
  ['df', () => { if (Array.isArray(index.df)) index.df.length = 0; }],
  ['names (slots without entities)', () => {
    if (index.slots) for (let i = 0; i < index.slots.length; i++) { const s = index.slots[i]; if (s) index.slots[i] = { entity: s.entity }; }
    else index.cached.fill(undefined);
  }],
  ['vocabulary words', () => { index.vocab.words.length = 0; }],
  ['slots and entities', () => { if (index.slots) index.slots.length = 0; else index.docs.length = 0; entities = []; }],
];
let last = heap();
for (const [label, drop] of parts) {
  try {
    drop();
  } catch (e) {
    console.log(`${label}: ${e}`);
  }
  const now = heap();
  console.log(`${label.padEnd(34)} ${mib(last - now)} MiB heap, array buffers now ${mib(ab())} MiB`);
  last = now;
}
console.log(`left ${mib(last)} MiB`);
