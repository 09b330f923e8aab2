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
export * from './reference/index.js';
export * from './transactions/index.js';
export * from './cases/index.js';
export * from './bulk/index.js';
export * from './tokens/index.js';
export { validateSearchRequest, MAX_SEARCH_TERM_LENGTH, MAX_LIMIT, type NormalisedRequest } from './request/validate.js';
export { MissingPeerDependencyError } from './peer.js';
