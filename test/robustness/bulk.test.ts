/**
 * Bulk batches with arbitrary and mutated files (CSV text, XLSX bytes, mimetypes, requests): never a throw; every
 * batch settles (COMPLETED, PROCESSING_ERROR, VALIDATING_ERROR or INTERNAL_ERROR, never left NOT_STARTED,
 * VALIDATING or PROCESSING); the stored batch is the one answered; statistics add up; the rows processed never
 * exceed the rows in the file.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BatchFile } from '../../src/bulk/index.js';
import { XLSX, bulkService, csv, xlsx } from '../bulk/helpers.js';
import { hostileString, inputLike, mutatedBytes, mutatedText } from './arbitraries.js';
import { checkAsync, runs } from './harness.js';

const SETTLED = ['COMPLETED', 'PROCESSING_ERROR', 'VALIDATING_ERROR', 'INTERNAL_ERROR'];
const SCREEN_CSV = csv([
  ['customer_external_identifier', 'first_name', 'last_name', 'company_name', 'date_of_birth', 'country', 'email', 'iban', 'phone'],
  ['c-1', 'Ivan', 'Sidorov', '', '1960-04-02', 'RU', 'ivan@example.com', 'DE89370400440532013000', '+44 20 7946 0958'],
  ['c-2', '', '', 'Acme Trading Ltd', '', 'DE', '', '', ''],
]);
const LOOKUP_CSV = csv([['value', 'remove'], ['7995', 'false'], ['6011', 'true'], ['constructor', 'constructor']]);
const REQUESTS = [
  { file_name: 's.csv', workflow_type: 'create-and-screen' },
  { file_name: 'm.csv', workflow_type: 'create-and-monitor' },
  { file_name: 'l.csv', workflow_type: 'manage-lookup-list', lookup_list_identifier: 'mcc' },
];

const service = () => bulkService({ limits: { maxFileBytes: 200_000 } });

async function expectSettled(req: unknown, file: BatchFile): Promise<void> {
  const { svc, store } = service();
  const r = await svc.submitBatch(req, file);
  if (!r.ok) {
    expect(r.error.status).toBe(400);
    return;
  }
  const b = r.value;
  expect(SETTLED).toContain(b.status);
  expect((await store.get(b.identifier))?.status).toBe(b.status);
  const s = b.statistics;
  expect(s.num_of_completed_workflows + s.num_of_errored_workflows).toBe(s.num_of_created_workflows);
  expect(s.num_of_created_workflows).toBeLessThanOrEqual(s.num_of_processed_rows);
  const flows = await svc.listWorkflows(b.identifier, { page_number: 1, page_size: 1000 });
  expect(flows.ok && flows.value.total_count).toBe(s.num_of_created_workflows);
  const text = await svc.workflowsCsv(b.identifier);
  expect(text.ok).toBe(true);
}

const request = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...REQUESTS) }, { weight: 1, arbitrary: inputLike(REQUESTS[0]) });

describe('bulk batches', () => {
  it('CSV: mutated and arbitrary text, mimetypes', async () => {
    const text = fc.oneof(mutatedText(SCREEN_CSV), mutatedText(LOOKUP_CSV), hostileString);
    const mimetype = fc.oneof({ weight: 8, arbitrary: fc.constant('text/csv') }, { weight: 1, arbitrary: hostileString });
    await checkAsync('bulk.submitBatch(csv)', fc.tuple(request, text, mimetype), runs(30), async ([req, content, m]) => {
      await expectSettled(req, { mimetype: m, content });
    });
  });

  it('XLSX: workbooks with bytes changed, cut or removed', async () => {
    const screen = await xlsx([[['customer_external_identifier', 'first_name', 'last_name'], ['c-1', 'Ivan', 'Sidorov'], ['c-2', 'Maria', 'Gonzalez']]]);
    const lookup = await xlsx([[['value', 'remove'], ['7995', 'false'], ['constructor', 'yes']]]);
    const bytes = fc.oneof(mutatedBytes(screen), mutatedBytes(lookup), fc.uint8Array({ maxLength: 64 }));
    await checkAsync('bulk.submitBatch(xlsx)', fc.tuple(request, bytes), runs(12, 5), async ([req, content]) => {
      await expectSettled(req, { mimetype: XLSX, content });
    });
  });
});
