import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CliIo, CommandContext } from '../../src/cli/command.js';
import { runCli } from '../../src/cli/run.js';
import { runScreenFile } from '../../src/cli/screen-file.js';

const SAMPLE = fileURLToPath(new URL('../../lists/sample/entities.json', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'tamis-cli-screen-file-'));
const file = (name: string, text: string): string => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
const HITS = file('hits.csv', 'client_ref,first_name,last_name,birth_year\nc-1,Yusuf,Haddad,1947\nc-2,Zzyzx,Qwrtp,\nc-3,,,\n');
const CLEAN = file('clean.csv', 'client_ref,name\nc-1,Zzyzx Qwrtp\n');
const HEADER = 'row,client_ref,entity_id,matching_name,entity_name,match_types,score,types,sources';

/** A CLI io over real files, with process-like streams (or none, as an embedding host may give). */
function fakeIo(options: { tty?: boolean; stdin?: string; streams?: boolean } = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const stdout = new PassThrough();
  stdout.on('data', (c: Buffer) => void out.push(c.toString()));
  const stderr = Object.assign(new PassThrough(), { isTTY: options.tty ?? false, columns: 100 });
  stderr.on('data', (c: Buffer) => void err.push(c.toString()));
  const io: CliIo = {
    readFile: (p) => readFileSync(p, 'utf8'),
    writeFile: (p, c) => writeFileSync(p, c),
    readStdin: async () => options.stdin ?? '',
    stdout: (t) => void out.push(t),
    stderr: (t) => void err.push(t),
    env: {},
    isTTY: false,
    sampleListPath: SAMPLE,
    version: '0.0.0',
    ...(options.streams === false ? {} : { streams: { stdin: Readable.from([options.stdin ?? '']), stdout, stderr } }),
  };
  return { io, out: () => out.join(''), err: () => err.join('') };
}

async function screen(argv: string[], options: Parameters<typeof fakeIo>[0] = {}) {
  const f = fakeIo(options);
  const code = await runCli(['screen', ...argv], f.io);
  return { code, out: f.out(), err: f.err() };
}

describe('tamis screen --file', () => {
  it('writes one CSV line per hit, reports bad rows, and exits 2 when a row could not be screened', async () => {
    const r = await screen(['--file', HITS, '--workers', '0']);
    expect(r.code).toBe(2);
    const lines = r.out.trim().split('\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines[1]).toMatch(/^1,c-1,tamis-sample-0002,Yusuf Haddad,Yusuf Haddad,[a-z_|]*name_exact[a-z_|]*,[\d.]+,/);
    expect(lines.slice(1).every((l) => l.startsWith('1,c-1,'))).toBe(true);
    expect(r.err).toContain('row 3 (line 4, client_ref c-3): the row has no name');
    expect(r.err).toMatch(/screened 3 rows in .* \(324 entities loaded in .* on 0 workers\): \d+ rows\/s; 1 with hits \(\d+ hits\), 1 not screened/);
    expect(r.err).toContain('tamis screen: rows_not_screened: 1 row(s) could not be screened');
  });

  it('exits 1 when some row has a hit (--skip-invalid), 0 when none has (the CSV header is still written)', async () => {
    expect((await screen(['--file', HITS, '--workers', '0', '--skip-invalid'])).code).toBe(1);
    expect(await screen(['--file', CLEAN, '--workers', '0'])).toMatchObject({ code: 0, out: `${HEADER}\n` });
  });

  it('reads JSON lines (by extension), writes them with --format ndjson, to a file with --out', async () => {
    const input = file('c.jsonl', '{"client_ref":"j-1","name":"Yusuf Haddad","birth_year":1947}\n');
    const out = join(dir, 'out.jsonl');
    const r = await screen(['--file', input, '--format', 'ndjson', '--out', out, '--workers', '0', '--limit', '1']);
    expect([r.code, r.out]).toEqual([1, '']);
    const lines = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toEqual([expect.objectContaining({ row: 1, client_ref: 'j-1', entity_id: 'tamis-sample-0002', matching_name: 'Yusuf Haddad' })]);
  });

  it('reads standard input with --file -, from the stream or, without one, from readStdin', async () => {
    for (const streams of [true, false]) {
      const r = await screen(['--file', '-', '--workers', '0'], { stdin: 'name\nYusuf Haddad\n', streams });
      expect(r.code).toBe(1);
      expect(r.out).toContain(',tamis-sample-0002,');
    }
  });

  it('draws a progress bar when standard error is a terminal, and only then', async () => {
    expect((await screen(['--file', CLEAN, '--workers', '0'], { tty: true })).err).toMatch(/screening .*\| 1\/1 rows/);
    expect((await screen(['--file', CLEAN, '--workers', '0'], { tty: false })).err).not.toContain('screening ');
  });

  it('lists the --file options in tamis screen --help', async () => {
    const r = await screen(['--help']);
    expect(r.out).toMatch(/--file FILE/);
    expect(r.out).toMatch(/--workers N/);
    expect(r.out).toMatch(/With --file, one customer a row/);
  });

  it.each([
    [['--file', CLEAN, 'Some Name'], 'invalid_argument: give either names or --file'],
    [['--file', CLEAN, '--workers', 'many'], 'invalid_option: --workers is a whole number'],
    [['--file', CLEAN, '--format', 'table'], 'invalid_option: with --file, --format is csv or ndjson'],
    [['--file', CLEAN, '--fuzziness', '2'], 'invalid_option: --fuzziness is a number from 0.0 to 1.0'],
    [['--file', CLEAN, '--birth-year', '1960'], "invalid_option: --birth-year screens one name; in a file, give each row's birth_year column"],
    [['--file', join(dir, 'nope.csv'), '--workers', '0'], 'file_not_found: '],
    [['--file', CLEAN, '--list', join(dir, 'nope.json'), '--workers', '0'], 'file_not_found: '],
    [['--file', CLEAN, '--list', file('bad-list.json', '{"not": "a list"}'), '--workers', '0'], 'list_not_array: '],
    [['--file', file('bad.csv', 'email\na@b.c\n'), '--workers', '0'], 'input_invalid: line 1: the header names none of name'],
  ])('exits 2 on %j with one line naming the problem', async (argv, message) => {
    const r = await screen(argv);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`tamis screen: ${message}`);
  });

  it('screens on worker threads (the built worker) with the same results as in the main thread', async () => {
    const workerUrl = new URL('../../dist/screen-file/worker.js', import.meta.url);
    if (!existsSync(workerUrl)) throw new Error('dist/screen-file/worker.js is missing: run `npm run build` first (npm test builds)');
    const main = await screen(['--file', HITS, '--workers', '0', '--skip-invalid']);
    const f = fakeIo();
    const ctx: CommandContext = {
      args: [], values: { file: HITS, workers: '2', 'skip-invalid': true }, io: f.io, color: false,
      fail: (code, message) => { f.io.stderr(`tamis screen: ${code}: ${message}\n`); return 2; },
    };
    expect(await runScreenFile(ctx, { workerUrl })).toBe(1);
    expect(f.out()).toBe(main.out);
    expect(f.err()).toMatch(/on 2 workers/);
  });
});
