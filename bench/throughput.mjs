// @ts-check
/**
 * Throughput of tamis against fuse.js with tinybench, on the same 10k synthetic list and the same query mix:
 * each task runs the whole mix once (600 queries for tamis, a 60-query sample for fuse.js, which takes ~100 ms a
 * search), and the table reports queries per second. Run on the built package: `node bench/throughput.mjs`.
 */
import Fuse from 'fuse.js';
import { Bench } from 'tinybench';
import { createScreener } from '../dist/screening/index.js';
import { generateEntities, generateQueries } from './synthetic.mjs';

const SIZE = 10_000;
const entities = generateEntities(SIZE, 42);
const queries = generateQueries(entities, 43).map((q) => q.term);
const fuseSample = queries.filter((_, i) => i % 10 === 0);
const screener = createScreener({ entities });
const fuse = new Fuse(entities, { keys: ['name', 'aka.name'], ignoreLocation: true, threshold: 0.3 });

const bench = new Bench({ time: 3000, iterations: 3 });
bench
  .add(`tamis: ${queries.length} searches`, () => {
    for (const term of queries) screener.search({ search_term: term, limit: 10 });
  })
  .add(`fuse.js: ${fuseSample.length} searches`, () => {
    for (const term of fuseSample) fuse.search(term, { limit: 10 });
  });
await bench.run();

const perQuery = bench.tasks.map((task) => {
  const count = task.name.startsWith('tamis') ? queries.length : fuseSample.length;
  const result = /** @type {any} */ (task.result);
  const meanMs = result?.latency?.mean ?? result?.mean ?? Number.NaN;
  return { task: task.name, 'mean per mix (ms)': meanMs.toFixed(1), 'queries/s': Math.round((count * 1000) / meanMs).toLocaleString('en-US') };
});
console.log(`\n### tinybench throughput, ${SIZE.toLocaleString('en-US')} synthetic entities (same query mix)\n`);
console.log('| task | mean per mix (ms) | queries/s |\n|---|---|---|');
for (const row of perQuery) console.log(`| ${row.task} | ${row['mean per mix (ms)']} | ${row['queries/s']} |`);
const [t, f] = perQuery.map((r) => Number(r['queries/s'].replace(/,/g, '')));
if (t && f) console.log(`\ntamis answers ${Math.round(t / f).toLocaleString('en-US')}× more queries per second than fuse.js.`);
