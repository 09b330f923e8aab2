export * from './types.js';
export { createScreener, DEFAULT_RESULT_CAP, MAX_RESULT_CAP, type ScreenerOptions, type InternalList, type TamisScreener } from './screener.js';
export {
  snapshotScreener,
  snapshotScreenerBytes,
  restoreScreener,
  restoreScreenerFrom,
  SnapshotDocumentError,
  SNAPSHOT_FORMAT,
  SNAPSHOT_VERSION,
  SNAPSHOT_BINARY_VERSION,
  type IndexSnapshot,
  type SnapshotSource,
} from './snapshot.js';
export { isContainer as isBinarySnapshot } from './snapshot-binary.js';
export { typeSelects, passesCountries, entityCountries } from './filters.js';
