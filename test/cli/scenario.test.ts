import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/command.js';
import { runCli } from '../../src/cli/run.js';
import { HOSTED_HIGH_RISK_INSTANCE, HOSTED_HIGH_RISK_TEMPLATE, HOSTED_SCENARIO_LIBRARY_BY_NAME, SCENARIO_LIBRARY_BY_NAME } from '../../src/transactions/index.js';

function io(files: Record<string, unknown>) {
  const out: string[] = [];
  const err: string[] = [];
  const written: Record<string, string> = {};
  const value: CliIo = {
    readFile: (p) => {
      if (!(p in files)) throw new Error(`ENOENT: ${p}`);
      return JSON.stringify(files[p]);
    },
    writeFile: (p, c) => void (written[p] = String(c)),
    readStdin: async () => '',
    stdout: (t) => void out.push(t),
    stderr: (t) => void err.push(t),
    env: {},
    isTTY: false,
    sampleListPath: 'sample.json',
    version: '0.0.0',
  };
  return { value, out: () => out.join(''), err: () => err.join(''), written };
}

describe('tamis scenario', () => {
  it('converts a tamis scenario to the hosted language (detected) and prints it', async () => {
    const t = io({ 'v.json': SCENARIO_LIBRARY_BY_NAME.velocity });
    expect(await runCli(['scenario', 'convert', 'v.json'], t.value)).toBe(0);
    expect(JSON.parse(t.out()).specification).toHaveProperty('or');
  });

  it('converts a hosted document to tamis into --out', async () => {
    const t = io({ 'h.json': HOSTED_SCENARIO_LIBRARY_BY_NAME.velocity });
    expect(await runCli(['scenario', 'convert', 'h.json', '--out', 't.json'], t.value)).toBe(0);
    expect(JSON.parse(t.written['t.json'] as string).schema_version).toBe(1);
  });

  it('composes a template with --instance before converting', async () => {
    const t = io({ 't.json': HOSTED_HIGH_RISK_TEMPLATE, 'i.json': HOSTED_HIGH_RISK_INSTANCE });
    expect(await runCli(['scenario', 'convert', 't.json', '--instance', 'i.json', '--to', 'tamis'], t.value)).toBe(0);
    expect(JSON.parse(t.out()).segments).toHaveLength(2);
  });

  it('lists what cannot be converted, with paths, writes nothing and exits 2', async () => {
    const t = io({ 's.json': HOSTED_SCENARIO_LIBRARY_BY_NAME.structuring });
    expect(await runCli(['scenario', 'convert', 's.json'], t.value)).toBe(2);
    expect(t.err()).toMatch(/^NOT_CONVERTIBLE \$\.specification\.value\.specification\.and\[2\]\S* calendar_day windows have no tamis equivalent/m);
    expect(t.out()).toBe('');
  });

  it('checks a document and reports problems with their path', async () => {
    const good = io({ 'h.json': HOSTED_SCENARIO_LIBRARY_BY_NAME.velocity });
    expect(await runCli(['scenario', 'check', 'h.json'], good.value)).toBe(0);
    expect(good.out()).toMatch(/hosted-language scenario Outbound velocity .*: valid/);
    const bad = io({ 'b.json': { specification: { equals: [{ type: 'constant', value: 'a', datatype: 'string' }, { type: 'constant', value: 1, datatype: 'number' }] } } });
    expect(await runCli(['scenario', 'check', 'b.json'], bad.value)).toBe(2);
    expect(bad.err()).toMatch(/^TYPE_MISMATCH \$\.specification: equals compares a string with a number/);
  });

  it.each([
    [['scenario', 'translate', 'x.json'], 'invalid_argument'],
    [['scenario', 'convert'], 'missing_argument'],
    [['scenario', 'convert', 'missing.json'], 'file_unreadable'],
  ])('answers %j with one line and exit 2', async (argv, code) => {
    const t = io({});
    expect(await runCli(argv, t.value)).toBe(2);
    expect(t.err()).toMatch(new RegExp(`^tamis scenario: ${code}: .*\\n$`));
  });

  it('lists every option in --help and exits 0', async () => {
    const t = io({});
    expect(await runCli(['scenario', '--help'], t.value)).toBe(0);
    for (const option of ['--to', '--instance', '--lookups', '--wrapped', '--out']) expect(t.out()).toContain(option);
  });
});
