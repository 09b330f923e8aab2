/**
 * Conformance suite of the batch store: every adapter must pass it.
 *
 *   import { testBatchStore } from 'tamis/bulk/testing';
 *   testBatchStore('my store', () => createMyStore());
 */
import { describe, expect, it } from 'vitest';
import type { BatchStore } from '../ports.js';
import type { BatchRecord, BatchWorkflowRecord } from '../types.js';

const U = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

export function makeBatchRecord(n: number, over: Partial<BatchRecord> = {}): BatchRecord {
  return {
    identifier: U(n),
    account_identifier: U(1000),
    created_at: `2026-01-01T00:00:${String(n % 60).padStart(2, '0')}.000Z`,
    updated_at: '2026-01-01T00:00:00.000Z',
    created_by: null,
    request: { file_name: `f${n}.csv`, upload_method: 'HTTP', workflow_type: 'create-and-screen' },
    status: 'NOT_STARTED',
    statistics: { num_of_completed_workflows: 0, num_of_created_workflows: 0, num_of_errored_workflows: 0, num_of_validated_rows: 0, num_of_processed_rows: 0 },
    errors: { file_errors: [], row_errors: [], reason: null },
    parameters: { custom_list_identifier: null, lookup_list_identifier: null },
    ...over,
  };
}

export function makeWorkflowRecord(batch: string, row: number, over: Partial<BatchWorkflowRecord> = {}): BatchWorkflowRecord {
  return { batch_identifier: batch, row_number: row, workflow_type: 'create-and-screen', status: 'COMPLETED', result: { n: row }, error: null, ...over };
}

export function testBatchStore(name: string, make: () => BatchStore | Promise<BatchStore>): void {
  describe(`BatchStore conformance: ${name}`, () => {
    it('a saved batch is read back equal, and replaced by a later save', async () => {
      const s = await make();
      await s.save(makeBatchRecord(1));
      expect(await s.get(U(1))).toEqual(makeBatchRecord(1));
      await s.save(makeBatchRecord(1, { status: 'COMPLETED' }));
      expect((await s.get(U(1)))!.status).toBe('COMPLETED');
      expect(await s.get(U(2))).toBeNull();
    });

    it('returned batches are copies', async () => {
      const s = await make();
      await s.save(makeBatchRecord(1));
      const b = await s.get(U(1));
      b!.status = 'COMPLETED';
      expect((await s.get(U(1)))!.status).toBe('NOT_STARTED');
    });

    it('list is newest first and paged', async () => {
      const s = await make();
      for (const n of [2, 1, 3]) await s.save(makeBatchRecord(n));
      const p = await s.list({ page_number: 1, page_size: 2 });
      expect(p.total_count).toBe(3);
      expect(p.items.map((b) => b.identifier)).toEqual([U(3), U(2)]);
      expect((await s.list({ page_number: 2, page_size: 2 })).items.map((b) => b.identifier)).toEqual([U(1)]);
    });

    it('workflow records are appended with the batch, replaced by row number and read in row order', async () => {
      const s = await make();
      await s.save(makeBatchRecord(1), [makeWorkflowRecord(U(1), 3), makeWorkflowRecord(U(1), 2)]);
      await s.save(makeBatchRecord(1), [makeWorkflowRecord(U(1), 3, { status: 'ERRORED', result: null, error: 'x' }), makeWorkflowRecord(U(1), 4)]);
      const p = await s.workflows(U(1), { page_number: 1, page_size: 10 });
      expect(p.total_count).toBe(3);
      expect(p.items.map((w) => [w.row_number, w.status])).toEqual([[2, 'COMPLETED'], [3, 'ERRORED'], [4, 'COMPLETED']]);
      expect((await s.workflows(U(1), { page_number: 2, page_size: 2 })).items.map((w) => w.row_number)).toEqual([4]);
    });

    it('a save with a workflow of another batch writes nothing', async () => {
      const s = await make();
      await expect(s.save(makeBatchRecord(1), [makeWorkflowRecord(U(1), 2), makeWorkflowRecord(U(9), 3)])).rejects.toThrow();
      expect(await s.get(U(1))).toBeNull();
      expect((await s.workflows(U(1), { page_number: 1, page_size: 10 })).total_count).toBe(0);
    });

    it('delete removes the batch and its workflow records and reports whether it existed', async () => {
      const s = await make();
      await s.save(makeBatchRecord(1), [makeWorkflowRecord(U(1), 2)]);
      await s.save(makeBatchRecord(2), [makeWorkflowRecord(U(2), 2)]);
      expect(await s.delete(U(1))).toBe(true);
      expect(await s.delete(U(1))).toBe(false);
      expect(await s.get(U(1))).toBeNull();
      expect((await s.workflows(U(1), { page_number: 1, page_size: 10 })).total_count).toBe(0);
      expect((await s.workflows(U(2), { page_number: 1, page_size: 10 })).total_count).toBe(1);
    });

    it('claim stores the claimed record only while the batch waits, for exactly one of concurrent claimers (when the adapter can)', async () => {
      const s = await make();
      if (!s.claim) return;
      await s.save(makeBatchRecord(1));
      const won = await Promise.all([1, 2, 3].map(() => s.claim!(U(1), makeBatchRecord(1, { status: 'VALIDATING' }))));
      expect(won.filter(Boolean)).toHaveLength(1);
      expect((await s.get(U(1)))!.status).toBe('VALIDATING');
      expect(await s.claim(U(1), makeBatchRecord(1, { status: 'VALIDATING' }))).toBe(false);
      expect(await s.claim(U(9), makeBatchRecord(9, { status: 'VALIDATING' }))).toBe(false);
      expect(await s.get(U(9))).toBeNull();
    });

    it('claimNext hands out waiting batches oldest first, each to one of concurrent workers (when the adapter can)', async () => {
      const s = await make();
      if (!s.claimNext) return;
      for (const n of [3, 1, 2]) await s.save(makeBatchRecord(n));
      await s.save(makeBatchRecord(4, { status: 'COMPLETED' }));
      const taken = await Promise.all([1, 2, 3, 4].map(() => s.claimNext!((b) => ({ ...b, status: 'VALIDATING' }))));
      const ids = taken.filter((b) => b !== null).map((b) => b!.identifier);
      expect([...ids].sort()).toEqual([U(1), U(2), U(3)]);
      expect(taken.filter((b) => b === null)).toHaveLength(1);
      for (const n of [1, 2, 3]) expect((await s.get(U(n)))!.status).toBe('VALIDATING');
      await s.save(makeBatchRecord(6));
      await s.save(makeBatchRecord(5));
      expect((await s.claimNext((b) => ({ ...b, status: 'VALIDATING' })))?.identifier).toBe(U(5));
    });
  });
}
