/** Screening a chunk of customer rows against one screener: the work a worker thread (or the main thread) does. */
import type { TamisScreener } from '../screening/screener.js';
import { resultLines, type CustomerRequest, type ResultLine } from './rows.js';

/** What became of one screened row: its result lines, or the search error (e.g. a name the spec rejects). */
export type RowOutcome =
  | { row: number; lines: ResultLine[] }
  | { row: number; line: number; client_ref: string | undefined; error: string };

export function screenRows(screener: TamisScreener, rows: readonly CustomerRequest[]): RowOutcome[] {
  return rows.map((r) => {
    const result = screener.search(r.request);
    if (!result.ok) return { row: r.row, line: r.line, client_ref: r.client_ref, error: result.error.message };
    return { row: r.row, lines: resultLines(r.row, r.client_ref, result.value.hits) };
  });
}
