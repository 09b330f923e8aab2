/**
 * The request schemas of the search API (search-api.md): bodies, query strings and path parameters, one per route.
 * The server validates every request with them before calling the service, and the OpenAPI document is built from
 * them: one source. Each rule names the problem code and message the service gives for the same fault, so a
 * request refused here answers as the service would (test/server/validation.test.ts holds the two together).
 * Rules that need the store (defined tags, profiles, users, hits) or the list stay with the service.
 */
import { ENTITY_TYPES, LIST_TYPES } from '../../types/entity.js';
import { ENTITY_MATCH_STATUSES, MATCH_STATUSES, RISK_LEVELS } from '../../service/validate.js';
import { object, rule, type Schema } from './annotate.js';

export interface RouteSchemas {
  body?: Schema;
  querystring?: Schema;
  params?: Schema;
  /** The body is documented but checked by the service (PATCH search-profile: its errors come in the spec's order). */
  bodyCheckedByService?: boolean;
}

const INVALID_BODY = { code: 'invalid_body', message: 'the body must be a JSON object', path: '' };
const nonBlank = { type: 'string', pattern: '\\S' };
const queryInt = { type: 'string', pattern: '^\\s*-?\\d+\\s*$' };
const queryList = (values: readonly string[]): Schema => ({
  type: ['string', 'array'],
  items: { type: 'string' },
  description: `one or more of ${values.join(', ')}, comma-separated`,
});
const dateQuery = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'yyyy-mm-dd' };
const caseInsensitive = (words: readonly string[]) =>
  `^(${words.map((w) => [...w].map((c) => (/[a-z]/i.test(c) ? `[${c.toLowerCase()}${c.toUpperCase()}]` : c)).join('')).join('|')})$`;

const fuzziness = rule({ type: 'number', minimum: 0, maximum: 1 }, { code: 'invalid_fuzziness', message: 'fuzziness must be a number from 0.0 to 1.0' });
const limit = rule({ type: 'integer', minimum: 1, maximum: 100 }, { code: 'invalid_limit', message: 'limit must be an integer from 1 to 100' });
const matchStatus = (values: readonly string[]) =>
  rule({ type: 'string', enum: [...values] }, { code: 'invalid_match_status', message: `match_status must be one of ${values.join(', ')}` });
const riskLevel = rule({ type: 'string', enum: [...RISK_LEVELS] }, { code: 'invalid_risk_level', message: `risk_level must be one of ${RISK_LEVELS.join(', ')}` });
const tagValues = (nullable: boolean) =>
  rule(
    {
      type: nullable ? ['object', 'null'] : 'object',
      description: 'tag name to value; names must be defined in the account settings',
      additionalProperties: rule(
        { oneOf: [{ type: 'string', minLength: 1 }, { type: 'number' }, { type: 'boolean' }] },
        { code: 'invalid_tag_value', message: 'tag {key} needs a non-empty string value' },
      ),
    },
    { code: 'invalid_tags', message: 'tags must be an object of tag name to value' },
  );

/** The filters of POST /searches, checked by the screener (its codes). */
const filters = rule(
  object({
    types: rule(
      { type: 'array', items: { type: 'string', enum: [...LIST_TYPES] } },
      { code: 'types_invalid', message: 'filters.types must be an array of list types' },
    ),
    birth_year: rule({ type: 'integer', minimum: 1000, maximum: 9999 }, { code: 'birth_year_invalid', message: 'filters.birth_year must be a four-digit integer year' }),
    remove_deceased: rule({ type: 'string', enum: ['0', '1'] }, { code: 'remove_deceased_invalid', message: 'filters.remove_deceased must be "1" or "0"' }),
    country_codes: rule(
      { type: 'array', items: { type: 'string' }, description: 'ISO 3166-1 alpha-2 codes' },
      { code: 'country_codes_invalid', message: 'filters.country_codes must be an array of ISO 3166-1 alpha-2 codes' },
    ),
    entity_type: rule({ type: 'string', enum: [...ENTITY_TYPES] }, { code: 'entity_type_invalid', message: `filters.entity_type must be one of ${ENTITY_TYPES.join(', ')}` }),
  }),
  { code: 'invalid_type', message: 'filters must be an object' },
);

