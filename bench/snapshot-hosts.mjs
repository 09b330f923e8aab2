/**
 * The server's loadLists of one snapshot source, as a host loads it: CPU, wall and RSS (compare two builds in two runs).
 *   node --max-old-space-size=7000 bench/snapshot-hosts.mjs dist-base SNAPSHOT; ... dist SNAPSHOT
 * (a 1M snapshot: createScreener over generateEntities(1000000, 42) of bench/synthetic.mjs, snapshotScreenerBytes.)
 */
const [dist, snap] = process.argv.slice(2);
const { loadLists } = await import(new URL(`../${dist}/server/lists.js`, import.meta.url).href);
const c0 = process.cpuUsage(); const w0 = Date.now();
const lists = await loadLists({ sources: [{ snapshot: snap }] }, { worker: false });
const c = process.cpuUsage(c0);
const r = lists.screener.search({ search_term: 'John Smith' });
console.log(JSON.stringify({ dist, entities: lists.entities, cpu_s: ((c.user + c.system) / 1e6).toFixed(2), wall_s: ((Date.now() - w0) / 1000).toFixed(2), rss_mib: Math.round(process.memoryUsage().rss / 2 ** 20), maxrss_mib: Math.round(process.resourceUsage().maxRSS / 1024), hits: r.length ?? r.hits?.length }));
