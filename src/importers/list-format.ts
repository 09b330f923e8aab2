/**
 * A host's own lists (internal lists / blacklists), in two documented formats (docs/lists.md,
 * "Your own lists"):
 * - JSON: an array of the spec's Entity, validated;
 * - CSV: a header row naming columns (see `LIST_CSV_COLUMNS`), one entity a row, several values in a cell separated
 *   by `|`. Columns the format does not name become plain `fields` named after the column.
 */
import type { Entity, EntityType } from '../types/entity.js';
import { readCsv } from './csv.js';
import { FieldSet } from './fields.js';
import { lookupCountryName, normaliseCountryCode } from './countries.js';
import { collect, issue, toText } from './result.js';
import type { ImportEvent, ImportOptions, ImportResult, TextInput } from './types.js';
import { validateEntity } from './validate.js';

export const LIST_DEFAULT_SOURCE = 'internal';

export interface ListImportOptions extends ImportOptions {
  /** Source id for rows/entities that name none (CSV `sources` column empty). Default `internal`. */
  defaultSource?: string;
}

/** The CSV columns the format defines; `*` marks the required ones. Several values: `|`-separated. */
export const LIST_CSV_COLUMNS = [
  'id*', 'entity_type*', 'name*', 'types*', 'first_name', 'middle_name', 'last_name', 'aka', 'sources',
  'date_of_birth', 'date_of_death', 'place_of_birth', 'country_codes', 'country_names',
  'blacklist_ids', 'account_ids', 'created_utc', 'last_updated_utc',
] as const;
const KNOWN = new Set<string>(LIST_CSV_COLUMNS.map((c) => c.replace('*', '')));
const REQUIRED = LIST_CSV_COLUMNS.filter((c) => c.endsWith('*')).map((c) => c.replace('*', ''));

const split = (cell: string | undefined): string[] =>
  (cell ?? '').split('|').map((s) => s.trim()).filter((s) => s !== '');