const searchTerm = rule(
  {
    oneOf: [
      {
        ...nonBlank,
        maxLength: 255,
        'x-problems': {
          pattern: { code: 'required', message: 'search_term is required' },
          maxLength: { code: 'too_long', message: 'search_term must be at most 255 characters' },
        },
      },
      object(
        {
          last_name: rule(nonBlank, { code: 'required', message: 'search_term.last_name is required' }),
          first_name: rule({ type: 'string' }, { code: 'invalid_type', message: 'search_term.first_name must be a string' }),
          middle_names: rule({ type: 'string' }, { code: 'invalid_type', message: 'search_term.middle_names must be a string' }),
        },
        {
          required: ['last_name'],
          additionalProperties: false,
          'x-problems': { additionalProperties: { code: 'unknown_field', message: 'search_term.{name} is not allowed' } },
        },
      ),
    ],
  },
  { code: 'required', message: 'search_term is required (a string or an object with last_name)' },
);

const createSearch = rule(
  object(
    {
      search_term: searchTerm,
      client_ref: rule({ type: ['string', 'null'], maxLength: 255 }, { code: 'invalid_type', message: 'client_ref must be a string' }, {
        maxLength: { code: 'too_long', message: 'client_ref must be at most 255 characters' },
      }),
      search_profile: rule({ type: 'string', minLength: 1, description: 'a search profile id; exclusive with filters.types' }, {
        code: 'invalid_type',
        message: 'search_profile must be a profile id',
      }),
      fuzziness,
      offset: rule({ type: 'integer', minimum: 0 }, { code: 'invalid_offset', message: 'offset must be an integer of at least 0' }),
      limit,
      filters,
      tags: tagValues(true),
      share_url: rule({ enum: [0, 1] }, { code: 'invalid_share_url', message: 'share_url must be 0 or 1' }),
      exact_match: rule({ type: 'boolean' }, { code: 'invalid_type', message: 'exact_match must be a boolean' }),
      details_shape: rule({ type: 'string', enum: ['list', 'keyed'], description: 'tamis extension: the shape of match_types_details (default list)' }, {
        code: 'invalid_details_shape',
        message: 'details_shape must be list or keyed',
      }),
    },
    { required: ['search_term'] },
  ),
  INVALID_BODY,
);

const updateSearch = rule(
  object(
    {
      match_status: matchStatus(MATCH_STATUSES),
      risk_level: riskLevel,
      assignee_id: rule({ type: ['integer', 'null'] }, { code: 'invalid_assignee', message: 'assignee_id must be a user id' }),
      limit,
      tags: tagValues(false),
    },
    {
      anyOf: ['match_status', 'risk_level', 'assignee_id', 'limit', 'tags'].map((k) => ({ required: [k] })),
      'x-problems': { anyOf: { code: 'empty_update', message: 'give one or more of match_status, risk_level, assignee_id, limit, tags', path: '' } },
    },
  ),
  INVALID_BODY,
);

const updateEntities = rule(
  object(
    {
      entities: rule(
        { type: 'array', minItems: 1, items: { type: 'string', minLength: 1 } },
        { code: 'invalid_entities', message: 'entities must be a non-empty array of entity ids' },
      ),
      match_status: matchStatus(ENTITY_MATCH_STATUSES),
      risk_level: riskLevel,
      is_whitelisted: rule({ type: 'boolean' }, { code: 'invalid_type', message: 'is_whitelisted must be a boolean' }),
    },
    {
      required: ['entities'],
      anyOf: ['match_status', 'risk_level', 'is_whitelisted'].map((k) => ({ required: [k] })),
      'x-problems': { anyOf: { code: 'empty_update', message: 'give one or more of match_status, risk_level, is_whitelisted', path: '' } },
    },
  ),
  INVALID_BODY,
);

