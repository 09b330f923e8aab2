/**
 * The response schemas of the search API (search-api.md, "Resources and their fields"), as OpenAPI components.
 * They document what the service renders (src/service/render.ts); the tests validate every response against them.
 */
import { ENTITY_TYPES } from '../../types/entity.js';
import { MATCH_STATUSES, RISK_LEVELS } from '../../service/validate.js';
import type { Schema } from './annotate.js';

export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const str = { type: 'string' };
const int = { type: 'integer' };
const strings = { type: 'array', items: str };
const nullable = (s: Schema): Schema => ({ oneOf: [s, { type: 'null' }] });
const timestamp = { type: 'string', description: 'yyyy-mm-dd hh:mm:ss (UTC)', pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$' };
const obj = (properties: Record<string, Schema>, required: string[] = Object.keys(properties), extra: Schema = {}): Schema => ({
  type: 'object',
  properties,
  required,
  ...extra,
});

const entity = obj(
  {
    id: str,
    entity_type: { type: 'string', enum: [...ENTITY_TYPES] },
    last_updated_utc: str,
    name: str,
    first_name: str,
    middle_name: str,
    middle_names: str,
    last_name: str,
    sources: strings,
    types: strings,
    aka: { type: 'array', items: obj({ name: str, first_name: str, last_name: str, type: str }, ['name']) },
    associates: { type: 'array', items: obj({ name: str, association: str, comment: str }, ['name']) },
    fields: { type: 'array', items: obj({ name: str, value: str, tag: str, source: str, locale: str }, ['name', 'value']) },
    media: { type: 'array', items: obj({ date: str, title: str, snippet: str, url: str, pdf_url: str }, []) },
    assets: { type: 'array', items: obj({ public_url: str, source: str, type: str, url: str }, []) },
    keywords: { oneOf: [str, strings] },
    source_notes: { type: 'object', additionalProperties: obj({ aml_types: strings, country_codes: strings, name: str, url: str, listing_started_utc: str, listing_ended_utc: str, source_id: str }, ['aml_types']) },
    account_ids: { type: 'array', items: int },
    blacklist_ids: strings,
    created_utc: str,
    scraper_ids: strings,
  },
  ['id', 'entity_type', 'name', 'sources', 'types'],
);

const termMatches = { type: 'array', items: obj({ query_term: str, match_types: strings }) };
const matchTypesDetails: Schema = {
  description: 'a list of objects (default), or an object keyed by matching name',
  oneOf: [
    { type: 'array', items: obj({ matching_name: str, sources: strings, aml_types: strings, name_matches: termMatches, secondary_matches: termMatches }, ['matching_name']) },
    { type: 'object', additionalProperties: obj({ match_types: { type: 'object', additionalProperties: strings }, type: str }) },
  ],
};

const hit = obj(
  {
    doc: ref('Entity'),
    match_types: strings,
    match_types_details: matchTypesDetails,
    match_details: {
      type: 'array',
      description: 'payment-reference hits',
      items: obj(
        {
          matching_term: str,
          matching_reason: str,
          name_type: str,
          source_name: str,
          substring: str,
          substring_index: { type: 'array', items: int, minItems: 2, maxItems: 2 },
        },
        ['matching_term', 'substring', 'substring_index'],
      ),
    },
    score: { type: 'number' },
    match_status: { type: 'string', enum: [...MATCH_STATUSES] },
    risk_level: { type: 'string', enum: [...RISK_LEVELS] },
    is_whitelisted: { type: 'boolean' },
  },
  ['doc', 'match_types', 'score', 'match_status', 'risk_level'],
);

const user = obj({ id: int, email: str, name: str, phone: nullable(str), created_at: timestamp, updated_at: timestamp });
const searchUser = { ...user, properties: { ...(user.properties as object), user_is_active: { type: 'boolean' } }, required: [...(user.required as string[]), 'user_is_active'] };
const label = obj({ type: { const: 'tag' }, name: str, value: str });

const summaryProps: Record<string, Schema> = {
  id: int,
  ref: str,
  searcher_id: int,
  assignee_id: nullable(int),
  search_profile: obj({ name: str, slug: str }),
  filters: obj({ exact_match: { type: 'boolean' }, fuzziness: { type: 'number' } }, ['exact_match', 'fuzziness'], { description: 'the filters applied' }),
  match_status: { type: 'string', enum: [...MATCH_STATUSES] },
  risk_level: { type: 'string', enum: [...RISK_LEVELS] },
  search_term: str,
  submitted_term: str,
  client_ref: nullable(str),
  total_hits: int,
  total_matches: int,
  total_blacklist_hits: int,
  created_at: timestamp,
  updated_at: timestamp,
  tags: { description: 'name to latest value; an empty array when the search has no tags', oneOf: [{ type: 'object', additionalProperties: str }, { type: 'array', maxItems: 0 }] },
  labels: { type: 'array', items: ref('Label') },
  limit: int,
  offset: int,
};
const summaryRequired = Object.keys(summaryProps).filter((k) => k !== 'search_profile');
const searchSummary = obj(summaryProps, summaryRequired);
const searchOverview = obj({ ...summaryProps, hits: { type: 'array', items: ref('Hit') }, share_url: str }, [...summaryRequired, 'hits']);
const searchView = obj(
  {
    ...summaryProps,
    hits: { type: 'array', items: ref('Hit') },
    share_url: str,
    searcher: nullable(ref('SearchUser')),
    assignee: nullable(ref('SearchUser')),
    blacklist_filters: obj({ blacklist_ids: strings }),
    blacklist_hits: { type: 'array', items: ref('Hit') },
    total_blacklist_hits: int,
    fuzziness: { type: 'number', description: 'POST /searches/references only' },
  },
  [...summaryRequired, 'hits', 'blacklist_filters', 'blacklist_hits'],
);
const updatedHit = obj({
  doc: obj({ id: str }),
  match_status: { type: 'string', enum: [...MATCH_STATUSES] },
  is_whitelisted: { type: 'boolean' },
  risk_level: { type: 'string', enum: [...RISK_LEVELS] },
  match_types: strings,
  score: { type: 'number' },
});
const monitors = obj({
  search_id: int,
  ref: str,
  is_monitored: { type: 'boolean' },
  monitors: { type: 'array', items: obj({ monitored_by: int, created_at: timestamp, updated_at: timestamp }) },
});
const change = obj({ removed: strings, added: strings });
const difference = obj({
  action: { type: 'string', enum: ['added', 'removed', 'updated'] },
  name: str,
  entity_id: str,
  listing_types: strings,
  sources: strings,
  changes: obj({ listing_types: change, sources: change }),
});
const comment = obj({ id: str, created_at: timestamp, message: str, user_id: int, entity_id: str }, ['id', 'created_at', 'message', 'user_id']);
const failure = obj(
  {
    code: int,
    message: str,
    status: { const: 'failure' },
    errors: {
      type: 'array',
      description: 'tamis: the problems, each with a stable code and the path of the offending input',
      items: obj({ code: str, message: str, path: str }, ['code', 'message']),
    },
  },
  ['code', 'message', 'status'],
);

/** Components of the OpenAPI document. */
export const COMPONENT_SCHEMAS: Record<string, Schema> = {
  Entity: entity,
  Hit: hit,
  User: user,
  SearchUser: searchUser,
  Label: label,
  SearchSummary: searchSummary,
  SearchOverview: searchOverview,
  SearchView: searchView,
  UpdatedHit: updatedHit,
  Monitors: monitors,
  Difference: difference,
  Comment: comment,
  Failure: failure,
};

/** `{ status: 'success', content }`, with `code` and `links` where the endpoint gives them. */
export function success(content: Schema, extra: { code?: boolean; links?: boolean } = {}): Schema {
  return obj(
    {
      status: { const: 'success' },
      ...(extra.code ? { code: { const: 200 } } : {}),
      content,
      ...(extra.links ? { links: obj({ next: str, previous: str }, []) } : {}),
    },
    ['status', 'content', ...(extra.code ? ['code'] : []), ...(extra.links ? ['links'] : [])],
  );
}
export const data = (s: Schema): Schema => obj({ data: s });
export const arrayOf = (s: Schema): Schema => ({ type: 'array', items: s });

/** The 200 response of each route (`null`: 204; `pdf`: the certificate), by `METHOD path`. */
export const SUCCESS_RESPONSES: Record<string, Schema | null | 'pdf'> = {
  'GET /users': success(data(arrayOf(ref('User')))),
  'POST /searches': success(data(ref('SearchView')), { code: true }),
  'GET /searches': success(data(arrayOf(ref('SearchSummary'))), { links: true }),
  'POST /searches/references': success(data(ref('SearchView')), { code: true }),
  'GET /searches/:id': success(data(ref('SearchOverview'))),
  'GET /searches/:id/details': success(data(ref('SearchView'))),
  'GET /searches/:id/entities/:entity_provider': success(arrayOf(ref('Hit'))),
  'GET /searches/:id/certificate': 'pdf',
  'PATCH /searches/:id': success(data(ref('SearchOverview'))),
  'PATCH /searches/:id/entities': success({
    allOf: [ref('SearchSummary'), obj({ hits: arrayOf(ref('UpdatedHit')) })],
  }),
  'DELETE /searches/:id': null,
  'GET /searches/:id/monitors': success(ref('Monitors')),
  'PATCH /searches/:id/monitors': success(ref('Monitors')),
  'GET /searches/:id/monitor/differences': success(arrayOf(ref('Difference'))),
  'POST /searches/:id/monitor/acknowledge': null,
  'PATCH /searches/:id/search-profile': success(data(obj({ search_profile: obj({ id: str, version: int }), ref: str }))),
  'POST /searches/:id/comments': null,
  'GET /searches/:id/comments': success(arrayOf(ref('Comment'))),
  'DELETE /searches/:id/tags/:tag_name': null,
};
