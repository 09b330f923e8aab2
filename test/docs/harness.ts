/**
 * Runs the documentation's code blocks the way a reader would: in a fresh project beside the built package.
 *
 * - The sandbox is a temporary project whose `node_modules/tamis` is this package (so `import ... from 'tamis'`
 *   and its subpaths resolve to `dist/` through the package's `exports`, as in a host), with `tamis` on the PATH
 *   (the built CLI) and `../shared` pointing at the shared data when it exists.
 * - ```ts blocks (a block and the `continued` blocks after it form one module) are compiled together in one
 *   TypeScript program (strict, no skipLibCheck), then run one after the other in one Node process that captures
 *   what each block prints.
 * - ```sh blocks run with bash from the sandbox, stdout and stderr together; a command that exits non-zero fails
 *   the block, except `tamis` exiting 1, which is a result (`tamis screen` found a hit), not a failure.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import type { DocBlock } from './markdown.js';

export interface BlockResult {
  output: string;
  /** Why the block failed to compile or run; absent when it ran. */
  error?: string;
  /** Why the block was not run (missing shared data). */
  skipped?: string;
}

/** Secret the examples' token service reads from `TAMIS_TOKEN_SECRET`, as a host would. */
const EXAMPLE_ENV = { TAMIS_TOKEN_SECRET: 'docs-example-secret-of-at-least-32-bytes', NO_COLOR: '1' };

interface Unit {
  name: string;
  blocks: DocBlock[];
  /** Per generated line: the block it came from and its line in the page. */
  lines: { block: DocBlock | undefined; line: number }[];
  source: string;
}

export class Sandbox {
  readonly dir: string;
  readonly work: string;
  readonly bin: string;
  readonly hasShared: boolean;

  constructor(readonly root: string) {
    this.dir = mkdtempSync(join(tmpdir(), 'tamis-docs-'));
    this.work = join(this.dir, 'work');
    this.bin = join(this.dir, 'bin');
    mkdirSync(join(this.work, 'node_modules'), { recursive: true });
    mkdirSync(this.bin);
    writeFileSync(join(this.work, 'package.json'), JSON.stringify({ name: 'docs-examples', private: true, type: 'module' }));
    for (const entry of readdirSync(join(root, 'node_modules'))) {
      if (entry.startsWith('.') || entry === 'tamis') continue;
      symlinkSync(join(root, 'node_modules', entry), join(this.work, 'node_modules', entry));
    }
    symlinkSync(root, join(this.work, 'node_modules', 'tamis'));
    // `tamis` on the PATH, and in node_modules/.bin as npm installs it, so `npx tamis` finds it without the network.
    const shim = `#!/bin/sh\nexec node ${JSON.stringify(join(root, 'dist/cli/main.js'))} "$@"\n`;
    writeFileSync(join(this.bin, 'tamis'), shim, { mode: 0o755 });
    mkdirSync(join(this.work, 'node_modules/.bin'));
    writeFileSync(join(this.work, 'node_modules/.bin/tamis'), shim, { mode: 0o755 });
    const shared = resolve(root, '../shared');
    this.hasShared = existsSync(join(shared, 'data'));
    if (this.hasShared) symlinkSync(shared, join(this.dir, 'shared'));
  }

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** Compiles and runs every ```ts block; fills `results`. */
  async runTs(blocks: readonly DocBlock[], results: Map<DocBlock, BlockResult>): Promise<void> {
    const units = groupUnits(blocks);
    const srcDir = join(this.work, 'src');
    mkdirSync(srcDir);
    cpSync(join(this.root, 'docs/prelude.ts'), join(srcDir, 'prelude.ts'));
    for (const unit of units) writeFileSync(join(srcDir, `${unit.name}.ts`), unit.source);
    const program = ts.createProgram({
      rootNames: [join(srcDir, 'prelude.ts'), ...units.map((u) => join(srcDir, `${u.name}.ts`))],
      options: {
        strict: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        lib: ['lib.es2022.d.ts'],
        types: ['node'],
        skipLibCheck: false,
        outDir: join(this.work, 'out'),
        rootDir: srcDir,
        noEmitOnError: false,
      },
    });
    const failed = new Map<DocBlock, string[]>();
    const fail = (block: DocBlock, message: string): void => void failed.set(block, [...(failed.get(block) ?? []), message]);
    for (const d of ts.getPreEmitDiagnostics(program)) {
      const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
      const unit = units.find((u) => d.file && resolve(d.file.fileName) === join(srcDir, `${u.name}.ts`));
      if (unit && d.file && d.start !== undefined) {
        const at = unit.lines[d.file.getLineAndCharacterOfPosition(d.start).line];
        const block = at?.block ?? unit.blocks[0]!;
        fail(block, `${block.file}:${at?.line ?? block.line}: TS${d.code} ${message}`);
      } else {
        const where = d.file ? relative(this.root, d.file.fileName) : 'tsc';
        for (const b of blocks) fail(b, `${where}: TS${d.code} ${message} (a declaration the examples compile against)`);
      }
    }
    program.emit();
    writeFileSync(join(this.work, 'run.mjs'), RUNNER);
    const plan = units.map((u) => ({ file: `./out/${u.name}.js`, segments: u.blocks.length }));
    const { stdout, code } = await run('node', ['run.mjs', JSON.stringify(plan)], { cwd: this.work, env: { ...process.env, ...EXAMPLE_ENV } });
    const resultsFile = join(this.work, 'results.json');
    const ran: { output: string; error?: string }[][] = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : [];
    units.forEach((unit, u) => {
      unit.blocks.forEach((block, s) => {
        const r = ran[u]?.[s];
        const compileErrors = failed.get(block);
        if (compileErrors) results.set(block, { output: r?.output ?? '', error: compileErrors.join('\n') });
        else if (!r) {
          const before = unit.blocks.slice(0, s).find((b) => ran[u]?.[unit.blocks.indexOf(b)]?.error !== undefined || failed.has(b));
          const why = before ? `${before.file}:${before.line}, earlier in the same module, failed` : `runner exit ${code}: ${stdout.slice(-2000)}`;
          results.set(block, { output: '', error: `not run (${why})` });
        }
        else results.set(block, r.error === undefined ? { output: r.output } : { output: r.output, error: r.error });
      });
    });
  }

  /** Runs every ```sh block in order, from the sandbox. */
  async runSh(blocks: readonly DocBlock[], results: Map<DocBlock, BlockResult>): Promise<void> {
    for (const block of blocks) {
      if (block.code.includes('../shared/') && !this.hasShared) {
        results.set(block, { output: '', skipped: `${resolve(this.root, '../shared/data')} is absent` });
        continue;
      }
      const script = `exec 2>&1\nset -o pipefail\n${ERR_TRAP}\n${block.code}\nexit 0\n`;
      const { stdout, code } = await run('bash', ['-c', script], {
        cwd: this.work,
        env: { ...process.env, ...EXAMPLE_ENV, PATH: `${this.bin}:${process.env.PATH ?? ''}` },
      });
      results.set(block, code === 0 ? { output: stdout } : { output: stdout, error: `exit status ${code}\n${stdout}` });
    }
  }
}

