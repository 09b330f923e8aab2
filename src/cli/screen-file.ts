/**
 * `tamis screen --file FILE`: a thin layer over `screenFile` (src/screen-file): reads the options, writes the result
 * lines, a progress bar on a terminal (cli-progress) and the summary on stderr. Exit status: 0 no row had a hit, 1
 * some rows had hits, 2 usage or input error (rows that cannot be screened count as input errors unless
 * `--skip-invalid`).
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { Readable, type Writable } from 'node:stream';
import cliProgress from 'cli-progress';
import { screenFile } from '../screen-file/engine.js';
import { formatResults, resultsHeader, type OutputFormat } from '../screen-file/format.js';
import { inputFormatOf, type InputFormat } from '../screen-file/read.js';
import type { RowError } from '../screen-file/rows.js';
import { EXIT, type CommandContext } from './command.js';

/** Options that screen one name and have a column instead in a file. */
const NAME_ONLY_OPTIONS: Readonly<Record<string, string>> = {
  'birth-year': 'birth_year', countries: 'country', 'entity-type': 'entity_type',
};

/** How many rows are listed in full on stderr before a count. */
export const MAX_PRINTED_ROW_ERRORS = 50;

/** What tests may change: the worker entry and the clock. */
export interface ScreenFileHooks {
  workerUrl?: URL;
  now?: () => number;
}

/** Counts the data rows of a file for the progress bar: its lines, less the CSV header (quoted line breaks may over-count). */
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

