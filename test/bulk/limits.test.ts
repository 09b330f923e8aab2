/**
 * Bulk files are bounded and every batch settles: limits on bytes, cells, columns and rows are enforced while
 * reading (a file error, never a stuck or runaway batch); damaged workbooks end in VALIDATING_ERROR; values from
 * the file never act as table keys or spreadsheet formulas.
 */
import { zipSync, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BATCH_FILE_LIMITS, type BatchFile, type BulkServiceOptions } from '../../src/bulk/index.js';
import { XLSX, bulkService, csv, xlsx } from './helpers.js';

const service = bulkService;

const lookupReq = { file_name: 'l', workflow_type: 'manage-lookup-list', lookup_list_identifier: 'mcc' };
const screenReq = { file_name: 's', workflow_type: 'create-and-screen' };

async function settle(file: BatchFile, over: Partial<BulkServiceOptions> = {}, req: object = lookupReq) {
  const { svc, store } = service(over);
  const r = await svc.submitBatch(req, file);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  // What the store holds is what a later reader sees: the same settled batch.
  expect((await store.get(r.value.identifier))?.status).toBe(r.value.status);
  return r.value;
}

/** A workbook of one sheet whose first cell is `n` characters long (compresses to a few kilobytes). */
async function workbookWithCell(n: number): Promise<Uint8Array> {
  return xlsx([[['value'], ['x'.repeat(n)]]]);
}

describe('file limits give a file error before the file is read whole', () => {
  const table: Array<[string, () => Promise<BatchFile>, Partial<BulkServiceOptions>, object]> = [
    ['a CSV over maxFileBytes', async () => ({ mimetype: 'text/csv', content: csv([['value'], ...Array.from({ length: 200 }, (_, i) => [`v${i}`])]) }), { limits: { maxFileBytes: 500 } }, { expected_range: [0, 500] }],
    ['an XLSX over maxFileBytes', async () => ({ mimetype: XLSX, content: await xlsx([[['value'], ['x']]]) }), { limits: { maxFileBytes: 1000 } }, { expected_range: [0, 1000] }],
    ['a streamed file over maxFileBytes', async () => ({ mimetype: 'text/csv', open: async function* () { yield 'value\n'; for (;;) yield 'v\n'.repeat(1000); } }), { maxRows: 1e9, limits: { maxFileBytes: 100_000 } }, { expected_range: [0, 100_000] }],
    ['a CSV cell over maxCellChars', async () => ({ mimetype: 'text/csv', content: csv([['value'], ['x'.repeat(101)]]) }), { limits: { maxCellChars: 100 } }, { affected_rows: [2], expected_range: [0, 100] }],
    ['a CSV header line of 10 MB (one column name)', async () => ({ mimetype: 'text/csv', content: `${'h'.repeat(10_000_000)}\nx\n` }), {}, { affected_rows: [1], expected_range: [0, DEFAULT_BATCH_FILE_LIMITS.maxColumns * DEFAULT_BATCH_FILE_LIMITS.maxCellChars + DEFAULT_BATCH_FILE_LIMITS.maxColumns * 3] }],
    ['a CSV header of a million empty columns', async () => ({ mimetype: 'text/csv', content: `value${','.repeat(1_000_000)}\nx\n` }), {}, { affected_rows: [1], expected_range: [0, DEFAULT_BATCH_FILE_LIMITS.maxColumns] }],
    ['a CSV row with more cells than maxColumns', async () => ({ mimetype: 'text/csv', content: `value\nx${',y'.repeat(20)}\n` }), { limits: { maxColumns: 10 } }, { affected_rows: [2], expected_range: [0, 10] }],
    ['an XLSX cell of 5 MB', async () => ({ mimetype: XLSX, content: await workbookWithCell(5_000_000) }), {}, { expected_range: [0, DEFAULT_BATCH_FILE_LIMITS.maxCellChars] }],
    ['an XLSX cell over maxCellChars', async () => ({ mimetype: XLSX, content: await workbookWithCell(150) }), { limits: { maxCellChars: 100 } }, { affected_rows: [2], expected_range: [0, 100] }],
    ['an XLSX that inflates past maxUncompressedBytes', async () => ({ mimetype: XLSX, content: await workbookWithCell(10) }), { limits: { maxUncompressedBytes: 2000 } }, { expected_range: [0, 2000] }],
  ];
  it.each(table)('%s: VALIDATING_ERROR, MALFORMED_CONTENT with the limit', async (_n, make, over, attributes) => {
    const b = await settle(await make(), over);
    expect(b.status).toBe('VALIDATING_ERROR');
    expect(b.errors.file_errors).toEqual([{ code: 'MALFORMED_CONTENT', attributes }]);
  });

  it('an unknown column name is echoed at most maxEchoChars long', async () => {
    const b = await settle({ mimetype: 'text/csv', content: `value,${'z'.repeat(3000)}\nx,y\n` });
    expect(b.errors.file_errors[0]?.code).toBe('UNSUPPORTED_COLUMN');
    expect(b.errors.file_errors[0]?.attributes?.column_names?.[0]).toBe(`${'z'.repeat(256)}…`);
  });

  it('at most maxRowErrors rows of errors are kept; the statistics count every row', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => [`${i}`, 'maybe']);
    const b = await settle({ mimetype: 'text/csv', content: csv([['value', 'remove'], ...rows]) }, { limits: { maxRowErrors: 5 } });
    expect(b.status).toBe('PROCESSING_ERROR');
    expect(b.errors.row_errors.map((r) => r.row_number)).toEqual([2, 3, 4, 5, 6]);
    expect(b.statistics.num_of_processed_rows).toBe(30);
    expect(b.statistics.num_of_validated_rows).toBe(0);
  });
});

