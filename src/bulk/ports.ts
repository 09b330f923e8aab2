/**
 * The batch store port: small and async. `save` writes a batch and appends workflow records in one transaction;
 * `delete` removes a batch with its workflow records in one transaction.
 * Adapters: `InMemoryBatchStore`, `createSqliteBatchStore(db)` (subpath `tamis/bulk/sqlite`).
 * Conformance: `testBatchStore` (subpath `tamis/bulk/testing`).
 */
import type { BatchRecord, BatchWorkflowRecord } from './types.js';

export interface BatchPage<T> {
  items: T[];
  total_count: number;
}

export interface BatchStore {
  /** Insert or replace the batch, and append (or replace, by row_number) its workflow records; all or nothing. */
  save(batch: BatchRecord, workflows?: readonly BatchWorkflowRecord[]): Promise<void>;
  get(identifier: string): Promise<BatchRecord | null>;
  /** Newest first (created_at descending, then identifier descending). */
  list(page: { page_number: number; page_size: number }): Promise<BatchPage<BatchRecord>>;
  /** Remove the batch and its workflow records; false when it did not exist. */
  delete(identifier: string): Promise<boolean>;
  /** Workflow records of a batch by row number. */
  workflows(batchIdentifier: string, page: { page_number: number; page_size: number }): Promise<BatchPage<BatchWorkflowRecord>>;
  /**
   * Optional: store `next` as the batch `identifier` only if that batch is still waiting (NOT_STARTED); true when
   * it was. Of concurrent claims of one batch (in one process or several sharing the store) exactly one succeeds.
   * `processBatch` uses it when present, so a batch is processed once.
   */
  claim?(identifier: string, next: BatchRecord): Promise<boolean>;
  /**
   * Optional: take the oldest waiting batch (NOT_STARTED; created_at, then identifier), store `update(batch)` in its
   * place and return it; null when none waits. Concurrent callers never get the same batch (a queue shared by
   * several workers: `BulkService.processNext`).
   */
  claimNext?(update: (waiting: BatchRecord) => BatchRecord): Promise<BatchRecord | null>;
}
