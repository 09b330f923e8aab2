/** The options and help of `tamis screen --file`, apart from its (heavier) implementation in `screen-file.ts`. */
import type { CliOption } from './command.js';

/** The options `tamis screen` takes for `--file` only (it also reads --list, --format, --types, --fuzziness, --exact, --limit). */
export const SCREEN_FILE_OPTIONS: Record<string, CliOption> = {
  file: { type: 'string', value: 'FILE', description: 'screen a customer file: CSV with a header row, or JSON lines (- reads standard input); see below' },
  workers: { type: 'string', value: 'N', description: 'with --file: worker threads (default: the cores available; 0: none)' },
  out: { type: 'string', short: 'o', value: 'FILE', description: 'with --file: write the results there (default: standard output)' },
  'input-format': { type: 'string', value: 'csv|ndjson', description: 'with --file: the input (default: from the name; .jsonl, .ndjson, .json are JSON lines)' },
  'skip-invalid': { type: 'boolean', description: 'with --file: rows that cannot be screened are reported, but do not make the exit status 2' },
  'chunk-size': { type: 'string', value: 'N', description: 'with --file: rows sent to a worker at a time (default 200)' },
};

export const SCREEN_FILE_DETAILS = `With --file, one customer a row: columns client_ref, name (or first_name, middle_name, last_name), birth_year,
country, entity_type (other columns are ignored). The results are one line per hit, --format csv (default, with a
header) or ndjson: row, client_ref, entity_id, matching_name, entity_name, match_types, score, types, sources. A
progress bar shows on a terminal; a summary (rows, rows with hits, time, rows per second) ends on standard error.`;
