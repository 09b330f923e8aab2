// Searches created per second by the screening service (POST /searches semantics) on the SQLite store.
// Runs on the built package:  npx tsc -p tsconfig.build.json && node bench/service.mjs [searches]
//
// The screener is a trivial fixed one (every search returns the same N hits, no matching work), so the figure
// measures the service and the store: validation, whitelist lookup, fingerprints, one transaction per search
// (search row + hit rows), and reading the response back.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemoryStore, createScreeningService, sequentialIds, systemClock } from '../dist/service/index.js';
import { createSqliteStore } from '../dist/service/sqlite/index.js';

const N = Number(process.argv[2] ?? 2000);

function fixedScreener(hitCount) {
  const docs = Array.from({ length: hitCount }, (_, i) => ({
    id: `ent-${i}`,
    entity_type: 'person',
    name: `Listed Person ${i}`,
    sources: ['ofac-sdn'],
    types: ['sanction'],
    aka: [{ name: `L. Person ${i}` }],
    fields: [{ name: 'Date of birth', value: '1970', tag: 'date_of_birth' }],
  }));
  const hits = docs.map((doc, i) => ({
    doc,
    match_types: ['name_exact'],
    match_types_details: [],
    score: 100 - i,
    match_status: 'potential_match',
    risk_level: 'unknown',
  }));
  return {
    size: docs.length,
    entities: () => docs,
    search: (req) => ({
      ok: true,
      value: {
        search_term: String(req.search_term),
        submitted_term: String(req.search_term),
        filters: { exact_match: false, fuzziness: 0.5 },
        limit: req.limit ?? 100,
        offset: req.offset ?? 0,
        total_hits: hits.length,
        total_matches: hits.length,
        hits: hits.slice(req.offset ?? 0, (req.offset ?? 0) + (req.limit ?? 100)),
      },
    }),
  };
}

async function run(label, store, hitCount) {
  const service = createScreeningService({
    store,
    clock: systemClock(),
    ids: sequentialIds(),
    screener: fixedScreener(hitCount),
    rateLimit: false,
  });
  await service.createUser({ email: 'bench@example.com', name: 'Bench' });
  await service.createApiKey(1, 'bench-key-0001');
  const api = service.forApiKey('bench-key-0001');
  // warm-up
  for (let i = 0; i < 50; i++) await api.createSearch({ search_term: `warm ${i}`, client_ref: `W${i}` });
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < N; i++) {
    const r = await api.createSearch({ search_term: `Person ${i}`, client_ref: `CUST-${i % 500}` });
    if (r.status !== 'success') throw new Error(JSON.stringify(r));
  }
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  return { store: label, 'hits/search': hitCount, searches: N, 'total ms': Math.round(ms), 'searches/s': Math.round((N * 1000) / ms) };
}

const dir = mkdtempSync(join(tmpdir(), 'tamis-bench-'));
const rows = [];
try {
  for (const hitCount of [0, 10, 100]) {
    const file = new Database(join(dir, `bench-${hitCount}.db`));
    file.pragma('journal_mode = WAL');
    file.pragma('synchronous = NORMAL');
    rows.push(await run('sqlite file (WAL, synchronous=NORMAL)', createSqliteStore(file), hitCount));
    file.close();
    rows.push(await run('sqlite :memory:', createSqliteStore(new Database(':memory:')), hitCount));
  }
  rows.push(await run('memory store (reference)', createMemoryStore(), 10));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(`tamis service: searches created per second (node ${process.version}, trivial fixed screener)`);
console.table(rows);
