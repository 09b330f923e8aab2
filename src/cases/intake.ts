/**
 * Alerts in: the alerts of a scenario-engine evaluation, or of any source, grouped into the customer's open case
 * of their type (created when none is open), with the audit records of the new case, alerts and transactions.
 */
import type { Result } from '../errors.js';
import type { EvaluationResult } from '../transactions/engine.js';
import type { TransactionProblemDetail, TransactionViolation } from '../transactions/types.js';
import { CASE_ALERT_RISK_SOURCES, CASE_ALERT_TYPES, CASE_TYPES } from './enums.js';
import { caseRef, customerRef, toCaseAlert } from './payloads.js';
import type { CaseStoreOp } from './ports.js';
import { checkCustomer, UUID_RE, validation, type CaseContext } from './service-context.js';
import type { AddAlertsInput, AddAlertsOutcome, CaseAlertInput, CaseCustomerInput } from './service-types.js';
import type { AuditActor, AuditLogRecord, CaseAlertRecord, CaseRecord, CaseSubject } from './types.js';

/**
 * Group the unmuted alerts of a scenario-engine evaluation: alerts raised by a screening hit (the risks of the
 * PAYMENT_SCREENED record) into the open PAYMENT_SCREENING case of this payment, the others into the customer's
 * open TRANSACTION_MONITORING case.
 */
export async function ingestEvaluation(
  ctx: CaseContext,
  result: EvaluationResult,
  customer: CaseCustomerInput,
): Promise<Result<AddAlertsOutcome, TransactionProblemDetail>> {
  const titles = new Map(result.risks.map((r) => [r.identifier, `${r.detail.scenario.name}: ${r.detail.triggered_segment.name}`]));
  const t = result.transaction;
  const transaction =
    t.identifier === null ? null : { identifier: t.identifier, external_identifier: t.external_identifier, type: t.details.details.type };
  // Risks raised by a screening hit (listed by the PAYMENT_SCREENED record) are payment screening alerts.
  const screened = new Set<string>();
  for (const r of result.audit_records) if (r.type === 'PAYMENT_SCREENED') for (const id of r.detail.risk_identifiers) screened.add(id);
  const unmuted = result.alerts.filter((a) => !a.muted);
  const toInput = (a: (typeof unmuted)[number], source: 'TRANSACTION_MONITORING' | 'PAYMENT_SCREENING'): CaseAlertInput => ({
    priority: a.priority,
    risk_source: source,
    type: source,
    title: titles.get(a.risk_identifier) ?? (source === 'PAYMENT_SCREENING' ? 'Payment screening alert' : 'Transaction monitoring alert'),
    risk_identifier: a.risk_identifier,
    transaction,
  });
  const monitoring = unmuted.filter((a) => !screened.has(a.risk_identifier)).map((a) => toInput(a, 'TRANSACTION_MONITORING'));
  const screening = unmuted.filter((a) => screened.has(a.risk_identifier)).map((a) => toInput(a, 'PAYMENT_SCREENING'));
  return ctx.run(async () => {
    const v: TransactionViolation[] = [];
    checkCustomer(customer, v);
    if (v.length) throw validation(v);
    const system: AuditActor = { type: 'SYSTEM', identifier: null };
    const tm = await addAlertsImpl(ctx, { case_type: 'TRANSACTION_MONITORING', customer, alerts: monitoring }, system);
    if (screening.length === 0 || transaction === null) return tm;
    const ps = await addAlertsImpl(
      ctx,
      { case_type: 'PAYMENT_SCREENING', customer, alerts: screening, payment: { ...transaction } },
      system,
    );
    return monitoring.length === 0 ? ps : { ...tm, payment_screening: ps };
  });
}

/** Group alerts of any source into the customer's open case of `case_type` (created when none is open). */
export function addAlerts(
  ctx: CaseContext,
  input: AddAlertsInput,
  actor: AuditActor = { type: 'SYSTEM', identifier: null },
): Promise<Result<AddAlertsOutcome, TransactionProblemDetail>> {
  return ctx.run(async () => {
    checkAddAlerts(input);
    return addAlertsImpl(ctx, input, actor);
  });
}

