import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run.js';
import type { CliIo } from '../../src/cli/screen.js';
import { LIST } from '../screening/fixtures.js';

function io(files: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const written: Record<string, string> = {};
  const value: CliIo = {
    readFile: (p) => {
      const f = files[p] ?? written[p];
      if (f === undefined) throw new Error(`ENOENT: ${p}`);
      return f;
    },
    writeFile: (p, c) => void (written[p] = c),
    stdout: (t) => void out.push(t),
    stderr: (t) => void err.push(t),
    sampleListPath: 'sample.json',
  };
  return { value, out: () => out.join(''), err: () => err.join(''), written };
}

const files = { 'sample.json': JSON.stringify(LIST) };

describe('tamis screen', () => {
  it('prints a readable table: rank, matched name, match types, score, list types, sources', () => {
    const t = io(files);
    expect(runCli(['screen', 'Ivan Petrovich Sidorov'], t.value)).toBe(0);
    const lines = t.out().split('\n');
    expect(lines[0]).toMatch(/^#\s+matched name\s+match types\s+score\s+list types\s+sources$/);
    expect(lines[2]).toMatch(/^1\s+Ivan Petrovich Sidorov\s+name_exact\s+\d+\.\d\d\s+sanction\s+test-list$/);
    expect(t.out()).toMatch(/\d+ of \d+ hits shown/);
  });

  it('prints the spec response with --json', () => {
    const t = io(files);
    expect(runCli(['screen', 'Ivan Sidorov', '--json', '--types', 'pep-class-2', '--fuzziness', '0.3'], t.value)).toBe(0);
    const body = JSON.parse(t.out());
    expect(body.status).toBe('success');
    expect(body.content.data.filters).toEqual({ types: ['pep-class-2'], exact_match: false, fuzziness: 0.3 });
    expect(body.content.data.hits.map((h: { doc: { id: string } }) => h.doc.id)).toEqual(['pep-fr']);
  });

  it('applies --exact, --birth-year and --list', () => {
    const t = io({ 'other.json': JSON.stringify(LIST) });
    expect(runCli(['screen', 'Sidorov Ivan', '--exact', '--list', 'other.json'], t.value)).toBe(0);
    expect(t.out()).toBe('No hits.\n');
    const u = io(files);
    expect(runCli(['screen', 'Ivan Petrovich Sidorov', '--birth-year', '1961', '--json'], u.value)).toBe(0);
    expect(JSON.parse(u.out()).content.data.hits[0].match_types).toContain('year_of_birth');
  });

  it.each([
    ['no name', ['screen'], 2, /give exactly one name/],
    ['an unknown option', ['screen', 'x', '--fuzzy', '1'], 2, /Unknown option/],
    ['a bad fuzziness', ['screen', 'x', '--fuzziness', 'lots'], 1, /fuzziness must be a number/],
    ['a missing list file', ['screen', 'x', '--list', 'missing.json'], 1, /cannot load the list/],
    ['an unknown command', ['scream', 'x'], 2, /unknown command "scream"/],
  ])('fails on %s with a message on stderr and a non-zero exit', (_why, argv, code, message) => {
    const t = io(files);
    expect(runCli(argv, t.value)).toBe(code);
    expect(t.err()).toMatch(message);
    expect(t.out()).toBe('');
  });
});

describe('tamis index', () => {
  it('writes a snapshot that tamis screen loads', () => {
    const t = io(files);
    expect(runCli(['index', '--list', 'sample.json', '--out', 'snap.json'], t.value)).toBe(0);
    expect(JSON.parse(t.written['snap.json']!).format).toBe('tamis-index');
    expect(runCli(['screen', 'Acme Trading', '--list', 'snap.json'], t.value)).toBe(0);
    expect(t.out()).toMatch(/Acme Trading Limited/);
  });
});
