/**
 * The UK Sanctions List as published in CSV: a `Report Date: ...` line, then a header row, then one row per name of
 * a designation (its other columns repeated on each row). Rows are grouped by `Unique ID` (in the order ids first
 * appear); the values of every row of a designation are kept without repeats. A cell listing several values as
 * `(1) Russia (2) Cyprus` gives one value each. Headers are matched ignoring case and spacing; unknown columns are
 * ignored.
 */
import { readCsv } from './csv.js';
import { issue } from './result.js';
import type { ImportEvent } from './types.js';
import { emptyUkRecord, UK_ASSOCIATES, UK_PLAIN_FACTS, ukEvents, ukValue, withNote, type UkRecord } from './uk-record.js';
import { own } from '../own.js';

/** Header alternatives of the columns read apart from the plain facts. */
const COLUMNS = {
  id: ['unique id'],
  type: ['designation type', 'individual, entity, ship', 'entity, vessel or individual', 'individual entity ship', 'group type'],
  /** Name 1 .. Name 6, in that order. */
  names: ['name 1', 'name 2', 'name 3', 'name 4', 'name 5', 'name 6'],
  nameType: ['name type'],
  strength: ['alias strength'],
  nonLatin: ['name non-latin script'],
  address: ['address line 1', 'address line 2', 'address line 3', 'address line 4', 'address line 5', 'address line 6', 'address postal code'],
  addressCountry: ['address country'],
  dob: ['d.o.b', 'dob', 'date of birth'],
  nationality: ['nationality(/ies)', 'nationality', 'nationalities'],
  town: ['town of birth'],
  countryOfBirth: ['country of birth'],
  flag: ['current believed flag of ship'],
  passport: ['passport number'],
  passportNote: ['passport additional information'],
  nationalId: ['national identifier number'],
  nationalIdNote: ['national identifier additional information'],
  dateDesignated: ['date designated'],
  lastUpdated: ['last updated'],
} as const;

/** XML element names (as `ukEvents` reports them) -> the CSV column. */
const ELEMENT_COLUMNS: Readonly<Record<string, string>> = {
  UniqueID: 'Unique ID', Names: 'Name 6', IndividualEntityShip: 'Designation Type', DOB: 'D.O.B', Nationality: 'Nationality(/ies)',
  AddressCountry: 'Address Country', CurrentBelievedFlagOfShip: 'Current believed flag of ship',
};

/** The header row is looked for in the first lines only (the file starts with a `Report Date` line). */
const MAX_HEADER_LINE = 20;

const headerKey = (h: string): string => h.replace(/[\s\u00a0]+/g, ' ').trim().toLowerCase();

/** `(1) Russia (2) Cyprus` -> [Russia, Cyprus]; any other cell -> [cell]. */
export function enumerated(cell: string | undefined): string[] {
  const v = ukValue(cell);
  if (v === undefined) return [];
  if (!/^\(\d+\)/.test(v)) return [v];
  return v.split(/\(\d+\)\s*/).map(ukValue).filter((s): s is string => s !== undefined);
}

