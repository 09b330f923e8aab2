// @ts-check
/**
 * Screening a whole customer file against the real OFAC SDN list, on 1 and 2 worker threads in the same run.
 *
 *   npm run build && node bench/screen-file.mjs [--rows 100000] [--workers 1,2] [--chunk 200] [--prepared 8000]
 *
 * Imports OFAC from ../shared/data/ofac (skips with a message when the folder is absent), writes it as a list file,
 * generates a seeded customer CSV (synthetic customers from bench/synthetic.mjs, each with a birth year and a
 * country; 1 row in 100 is a name derived from an OFAC entry: exact, typo, reordered, partial or phonetic), then
 * runs `screenFile` once per worker count and prints a table: list load time (every worker builds its index),
 * screening time, rows per second (rows / screening time), and the process's CPU time over the run (all threads).
 * Wall-clock figures: the machine may be shared, so the load average before each run is printed too.
 *
 * `--prepared N` adds a second table: N rows already turned into search requests, sent all at once to
 * `workerScreening` for each worker count (no file reading, no ordering, no output), to tell the workers' own
 * throughput from the pipeline's.
 */
import { mkdtempSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { importOfacDir } from '../dist/importers/node.js';
import { renderListFile } from '../dist/importers/cli.js';
import { customerRequest, screenFile, workerScreening } from '../dist/screen-file/index.js';
import { generateEntities, generateQueries } from './synthetic.mjs';

const { values } = parseArgs({ options: { rows: { type: 'string' }, workers: { type: 'string' }, chunk: { type: 'string' }, prepared: { type: 'string' } } });
const ROWS = Number(values.rows ?? 100_000);
const WORKERS = (values.workers ?? '1,2').split(',').map(Number);
const CHUNK = Number(values.chunk ?? 200);
const OFAC_DIR = new URL('../../shared/data/ofac', import.meta.url).pathname;

if (!existsSync(OFAC_DIR)) {
  console.log(`bench/screen-file.mjs: ${OFAC_DIR} is absent; nothing measured.`);
  process.exit(0);
}

const dir = mkdtempSync(join(tmpdir(), 'tamis-bench-screen-file-'));
const imported = await importOfacDir(OFAC_DIR);
if (!imported.ok) throw new Error('OFAC import failed');
const listPath = join(dir, 'ofac-sdn.json');
writeFileSync(listPath, renderListFile(imported.value.entities));

/** @param {string} s */
const cell = (s) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
const customers = generateEntities(ROWS, 2311);
const listed = generateQueries(imported.value.entities, 2312, { perKind: Math.ceil(ROWS / 100 / 5) }).filter((q) => q.kind !== 'non-matching');
const lines = ['client_ref,name,birth_year,country,entity_type'];
/** @type {Record<string, string>[]} the rows' values, for --prepared */
const rowValues = [];
let fromList = 0;
for (let i = 0; i < ROWS; i++) {
  const c = customers[i];
  if (c === undefined) break;
  const year = c.fields?.find((f) => f.tag === 'date_of_birth')?.value.slice(0, 4) ?? '';
  const country = c.fields?.find((f) => f.tag === 'country_codes')?.value ?? '';
  const q = i % 100 === 50 ? listed[fromList++ % listed.length] : undefined;
  const name = q?.term ?? c.name;
  const type = q !== undefined ? '' : c.entity_type === 'person' ? 'person' : '';
  const row = [`cust-${i + 1}`, name, q !== undefined ? '' : year, q !== undefined ? '' : country, type];
  rowValues.push({ client_ref: row[0] ?? '', name: row[1] ?? '', birth_year: row[2] ?? '', country: row[3] ?? '', entity_type: row[4] ?? '' });
  lines.push(row.map(cell).join(','));
}
const inputPath = join(dir, 'customers.csv');
writeFileSync(inputPath, `${lines.join('\n')}\n`);

const runs = [];
for (const workers of WORKERS) {
  const load = loadavg()[0] ?? 0;
  const cpuBefore = process.cpuUsage();
  let hitsSeen = 0;
  const r = await screenFile({
    input: inputPath, format: 'csv', list: listPath, workers, chunkSize: CHUNK,
    onLines: (l) => { hitsSeen += l.length; },
  });
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  const cpu = process.cpuUsage(cpuBefore);
  runs.push({ load, ...r.value, hitsSeen, cpuS: (cpu.user + cpu.system) / 1e6 });
  console.error(`workers ${workers}: ${Math.round(r.value.rowsPerSecond)} rows/s`);
}
const prepared = [];
const PREPARED = Number(values.prepared ?? 0);
if (PREPARED > 0) {
  const requests = rowValues.slice(0, PREPARED).map((v, i) => customerRequest(v, { row: i + 1, line: i + 2 }));
  const chunks = [];
  for (let i = 0; i < requests.length; i += CHUNK) chunks.push(/** @type {any[]} */ (requests.slice(i, i + CHUNK)));
  for (const workers of WORKERS) {
    const pool = await workerScreening(listPath, workers);
    if (!pool.ok) throw new Error(pool.error.message);
    const load = loadavg()[0] ?? 0;
    const cpuBefore = process.cpuUsage();
    const t = performance.now();
    await Promise.all(chunks.map((c) => pool.value.screen(c)));
    const ms = performance.now() - t;
    const cpu = process.cpuUsage(cpuBefore);
    await pool.value.close();
    prepared.push({ workers, load, ms, n: requests.length, cpuS: (cpu.user + cpu.system) / 1e6 });
  }
}
rmSync(dir, { recursive: true, force: true });

const cpu = cpus();
console.log(`#### Screening a customer file against OFAC SDN (${new Date().toISOString()}; ${cpu.length} × ${cpu[0]?.model.trim() ?? '?'}, Node ${process.version})`);
console.log();
console.log(`${ROWS.toLocaleString('en')} customer rows (${fromList} derived from OFAC names), ${runs[0]?.entities.toLocaleString('en')} OFAC entities, chunks of ${CHUNK} rows.`);
console.log();
console.log('| workers | load average before | list load (s) | screening (s) | rows/s | CPU time, all threads (s) | rows per CPU second | rows with hits | hits |');
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of runs) {
  console.log(`| ${r.workers} | ${r.load.toFixed(1)} | ${(r.loadMs / 1000).toFixed(1)} | ${(r.screenMs / 1000).toFixed(1)} | ${Math.round(r.rowsPerSecond).toLocaleString('en')} | ${r.cpuS.toFixed(1)} | ${Math.round(r.rows / r.cpuS).toLocaleString('en')} | ${r.rowsWithHits.toLocaleString('en')} | ${r.hits.toLocaleString('en')} |`);
}
if (prepared.length > 0) {
  console.log();
  console.log(`${(prepared[0]?.n ?? 0).toLocaleString('en')} prepared rows (the file's first) sent at once to workerScreening (no file, no ordering, no output):`);
  console.log();
  console.log('| workers | load average before | screening (s) | rows/s | CPU time, all threads (s) | rows per CPU second |');
  console.log('|---:|---:|---:|---:|---:|---:|');
  for (const p of prepared) {
    console.log(`| ${p.workers} | ${p.load.toFixed(1)} | ${(p.ms / 1000).toFixed(1)} | ${Math.round((p.n * 1000) / p.ms).toLocaleString('en')} | ${p.cpuS.toFixed(1)} | ${Math.round(p.n / p.cpuS).toLocaleString('en')} |`);
  }
}
