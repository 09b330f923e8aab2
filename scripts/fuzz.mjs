#!/usr/bin/env node
// Long runs of the robustness suite (test/robustness): `npm run fuzz -- --runs 20000 --seed 42`.
// --runs N   inputs per entry point (expensive ones take a fraction; default 10000; env TAMIS_FUZZ_RUNS)
// --seed S   fast-check seed (default: the time; env TAMIS_FUZZ_SEED)
// Prints one line per entry point: inputs tried and failures; exits 1 on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { runs: { type: 'string' }, seed: { type: 'string' } } });
const runs = values.runs ?? process.env.TAMIS_FUZZ_RUNS ?? '10000';
const seed = values.seed ?? process.env.TAMIS_FUZZ_SEED ?? String(Date.now() % 2 ** 31);
const dir = mkdtempSync(join(tmpdir(), 'tamis-fuzz-'));
const report = join(dir, 'report.jsonl');
console.log(`fuzz: ${runs} inputs per entry point, seed ${seed}`);
const started = Date.now();
const r = spawnSync('npx', ['vitest', 'run', 'test/robustness', '--testTimeout', '0', '--hookTimeout', '0'], {
  stdio: 'inherit',
  env: { ...process.env, TAMIS_FUZZ_RUNS: runs, TAMIS_FUZZ_SEED: seed, TAMIS_FUZZ_REPORT: report },
});
const lines = existsSync(report) ? readFileSync(report, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l)) : [];
rmSync(dir, { recursive: true, force: true });
const width = Math.max(12, ...lines.map((l) => l.entry.length));
console.log(`\n${'entry point'.padEnd(width)}  ${'inputs'.padStart(8)}  failures`);
let total = 0;
let failures = 0;
for (const l of lines.sort((a, b) => a.entry.localeCompare(b.entry))) {
  total += l.inputs;
  failures += l.failures;
  console.log(`${l.entry.padEnd(width)}  ${String(l.inputs).padStart(8)}  ${l.failures}${l.message ? `  ${l.message.split('\n')[0]}` : ''}`);
}
console.log(`${'total'.padEnd(width)}  ${String(total).padStart(8)}  ${failures}   (seed ${seed}, ${Math.round((Date.now() - started) / 1000)} s)`);
process.exit(r.status === 0 && failures === 0 ? 0 : 1);
