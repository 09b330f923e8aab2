/**
 * /v1 routes of bulk batches. An upload is a multipart form: the file (part `file`, CSV or XLSX), `workflow_type`,
 * and optionally `file_name`, `custom_list_identifier`, `lookup_list_identifier`. The file streams to a temporary
 * file, counted as it comes: past the batch limit of file bytes the upload stops and answers 413, so no upload is
 * ever held in memory. The batch is then created (202) and processed in the background from the temporary file
 * (deleted afterwards); the row and cell limits are enforced while that file is read, and a batch past them ends
 * in VALIDATING_ERROR with the spec's file error. Read the outcome with GET /v1/batches/{identifier}.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { BATCH_WORKFLOW_TYPES, CSV_MIMETYPES, XLSX_MIMETYPE } from '../../../bulk/enums.js';
import type { TransactionProblemDetail } from '../../../transactions/types.js';
import { answer, type V1Context, type V1Route } from '../http.js';
import { pageQuery, V1 } from '../schemas.js';
import { pageOf } from './transactions.js';

const id = { identifier: { type: 'string', format: 'uuid' } };
const FIELDS = ['workflow_type', 'file_name', 'custom_list_identifier', 'lookup_list_identifier'] as const;

/** The declared mimetype, or one read from the file name when the client sent none or a generic one. */
export function uploadMimetype(declared: string | undefined, fileName: string): string {
  const base = (declared ?? '').split(';')[0]!.trim().toLowerCase();
  if (base !== '' && base !== 'application/octet-stream') return declared as string;
  if (/\.csv$/i.test(fileName)) return CSV_MIMETYPES[0];
  if (/\.xlsx$/i.test(fileName)) return XLSX_MIMETYPE;
  return declared ?? 'application/octet-stream';
}

interface Upload {
  fields: Record<string, string>;
  file: { path: string; name: string; mimetype: string } | null;
}

async function receive(c: V1Context, dir: string): Promise<Upload | { problem: TransactionProblemDetail }> {
  const limits = c.area.batchLimits;
  const bad = (status: number, code: string, message: string, path: string) => ({ problem: c.area.problem(status, [{ code, message, path }]).error });
  if (!c.req.isMultipart()) return bad(415, 'UNSUPPORTED_MEDIA_TYPE', 'a batch is uploaded as multipart/form-data (a part `file`, a field `workflow_type`)', '$');
  const fields: Record<string, string> = {};
  let file: Upload['file'] = null;
  const parts = c.req.parts({ limits: { fileSize: limits.maxFileBytes, files: 1, fields: FIELDS.length, fieldSize: 1024, parts: FIELDS.length + 1 } });
  for await (const part of parts) {
    if (part.type === 'field') {
      if (!(FIELDS as readonly string[]).includes(part.fieldname)) return bad(400, 'UNKNOWN_FIELD', `unknown form field ${part.fieldname}`, `$.${part.fieldname}`);
      if (part.valueTruncated) return bad(400, 'MAX_SIZE_LIMIT_REACHED', `${part.fieldname} is longer than 1024 bytes`, `$.${part.fieldname}`);
      fields[part.fieldname] = String(part.value);
      continue;
    }
    if (part.fieldname !== 'file') {
      part.file.resume();
      return bad(400, 'UNKNOWN_FIELD', `the file goes in the part named file, not ${part.fieldname}`, `$.${part.fieldname}`);
    }
    const path = join(dir, 'upload');
    await pipeline(part.file, createWriteStream(path));
    if (part.file.truncated) {
      return bad(413, 'MAX_SIZE_LIMIT_REACHED', `the file is larger than the limit of ${limits.maxFileBytes} bytes`, '$.file');
    }
    file = { path, name: part.filename, mimetype: part.mimetype };
  }
  return { fields, file };
}

