/**
 * Bulk batches over real HTTPS: a CSV upload with row errors processed in the background, an XLSX upload, list,
 * get, report, workflow results, delete; the upload limits (file bytes while streaming, rows, cell size) and the
 * failures of a bad upload. Every response is checked against /openapi.json by the harness.
 */
import { FormData } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XLSX, xlsx } from '../../bulk/helpers.js';
import { startV1, type V1Harness } from './harness.js';

let v: V1Harness;
beforeAll(async () => {
  v = await startV1({ batches: { maxRows: 5, limits: { maxFileBytes: 16384, maxCellChars: 64 } } });
});
afterAll(() => v.close());

const HEADER = 'customer_external_identifier,first_name,last_name,date_of_birth,nationality,email';
const csv = (...rows: string[]) => [HEADER, ...rows].join('\n');

function form(content: string | Uint8Array, o: { name?: string; type?: string; workflow?: string | null; extra?: Record<string, string> } = {}) {
  const f = new FormData();
  if (o.workflow !== null) f.append('workflow_type', o.workflow ?? 'create-and-screen');
  for (const [k, val] of Object.entries(o.extra ?? {})) f.append(k, val);
  f.append('file', new Blob([content], o.type !== undefined ? { type: o.type } : {}), o.name ?? 'customers.csv');
  return f;
}

