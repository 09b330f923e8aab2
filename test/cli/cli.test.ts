import { describe, expect, it } from 'vitest';
import type { CliCommand, CliIo } from '../../src/cli/command.js';
import { COMMANDS } from '../../src/cli/commands.js';
import { runCli } from '../../src/cli/run.js';
import { LIST } from '../screening/fixtures.js';
import { isBinarySnapshot } from '../../src/index.js';

interface Fake {
  io: CliIo;
  out(): string;
  err(): string;
  written: Record<string, string>;
  /** Files written as bytes (binary snapshots). */
  bytes: Record<string, Uint8Array>;
}

function fake(files: Record<string, string> = {}, options: { stdin?: string; isTTY?: boolean; env?: Record<string, string> } = {}): Fake {
  const out: string[] = [];
  const err: string[] = [];
  const written: Record<string, string> = {};
  const bytes: Record<string, Uint8Array> = {};
  const io: CliIo = {
    readFile: (p) => {
      const f = files[p] ?? written[p];
      if (f === undefined) throw Object.assign(new Error(`ENOENT: no such file or directory, open '${p}'`), { code: 'ENOENT' });
      return f;
    },
    writeFile: (p, c) => void (typeof c === 'string' ? (written[p] = c) : (bytes[p] = c)),
    readBytes: (p) => bytes[p] ?? new TextEncoder().encode(io.readFile(p)),
    readStdin: async () => options.stdin ?? '',
    stdout: (t) => void out.push(t),
    stderr: (t) => void err.push(t),
    env: options.env ?? {},
    isTTY: options.isTTY ?? false,
    sampleListPath: 'sample.json',
    version: '9.8.7',
  };
  return { io, out: () => out.join(''), err: () => err.join(''), written, bytes };
}

const files = { 'sample.json': JSON.stringify(LIST) };
const run = async (argv: string[], f = fake(files)) => ({ code: await runCli(argv, f.io), out: f.out(), err: f.err(), f });

