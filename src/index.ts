/**
 * tamis: in-process, offline name screening, payment-reference screening and transaction monitoring.
 * The one public entry point.
 */
export * from './errors.js';
export * from './types/entity.js';
export * from './names/index.js';
export * from './screening/index.js';
export * from './importers/index.js';
export * from './service/index.js';
export { validateSearchRequest, MAX_SEARCH_TERM_LENGTH, MAX_LIMIT, type NormalisedRequest } from './request/validate.js';