/** Stops the block at the first command that fails; `tamis` (or `npx tamis`) exiting 1, a hit found, is a result. */
const ERR_TRAP = `trap 'c=$?; case "$BASH_COMMAND" in tamis\\ *|npx\\ tamis\\ *) if [ "$c" -ge 2 ]; then exit "$c"; fi ;; *) exit "$c" ;; esac' ERR`;

function run(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<{ stdout: string; code: number | null }> {
  return new Promise((done) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.on('data', (c: Buffer) => chunks.push(c));
    child.on('close', (code) => done({ stdout: Buffer.concat(chunks).toString('utf8'), code }));
  });
}

/** A block and the `continued` blocks after it, as one module: imports first, then each block behind a marker. */
function groupUnits(blocks: readonly DocBlock[]): Unit[] {
  const groups: DocBlock[][] = [];
  for (const block of blocks) {
    const last = groups[groups.length - 1];
    if (block.continued && last && last[0]!.file === block.file) last.push(block);
    else groups.push([block]);
  }
  return groups.map((group, g) => {
    const imports: Unit['lines'] = [];
    const importText: string[] = [];
    const body: string[] = [];
    const lines: Unit['lines'] = [];
    group.forEach((block, s) => {
      const sf = ts.createSourceFile('block.ts', block.code, ts.ScriptTarget.ES2022, true);
      const codeLines = block.code.split('\n');
      const importLines = new Set<number>();
      for (const st of sf.statements) {
        if (!ts.isImportDeclaration(st)) continue;
        const from = sf.getLineAndCharacterOfPosition(st.getStart()).line;
        const to = sf.getLineAndCharacterOfPosition(st.getEnd()).line;
        for (let l = from; l <= to; l++) {
          importLines.add(l);
          importText.push(codeLines[l]!);
          imports.push({ block, line: block.line + l });
        }
      }
      body.push(`(globalThis as any).__docSegment(${s});`);
      lines.push({ block, line: block.line });
      codeLines.forEach((text, l) => {
        if (importLines.has(l)) return;
        body.push(text);
        lines.push({ block, line: block.line + l });
      });
    });
    const slug = group[0]!.file.replace(/[^a-z0-9]+/gi, '-').replace(/-md$/, '');
    return {
      name: `${String(g).padStart(3, '0')}-${slug}-${group[0]!.line}`,
      blocks: group,
      lines: [...imports, ...lines, { block: undefined, line: 0 }],
      source: [...importText, ...body, 'export {};', ''].join('\n'),
    };
  });
}

/** The child process: imports the prelude, then each unit in order, capturing what each segment prints. */
const RUNNER = `
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
const plan = JSON.parse(process.argv[2]);
const results = [];
let current = null;
const write = (chunk, encoding, callback) => {
  if (current) current.output += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  if (typeof encoding === 'function') encoding(); else if (typeof callback === 'function') callback();
  return true;
};
process.stdout.write = write;
process.stderr.write = write;
process.on('unhandledRejection', (e) => { if (current) current.error = String(e && e.stack || e); });
await import(pathToFileURL('./out/prelude.js').href);
for (const unit of plan) {
  const segments = [];
  results.push(segments);
  globalThis.__docSegment = (i) => { current = { output: '' }; segments[i] = current; };
  try {
    await import(pathToFileURL(unit.file).href);
  } catch (e) {
    if (!current) { current = { output: '' }; segments[0] = current; }
    current.error = String(e && e.stack || e);
  }
  await new Promise((r) => setTimeout(r, 0));
  current = null;
}
writeFileSync('results.json', JSON.stringify(results));
process.exit(0);
`;
