// How long a list reload holds the server's main thread, on the built package:
//   npm run build && node bench/server-reload.mjs [rounds]
//
// Loads the OFAC SDN list from ../shared/data/ofac with loadLists (what `tamis serve` runs at start, on SIGHUP and
// on POST /admin/reload), the import in the calling thread (`worker: false`) and in a worker thread (the default),
// alternating. Reported per way: the wall time of the load, the main thread's busy time (event-loop utilisation),
// and its longest stall (the longest a request arriving during the reload would wait before being read).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { loadLists } from '../dist/server/index.js';

const rounds = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 3);
const dir = fileURLToPath(new URL('../../shared/data/ofac', import.meta.url));
if (!existsSync(`${dir}/sdn.csv`)) {
  console.log(`skipped: the OFAC list is not in ${dir}`);
  process.exit(0);
}
const config = { sources: [{ ofac: dir }] };
const ways = { 'calling thread': false, 'worker thread': undefined };
const seen = Object.fromEntries(Object.keys(ways).map((w) => [w, []]));
let entities = 0;
for (let r = -1; r < rounds; r++) {
  const order = r % 2 === 0 ? Object.keys(ways) : Object.keys(ways).reverse();
  for (const way of order) {
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const elu = performance.eventLoopUtilization();
    const t = performance.now();
    const loaded = await loadLists(config, ways[way] === false ? { worker: false } : {});
    const wall = performance.now() - t;
    delay.disable();
    entities = loaded.entities;
    if (r >= 0) seen[way].push({ wall, busy: performance.eventLoopUtilization(elu).active, stall: delay.max / 1e6 });
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`list reload: OFAC SDN list (${entities} entities), ${rounds} loads each way, medians`);
for (const [way, xs] of Object.entries(seen)) {
  console.log(`  import in the ${way.padEnd(15)} load ${median(xs.map((x) => x.wall)).toFixed(0).padStart(5)} ms, main thread busy ${median(xs.map((x) => x.busy)).toFixed(0).padStart(5)} ms, longest stall ${median(xs.map((x) => x.stall)).toFixed(0).padStart(5)} ms`);
}
