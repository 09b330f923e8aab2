// @ts-check
/**
 * A throwaway PostgreSQL cluster for the tests and the benchmark (bench/postgres.mjs): `initdb` and `pg_ctl` of the Debian `postgresql` package (found on
 * the PATH or under /usr/lib/postgresql/N/bin), a data directory and a Unix socket in a temporary directory, no TCP.
 * PostgreSQL refuses to run as root: as root, the commands run as the `postgres` user (runuser) and the directory
 * is handed to it. `startCluster` answers why it cannot when the binaries are missing.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';

/**
 * @typedef {{ host: string, user: string, stop(): void }} Cluster
 *   `host`: the socket directory, the `host` of a pg connection.
 */

/** @param {string} name */
function findBin(name) {
  const fromPath = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  if (fromPath.status === 0 && fromPath.stdout.trim() !== '') return fromPath.stdout.trim();
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const p = join(base, v, 'bin', name);
    if (existsSync(p)) return p;
  }
  return null;
}

/** @param {string | null} user @param {string} bin @param {string[]} args */
function runAs(user, bin, args) {
  if (user) execFileSync('runuser', ['-u', user, '--', bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  else execFileSync(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * @param {{ fsync?: boolean }} [options] fsync off by default (tests); the benchmark turns it on.
 * @returns {Cluster | { reason: string }}
 */
export function startCluster(options = {}) {
  const initdb = findBin('initdb');
  const pgCtl = findBin('pg_ctl');
  if (!initdb || !pgCtl) return { reason: 'PostgreSQL is not installed (no initdb/pg_ctl on the PATH or in /usr/lib/postgresql/*/bin): apt-get install postgresql' };
  const root = userInfo().uid === 0;
  if (root && spawnSync('id', ['-u', 'postgres']).status !== 0) return { reason: 'running as root and there is no postgres user to run PostgreSQL as' };
  const dir = mkdtempSync('/tmp/tamis-pg-');
  const runUser = root ? 'postgres' : null;
  if (root) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const user = 'postgres';
  try {
    runAs(runUser, initdb, ['-D', data, '-A', 'trust', '-U', user, '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
    runAs(runUser, pgCtl, [
      'start', '-D', data, '-w', '-s', '-l', join(dir, 'log'),
      '-o', `-k ${dir} -c listen_addresses='' -c max_connections=200${options.fsync ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off'}`,
    ]);
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    const err = /** @type {{ stderr?: Buffer, message: string }} */ (e);
    return { reason: `PostgreSQL did not start: ${err.stderr?.toString().trim() || err.message}` };
  }
  return {
    host: dir,
    user,
    stop() {
      try {
        runAs(runUser, pgCtl, ['stop', '-D', data, '-m', 'immediate', '-s']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
