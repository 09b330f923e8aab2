/**
 * Bulk batches: an uploaded CSV or XLSX file runs through a workflow (create-and-screen, create-and-monitor,
 * manage-lookup-list). Two streaming passes: VALIDATING reads every row (file errors stop the batch with
 * VALIDATING_ERROR; row errors are recorded and the row is skipped later), PROCESSING runs the workflow on every
 * valid row. A malformed row never stops the batch. Progress is saved and reported every `progressEvery` rows.
 */
import type { Result } from '../errors.js';
import type { Screener, SearchRequest } from '../screening/types.js';
import type { TransactionClock, TransactionIdGenerator } from '../transactions/ports.js';
import type { TransactionProblemDetail, TransactionViolation } from '../transactions/types.js';
import { toProblemDetail } from '../transactions/validation.js';
import { cellBoolean, checkHeader, rowValues, validateRow, type RowValues } from './columns.js';
import { BATCH_UPLOAD_METHODS, BATCH_WORKFLOW_TYPES, type BatchWorkflowType } from './enums.js';
import type { BatchStore } from './ports.js';
import { DEFAULT_BATCH_FILE_LIMITS, echo, type BatchFileLimits } from './limits.js';
import { BatchFileFault, fileKindOf, readFileRows } from './reader.js';
import type {
  BatchFile,
  BatchFileError,
  BatchList,
  BatchProgress,
  BatchRecord,
  BatchReport,
  BatchRowError,
  BatchWorkflowRecord,
  BulkBatch,
  CreateBatchInput,
  DeletedBatch,
} from './types.js';
import { show } from '../own.js';

/** A lookup list as the manage-lookup-list workflow sees it. */
export interface LookupListInfo {
  identifier: string;
  status: 'ACTIVE' | 'INACTIVE' | 'ARCHIVED';
}

/** The host's lookup lists (the scenario engine's lookup lists, for example). */
export interface LookupListPort {
  get(identifier: string): Promise<LookupListInfo | null>;
  add(identifier: string, value: string): Promise<void>;
  remove(identifier: string, value: string): Promise<void>;
}

/** The host's internal (custom) screening lists. */
export interface CustomListPort {
  exists(identifier: string): Promise<boolean>;
}

export interface BulkServiceOptions {
  store: BatchStore;
  clock: TransactionClock;
  ids: TransactionIdGenerator;
  /** The account batches belong to. */
  account_identifier: string;
  /** Screens each row of create-and-screen and create-and-monitor. */
  screener?: Screener;
  lookupLists?: LookupListPort;
  customLists?: CustomListPort;
  /** Called after each row's workflow with its record (e.g. to create the customer and its monitoring). */
  onWorkflow?: (record: BatchWorkflowRecord, row: RowValues) => Promise<void>;
  /** Link to a download of the workflow results, if the host serves one. */
  workflowsDownloadLink?: (batch: BulkBatch) => string | null;
  /** Data rows allowed in a file (default 10000). */
  maxRows?: number;
  /** Limits on the file's bytes, cells and columns (defaults in `DEFAULT_BATCH_FILE_LIMITS`). */
  limits?: Partial<BatchFileLimits>;
  /** Save and report progress every this many rows (default 500). */
  progressEvery?: number;
  /** Hits kept per screened row in the workflow record (default 5). */
  hitsPerRow?: number;
  basePath?: string;
  pageSize?: number;
}

export interface ProcessOptions {
  onProgress?: (progress: BatchProgress) => void;
}

