/**
 * The package as a host sees it (after `npm run build`): every subpath loads with import() and require(), its
 * types compile under `strict` without `skipLibCheck`, and the public declarations name no package whose types
 * the host would have to install (better-sqlite3, pdfkit, exceljs are optional peers, typed structurally).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPeer, MissingPeerDependencyError, requirePeers, SERVER_PEERS } from '../../src/peer.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  exports: Record<string, unknown>;
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  files: string[];
};
const subpaths = Object.keys(pkg.exports).filter((k) => k !== './package.json').map((k) => (k === '.' ? 'tamis' : `tamis/${k.slice(2)}`));

/** A consumer project: node_modules holds tamis and @types/node, nothing else. */
const project = mkdtempSync(join(tmpdir(), 'tamis-consumer-'));
mkdirSync(join(project, 'node_modules/@types'), { recursive: true });
symlinkSync(ROOT, join(project, 'node_modules/tamis'));
symlinkSync(join(ROOT, 'node_modules/@types/node'), join(project, 'node_modules/@types/node'));
writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
afterAll(() => rmSync(project, { recursive: true, force: true }));

function declarations(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? declarations(path) : name.endsWith('.d.ts') ? [path] : [];
  });
}

describe('the built package', () => {
  it('names in its public declarations only its own dependencies and Node built-ins', () => {
    const allowed = new Set([...Object.keys(pkg.dependencies), ...builtinModules, ...builtinModules.map((m) => `node:${m}`), 'vitest']);
    // tamis/server is the one subpath that needs its optional peers installed (they ship their own types).
    const serverAllowed = new Set([...allowed, ...SERVER_PEERS]);
    const foreign = declarations(join(ROOT, 'dist')).flatMap((file) =>
      ts
        .preProcessFile(readFileSync(file, 'utf8'), true, true)
        .importedFiles.map((f) => f.fileName)
        .filter((name) => !name.startsWith('.'))
        .filter((name) => {
          const pkgName = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0]!;
          return !(file.startsWith(join(ROOT, 'dist/server/')) ? serverAllowed : allowed).has(pkgName);
        })
        .map((name) => `${file.slice(ROOT.length + 1)}: ${name}`),
    );
    expect(foreign).toEqual([]);
  });

  it('compiles every subpath in a consumer under strict, without skipLibCheck, with only @types/node', () => {
    const entry = join(project, 'entry.ts');
    writeFileSync(entry, subpaths.map((s, i) => `import * as m${i} from '${s}';\nvoid m${i};`).join('\n'));
    const program = ts.createProgram([entry], {
      strict: true,
      skipLibCheck: false,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      types: ['node'],
      typeRoots: [join(project, 'node_modules/@types')],
    });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(problems).toEqual([]);
  });

  it.each(subpaths)('loads %s with import() and with require() (Node 20.19+ and 22.12+)', (subpath) => {
    const script = `const viaImport = await import('${subpath}');
const viaRequire = (await import('node:module')).createRequire(import.meta.url)('${subpath}');
console.log(Object.keys(viaImport).length > 0 && Object.keys(viaImport).every((k) => k in viaRequire));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: project, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('true');
  });

  it('ships no source maps pointing at sources it does not ship', () => {
    const maps = readdirSync(join(ROOT, 'dist'), { recursive: true }).filter((f) => String(f).endsWith('.map'));
    expect(pkg.files.includes('src') || maps.length === 0).toBe(true);
  });
});

describe('optional peer dependencies', () => {
  it('are optional peers, not dependencies', () => {
    for (const name of ['better-sqlite3', 'exceljs', 'pdfkit', 'pg', ...SERVER_PEERS]) {
      expect(pkg.dependencies[name]).toBeUndefined();
      expect(pkg.peerDependencies[name]).toBeDefined();
    }
  });

  it.each([
    ['an ESM resolution failure', { code: 'ERR_MODULE_NOT_FOUND', message: "Cannot find package 'exceljs' imported from /x/reader.js" }, true],
    ['a CommonJS resolution failure', { code: 'MODULE_NOT_FOUND', message: "Cannot find module 'exceljs'" }, true],
    ['another package missing inside it', { code: 'ERR_MODULE_NOT_FOUND', message: "Cannot find package 'jszip' imported from /x/exceljs.js" }, false],
    ['any other failure', { code: 'EACCES', message: 'permission denied' }, false],
  ])('report %s as the missing package, by name and with the command to install it: %s', async (_why, failure, named) => {
    const attempt = loadPeer('exceljs', 'Reading XLSX batch files', () => Promise.reject(Object.assign(new Error(failure.message), failure)));
    if (named) {
      await expect(attempt).rejects.toBeInstanceOf(MissingPeerDependencyError);
      await expect(attempt).rejects.toThrow('Reading XLSX batch files needs the optional package exceljs, which is not installed: npm install exceljs');
    } else {
      await expect(attempt).rejects.toThrow(failure.message);
    }
  });

  it('name every missing server peer at once, with one install command', () => {
    const installed = new Set(['pino', 'prom-client']);
    const check = () =>
      requirePeers(SERVER_PEERS, 'tamis serve', (name) => {
        if (!installed.has(name)) throw new Error(`Cannot find module '${name}'`);
        return name;
      });
    expect(check).toThrow(MissingPeerDependencyError);
    expect(check).toThrow('tamis serve needs the optional packages fastify, yaml, which are not installed: npm install fastify yaml');
    installed.add('fastify').add('yaml');
    expect(check).not.toThrow();
  });
});