async function upload(c: V1Context) {
  const dir = await mkdtemp(join(tmpdir(), 'tamis-batch-'));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  let got: Upload | { problem: TransactionProblemDetail };
  try {
    got = await receive(c, dir);
  } catch (e) {
    await cleanup();
    const err = e as { statusCode?: number; message?: string };
    const status = err.statusCode === 413 ? 413 : 400;
    return { problem: c.area.problem(status, [{ code: status === 413 ? 'MAX_SIZE_LIMIT_REACHED' : 'MALFORMED_CONTENT', message: `the upload could not be read: ${err.message ?? String(e)}`, path: '$' }]).error };
  }
  if ('problem' in got) {
    await cleanup();
    return got;
  }
  const { fields, file } = got;
  if (!file) {
    await cleanup();
    return { problem: c.area.problem(400, [{ code: 'MANDATORY_COLUMN_MISSING', message: 'the upload has no part named file', path: '$.file' }]).error };
  }
  const fileName = fields.file_name ?? file.name;
  const input = {
    file_name: fileName,
    upload_method: 'HTTP',
    workflow_type: fields.workflow_type,
    ...(fields.custom_list_identifier !== undefined ? { custom_list_identifier: fields.custom_list_identifier } : {}),
    ...(fields.lookup_list_identifier !== undefined ? { lookup_list_identifier: fields.lookup_list_identifier } : {}),
  };
  const batchFile = { mimetype: uploadMimetype(file.mimetype, fileName), open: () => createReadStream(file.path) };
  const r = await c.area.startBatch(input, batchFile, c.actor.user_identifier, cleanup);
  return answer(r, 202, { headers: (b) => ({ location: `/v1/batches/${b.identifier}` }) });
}

export const BATCH_ROUTES: V1Route[] = [
  {
    method: 'POST',
    path: '/v1/batches',
    summary: 'Upload a CSV or XLSX file as a batch (multipart/form-data); processed in the background',
    tag: 'batches',
    body: {
      multipart: {
        type: 'object',
        required: ['file', 'workflow_type'],
        properties: {
          file: { type: 'string', format: 'binary', description: 'the CSV or XLSX file; its part Content-Type, else its name (.csv, .xlsx), gives the format' },
          workflow_type: { type: 'string', enum: [...BATCH_WORKFLOW_TYPES] },
          file_name: { type: 'string', description: 'default: the part file name' },
          custom_list_identifier: { type: 'string' },
          lookup_list_identifier: { type: 'string' },
        },
      },
    },
    responses: { 202: V1.batch },
    problems: [413, 415],
    handle: upload,
  },
  {
    method: 'GET',
    path: '/v1/batches',
    summary: 'Batches, newest first',
    tag: 'batches',
    query: pageQuery,
    responses: { 200: V1.batchList },
    handle: async (c) => answer(await c.area.bulk.listBatches(pageOf(c.query))),
  },
  {
    method: 'GET',
    path: '/v1/batches/:identifier',
    summary: 'A batch: status, statistics, file and row errors',
    tag: 'batches',
    params: id,
    responses: { 200: V1.batch },
    problems: [404],
    handle: async (c) => answer(await c.area.bulk.getBatch(c.params.identifier as string)),
  },
  {
    method: 'DELETE',
    path: '/v1/batches/:identifier',
    summary: 'Delete a batch and its workflow records (not while it is being processed)',
    tag: 'batches',
    params: id,
    responses: { 200: V1.deletedBatch },
    problems: [404, 409],
    handle: async (c) => {
      const identifier = c.params.identifier as string;
      if (c.area.batchRunning(identifier)) {
        return { problem: c.area.problem(409, [{ code: 'BATCH_IN_PROGRESS', message: 'the batch is being processed; delete it once it is done', path: '$.identifier' }], 'Conflict').error };
      }
      return answer(await c.area.bulk.deleteBatch(identifier));
    },
  },
  {
    method: 'GET',
    path: '/v1/batches/:identifier/report',
    summary: 'The batch report: where to download the per-row workflow results',
    tag: 'batches',
    params: id,
    responses: { 200: V1.batchReport },
    problems: [404],
    handle: async (c) => answer(await c.area.bulk.getReport(c.params.identifier as string)),
  },
  {
    method: 'GET',
    path: '/v1/batches/:identifier/workflows',
    summary: "The per-row workflow results as CSV (the report's workflows_download_link)",
    tag: 'batches',
    params: id,
    responses: { 200: { media: 'text/csv' } },
    problems: [404],
    handle: async (c) => {
      const r = answer(await c.area.bulk.workflowsCsv(c.params.identifier as string));
      return 'problem' in r ? r : { ...r, type: 'text/csv; charset=utf-8' };
    },
  },
];
