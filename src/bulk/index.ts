/**
 * Bulk batches: CSV or XLSX files processed through the create-and-screen, create-and-monitor and
 * manage-lookup-list workflows, with file and row errors in the spec's codes. Batch store port with an in-memory
 * adapter; SQLite adapter at `tamis/bulk/sqlite`, conformance suite at `tamis/bulk/testing`.
 */
export * from './enums.js';
export type * from './types.js';
export type { BatchStore, BatchPage } from './ports.js';
export { InMemoryBatchStore } from './memory.js';
export { BatchFileFault, readFileRows, fileKindOf, cellText, type FileRow, type FileKind } from './reader.js';
export { DEFAULT_BATCH_FILE_LIMITS, type BatchFileLimits } from './limits.js';
export {
  WORKFLOW_COLUMNS,
  checkHeader,
  validateRow,
  rowValues,
  normaliseColumn,
  cellBoolean,
  isValidIban,
  isValidEmail,
  isValidPhone,
  isValidUrl,
  isValidDate,
  type RowValues,
} from './columns.js';
export {
  createBulkService,
  createInMemoryLookupLists,
  type BulkService,
  type BulkServiceOptions,
  type ProcessOptions,
  type LookupListPort,
  type LookupListInfo,
  type CustomListPort,
} from './service.js';