async function settled(identifier: string): Promise<any> {
  for (let i = 0; i < 200; i++) {
    const b = (await v.call('GET', `/v1/batches/${identifier}`)).json;
    if (!['NOT_STARTED', 'VALIDATING', 'PROCESSING'].includes(b.status)) return b;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the batch did not finish');
}

describe('POST /v1/batches', () => {
  it('accepts a CSV upload (202) and processes it: valid rows screened, an invalid row reported', async () => {
    const r = await v.call('POST', '/v1/batches', {
      form: form(csv('cust-43,Viktor,Bout,1967-01-13,RU,vb@example.com', 'cust-44,Anna,Berg,,SE,anna@example', 'cust-45,Tom,Reed,1990-05-01,GB,'), { type: 'text/csv' }) as never,
    });
    expect(r.status).toBe(202);
    expect(r.json).toMatchObject({ status: 'NOT_STARTED', request: { file_name: 'customers.csv', upload_method: 'HTTP', workflow_type: 'create-and-screen' } });
    expect(r.headers.get('location')).toBe(`/v1/batches/${r.json.identifier}`);
    const b = await settled(r.json.identifier);
    expect(b).toMatchObject({
      status: 'PROCESSING_ERROR',
      statistics: { num_of_validated_rows: 2, num_of_processed_rows: 3, num_of_created_workflows: 2, num_of_completed_workflows: 2, num_of_errored_workflows: 0 },
      errors: { file_errors: [], reason: 'INVALID_ROWS', row_errors: [{ row_number: 3, errors: [{ code: 'INVALID_EMAIL_ADDRESS', attributes: { column_names: ['email'], rejected_values: ['anna@example'] } }] }] },
    });
    const report = (await v.call('GET', `/v1/batches/${b.identifier}/report`)).json;
    expect(report).toEqual({ workflows_download_link: `/v1/batches/${b.identifier}/workflows` });
    const rows = await v.call('GET', report.workflows_download_link);
    expect(rows.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(rows.text.split('\n').filter(Boolean)).toHaveLength(3);
    expect(rows.text).toContain('cust-43');
  });

  it('takes the format from the file name when the part has no specific type, and reads XLSX', async () => {
    const book = await xlsx([[HEADER.split(','), ['cust-60', 'Ana', 'Lima', '1980-02-03', 'PT', 'ana@example.com']]]);
    const r = await v.call('POST', '/v1/batches', { form: form(book, { name: 'people.xlsx', type: 'application/octet-stream' }) as never });
    expect(r.status).toBe(202);
    expect(await settled(r.json.identifier)).toMatchObject({ status: 'COMPLETED', statistics: { num_of_completed_workflows: 1 } });
    const typed = await v.call('POST', '/v1/batches', { form: form(book, { name: 'people.bin', type: XLSX }) as never });
    expect((await settled(typed.json.identifier)).status).toBe('COMPLETED');
  });

  it('stops an upload over the file size limit while it streams: 413, no batch created', async () => {
    const before = (await v.call('GET', '/v1/batches')).json.total_count;
    const big = csv(...Array.from({ length: 600 }, (_, i) => `cust-${i},First,Last,1990-01-01,GB,a${i}@example.com`));
    expect(big.length).toBeGreaterThan(16384);
    const r = await v.call('POST', '/v1/batches', { form: form(big, { type: 'text/csv' }) as never });
    expect(r.status).toBe(413);
    expect(r.json.errors[0]).toMatchObject({ code: 'MAX_SIZE_LIMIT_REACHED', path: '$.file' });
    expect((await v.call('GET', '/v1/batches')).json.total_count).toBe(before);
  });

  it.each([
    ['more rows than the limit', csv(...Array.from({ length: 6 }, (_, i) => `c-${i},A,B,,,`)), { code: 'MAX_ROW_LIMIT_EXCEEDED', attributes: { max_row_limit: 5 } }],
    ['a cell longer than the limit', csv(`c-1,${'A'.repeat(65)},B,,,`), { code: 'MALFORMED_CONTENT', attributes: { affected_rows: [2], expected_range: [0, 64] } }],
  ])('ends a batch with %s in VALIDATING_ERROR, before any workflow runs', async (_what, content, error) => {
    const r = await v.call('POST', '/v1/batches', { form: form(content, { type: 'text/csv' }) as never });
    const b = await settled(r.json.identifier);
    expect(b).toMatchObject({ status: 'VALIDATING_ERROR', errors: { reason: 'MALFORMED_FILE', file_errors: [error] }, statistics: { num_of_created_workflows: 0 } });
  });

  it.each([
    ['a JSON body instead of a form', { body: { workflow_type: 'create-and-screen' } }, 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['a form without a file', { form: (() => { const f = new FormData(); f.append('workflow_type', 'create-and-screen'); return f; })() }, 400, 'MANDATORY_COLUMN_MISSING'],
    ['an unknown workflow type', { form: form(csv('c-1,A,B,,,'), { workflow: 'create-and-forget' }) }, 400, 'INVALID_VALUE'],
    ['an unknown form field', { form: form(csv('c-1,A,B,,,'), { extra: { colour: 'blue' } }) }, 400, 'UNKNOWN_FIELD'],
  ])('answers a problem for %s', async (_what, o, status, code) => {
    const r = await v.call('POST', '/v1/batches', o as never);
    expect(r.status).toBe(status);
    expect(r.json.errors[0].code).toBe(code);
  });
});

describe('batches', () => {
  it('lists batches newest first in pages, gets one, deletes one (then 404)', async () => {
    const made = [];
    for (let i = 0; i < 2; i++) made.push((await v.call('POST', '/v1/batches', { form: form(csv(`c-${i},A,B,,,`), { type: 'text/csv' }) as never })).json.identifier);
    for (const id of made) await settled(id);
    const page = (await v.call('GET', '/v1/batches?page_size=1')).json;
    expect(page.batches[0].identifier).toBe(made[1]);
    expect(page.next).toBe('/v1/batches?page_number=2&page_size=1');
    expect((await v.call('GET', page.next)).json.batches[0].identifier).toBe(made[0]);
    expect((await v.call('DELETE', `/v1/batches/${made[0]}`)).json).toEqual({ identifier: made[0] });
    expect((await v.call('GET', `/v1/batches/${made[0]}`)).status).toBe(404);
    expect((await v.call('DELETE', `/v1/batches/${made[0]}`)).status).toBe(404);
    expect((await v.call('GET', `/v1/batches/${made[0]}/report`)).status).toBe(404);
  });
});
