/**
 * Reading cases: one case, the filtered and paged case list, and the alerts and notes of a case.
 */
import type { Result } from '../errors.js';
import type { TransactionProblemDetail, TransactionViolation } from '../transactions/types.js';
import { casePageEnvelope, casePageParams } from './audit.js';
import { CASE_TYPES, PRIORITY_BANDS } from './enums.js';
import { toCaseAlert, toCaseNote } from './payloads.js';
import { validation, type CaseContext } from './service-context.js';
import type { Case, CaseAlert, CaseList, CaseListQuery, CaseNote } from './types.js';

/** The spec's Case payload (list items add the `alerts` summary; use `listCases` for those). */
export function getCase(ctx: CaseContext, identifier: string): Promise<Result<Case, TransactionProblemDetail>> {
  const { run, loadCase, toCase } = ctx;
  return run(async () => {
    const { alerts: _alerts, ...item } = toCase(await loadCase(identifier));
    return item;
  });
}

/** The cases matching the query, newest first, one page at a time. */
export function listCases(ctx: CaseContext, query: CaseListQuery = {}): Promise<Result<CaseList, TransactionProblemDetail>> {
  const { cases, run, basePath, defaultSize, toCase } = ctx;
  return run(async () => {
    const p = casePageParams(query, defaultSize);
    const v: TransactionViolation[] = p.ok ? [] : [...p.error];
    if (query.type !== undefined && !(CASE_TYPES as readonly string[]).includes(query.type))
      v.push({ code: 'INVALID_VALUE', message: `type must be one of ${CASE_TYPES.join(', ')}`, path: '$.type' });
    if (query.priority_band !== undefined && !(PRIORITY_BANDS as readonly string[]).includes(query.priority_band))
      v.push({ code: 'INVALID_VALUE', message: `priority_band must be one of ${PRIORITY_BANDS.join(', ')}`, path: '$.priority_band' });
    if (!p.ok || v.length) throw validation(v);
    const filters: CaseListQuery = {
      ...(query.type !== undefined ? { type: query.type } : {}),
      ...(query.stage_identifier !== undefined ? { stage_identifier: query.stage_identifier } : {}),
      ...(query.assignee !== undefined ? { assignee: query.assignee } : {}),
      ...(query.priority_band !== undefined ? { priority_band: query.priority_band } : {}),
      ...(query.customer_identifier !== undefined ? { customer_identifier: query.customer_identifier } : {}),
    };
    const res = await cases.listCases({ ...filters, ...p.value });
    const extra = Object.entries(filters)
      .map(([k, val]) => `&${k}=${encodeURIComponent(val === null ? 'null' : String(val))}`)
      .join('');
    return { cases: res.items.map(toCase), ...casePageEnvelope(`${basePath}/cases`, p.value, res.total_count, extra) };
  });
}

/** The alerts of a case. */
export function listAlerts(ctx: CaseContext, caseIdentifier: string): Promise<Result<CaseAlert[], TransactionProblemDetail>> {
  const { cases, run, loadCase } = ctx;
  return run(async () => {
    await loadCase(caseIdentifier);
    return (await cases.getAlerts(caseIdentifier)).map(toCaseAlert);
  });
}

/** The notes of a case. */
export function listNotes(ctx: CaseContext, caseIdentifier: string): Promise<Result<CaseNote[], TransactionProblemDetail>> {
  const { cases, run, loadCase } = ctx;
  return run(async () => {
    await loadCase(caseIdentifier);
    return (await cases.getNotes(caseIdentifier)).map(toCaseNote);
  });
}
