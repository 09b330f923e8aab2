import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import {
  BATCH_FILE_ERROR_CODES,
  InMemoryBatchStore,
  PRODUCED_ROW_ERROR_CODES,
  createBulkService,
  createInMemoryLookupLists,
  type BatchFile,
  type BatchProgress,
  type BatchStore,
  type BulkServiceOptions,
} from '../../src/bulk/index.js';
import { createSqliteBatchStore } from '../../src/bulk/sqlite/index.js';
import { testBatchStore } from '../../src/bulk/testing/conformance.js';
import { fixedTransactionClock, sequentialTransactionIds } from '../../src/transactions/index.js';
import { XLSX, csv, screener, xlsx } from './helpers.js';

testBatchStore('memory', () => new InMemoryBatchStore());
testBatchStore('sqlite (:memory:)', () => createSqliteBatchStore(new Database(':memory:')));

const ACCOUNT = '00000000-0000-4000-8000-0000000000ac';
const STORES = [
  ['memory', () => new InMemoryBatchStore()],
  ['sqlite', () => createSqliteBatchStore(new Database(':memory:'))],
] as const;

function service(over: Partial<BulkServiceOptions> = {}, store: BatchStore = new InMemoryBatchStore()) {
  const lookupLists = createInMemoryLookupLists({
    'high-risk-mcc': { status: 'ACTIVE', values: ['7995'] },
    'old-list': { status: 'INACTIVE' },
  });
  const svc = createBulkService({
    store,
    clock: fixedTransactionClock('2026-03-01T12:00:00Z', 1),
    ids: sequentialTransactionIds('0000dddd'),
    account_identifier: ACCOUNT,
    screener: screener(),
    lookupLists,
    customLists: { exists: async (id) => id === 'internal-blacklist' },
    ...over,
  });
  return { svc, lookupLists, store };
}

const csvFile = (rows: string[][]): BatchFile => ({ mimetype: 'text/csv', content: csv(rows) });
const SCREEN_HEADER = ['customer_external_identifier', 'first_name', 'last_name', 'company_name', 'date_of_birth', 'country', 'email'];
const screenReq = { file_name: 'customers.csv', workflow_type: 'create-and-screen' };

