/**
 * Streaming readers of uploaded files: CSV (csv-parse) and XLSX (exceljs streaming reader over a checked,
 * rewritten zip: see `./workbook.js`). Rows come out one at a time as text cells. The limits of `./limits.js` are
 * enforced while reading: file bytes as they arrive, the length of a line and of a record inside the CSV parser,
 * the cells of each row as it comes out. File-level faults are thrown as `BatchFileFault`. csv-parse loads with the
 * first CSV file; exceljs, an optional peer dependency, with the first XLSX file (`MissingPeerDependencyError`
 * without it).
 */
import { Readable } from 'node:stream';
import { loadPeer } from '../peer.js';
import { CSV_MIMETYPES, XLSX_MIMETYPE } from './enums.js';
import { BatchFileFault, DEFAULT_BATCH_FILE_LIMITS, checkRowSize, malformed, tooLarge, type BatchFileLimits } from './limits.js';
import type { BatchFile } from './types.js';
import { cleanWorkbook } from './workbook.js';

export { BatchFileFault } from './limits.js';

export interface FileRow {
  /** 1-based: the CSV line the record ends on, or the spreadsheet row number. The header is row 1 in both. */
  row_number: number;
  cells: string[];
}

export type FileKind = 'csv' | 'xlsx';

/** The kind of a declared mimetype (parameters such as `; charset=utf-8` ignored), or a fault. */
export function fileKindOf(mimetype: string): FileKind {
  const base = String(mimetype).split(';')[0]!.trim().toLowerCase();
  if ((CSV_MIMETYPES as readonly string[]).includes(base)) return 'csv';
  if (base === XLSX_MIMETYPE) return 'xlsx';
  throw new BatchFileFault({
    code: 'UNSUPPORTED_MIMETYPE',
    attributes: { rejected_values: [mimetype], required_formats: ['text/csv', XLSX_MIMETYPE] },
  });
}

/** The file's bytes, chunk by chunk; a fault once more than `maxFileBytes` have come. */
async function* chunksOf(file: BatchFile, limits: BatchFileLimits): AsyncGenerator<Uint8Array> {
  let total = 0;
  const count = (c: Uint8Array): Uint8Array => {
    total += c.byteLength;
    if (total > limits.maxFileBytes) throw tooLarge('the file size in bytes', limits.maxFileBytes);
    return c;
  };
  if ('content' in file) {
    yield count(typeof file.content === 'string' ? Buffer.from(file.content, 'utf8') : file.content);
    return;
  }
  for await (const c of file.open()) yield count(typeof c === 'string' ? Buffer.from(c, 'utf8') : c);
}

async function* csvRows(file: BatchFile, limits: BatchFileLimits): AsyncGenerator<FileRow> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  // A record holds at most maxColumns cells of maxCellChars; a physical line at most that plus its separators.
  const maxRecord = limits.maxColumns * limits.maxCellChars;
  const maxLine = maxRecord + limits.maxColumns * 3;
  let lineLength = 0;
  let line = 1;
  const checkLines = (s: string): void => {
    let from = 0;
    for (;;) {
      const nl = s.indexOf('\n', from);
      lineLength += (nl === -1 ? s.length : nl) - from;
      if (lineLength > maxLine) throw tooLarge(`line ${line}: its length`, maxLine, line);
      if (nl === -1) return;
      line++;
      lineLength = 0;
      from = nl + 1;
    }
  };
  async function* text(): AsyncGenerator<string> {
    try {
      for await (const c of chunksOf(file, limits)) {
        const s = decoder.decode(c, { stream: true });
        if (s.includes('\u0000')) throw new Error('binary content');
        checkLines(s);
        yield s;
      }
      const tail = decoder.decode();
      if (tail) yield tail;
    } catch (e) {
      if (e instanceof BatchFileFault) throw e;
      throw malformed(`not UTF-8 text: ${(e as Error).message}`);
    }
  }
  const { parse } = await import('csv-parse');
  const source = Readable.from(text());
  const parser = parse({
    bom: true,
    info: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    trim: true,
    max_record_size: maxRecord,
  });
  source.on('error', (e) => parser.destroy(e));
  source.pipe(parser);
  try {
    for await (const item of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (item.record.every((c) => c === '')) continue;
      checkRowSize(item.record, item.info.lines, limits);
      yield { row_number: item.info.lines, cells: item.record };
    }
  } catch (e) {
    if (e instanceof BatchFileFault) throw e;
    const lines = (e as { lines?: number }).lines;
    throw malformed(`unreadable CSV: ${(e as Error).message}`, typeof lines === 'number' ? { affected_rows: [lines] } : undefined);
  } finally {
    source.destroy();
    parser.destroy();
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

async function* xlsxRows(file: BatchFile, limits: BatchFileLimits): AsyncGenerator<FileRow> {
  const chunks: Uint8Array[] = [];
  for await (const c of chunksOf(file, limits)) chunks.push(c);
  const clean = cleanWorkbook(Buffer.concat(chunks), limits);
  const { default: ExcelJS } = await loadPeer('exceljs', 'Reading XLSX batch files', () => import('exceljs'));
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([clean]), {
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
        if (values.length - 1 > limits.maxColumns) throw tooLarge(`row ${row.number}: the number of cells`, limits.maxColumns, row.number);
        const cells: string[] = [];
        for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
        if (cells.every((c) => c === '')) continue;
        checkRowSize(cells, row.number, limits);
        yield { row_number: row.number, cells };
      }
    }
  } catch (e) {
    if (e instanceof BatchFileFault) throw e;
    throw malformed(`unreadable XLSX: ${(e as Error).message}`);
  }
  if (sheets === 0) throw malformed('the workbook has no sheet');
}

/** Rows of the file, header first. Throws `BatchFileFault` for an unsupported mimetype, unreadable content or a limit. */
export function readFileRows(file: BatchFile, limits: BatchFileLimits = DEFAULT_BATCH_FILE_LIMITS): AsyncGenerator<FileRow> {
  return fileKindOf(file.mimetype) === 'csv' ? csvRows(file, limits) : xlsxRows(file, limits);
}
