/**
 * /v1 routes of cases: list with filters, get, stages, assignment, transitions, notes, alerts and their states,
 * bulk actions, and the case audit page.
 */
import { CASE_TYPES, PRIORITY_BANDS, type CaseType, type PriorityBand } from '../../../cases/enums.js';
import type { CaseListQuery } from '../../../cases/types.js';
import { answer, type V1Route } from '../http.js';
import { caseBody, pageQuery, transactionBody, V1 } from '../schemas.js';
import { pageOf } from './transactions.js';

const uuid = { type: 'string', format: 'uuid' };
const id = { identifier: uuid };

const caseListQuery = {
  ...pageQuery,
  type: { type: 'string', enum: [...CASE_TYPES] },
  stage_identifier: uuid,
  assignee: { type: 'string', format: 'uuid', 'x-null': true, description: 'a user UUID, or null for unassigned cases' },
  priority_band: { type: 'string', enum: [...PRIORITY_BANDS], description: 'HIGH 1-3, MEDIUM 4-6, LOW 7-9, NONE: no priority' },
  customer_identifier: uuid,
};

export const CASE_ROUTES: V1Route[] = [
  {
    method: 'GET',
    path: '/v1/cases',
    summary: 'Cases, newest first, filtered by type, stage, assignee, priority band or customer',
    tag: 'cases',
    query: caseListQuery,
    responses: { 200: V1.caseList },
    handle: async (c) => {
      const q = c.query;
      const query: CaseListQuery = {
        ...pageOf(q),
        ...(q.type !== undefined ? { type: q.type as CaseType } : {}),
        ...(q.stage_identifier !== undefined ? { stage_identifier: q.stage_identifier as string } : {}),
        ...(q.assignee !== undefined ? { assignee: q.assignee === 'null' ? null : (q.assignee as string) } : {}),
        ...(q.priority_band !== undefined ? { priority_band: q.priority_band as PriorityBand } : {}),
        ...(q.customer_identifier !== undefined ? { customer_identifier: q.customer_identifier as string } : {}),
      };
      return answer(await c.area.cases.listCases(query));
    },
  },
  {
    method: 'GET',
    path: '/v1/case-stages',
    summary: 'The stages of each case type (their identifiers are what transitions name)',
    tag: 'cases',
    query: { type: { type: 'string', enum: [...CASE_TYPES] } },
    responses: { 200: V1.stages },
    handle: async (c) => {
      const types = c.query.type !== undefined ? [c.query.type as CaseType] : [...CASE_TYPES];
      return { status: 200, body: { stages: types.flatMap((t) => c.area.cases.stages.forType(t)) } };
    },
  },
  {
    method: 'GET',
    path: '/v1/cases/:identifier',
    summary: 'A case',
    tag: 'cases',
    params: id,
    responses: { 200: V1.case },
    problems: [404],
    handle: async (c) => answer(await c.area.cases.getCase(c.params.identifier as string)),
  },
  {
    method: 'PUT',
    path: '/v1/cases/:identifier/assignment',
    summary: 'Assign a case (assignee null: un-assign)',
    tag: 'cases',
    params: id,
    body: { json: caseBody('case_assignment'), required: true },
    responses: { 200: V1.assigned },
    problems: [404, 409],
    handle: async (c) => answer(await c.area.cases.assignCase(c.params.identifier as string, c.body, c.actor)),
  },
  {
    method: 'POST',
    path: '/v1/cases/:identifier/transition',
    summary: 'Move a case to a stage (stage_identifier, or the deprecated state); entering an end stage needs a note',
    tag: 'cases',
    params: id,
    body: { json: { oneOf: [caseBody('case_stage_transition'), caseBody('case_state_transition')] }, required: true },
    responses: { 200: V1.transition },
    problems: [404, 409, 422],
    handle: async (c) => answer(await c.area.cases.transitionCase(c.params.identifier as string, c.body, c.actor)),
  },
  {
    method: 'GET',
    path: '/v1/cases/:identifier/notes',
    summary: 'The notes of a case, oldest first',
    tag: 'cases',
    params: id,
    responses: { 200: { type: 'object', required: ['notes'], additionalProperties: false, properties: { notes: V1.notes } } },
    problems: [404],
    handle: async (c) => answer(await c.area.cases.listNotes(c.params.identifier as string), 200, { body: (notes) => ({ notes }) }),
  },
  {
    method: 'POST',
    path: '/v1/cases/:identifier/notes',
    summary: 'Add a note to a case (or, with risk_identifier, to one of its risks)',
    tag: 'cases',
    params: id,
    body: { json: caseBody('case_note_request'), required: true },
    responses: { 201: V1.note },
    problems: [404],
    handle: async (c) => answer(await c.area.cases.addNote(c.params.identifier as string, c.body, c.actor), 201),
  },
  {
    method: 'GET',
    path: '/v1/cases/:identifier/alerts',
    summary: 'The alerts of a case, oldest first',
    tag: 'cases',
    params: id,
    responses: { 200: { type: 'object', required: ['alerts'], additionalProperties: false, properties: { alerts: V1.alerts } } },
    problems: [404],
    handle: async (c) => answer(await c.area.cases.listAlerts(c.params.identifier as string), 200, { body: (alerts) => ({ alerts }) }),
  },
  {
    method: 'PUT',
    path: '/v1/cases/:identifier/alerts/:alert_identifier/state',
    summary: 'Set the state of an alert of the case',
    tag: 'cases',
    params: { ...id, alert_identifier: uuid },
    body: { json: transactionBody('state_transition', 'input'), required: true },
    responses: { 200: V1.alert },
    problems: [404],
    handle: async (c) => {
      const alert = await c.area.stores.cases.getAlert(c.params.alert_identifier as string);
      if (!alert || alert.case_identifier !== c.params.identifier) {
        const message = `case ${c.params.identifier} has no alert ${c.params.alert_identifier}`;
        return { problem: c.area.problem(404, [{ code: 'ALERT_NOT_FOUND', message, path: '$.alert_identifier' }], 'Not Found').error };
      }
      return answer(await c.area.cases.transitionAlert(alert.identifier, c.body, c.actor));
    },
  },
  {
    method: 'POST',
    path: '/v1/cases/bulk/assign',
    summary: 'Assign up to 100 cases; each case answers on its own',
    tag: 'cases',
    body: { json: caseBody('bulk_assign_request'), required: true },
    responses: { 200: V1.bulkResult },
    handle: async (c) => answer(await c.area.cases.bulkAssign(c.body, c.actor)),
  },
  {
    method: 'POST',
    path: '/v1/cases/bulk/notes',
    summary: 'Add a note to up to 100 cases; each case answers on its own',
    tag: 'cases',
    body: { json: caseBody('bulk_note_request'), required: true },
    responses: { 200: V1.bulkResult },
    handle: async (c) => answer(await c.area.cases.bulkNote(c.body, c.actor)),
  },
  {
    method: 'GET',
    path: '/v1/cases/:identifier/audit-logs',
    summary: 'The audit page of a case, oldest first',
    tag: 'audit',
    params: id,
    query: pageQuery,
    responses: { 200: V1.auditPage },
    handle: async (c) => answer(await c.area.audit.casePage(c.params.identifier as string, pageOf(c.query))),
  },
];