describe.each(STORES)('batches over the %s store', (_kind, makeStore) => {
  it('create-and-screen screens each row and completes with statistics and a report', async () => {
    const { svc } = service({}, makeStore());
    const progress: BatchProgress[] = [];
    const r = await svc.submitBatch(
      screenReq,
      csvFile([
        SCREEN_HEADER,
        ['c-1', 'Ivan', 'Sidorov', '', '1960-04-02', 'RU', 'ivan@example.com'],
        ['c-2', 'Zed', 'Nobody', '', '', 'GB', ''],
        ['c-3', '', '', 'Acme Trading Ltd', '', 'DE', ''],
      ]),
      { onProgress: (p) => progress.push(p) },
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toMatchObject({
      account_identifier: ACCOUNT,
      created_by: null,
      request: { file_name: 'customers.csv', upload_method: 'HTTP', workflow_type: 'create-and-screen' },
      status: 'COMPLETED',
      statistics: { num_of_completed_workflows: 3, num_of_created_workflows: 3, num_of_errored_workflows: 0, num_of_validated_rows: 3, num_of_processed_rows: 3 },
      errors: { file_errors: [], row_errors: [], reason: null },
    });
    expect(Object.keys(r.value).sort()).toEqual(['account_identifier', 'created_at', 'created_by', 'errors', 'identifier', 'request', 'statistics', 'status', 'updated_at']);
    expect([...new Set(progress.map((p) => p.status))]).toEqual(['VALIDATING', 'PROCESSING', 'COMPLETED']);
    const flows = await svc.listWorkflows(r.value.identifier);
    expect(flows.ok && flows.value.workflows.map((w) => [w.row_number, w.result?.match_status])).toEqual([
      [2, 'potential_match'],
      [3, 'no_match'],
      [4, 'potential_match'],
    ]);
    expect(flows.ok && (flows.value.workflows[0]!.result!.hits as Array<{ id: string }>)[0]!.id).toBe('sdn-1');
    expect(await svc.getReport(r.value.identifier)).toEqual({ ok: true, value: { workflows_download_link: null } });
    const text = await svc.workflowsCsv(r.value.identifier);
    expect(text.ok && text.value.split('\n')[1]).toMatch(/^2,COMPLETED,c-1,Ivan Sidorov,/);
  });

  it('a malformed row never stops the batch: valid rows run, the bad one is reported', async () => {
    const { svc } = service({}, makeStore());
    const r = await svc.submitBatch(
      screenReq,
      csvFile([SCREEN_HEADER, ['c-1', 'Ivan', 'Sidorov', '', '', '', ''], ['c-2', 'Ann', 'Lee', '', '1990-13-01', 'XX', 'not-an-email'], ['c-3', 'Bo', 'Chan', '', '', '', '']]),
    );
    expect(r.ok && r.value).toMatchObject({
      status: 'PROCESSING_ERROR',
      statistics: { num_of_validated_rows: 2, num_of_created_workflows: 2, num_of_completed_workflows: 2, num_of_processed_rows: 3 },
      errors: {
        reason: 'INVALID_ROWS',
        row_errors: [
          {
            row_number: 3,
            errors: [
              { code: 'INVALID_DATE', attributes: { column_names: ['date_of_birth'], rejected_values: ['1990-13-01'], required_formats: ['YYYY-MM-DD'] } },
              { code: 'INVALID_COUNTRY_CODE', attributes: { column_names: ['country'], rejected_values: ['XX'], required_formats: ['ISO 3166-1 alpha-2'] } },
              { code: 'INVALID_EMAIL_ADDRESS', attributes: { column_names: ['email'], rejected_values: ['not-an-email'] } },
            ],
          },
        ],
      },
    });
  });

  it('list, get and delete batches', async () => {
    const { svc } = service({}, makeStore());
    const a = await svc.createBatch(screenReq, '00000000-0000-4000-8000-000000000001');
    const b = await svc.createBatch({ ...screenReq, file_name: 'b.csv', upload_method: 'SFTP' });
    if (!a.ok || !b.ok) throw new Error('create');
    expect(a.value.status).toBe('NOT_STARTED');
    expect(a.value.created_by).toBe('00000000-0000-4000-8000-000000000001');
    const list = await svc.listBatches({ page_size: 1 });
    expect(list.ok && list.value).toMatchObject({
      first: '/v1/batches?page_number=1&page_size=1',
      self: '/v1/batches?page_number=1&page_size=1',
      next: '/v1/batches?page_number=2&page_size=1',
      prev: null,
      total_count: 2,
    });
    expect(list.ok && list.value.batches[0]!.identifier).toBe(b.value.identifier);
    expect(await svc.deleteBatch(a.value.identifier)).toEqual({ ok: true, value: { identifier: a.value.identifier } });
    const gone = await svc.getBatch(a.value.identifier);
    expect(!gone.ok && gone.error.status).toBe(404);
    const again = await svc.deleteBatch(a.value.identifier);
    expect(!again.ok && again.error.errors[0]!.code).toBe('BATCH_NOT_FOUND');
  });
});

/** One file per file error code the validation can produce. */
const FILE_ERROR_CASES: Array<[string, string, () => Promise<{ req: object; file: BatchFile; opts?: Partial<BulkServiceOptions> }>, object | undefined]> = [
  ['UNSUPPORTED_MIMETYPE', 'a PDF', async () => ({ req: screenReq, file: { mimetype: 'application/pdf', content: '%PDF-1.4' } }), { rejected_values: ['application/pdf'], required_formats: ['text/csv', XLSX] }],
  ['MULTIPLE_SHEETS_FOUND', 'a workbook with two sheets', async () => ({ req: screenReq, file: { mimetype: XLSX, content: await xlsx([[SCREEN_HEADER, ['c-1', 'A', 'B']], [['x']]]) } }), undefined],
  ['MALFORMED_CONTENT', 'an unclosed quote', async () => ({ req: screenReq, file: { mimetype: 'text/csv', content: 'customer_external_identifier,last_name\nc-1,"Smith\n' } }), undefined],
  ['MALFORMED_CONTENT', 'bytes that are not UTF-8', async () => ({ req: screenReq, file: { mimetype: 'text/csv', content: new Uint8Array([0xff, 0xfe, 0x00, 0x41, 0xc3]) } }), undefined],
  ['MALFORMED_CONTENT', 'an empty file', async () => ({ req: screenReq, file: { mimetype: 'text/csv', content: '' } }), undefined],
  ['MALFORMED_CONTENT', 'a corrupt workbook', async () => ({ req: screenReq, file: { mimetype: XLSX, content: 'PK not really a zip' } }), undefined],
  ['MALFORMED_CONTENT', 'a column named twice', async () => ({ req: screenReq, file: { mimetype: 'text/csv', content: 'last_name,Last Name\na,b\n' } }), { column_names: ['last_name'] }],
  ['UNSUPPORTED_COLUMN', 'an unknown column', async () => ({ req: screenReq, file: csvFile([[...SCREEN_HEADER, 'Shoe Size'], ['c-1', 'A', 'B', '', '', '', '', '44']]) }), { column_names: ['shoe_size'] }],
  ['UNSUPPORTED_COLUMN', 'a monitoring column in create-and-screen', async () => ({ req: screenReq, file: csvFile([['customer_external_identifier', 'last_name', 'currency']]) }), { column_names: ['currency'] }],
  ['MAX_ROW_LIMIT_EXCEEDED', 'four rows over a limit of three', async () => ({ req: screenReq, file: csvFile([SCREEN_HEADER, ...[1, 2, 3, 4].map((n) => [`c-${n}`, 'A', 'B', '', '', '', ''])]), opts: { maxRows: 3 } }), { max_row_limit: 3 }],
  ['INVALID_CUSTOM_LIST_IDENTIFIER', 'an unknown custom list', async () => ({ req: { ...screenReq, custom_list_identifier: 'nope' }, file: csvFile([SCREEN_HEADER]) }), { rejected_values: ['nope'] }],
  ['INVALID_LOOKUP_LIST_IDENTIFIER', 'an unknown lookup list', async () => ({ req: { file_name: 'l.csv', workflow_type: 'manage-lookup-list', lookup_list_identifier: 'nope' }, file: csvFile([['value'], ['1']]) }), { rejected_values: ['nope'] }],
  ['INVALID_LOOKUP_LIST_IDENTIFIER', 'no lookup list at all', async () => ({ req: { file_name: 'l.csv', workflow_type: 'manage-lookup-list' }, file: csvFile([['value'], ['1']]) }), { rejected_values: [] }],
  ['INVALID_LOOKUP_LIST_STATUS', 'an inactive lookup list', async () => ({ req: { file_name: 'l.csv', workflow_type: 'manage-lookup-list', lookup_list_identifier: 'old-list' }, file: csvFile([['value'], ['1']]) }), { rejected_values: ['INACTIVE'], required_formats: ['ACTIVE'] }],
];

describe('file validation errors', () => {
  it('every file error code of the spec has a case below', () => {
    expect(new Set(FILE_ERROR_CASES.map((c) => c[0]))).toEqual(new Set(BATCH_FILE_ERROR_CODES));
  });

  it.each(FILE_ERROR_CASES)('%s: %s stops the batch in VALIDATING_ERROR before any workflow', async (code, _n, make, attributes) => {
    const { req, file, opts } = await make();
    const onWorkflow = async () => {
      throw new Error('no workflow may run');
    };
    const { svc } = service({ ...opts, onWorkflow });
    const r = await svc.submitBatch(req, file);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.status).toBe('VALIDATING_ERROR');
    expect(r.value.errors.reason).toBe('MALFORMED_FILE');
    expect(r.value.errors.file_errors).toHaveLength(1);
    expect(r.value.errors.file_errors[0]!.code).toBe(code);
    if (attributes) expect(r.value.errors.file_errors[0]!.attributes).toEqual(attributes);
    expect(r.value.statistics.num_of_created_workflows).toBe(0);
  });
});