const isMonitored = { code: 'invalid_is_monitored', message: 'is_monitored must be a boolean', path: 'is_monitored', envelope: 'invalid input: is_monitored must be a boolean' };
const updateMonitors = rule(object({ is_monitored: rule({ type: 'boolean' }, isMonitored) }, { required: ['is_monitored'] }), isMonitored);

const commentRequired = { code: 'required', message: 'comment is required', path: 'comment' };
const addComment = rule(
  object(
    {
      comment: rule(nonBlank, commentRequired),
      entity_id: rule({ type: ['string', 'null'], minLength: 1, description: 'for an entity comment; omitted for a search comment' }, {
        code: 'invalid_entity_id',
        message: 'entity_id must be an entity id',
      }),
    },
    { required: ['comment'] },
  ),
  commentRequired,
);

const searchProfileBody = object(
  { search_profile: object({ id: { type: 'string', description: 'a search profile id' } }, { required: ['id'] }) },
  { required: ['search_profile'] },
);

/** POST /searches/references; `maxTermLength` is 255, or 290 where the server is configured so. */
export function referenceBody(maxTermLength: number): Schema {
  return rule(
    object(
      {
        search_term: rule({ ...nonBlank, maxLength: maxTermLength, description: 'the payment reference' }, { code: 'required', message: 'search_term is required' }, {
          maxLength: { code: 'too_long', message: `search_term must be at most ${maxTermLength} characters` },
        }),
        client_ref: rule({ type: 'string', minLength: 1, maxLength: 255 }, { code: 'required', message: 'client_ref is required' }, {
          maxLength: { code: 'too_long', message: 'client_ref must be at most 255 characters' },
        }),
        search_profile: rule({ type: 'string', minLength: 1, description: 'a search profile slug or id' }, {
          code: 'required',
          message: 'search_profile is required (a profile slug or id)',
        }),
        fuzziness,
      },
      { required: ['search_term', 'client_ref', 'search_profile'] },
    ),
    INVALID_BODY,
  );
}

const shareUrl = object({
  share_url: rule({ type: 'string', enum: ['0', '1'] }, { message: 'share_url must be 1 or 0', envelope: 'invalid input: share_url must be 1 or 0' }),
});
const perPage = (code: string, message: string) => rule(queryInt, { code, message });
const userId = (name: string) => rule({ ...queryInt, description: 'a user id' }, { code: `invalid_${name}`, message: `${name} must be a user id` });
const termQuery = (name: string) => rule({ type: 'string' }, { code: `invalid_${name}`, message: `${name} must be a non-empty string` });

const listQuery = object({
  assignee_id: userId('assignee_id'),
  searcher_id: userId('searcher_id'),
  risk_level: queryList(RISK_LEVELS),
  match_status: queryList(MATCH_STATUSES),
  submitted_term: termQuery('submitted_term'),
  search_term: rule({ type: 'string', description: 'at least 3 characters' }, { code: 'invalid_search_term', message: 'search_term must be a non-empty string' }),
  client_ref: termQuery('client_ref'),
  created_at_from: rule(dateQuery, { code: 'invalid_date', message: 'created_at_from must be a date yyyy-mm-dd' }),
  created_at_to: rule(dateQuery, { code: 'invalid_date', message: 'created_at_to must be a date yyyy-mm-dd' }),
  tags: { type: ['string', 'array'], items: { type: 'string' }, description: 'comma-separated name:value pairs' },
  tags_logical_operator: rule({ type: 'string', pattern: caseInsensitive(['OR', 'AND']) }, {
    code: 'invalid_tags_logical_operator',
    message: 'tags_logical_operator must be OR or AND',
  }),
  monitored: rule({ type: 'string', enum: ['suspended', 'un-suspended', 'false'] }, { code: 'invalid_monitored', message: 'monitored must be suspended, un-suspended or false' }),
  sort_by: rule({ type: 'string', enum: ['id', 'created_at', 'updated_at', 'assignee_id', 'searcher_id'] }, {
    code: 'invalid_sort_by',
    message: 'sort_by must be one of id, created_at, updated_at, assignee_id, searcher_id',
  }),
  sort_dir: rule({ type: 'string', pattern: caseInsensitive(['ASC', 'DESC']) }, { code: 'invalid_sort_dir', message: 'sort_dir must be ASC or DESC' }),
  page: perPage('invalid_page', 'page must be an integer of at least 1'),
  per_page: perPage('invalid_per_page', 'per_page must be an integer from 1 to 100'),
  token: rule({ type: 'string', description: 'from links.next or links.previous' }, { code: 'invalid_token', message: 'token is not a token of this listing' }),
});

