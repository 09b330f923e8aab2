/**
 * `tamis screen --file FILE`: a thin layer over `screenFile` (src/screen-file): reads the options, writes the result
 * lines, a progress bar on a terminal (cli-progress) and the summary on stderr. Exit codes: 0 no row had a hit, 1
 * some rows had hits, 2 usage or input errors (rows that cannot be screened count as input errors unless
 * `--skip-invalid`).
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { Readable, Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { screenFile } from '../screen-file/engine.js';
import { formatResults, OUTPUT_FORMATS, resultsHeader, type OutputFormat } from '../screen-file/format.js';
import { inputFormatOf, type InputFormat } from '../screen-file/read.js';
import type { RowError } from '../screen-file/rows.js';

export const SCREEN_FILE_USAGE = `Usage: tamis screen --file FILE [options]     (FILE: CSV with a header row, or JSON lines; - for stdin)
  columns: client_ref, name or first_name/middle_name/last_name, birth_year, country, entity_type
  --list FILE            a list file or index snapshot (default: the bundled sample list)
  --workers N            worker threads (default: ${availableParallelism()}, the cores available; 0: no threads)
  --out FILE             write the results there (default: stdout)
  --format csv|jsonl     results format (default csv): one line per hit
  --input-format csv|jsonl   default: from the file name (.jsonl, .ndjson, .json: JSON lines)
  --types A,B            list types to screen against (default all)
  --fuzziness F          0.0 to 1.0 (default 0.5)
  --exact                exact match only
  --limit N              hits per row (default 10)
  --skip-invalid         rows that cannot be screened are reported but do not make the exit code 2
  --chunk-size N         rows sent to a worker at a time (default 200)
exit code: 0 no hits, 1 hits, 2 usage or input errors`;

export interface ScreenFileIo {
  /** Standard output (results when there is no --out). */
  stdout: Writable;
  /** Standard error: the progress bar (when it is a TTY), row errors and the summary. */
  stderr: Writable & { isTTY?: boolean };
  /** Standard input, for `--file -`. */
  stdin: Readable;
  /** Path of the bundled sample list. */
  sampleListPath: string;
  /** Milliseconds from a monotonic clock (default `performance.now`). */
  now?: () => number;
  /** The worker entry (tests). */
  workerUrl?: URL;
}

/** How many rows are listed in full on stderr before a count. */
export const MAX_PRINTED_ROW_ERRORS = 50;

/** Counts the data rows of a file for the progress bar: its lines, less the CSV header. Quoted line breaks may over-count. */
async function countRows(path: string, format: InputFormat): Promise<number> {
  let lines = 0;
  let last = 10;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
    if (chunk.length > 0) last = chunk[chunk.length - 1] ?? 10;
  }
  if (last !== 10) lines++;
  return Math.max(0, format === 'csv' ? lines - 1 : lines);
}