describe('tamis, the conventions every command follows', () => {
  it('prints the version with --version', async () => {
    expect(await run(['--version'])).toMatchObject({ code: 0, out: '9.8.7\n', err: '' });
  });

  it('lists the commands with tamis help and --help, exit 0', async () => {
    for (const argv of [['help'], ['--help']]) {
      const r = await run(argv);
      expect(r.code).toBe(0);
      for (const c of COMMANDS) expect(r.out).toContain(`  ${c.name} `);
    }
  });

  it.each(COMMANDS.map((c) => [c.name, c] as const))('tamis help %s and tamis %s --help list every option, exit 0', async (name, command) => {
    const viaHelp = await run(['help', name]);
    const viaFlag = await run([name, '--help']);
    expect(viaHelp.code).toBe(0);
    expect(viaFlag).toMatchObject({ code: 0, out: viaHelp.out });
    expect(viaHelp.out).toMatch(new RegExp(`^Usage: tamis ${name} `));
    for (const option of [...Object.keys(command.options), 'help', 'debug']) expect(viaHelp.out).toContain(`--${option}`);
  });

  it.each([
    ['no command', [], 2, /^tamis: screen names/],
    ['an unknown command', ['scream', 'x'], 2, /^tamis: unknown_command: no command "scream" \(tamis help lists them\)\n$/],
    ['help on an unknown command', ['help', 'scream'], 2, /^tamis help: unknown_command: /],
    ['an unknown option', ['screen', 'x', '--fuzzy', '1'], 2, /^tamis screen: unknown_option: Unknown option '--fuzzy'.* \(tamis screen --help lists the options\)\n$/],
    ['an option without its value', ['screen', 'x', '--limit'], 2, /^tamis screen: invalid_option: Option '--limit <value>' argument missing/],
    ['no name', ['screen'], 2, /^tamis screen: missing_argument: give the names to screen/],
    ['a bad format', ['screen', 'x', '--format', 'xml'], 2, /^tamis screen: invalid_option: --format is one of table, json, ndjson, csv, not "xml"\n$/],
    ['a bad fuzziness: the spec code', ['screen', 'x', '--fuzziness', 'lots'], 2, /^tamis screen: fuzziness_invalid: fuzziness must be a number from 0.0 to 1.0\n$/],
    ['several problems, one line', ['screen', 'x', '--fuzziness', '3', '--limit', '0'], 2, /^tamis screen: fuzziness_invalid: .*; limit_invalid: [^\n]*\n$/],
    ['a missing list file', ['screen', 'x', '--list', 'missing.json'], 2, /^tamis screen: file_not_found: missing.json: no such file\n$/],
    ['index without --out', ['index', '--list', 'sample.json'], 2, /^tamis index: missing_option: --out FILE is required\n$/],
    ['import of an unknown format', ['import', 'xml', 'f', '--out', 'o.json'], 2, /^tamis import: invalid_argument: the format is one of ofac, un, eu, uk, ftm, csv, json, not xml\n$/],
    ['import of a missing file', ['import', 'csv', 'nowhere.csv', '--out', 'o.json'], 2, /tamis import: file_not_found: cannot read nowhere.csv/],
  ])('fails on %s: one line on stderr with a code, nothing on stdout', async (_why, argv, code, message) => {
    const r = await run(argv);
    expect(r.code).toBe(code);
    expect(r.err).toMatch(message);
    expect(r.out).toBe('');
  });

  it.each([
    ['an entity without sources', [{ id: 'x', entity_type: 'person', name: 'Ivan Sidorov', types: ['sanction'] }], /^tamis screen: list_\w+: bad.json \[0\] \(x\)\.sources: /],
    ['an entity that is not an object', [42], /^tamis screen: list_\w+: bad.json \[0\]/],
    ['a file that is not a list', { hello: 'world' }, /^tamis screen: list_not_array: bad.json: expected a JSON array/],
  ])('reports %s in a list file as an input error naming it, never a TypeError', async (_why, list, message) => {
    const r = await run(['screen', 'Ivan Sidorov', '--list', 'bad.json'], fake({ 'bad.json': JSON.stringify(list) }));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.err).not.toMatch(/TypeError|    at /);
  });

  it('reports an unexpected exception as one line, with the stack trace only under --debug', async () => {
    const boom: CliCommand = { name: 'boom', summary: 's', usage: '', options: {}, run: () => { throw new TypeError('x.y is undefined'); } };
    const plain = fake();
    expect(await runCli(['boom'], plain.io, [boom])).toBe(2);
    expect(plain.err()).toBe('tamis boom: internal_error: x.y is undefined (--debug prints the stack trace)\n');
    const debug = fake();
    expect(await runCli(['boom', '--debug'], debug.io, [boom])).toBe(2);
    expect(debug.err()).toMatch(/^tamis boom: internal_error: x.y is undefined\nTypeError: x.y is undefined\n\s+at /);
  });
});

