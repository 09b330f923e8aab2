/**
 * The request schemas validate requests in the server, and the service validates them again. For each invalid
 * request below (one fault each) the server's answer, refused by the schemas, equals the service's own answer:
 * same status, same problem codes and paths, same top-level message where the service gives one of its own.
 * Valid requests pass the schemas.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_ROUTES } from '../../src/service/index.js';
import { requestSchemas } from '../../src/server/schemas/requests.js';
import { compileRequestValidator, createAjv } from '../../src/server/validation.js';
import { ALICE, startHarness, type Harness } from './harness.js';

let h: Harness;
let id = '';
beforeAll(async () => {
  h = await startHarness();
  const r = await h.call('POST', '/searches', { body: { search_term: 'Mahmoud Nasser' } });
  id = String(r.json.content.data.id);
});
afterAll(() => h.close());

type Case = [method: string, path: string, query: string, body: unknown];
const S = (q: string, body: unknown = undefined): Case => ['GET', '/searches', q, body];

const INVALID: Case[] = [
  ['POST', '/searches', '', 'Smith'],
  ['POST', '/searches', '', {}],
  ['POST', '/searches', '', { search_term: '' }],
  ['POST', '/searches', '', { search_term: '   ' }],
  ['POST', '/searches', '', { search_term: 5 }],
  ['POST', '/searches', '', { search_term: 'x'.repeat(256) }],
  ['POST', '/searches', '', { search_term: { first_name: 'Ana' } }],
  ['POST', '/searches', '', { search_term: { last_name: 'Smith', nick: 'x' } }],
  ['POST', '/searches', '', { search_term: { last_name: 'Smith', first_name: 3 } }],
  ['POST', '/searches', '', { search_term: 'Smith', client_ref: 7 }],
  ['POST', '/searches', '', { search_term: 'Smith', client_ref: 'c'.repeat(256) }],
  ['POST', '/searches', '', { search_term: 'Smith', fuzziness: 2 }],
  ['POST', '/searches', '', { search_term: 'Smith', fuzziness: '0.5' }],
  ['POST', '/searches', '', { search_term: 'Smith', exact_match: 'yes' }],
  ['POST', '/searches', '', { search_term: 'Smith', offset: -1 }],
  ['POST', '/searches', '', { search_term: 'Smith', limit: 101 }],
  ['POST', '/searches', '', { search_term: 'Smith', limit: 1.5 }],
  ['POST', '/searches', '', { search_term: 'Smith', share_url: 2 }],
  ['POST', '/searches', '', { search_term: 'Smith', filters: [] }],
  ['POST', '/searches', '', { search_term: 'Smith', filters: { types: ['nope'] } }],
  ['POST', '/searches', '', { search_term: 'Smith', filters: { birth_year: 99 } }],
  ['POST', '/searches', '', { search_term: 'Smith', filters: { remove_deceased: 1 } }],
  ['POST', '/searches', '', { search_term: 'Smith', filters: { entity_type: 'ship' } }],
  ['POST', '/searches', '', { search_term: 'Smith', filters: { country_codes: 'FR' } }],
  ['POST', '/searches', '', { search_term: 'Smith', search_profile: '' }],
  ['POST', '/searches', '', { search_term: 'Smith', tags: 'branch' }],
  ['POST', '/searches', '', { search_term: 'Smith', tags: { branch: '' } }],
  ['POST', '/searches', '', { search_term: 'Smith', tags: { branch: null } }],
  ['POST', '/searches', '', { search_term: 'Smith', details_shape: 'nested' }],
  ['PATCH', '/searches/:id', '', {}],
  ['PATCH', '/searches/:id', '', []],
  ['PATCH', '/searches/:id', '', { match_status: 'maybe' }],
  ['PATCH', '/searches/:id', '', { risk_level: 'extreme' }],
  ['PATCH', '/searches/:id', '', { assignee_id: 'ana' }],
  ['PATCH', '/searches/:id', '', { limit: 0 }],
  ['PATCH', '/searches/:id', '', { tags: null }],
  ['PATCH', '/searches/:id/entities', '', { match_status: 'no_match' }],
  ['PATCH', '/searches/:id/entities', '', { entities: [], match_status: 'no_match' }],
  ['PATCH', '/searches/:id/entities', '', { entities: ['e1'] }],
  ['PATCH', '/searches/:id/entities', '', { entities: ['e1'], match_status: 'true_positive_approve' }],
  ['PATCH', '/searches/:id/entities', '', { entities: ['e1'], is_whitelisted: 'yes' }],
  ['PATCH', '/searches/:id/monitors', '', {}],
  ['PATCH', '/searches/:id/monitors', '', { is_monitored: 'true' }],
  ['POST', '/searches/:id/comments', '', {}],
  ['POST', '/searches/:id/comments', '', 'text'],
  ['POST', '/searches/:id/comments', '', { comment: ' ' }],
  ['POST', '/searches/:id/comments', '', { comment: 'ok', entity_id: '' }],
  ['POST', '/searches/references', '', []],
  ['POST', '/searches/references', '', { search_term: 'PAY', client_ref: 'c', search_profile: 'sanctions', fuzziness: -1 }],
  ['POST', '/searches/references', '', { search_term: 'PAY', client_ref: '', search_profile: 'sanctions' }],
  ['GET', '/searches/:id', 'share_url=yes', undefined],
  ['GET', '/searches/:id/details', 'share_url=2', undefined],
  ['GET', '/searches/:id/entities/comply', 'per_page=x', undefined],
  ['GET', '/searches/:id/entities/comply', 'page=1.5', undefined],
  ['GET', '/searches/:id/entities/other', '', undefined],
  ['GET', '/searches/:id/monitor/differences', 'date=today', undefined],
  S('assignee_id=ana'),
  S('searcher_id=x'),
  S('created_at_from=2026-1-1'),
  S('tags_logical_operator=XOR'),
  S('monitored=yes'),
  S('sort_by=name'),
  S('sort_dir=up'),
  S('page=first'),
  S('per_page=ten'),
];

const routeOf = (method: string, path: string) => {
  const norm = path.replace(/\/searches\/:id\/entities\/\w+$/, '/searches/:id/entities/:entity_provider');
  const r = SEARCH_ROUTES.find((x) => x.method === method && x.path === norm);
  if (!r) throw new Error(`no route ${method} ${path}`);
  return r;
};
const paramsOf = (path: string): Record<string, string> => {
  const m = /\/entities\/(\w+)$/.exec(path);
  return { id, ...(m ? { entity_provider: m[1] as string } : {}) };
};
const shape = (r: { code: number; message: string; errors?: { code: string; path?: string }[] }) => ({
  code: r.code,
  problems: (r.errors ?? []).map((e) => `${e.code}@${e.path ?? ''}`).sort(),
  ...(r.errors === undefined || r.errors.length === 0 ? { message: r.message } : {}),
});

describe('schemas and service agree', () => {
  it.each(INVALID)('%s %s?%s %j: the server answers as the service does', async (method, path, query, body) => {
    const url = `${path.replace(':id', id)}${query ? `?${query}` : ''}`;
    const served = await h.call(method, url, body === undefined ? {} : { body });
    const q = Object.fromEntries(new URLSearchParams(query));
    const direct = await routeOf(method, path).call(h.service.forApiKey(ALICE), { params: paramsOf(path), query: q, body });
    expect(served.status).toBe(400);
    expect(direct).toMatchObject({ status: 'failure', code: 400 });
    expect(shape(served.json)).toEqual(shape(direct as never));
  });

  it('every one of these requests is refused by the schemas themselves (not only by the service)', () => {
    const schemas = requestSchemas({ referenceTermMaxLength: 255 });
    const ajv = createAjv();
    for (const [method, path, query, body] of INVALID) {
      const route = routeOf(method, path);
      const validate = compileRequestValidator(ajv, schemas[`${route.method} ${route.path}`] ?? {});
      const q = Object.fromEntries(new URLSearchParams(query));
      expect(validate({ params: paramsOf(path), query: q, body }), `${method} ${path}?${query} ${JSON.stringify(body)}`).not.toBeNull();
    }
  });

  it.each([
    ['POST /searches', { search_term: { last_name: 'Smith', first_name: 'Ana', middle_names: 'B' }, client_ref: null, tags: null, share_url: 0, filters: { types: ['pep'], birth_year: 1970, remove_deceased: '1', country_codes: ['fr'], entity_type: 'person' } }],
    ['PATCH /searches/:id', { assignee_id: null }],
    ['PATCH /searches/:id/entities', { entities: ['a'], is_whitelisted: false }],
    ['POST /searches/:id/comments', { comment: 'x', entity_id: null }],
    ['POST /searches/references', { search_term: 'PAYMENT TO ACME', client_ref: 'c', search_profile: 'sanctions', fuzziness: 0 }],
  ])('%s accepts %j', (key, body) => {
    const validate = compileRequestValidator(createAjv(), requestSchemas({ referenceTermMaxLength: 255 })[key] ?? {});
    expect(validate({ params: { id: '1' }, query: {}, body })).toBeNull();
  });
});
