/**
 * OFAC Specially Designated Nationals list, legacy CSV format: `sdn.csv` (one row per entry), `alt.csv` (aliases),
 * `add.csv` (addresses), `sdn_comments.csv` (remarks that overflow sdn.csv's Remarks column). No header row; `-0-`
 * means empty. Mapping: see docs/lists.md, "OFAC SDN".
 */
import type { AkaName, Associate, Entity, EntityType } from '../types/entity.js';
import { readCsv, type CsvRecord } from './csv.js';
import { parseOfacDate } from './dates.js';
import { FieldSet } from './fields.js';
import { aka, surnameFirst, type PersonName } from './names.js';
import { collect, issue, toText } from './result.js';
import type { ImportEvent, ImportIssue, ImportOptions, ImportResult, TextInput } from './types.js';
import { own } from '../own.js';

export interface OfacFiles {
  sdn: TextInput;
  alt?: TextInput;
  add?: TextInput;
  comments?: TextInput;
}

export const OFAC_SOURCE_ID = 'ofac-sdn';
export const OFAC_SOURCE_NAME = 'OFAC Specially Designated Nationals and Blocked Persons List (SDN)';
export const OFAC_SOURCE_URL = 'https://sanctionslist.ofac.treas.gov/';

export const OFAC_FILE_NAMES = { sdn: 'sdn.csv', alt: 'alt.csv', add: 'add.csv', comments: 'sdn_comments.csv' } as const;

const SDN_COLUMNS = [
  'ent_num', 'SDN_Name', 'SDN_Type', 'Program', 'Title', 'Call_Sign',
  'Vess_type', 'Tonnage', 'GRT', 'Vess_flag', 'Vess_owner', 'Remarks',
] as const;
const ALT_COLUMNS = ['ent_num', 'alt_num', 'alt_type', 'alt_name', 'alt_remarks'] as const;
const ADD_COLUMNS = ['ent_num', 'add_num', 'address', 'city_state_postal', 'country', 'add_remarks'] as const;
const COMMENT_COLUMNS = ['ent_num', 'remarks_extension'] as const;

const SDN_TYPES: Readonly<Record<string, EntityType>> = {
  individual: 'person',
  vessel: 'vessel',
  aircraft: 'aircraft',
};
const ALT_TYPES = new Set(['aka', 'fka', 'nka']);

/** The value of an OFAC field, or undefined for `-0-` or blank. */
function value(field: string | undefined): string | undefined {
  if (field === undefined) return undefined;
  const v = field.trim();
  return v === '' || v === '-0-' ? undefined : v;
}

function col(columns: readonly string[], index: number): string {
  return `column ${index + 1} (${columns[index] ?? '?'})`;
}

interface ChildRow {
  fields: string[];
  line: number;
}

type Where = { file: string; line: number };

/** Checks the shape shared by every OFAC file: well-formed CSV, the column count, a positive integer ent_num. */
function checkRow(
  rec: CsvRecord,
  file: string,
  columns: readonly string[],
): { entNum: number; issue?: undefined } | { issue: ImportIssue; entNum?: undefined } {
  const at = { file, line: rec.line };
  if (rec.error !== undefined) {
    return { issue: issue('error', 'ofac_malformed_csv', rec.error, at, 'each row is well-formed CSV') };
  }
  if (rec.fields.length !== columns.length) {
    return {
      issue: issue(
        'error',
        'ofac_bad_column_count',
        `row has ${rec.fields.length} columns, expected ${columns.length} (${columns.join(', ')})`,
        at,
        `each ${file} row has ${columns.length} columns`,
      ),
    };
  }
  const raw = (rec.fields[0] ?? '').trim();
  if (!/^[1-9]\d*$/.test(raw)) {
    return {
      issue: issue('error', 'ofac_bad_ent_num', `ent_num "${raw}" is not a positive integer`, { ...at, element: col(columns, 0) },
        'ent_num is a positive integer'),
    };
  }
  return { entNum: Number(raw) };
}

function* indexChildren(
  input: TextInput | undefined,
  file: string,
  columns: readonly string[],
  into: Map<number, ChildRow[]>,
  validate: (rec: CsvRecord, at: Where) => ImportIssue | undefined,
): Generator<ImportEvent> {
  if (input === undefined) return;
  for (const rec of readCsv(toText(input))) {
    const checked = checkRow(rec, file, columns);
    if (checked.issue !== undefined) {
      yield { kind: 'issue', issue: checked.issue };
      continue;
    }
    const bad = validate(rec, { file, line: rec.line });
    if (bad !== undefined) {
      yield { kind: 'issue', issue: bad };
      continue;
    }
    const rows = into.get(checked.entNum);
    const row = { fields: rec.fields, line: rec.line };
    if (rows === undefined) into.set(checked.entNum, [row]);
    else rows.push(row);
  }
}

