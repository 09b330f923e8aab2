/**
 * tamis: in-process, offline name screening, payment-reference screening and transaction monitoring.
 * The one public entry point.
 */
export * from './errors.js';
export * from './types/entity.js';
export * from './names/types.js';
export * from './screening/types.js';
