/**
 * Streaming readers of uploaded files: CSV (csv-parse) and XLSX (exceljs streaming reader). Rows come out one at a
 * time as text cells; the whole file is never held in memory. File-level faults are thrown as `BatchFileFault`.
 * exceljs is an optional peer dependency, loaded with the first XLSX file (`MissingPeerDependencyError` without it).
 */
import { Readable } from 'node:stream';
import { loadPeer } from '../peer.js';
import { CSV_MIMETYPES, XLSX_MIMETYPE } from './enums.js';
import type { BatchFile, BatchFileError } from './types.js';

/** A file-level fault: the batch cannot be read as a table. */
export class BatchFileFault extends Error {
  constructor(readonly error: BatchFileError) {
    super(error.code);
    this.name = 'BatchFileFault';
  }
}

export interface FileRow {
  /** 1-based: the CSV line the record ends on, or the spreadsheet row number. The header is row 1 in both. */
  row_number: number;
  cells: string[];
}

export type FileKind = 'csv' | 'xlsx';

/** The kind of a declared mimetype (parameters such as `; charset=utf-8` ignored), or a fault. */
export function fileKindOf(mimetype: string): FileKind {
  const base = mimetype.split(';')[0]!.trim().toLowerCase();
  if ((CSV_MIMETYPES as readonly string[]).includes(base)) return 'csv';
  if (base === XLSX_MIMETYPE) return 'xlsx';
  throw new BatchFileFault({
    code: 'UNSUPPORTED_MIMETYPE',
    attributes: { rejected_values: [mimetype], required_formats: ['text/csv', XLSX_MIMETYPE] },
  });
}

async function* chunksOf(file: BatchFile): AsyncGenerator<Uint8Array> {
  if ('content' in file) {
    yield typeof file.content === 'string' ? Buffer.from(file.content, 'utf8') : file.content;
    return;
  }
  for await (const c of file.open()) yield typeof c === 'string' ? Buffer.from(c, 'utf8') : c;
}

const malformed = (message: string, affected?: number): BatchFileFault => {
  const f = new BatchFileFault({ code: 'MALFORMED_CONTENT', ...(affected !== undefined ? { attributes: { affected_rows: [affected] } } : {}) });
  f.message = message;
  return f;
};

async function* csvRows(file: BatchFile): AsyncGenerator<FileRow> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  async function* text(): AsyncGenerator<string> {
    try {
      for await (const c of chunksOf(file)) {
        const s = decoder.decode(c, { stream: true });
        if (s.includes('\u0000')) throw new Error('binary content');
        yield s;
      }
      const tail = decoder.decode();
      if (tail) yield tail;
    } catch (e) {
      throw malformed(`not UTF-8 text: ${(e as Error).message}`);
    }
  }
  const { parse } = await import('csv-parse');
  const source = Readable.from(text());
  const parser = parse({ bom: true, info: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true });
  source.on('error', (e) => parser.destroy(e));
  source.pipe(parser);
  try {
    for await (const item of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (item.record.every((c) => c === '')) continue;
      yield { row_number: item.info.lines, cells: item.record };
    }
  } catch (e) {
    if (e instanceof BatchFileFault) throw e;
    const lines = (e as { lines?: number }).lines;
    throw malformed(`unreadable CSV: ${(e as Error).message}`, typeof lines === 'number' ? lines : undefined);
  }
}

/** Text of an exceljs cell value: dates as YYYY-MM-DD (or a full ISO time when not midnight UTC). */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) {
    const iso = v.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof v === 'object') {
    const o = v as { richText?: Array<{ text: string }>; text?: unknown; result?: unknown; error?: string };
    if (Array.isArray(o.richText)) return o.richText.map((r) => r.text).join('').trim();
    if (o.text !== undefined) return cellText(o.text);
    if (o.result !== undefined) return cellText(o.result);
    if (o.error !== undefined) return String(o.error);
    return '';
  }
  return String(v).trim();
}

async function* xlsxRows(file: BatchFile): AsyncGenerator<FileRow> {
  const { default: ExcelJS } = await loadPeer('exceljs', 'Reading XLSX batch files', () => import('exceljs'));
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(chunksOf(file)), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
  });
  let sheets = 0;
  try {
    for await (const sheet of reader) {
      sheets++;
      if (sheets > 1) throw new BatchFileFault({ code: 'MULTIPLE_SHEETS_FOUND' });
      for await (const row of sheet) {
        const values = (row.values ?? []) as unknown[];
        const cells: string[] = [];
        for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
        if (cells.every((c) => c === '')) continue;
        yield { row_number: row.number, cells };
      }
    }
  } catch (e) {
    if (e instanceof BatchFileFault) throw e;
    throw malformed(`unreadable XLSX: ${(e as Error).message}`);
  }
  if (sheets === 0) throw malformed('the workbook has no sheet');
}

/** Rows of the file, header first. Throws `BatchFileFault` for an unsupported mimetype or unreadable content. */
export function readFileRows(file: BatchFile): AsyncGenerator<FileRow> {
  return fileKindOf(file.mimetype) === 'csv' ? csvRows(file) : xlsxRows(file);
}
