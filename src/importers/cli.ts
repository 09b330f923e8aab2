/**
 * `tamis import FORMAT INPUT [FORMAT INPUT ...] --out FILE [--skip-invalid]`, FORMAT one of ofac (a folder), un, eu,
 * uk, ftm, csv, json.
 *
 * Reads the publications through the injected `io`, merges them (`mergeImports`: entities are never merged, ids stay
 * unique), writes one list file (a JSON array of Entity, one entity a line) and reports progress and issues on
 * stderr. Exit codes: 0 imported, 2 usage or input error (an unreadable file, invalid records without
 * `--skip-invalid`): nothing written. A failure ends with one line `tamis import: CODE: ...`.
 */
import { iterateFtmEntities } from './ftm.js';
import { iterateListCsv, iterateListJson } from './list-format.js';
import { OFAC_FILE_NAMES, iterateOfacSdn, type OfacFiles } from './ofac.js';
import { formatIssue } from './result.js';
import type { ImportEvent, ImportIssue, TextInput } from './types.js';
import { iterateUnConsolidated } from './un.js';
import { iterateEuSanctions } from './eu.js';
import { iterateUkSanctions } from './uk.js';
import { mergeImports, type ImportSource } from './merge.js';
import type { Entity } from '../types/entity.js';

export interface ImportIo {
  readFile(path: string): Promise<TextInput> | TextInput;
  writeFile(path: string, data: string): Promise<void> | void;
  /** Writes one line (no trailing newline needed) to standard error. */
  stderr(line: string): void;
  /** Milliseconds from a monotonic clock, for the timing line; default `performance.now`. */
  now?: () => number;
}

export const IMPORT_USAGE =
  'usage: tamis import FORMAT INPUT [FORMAT INPUT ...] --out FILE [--skip-invalid]   (FORMAT INPUT: ofac DIR | un FILE | eu FILE | uk FILE | ftm FILE | csv FILE | json FILE; several are merged)';

export const IMPORT_FORMATS = ['ofac', 'un', 'eu', 'uk', 'ftm', 'csv', 'json'] as const;
const FORMATS = IMPORT_FORMATS;
type Format = (typeof FORMATS)[number];

/** How many entities between two progress lines. */
export const PROGRESS_EVERY = 5000;
/** How many issues are printed in full before a summary line. */
export const MAX_PRINTED_ISSUES = 50;

export interface ImportArgs {
  /** The publications to import, merged in this order. */
  inputs: { format: Format; input: string }[];
  out: string;
  skipInvalid: boolean;
}

/** A usage problem: a stable code and a message. */
export interface ImportUsageError {
  code: string;
  message: string;
}

function parseArgs(argv: readonly string[]): ImportArgs | ImportUsageError {
  const usage = (code: string, message: string): ImportUsageError => ({ code, message });
  const args = argv[0] === 'import' ? argv.slice(1) : [...argv];
  let out: string | undefined;
  let skipInvalid = false;
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    if (a === '--out' || a === '-o') {
      out = args[++i];
      if (out === undefined) return usage('invalid_option', '--out needs a file name');
    } else if (a.startsWith('--out=')) out = a.slice(6);
    else if (a === '--skip-invalid') skipInvalid = true;
    else if (a.startsWith('-')) return usage('unknown_option', `unknown option ${a}`);
    else positional.push(a);
  }
  return checkImportArgs(positional, out, skipInvalid);
}

/** Checks the arguments of an import, as given on the command line: `FORMAT INPUT` pairs, then the options. */
export function checkImportArgs(positional: readonly string[], out: string | undefined, skipInvalid: boolean): ImportArgs | ImportUsageError {
  const usage = (code: string, message: string): ImportUsageError => ({ code, message });
  const inputs: ImportArgs['inputs'] = [];
  for (let i = 0; i < positional.length || inputs.length === 0; i += 2) {
    const format = positional[i];
    const input = positional[i + 1];
    if (format === undefined || !(FORMATS as readonly string[]).includes(format)) {
      return usage(format === undefined ? 'missing_argument' : 'invalid_argument', `the format is one of ${FORMATS.join(', ')}${format === undefined ? '' : `, not ${format}`}`);
    }
    if (input === undefined) return usage('missing_argument', `${format} needs ${format === 'ofac' ? 'a folder' : 'a file'}`);
    inputs.push({ format: format as Format, input });
  }
  if (out === undefined) return usage('missing_option', '--out FILE is required');
  return { inputs, out, skipInvalid };
}