export interface BulkService {
  /** Register a batch (status NOT_STARTED). */
  createBatch(input: unknown, createdBy?: string | null): Promise<Result<BulkBatch, TransactionProblemDetail>>;
  /** Validate and process the batch's file. Returns the final batch (COMPLETED, PROCESSING_ERROR, VALIDATING_ERROR). */
  processBatch(identifier: string, file: BatchFile, options?: ProcessOptions): Promise<Result<BulkBatch, TransactionProblemDetail>>;
  /**
   * Process the oldest batch waiting (NOT_STARTED), taken from the store's queue (`BatchStore.claimNext`): several
   * workers (instances) calling it share the queue and never process one batch twice. `readFile` gives the file
   * of the batch (the host kept it at upload). Null when no batch waits.
   */
  processNext(
    readFile: (batch: BulkBatch) => Promise<BatchFile>,
    options?: ProcessOptions,
  ): Promise<Result<BulkBatch, TransactionProblemDetail> | null>;
  /** createBatch then processBatch. */
  submitBatch(input: unknown, file: BatchFile, options?: ProcessOptions & { created_by?: string | null }): Promise<Result<BulkBatch, TransactionProblemDetail>>;
  getBatch(identifier: string): Promise<Result<BulkBatch, TransactionProblemDetail>>;
  listBatches(page?: { page_number?: number; page_size?: number }): Promise<Result<BatchList, TransactionProblemDetail>>;
  deleteBatch(identifier: string): Promise<Result<DeletedBatch, TransactionProblemDetail>>;
  getReport(identifier: string): Promise<Result<BatchReport, TransactionProblemDetail>>;
  /** The per-row workflow records, by row number. */
  listWorkflows(identifier: string, page?: { page_number?: number; page_size?: number }): Promise<Result<{ workflows: BatchWorkflowRecord[]; total_count: number }, TransactionProblemDetail>>;
  /** The workflow records as CSV text (row_number,status,summary...), for a host's download link. */
  workflowsCsv(identifier: string): Promise<Result<string, TransactionProblemDetail>>;
}

const toBatch = (r: BatchRecord): BulkBatch => {
  const { parameters: _p, ...batch } = r;
  return structuredClone(batch);
};

const emptyStats = () => ({
  num_of_completed_workflows: 0,
  num_of_created_workflows: 0,
  num_of_errored_workflows: 0,
  num_of_validated_rows: 0,
  num_of_processed_rows: 0,
});

/**
 * One CSV cell. Text that a spreadsheet would read as a formula (starting with `=`, `+`, `-`, `@`, a tab or a
 * carriage return) is prefixed with `'` so that it stays text (OWASP's advice on CSV injection); numbers are
 * written as they are.
 */