/** A writer with backpressure on a stream, or the io's plain `stdout`. */
function writerOf(stream: Writable | undefined, plain: (text: string) => void): (text: string) => void | Promise<void> {
  if (stream === undefined) return (text) => void (text !== '' && plain(text));
  return (text) => {
    if (text === '' || stream.write(text)) return;
    return new Promise((resolve) => stream.once('drain', () => resolve()));
  };
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

function wholeNumber(flag: string, v: unknown, min: number, max: number): number | string | undefined {
  if (typeof v !== 'string') return undefined;
  const n = Number(v);
  return /^\d+$/.test(v.trim()) && n >= min && n <= max ? n : `--${flag} is a whole number from ${min} to ${max}, not "${v}"`;
}

/** Runs `tamis screen --file ...`; returns the exit status. */
export async function runScreenFile(ctx: CommandContext, hooks: ScreenFileHooks = {}): Promise<number> {
  const v = ctx.values;
  const file = typeof v.file === 'string' ? v.file : '';
  if (file === '') return ctx.fail('missing_option', '--file needs a file name (or - for standard input)');
  if (ctx.args.length > 0) return ctx.fail('invalid_argument', `give either names or --file, not both (got "${ctx.args[0]}")`);
  for (const [flag, column] of Object.entries(NAME_ONLY_OPTIONS)) {
    if (v[flag] !== undefined) return ctx.fail('invalid_option', `--${flag} screens one name; in a file, give each row's ${column} column`);
  }
  const workers = wholeNumber('workers', v.workers, 0, 256);
  const limit = wholeNumber('limit', v.limit, 1, 100);
  const chunkSize = wholeNumber('chunk-size', v['chunk-size'], 1, 100_000);
  for (const n of [workers, limit, chunkSize]) if (typeof n === 'string') return ctx.fail('invalid_option', n);
  const fuzziness = typeof v.fuzziness === 'string' ? Number(v.fuzziness) : undefined;
  if (fuzziness !== undefined && !(fuzziness >= 0 && fuzziness <= 1)) return ctx.fail('invalid_option', `--fuzziness is a number from 0.0 to 1.0, not "${String(v.fuzziness)}"`);
  const formatName = v.json === true ? 'ndjson' : typeof v.format === 'string' ? v.format : 'csv';
  const format: OutputFormat | undefined = formatName === 'csv' ? 'csv' : formatName === 'ndjson' || formatName === 'jsonl' ? 'jsonl' : undefined;
  if (format === undefined) return ctx.fail('invalid_option', `with --file, --format is csv or ndjson, not "${formatName}"`);
  const inputName = typeof v['input-format'] === 'string' ? v['input-format'] : file === '-' ? 'csv' : inputFormatOf(file);
  const inputFormat: InputFormat | undefined = inputName === 'csv' ? 'csv' : inputName === 'ndjson' || inputName === 'jsonl' ? 'jsonl' : undefined;
  if (inputFormat === undefined) return ctx.fail('invalid_option', `--input-format is csv or ndjson, not "${inputName}"`);
  const types = typeof v.types === 'string' ? v.types.split(',').map((s) => s.trim()).filter((s) => s !== '') : undefined;

  const streams = ctx.io.streams;
  const outFile = typeof v.out === 'string' ? createWriteStream(v.out) : undefined;
  const write = writerOf(outFile ?? streams?.stdout, (text) => ctx.io.stdout(text));
  const err = (line: string): void => ctx.io.stderr(`${line}\n`);
  const bar = streams?.stderr.isTTY === true && file !== '-'
    ? new cliProgress.SingleBar({
      stream: streams.stderr, hideCursor: true, clearOnComplete: true,
      format: 'screening {bar} {percentage}% | {value}/{total} rows | {rate} rows/s | ETA {eta_formatted}',
    }, cliProgress.Presets.shades_classic)
    : undefined;
  const totalRows = bar !== undefined ? await countRows(file, inputFormat).catch(() => 0) : 0;
  const input = file !== '-' ? file : streams?.stdin ?? Readable.from([await ctx.io.readStdin()]);
  const rowErrors: RowError[] = [];
  const now = hooks.now ?? (() => performance.now());
  let screeningFrom = now();
  let barShown = false;
  const r = await screenFile({
    input,
    format: inputFormat,
    list: typeof v.list === 'string' ? v.list : ctx.io.sampleListPath,
    ...(typeof workers === 'number' ? { workers } : {}),
    ...(typeof chunkSize === 'number' ? { chunkSize } : {}),
    search: {
      ...(fuzziness !== undefined ? { fuzziness } : {}),
      ...(v.exact === true ? { exact: true } : {}),
      ...(types !== undefined ? { types } : {}),
      ...(typeof limit === 'number' ? { limit } : {}),
    },
    now,
    ...(hooks.workerUrl !== undefined ? { workerUrl: hooks.workerUrl } : {}),
    onReady: () => {
      screeningFrom = now();
      void write(resultsHeader(format));
    },
    onLines: (lines) => write(formatResults(lines, format)),
    onRowError: (e) => {
      rowErrors.push(e);
      if (rowErrors.length > MAX_PRINTED_ROW_ERRORS) return;
      if (barShown) bar?.stop();
      barShown = false;
      err(`row ${e.row} (line ${e.line}${e.client_ref !== undefined ? `, client_ref ${e.client_ref}` : ''}): ${e.message}`);
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
  if (outFile !== undefined) await new Promise<void>((resolve) => outFile.end(() => resolve()));
  if (!r.ok) return ctx.fail(r.error.code, r.error.message);
  const s = r.value;
  if (rowErrors.length > MAX_PRINTED_ROW_ERRORS) err(`... and ${rowErrors.length - MAX_PRINTED_ROW_ERRORS} more rows that could not be screened`);
  err(`screened ${s.rows} rows in ${seconds(s.totalMs)} (${s.entities} entities loaded in ${seconds(s.loadMs)} on ${s.workers} worker${s.workers === 1 ? '' : 's'}): `
    + `${Math.round(s.rowsPerSecond)} rows/s; ${s.rowsWithHits} with hits (${s.hits} hits), ${s.rowErrors} not screened`);
  if (s.rowErrors > 0 && v['skip-invalid'] !== true) {
    return ctx.fail('rows_not_screened', `${s.rowErrors} row(s) could not be screened (listed above); fix them, or pass --skip-invalid`);
  }
  return s.rowsWithHits > 0 ? EXIT.found : EXIT.ok;
}
