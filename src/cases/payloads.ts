/**
 * The spec's payloads of stored case records: the case (with its stage and alert summary), alerts, notes, and the
 * case and customer references that audit records carry.
 */
import type { CaseType } from './enums.js';
import type { CaseStageCatalog } from './stages.js';
import type { Case, CaseAlert, CaseAlertRecord, CaseListItem, CaseNote, CaseRecord, CaseRef, CaseStage, CustomerRef } from './types.js';

/** The spec's case alert payload of a stored alert. */
export function toCaseAlert(a: CaseAlertRecord): CaseAlert {
  return {
    identifier: a.identifier,
    priority: a.priority,
    risk_source: a.risk_source,
    state: a.state,
    title: a.title,
    type: a.type,
    updated_at: a.updated_at,
    updated_by: a.updated_by,
  };
}

/** The spec's note payload of a stored note (bookkeeping fields dropped). */
export function toCaseNote(n: CaseNote): CaseNote {
  const { case_identifier: _c, version: _v, risk_identifier: _r, ...rest } = n;
  return rest as CaseNote;
}

function unknownStage(identifier: string, type: CaseType): CaseStage {
  return { identifier, name: 'Unknown stage', case_type: type, state: 'USER_DEFINED', version: 1, is_end_stage: false };
}

/** The stage a case is in (an `Unknown stage` placeholder when the catalog no longer has it). */
export const stageOf = (catalog: CaseStageCatalog, c: CaseRecord): CaseStage =>
  catalog.get(c.stage_identifier) ?? unknownStage(c.stage_identifier, c.type);

/** The spec's case list item of a stored case (the Case payload plus the `alerts` summary). */
export function toCaseListItem(catalog: CaseStageCatalog, c: CaseRecord): CaseListItem {
  const stage = stageOf(catalog, c);
  const lastUser = c.last_user_stage_identifier === null ? null : (catalog.get(c.last_user_stage_identifier) ?? unknownStage(c.last_user_stage_identifier, c.type));
  const out: Case = {
    identifier: c.identifier,
    created_at: c.created_at,
    updated_at: c.updated_at,
    type: c.type,
    state: stage.state,
    stage,
    last_user_stage: lastUser,
    last_user_state: lastUser?.state ?? null,
    assignee: c.assignee,
    updated_by: c.updated_by,
    customer: { ...c.customer },
    payment: c.payment ? { ...c.payment } : null,
    subjects: c.subjects.map((s) => ({ ...s, detail: { ...s.detail } })),
    review_items_count: c.open_alerts_count,
    risk_types: [...c.risk_types],
    risk_catalog_risk_types: [...c.risk_catalog_risk_types],
  };
  return { ...out, alerts: { count: c.alerts_count, highest_priority: c.highest_priority } };
}

export const caseRef = (c: CaseRecord): CaseRef => ({
  identifier: c.identifier,
  type: c.type,
  subject: c.payment ? { identifier: c.payment.identifier, type: 'PAYMENT' } : { identifier: c.customer.identifier, type: 'CUSTOMER' },
});
export const customerRef = (c: CaseRecord): CustomerRef => ({ identifier: c.customer.identifier, version: c.customer.version });
