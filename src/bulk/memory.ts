import type { BatchPage, BatchStore } from './ports.js';
import type { BatchRecord, BatchWorkflowRecord } from './types.js';

const clone = <T>(v: T): T => structuredClone(v);

export class InMemoryBatchStore implements BatchStore {
  private batches = new Map<string, BatchRecord>();
  private flows = new Map<string, Map<number, BatchWorkflowRecord>>();

  async save(batch: BatchRecord, workflows: readonly BatchWorkflowRecord[] = []): Promise<void> {
    for (const w of workflows) if (w.batch_identifier !== batch.identifier) throw new Error('InMemoryBatchStore.save: workflow of another batch');
    this.batches.set(batch.identifier, clone(batch));
    let m = this.flows.get(batch.identifier);
    if (!m) this.flows.set(batch.identifier, (m = new Map()));
    for (const w of workflows) m.set(w.row_number, clone(w));
  }
  async get(identifier: string): Promise<BatchRecord | null> {
    const b = this.batches.get(identifier);
    return b ? clone(b) : null;
  }
  async list(page: { page_number: number; page_size: number }): Promise<BatchPage<BatchRecord>> {
    const rows = [...this.batches.values()].sort((a, b) =>
      a.created_at !== b.created_at ? (a.created_at < b.created_at ? 1 : -1) : a.identifier < b.identifier ? 1 : a.identifier > b.identifier ? -1 : 0,
    );
    const from = (page.page_number - 1) * page.page_size;
    return { items: rows.slice(from, from + page.page_size).map(clone), total_count: rows.length };
  }
  async delete(identifier: string): Promise<boolean> {
    this.flows.delete(identifier);
    return this.batches.delete(identifier);
  }
  async claim(identifier: string, next: BatchRecord): Promise<boolean> {
    if (next.identifier !== identifier) throw new Error('InMemoryBatchStore.claim: the claimed record is of another batch');
    if (this.batches.get(identifier)?.status !== 'NOT_STARTED') return false;
    this.batches.set(identifier, clone(next));
    return true;
  }
  async claimNext(update: (waiting: BatchRecord) => BatchRecord): Promise<BatchRecord | null> {
    // No await between the choice and the write: concurrent callers never take the same batch.
    const waiting = [...this.batches.values()]
      .filter((b) => b.status === 'NOT_STARTED')
      .sort((a, b) => (a.created_at !== b.created_at ? (a.created_at < b.created_at ? -1 : 1) : a.identifier < b.identifier ? -1 : 1))[0];
    if (!waiting) return null;
    const next = update(clone(waiting));
    if (next.identifier !== waiting.identifier) throw new Error('InMemoryBatchStore.claimNext: the claimed record is of another batch');
    this.batches.set(next.identifier, clone(next));
    return clone(next);
  }
  async workflows(batchIdentifier: string, page: { page_number: number; page_size: number }): Promise<BatchPage<BatchWorkflowRecord>> {
    const rows = [...(this.flows.get(batchIdentifier)?.values() ?? [])].sort((a, b) => a.row_number - b.row_number);
    const from = (page.page_number - 1) * page.page_size;
    return { items: rows.slice(from, from + page.page_size).map(clone), total_count: rows.length };
  }
}
