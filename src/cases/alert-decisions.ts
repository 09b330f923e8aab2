/**
 * Decisions on the alerts of a case: alert state transitions (keeping the case's open alert count) and risk status
 * updates (also written to the transaction area's risk store when the service has one).
 */
import type { Result } from '../errors.js';
import type { TransactionProfileHitState, TransactionRiskDecision, TransactionRiskKind } from '../transactions/enums.js';
import type { TransactionActor } from '../transactions/service.js';
import type { TransactionProblemDetail, TransactionRiskStatusUpdate, TransactionStateTransition } from '../transactions/types.js';
import { validateTransactionShape } from '../transactions/validation.js';
import { CASE_ALERT_STATES, type CaseAlertRiskSource, type CaseAlertState } from './enums.js';
import { toCaseAlert } from './payloads.js';
import type { AuditLinkContext } from './audit.js';
import { checkActor, fail, userActor, validation, type CaseContext, type CasePlan, type CaseRequestOp } from './service-context.js';
import type { AuditLogRecord, CaseAlert, CaseAlertRecord, CaseRecord } from './types.js';
import { show } from '../own.js';

const HIT_STATE: Record<TransactionRiskDecision, TransactionProfileHitState> = {
  NOT_REVIEWED: 'NEW',
  IN_REVIEW: 'IN_REVIEW',
  FALSE_POSITIVE: 'FALSE_POSITIVE',
  TRUE_POSITIVE: 'TRUE_POSITIVE',
};

const RISK_KIND: Record<CaseAlertRiskSource, TransactionRiskKind> = {
  CUSTOMER_SCREENING: 'ENTITY_SCREENING',
  PAYMENT_SCREENING: 'PAYMENT_SCREENING',
  TRANSACTION_MONITORING: 'TRANSACTION_MONITORING',
};

const END_ALERT_STATES: ReadonlySet<CaseAlertState> = new Set(['POSITIVE_END_STATE', 'NEGATIVE_END_STATE']);

/** The change of one alert of case `c`: the case's next version and the alert, with the audit record of the decision. */
function alertChange<T>(
  c: CaseRecord,
  next: CaseRecord,
  alert: CaseAlertRecord,
  audit: AuditLogRecord,
  value: T,
  context?: AuditLinkContext,
): CasePlan<T> {
  return {
    ops: [
      { type: 'update_case', case: next, expected_version: c.version },
      { type: 'update_alert', alert },
    ],
    audit: [audit],
    ...(context ? { context } : {}),
    value,
  };
}

/** Move an alert to another state, keeping its case's count of open alerts. */
export const transitionAlert: CaseRequestOp<CaseAlert> = (ctx, alertIdentifier, request, actor) => {
  const { cases, clock, ids, change, loadCase } = ctx;
  return ctx.run(async () => {
    checkActor(actor);
    const v = validateTransactionShape<TransactionStateTransition>('state_transition', request, 'input');
    if (!v.ok) throw validation(v.error);
    const state = v.value.state as CaseAlertState;
    if (!(CASE_ALERT_STATES as readonly string[]).includes(state)) throw validation([{ code: 'INVALID_VALUE', message: 'bad state', path: '$.state' }]);
    return change<CaseAlert>(async () => {
      const a = typeof alertIdentifier === 'string' ? await cases.getAlert(alertIdentifier) : null;
      if (!a) throw fail(404, 'ALERT_NOT_FOUND', `no alert ${show(alertIdentifier)}`, '$.identifier', 'Not Found');
      if (a.state === state) return { ops: [], audit: [], value: toCaseAlert(a) };
      const c = await loadCase(a.case_identifier);
      const now = clock.now();
      const nextAlert: CaseAlertRecord = { ...a, state, updated_at: now, updated_by: actor.user_identifier };
      const wasOpen = !END_ALERT_STATES.has(a.state);
      const isOpen = !END_ALERT_STATES.has(state);
      const next: CaseRecord = {
        ...c,
        version: c.version + 1,
        open_alerts_count: c.open_alerts_count + (isOpen ? 1 : 0) - (wasOpen ? 1 : 0),
        updated_at: now,
        updated_by: actor.user_identifier,
      };
      const audit: AuditLogRecord = {
        identifier: ids.next(),
        occurred_at: now,
        type: 'ALERT_STATE_UPDATED',
        actioned_by: userActor(actor),
        grouping_key: c.identifier,
        detail: { alert: { identifier: a.identifier }, previous_state: a.state, state },
      };
      return alertChange(c, next, nextAlert, audit, toCaseAlert(nextAlert), { case_identifier: c.identifier });
    });
  });
};

/** Record the decision on a risk of the case (and in the risk store, when the service has one). */
export function updateRiskStatus(
  ctx: CaseContext,
  caseIdentifier: string,
  riskIdentifier: string,
  request: unknown,
  actor: TransactionActor,
): Promise<Result<{ identifier: string; decision: TransactionRiskDecision }, TransactionProblemDetail>> {
  const { options, cases, clock, ids, run, change, loadCase } = ctx;
  return run(async () => {
    checkActor(actor);
    const v = validateTransactionShape<TransactionRiskStatusUpdate>('risk_status_update', request, 'input');
    if (!v.ok) throw validation(v.error);
    const decision = v.value.decision;
    const value = await change(async () => {
      const c = await loadCase(caseIdentifier);
      const a = await cases.findAlertByRisk(riskIdentifier);
      if (!a || a.case_identifier !== c.identifier)
        throw fail(404, 'RISK_NOT_FOUND', `risk ${riskIdentifier} is not in case ${c.identifier}`, '$.risk_identifier', 'Not Found');
      const now = clock.now();
      const nextAlert: CaseAlertRecord = { ...a, risk_decision: decision, updated_at: now, updated_by: actor.user_identifier };
      const next: CaseRecord = { ...c, version: c.version + 1, updated_at: now, updated_by: actor.user_identifier };
      const audit: AuditLogRecord = {
        identifier: ids.next(),
        occurred_at: now,
        type: 'RISK_STATUS_UPDATED',
        actioned_by: userActor(actor),
        grouping_key: c.identifier,
        detail: {
          account_identifier: actor.account_identifier,
          case: { identifier: c.identifier },
          customer: { identifier: c.customer.identifier },
          new_profile_hit_state: HIT_STATE[decision],
          risk: { identifier: riskIdentifier, type: RISK_KIND[a.risk_source] },
        },
      };
      return alertChange(c, next, nextAlert, audit, { identifier: riskIdentifier, decision });
    });
    if (options.risks) await options.risks.setDecision(riskIdentifier, decision);
    return value;
  });
}