async function addAlertsImpl(ctx: CaseContext, input: AddAlertsInput, actor: AuditActor): Promise<AddAlertsOutcome> {
  const { cases, clock, ids, catalog, change, toCase } = ctx;
  return change<AddAlertsOutcome>(async () => {
    const fresh: CaseAlertInput[] = [];
    const seenRisks = new Set<string>();
    for (const a of input.alerts) {
      if (a.risk_identifier) {
        if (seenRisks.has(a.risk_identifier)) continue;
        seenRisks.add(a.risk_identifier);
        if (await cases.findAlertByRisk(a.risk_identifier)) continue;
      }
      fresh.push(a);
    }
    const existing = input.payment
      ? await cases.findOpenCase(input.customer.identifier, input.case_type, input.payment.identifier)
      : await cases.findOpenCase(input.customer.identifier, input.case_type);
    if (fresh.length === 0) {
      return { ops: [], audit: [], value: { case: existing ? toCase(existing) : null, created: false, alerts: [] } };
    }
    const now = clock.now();
    const customer = {
      identifier: input.customer.identifier,
      name: input.customer.name,
      risk_level: input.customer.risk_level ?? existing?.customer.risk_level ?? 'SKIPPED',
      type: input.customer.type ?? existing?.customer.type ?? 'UNDEFINED',
      version: input.customer.version ?? existing?.customer.version ?? 1,
      external_identifier: input.customer.external_identifier ?? existing?.customer.external_identifier ?? null,
    };
    const base: CaseRecord = existing ?? {
      identifier: ids.next(),
      version: 0,
      created_at: now,
      updated_at: now,
      type: input.case_type,
      stage_identifier: catalog.initial(input.case_type).identifier,
      last_user_stage_identifier: null,
      assignee: null,
      updated_by: null,
      customer,
      payment: input.payment ?? null,
      subjects: [],
      risk_types: [],
      risk_catalog_risk_types: [],
      is_open: true,
      alerts_count: 0,
      highest_priority: null,
      open_alerts_count: 0,
    };
    const alerts: CaseAlertRecord[] = fresh.map((a) => ({
      identifier: ids.next(),
      priority: a.priority,
      risk_source: a.risk_source,
      state: 'NOT_STARTED',
      title: a.title,
      type: a.type,
      updated_at: now,
      updated_by: actor.type === 'USER' ? (actor.identifier ?? null) : null,
      case_identifier: base.identifier,
      created_at: now,
      risk_identifier: a.risk_identifier ?? null,
      risk_decision: 'NOT_REVIEWED',
      transaction: a.transaction ?? null,
    }));
    const subjects: CaseSubject[] = [...base.subjects];
    const newTransactions: NonNullable<CaseAlertRecord['transaction']>[] = [];
    for (const a of alerts) {
      const t = a.transaction;
      if (!t || subjects.some((s) => s.identifier === t.identifier)) continue;
      subjects.push({ identifier: t.identifier, external_identifier: t.external_identifier, type: 'TRANSACTION', detail: { type: t.type } });
      newTransactions.push(t);
    }
    const priorities = [base.highest_priority, ...alerts.map((a) => a.priority)].filter((p): p is number => p !== null);
    const next: CaseRecord = {
      ...base,
      version: base.version + 1,
      updated_at: now,
      customer,
      subjects,
      risk_types: [...new Set([...base.risk_types, ...(input.risk_types ?? [])])],
      alerts_count: base.alerts_count + alerts.length,
      highest_priority: priorities.length ? Math.min(...priorities) : null,
      open_alerts_count: base.open_alerts_count + alerts.length,
    };
    const ops: CaseStoreOp[] = existing
      ? [{ type: 'update_case', case: next, expected_version: existing.version }, { type: 'insert_alerts', alerts }]
      : [{ type: 'insert_case', case: next }, { type: 'insert_alerts', alerts }];
    const audit: AuditLogRecord[] = [];
    const group = next.identifier;
    if (!existing) {
      audit.push({
        identifier: ids.next(),
        occurred_at: now,
        type: 'CASE_CREATED',
        actioned_by: actor,
        grouping_key: group,
        detail: { case: caseRef(next), customer: customerRef(next) },
      });
    }
    audit.push({
      identifier: ids.next(),
      occurred_at: now,
      type: 'ALERT_ADDED_TO_CASE',
      actioned_by: actor,
      grouping_key: group,
      detail: { alert_identifiers: alerts.map((a) => a.identifier), case: { identifier: next.identifier } },
    });
    for (const t of newTransactions) {
      audit.push({
        identifier: ids.next(),
        occurred_at: now,
        type: 'TRANSACTION_ADDED_TO_CASE',
        actioned_by: actor,
        grouping_key: group,
        detail: { case: { identifier: next.identifier }, transaction: { identifier: t.identifier, type: t.type } },
      });
    }
    const context = { transaction_identifiers: next.subjects.map((s) => s.identifier) };
    return { ops, audit, context, value: { case: toCase(next), created: !existing, alerts: alerts.map(toCaseAlert) } };
  });
}

function checkAddAlerts(input: AddAlertsInput): void {
  const v: TransactionViolation[] = [];
  checkCustomer(input.customer, v);
  if (!(CASE_TYPES as readonly string[]).includes(input.case_type))
    v.push({ code: 'INVALID_VALUE', message: `case_type must be one of ${CASE_TYPES.join(', ')}`, path: '$.case_type' });
  input.alerts.forEach((a, i) => {
    if (a.risk_identifier != null && !UUID_RE.test(a.risk_identifier))
      v.push({ code: 'INVALID_IDENTIFIER', message: 'risk_identifier must be a UUID', path: `$.alerts[${i}].risk_identifier` });
    if (!(CASE_ALERT_RISK_SOURCES as readonly string[]).includes(a.risk_source))
      v.push({ code: 'INVALID_VALUE', message: `risk_source must be one of ${CASE_ALERT_RISK_SOURCES.join(', ')}`, path: `$.alerts[${i}].risk_source` });
    if (!(CASE_ALERT_TYPES as readonly string[]).includes(a.type))
      v.push({ code: 'INVALID_VALUE', message: `type must be one of ${CASE_ALERT_TYPES.join(', ')}`, path: `$.alerts[${i}].type` });
    if (a.priority !== null && (!Number.isInteger(a.priority) || a.priority < 1 || a.priority > 9))
      v.push({ code: 'INVALID_PRIORITY', message: 'priority must be an integer from 1 to 9 or null', path: `$.alerts[${i}].priority` });
  });
  if (v.length) throw validation(v);
}
