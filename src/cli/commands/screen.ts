/**
 * `tamis screen NAME...`: screen names against the bundled sample list, a list file or an index snapshot;
 * `tamis screen --file FILE`: screen a whole customer file on worker threads (`../screen-file.ts`).
 */
import type { SearchRequest } from '../../screening/types.js';
import { EXIT, type CliCommand, type CommandContext } from '../command.js';
import { FORMATS, formatScreened, type OutputFormat, type Screened } from '../format.js';
import { loadList } from '../list-file.js';
import { SCREEN_FILE_DETAILS, SCREEN_FILE_OPTIONS } from '../screen-file-options.js';

/** Names from the arguments; `-` stands for standard input, one name a line (blank lines skipped). */
async function namesOf(ctx: CommandContext): Promise<string[]> {
  const names: string[] = [];
  for (const arg of ctx.args) {
    if (arg !== '-') names.push(arg);
    else for (const line of (await ctx.io.readStdin()).split(/\r?\n/)) if (line.trim() !== '') names.push(line.trim());
  }
  return names;
}

/** Numbers as given; a value that is not a number reaches the request validation, which names the field. */
const num = (value: unknown): number | undefined => (typeof value === 'string' ? (value.trim() === '' ? Number.NaN : Number(value)) : undefined);
const list = (value: unknown): string[] | undefined =>
  typeof value === 'string' ? value.split(',').map((s) => s.trim()).filter((s) => s !== '') : undefined;

function requestOf(name: string, v: CommandContext['values']): SearchRequest {
  const filters: Record<string, unknown> = {};
  if (v['birth-year'] !== undefined) filters.birth_year = num(v['birth-year']);
  if (v.types !== undefined) filters.types = list(v.types);
  if (v.countries !== undefined) filters.country_codes = list(v.countries);
  if (v['entity-type'] !== undefined) filters.entity_type = v['entity-type'];
  if (v['remove-deceased'] === true) filters.remove_deceased = '1';
  const request: Record<string, unknown> = { search_term: name, filters, limit: num(v.limit) ?? 10 };
  if (v.fuzziness !== undefined) request.fuzziness = num(v.fuzziness);
  if (v.exact === true) request.exact_match = true;
  if (v['name-variations'] === true) request.name_variations = true;
  if (v['min-matched-words'] !== undefined) request.min_matched_words = num(v['min-matched-words']);
  return request as unknown as SearchRequest;
}

export const screenCommand: CliCommand = {
  name: 'screen',
  summary: 'screen names against a list (the bundled sample list by default)',
  usage: 'NAME... [options]   (NAME "-" reads names from standard input, one a line)\n       tamis screen --file FILE [options]   (a customer file, one customer a row)',
  options: {
    list: { type: 'string', value: 'FILE', description: 'list file (JSON array of entities, or a tamis index snapshot); default: the bundled sample list' },
    format: { type: 'string', value: 'FORMAT', description: `output: ${FORMATS.join(', ')} (default table)` },
    json: { type: 'boolean', description: 'same as --format json' },
    fuzziness: { type: 'string', value: 'F', description: 'fuzziness from 0.0 to 1.0 (default 0.5)' },
    exact: { type: 'boolean', description: 'exact match only' },
    'birth-year': { type: 'string', value: 'YEAR', description: 'leave out people born in other years (±1 with fuzziness)' },
    types: { type: 'string', value: 'A,B', description: 'list types: sanction, pep, pep-class-1, warning, adverse-media, ...' },
    countries: { type: 'string', value: 'A,B', description: 'ISO 3166-1 alpha-2 country codes' },
    'entity-type': { type: 'string', value: 'TYPE', description: 'person, company, organisation, vessel, aircraft (tunes matching)' },
    'remove-deceased': { type: 'boolean', description: 'leave out deceased people' },
    'name-variations': { type: 'boolean', description: 'let one query word stay unmatched (see docs/matching.md)' },
    'min-matched-words': { type: 'string', value: 'N', description: 'query words that must match by a full word (1 to 10)' },
    limit: { type: 'string', value: 'N', description: 'hits shown per name, 1 to 100 (default 10)' },
    ...SCREEN_FILE_OPTIONS,
  },
  details: `Formats: table (for people), json (the spec's response; an array of them for several names), ndjson (one
response a line), csv (one row a hit: query, rank, entity_id, matched_name, match_types, score, list_types,
sources; a name without hits gets a row of its own with only the query).

${SCREEN_FILE_DETAILS}

Exit status: 0 no name had a hit, 1 at least one hit, 2 usage or input error (nothing screened; with --file,
also rows that could not be screened, unless --skip-invalid).`,

  async run(ctx) {
    const v = ctx.values;
    if (v.file !== undefined) return (await import('../screen-file.js')).runScreenFile(ctx);
    const format = (v.json === true ? 'json' : (v.format ?? 'table')) as OutputFormat;
    if (!FORMATS.includes(format)) return ctx.fail('invalid_option', `--format is one of ${FORMATS.join(', ')}, not "${String(v.format)}"`);
    const names = await namesOf(ctx);
    if (names.length === 0) {
      return ctx.fail('missing_argument', 'give the names to screen (quote each), or - to read them from standard input');
    }
    const list = typeof v.list === 'string' ? v.list : undefined;
    const loaded = await loadList(ctx.io, list ?? ctx.io.sampleListPath, list === undefined);
    if (!loaded.ok) return ctx.fail(loaded.code, loaded.message);
    const screened: Screened[] = [];
    for (const name of names) {
      const result = loaded.screener.search(requestOf(name, v));
      if (!result.ok) {
        const problems = result.error.errors ?? [{ code: 'request_invalid', message: result.error.message, path: '' }];
        return ctx.fail(problems[0]!.code, `${names.length > 1 ? `"${name}": ` : ''}${problems.map((p, i) => (i === 0 ? p.message : `${p.code}: ${p.message}`)).join('; ')}`);
      }
      screened.push({ name, result: result.value });
    }
    ctx.io.stdout(formatScreened(screened, format, ctx.color));
    return screened.some((s) => s.result.total_hits > 0 || (s.result.total_blacklist_hits ?? 0) > 0) ? EXIT.found : EXIT.ok;
  },
};
