import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runScreenFile, type ScreenFileIo } from '../../src/cli/screen-file.js';

const SAMPLE = fileURLToPath(new URL('../../lists/sample/entities.json', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'tamis-cli-screen-file-'));
const file = (name: string, text: string): string => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
const HITS = file('hits.csv', 'client_ref,first_name,last_name,birth_year\nc-1,Yusuf,Haddad,1947\nc-2,Zzyzx,Qwrtp,\nc-3,,,\n');
const CLEAN = file('clean.csv', 'client_ref,name\nc-1,Zzyzx Qwrtp\n');

function streams(tty = false, stdin = '') {
  const out: string[] = [];
  const err: string[] = [];
  const stdout = new PassThrough();
  stdout.on('data', (c: Buffer) => void out.push(c.toString()));
  const stderr = Object.assign(new PassThrough(), { isTTY: tty, columns: 100, cursorTo: () => true, clearLine: () => true, moveCursor: () => true });
  stderr.on('data', (c: Buffer) => void err.push(c.toString()));
  const io: ScreenFileIo = { stdout, stderr, stdin: Readable.from([stdin]), sampleListPath: SAMPLE, now: () => 0 };
  return { io, out: () => out.join(''), err: () => err.join('') };
}

describe('tamis screen --file', () => {
  it('writes one CSV line per hit, reports bad rows, and exits 2 when a row could not be screened', async () => {
    const s = streams();
    expect(await runScreenFile(['--file', HITS, '--workers', '0'], s.io)).toBe(2);
    const lines = s.out().trim().split('\n');
    expect(lines[0]).toBe('row,client_ref,entity_id,matching_name,entity_name,match_types,score,types,sources');
    expect(lines[1]).toMatch(/^1,c-1,tamis-sample-0002,Yusuf Haddad,Yusuf Haddad,[a-z_|]*name_exact[a-z_|]*,[\d.]+,/);
    expect(lines.slice(1).every((l) => l.startsWith('1,c-1,'))).toBe(true);
    expect(s.err()).toContain('row 3 (line 4, client_ref c-3): the row has no name');
    expect(s.err()).toMatch(/screened 3 rows in .* \(324 entities loaded in .* on 0 workers\): \d+ rows\/s; 1 with hits \(\d+ hits\), 1 not screened/);
  });

  it('exits 1 when some row has a hit (--skip-invalid), 0 when none has', async () => {
    expect(await runScreenFile(['--file', HITS, '--workers', '0', '--skip-invalid'], streams().io)).toBe(1);
    const clean = streams();
    expect(await runScreenFile(['--file', CLEAN, '--workers', '0'], clean.io)).toBe(0);
    expect(clean.out()).toBe('row,client_ref,entity_id,matching_name,entity_name,match_types,score,types,sources\n');
  });

  it('reads JSON lines (by extension), writes JSON lines with --format jsonl, to a file with --out', async () => {
    const input = file('c.jsonl', '{"client_ref":"j-1","name":"Yusuf Haddad","birth_year":1947}\n');
    const out = join(dir, 'out.jsonl');
    const s = streams();
    expect(await runScreenFile(['--file', input, '--format', 'jsonl', '--out', out, '--workers', '0', '--limit', '1'], s.io)).toBe(1);
    expect(s.out()).toBe('');
    const lines = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toEqual([expect.objectContaining({ row: 1, client_ref: 'j-1', entity_id: 'tamis-sample-0002', matching_name: 'Yusuf Haddad' })]);
  });

  it('reads standard input with --file -', async () => {
    const s = streams(false, 'name\nYusuf Haddad\n');
    expect(await runScreenFile(['--file', '-', '--workers', '0'], s.io)).toBe(1);
    expect(s.out()).toContain(',tamis-sample-0002,');
  });

  it('draws a progress bar on a terminal only', async () => {
    const tty = streams(true);
    await runScreenFile(['--file', CLEAN, '--workers', '0'], tty.io);
    expect(tty.err()).toMatch(/screening .*\| 1\/1 rows/);
    const pipe = streams(false);
    await runScreenFile(['--file', CLEAN, '--workers', '0'], pipe.io);
    expect(pipe.err()).not.toContain('screening ');
  });

  it.each([
    [[], /--file needs a file name/],
    [['--file', CLEAN, '--workers', 'many'], /--workers is a whole number/],
    [['--file', CLEAN, '--format', 'xml'], /--format is csv or jsonl/],
    [['--file', CLEAN, '--fuzziness', '2'], /--fuzziness is a number from 0.0 to 1.0/],
    [['--file', CLEAN, '--bogus'], /Unknown option '--bogus'/],
    [['--file', join(dir, 'nope.csv'), '--workers', '0'], /cannot read .*nope\.csv/],
    [['--file', CLEAN, '--list', join(dir, 'nope.json'), '--workers', '0'], /cannot read .*nope\.json/],
    [['--file', file('bad.csv', 'email\na@b.c\n'), '--workers', '0'], /header names none of name/],
  ])('exits 2 on %j', async (argv, message) => {
    const s = streams();
    expect(await runScreenFile(argv, s.io)).toBe(2);
    expect(s.err()).toMatch(message);
  });

  it('screens on worker threads (the built worker) with the same results as in the main thread', async () => {
    const workerUrl = new URL('../../dist/screen-file/worker.js', import.meta.url);
    if (!existsSync(workerUrl)) throw new Error('dist/screen-file/worker.js is missing: run `npm run build` first (CI builds before testing)');
    const main = streams();
    await runScreenFile(['--file', HITS, '--workers', '0', '--skip-invalid'], main.io);
    const threaded = streams();
    expect(await runScreenFile(['--file', HITS, '--workers', '2', '--skip-invalid'], { ...threaded.io, workerUrl })).toBe(1);
    expect(threaded.out()).toBe(main.out());
    expect(threaded.err()).toMatch(/on 2 workers/);
  });
});
