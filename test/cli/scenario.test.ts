import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run.js';
import type { CliIo } from '../../src/cli/screen.js';
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
    writeFile: (p, c) => void (written[p] = c),
    stdout: (t) => void out.push(t),
    stderr: (t) => void err.push(t),
    sampleListPath: 'sample.json',
  };
  return { value, out: () => out.join(''), err: () => err.join(''), written };
}

describe('tamis scenario', () => {
  it('converts a tamis scenario to the hosted language (detected) and prints it', () => {
    const t = io({ 'v.json': SCENARIO_LIBRARY_BY_NAME.velocity });
    expect(runCli(['scenario', 'convert', 'v.json'], t.value)).toBe(0);
    expect(JSON.parse(t.out()).specification).toHaveProperty('or');
  });

  it('converts a hosted document to tamis into --out', () => {
    const t = io({ 'h.json': HOSTED_SCENARIO_LIBRARY_BY_NAME.velocity });
    expect(runCli(['scenario', 'convert', 'h.json', '--out', 't.json'], t.value)).toBe(0);
    expect(JSON.parse(t.written['t.json'] as string).schema_version).toBe(1);
  });

  it('composes a template with --instance before converting', () => {
    const t = io({ 't.json': HOSTED_HIGH_RISK_TEMPLATE, 'i.json': HOSTED_HIGH_RISK_INSTANCE });
    expect(runCli(['scenario', 'convert', 't.json', '--instance', 'i.json', '--to', 'tamis'], t.value)).toBe(0);
    expect(JSON.parse(t.out()).segments).toHaveLength(2);
  });

  it('lists what cannot be converted, with paths, and exits 1', () => {
    const t = io({ 's.json': HOSTED_SCENARIO_LIBRARY_BY_NAME.structuring });
    expect(runCli(['scenario', 'convert', 's.json'], t.value)).toBe(1);
    expect(t.err()).toMatch(/^NOT_CONVERTIBLE \$\.specification\.value\.specification\.and\[2\]\S* calendar_day windows have no tamis equivalent/m);
    expect(t.out()).toBe('');
  });

  it('checks a document and reports problems with their path', () => {
    const good = io({ 'h.json': HOSTED_SCENARIO_LIBRARY_BY_NAME.velocity });
    expect(runCli(['scenario', 'check', 'h.json'], good.value)).toBe(0);
    expect(good.out()).toMatch(/hosted-language scenario Outbound velocity .*: valid/);
    const bad = io({ 'b.json': { specification: { equals: [{ type: 'constant', value: 'a', datatype: 'string' }, { type: 'constant', value: 1, datatype: 'number' }] } } });
    expect(runCli(['scenario', 'check', 'b.json'], bad.value)).toBe(1);
    expect(bad.err()).toMatch(/^TYPE_MISMATCH \$\.specification: equals compares a string with a number/);
  });

  it('refuses an unknown action with the usage (exit 2)', () => {
    const t = io({});
    expect(runCli(['scenario', 'translate', 'x.json'], t.value)).toBe(2);
    expect(t.err()).toMatch(/Usage: tamis scenario convert/);
  });
});
