/** Result lines as CSV (csv-stringify; several values in a cell joined by `|`) or JSON lines. */
import { stringify } from 'csv-stringify/sync';
import { RESULT_COLUMNS, type ResultLine } from './rows.js';

export type OutputFormat = 'csv' | 'jsonl';
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['csv', 'jsonl'];

/** What goes before the first result line: the CSV header row, nothing for JSON lines. */
export function resultsHeader(format: OutputFormat): string {
  return format === 'csv' ? stringify([[...RESULT_COLUMNS]]) : '';
}

/** Result lines, each ending with a newline. */
export function formatResults(lines: readonly ResultLine[], format: OutputFormat): string {
  if (lines.length === 0) return '';
  if (format === 'jsonl') return lines.map((l) => `${JSON.stringify(l)}\n`).join('');
  return stringify(lines.map((l) => RESULT_COLUMNS.map((c) => {
    const v = l[c];
    return Array.isArray(v) ? v.join('|') : String(v);
  })));
}