const H = ['customer_external_identifier', 'last_name'];
/** One row per row error code the workflows produce: [code, workflow, header, row, expected attributes]. */
const ROW_ERROR_CASES: Array<[string, string, string[], string[], object]> = [
  ['MANDATORY_COLUMN_MISSING', 'create-and-screen', H, ['', 'Smith'], { column_names: ['customer_external_identifier'] }],
  ['ONE_OF_REQUIRED', 'create-and-screen', [...H, 'first_name'], ['c-1', '', 'John'], { column_options: [['last_name'], ['company_name']] }],
  ['MUTUALLY_EXCLUSIVE', 'create-and-screen', [...H, 'company_name'], ['c-1', 'Smith', 'Smith Ltd'], { column_names: ['company_name', 'last_name'] }],
  ['INVALID_CURRENCY_CODE', 'create-and-monitor', [...H, 'currency'], ['c-1', 'Smith', 'EURO'], { column_names: ['currency'], rejected_values: ['EURO'], required_formats: ['ISO 4217'] }],
  ['INVALID_COUNTRY_CODE', 'create-and-screen', [...H, 'nationality'], ['c-1', 'Smith', 'gb'], { column_names: ['nationality'], rejected_values: ['gb'], required_formats: ['ISO 3166-1 alpha-2'] }],
  ['INVALID_COUNTRY_SUBDIVISION_CODE', 'create-and-screen', [...H, 'country_subdivision'], ['c-1', 'Smith', 'California'], { column_names: ['country_subdivision'], rejected_values: ['California'], required_formats: ['ISO 3166-2'] }],
  ['INVALID_NUMBER', 'create-and-monitor', [...H, 'expected_monthly_amount'], ['c-1', 'Smith', '1,000'], { column_names: ['expected_monthly_amount'], rejected_values: ['1,000'] }],
  ['INVALID_BIRTH_DATE_YEAR', 'create-and-screen', [...H, 'birth_year'], ['c-1', 'Smith', '2027'], { column_names: ['birth_year'], rejected_values: ['2027'], expected_range: [1800, 2026] }],
  ['INVALID_PHONE_NUMBER', 'create-and-screen', [...H, 'phone'], ['c-1', 'Smith', '12-34'], { column_names: ['phone'], rejected_values: ['12-34'] }],
  ['INVALID_EMAIL_ADDRESS', 'create-and-screen', [...H, 'email'], ['c-1', 'Smith', 'john@'], { column_names: ['email'], rejected_values: ['john@'] }],
  ['INVALID_URL', 'create-and-screen', [...H, 'website'], ['c-1', 'Smith', 'ftp://x.example'], { column_names: ['website'], rejected_values: ['ftp://x.example'] }],
  ['INVALID_GENDER', 'create-and-screen', [...H, 'gender'], ['c-1', 'Smith', 'M'], { column_names: ['gender'], rejected_values: ['M'], required_formats: ['MALE', 'FEMALE', 'OTHER', 'UNKNOWN'] }],
  ['INVALID_ADDRESS_TYPE', 'create-and-screen', [...H, 'address_type'], ['c-1', 'Smith', 'HOME'], { column_names: ['address_type'], rejected_values: ['HOME'], required_formats: ['RESIDENTIAL', 'MAILING', 'OPERATING', 'REGISTRATION', 'BILLING'] }],
  ['MAX_SIZE_LIMIT_REACHED', 'create-and-screen', H, ['c-1', 'x'.repeat(257)], { column_names: ['last_name'], expected_range: [0, 256] }],
  ['INVALID_IBAN', 'create-and-screen', [...H, 'iban'], ['c-1', 'Smith', 'GB82 WEST 1234 5698 7654 33'], { column_names: ['iban'], rejected_values: ['GB82 WEST 1234 5698 7654 33'] }],
  ['INVALID_IP_ADDRESS', 'create-and-screen', [...H, 'ip_address'], ['c-1', 'Smith', '300.1.1.1'], { column_names: ['ip_address'], rejected_values: ['300.1.1.1'] }],
  ['INVALID_DATE', 'create-and-monitor', [...H, 'account_opened_on'], ['c-1', 'Smith', '01/02/2020'], { column_names: ['account_opened_on'], rejected_values: ['01/02/2020'], required_formats: ['YYYY-MM-DD'] }],
  ['DATE_EXCEEDS_PRESENT', 'create-and-screen', [...H, 'date_of_birth'], ['c-1', 'Smith', '2026-03-02'], { column_names: ['date_of_birth'], rejected_values: ['2026-03-02'] }],
  ['INVALID_BIC', 'create-and-screen', [...H, 'bic'], ['c-1', 'Smith', 'DEUT'], { column_names: ['bic'], rejected_values: ['DEUT'] }],
  ['INVALID_CHARACTER', 'create-and-screen', H, ['c-1', 'Sm\u0007ith'], { column_names: ['last_name'], rejected_values: ['Sm\u0007ith'] }],
  ['INVALID_BOOLEAN', 'manage-lookup-list', ['value', 'remove'], ['7995', 'maybe'], { column_names: ['remove'], rejected_values: ['maybe'], required_formats: ['true', 'false'] }],
];