const idParam = { type: 'string', description: 'the numeric search id or the search ref' };
const idParams = object({ id: idParam }, { required: ['id'] });

/** The schemas of each route of SEARCH_ROUTES, by `METHOD path`. */
export function requestSchemas(options: { referenceTermMaxLength: number }): Record<string, RouteSchemas> {
  return {
    'GET /users': {},
    'POST /searches': { body: createSearch },
    'GET /searches': { querystring: listQuery },
    'POST /searches/references': { body: referenceBody(options.referenceTermMaxLength) },
    'GET /searches/:id': { params: idParams, querystring: shareUrl },
    'GET /searches/:id/details': { params: idParams, querystring: shareUrl },
    'GET /searches/:id/entities/:entity_provider': {
      params: object(
        {
          id: idParam,
          entity_provider: rule({ type: 'string', enum: ['comply', 'internal'] }, { code: 'invalid_provider', message: 'entity_provider must be comply or internal' }),
        },
        { required: ['id', 'entity_provider'] },
      ),
      querystring: object({
        per_page: perPage('invalid_per_page', 'per_page must be an integer from 1 to 100'),
        page: perPage('invalid_page', 'page must be an integer of at least 1'),
      }),
    },
    'GET /searches/:id/certificate': { params: idParams },
    'PATCH /searches/:id': { params: idParams, body: updateSearch },
    'PATCH /searches/:id/entities': { params: idParams, body: updateEntities },
    'DELETE /searches/:id': { params: idParams },
    'GET /searches/:id/monitors': { params: idParams },
    'PATCH /searches/:id/monitors': { params: idParams, body: updateMonitors },
    'GET /searches/:id/monitor/differences': {
      params: idParams,
      querystring: object({
        date: rule({ ...dateQuery, description: 'yyyy-mm-dd; default: the current day (UTC)' }, {
          code: 'invalid_date',
          message: 'date must be yyyy-mm-dd',
          envelope: 'invalid input: date must be yyyy-mm-dd',
        }),
      }),
    },
    'POST /searches/:id/monitor/acknowledge': { params: idParams },
    'PATCH /searches/:id/search-profile': { params: idParams, body: searchProfileBody, bodyCheckedByService: true },
    'POST /searches/:id/comments': { params: idParams, body: addComment },
    'GET /searches/:id/comments': { params: idParams },
    'DELETE /searches/:id/tags/:tag_name': {
      params: object({ id: { type: 'string', description: 'the numeric search id' }, tag_name: { type: 'string' } }, { required: ['id', 'tag_name'] }),
    },
    'GET /entity/:entity_id': { params: object({ entity_id: { type: 'string' } }, { required: ['entity_id'] }) },
    'POST /entity/search': {},
    'PATCH /searches/:id/entity/:eid': { params: object({ id: idParam, eid: { type: 'string' } }, { required: ['id', 'eid'] }) },
  };
}
