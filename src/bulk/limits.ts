/**
 * Limits on uploaded batch files, enforced while reading (before a large part is held in memory), and the file
 * errors they produce. Every limit maps to a spec file error code: `MAX_ROW_LIMIT_EXCEEDED` for rows,
 * `MALFORMED_CONTENT` (with `expected_range`, and `affected_rows` when a row is to blame) for the others.
 */
import type { BatchFileError } from './types.js';

export interface BatchFileLimits {
  /** Bytes of the uploaded file (default 50 MiB). */
  maxFileBytes: number;
  /** Characters of one cell, header cells included (default 4096; the widest column takes 512). */
  maxCellChars: number;
  /** Cells of one row, the header included (default 256; a workflow has at most 25 columns). */
  maxColumns: number;
  /** XLSX: bytes of the workbook's parts once uncompressed, all parts together (default 128 MiB). */
  maxUncompressedBytes: number;
  /** Rows with errors kept in the batch record (default 1000; the statistics count every row). */
  maxRowErrors: number;
  /** Characters of an uploaded value echoed in an error (`rejected_values`, `column_names`; default 256). */
  maxEchoChars: number;
}

export const DEFAULT_BATCH_FILE_LIMITS: Readonly<BatchFileLimits> = Object.freeze({
  maxFileBytes: 50 * 1024 * 1024,
  maxCellChars: 4096,
  maxColumns: 256,
  maxUncompressedBytes: 128 * 1024 * 1024,
  maxRowErrors: 1000,
  maxEchoChars: 256,
});

/** A file-level fault: the batch cannot be read as a table. */
export class BatchFileFault extends Error {
  constructor(readonly error: BatchFileError, message?: string) {
    super(message ?? error.code);
    this.name = 'BatchFileFault';
  }
}

export const malformed = (message: string, attributes?: BatchFileError['attributes']): BatchFileFault =>
  new BatchFileFault({ code: 'MALFORMED_CONTENT', ...(attributes ? { attributes } : {}) }, message);

export const tooLarge = (what: string, max: number, row?: number): BatchFileFault =>
  malformed(`${what} exceeds the limit of ${max}`, { ...(row !== undefined ? { affected_rows: [row] } : {}), expected_range: [0, max] });

/** An uploaded value as echoed in an error: at most `max` characters, an ellipsis marking a cut. */
export function echo(value: string, max: number): string {
  return value.length <= max ? value : `${value.slice(0, max)}…`;
}

/** Check one row read from a file against the cell and column limits. */
export function checkRowSize(cells: readonly string[], rowNumber: number, limits: BatchFileLimits): void {
  if (cells.length > limits.maxColumns) throw tooLarge(`row ${rowNumber}: the number of cells`, limits.maxColumns, rowNumber);
  for (const c of cells) if (c.length > limits.maxCellChars) throw tooLarge(`row ${rowNumber}: a cell's length`, limits.maxCellChars, rowNumber);
}
