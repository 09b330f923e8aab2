/**
 * The spec's endpoints as data: method, path (`:name` for path parameters) and the `SearchApi` call it maps to.
 * An HTTP layer registers each route, authenticates with `service.forApiKey(token)` and sends the returned
 * envelope (`status: 'empty'` → the code with no body). Query values arrive as strings; the service parses them.
 */
import type { SearchApi } from './api.js';
import type { ApiResponse } from './types.js';

export interface RouteInput {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
}

export interface SearchRoute {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  /** True for the deprecated endpoints (always 410). */
  deprecated?: boolean;
  call(api: SearchApi, input: RouteInput): Promise<ApiResponse<unknown>>;
}

const id = (i: RouteInput): string => i.params.id ?? '';

export const SEARCH_ROUTES: readonly SearchRoute[] = [
  { method: 'GET', path: '/users', call: (api) => api.listUsers() },
  { method: 'POST', path: '/searches', call: (api, i) => api.createSearch(i.body) },
  { method: 'GET', path: '/searches', call: (api, i) => api.listSearches(i.query) },
  { method: 'POST', path: '/searches/references', call: (api, i) => api.screenPaymentReference(i.body) },
  { method: 'GET', path: '/searches/:id', call: (api, i) => api.getSearch(id(i), i.query) },
  { method: 'GET', path: '/searches/:id/details', call: (api, i) => api.getSearchDetails(id(i), i.query) },
  {
    method: 'GET',
    path: '/searches/:id/entities/:entity_provider',
    call: (api, i) => api.getSearchEntities(id(i), i.params.entity_provider ?? '', i.query),
  },
  { method: 'GET', path: '/searches/:id/certificate', call: (api, i) => api.getCertificate(id(i)) },
  { method: 'PATCH', path: '/searches/:id', call: (api, i) => api.updateSearch(id(i), i.body) },
  { method: 'PATCH', path: '/searches/:id/entities', call: (api, i) => api.updateSearchEntities(id(i), i.body) },
  { method: 'DELETE', path: '/searches/:id', call: (api, i) => api.deleteSearch(id(i)) },
  { method: 'GET', path: '/searches/:id/monitors', call: (api, i) => api.getMonitors(id(i)) },
  { method: 'PATCH', path: '/searches/:id/monitors', call: (api, i) => api.updateMonitors(id(i), i.body) },
  { method: 'GET', path: '/searches/:id/monitor/differences', call: (api, i) => api.getMonitorDifferences(id(i), i.query) },
  { method: 'POST', path: '/searches/:id/monitor/acknowledge', call: (api, i) => api.acknowledgeMonitor(id(i)) },
  { method: 'PATCH', path: '/searches/:id/search-profile', call: (api, i) => api.updateSearchProfile(id(i), i.body) },
  { method: 'POST', path: '/searches/:id/comments', call: (api, i) => api.addComment(id(i), i.body) },
  { method: 'GET', path: '/searches/:id/comments', call: (api, i) => api.listComments(id(i)) },
  { method: 'DELETE', path: '/searches/:id/tags/:tag_name', call: (api, i) => api.deleteSearchTag(id(i), i.params.tag_name ?? '') },
  { method: 'GET', path: '/entity/:entity_id', deprecated: true, call: (api, i) => api.getEntity(i.params.entity_id ?? '') },
  { method: 'POST', path: '/entity/search', deprecated: true, call: (api, i) => api.searchEntities(i.body) },
  {
    method: 'PATCH',
    path: '/searches/:id/entity/:eid',
    deprecated: true,
    call: (api, i) => api.updateSearchEntity(id(i), i.params.eid ?? '', i.body),
  },
];
