/**
 * Screening a whole customer file on worker threads (`tamis/screen-file`, Node only): `screenFile` streams the rows
 * in chunks to the workers and hands back result lines in row order. The row and result shapes (`customerRequest`,
 * `resultLines`) are pure. docs/cli.md, "Screening a file".
 */
export { screenFile, DEFAULT_CHUNK_SIZE, type ScreenFileOptions, type ScreenFileSummary, type ScreenFileFailure } from './engine.js';
export { inProcessScreening, workerScreening, type RowScreening } from './pool.js';
export { readCustomers, inputFormatOf, type InputFormat, type InputItem } from './read.js';
export { formatResults, resultsHeader, OUTPUT_FORMATS, type OutputFormat } from './format.js';
export {
  customerRequest,
  customerColumn,
  resultLines,
  CUSTOMER_COLUMNS,
  RESULT_COLUMNS,
  type CustomerRequest,
  type RowError,
  type ResultLine,
  type RowSearchOptions,
} from './rows.js';
export { screenRows, type RowOutcome } from './screen-rows.js';
export { screenerFromListText } from './list.js';
