/** `tamis screen` and `tamis index`: screening from the command line, with injected I/O for tests. */
import { parseArgs } from 'node:util';
import type { Entity } from '../types/entity.js';
import { createScreener, type TamisScreener } from '../screening/screener.js';
import { restoreScreener, snapshotScreener, SNAPSHOT_FORMAT } from '../screening/snapshot.js';
import type { MatchTypesDetail } from '../names/types.js';
import type { Hit, SearchRequest } from '../screening/types.js';
import type { ScreenFileIo } from './screen-file.js';

export interface CliIo {
  readFile(path: string): string;
  writeFile(path: string, content: string): void;
  stdout(text: string): void;
  stderr(text: string): void;
  /** Path of the bundled sample list. */
  sampleListPath: string;
  /** The process streams, for `screen --file` (which streams its input and output). */
  streams?: Pick<ScreenFileIo, 'stdin' | 'stdout' | 'stderr'>;
}

export const SCREEN_USAGE = `Usage: tamis screen "NAME" [options]
  --fuzziness F      0.0 to 1.0 (default 0.5)
  --exact            exact match only
  --birth-year Y     filter by year of birth
  --types A,B        list types (sanction, pep, pep-class-1, warning, adverse-media, ...)
  --countries A,B    ISO 3166-1 alpha-2 codes
  --entity-type T    person, company, organisation, vessel, aircraft (tunes matching)
  --remove-deceased  leave out deceased people
  --limit N          hits to show (default 10, max 100)
  --list FILE        a list file (JSON array of entities, or an index snapshot); default: the bundled sample list
  --json             print the spec's response as JSON`;

/** Load a list file: a JSON array of entities or a `tamis index` snapshot. */
export function loadScreener(io: CliIo, path: string): TamisScreener {
  const data: unknown = JSON.parse(io.readFile(path));
  if (Array.isArray(data)) return createScreener({ entities: data as Entity[] });
  if (typeof data === 'object' && data !== null && (data as { format?: unknown }).format === SNAPSHOT_FORMAT) {
    const restored = restoreScreener(data);
    if (!restored.ok) throw new Error(restored.error.map((p) => p.message).join('; '));
    return restored.value;
  }
  throw new Error(`${path}: expected a JSON array of entities or a ${SNAPSHOT_FORMAT} snapshot`);
}

function splitList(value: string | undefined): string[] | undefined {
  return value === undefined ? undefined : value.split(',').map((s) => s.trim()).filter((s) => s !== '');
}

function pad(text: string, width: number): string {
  return text.length > width ? `${text.slice(0, width - 1)}…` : text.padEnd(width);
}

/** A readable table: rank, matched name, match types, score, list types, sources. */
export function formatHits(hits: readonly Hit[], total: number): string {
  if (hits.length === 0) return 'No hits.\n';
  const rows = hits.map((hit, i) => {
    const details = hit.match_types_details;
    const matched = Array.isArray(details) ? (details[0] as MatchTypesDetail | undefined)?.matching_name : Object.keys(details)[0];
    return [String(i + 1), matched ?? hit.doc.name, hit.match_types.join(', '), hit.score.toFixed(2), hit.doc.types.join(', '), hit.doc.sources.join(', ')];
  });
  const header = ['#', 'matched name', 'match types', 'score', 'list types', 'sources'];
  const widths = [3, 34, 44, 7, 28, 24];
  const line = (cells: string[]): string => cells.map((c, k) => pad(c, widths[k]!)).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line), `${hits.length} of ${total} hits shown`].join('\n') + '\n';
}

export function runScreen(argv: string[], io: CliIo): number {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        fuzziness: { type: 'string' },
        exact: { type: 'boolean' },
        'birth-year': { type: 'string' },
        types: { type: 'string' },
        countries: { type: 'string' },
        'entity-type': { type: 'string' },
        'remove-deceased': { type: 'boolean' },
        limit: { type: 'string' },
        list: { type: 'string' },
        json: { type: 'boolean' },
      },
    });
  } catch (error) {
    io.stderr(`tamis screen: ${(error as Error).message}\n${SCREEN_USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) {
    io.stderr(`tamis screen: give exactly one name to screen (quote it)\n${SCREEN_USAGE}\n`);
    return 2;
  }
  const number = (flag: string, value: string | undefined): number | undefined => {
    if (value === undefined) return undefined;
    const n = Number(value);
    return Number.isFinite(n) && value.trim() !== '' ? n : Number.NaN;
  };
  const filters: Record<string, unknown> = {};
  const birthYear = number('birth-year', values['birth-year']);
  if (birthYear !== undefined) filters.birth_year = birthYear;
  if (values.types !== undefined) filters.types = splitList(values.types);
  if (values.countries !== undefined) filters.country_codes = splitList(values.countries);
  if (values['entity-type'] !== undefined) filters.entity_type = values['entity-type'];
  if (values['remove-deceased'] === true) filters.remove_deceased = '1';
  const request: Record<string, unknown> = { search_term: positionals[0], filters, limit: number('limit', values.limit) ?? 10 };
  const fuzziness = number('fuzziness', values.fuzziness);
  if (fuzziness !== undefined) request.fuzziness = fuzziness;
  if (values.exact === true) request.exact_match = true;

  let screener: TamisScreener;
  try {
    screener = loadScreener(io, values.list ?? io.sampleListPath);
  } catch (error) {
    io.stderr(`tamis screen: cannot load the list: ${(error as Error).message}\n`);
    return 1;
  }
  const result = screener.search(request as unknown as SearchRequest);
  if (!result.ok) {
    io.stderr(values.json === true ? `${JSON.stringify(result.error, null, 2)}\n` : `tamis screen: ${result.error.message}\n`);
    return 1;
  }
  if (values.json === true) io.stdout(`${JSON.stringify({ status: 'success', content: { data: result.value } }, null, 2)}\n`);
  else io.stdout(formatHits(result.value.hits, result.value.total_hits));
  return 0;
}

export const INDEX_USAGE = 'Usage: tamis index --list FILE --out FILE   (writes an index snapshot that loads fast)';

export function runIndex(argv: string[], io: CliIo): number {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: { list: { type: 'string' }, out: { type: 'string' } } }));
  } catch (error) {
    io.stderr(`tamis index: ${(error as Error).message}\n${INDEX_USAGE}\n`);
    return 2;
  }
  if (values.list === undefined || values.out === undefined) {
    io.stderr(`${INDEX_USAGE}\n`);
    return 2;
  }
  try {
    const screener = loadScreener(io, values.list);
    io.writeFile(values.out, JSON.stringify(snapshotScreener(screener)));
    io.stderr(`indexed ${screener.size} entities into ${values.out}\n`);
    return 0;
  } catch (error) {
    io.stderr(`tamis index: ${(error as Error).message}\n`);
    return 1;
  }
}
