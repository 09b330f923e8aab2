/**
 * List importers: official publications and a host's own lists to the spec's Entity. Pure functions of the file
 * contents (strings or bytes); the fs-reading helpers live apart in `./node.js`. Contract: see `./types.js`.
 */
export type { ImportEvent, ImportIssue, ImportOptions, ImportOutput, ImportResult, IssueSeverity, TextInput } from './types.js';
export { formatIssue } from './result.js';
export {
  parseOfacSdn,
  iterateOfacSdn,
  OFAC_SOURCE_ID,
  OFAC_FILE_NAMES,
  type OfacFiles,
} from './ofac.js';
export { parseUnConsolidated, iterateUnConsolidated, UN_SOURCE_ID } from './un.js';
export { parseEuSanctions, iterateEuSanctions, euBirthDate, EU_SOURCE_ID, EU_SUBJECT_TYPES } from './eu.js';
export { parseUkSanctions, iterateUkSanctions, ukFormatOf, UK_SOURCE_ID, UK_TYPES, type UkFormat, type UkImportOptions } from './uk.js';
export { parseFtmEntities, iterateFtmEntities, FTM_SCHEMAS, FTM_TOPIC_TYPES, ftmTopicTypes } from './ftm.js';
export {
  parseListCsv,
  parseListJson,
  iterateListCsv,
  iterateListJson,
  LIST_CSV_COLUMNS,
  LIST_DEFAULT_SOURCE,
  type ListImportOptions,
} from './list-format.js';
export { mergeImports, type ImportSource, type MergedEvent } from './merge.js';
export { validateEntity, type EntityProblem } from './validate.js';
export { countryCodeOf, lookupCountryName, normaliseCountryCode, countryKey, type CountryLookup } from './countries.js';
export { runImport, renderListFile, IMPORT_USAGE, type ImportIo } from './cli.js';