describe('row validation errors', () => {
  it('every row error code the workflows produce has a case below', () => {
    expect(new Set(ROW_ERROR_CASES.map((c) => c[0]))).toEqual(new Set(PRODUCED_ROW_ERROR_CODES));
  });

  it.each(ROW_ERROR_CASES)('%s (%s) is reported on its row with its attributes', async (code, workflow, header, row, attributes) => {
    const { svc } = service();
    const req = { file_name: 'f.csv', workflow_type: workflow, ...(workflow === 'manage-lookup-list' ? { lookup_list_identifier: 'high-risk-mcc' } : {}) };
    const r = await svc.submitBatch(req, csvFile([header, row]));
    if (!r.ok) throw new Error(r.error.detail ?? '');
    expect(r.value.status).toBe('PROCESSING_ERROR');
    expect(r.value.errors.row_errors).toEqual([{ row_number: 2, errors: [{ code, attributes }] }]);
    expect(r.value.statistics).toMatchObject({ num_of_validated_rows: 0, num_of_created_workflows: 0, num_of_processed_rows: 1 });
  });

  it.each([
    ['a valid IBAN with spaces', 'iban', 'GB82 WEST 1234 5698 7654 32'],
    ['a valid BIC with branch', 'bic', 'DEUTDEFF500'],
    ['an E.164 phone number', 'phone', '+44 20 7946 0958'],
    ['an IPv6 address', 'ip_address', '2001:db8::1'],
    ['a subdivision code', 'country_subdivision', 'US-CA'],
    ['an https URL', 'website', 'https://example.com/about'],
    ['a birth year', 'birth_year', '1975'],
    ['a gender in lower case', 'gender', 'female'],
  ])('%s passes', async (_n, column, value) => {
    const { svc } = service();
    const r = await svc.submitBatch(screenReq, csvFile([[...H, column], ['c-1', 'Smith', value]]));
    expect(r.ok && r.value.status).toBe('COMPLETED');
  });

  it('a row with more cells than the header is a row error, not a file error', async () => {
    const { svc } = service();
    const r = await svc.submitBatch(screenReq, { mimetype: 'text/csv', content: 'customer_external_identifier,last_name\nc-1,Smith,extra\nc-2,Jones\n' });
    expect(r.ok && r.value).toMatchObject({
      status: 'PROCESSING_ERROR',
      statistics: { num_of_completed_workflows: 1 },
      errors: { row_errors: [{ row_number: 2, errors: [{ code: 'MAX_SIZE_LIMIT_REACHED', attributes: { rejected_values: ['extra'], expected_range: [0, 2] } }] }] },
    });
  });

  it('a stray quote inside a value is kept as text, not a malformed file', async () => {
    const { svc } = service();
    const r = await svc.submitBatch(screenReq, { mimetype: 'text/csv', content: 'customer_external_identifier,last_name\nc-1,O"Brien\nc-2,"Smith, Jr"\n' });
    expect(r.ok && r.value.status).toBe('COMPLETED');
    const flows = r.ok ? await svc.listWorkflows(r.value.identifier) : null;
    expect(flows?.ok && flows.value.workflows.map((w) => w.result?.search_term)).toEqual(['O"Brien', 'Smith, Jr']);
  });

  it('a header that only names a subset of columns is fine; a missing mandatory column fails every row', async () => {
    const { svc } = service();
    const r = await svc.submitBatch(screenReq, csvFile([['last_name'], ['Smith'], ['Jones']]));
    expect(r.ok && r.value.errors.row_errors.map((e) => [e.row_number, e.errors[0]!.code])).toEqual([
      [2, 'MANDATORY_COLUMN_MISSING'],
      [3, 'MANDATORY_COLUMN_MISSING'],
    ]);
  });
});