/** Remark items the importer turns into something other than a generic field. */
const REMARK_DOB = /^(alt\. )?DOB (.+)$/;
const REMARK_POB = /^(alt\. )?POB (.+?)\.?$/;
const REMARK_NATIONALITY = /^(alt\. )?(nationality of registration|nationality|citizen) (.+?)\.?$/i;
const REMARK_GENDER = /^Gender (Male|Female)\.?$/i;
const REMARK_LINKED = /^Linked To: (.+)$/;
/**
 * a.k.a. / f.k.a. / n.k.a. in remarks are OFAC's "weak aliases" (nicknames, short forms such as 'BNC'); alt.csv
 * holds only the strong ones, so these are imported as akas of type `weak-aka` / `weak-fka` / `weak-nka`.
 */
const REMARK_AKA = /^(a|f|n)\.k\.a\.,?\s*(.+)$/;
/** "Label value": a label of words, then a value that starts with a token holding a digit (identifiers). */
const REMARK_IDENTIFIER = /^(?:alt\. )?([A-Za-z][A-Za-z.'’ ()/#-]{0,80}?) ((?:\S*\d\S*).*?)\.?$/;
/** Labelled items whose values need not hold a digit. */
const REMARK_LABELLED =
  /^(?:alt\. )?(Website|Email Address|Email|Phone Number|Telephone|Fax|Aircraft Operator|Aircraft Model|Former Vessel Flag) (.+?)\.?$/;

/**
 * Splits "Label value" so that short capitalised code words before the number belong to the value
 * ("Vessel Registration Identification IMO 9876543" -> "Vessel Registration Identification" / "IMO 9876543",
 * "Passport TR-P 123" -> "Passport" / "TR-P 123"), and drops a trailing "#" from the label ("NIT # 123" -> "NIT").
 * A label left with no lower-case letter or period ("US FEIN") is kept whole.
 */
export function splitRemarkLabel(label: string, value: string): [string, string] {
  let l = label.trim().replace(/\s*#$/, '');
  let v = value.trim();
  for (;;) {
    const sp = l.lastIndexOf(' ');
    if (sp === -1) break;
    const last = l.slice(sp + 1);
    const rest = l.slice(0, sp);
    if (!/^[A-Z][A-Z-]{0,4}$/.test(last) || !/[a-z.]/.test(rest)) break;
    l = rest;
    v = `${last} ${v}`;
  }
  return [l, v];
}

interface RemarkContext {
  entityType: EntityType;
  akas: AkaName[];
  fields: FieldSet;
  associates: Associate[];
  warn: (code: string, message: string, element: string, rule: string) => void;
}

/**
 * Drops the period that ends the Remarks text, but not one that ends an abbreviation in a name ("CO., LTD.",
 * "S.A."): a final word of at most four letters, or one holding another period, keeps its period.
 */
function withoutFinalPeriod(text: string): string {
  const t = text.trim();
  if (!t.endsWith('.')) return t;
  const last = t.slice(t.lastIndexOf(' ') + 1, -1);
  return last.length <= 4 || last.includes('.') ? t : t.slice(0, -1);
}

/** Reads the `; `-separated items of an OFAC Remarks value into fields, weak akas and associates. */
export function applyOfacRemarks(remarks: string, ctx: RemarkContext): void {
  for (const raw of remarks.split(/;\s*/)) {
    const item = raw.trim();
    if (item === '') continue;
    let m: RegExpExecArray | null;
    if ((m = REMARK_AKA.exec(item))) {
      const name = (m[2] ?? '').replace(/\.$/, '').replace(/^'(.*)'$/s, '$1').trim();
      if (name !== '') ctx.akas.push(aka(ofacName(name, ctx.entityType), `weak-${m[1] ?? 'a'}ka`));
    } else if ((m = REMARK_DOB.exec(item))) {
      const parsed = parseOfacDate(m[2] ?? '');
      if (parsed === undefined) {
        ctx.warn('ofac_unparsed_date', `date of birth "${m[2] ?? ''}" is not a date form this importer reads; kept as text`,
          'Remarks DOB', 'DOB is "dd Mon yyyy", "Mon yyyy", "yyyy", "circa ..." or "... to ..."');
        ctx.fields.add('Date of Birth (as published)', m[2] ?? '');
      } else {
        for (const v of parsed.values) ctx.fields.add('Date of Birth', v, 'date_of_birth');
      }
    } else if ((m = REMARK_POB.exec(item))) {
      ctx.fields.add('Place of Birth', m[2] ?? '', 'place_of_birth');
    } else if ((m = REMARK_NATIONALITY.exec(item))) {
      const kind = (m[2] ?? '').toLowerCase();
      const label = kind === 'citizen' ? 'Citizenship' : kind === 'nationality' ? 'Nationality' : 'Nationality of Registration';
      const country = m[3] ?? '';
      if (!ctx.fields.addCountryName(label, country)) {
        ctx.warn('unknown_country', `country "${country}" maps to no ISO 3166-1 code; kept as a name`, `Remarks ${label.toLowerCase()}`,
          'country names map to ISO 3166-1 alpha-2 (iso-3166-1 plus lists/countries/aliases.txt)');
      }
    } else if ((m = REMARK_GENDER.exec(item))) {
      const g = m[1] ?? '';
      ctx.fields.add('Gender', g.charAt(0).toUpperCase() + g.slice(1).toLowerCase());
    } else if ((m = REMARK_LINKED.exec(item))) {
      ctx.associates.push({ name: withoutFinalPeriod(m[1] ?? ''), association: 'Linked To' });
    } else if ((m = REMARK_LABELLED.exec(item)) || (m = REMARK_IDENTIFIER.exec(item))) {
      const [label, v] = splitRemarkLabel(m[1] ?? '', m[2] ?? '');
      ctx.fields.add(label, v);
    } else {
      ctx.fields.add('Remarks', item.replace(/\.$/, ''));
    }
  }
}

function ofacName(rawName: string, type: EntityType): PersonName {
  return type === 'person' ? surnameFirst(rawName) : { name: rawName.replace(/\s+/g, ' ').trim() };
}

/**
 * Streams the OFAC SDN list: yields one `entity` event per good sdn.csv row (in file order) and an `issue` event
 * per problem. alt.csv, add.csv and sdn_comments.csv are read first and joined by ent_num; sdn.csv is then read one
 * row at a time. Rows of the other files whose ent_num is in no sdn.csv row are reported after the last entity.
 */
export function* iterateOfacSdn(files: OfacFiles): Generator<ImportEvent> {
  const alts = new Map<number, ChildRow[]>();
  const adds = new Map<number, ChildRow[]>();
  const comments = new Map<number, ChildRow[]>();

  yield* indexChildren(files.alt, OFAC_FILE_NAMES.alt, ALT_COLUMNS, alts, (rec, at) => {
    const kind = value(rec.fields[2]);
    if (kind === undefined || !ALT_TYPES.has(kind.toLowerCase())) {
      return issue('error', 'ofac_bad_alt_type', `alt_type "${rec.fields[2] ?? ''}" is not aka, fka or nka`,
        { ...at, element: col(ALT_COLUMNS, 2) }, 'alt_type is aka, fka or nka');
    }
    if (value(rec.fields[3]) === undefined) {
      return issue('error', 'ofac_empty_name', 'alt_name is empty', { ...at, element: col(ALT_COLUMNS, 3) }, 'alt_name is not empty');
    }
    return undefined;
  });
  yield* indexChildren(files.add, OFAC_FILE_NAMES.add, ADD_COLUMNS, adds, () => undefined);
  yield* indexChildren(files.comments, OFAC_FILE_NAMES.comments, COMMENT_COLUMNS, comments, () => undefined);

  const seen = new Set<number>();
  const file = OFAC_FILE_NAMES.sdn;
  for (const rec of readCsv(toText(files.sdn))) {
    const checked = checkRow(rec, file, SDN_COLUMNS);
    if (checked.issue !== undefined) {
      yield { kind: 'issue', issue: checked.issue };
      continue;
    }
    const entNum = checked.entNum;
    const at = { file, line: rec.line };
    const f = rec.fields;
    if (seen.has(entNum)) {
      yield { kind: 'issue', issue: issue('error', 'ofac_duplicate_ent_num', `ent_num ${entNum} appears more than once`,
        { ...at, element: col(SDN_COLUMNS, 0) }, 'ent_num is unique in sdn.csv') };
      continue;
    }
    seen.add(entNum);
    const rawName = value(f[1]);
    if (rawName === undefined) {
      yield { kind: 'issue', issue: issue('error', 'ofac_empty_name', `entry ${entNum} has no name`,
        { ...at, element: col(SDN_COLUMNS, 1) }, 'SDN_Name is not empty') };
      continue;
    }
    const sdnType = value(f[2]);
    const entityType: EntityType | undefined = sdnType === undefined ? 'organisation' : own(SDN_TYPES, sdnType.toLowerCase());
    if (entityType === undefined) {
      yield { kind: 'issue', issue: issue('error', 'ofac_bad_sdn_type',
        `SDN_Type "${sdnType ?? ''}" of entry ${entNum} is not individual, vessel, aircraft or -0-`,
        { ...at, element: col(SDN_COLUMNS, 2) }, 'SDN_Type is individual, vessel, aircraft or -0- (other entities)') };
      continue;
    }

    const warnings: ImportIssue[] = [];
    const fields = new FieldSet(OFAC_SOURCE_ID);
    const associates: Associate[] = [];
    const warnAt = (where: Where) => (code: string, message: string, element: string, rule: string): void => {
      warnings.push(issue('warning', code, `entry ${entNum}: ${message}`, { ...where, element }, rule));
    };

    const programs = (value(f[3]) ?? '').split(/\]\s*\[/).map((p) => p.replace(/[[\]]/g, '').trim()).filter((p) => p !== '');
    for (const p of programs) fields.add('Program', p);
    const title = value(f[4]);
    if (title !== undefined) fields.add('Title', title);
    const vesselColumns: [number, string][] = [[5, 'Call Sign'], [6, 'Vessel Type'], [7, 'Tonnage'], [8, 'Gross Registered Tonnage'], [10, 'Vessel Owner']];
    for (const [i, label] of vesselColumns) {
      const v = value(f[i]);
      if (v !== undefined) fields.add(label, v);
    }
    const flag = value(f[9]);
    if (flag !== undefined && !fields.addCountryName('Vessel Flag', flag)) {
      warnAt(at)('unknown_country', `vessel flag "${flag}" maps to no ISO 3166-1 code; kept as a name`, col(SDN_COLUMNS, 9),
        'country names map to ISO 3166-1 alpha-2 (iso-3166-1 plus lists/countries/aliases.txt)');
    }

    const akas: AkaName[] = [];
    for (const a of alts.get(entNum) ?? []) {
      akas.push(aka(ofacName(value(a.fields[3]) ?? '', entityType), (value(a.fields[2]) ?? '').toLowerCase()));
    }

    let remarks = value(f[11]) ?? '';
    for (const c of comments.get(entNum) ?? []) remarks += c.fields[1] ?? '';
    if (remarks !== '') applyOfacRemarks(remarks, { entityType, akas, fields, associates, warn: warnAt(at) });

    for (const a of adds.get(entNum) ?? []) {
      const country = value(a.fields[4]);
      const address = [value(a.fields[2]), value(a.fields[3]), country].filter((s) => s !== undefined).join(', ');
      if (address !== '') fields.add('Address', address);
      if (country !== undefined && !fields.addCountryName('Country', country)) {
        warnAt({ file: OFAC_FILE_NAMES.add, line: a.line })('unknown_country', `country "${country}" maps to no ISO 3166-1 code; kept as a name`,
          col(ADD_COLUMNS, 4), 'country names map to ISO 3166-1 alpha-2 (iso-3166-1 plus lists/countries/aliases.txt)');
      }
    }

    const name = ofacName(rawName, entityType);
    const entity: Entity = {
      id: `${OFAC_SOURCE_ID}-${entNum}`,
      entity_type: entityType,
      name: name.name,
      ...(name.first_name !== undefined ? { first_name: name.first_name } : {}),
      ...(name.last_name !== undefined ? { last_name: name.last_name } : {}),
      sources: [OFAC_SOURCE_ID],
      types: ['sanction'],
    };
    if (akas.length > 0) entity.aka = akas;
    if (associates.length > 0) entity.associates = associates;
    if (fields.fields.length > 0) entity.fields = fields.fields;
    entity.source_notes = {
      [OFAC_SOURCE_ID]: {
        aml_types: ['sanction'],
        country_codes: fields.countryCodes,
        name: OFAC_SOURCE_NAME,
        url: OFAC_SOURCE_URL,
        source_id: OFAC_SOURCE_ID,
      },
    };
    for (const w of warnings) yield { kind: 'issue', issue: w };
    yield { kind: 'entity', entity };
  }

  const orphans: [Map<number, ChildRow[]>, string, readonly string[]][] = [
    [alts, OFAC_FILE_NAMES.alt, ALT_COLUMNS],
    [adds, OFAC_FILE_NAMES.add, ADD_COLUMNS],
    [comments, OFAC_FILE_NAMES.comments, COMMENT_COLUMNS],
  ];
  for (const [rows, childFile, columns] of orphans) {
    for (const [entNum, list] of rows) {
      if (seen.has(entNum)) continue;
      for (const r of list) {
        yield { kind: 'issue', issue: issue('error', 'ofac_unknown_ent_num', `ent_num ${entNum} is in no sdn.csv row`,
          { file: childFile, line: r.line, element: col(columns, 0) }, `every ${childFile} row refers to an sdn.csv entry`) };
      }
    }
  }
}

/** Imports the OFAC SDN list (see `iterateOfacSdn` and the contract in `types.ts`). */
export function parseOfacSdn(files: OfacFiles, options: ImportOptions = {}): ImportResult {
  return collect(iterateOfacSdn(files), options);
}
