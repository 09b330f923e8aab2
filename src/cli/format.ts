/** Output formats of `tamis screen`: a table for people, JSON, JSON lines and CSV for programs. */
import type { MatchTypesDetail } from '../names/types.js';
import type { Hit, SearchResult } from '../screening/types.js';

export const FORMATS = ['table', 'json', 'ndjson', 'csv'] as const;
export type OutputFormat = (typeof FORMATS)[number];

/** One screened name and its result. */
export interface Screened {
  name: string;
  result: SearchResult;
}

const ansi = (code: string) => (text: string, color: boolean): string => (color ? `\u001b[${code}m${text}\u001b[0m` : text);
const bold = ansi('1');
const dim = ansi('2');

function pad(text: string, width: number): string {
  return text.length > width ? `${text.slice(0, width - 1)}…` : text.padEnd(width);
}

function matchedName(hit: Hit): string {
  const details = hit.match_types_details;
  const first = Array.isArray(details) ? (details[0] as MatchTypesDetail | undefined)?.matching_name : Object.keys(details)[0];
  return first ?? hit.doc.name;
}

/** What a hit shows in a table or CSV row; tolerant of entities missing optional arrays. */
function hitCells(hit: Hit): string[] {
  return [matchedName(hit), hit.match_types.join(', '), hit.score.toFixed(2), (hit.doc.types ?? []).join(', '), (hit.doc.sources ?? []).join(', ')];
}

const HEADER = ['#', 'matched name', 'match types', 'score', 'list types', 'sources'];
const WIDTHS = [3, 34, 44, 7, 28, 24];

/** A readable table: rank, matched name, match types, score, list types, sources. */
export function formatTable(hits: readonly Hit[], total: number, color = false): string {
  if (hits.length === 0) return 'No hits.\n';
  const line = (cells: readonly string[]): string => cells.map((c, k) => pad(c, WIDTHS[k]!)).join('  ').trimEnd();
  return [
    bold(line(HEADER), color),
    line(WIDTHS.map((w) => '-'.repeat(w))),
    ...hits.map((hit, i) => line([String(i + 1), ...hitCells(hit)])),
    dim(`${hits.length} of ${total} hits shown`, color),
  ].join('\n') + '\n';
}

function csvCell(value: string): string {
  return /[",\n\r]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

const CSV_HEADER = ['query', 'rank', 'entity_id', 'matched_name', 'match_types', 'score', 'list_types', 'sources'];

function csvRows({ name, result }: Screened): string[][] {
  if (result.hits.length === 0) return [[name, '', '', '', '', '', '', '']];
  return result.hits.map((hit, i) => {
    const [matched, , score] = hitCells(hit);
    return [name, String(i + 1), hit.doc.id, matched!, hit.match_types.join('|'), score!, (hit.doc.types ?? []).join('|'), (hit.doc.sources ?? []).join('|')];
  });
}

const envelope = (result: SearchResult): unknown => ({ status: 'success', content: { data: result } });

/** The whole output of a run over one or several names. */
export function formatScreened(screened: readonly Screened[], format: OutputFormat, color = false): string {
  switch (format) {
    case 'table':
      if (screened.length === 1) return formatTable(screened[0]!.result.hits, screened[0]!.result.total_hits, color);
      return screened.map(({ name, result }) => `${bold(name, color)}\n${formatTable(result.hits, result.total_hits, color)}`).join('\n');
    case 'json':
      return `${JSON.stringify(screened.length === 1 ? envelope(screened[0]!.result) : screened.map((s) => envelope(s.result)), null, 2)}\n`;
    case 'ndjson':
      return screened.map((s) => `${JSON.stringify(envelope(s.result))}\n`).join('');
    case 'csv':
      return [CSV_HEADER, ...screened.flatMap(csvRows)].map((row) => `${row.map(csvCell).join(',')}\n`).join('');
  }
}
