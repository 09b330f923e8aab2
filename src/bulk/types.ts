/**
 * Shapes of bulk batches (transaction-contracts.md, "Bulk batch"), snake_case exactly as the spec.
 */
import type { TransactionPageEnvelope } from '../transactions/types.js';
import type { BatchErrorReason, BatchStatus, BatchUploadMethod, BatchWorkflowType } from './enums.js';

export interface BatchErrorAttributes {
  affected_rows?: number[];
  column_names?: string[];
  column_options?: string[][];
  expected_range?: number[];
  max_row_limit?: number | null;
  rejected_values?: string[];
  /** Deprecated in the spec; never written. */
  required_format?: string;
  required_formats?: string[];
}

export interface BatchFileError {
  code: string;
  attributes?: BatchErrorAttributes;
}

export interface BatchRowErrorItem {
  code: string;
  attributes?: BatchErrorAttributes;
}

export interface BatchRowError {
  row_number: number;
  errors: BatchRowErrorItem[];
}

export interface BatchStatistics {
  num_of_completed_workflows: number;
  num_of_created_workflows: number;
  num_of_errored_workflows: number;
  num_of_validated_rows: number;
  num_of_processed_rows: number;
}

export interface BatchErrors {
  file_errors: BatchFileError[];
  row_errors: BatchRowError[];
  reason: BatchErrorReason | null;
}

export interface BatchRequest {
  file_name: string;
  upload_method: BatchUploadMethod;
  workflow_type: BatchWorkflowType;
}

export interface BulkBatch {
  identifier: string;
  account_identifier: string;
  created_at: string;
  updated_at: string;
  created_by: string | null;
  request: BatchRequest;
  status: BatchStatus;
  statistics: BatchStatistics;
  errors: BatchErrors;
}

/** A stored batch: the spec batch plus the workflow parameters that are not part of its payload. */
export interface BatchRecord extends BulkBatch {
  parameters: { custom_list_identifier: string | null; lookup_list_identifier: string | null };
}

export interface BatchList extends TransactionPageEnvelope {
  batches: BulkBatch[];
}

export interface BatchReport {
  workflows_download_link: string | null;
}

export interface DeletedBatch {
  identifier: string;
}

/** The outcome of one row's workflow, kept for the report. */
export interface BatchWorkflowRecord {
  batch_identifier: string;
  row_number: number;
  workflow_type: BatchWorkflowType;
  status: 'COMPLETED' | 'ERRORED';
  /** Workflow output (screening summary, lookup-list change); null when errored. */
  result: Record<string, unknown> | null;
  error: string | null;
}

/** What the host passes to create a batch. */
export interface CreateBatchInput {
  file_name: string;
  upload_method?: BatchUploadMethod;
  workflow_type: BatchWorkflowType;
  /** create-and-screen / create-and-monitor: screen against this internal (custom) list only. */
  custom_list_identifier?: string | null;
  /** manage-lookup-list: the list to change. */
  lookup_list_identifier?: string | null;
}

/** An uploaded file: its declared mimetype and either its bytes or a way to open it (read twice: validate, process). */
export type BatchFile =
  | { mimetype: string; content: Uint8Array | string }
  | { mimetype: string; open: () => AsyncIterable<Uint8Array | string> };

export interface BatchProgress {
  batch_identifier: string;
  status: BatchStatus;
  /** Data rows read so far in this phase. */
  rows_read: number;
  /** Data rows in the file (known once validation is done). */
  rows_total: number | null;
  statistics: BatchStatistics;
}
