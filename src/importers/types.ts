/**
 * Shared shapes of the list importers.
 *
 * Contract (every `parse*` function):
 * - returns `Result<ImportOutput, ImportIssue[]>` (see `src/errors.ts`);
 * - strict by default: one `error` issue anywhere makes the whole import fail with `{ ok: false, error: issues }`
 *   listing every issue found (the importer keeps reading to report them all);
 * - with `{ skipInvalid: true }` the import succeeds with the good records in `entities` and every bad one reported
 *   in `issues`;
 * - `warning` issues (e.g. a country name that maps to no ISO code) never make an import fail; they are reported in
 *   `issues` in both modes.
 */
import type { Entity } from '../types/entity.js';
import type { Result } from '../errors.js';

export type IssueSeverity = 'error' | 'warning';

/** One problem found in an input file, precise enough to fix the file. */
export interface ImportIssue {
  /** Stable machine-readable code, e.g. `ofac_bad_ent_num`. */
  code: string;
  /** Human-readable explanation, including the offending value. */
  message: string;
  /** The input file the issue is in (a file name such as `sdn.csv`, or the label the caller gave). */
  file: string;
  /** 1-based line number in `file`, where the format has lines. */
  line?: number;
  /** The element or field, e.g. `INDIVIDUAL[3]/REFERENCE_NUMBER`, `column 3 (SDN_Type)`, `properties.name`. */
  element?: string;
  /** The rule broken, in words, e.g. `ent_num is a positive integer`. */
  rule: string;
  /** `error` (the record is rejected) or `warning` (the record is kept). */
  severity: IssueSeverity;
}

export interface ImportOptions {
  /**
   * Import the good records of a partly bad file and report every bad one in `issues`.
   * Default `false`: any error makes the import fail.
   */
  skipInvalid?: boolean;
  /** Label used as `file` in issues, for single-file formats (default: the format's usual file name). */
  fileName?: string;
}

export interface ImportOutput {
  entities: Entity[];
  /** Warnings, plus (with `skipInvalid`) the errors of the rejected records. */
  issues: ImportIssue[];
}

export type ImportResult = Result<ImportOutput, ImportIssue[]>;

/** One step of a streaming import: an entity, or an issue about the input. */
export type ImportEvent = { kind: 'entity'; entity: Entity } | { kind: 'issue'; issue: ImportIssue };

/** Input text: a string, or bytes decoded as UTF-8 (a leading BOM is dropped). */
export type TextInput = string | Uint8Array;
