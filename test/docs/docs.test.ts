/**
 * Every example of README.md and docs/*.md runs as written (the convention: docs/design.md, "Examples that run").
 * Set TAMIS_DOCS=docs/cases.md (comma-separated) to run the blocks of some pages only, and TAMIS_DOCS_OUT=FILE to
 * write what each block printed to FILE (to write an expected output).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Sandbox, type BlockResult } from './harness.js';
import { docBlocks, outputMatches, type DocBlock } from './markdown.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const only = process.env.TAMIS_DOCS?.split(',').map((s) => s.trim());
const pages = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)].filter(
  (p) => !only || only.includes(p),
);
const parsed = pages.map((p) => docBlocks(p, readFileSync(join(ROOT, p), 'utf8')));
const blocks = parsed.flatMap((p) => p.blocks);
const runnable = blocks.filter((b) => !b.norun);
const results = new Map<DocBlock, BlockResult>();
let sandbox: Sandbox | undefined;

beforeAll(async () => {
  sandbox = new Sandbox(ROOT);
  await sandbox.runTs(runnable.filter((b) => b.lang === 'ts'), results);
  await sandbox.runSh(runnable.filter((b) => b.lang === 'sh'), results);
}, 300_000);

afterAll(() => {
  sandbox?.dispose();
  if (process.env.TAMIS_DOCS_OUT) {
    const printed = runnable.map((b) => `==> ${b.file}:${b.line - 1} ${b.lang}\n${results.get(b)?.output ?? ''}${results.get(b)?.error ?? ''}`);
    writeFileSync(process.env.TAMIS_DOCS_OUT, printed.join('\n'));
  }
  const norun = blocks.filter((b) => b.norun);
  console.info(`docs: ${runnable.length} blocks run, ${norun.length} marked norun (${norun.map((b) => `${b.file}:${b.line - 1}`).join(', ')})`);
});

describe('the documentation', () => {
  it('writes its fences by the convention (ts, sh, text, norun, continued)', () => {
    expect(parsed.flatMap((p) => p.problems)).toEqual([]);
  });

  it.each(runnable.map((b) => [`${b.file}:${b.line - 1} ${b.lang}`, b] as const))('%s runs as written', (_name, block) => {
    const result = results.get(block);
    if (result?.skipped) {
      console.warn(`skipping ${block.file}:${block.line - 1}: ${result.skipped}`);
      return;
    }
    expect(result, 'the block was not run').toBeDefined();
    expect(result!.error, result!.error).toBeUndefined();
    if (block.expected) {
      const ok = outputMatches(block.expected.text, result!.output);
      expect(ok, `output differs from ${block.file}:${block.expected.line - 1}:\n--- printed\n${result!.output}\n--- documented\n${block.expected.text}`).toBe(true);
    }
  });
});