/** Streams the UK Sanctions List CSV: one `entity` event per good designation, an `issue` event per problem. */
export function* iterateUkSanctionsCsv(text: string, file: string): Generator<ImportEvent> {
  const rows = readCsv(text);
  let header: string[] | undefined;
  let headerLine = 1;
  // Read up to the header by hand: leaving a for-of early would close the generator.
  for (let next = rows.next(); next.done !== true; next = rows.next()) {
    const keys = next.value.fields.map(headerKey);
    headerLine = next.value.line;
    if (keys.includes('unique id') && keys.includes('name 6')) {
      header = keys;
      break;
    }
    if (headerLine >= MAX_HEADER_LINE) break;
  }
  if (header === undefined) {
    yield { kind: 'issue', issue: issue('error', 'uk_bad_header', 'no header row naming "Unique ID" and "Name 6" in the first lines', { file, line: headerLine, element: 'header' },
      'a header row names the columns, including Unique ID and Name 6') };
    return;
  }
  const h = header;
  const index = (alternatives: readonly string[]): number => {
    for (const a of alternatives) {
      const i = h.indexOf(a);
      if (i !== -1) return i;
    }
    return -1;
  };
  const nameColumns = COLUMNS.names.map((c) => h.indexOf(c));
  const addressColumns = COLUMNS.address.map((c) => h.indexOf(c));
  const one = (k: keyof typeof COLUMNS) => index(COLUMNS[k]);
  const plain = UK_PLAIN_FACTS.map(([label, , column]) => [label, h.indexOf(column)] as const).filter(([, i]) => i !== -1);
  const assoc = UK_ASSOCIATES.map(([association, , column]) => [association, h.indexOf(column)] as const).filter(([, i]) => i !== -1);

  const records = new Map<string, UkRecord>();
  const order: UkRecord[] = [];
  const seenValues = new Set<string>();
  const push = <T>(r: UkRecord, list: T[], kind: string, value: T, key: string): void => {
    const k = `${r.uniqueId ?? ''}\u0000${kind}\u0000${key}`;
    if (seenValues.has(k)) return;
    seenValues.add(k);
    list.push(value);
  };
  for (const rec of rows) {
    if (rec.fields.every((f) => f.trim() === '')) continue;
    if (rec.error !== undefined) {
      yield { kind: 'issue', issue: issue('error', 'uk_malformed_csv', rec.error, { file, line: rec.line }, 'each row is well-formed CSV') };
      continue;
    }
    const cell = (i: number): string | undefined => (i === -1 ? undefined : ukValue(rec.fields[i]));
    const first = (k: keyof typeof COLUMNS): string | undefined => cell(one(k));
    const id = first('id');
    if (id === undefined) {
      const at = { file, line: rec.line };
      yield* ukEvents(emptyUkRecord(at, (name) => `column ${own(ELEMENT_COLUMNS, name) ?? name}`), new Set());
      continue;
    }
    let r = records.get(id);
    if (r === undefined) {
      r = emptyUkRecord({ file, line: rec.line }, (name) => `column ${own(ELEMENT_COLUMNS, name) ?? name}`);
      r.uniqueId = id;
      records.set(id, r);
      order.push(r);
    }
    r.type ??= first('type');
    r.dateDesignated ??= first('dateDesignated');
    r.lastUpdated ??= first('lastUpdated');
    const parts = nameColumns.map((i) => cell(i));
    if (parts.some((p) => p !== undefined)) {
      r.names.push({ parts: [parts[0], parts[1], parts[2], parts[3], parts[4], parts[5]], nameType: first('nameType'), strength: first('strength') });
    }
    const nonLatin = first('nonLatin');
    if (nonLatin !== undefined) push(r, r.nonLatinNames, 'nl', nonLatin, nonLatin);
    for (const [label, i] of plain) for (const v of enumerated(rec.fields[i])) push(r, r.facts, label, [label, v], v);
    for (const [association, i] of assoc) for (const v of enumerated(rec.fields[i])) push(r, r.associates, association, { name: v, association }, v);
    const line = addressColumns.map((i) => cell(i)).filter((s): s is string => s !== undefined).join(', ');
    const country = first('addressCountry');
    if (line !== '' || country !== undefined) push(r, r.addresses, 'addr', { line, country }, `${line}\u0000${country ?? ''}`);
    for (const v of enumerated(first('dob'))) push(r, r.dobs, 'dob', v, v);
    for (const v of enumerated(first('nationality'))) push(r, r.nationalities, 'nat', v, v);
    const place = [first('town'), first('countryOfBirth')].filter((s) => s !== undefined).join(', ');
    if (place !== '') push(r, r.birthPlaces, 'pob', place, place);
    for (const v of enumerated(first('flag'))) push(r, r.flags, 'flag', v, v);
    const passport = withNote(first('passport'), first('passportNote'));
    if (passport !== undefined) push(r, r.passports, 'pp', passport, passport);
    const nationalId = withNote(first('nationalId'), first('nationalIdNote'));
    if (nationalId !== undefined) push(r, r.nationalIds, 'nid', nationalId, nationalId);
  }
  const seen = new Set<string>();
  for (const r of order) yield* ukEvents(r, seen);
}