describe('tamis screen', () => {
  it('exits 1 when a name has a hit, 0 when none has', async () => {
    expect((await run(['screen', 'Ivan Petrovich Sidorov'])).code).toBe(1);
    expect((await run(['screen', 'Nobody Atall'])).code).toBe(0);
    expect((await run(['screen', 'Nobody Atall', 'Ivan Petrovich Sidorov'])).code).toBe(1);
  });

  it('prints a readable table: rank, matched name, match types, score, list types, sources', async () => {
    const lines = (await run(['screen', 'Ivan Petrovich Sidorov'])).out.split('\n');
    expect(lines[0]).toMatch(/^#\s+matched name\s+match types\s+score\s+list types\s+sources$/);
    expect(lines[2]).toMatch(/^1\s+Ivan Petrovich Sidorov\s+name_exact\s+\d+\.\d\d\s+sanction\s+test-list$/);
    expect(lines.at(-2)).toMatch(/^\d+ of \d+ hits shown$/);
    expect((await run(['screen', 'Nobody Atall'])).out).toBe('No hits.\n');
  });

  it('prints the spec response with --format json (and --json)', async () => {
    for (const flag of [['--format', 'json'], ['--json']]) {
      const body = JSON.parse((await run(['screen', 'Ivan Sidorov', ...flag, '--types', 'pep-class-2', '--fuzziness', '0.3'])).out);
      expect(body.status).toBe('success');
      expect(body.content.data.filters).toEqual({ types: ['pep-class-2'], exact_match: false, fuzziness: 0.3 });
      expect(body.content.data.hits.map((h: { doc: { id: string } }) => h.doc.id)).toEqual(['pep-fr']);
    }
  });

  it('prints one response a line with --format ndjson, one per name', async () => {
    const lines = (await run(['screen', 'Ivan Sidorov', 'Nobody Atall', '--format', 'ndjson'])).out.trimEnd().split('\n');
    expect(lines.map((l) => JSON.parse(l).content.data.search_term)).toEqual(['Ivan Sidorov', 'Nobody Atall']);
  });

  it('prints one row a hit with --format csv, and a row for a name without hits', async () => {
    const rows = (await run(['screen', 'Ivan Petrovich Sidorov', 'Nobody Atall', '--format', 'csv', '--limit', '1'])).out.trimEnd().split('\n');
    expect(rows[0]).toBe('query,rank,entity_id,matched_name,match_types,score,list_types,sources');
    expect(rows[1]).toMatch(/^Ivan Petrovich Sidorov,1,\S+,Ivan Petrovich Sidorov,name_exact,\d+\.\d\d,sanction,test-list$/);
    expect(rows[2]).toBe('Nobody Atall,,,,,,,');
  });

  it('reads names from standard input with -, one a line, blank lines skipped', async () => {
    const f = fake(files, { stdin: 'Ivan Sidorov\n\nNobody Atall\r\n' });
    const r = await run(['screen', '-', '--format', 'ndjson'], f);
    expect(r.out.trimEnd().split('\n').map((l) => JSON.parse(l).content.data.search_term)).toEqual(['Ivan Sidorov', 'Nobody Atall']);
  });

  it.each([
    ['on a terminal', { isTTY: true }, true],
    ['on a terminal with NO_COLOR set', { isTTY: true, env: { NO_COLOR: '1' } }, false],
    ['on a dumb terminal', { isTTY: true, env: { TERM: 'dumb' } }, false],
    ['into a pipe', { isTTY: false }, false],
  ])('uses colours only %s', async (_why, options, colored) => {
    const r = await run(['screen', 'Ivan Petrovich Sidorov'], fake(files, options));
    expect(r.out.includes('\u001b[')).toBe(colored);
  });

  it('applies --exact, --birth-year and --list', async () => {
    expect((await run(['screen', 'Sidorov Ivan', '--exact', '--list', 'sample.json'])).out).toBe('No hits.\n');
    const body = JSON.parse((await run(['screen', 'Ivan Petrovich Sidorov', '--birth-year', '1961', '--json'])).out);
    expect(body.content.data.hits[0].match_types).toContain('year_of_birth');
  });
});

describe('tamis index', () => {
  it('writes a binary snapshot (version 2) that tamis screen loads', async () => {
    const f = fake(files);
    expect(await runCli(['index', '--list', 'sample.json', '--out', 'snap.idx'], f.io)).toBe(0);
    expect(isBinarySnapshot(f.bytes['snap.idx']!)).toBe(true);
    expect(await runCli(['screen', 'Acme Trading', '--list', 'snap.idx'], f.io)).toBe(1);
    expect(f.out()).toMatch(/Acme Trading Limited/);
  });

  it('writes a JSON snapshot (version 1) with --json, which tamis screen loads too', async () => {
    const f = fake(files);
    expect(await runCli(['index', '--list', 'sample.json', '--out', 'snap.json', '--json'], f.io)).toBe(0);
    expect(JSON.parse(f.written['snap.json']!).format).toBe('tamis-index');
    expect(await runCli(['screen', 'Acme Trading', '--list', 'snap.json'], f.io)).toBe(1);
    expect(f.out()).toMatch(/Acme Trading Limited/);
  });

  it('refuses a truncated binary snapshot with its code', async () => {
    const f = fake(files);
    expect(await runCli(['index', '--list', 'sample.json', '--out', 'snap.idx'], f.io)).toBe(0);
    f.bytes['cut.idx'] = f.bytes['snap.idx']!.subarray(0, 200);
    expect(await runCli(['screen', 'Acme Trading', '--list', 'cut.idx'], f.io)).toBe(2);
    expect(f.err()).toMatch(/snapshot_corrupt/);
  });
});

describe('tamis import', () => {
  it('writes a list file from a CSV list', async () => {
    const f = fake({ 'l.csv': 'id,entity_type,name,types\na,person,Ann Lee,warning\n' });
    expect(await runCli(['import', 'csv', 'l.csv', '-o', 'o.json'], f.io)).toBe(0);
    expect(JSON.parse(f.written['o.json']!)).toEqual([expect.objectContaining({ id: 'a', name: 'Ann Lee' })]);
  });
});
