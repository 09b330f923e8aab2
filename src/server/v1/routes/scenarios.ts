/**
 * /v1 routes of scenarios: the set in force, each scenario's versions, a new version in either format (tamis or
 * the hosted language), and back-tests over the stored transactions.
 */
import type { TransactionCustomerContext } from '../../../transactions/engine.js';
import { evaluationCustomer } from '../customers.js';
import { answer, type V1Route } from '../http.js';
import { SCENARIO_REFRESH_MS, type BacktestRequest } from '../scenarios.js';
import { pageQuery, V1 } from '../schemas.js';
import { pageOf } from './transactions.js';

const id = { identifier: { type: 'string', format: 'uuid' } };

export const SCENARIO_ROUTES: V1Route[] = [
  {
    method: 'GET',
    path: '/v1/scenarios',
    summary: 'The scenarios in force (the highest version of each), by name',
    tag: 'scenarios',
    query: pageQuery,
    responses: { 200: V1.scenarioList },
    handle: async (c) => {
      await c.area.scenarios.refresh(SCENARIO_REFRESH_MS);
      return answer(c.area.scenarios.list(pageOf(c.query)));
    },
  },
  {
    method: 'POST',
    path: '/v1/scenarios',
    summary: 'Create a scenario, or a new version of one: a tamis definition or a hosted-language document; it goes in force',
    tag: 'scenarios',
    description:
      'The format is told by the document: a hosted-language document has a `specification` object and no `schema_version`. ' +
      'A tamis definition carries its identifier and version (higher than the one in force); a hosted document without a ' +
      'version takes the next one, and its identifier is its own or derived from its name.',
    body: { json: V1.scenarioDefinition, required: true },
    responses: { 201: V1.scenario },
    problems: [409],
    handle: async (c) => {
      await c.area.scenarios.refresh(0);
      return answer(await c.area.scenarios.create(c.body, c.actor.user_identifier), 201, { headers: (v) => ({ location: `/v1/scenarios/${v.identifier}` }) });
    },
  },
  {
    method: 'GET',
    path: '/v1/scenarios/:identifier',
    summary: 'The version in force of a scenario, with its definition',
    tag: 'scenarios',
    params: id,
    responses: { 200: V1.scenario },
    problems: [404],
    handle: async (c) => {
      await c.area.scenarios.refresh(SCENARIO_REFRESH_MS);
      return answer(c.area.scenarios.get(c.params.identifier as string));
    },
  },
  {
    method: 'GET',
    path: '/v1/scenarios/:identifier/versions',
    summary: 'Every version of a scenario, oldest first',
    tag: 'scenarios',
    params: id,
    responses: { 200: V1.scenarioVersions },
    problems: [404],
    handle: async (c) => {
      await c.area.scenarios.refresh(SCENARIO_REFRESH_MS);
      return answer(c.area.scenarios.versions(c.params.identifier as string), 200, { body: (versions) => ({ versions }) });
    },
  },
  {
    method: 'POST',
    path: '/v1/scenarios/:identifier/backtest',
    summary: 'Replay a version (a stored one, or a definition not stored) over the stored transactions, against the version in force',
    tag: 'scenarios',
    description:
      'Body: `{}` tests the version in force against the one before it; `{ "version": N }` a stored version against the one in force; ' +
      '`{ "definition": {...} }` a definition of this scenario, not stored, against the one in force.',
    params: id,
    body: { json: V1.backtestRequest },
    responses: { 200: V1.backtest },
    problems: [404, 422],
    handle: async (c) => {
      const body = (c.body ?? {}) as BacktestRequest & Record<string, unknown>;
      const extra = typeof body === 'object' && body !== null && !Array.isArray(body) ? Object.keys(body).filter((k) => k !== 'version' && k !== 'definition') : ['$'];
      const version = body.version;
      if (extra.length > 0 || (version !== undefined && (!Number.isInteger(version) || version < 1))) {
        const message = 'the body is {}, { "version": N } or { "definition": {...} }';
        return { problem: c.area.problem(400, [{ code: 'INVALID_VALUE', message, path: extra.length ? `$.${extra[0]}` : '$.version' }]).error };
      }
      await c.area.scenarios.refresh(SCENARIO_REFRESH_MS);
      const transactions = await c.area.stores.transactions.list();
      const profiles = new Map<string, TransactionCustomerContext>();
      for (const t of transactions) {
        if (!profiles.has(t.customer_identifier)) profiles.set(t.customer_identifier, evaluationCustomer(t.customer_identifier, await c.area.stores.customers.get(t.customer_identifier)));
      }
      const customer = (identifier: string) => profiles.get(identifier) ?? { identifier };
      return answer(c.area.scenarios.backtest(c.params.identifier as string, body, transactions, customer));
    },
  },
];