/** Streams a host list in CSV (see the module comment): one `entity` event per good row, an `issue` per problem. */
export function* iterateListCsv(csv: TextInput, options: Omit<ListImportOptions, 'skipInvalid'> = {}): Generator<ImportEvent> {
  const file = options.fileName ?? 'list.csv';
  const defaultSource = options.defaultSource ?? LIST_DEFAULT_SOURCE;
  const records = readCsv(toText(csv));
  const head = records.next();
  if (head.done === true) {
    yield { kind: 'issue', issue: issue('error', 'list_empty_file', 'the file is empty', { file, line: 1 }, 'the first row names the columns') };
    return;
  }
  const header = head.value.fields.map((h) => h.trim().toLowerCase());
  const missing = REQUIRED.filter((c) => !header.includes(c));
  if (missing.length > 0 || head.value.error !== undefined) {
    yield { kind: 'issue', issue: issue('error', 'list_bad_header',
      head.value.error ?? `header lacks required column(s) ${missing.join(', ')}`, { file, line: head.value.line, element: 'header' },
      `the first row names the columns, including ${REQUIRED.join(', ')}`) };
    return;
  }
  const dupCol = header.find((h, i) => header.indexOf(h) !== i);
  if (dupCol !== undefined) {
    yield { kind: 'issue', issue: issue('error', 'list_bad_header', `column ${dupCol} appears twice`, { file, line: head.value.line, element: 'header' },
      'each column appears once') };
    return;
  }
  const seen = new Set<string>();
  for (const rec of records) {
    const at = (column?: string) => ({ file, line: rec.line, element: column === undefined ? undefined : `column ${column}` });
    const errors: ImportEvent[] = [];
    const bad = (code: string, message: string, column: string | undefined, rule: string): void => {
      errors.push({ kind: 'issue', issue: issue('error', code, message, at(column), rule) });
    };
    if (rec.error !== undefined) bad('list_malformed_csv', rec.error, undefined, 'each row is well-formed CSV');
    if (rec.fields.length !== header.length) {
      bad('list_bad_column_count', `row has ${rec.fields.length} columns, the header ${header.length}`, undefined, 'each row has as many columns as the header');
    }
    if (errors.length > 0) {
      yield* errors;
      continue;
    }
    const cell = (c: string): string | undefined => {
      const i = header.indexOf(c);
      const v = i === -1 ? undefined : rec.fields[i]?.trim();
      return v === '' ? undefined : v;
    };
    const id = cell('id') ?? '';
    if (id !== '' && seen.has(id)) bad('list_duplicate_id', `id ${id} appears more than once`, 'id', 'id is unique in the file');
    seen.add(id);

    const fields = new FieldSet(undefined);
    for (const d of split(cell('date_of_birth'))) fields.add('Date of Birth', d, 'date_of_birth');
    for (const d of split(cell('date_of_death'))) fields.add('Date of Death', d, 'date_of_death');
    for (const p of split(cell('place_of_birth'))) fields.add('Place of Birth', p, 'place_of_birth');
    for (const c of split(cell('country_codes'))) {
      const code = normaliseCountryCode(c);
      if (code === undefined || code.length !== 2 || c.length !== 2) {
        bad('list_bad_country', `country code "${c}" is not an ISO 3166-1 alpha-2 code`, 'country_codes', 'country_codes are ISO 3166-1 alpha-2 codes');
      } else fields.addCountryByCode('Country', code);
    }
    for (const n of split(cell('country_names'))) {
      if (lookupCountryName(n).kind === 'unknown') {
        bad('list_bad_country', `country "${n}" maps to no ISO 3166-1 code`, 'country_names',
          'country names map to ISO 3166-1 alpha-2 (iso-3166-1 plus lists/countries/aliases.txt)');
      } else fields.addCountryName('Country', n);
    }
    header.forEach((h, i) => {
      const v = rec.fields[i]?.trim();
      if (!KNOWN.has(h) && h !== '' && v !== undefined && v !== '') fields.add(h, v);
    });
    const accountIds = split(cell('account_ids'));
    const accountIdsOk = accountIds.every((a) => /^\d+$/.test(a));
    if (!accountIdsOk) bad('list_bad_value', 'account_ids are not integers', 'account_ids', 'account_ids are integers');

    const types = split(cell('types'));
    const sources = split(cell('sources'));
    const src = sources.length > 0 ? sources : [defaultSource];
    const akas = split(cell('aka'));
    const blacklistIds = split(cell('blacklist_ids'));
    const opt = (k: string): Record<string, string> => {
      const v = cell(k);
      return v === undefined ? {} : { [k]: v };
    };
    const entity: Entity = {
      id,
      entity_type: (cell('entity_type') ?? '') as EntityType,
      ...opt('last_updated_utc'),
      name: cell('name') ?? '',
      ...opt('first_name'),
      ...opt('middle_name'),
      ...opt('last_name'),
      sources: src,
      types,
      ...(akas.length > 0 ? { aka: akas.map((name) => ({ name })) } : {}),
      ...(fields.fields.length > 0 ? { fields: fields.fields } : {}),
      source_notes: Object.fromEntries(src.map((s) => [s, { aml_types: [...types], country_codes: [...fields.countryCodes], name: s, source_id: s }])),
      ...(accountIds.length > 0 && accountIdsOk ? { account_ids: accountIds.map(Number) } : {}),
      ...(blacklistIds.length > 0 ? { blacklist_ids: blacklistIds } : {}),
      ...opt('created_utc'),
    };
    for (const p of validateEntity(entity)) {
      // Name the CSV column: a field's column is its tag (date_of_birth, date_of_death); otherwise the path's root.
      const f = /^fields\[(\d+)\]/.exec(p.path);
      const column = f !== null ? (fields.fields[Number(f[1])]?.tag ?? 'fields') : p.path.replace(/[[.].*$/, '');
      bad(p.code, p.message, column, p.rule);
    }
    if (errors.length > 0) yield* errors;
    else yield { kind: 'entity', entity };
  }
}

/** Imports a host list in CSV (contract in `types.ts`). */
export function parseListCsv(csv: TextInput, options: ListImportOptions = {}): ImportResult {
  return collect(iterateListCsv(csv, options), options);
}

function jsonErrorLine(text: string, message: string): number | undefined {
  const m = /position (\d+)/.exec(message);
  if (m === null) return undefined;
  const pos = Number(m[1]);
  let line = 1;
  for (let i = 0; i < pos && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** Streams a host list in JSON (an array of Entity): one `entity` event per valid element, an `issue` per problem. */
export function* iterateListJson(json: TextInput | readonly unknown[], options: Pick<ImportOptions, 'fileName'> = {}): Generator<ImportEvent> {
  const file = options.fileName ?? 'list.json';
  let data: unknown;
  if (Array.isArray(json)) data = json;
  else {
    const text = toText(json as TextInput);
    try {
      data = JSON.parse(text);
    } catch (e) {
      const message = (e as Error).message;
      yield { kind: 'issue', issue: issue('error', 'list_bad_json', `the file is not valid JSON: ${message}`, { file, line: jsonErrorLine(text, message) },
        'the file is one JSON array of entities') };
      return;
    }
  }
  if (!Array.isArray(data)) {
    yield { kind: 'issue', issue: issue('error', 'list_not_array', 'the file is not a JSON array', { file, element: '$' }, 'the file is one JSON array of entities') };
    return;
  }
  const seen = new Set<string>();
  for (let i = 0; i < data.length; i++) {
    const item: unknown = data[i];
    const problems = validateEntity(item);
    const id = (item as { id?: unknown } | null)?.id;
    if (typeof id === 'string' && id !== '') {
      if (seen.has(id)) problems.push({ code: 'list_duplicate_id', message: `id ${id} appears more than once`, path: 'id', rule: 'id is unique in the file' });
      seen.add(id);
    }
    if (problems.length > 0) {
      for (const p of problems) {
        yield { kind: 'issue', issue: issue('error', p.code, `entity [${i}]${typeof id === 'string' ? ` (${id})` : ''}: ${p.message}`,
          { file, element: `[${i}]${p.path === '' ? '' : `.${p.path}`}` }, p.rule) };
      }
      continue;
    }
    yield { kind: 'entity', entity: item as Entity };
  }
}

/** Imports a host list in JSON (contract in `types.ts`). Also accepts an already parsed array. */
export function parseListJson(json: TextInput | readonly unknown[], options: ImportOptions = {}): ImportResult {
  return collect(iterateListJson(json, options), options);
}