describe('damaged workbooks settle the batch', () => {
  it('an empty XLSX ends in VALIDATING_ERROR', async () => {
    const b = await settle({ mimetype: XLSX, content: new Uint8Array() });
    expect(b.status).toBe('VALIDATING_ERROR');
    expect(b.errors.file_errors[0]?.code).toBe('MALFORMED_CONTENT');
  });

  it('a workbook with any one byte changed settles (never stays VALIDATING) and never processes a damaged part', async () => {
    const good = await xlsx([[['value'], ['x'], ['y']]]);
    const statuses = new Set<string>();
    // Every 7th byte (a few hundred workbooks): the central directory, local headers and deflated parts alike.
    for (let i = 0; i < good.length; i += 7) {
      const bad = new Uint8Array(good);
      bad[i] = bad[i]! ^ 0x5a;
      const b = await settle({ mimetype: XLSX, content: bad });
      statuses.add(b.status);
      if (b.status === 'COMPLETED') expect(b.statistics.num_of_completed_workflows).toBe(2);
    }
    expect([...statuses].every((s) => s === 'VALIDATING_ERROR' || s === 'COMPLETED')).toBe(true);
  });

  it('a part whose bytes do not match its checksum is refused', async () => {
    const parts = unzipSync(await xlsx([[['value'], ['x']]]));
    const zipped = zipSync(parts, { level: 0 });
    // Stored (level 0): change a letter of the sheet's XML in place, leaving every header intact.
    const text = Buffer.from(zipped);
    const at = text.indexOf('<sheetData');
    text[at + 1] = 'S'.charCodeAt(0);
    const b = await settle({ mimetype: XLSX, content: new Uint8Array(text) });
    expect(b.status).toBe('VALIDATING_ERROR');
  });
});

describe('values from the file', () => {
  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])('a boolean cell %s is INVALID_BOOLEAN, not a row that fails the batch', async (v) => {
    const b = await settle({ mimetype: 'text/csv', content: csv([['value', 'remove'], ['7995', v]]) });
    expect(b.status).toBe('PROCESSING_ERROR');
    expect(b.errors.row_errors).toEqual([{ row_number: 2, errors: [{ code: 'INVALID_BOOLEAN', attributes: { column_names: ['remove'], rejected_values: [v], required_formats: ['true', 'false'] } }] }]);
  });

  it('a monitoring_enabled cell constructor is INVALID_BOOLEAN', async () => {
    const b = await settle(
      { mimetype: 'text/csv', content: csv([['customer_external_identifier', 'last_name', 'monitoring_enabled'], ['c-1', 'Smith', 'constructor']]) },
      {},
      { file_name: 'm', workflow_type: 'create-and-monitor' },
    );
    expect(b.errors.row_errors[0]?.errors.map((e) => e.code)).toEqual(['INVALID_BOOLEAN']);
  });

  it('workflowsCsv writes text that a spreadsheet would run as a formula with a leading quote', async () => {
    const { svc } = service();
    const values = ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1)', 'plain'];
    const r = await svc.submitBatch(lookupReq, { mimetype: 'text/csv', content: csv([['value'], ...values.map((v) => [v])]) });
    if (!r.ok) throw new Error('submit failed');
    const text = await svc.workflowsCsv(r.value.identifier);
    if (!text.ok) throw new Error('csv failed');
    const valueCells = text.value.trim().split('\n').slice(1).map((l) => l.split(',').slice(7, -2).join(','));
    expect(valueCells).toEqual([`"'=HYPERLINK(""http://x"",""y"")"`, "'+1+1", "'-2+3", "'@SUM(A1)", 'plain']);
  });
});