/** `dir/name` without node:path, so the module stays free of Node built-ins. */
function join(dir: string, name: string): string {
  return `${dir.replace(/[\\/]+$/, '')}/${name}`;
}

async function readOfac(io: ImportIo, dir: string): Promise<OfacFiles> {
  const optional = async (name: string): Promise<TextInput | undefined> => {
    try {
      return await io.readFile(join(dir, name));
    } catch (e) {
      if ((e as { code?: unknown }).code === 'ENOENT') return undefined;
      throw e;
    }
  };
  const sdn = await io.readFile(join(dir, OFAC_FILE_NAMES.sdn));
  const [alt, add, comments] = await Promise.all([
    optional(OFAC_FILE_NAMES.alt),
    optional(OFAC_FILE_NAMES.add),
    optional(OFAC_FILE_NAMES.comments),
  ]);
  return { sdn, ...(alt !== undefined ? { alt } : {}), ...(add !== undefined ? { add } : {}), ...(comments !== undefined ? { comments } : {}) };
}

/** The importer of each single-file format. */
const FILE_READERS: Readonly<Record<Exclude<Format, 'ofac'>, (input: TextInput, options: { fileName: string }) => Iterable<ImportEvent>>> = {
  un: iterateUnConsolidated,
  eu: iterateEuSanctions,
  uk: iterateUkSanctions,
  ftm: iterateFtmEntities,
  csv: iterateListCsv,
  json: iterateListJson,
};

async function readSource(io: ImportIo, format: Format, input: string): Promise<Iterable<ImportEvent>> {
  if (format === 'ofac') return iterateOfacSdn(await readOfac(io, input));
  const fileName = input.split(/[\\/]/).pop() ?? input;
  return FILE_READERS[format](await io.readFile(input), { fileName });
}

/** A list file: a JSON array of Entity, one entity a line. */
export function renderListFile(entities: readonly Entity[]): string {
  if (entities.length === 0) return '[]\n';
  return `[\n${entities.map((e) => JSON.stringify(e)).join(',\n')}\n]\n`;
}

/** Runs `tamis import ...` from its arguments; returns the exit code. */
export async function runImport(argv: readonly string[], io: ImportIo): Promise<number> {
  const args = parseArgs(argv);
  if ('code' in args) {
    io.stderr(`tamis import: ${args.code}: ${args.message}`);
    io.stderr(IMPORT_USAGE);
    return 2;
  }
  return importList(args, io);
}

/** Imports `args.inputs` (merged) into `args.out`; returns the exit code. */
export async function importList(args: ImportArgs, io: ImportIo): Promise<number> {
  const now = io.now ?? (() => performance.now());
  const started = now();
  const sources: ImportSource[] = [];
  for (const { format, input } of args.inputs) {
    try {
      io.stderr(`reading ${format} ${input}`);
      sources.push({ file: input, events: await readSource(io, format, input) });
    } catch (e) {
      const code = (e as { code?: unknown }).code === 'ENOENT' ? 'file_not_found' : 'file_unreadable';
      io.stderr(`tamis import: ${code}: cannot read ${input}: ${(e as Error).message}`);
      return 2;
    }
  }
  const events = mergeImports(sources);

  const entities: Entity[] = [];
  const issues: ImportIssue[] = [];
  let errors = 0;
  for (const ev of events) {
    if (ev.kind === 'entity') {
      entities.push(ev.entity);
      if (entities.length % PROGRESS_EVERY === 0) io.stderr(`  ${entities.length} entities...`);
    } else {
      issues.push(ev.issue);
      if (ev.issue.severity === 'error') errors++;
      if (issues.length <= MAX_PRINTED_ISSUES) io.stderr(`  ${formatIssue(ev.issue)}`);
    }
  }
  if (issues.length > MAX_PRINTED_ISSUES) io.stderr(`  ... and ${issues.length - MAX_PRINTED_ISSUES} more issues`);
  const ms = Math.round(now() - started);
  const warnings = issues.length - errors;
  if (errors > 0 && !args.skipInvalid) {
    io.stderr(`tamis import: import_invalid_records: ${errors} invalid record(s) (${warnings} warning(s)); nothing written. Fix the file or pass --skip-invalid.`);
    return 2;
  }
  io.stderr(`imported ${entities.length} entities in ${ms} ms (${errors} skipped as invalid, ${warnings} warning(s))`);
  try {
    await io.writeFile(args.out, renderListFile(entities));
  } catch (e) {
    io.stderr(`tamis import: file_unwritable: cannot write ${args.out}: ${(e as Error).message}`);
    return 2;
  }
  io.stderr(`wrote ${args.out}`);
  return 0;
}