function write(stream: Writable, text: string): Promise<void> | void {
  if (text === '' || stream.write(text)) return;
  return new Promise((resolve) => stream.once('drain', () => resolve()));
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** Runs `tamis screen --file ...` (argv without `screen`); returns the exit code. */
export async function runScreenFile(argv: string[], io: ScreenFileIo): Promise<number> {
  const err = (line: string) => void io.stderr.write(`${line}\n`);
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        file: { type: 'string' }, list: { type: 'string' }, workers: { type: 'string' }, out: { type: 'string' },
        format: { type: 'string' }, 'input-format': { type: 'string' }, types: { type: 'string' }, fuzziness: { type: 'string' },
        exact: { type: 'boolean' }, limit: { type: 'string' }, 'skip-invalid': { type: 'boolean' }, 'chunk-size': { type: 'string' },
      },
    }));
  } catch (e) {
    err(`tamis screen: ${(e as Error).message}\n${SCREEN_FILE_USAGE}`);
    return 2;
  }
  const usage = (message: string): number => {
    err(`tamis screen: ${message}\n${SCREEN_FILE_USAGE}`);
    return 2;
  };
  const file = values.file;
  if (file === undefined || file === '') return usage('--file needs a file name (or - for stdin)');
  const whole = (flag: string, v: string | undefined, min: number, max: number): number | string | undefined => {
    if (v === undefined) return undefined;
    const n = Number(v);
    return /^\d+$/.test(v.trim()) && n >= min && n <= max ? n : `${flag} is a whole number from ${min} to ${max}, not "${v}"`;
  };
  const workers = whole('--workers', values.workers, 0, 256);
  const limit = whole('--limit', values.limit, 1, 100);
  const chunkSize = whole('--chunk-size', values['chunk-size'], 1, 100_000);
  for (const v of [workers, limit, chunkSize]) if (typeof v === 'string') return usage(v);
  const fuzziness = values.fuzziness === undefined ? undefined : Number(values.fuzziness);
  if (fuzziness !== undefined && !(fuzziness >= 0 && fuzziness <= 1)) return usage(`--fuzziness is a number from 0.0 to 1.0, not "${values.fuzziness}"`);
  const format = (values.format ?? 'csv') as OutputFormat;
  if (!OUTPUT_FORMATS.includes(format)) return usage(`--format is csv or jsonl, not "${values.format}"`);
  const inputFormat = (values['input-format'] ?? (file === '-' ? 'csv' : inputFormatOf(file))) as InputFormat;
  if (inputFormat !== 'csv' && inputFormat !== 'jsonl') return usage(`--input-format is csv or jsonl, not "${values['input-format']}"`);
  const types = values.types?.split(',').map((s) => s.trim()).filter((s) => s !== '');

  const out = values.out !== undefined ? createWriteStream(values.out) : io.stdout;
  const bar = io.stderr.isTTY === true && file !== '-'
    ? new cliProgress.SingleBar({
      stream: io.stderr, hideCursor: true, clearOnComplete: true,
      format: 'screening {bar} {percentage}% | {value}/{total} rows | {rate} rows/s | ETA {eta_formatted}',
    }, cliProgress.Presets.shades_classic)
    : undefined;
  const totalRows = bar !== undefined ? await countRows(file, inputFormat).catch(() => 0) : 0;
  const rowErrors: RowError[] = [];
  const now = io.now ?? (() => performance.now());
  let screeningFrom = now();
  let barShown = false;
  const r = await screenFile({
    input: file === '-' ? io.stdin : file,
    format: inputFormat,
    list: values.list ?? io.sampleListPath,
    ...(typeof workers === 'number' ? { workers } : {}),
    ...(typeof chunkSize === 'number' ? { chunkSize } : {}),
    search: {
      ...(fuzziness !== undefined ? { fuzziness } : {}),
      ...(values.exact === true ? { exact: true } : {}),
      ...(types !== undefined ? { types } : {}),
      ...(typeof limit === 'number' ? { limit } : {}),
    },
    now,
    ...(io.workerUrl !== undefined ? { workerUrl: io.workerUrl } : {}),
    onReady: () => {
      screeningFrom = now();
      void write(out, resultsHeader(format));
    },
    onLines: (lines) => write(out, formatResults(lines, format)),
    onRowError: (e) => {
      rowErrors.push(e);
      if (rowErrors.length > MAX_PRINTED_ROW_ERRORS) return;
      const line = `row ${e.row} (line ${e.line}${e.client_ref !== undefined ? `, client_ref ${e.client_ref}` : ''}): ${e.message}`;
      if (barShown) bar?.stop();
      barShown = false;
      err(line);
    },
    onProgress: (rows) => {
      if (bar === undefined) return;
      const rate = Math.round((rows * 1000) / Math.max(1, now() - screeningFrom));
      if (!barShown) bar.start(Math.max(totalRows, rows), rows, { rate });
      else bar.update(rows, { rate });
      barShown = true;
    },
  });
  if (barShown) bar?.stop();
  if (out !== io.stdout) await new Promise<void>((resolve) => out.end(() => resolve()));
  if (!r.ok) {
    err(`tamis screen: ${r.error.message}`);
    return 2;
  }
  const s = r.value;
  if (rowErrors.length > MAX_PRINTED_ROW_ERRORS) err(`... and ${rowErrors.length - MAX_PRINTED_ROW_ERRORS} more rows that could not be screened`);
  err(`screened ${s.rows} rows in ${seconds(s.totalMs)} (${s.entities} entities loaded in ${seconds(s.loadMs)} on ${s.workers} worker${s.workers === 1 ? '' : 's'}): `
    + `${Math.round(s.rowsPerSecond)} rows/s; ${s.rowsWithHits} with hits (${s.hits} hits), ${s.rowErrors} not screened`);
  if (s.rowErrors > 0 && values['skip-invalid'] !== true) {
    err('tamis screen: some rows could not be screened (listed above); fix them, or pass --skip-invalid');
    return 2;
  }
  return s.rowsWithHits > 0 ? 1 : 0;
}
