/**
 * The audit log: records of every type of the spec, validated by schema on the way in, linked to the case,
 * customer and transaction pages they belong to, read back in the paged envelope.
 */
import { transactionPageEnvelope, validateTransactionPageRequest } from '../transactions/paging.js';
import type { Result } from '../errors.js';
import type { AuditSink, TransactionClock, TransactionIdGenerator } from '../transactions/ports.js';
import type { TransactionAuditRecord, TransactionProblemDetail, TransactionViolation } from '../transactions/types.js';
import { toProblemDetail } from '../transactions/validation.js';
import { AUDIT_PAGES, type AuditLogType, type AuditScope } from './enums.js';
import type { AuditEntry, AuditStore } from './ports.js';
import { TRANSACTION_AREA_AUDIT_TYPES, validateAuditRecord } from './schemas.js';
import type { AuditLink, AuditLogRecord, AuditPage, CasePageRequest } from './types.js';

/** Extra page links a record cannot name itself (e.g. the transactions of the case a CASE_ASSIGNED is about). */
export interface AuditLinkContext {
  transaction_identifiers?: readonly string[];
  customer_identifier?: string;
  /** The case of a record whose detail names only an alert (ALERT_STATE_UPDATED). */
  case_identifier?: string;
}

function idOf(v: unknown): string | undefined {
  if (v && typeof v === 'object' && typeof (v as { identifier?: unknown }).identifier === 'string') return (v as { identifier: string }).identifier;
  return undefined;
}

/**
 * The pages a record appears on: its type's marks in the spec's table (C case, U customer, T transaction) applied
 * to the case, customer and transaction the detail names, plus the context's identifiers for marks the detail
 * cannot name.
 */
export function auditLinks(record: AuditLogRecord, context: AuditLinkContext = {}): AuditLink[] {
  const marks: string = AUDIT_PAGES[record.type as AuditLogType] ?? '';
  const d = record.detail as Record<string, unknown>;
  const out: AuditLink[] = [];
  const add = (scope: AuditScope, identifier: string | undefined) => {
    if (identifier === undefined) return;
    if (!out.some((l) => l.scope === scope && l.identifier === identifier)) out.push({ scope, identifier });
  };
  if (marks.includes('C')) {
    add('case', idOf(d.case));
    if (context.case_identifier !== undefined) add('case', context.case_identifier);
  }
  if (marks.includes('U')) {
    add('customer', idOf(d.customer) ?? (typeof d.customer_identifier === 'string' ? d.customer_identifier : undefined));
    if (context.customer_identifier !== undefined) add('customer', context.customer_identifier);
  }
  if (marks.includes('T')) {
    add('transaction', idOf(d.transaction));
    for (const t of context.transaction_identifiers ?? []) add('transaction', t);
  }
  return out;
}

export interface AuditLogOptions {
  store: AuditStore;
  clock: TransactionClock;
  ids: TransactionIdGenerator;
  /** Prefix of page paths (default `/v1`). */
  basePath?: string;
  /** Default page size (default 50, at most 1000). */
  pageSize?: number;
}

export interface AuditLog {
  /** Validate records and compute their page links, without writing (for stores that write them with a change). */
  prepare(records: readonly AuditLogRecord[], context?: AuditLinkContext): Result<AuditEntry[], TransactionProblemDetail>;
  /**
   * Validate every record against its type's detail schema and append them all (one transaction). Fails, writing
   * nothing, when one record is invalid.
   */
  record(records: readonly AuditLogRecord[], context?: AuditLinkContext): Promise<Result<void, TransactionProblemDetail>>;
  casePage(caseIdentifier: string, page?: CasePageRequest): Promise<Result<AuditPage, TransactionProblemDetail>>;
  customerPage(customerIdentifier: string, page?: CasePageRequest): Promise<Result<AuditPage, TransactionProblemDetail>>;
  transactionPage(transactionIdentifier: string, page?: CasePageRequest): Promise<Result<AuditPage, TransactionProblemDetail>>;
}

const RESOURCE: Record<AuditScope, string> = { case: 'cases', customer: 'customers', transaction: 'transactions' };

/** Validate page parameters (shared by the area's lists). */
export const casePageParams = validateTransactionPageRequest;

/** The spec's page envelope: `first`, `self`, `next`, `prev`, `total_count`; paths carry `page_number`. */
export const casePageEnvelope = transactionPageEnvelope;

export function createAuditLog(options: AuditLogOptions): AuditLog {
  const { store, clock, ids } = options;
  const basePath = options.basePath ?? '/v1';
  const defaultSize = options.pageSize ?? 50;

  const pageOf = async (scope: AuditScope, identifier: string, page?: CasePageRequest): Promise<Result<AuditPage, TransactionProblemDetail>> => {
    const p = casePageParams(page, defaultSize);
    if (!p.ok) return { ok: false, error: toProblemDetail(p.error, { clock, ids, status: 400 }) };
    const res = await store.page({ scope, identifier }, p.value);
    return {
      ok: true,
      value: { audit_logs: res.items, ...casePageEnvelope(`${basePath}/${RESOURCE[scope]}/${identifier}/audit-logs`, p.value, res.total_count) },
    };
  };

  const prepare: AuditLog['prepare'] = (records, context) => {
    const entries: AuditEntry[] = [];
    const violations: TransactionViolation[] = [];
    records.forEach((record, i) => {
      const v = validateAuditRecord(record);
      if (!v.ok) violations.push(...v.error.map((e) => ({ ...e, path: `$[${i}]${e.path.slice(1)}` })));
      else entries.push({ record, links: auditLinks(record, context) });
    });
    if (violations.length > 0) return { ok: false, error: toProblemDetail(violations, { clock, ids, status: 400 }) };
    return { ok: true, value: entries };
  };

  return {
    prepare,
    async record(records, context) {
      const p = prepare(records, context);
      if (!p.ok) return p;
      await store.append(p.value);
      return { ok: true, value: undefined };
    },
    casePage: (id, page) => pageOf('case', id, page),
    customerPage: (id, page) => pageOf('customer', id, page),
    transactionPage: (id, page) => pageOf('transaction', id, page),
  };
}

/**
 * The transaction area's `AuditSink` over this audit log, so the transaction service writes TRANSACTION_RECEIVED,
 * TRANSACTION_MONITORED, ... into the same pages; `forTransaction` returns the transaction area's own types only.
 * An invalid record is a programmer error and throws.
 */
export function transactionAuditSink(log: AuditLog, store: AuditStore): AuditSink {
  return {
    async append(record) {
      const r = await log.record([record]);
      if (!r.ok) throw new Error(`transactionAuditSink: invalid audit record: ${r.error.detail}`);
    },
    async forTransaction(transactionIdentifier) {
      const out: TransactionAuditRecord[] = [];
      for (let n = 1; ; n++) {
        const p = await store.page({ scope: 'transaction', identifier: transactionIdentifier }, { page_number: n, page_size: 1000 });
        for (const r of p.items) if (TRANSACTION_AREA_AUDIT_TYPES.has(r.type)) out.push(r as TransactionAuditRecord);
        if (n * 1000 >= p.total_count) break;
      }
      return out;
    },
  };
}
