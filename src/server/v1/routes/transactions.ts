/**
 * /v1 routes of the token, transactions, risks, alert mutes and customer profiles.
 */
import { answer, type V1Route } from '../http.js';
import { pageQuery, transactionBody, V1, v1Ref } from '../schemas.js';

const uuid = { type: 'string', format: 'uuid' };
const id = { identifier: uuid };
const page = (q: Record<string, string | number>) => ({
  ...(q.page_number !== undefined ? { page_number: q.page_number as number } : {}),
  ...(q.page_size !== undefined ? { page_size: q.page_size as number } : {}),
});
export { page as pageOf };

export const TRANSACTION_ROUTES: V1Route[] = [
  {
    method: 'POST',
    path: '/v1/token',
    summary: 'Issue a bearer token for an API user (username, password, realm)',
    tag: 'token',
    auth: false,
    body: { json: transactionBody('token_request', 'input'), required: true },
    responses: { 200: transactionBody('token_response', 'output') },
    problems: [429],
    handle: async (c) => answer(await c.area.tokens.issue(c.body)),
  },
  {
    method: 'POST',
    path: '/v1/transactions',
    summary: 'Submit a transaction: validated, evaluated against the scenarios in force, stored; its alerts go into cases',
    tag: 'transactions',
    body: { json: transactionBody('transaction', 'input'), required: true },
    responses: { 201: V1.transaction },
    problems: [409],
    handle: async (c) =>
      answer(await c.area.submit(c.body), 201, { body: (v) => v.transaction, headers: (v) => ({ location: `/v1/transactions/${v.transaction.identifier}` }) }),
  },
  {
    method: 'GET',
    path: '/v1/transactions/:identifier',
    summary: 'Read a transaction by its identifier',
    tag: 'transactions',
    params: id,
    responses: { 200: V1.transaction },
    problems: [404],
    handle: async (c) => answer(await c.area.transactions.get(c.params.identifier as string)),
  },
  {
    method: 'GET',
    path: '/v1/transactions/external/:external_identifier',
    summary: 'Read a transaction by its external identifier',
    tag: 'transactions',
    params: { external_identifier: { type: 'string', maxLength: 512 } },
    responses: { 200: V1.transaction },
    problems: [404],
    handle: async (c) => {
      const t = await c.area.stores.transactions.getByExternalIdentifier(c.params.external_identifier as string);
      if (t) return { status: 200, body: t };
      return { problem: c.area.problem(404, [{ code: 'TRANSACTION_NOT_FOUND', message: 'no such transaction', path: '$.external_identifier' }], 'Not Found').error };
    },
  },
  {
    method: 'POST',
    path: '/v1/transactions/:identifier/review-decision',
    summary: 'RELEASE or REJECT a held transaction (or one whose evaluation failed)',
    tag: 'transactions',
    params: id,
    body: { json: transactionBody('review_decision_request', 'input'), required: true },
    responses: { 201: transactionBody('review_decision_response', 'output') },
    problems: [404, 409],
    handle: async (c) => answer(await c.area.transactions.decide(c.params.identifier as string, c.body, c.actor), 201),
  },
  {
    method: 'PUT',
    path: '/v1/transactions/:identifier/risks/:risk_identifier/risk-types',
    summary: 'Set the risk types of a risk raised on the transaction',
    tag: 'transactions',
    params: { ...id, risk_identifier: uuid },
    body: { json: transactionBody('transaction_risk_types_request', 'input'), required: true },
    responses: { 200: V1.riskTypes },
    problems: [404],
    handle: async (c) => answer(await c.area.setRiskTypes(c.params.identifier as string, c.params.risk_identifier as string, c.body)),
  },
  {
    method: 'POST',
    path: '/v1/transactions/:identifier/re-evaluate',
    summary: 'Evaluate again a transaction whose evaluation failed (ERROR), with the scenarios in force',
    tag: 'transactions',
    params: id,
    responses: { 200: V1.transaction },
    problems: [404, 409],
    handle: async (c) => answer(await c.area.reevaluate(c.params.identifier as string), 200, { body: (v) => v.transaction }),
  },
  {
    method: 'GET',
    path: '/v1/transactions/:identifier/audit-logs',
    summary: 'The audit page of a transaction, oldest first',
    tag: 'audit',
    params: id,
    query: pageQuery,
    responses: { 200: V1.auditPage },
    handle: async (c) => answer(await c.area.audit.transactionPage(c.params.identifier as string, page(c.query))),
  },
  {
    method: 'GET',
    path: '/v1/risks',
    summary: 'Transaction-monitoring risks, newest first',
    tag: 'risks',
    query: pageQuery,
    responses: { 200: transactionBody('risk_list', 'output') },
    handle: async (c) => answer(await c.area.transactions.listRisks(page(c.query))),
  },
  {
    method: 'PUT',
    path: '/v1/risks/:identifier/status',
    summary: 'Decide a risk (through its case when a case holds its alert)',
    tag: 'risks',
    params: id,
    body: { json: transactionBody('risk_status_update', 'input'), required: true },
    responses: { 200: V1.riskDecision },
    problems: [404],
    handle: async (c) => answer(await c.area.updateRiskStatus(c.params.identifier as string, c.body, c.actor)),
  },
  {
    method: 'POST',
    path: '/v1/alert-mutes',
    summary: 'Mute the alerts of a scenario (profile_identifier), optionally of one segment (risk_identifier), for a customer',
    tag: 'alert mutes',
    body: { json: transactionBody('alert_mute_create_request', 'input'), required: true },
    responses: { 201: v1Ref('V1_output_alert_mute') },
    problems: [422],
    handle: async (c) => answer(await c.area.transactions.createMute(c.body), 201),
  },
  {
    method: 'GET',
    path: '/v1/alert-mutes',
    summary: 'Alert mutes, oldest first',
    tag: 'alert mutes',
    query: pageQuery,
    responses: { 200: transactionBody('alert_mute_list', 'output') },
    handle: async (c) => answer(await c.area.transactions.listMutes(page(c.query))),
  },
  {
    method: 'DELETE',
    path: '/v1/alert-mutes/:id',
    summary: "Delete a mute (unmute); ALERT_UNMUTED_FOR_RISK goes on the customer's audit page",
    tag: 'alert mutes',
    params: { id: uuid },
    responses: { 204: null },
    problems: [404],
    handle: async (c) => answer(await c.area.deleteMute(c.params.id as string, c.actor), 204, { body: () => undefined }),
  },
  {
    method: 'PUT',
    path: '/v1/customer-profiles/:customer_external_identifier',
    summary: 'Create or update the profile scenarios and cases read (name, type, risk level, segment, account opening, attributes)',
    tag: 'customers',
    params: { customer_external_identifier: { type: 'string', maxLength: 512 } },
    body: { json: V1.customerRequest, required: true },
    responses: { 200: V1.customer, 201: V1.customer },
    problems: [409],
    handle: async (c) =>
      answer(await c.area.customers.put(c.params.customer_external_identifier as string, c.body, c.actor), 200, {
        body: (v) => v.profile,
        status: (v) => (v.created ? 201 : 200),
      }),
  },
  {
    method: 'GET',
    path: '/v1/customer-profiles/:customer_external_identifier',
    summary: 'The profile of a customer',
    tag: 'customers',
    params: { customer_external_identifier: { type: 'string', maxLength: 512 } },
    responses: { 200: V1.customer },
    problems: [404],
    handle: async (c) => answer(await c.area.customers.get(c.params.customer_external_identifier as string)),
  },
  {
    method: 'GET',
    path: '/v1/customers/:identifier/audit-logs',
    summary: 'The audit page of a customer (by customer_identifier), oldest first',
    tag: 'audit',
    params: id,
    query: pageQuery,
    responses: { 200: V1.auditPage },
    handle: async (c) => answer(await c.area.audit.customerPage(c.params.identifier as string, page(c.query))),
  },
];