export function csvCell(v: unknown): string {
  let s = v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
  if (typeof v !== 'number' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function createBulkService(options: BulkServiceOptions): BulkService {
  const { store, clock, ids } = options;
  const maxRows = options.maxRows ?? 10000;
  const limits: BatchFileLimits = { ...DEFAULT_BATCH_FILE_LIMITS, ...options.limits };
  /** An error as kept in the batch record: uploaded values echoed at most `maxEchoChars` long. */
  const echoed = <E extends BatchFileError>(e: E): E => {
    const a = e.attributes;
    if (!a || (!a.rejected_values && !a.column_names)) return e;
    return {
      ...e,
      attributes: {
        ...a,
        ...(a.rejected_values ? { rejected_values: a.rejected_values.map((v) => echo(v, limits.maxEchoChars)) } : {}),
        ...(a.column_names ? { column_names: a.column_names.map((v) => echo(v, limits.maxEchoChars)) } : {}),
      },
    };
  };
  const every = Math.max(1, options.progressEvery ?? 500);
  const hitsPerRow = options.hitsPerRow ?? 5;
  const basePath = options.basePath ?? '/v1';
  const defaultSize = options.pageSize ?? 50;

  const problem = (status: number, code: string, message: string, path: string): { ok: false; error: TransactionProblemDetail } => ({
    ok: false,
    error: toProblemDetail([{ code, message, path }], { clock, ids, status }),
  });
  const notFound = (id: unknown) => problem(404, 'BATCH_NOT_FOUND', `no batch ${show(id)}`, '$.identifier');
  /** The stored batch; identifiers come from outside, and anything but a string names no batch. */
  const load = async (identifier: unknown) => (typeof identifier === 'string' ? store.get(identifier) : null);

  const pageParams = (page: { page_number?: number; page_size?: number } = {}) => {
    const page_number = page.page_number ?? 1;
    const page_size = page.page_size ?? defaultSize;
    const ok = Number.isInteger(page_number) && page_number >= 1 && Number.isInteger(page_size) && page_size >= 1 && page_size <= 1000;
    return ok ? { page_number, page_size } : null;
  };

  /** File errors that depend on the workflow's parameters, checked before reading. */
  async function parameterErrors(batch: BatchRecord): Promise<BatchFileError[]> {
    const out: BatchFileError[] = [];
    const { custom_list_identifier: custom, lookup_list_identifier: lookup } = batch.parameters;
    if (batch.request.workflow_type === 'manage-lookup-list') {
      const info = lookup !== null && options.lookupLists ? await options.lookupLists.get(lookup) : null;
      if (!info) out.push({ code: 'INVALID_LOOKUP_LIST_IDENTIFIER', attributes: { rejected_values: lookup === null ? [] : [lookup] } });
      else if (info.status !== 'ACTIVE') out.push({ code: 'INVALID_LOOKUP_LIST_STATUS', attributes: { rejected_values: [info.status], required_formats: ['ACTIVE'] } });
    } else if (custom !== null) {
      const exists = options.customLists ? await options.customLists.exists(custom) : false;
      if (!exists) out.push({ code: 'INVALID_CUSTOM_LIST_IDENTIFIER', attributes: { rejected_values: [custom] } });
    }
    return out;
  }

  async function runWorkflow(batch: BatchRecord, rowNumber: number, row: RowValues): Promise<BatchWorkflowRecord> {
    const workflow = batch.request.workflow_type;
    const base = { batch_identifier: batch.identifier, row_number: rowNumber, workflow_type: workflow };
    try {
      let result: Record<string, unknown>;
      if (workflow === 'manage-lookup-list') {
        const list = batch.parameters.lookup_list_identifier as string;
        const lookups = options.lookupLists as LookupListPort;
        const remove = cellBoolean(row.remove) === true;
        if (remove) await lookups.remove(list, row.value as string);
        else await lookups.add(list, row.value as string);
        result = { lookup_list_identifier: list, value: row.value, action: remove ? 'REMOVED' : 'ADDED' };
      } else {
        if (!options.screener) throw new Error('no screener configured for screening workflows');
        const company = (row.company_name ?? '') !== '';
        const term = company
          ? (row.company_name as string)
          : [row.first_name, row.middle_name, row.last_name].filter((x) => x !== undefined && x !== '').join(' ');
        const year = row.birth_year ? Number(row.birth_year) : row.date_of_birth ? Number(row.date_of_birth.slice(0, 4)) : undefined;
        const request: SearchRequest = {
          search_term: term,
          client_ref: row.customer_external_identifier as string,
          filters: { entity_type: company ? 'company' : 'person', ...(year !== undefined ? { birth_year: year } : {}) },
          ...(batch.parameters.custom_list_identifier !== null ? { blacklist_ids: [batch.parameters.custom_list_identifier] } : {}),
        };
        const r = options.screener.search(request);
        if (!r.ok) throw new Error(`screening refused the row: ${r.error.message}`);
        const hits = [...r.value.hits, ...(r.value.blacklist_hits ?? [])].slice(0, hitsPerRow);
        result = {
          customer_external_identifier: row.customer_external_identifier,
          search_term: r.value.search_term,
          total_hits: r.value.total_hits + (r.value.total_blacklist_hits ?? 0),
          total_matches: r.value.total_matches,
          match_status: r.value.total_hits + (r.value.total_blacklist_hits ?? 0) > 0 ? 'potential_match' : 'no_match',
          hits: hits.map((h) => ({ id: h.doc.id, name: h.doc.name, score: h.score, types: h.doc.types ?? [] })),
          ...(workflow === 'create-and-monitor' ? { monitoring: { enabled: cellBoolean(row.monitoring_enabled) ?? true } } : {}),
        };
      }
      const record: BatchWorkflowRecord = { ...base, status: 'COMPLETED', result, error: null };
      if (options.onWorkflow) await options.onWorkflow(record, row);
      return record;
    } catch (e) {
      return { ...base, status: 'ERRORED', result: null, error: e instanceof Error ? e.message : String(e) };
    }
  }

  /** The batch ends INTERNAL_ERROR (saved when the store still answers), reported as a 500 problem. */
  async function fail(batch: BatchRecord, e: unknown): Promise<{ ok: false; error: TransactionProblemDetail }> {
    batch.status = 'INTERNAL_ERROR';
    batch.errors = { ...batch.errors, reason: 'INTERNAL_ERROR' };
    batch.updated_at = clock.now();
    try {
      await store.save(batch);
    } catch {
      // The store itself failed; the problem below still reports it.
    }
    return problem(500, 'INTERNAL_ERROR', e instanceof Error ? e.message : String(e), '$');
  }

  async function run(batch: BatchRecord, file: BatchFile, onProgress?: (p: BatchProgress) => void): Promise<Result<BulkBatch, TransactionProblemDetail>> {
    try {
      return { ok: true, value: toBatch(await processImpl(batch, file, onProgress)) };
    } catch (e) {
      return fail(batch, e);
    }
  }

  async function processImpl(batch: BatchRecord, file: BatchFile, onProgress?: (p: BatchProgress) => void): Promise<BatchRecord> {
    const save = async (workflows: BatchWorkflowRecord[] = []) => {
      batch.updated_at = clock.now();
      await store.save(batch, workflows);
    };
    const report = (rowsRead: number, total: number | null) =>
      onProgress?.({ batch_identifier: batch.identifier, status: batch.status, rows_read: rowsRead, rows_total: total, statistics: { ...batch.statistics } });
    const failValidation = async (errors: BatchFileError[]) => {
      batch.status = 'VALIDATING_ERROR';
      batch.errors = { file_errors: errors.map(echoed), row_errors: [], reason: 'MALFORMED_FILE' };
      batch.statistics = emptyStats();
      await save();
      report(0, null);
      return batch;
    };

    batch.status = 'VALIDATING';
    await save();
    report(0, null);

    // Pass 1: validate.
    const paramErrors = await parameterErrors(batch);
    if (paramErrors.length) return failValidation(paramErrors);
    const today = clock.now().slice(0, 10);
    const workflow = batch.request.workflow_type;
    const rowErrors: BatchRowError[] = [];
    const badRows = new Set<number>();
    let columns: string[] | null = null;
    let rows = 0;
    try {
      fileKindOf(file.mimetype);
      for await (const r of readFileRows(file, limits)) {
        if (columns === null) {
          const h = checkHeader(workflow, r.cells);
          if (!h.ok) return failValidation([h.error]);
          columns = h.columns;
          continue;
        }
        rows++;
        if (rows > maxRows) return failValidation([{ code: 'MAX_ROW_LIMIT_EXCEEDED', attributes: { max_row_limit: maxRows } }]);
        const { values, extra } = rowValues(columns, r.cells);
        const errors = validateRow(workflow, values, today, extra);
        if (errors.length) {
          if (rowErrors.length < limits.maxRowErrors) rowErrors.push({ row_number: r.row_number, errors: errors.map(echoed) });
          badRows.add(r.row_number);
        } else batch.statistics.num_of_validated_rows++;
        if (rows % every === 0) {
          await save();
          report(rows, null);
        }
      }
    } catch (e) {
      if (e instanceof BatchFileFault) return failValidation([e.error]);
      throw e;
    }
    if (columns === null) return failValidation([{ code: 'MALFORMED_CONTENT' }]);
    const total = rows;

    // Pass 2: process the valid rows.
    batch.status = 'PROCESSING';
    batch.errors = { file_errors: [], row_errors: rowErrors, reason: null };
    await save();
    report(0, total);
    let pending: BatchWorkflowRecord[] = [];
    let seen = 0;
    let header = true;
    for await (const r of readFileRows(file, limits)) {
      if (header) {
        header = false;
        continue;
      }
      seen++;
      if (!badRows.has(r.row_number)) {
        const { values } = rowValues(columns, r.cells);
        batch.statistics.num_of_created_workflows++;
        const rec = await runWorkflow(batch, r.row_number, values);
        if (rec.status === 'COMPLETED') batch.statistics.num_of_completed_workflows++;
        else batch.statistics.num_of_errored_workflows++;
        pending.push(rec);
      }
      batch.statistics.num_of_processed_rows = seen;
      if (seen % every === 0) {
        await save(pending);
        pending = [];
        report(seen, total);
      }
    }
    const failed = rowErrors.length > 0 || batch.statistics.num_of_errored_workflows > 0;
    batch.status = failed ? 'PROCESSING_ERROR' : 'COMPLETED';
    batch.errors.reason = failed ? 'INVALID_ROWS' : null;
    await save(pending);
    report(seen, total);
    return batch;
  }

  const service: BulkService = {
    async createBatch(input, createdBy = null) {
      const v: TransactionViolation[] = [];
      const i = (input ?? {}) as Partial<CreateBatchInput>;
      if (typeof i.file_name !== 'string' || i.file_name.trim() === '')
        v.push({ code: 'MANDATORY_COLUMN_MISSING', message: 'file_name is required', path: '$.file_name' });
      if (!(BATCH_WORKFLOW_TYPES as readonly string[]).includes(i.workflow_type as string))
        v.push({ code: 'INVALID_VALUE', message: `workflow_type must be one of ${BATCH_WORKFLOW_TYPES.join(', ')}`, path: '$.workflow_type' });
      if (i.upload_method !== undefined && !(BATCH_UPLOAD_METHODS as readonly string[]).includes(i.upload_method))
        v.push({ code: 'INVALID_VALUE', message: `upload_method must be one of ${BATCH_UPLOAD_METHODS.join(', ')}`, path: '$.upload_method' });
      if (v.length) return { ok: false, error: toProblemDetail(v, { clock, ids, status: 400 }) };
      const now = clock.now();
      const batch: BatchRecord = {
        identifier: ids.next(),
        account_identifier: options.account_identifier,
        created_at: now,
        updated_at: now,
        created_by: createdBy,
        request: { file_name: i.file_name as string, upload_method: i.upload_method ?? 'HTTP', workflow_type: i.workflow_type as BatchWorkflowType },
        status: 'NOT_STARTED',
        statistics: emptyStats(),
        errors: { file_errors: [], row_errors: [], reason: null },
        parameters: { custom_list_identifier: i.custom_list_identifier ?? null, lookup_list_identifier: i.lookup_list_identifier ?? null },
      };
      await store.save(batch);
      return { ok: true, value: toBatch(batch) };
    },

    async processBatch(identifier, file, processOptions = {}) {
      const stored = await load(identifier);
      if (!stored) return notFound(identifier);
      const already = (b: BatchRecord) => problem(409, 'BATCH_ALREADY_PROCESSED', `the batch is ${b.status}`, '$.status');
      if (stored.status !== 'NOT_STARTED') return already(stored);
      let batch = stored;
      if (store.claim) {
        // Several instances may be asked to process one batch: the store lets exactly one take it.
        // (updated_at is set by the first save of processing, right after.)
        const claimed: BatchRecord = { ...stored, status: 'VALIDATING' };
        if (!(await store.claim(identifier as string, claimed))) return already((await store.get(identifier as string)) ?? claimed);
        batch = claimed;
      }
      return run(batch, file, processOptions.onProgress);
    },

    async processNext(readFile, processOptions = {}) {
      if (!store.claimNext) throw new Error('processNext: the batch store cannot hand out waiting batches (it has no claimNext)');
      const batch = await store.claimNext((b) => ({ ...b, status: 'VALIDATING' }));
      if (!batch) return null;
      let file: BatchFile;
      try {
        file = await readFile(toBatch(batch));
      } catch (e) {
        return fail(batch, e);
      }
      return run(batch, file, processOptions.onProgress);
    },

    async submitBatch(input, file, submitOptions = {}) {
      const created = await service.createBatch(input, submitOptions.created_by ?? null);
      if (!created.ok) return created;
      return service.processBatch(created.value.identifier, file, submitOptions);
    },

    async getBatch(identifier) {
      const b = await load(identifier);
      return b ? { ok: true, value: toBatch(b) } : notFound(identifier);
    },

    async listBatches(page) {
      const p = pageParams(page);
      if (!p) return problem(400, 'INVALID_NUMBER', 'page_number must be at least 1 and page_size from 1 to 1000', '$.page_number');
      const res = await store.list(p);
      const last = Math.max(1, Math.ceil(res.total_count / p.page_size));
      const at = (n: number) => `${basePath}/batches?page_number=${n}&page_size=${p.page_size}`;
      return {
        ok: true,
        value: {
          batches: res.items.map(toBatch),
          first: at(1),
          self: at(p.page_number),
          next: p.page_number < last ? at(p.page_number + 1) : null,
          prev: p.page_number > 1 ? at(Math.min(p.page_number - 1, last)) : null,
          total_count: res.total_count,
        },
      };
    },

    async deleteBatch(identifier) {
      return typeof identifier === 'string' && (await store.delete(identifier)) ? { ok: true, value: { identifier } } : notFound(identifier);
    },

    async getReport(identifier) {
      const b = await load(identifier);
      if (!b) return notFound(identifier);
      return { ok: true, value: { workflows_download_link: options.workflowsDownloadLink?.(toBatch(b)) ?? null } };
    },

    async listWorkflows(identifier, page) {
      const p = pageParams(page);
      if (!p) return problem(400, 'INVALID_NUMBER', 'page_number must be at least 1 and page_size from 1 to 1000', '$.page_number');
      if (!(await load(identifier))) return notFound(identifier);
      const res = await store.workflows(identifier, p);
      return { ok: true, value: { workflows: res.items, total_count: res.total_count } };
    },

    async workflowsCsv(identifier) {
      if (!(await load(identifier))) return notFound(identifier);
      const lines = ['row_number,status,customer_external_identifier,search_term,total_hits,total_matches,match_status,lookup_list_value,action,error'];
      for (let n = 1; ; n++) {
        const res = await store.workflows(identifier, { page_number: n, page_size: 1000 });
        for (const w of res.items) {
          const r = w.result ?? {};
          lines.push(
            [w.row_number, w.status, r.customer_external_identifier, r.search_term, r.total_hits, r.total_matches, r.match_status, r.value, r.action, w.error]
              .map(csvCell)
              .join(','),
          );
        }
        if (n * 1000 >= res.total_count) break;
      }
      return { ok: true, value: `${lines.join('\n')}\n` };
    },
  };
  return service;
}

/** An in-memory lookup-list port (reference and tests). */
export function createInMemoryLookupLists(lists: Record<string, { status: LookupListInfo['status']; values?: string[] }>): LookupListPort & {
  values(identifier: string): string[];
} {
  const state = new Map(Object.entries(lists).map(([k, v]) => [k, { status: v.status, values: new Set(v.values ?? []) }]));
  return {
    async get(identifier) {
      const l = state.get(identifier);
      return l ? { identifier, status: l.status } : null;
    },
    async add(identifier, value) {
      state.get(identifier)?.values.add(value);
    },
    async remove(identifier, value) {
      state.get(identifier)?.values.delete(value);
    },
    values: (identifier) => [...(state.get(identifier)?.values ?? [])].sort(),
  };
}
