/**
 * What a new host pays for tamis: the packed library installed into an empty project, then cold start.
 *
 *   node bench/install.mjs [--runs 9] [--keep]
 *
 * 1. `npm run build`, `npm pack`, then `npm install <tarball>` into an empty temporary project: wall time,
 *    node_modules size (MB of files on disk, `du`), number of packages, and whether a native build ran (any
 *    `.node` binary or `build/` folder of node-gyp under node_modules).
 * 2. Cold `import("tamis")`: a fresh Node process per run, the import timed inside it; median of the runs.
 *    Also `require("tamis")` (Node 20.19+ / 22.12+ load ES modules with require).
 * 3. `tamis screen NAME` on the bundled sample list: wall time of the whole process; median of the runs.
 * 4. The optional peers are absent: the SQLite helper fails naming better-sqlite3.
 * 5. With --peers: each optional peer (exceljs, pdfkit, better-sqlite3) installed in turn: time, MB added, native
 *    build. better-sqlite3 compiles from source where its prebuilt binary cannot be downloaded (minutes).
 *
 * Targets (issue 25): install ≤ 15 s with no native build and ≤ 40 MB; cold import ≤ 120 ms; screen ≤ 0.3 s.
 * The install needs the npm registry (or a warm npm cache). Figures go to docs/benchmarks.md ("Install and start").
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir, cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '9' }, keep: { type: 'boolean', default: false }, peers: { type: 'boolean', default: false } },
});
const RUNS = Number(values.runs);

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const now = () => performance.now();

function walk(dir, visit) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const st = statSync(path, { throwIfNoEntry: false });
    if (!st) continue;
    visit(path, name, st);
    if (st.isDirectory()) walk(path, visit);
  }
}

const work = mkdtempSync(join(tmpdir(), 'tamis-install-'));
const project = join(work, 'host');
try {
  // 1. Pack and install.
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
  const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
  const tarball = join(work, packed[0].filename);
  const tarballFiles = packed[0].files.length;
  const maps = packed[0].files.filter((f) => f.path.endsWith('.map')).length;
  execFileSync('mkdir', ['-p', project]);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'host', private: true, type: 'module' }));
  const t0 = now();
  const install = spawnSync('npm', ['install', tarball, '--no-audit', '--no-fund', '--loglevel=error'], { cwd: project, encoding: 'utf8' });
  const installMs = now() - t0;
  if (install.status !== 0) throw new Error(`npm install failed:\n${install.stderr}`);
  const modules = join(project, 'node_modules');
  let bytes = 0;
  let packages = 0;
  const native = [];
  walk(modules, (path, name, st) => {
    if (st.isFile()) bytes += st.blocks * 512;
    if (name === 'package.json' && existsSync(join(dirname(path), 'package.json')) && /node_modules\/(@[^/]+\/)?[^/@]+\/package\.json$/.test(path)) packages++;
    if (name.endsWith('.node') || (name === 'build' && existsSync(join(path, 'Release')))) native.push(path.slice(modules.length + 1));
  });

  // 2. Cold import and require, each in a fresh process.
  // Wall time inside the process, and the CPU time the process spent on it (the machine may be shared).
  const timeIn = (code) => {
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: project, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(r.stderr);
    return r.stdout.trim().split(' ').map(Number);
  };
  const timed = (load) => `const c = process.cpuUsage(); const t = performance.now(); ${load}; const u = process.cpuUsage(c);
console.log(performance.now() - t, (u.user + u.system) / 1000);`;
  const importMs = [];
  const importCpuMs = [];
  const requireMs = [];
  for (let i = 0; i < RUNS; i++) {
    const [wall, cpu] = timeIn(timed(`await import('tamis')`));
    importMs.push(wall);
    importCpuMs.push(cpu);
    requireMs.push(timeIn(`import { createRequire } from 'node:module'; const r = createRequire(import.meta.url); ${timed(`r('tamis')`)}`)[0]);
  }

  // 3. tamis screen NAME, the whole process.
  const bin = join(modules, '.bin', 'tamis');
  const screenMs = [];
  const screenCpuMs = [];
  let screenOut = '';
  const gnuTime = existsSync('/usr/bin/time');
  for (let i = 0; i < RUNS; i++) {
    const t = now();
    const r = gnuTime
      ? spawnSync('/usr/bin/time', ['-f', 'cpu %U %S', bin, 'screen', 'Yusef Barakat'], { cwd: project, encoding: 'utf8' })
      : spawnSync(bin, ['screen', 'Yusef Barakat'], { cwd: project, encoding: 'utf8' });
    screenMs.push(now() - t);
    if (r.status !== 1) throw new Error(`tamis screen exited ${r.status}: ${r.stderr}`);
    const cpu = /cpu ([\d.]+) ([\d.]+)/.exec(r.stderr);
    if (cpu) screenCpuMs.push((Number(cpu[1]) + Number(cpu[2])) * 1000);
    screenOut = r.stdout;
  }

  // 4. Optional peers absent: a clear error naming the package.
  const peer = spawnSync(process.execPath, ['--input-type=module', '-e',
    `import { openSqliteDatabase } from 'tamis/service/sqlite'; try { await openSqliteDatabase(':memory:'); console.log('opened'); } catch (e) { console.log(e.message); }`],
  { cwd: project, encoding: 'utf8' });

  const figures = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: `${cpus().length} × ${cpus()[0]?.model ?? '?'}`,
    load: loadavg().map((l) => l.toFixed(1)).join(' '),
    tarball: { files: tarballFiles, sourceMaps: maps, kB: Math.round(packed[0].size / 1024), unpackedKB: Math.round(packed[0].unpackedSize / 1024) },
    install: { seconds: +(installMs / 1000).toFixed(1), nodeModulesMB: +(bytes / 1e6).toFixed(1), packages, nativeBuild: native.length > 0 ? native : 'none' },
    coldImportMs: { median: +median(importMs).toFixed(0), cpuMedian: +median(importCpuMs).toFixed(0), runs: importMs.map((x) => +x.toFixed(0)) },
    coldRequireMs: { median: +median(requireMs).toFixed(0), runs: requireMs.map((x) => +x.toFixed(0)) },
    screenSeconds: {
      median: +(median(screenMs) / 1000).toFixed(2),
      cpuMedian: screenCpuMs.length > 0 ? +(median(screenCpuMs) / 1000).toFixed(2) : null,
      runs: screenMs.map((x) => +(x / 1000).toFixed(2)),
    },
    screenFirstHit: screenOut.split('\n')[2]?.replace(/\s+/g, ' ') ?? '',
    sqliteWithoutPeer: peer.stdout.trim() || peer.stderr.trim(),
  };
  // 5. What each optional peer adds.
  if (values.peers) {
    figures.peers = {};
    const version = (name) => JSON.parse(execFileSync('node', ['-p', `JSON.stringify(require('${join(ROOT, 'package.json')}').peerDependencies['${name}'])`], { encoding: 'utf8' }));
    for (const name of ['exceljs', 'pdfkit', 'better-sqlite3']) {
      const size = () => { let b = 0; walk(modules, (_p, _n, st) => { if (st.isFile()) b += st.blocks * 512; }); return b; };
      const before = size();
      const t = now();
      const r = spawnSync('npm', ['install', `${name}@${version(name)}`, '--no-audit', '--no-fund', '--loglevel=error'], { cwd: project, encoding: 'utf8' });
      const built = existsSync(join(modules, name, 'build', 'Release'));
      figures.peers[name] = { ok: r.status === 0, seconds: +((now() - t) / 1000).toFixed(1), addedMB: +((size() - before) / 1e6).toFixed(1), nativeBuild: built };
    }
  }
  console.log(JSON.stringify(figures, null, 2));
  const verdict = (ok) => (ok ? 'met' : 'MISSED');
  console.log(`
| figure | measured | target |
|---|---|---|
| npm install of the packed library | ${figures.install.seconds} s, ${figures.install.nodeModulesMB} MB, ${packages} packages, native build: ${native.length > 0 ? 'yes' : 'none'} | ≤ 15 s, ≤ 40 MB, none: ${verdict(figures.install.seconds <= 15 && figures.install.nodeModulesMB <= 40 && native.length === 0)} |
| cold import("tamis"), median of ${RUNS} | ${figures.coldImportMs.median} ms wall, ${figures.coldImportMs.cpuMedian} ms CPU | ≤ 120 ms: ${verdict(figures.coldImportMs.median <= 120)} |
| cold require("tamis"), median of ${RUNS} | ${figures.coldRequireMs.median} ms | |
| tamis screen NAME (bundled list), median of ${RUNS} | ${figures.screenSeconds.median} s wall, ${figures.screenSeconds.cpuMedian} s CPU | ≤ 0.3 s: ${verdict(figures.screenSeconds.median <= 0.3)} |
(load average ${figures.load} on ${cpus().length} CPUs)`);
} finally {
  if (values.keep) console.error(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