describe('workflows', () => {
  it('XLSX files are read with dates and numbers as text', async () => {
    const { svc } = service();
    const file = await xlsx([[['Customer External Identifier', 'First Name', 'Last Name', 'Date of Birth', 'Birth Year'], ['c-1', 'Ivan', 'Sidorov', new Date(Date.UTC(1960, 3, 2)), null], [42, 'Maria', 'Gonzalez', null, 1971]]]);
    const r = await svc.submitBatch({ file_name: 'c.xlsx', workflow_type: 'create-and-screen' }, { mimetype: XLSX, content: file });
    expect(r.ok && r.value.status).toBe('COMPLETED');
    if (!r.ok) return;
    const flows = await svc.listWorkflows(r.value.identifier);
    expect(flows.ok && flows.value.workflows.map((w) => [w.row_number, w.result?.customer_external_identifier, w.result?.match_status])).toEqual([
      [2, 'c-1', 'potential_match'],
      [3, '42', 'potential_match'],
    ]);
  });

  it('create-and-monitor screens and records the monitoring choice; the host hook sees every record', async () => {
    const seen: string[] = [];
    const { svc } = service({ onWorkflow: async (rec, row) => void seen.push(`${rec.row_number}:${row.customer_external_identifier}`) });
    const r = await svc.submitBatch(
      { file_name: 'm.csv', workflow_type: 'create-and-monitor' },
      csvFile([['customer_external_identifier', 'last_name', 'monitoring_enabled', 'currency'], ['c-1', 'Smith', 'no', 'EUR'], ['c-2', 'Jones', '', 'GBP']]),
    );
    if (!r.ok) throw new Error('submit');
    const flows = await svc.listWorkflows(r.value.identifier);
    expect(flows.ok && flows.value.workflows.map((w) => w.result?.monitoring)).toEqual([{ enabled: false }, { enabled: true }]);
    expect(seen).toEqual(['2:c-1', '3:c-2']);
  });

  it('manage-lookup-list adds and removes values of an active list', async () => {
    const { svc, lookupLists } = service();
    const r = await svc.submitBatch(
      { file_name: 'l.csv', workflow_type: 'manage-lookup-list', lookup_list_identifier: 'high-risk-mcc' },
      csvFile([['value', 'remove'], ['5933', ''], ['7995', 'true'], ['6051', 'false']]),
    );
    expect(r.ok && r.value.status).toBe('COMPLETED');
    expect(lookupLists.values('high-risk-mcc')).toEqual(['5933', '6051']);
  });

  it('a custom list narrows screening to that internal list', async () => {
    const calls: unknown[] = [];
    const base = screener();
    const spy = { ...base, size: base.size, entities: () => base.entities(), search: (req: never) => (calls.push(req), base.search(req)) };
    const { svc } = service({ screener: spy });
    await svc.submitBatch({ ...screenReq, custom_list_identifier: 'internal-blacklist' }, csvFile([H, ['c-1', 'Smith']]));
    expect(calls).toEqual([expect.objectContaining({ blacklist_ids: ['internal-blacklist'], client_ref: 'c-1', search_term: 'Smith' })]);
  });

  it('a workflow that fails (no screener) is counted as errored and the batch ends in PROCESSING_ERROR', async () => {
    const { svc } = service({ screener: undefined });
    const r = await svc.submitBatch(screenReq, csvFile([H, ['c-1', 'Smith']]));
    expect(r.ok && r.value).toMatchObject({ status: 'PROCESSING_ERROR', statistics: { num_of_created_workflows: 1, num_of_errored_workflows: 1 }, errors: { reason: 'INVALID_ROWS', row_errors: [] } });
    if (!r.ok) return;
    const flows = await svc.listWorkflows(r.value.identifier);
    expect(flows.ok && flows.value.workflows[0]).toMatchObject({ status: 'ERRORED', error: 'no screener configured for screening workflows' });
  });

  it('a large file streams in chunks with progress saved along the way', async () => {
    const rows = 5000;
    let opened = 0;
    async function* chunks() {
      opened++;
      yield 'customer_external_identifier,last_name\n';
      for (let i = 0; i < rows; i += 250) {
        let s = '';
        for (let j = i; j < i + 250; j++) s += `c-${j},${j % 1000 === 999 ? '' : `Name${j}`}\n`;
        yield s;
      }
    }
    const statuses: string[] = [];
    const store = new InMemoryBatchStore();
    const saves: string[] = [];
    const spyStore: BatchStore = { ...store, save: async (b, w) => (saves.push(b.status), store.save(b, w)), get: (id) => store.get(id), list: (p) => store.list(p), delete: (id) => store.delete(id), workflows: (id, p) => store.workflows(id, p) };
    const progress: BatchProgress[] = [];
    const { svc } = service({ progressEvery: 1000 }, spyStore);
    const r = await svc.submitBatch(screenReq, { mimetype: 'text/csv', open: chunks }, { onProgress: (p) => (progress.push(p), statuses.push(p.status)) });
    expect(opened).toBe(2);
    expect(r.ok && r.value).toMatchObject({
      status: 'PROCESSING_ERROR',
      statistics: { num_of_processed_rows: 5000, num_of_validated_rows: 4995, num_of_completed_workflows: 4995 },
    });
    expect(r.ok && r.value.errors.row_errors.map((e) => e.row_number)).toEqual([1001, 2001, 3001, 4001, 5001]);
    expect(progress.filter((p) => p.status === 'PROCESSING').map((p) => p.rows_read)).toEqual([0, 1000, 2000, 3000, 4000, 5000]);
    expect(progress.filter((p) => p.status === 'PROCESSING').every((p) => p.rows_total === 5000)).toBe(true);
    expect(saves.filter((s) => s === 'PROCESSING').length).toBeGreaterThanOrEqual(6);
    const flows = await svc.listWorkflows(r.ok ? r.value.identifier : '', { page_size: 1000, page_number: 5 });
    expect(flows.ok && flows.value.total_count).toBe(4995);
  });

  it('a large workbook streams with progress and keeps spreadsheet row numbers in row errors', async () => {
    const rows: Array<Array<string | null>> = [['customer_external_identifier', 'last_name', 'nationality']];
    for (let i = 0; i < 1200; i++) rows.push([`c-${i}`, `Name${i}`, i === 700 ? 'Narnia' : 'FR']);
    const content = await xlsx([rows]);
    const progress: BatchProgress[] = [];
    const { svc } = service({ progressEvery: 500 });
    const r = await svc.submitBatch({ file_name: 'big.xlsx', workflow_type: 'create-and-screen' }, { mimetype: XLSX, content }, { onProgress: (p) => progress.push(p) });
    expect(r.ok && r.value).toMatchObject({ status: 'PROCESSING_ERROR', statistics: { num_of_processed_rows: 1200, num_of_completed_workflows: 1199 } });
    expect(r.ok && r.value.errors.row_errors).toEqual([
      { row_number: 702, errors: [{ code: 'INVALID_COUNTRY_CODE', attributes: { column_names: ['nationality'], rejected_values: ['Narnia'], required_formats: ['ISO 3166-1 alpha-2'] } }] },
    ]);
    expect(progress.map((p) => `${p.status}:${p.rows_read}`)).toEqual([
      'VALIDATING:0', 'VALIDATING:500', 'VALIDATING:1000', 'PROCESSING:0', 'PROCESSING:500', 'PROCESSING:1000', 'PROCESSING_ERROR:1200',
    ]);
  });

  it('a header-only file completes with nothing to do', async () => {
    const { svc } = service();
    const r = await svc.submitBatch(screenReq, csvFile([H]));
    expect(r.ok && [r.value.status, r.value.statistics.num_of_processed_rows]).toEqual(['COMPLETED', 0]);
  });
});

