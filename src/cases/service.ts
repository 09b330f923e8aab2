/**
 * The case service: cases of the four types with their stages, alerts grouped into the customer's open case,
 * assignment, stage transitions, notes, alert state transitions, risk status updates, bulk actions, and the audit
 * record of every change. Pure over its ports (store, audit store, clock, ids); every expected failure is a
 * problem-detail value.
 *
 * One module per group of operations, all over the shared context (service-context.ts): alerts in (intake.ts),
 * reading cases (queries.ts), decisions on a case (case-actions.ts) and on its alerts (alert-decisions.ts), bulk
 * actions (bulk-actions.ts); the spec's payloads in payloads.ts, the public shapes in service-types.ts.
 */
import { addAlerts, ingestEvaluation } from './intake.js';
import { bulkAssign, bulkNote } from './bulk-actions.js';
import { addNote, assignCase, transitionCase } from './case-actions.js';
import { transitionAlert, updateRiskStatus } from './alert-decisions.js';
import { getCase, listAlerts, listCases, listNotes } from './queries.js';
import { createCaseContext } from './service-context.js';
import type { CaseService, CaseServiceOptions } from './service-types.js';

export { toCaseAlert, toCaseNote } from './payloads.js';
export type { AddAlertsInput, AddAlertsOutcome, CaseAlertInput, CaseCustomerInput, CaseService, CaseServiceOptions } from './service-types.js';

export function createCaseService(options: CaseServiceOptions): CaseService {
  const ctx = createCaseContext(options);
  const service: CaseService = {
    stages: ctx.catalog,
    ingestEvaluation: (result, customer) => ingestEvaluation(ctx, result, customer),
    addAlerts: (input, actor) => addAlerts(ctx, input, actor),
    getCase: (identifier) => getCase(ctx, identifier),
    listCases: (query) => listCases(ctx, query),
    listAlerts: (caseIdentifier) => listAlerts(ctx, caseIdentifier),
    listNotes: (caseIdentifier) => listNotes(ctx, caseIdentifier),
    assignCase: (identifier, request, actor) => assignCase(ctx, identifier, request, actor),
    transitionCase: (identifier, request, actor) => transitionCase(ctx, identifier, request, actor),
    addNote: (identifier, request, actor) => addNote(ctx, identifier, request, actor),
    transitionAlert: (alertIdentifier, request, actor) => transitionAlert(ctx, alertIdentifier, request, actor),
    updateRiskStatus: (caseIdentifier, riskIdentifier, request, actor) => updateRiskStatus(ctx, caseIdentifier, riskIdentifier, request, actor),
    bulkAssign: (request, actor) => bulkAssign(ctx, request, actor),
    bulkNote: (request, actor) => bulkNote(ctx, request, actor),
  };
  return service;
}
