/**
 * UK Sanctions List (FCDO), as published in XML (`Designations/Designation`) or CSV (one row per name). Both forms
 * give the same entities. Mapping: docs/lists.md, "UK Sanctions List".
 */
import { collect, toText } from './result.js';
import type { ImportEvent, ImportOptions, ImportResult, TextInput } from './types.js';
import { iterateUkSanctionsCsv } from './uk-csv.js';
import { iterateUkSanctionsXml } from './uk-xml.js';

export { UK_SOURCE, UK_SOURCE_ID, UK_TYPES } from './uk-record.js';

export type UkFormat = 'xml' | 'csv';

/** The form of a UK list file: XML when its first non-blank character is `<`, else CSV. */
export function ukFormatOf(text: string): UkFormat {
  return /^\s*</.test(text) ? 'xml' : 'csv';
}

export interface UkImportOptions extends ImportOptions {
  /** The published form; default: told from the contents (`ukFormatOf`). */
  format?: UkFormat;
}

/** Streams the UK Sanctions List (XML or CSV): one `entity` event per good designation, an `issue` event per problem. */
export function* iterateUkSanctions(input: TextInput, options: Omit<UkImportOptions, 'skipInvalid'> = {}): Generator<ImportEvent> {
  const text = toText(input);
  const format = options.format ?? ukFormatOf(text);
  const file = options.fileName ?? (format === 'xml' ? 'UK-Sanctions-List.xml' : 'UK-Sanctions-List.csv');
  yield* format === 'xml' ? iterateUkSanctionsXml(text, file) : iterateUkSanctionsCsv(text, file);
}

/** Imports the UK Sanctions List, XML or CSV (contract in `types.ts`). */
export function parseUkSanctions(input: TextInput, options: UkImportOptions = {}): ImportResult {
  return collect(iterateUkSanctions(input, options), options);
}