describe('batch lifecycle errors', () => {
  it.each([
    ['a missing file name', { workflow_type: 'create-and-screen' }, 'MANDATORY_COLUMN_MISSING'],
    ['an unknown workflow', { file_name: 'x', workflow_type: 'create-and-delete' }, 'INVALID_VALUE'],
    ['an unknown upload method', { file_name: 'x', workflow_type: 'create-and-screen', upload_method: 'FTP' }, 'INVALID_VALUE'],
  ])('creating a batch with %s is a 400 problem', async (_n, req, code) => {
    const { svc } = service();
    const r = await svc.createBatch(req);
    expect(!r.ok && [r.error.status, r.error.errors[0]!.code]).toEqual([400, code]);
  });

  it('a batch is processed once', async () => {
    const { svc } = service();
    const b = await svc.createBatch(screenReq);
    if (!b.ok) throw new Error('create');
    expect((await svc.processBatch(b.value.identifier, csvFile([H]))).ok).toBe(true);
    const again = await svc.processBatch(b.value.identifier, csvFile([H]));
    expect(!again.ok && [again.error.status, again.error.errors[0]!.code]).toEqual([409, 'BATCH_ALREADY_PROCESSED']);
  });

  it('a store failure mid-run ends the batch in INTERNAL_ERROR', async () => {
    const store = new InMemoryBatchStore();
    let n = 0;
    const flaky: BatchStore = {
      save: async (b, w) => {
        n++;
        if (n === 3) throw new Error('disk full');
        return store.save(b, w);
      },
      get: (id) => store.get(id),
      list: (p) => store.list(p),
      delete: (id) => store.delete(id),
      workflows: (id, p) => store.workflows(id, p),
    };
    const { svc } = service({}, flaky);
    const r = await svc.submitBatch(screenReq, csvFile([H, ['c-1', 'Smith']]));
    expect(!r.ok && [r.error.status, r.error.errors[0]!.code]).toEqual([500, 'INTERNAL_ERROR']);
    const list = await svc.listBatches();
    expect(list.ok && list.value.batches[0]).toMatchObject({ status: 'INTERNAL_ERROR', errors: { reason: 'INTERNAL_ERROR' } });
  });

  it.each(['getBatch', 'getReport', 'deleteBatch', 'listWorkflows', 'workflowsCsv'] as const)('%s of an unknown batch is a 404 problem', async (m) => {
    const { svc } = service();
    const r = await svc[m]('00000000-0000-4000-8000-000000000999');
    expect(!r.ok && r.error.status).toBe(404);
  });

  it('a download link comes from the host', async () => {
    const { svc } = service({ workflowsDownloadLink: (b) => `https://files.example.com/batches/${b.identifier}.csv` });
    const b = await svc.createBatch(screenReq);
    if (!b.ok) throw new Error('create');
    const r = await svc.getReport(b.value.identifier);
    expect(r.ok && r.value.workflows_download_link).toBe(`https://files.example.com/batches/${b.value.identifier}.csv`);
  });
});
