/** Name shapes shared by the importers. */
import type { AkaName } from '../types/entity.js';

export interface PersonName {
  name: string;
  first_name?: string;
  last_name?: string;
}

/**
 * A name written `SURNAME, Given Names` (OFAC): `name` in natural order "Given Names SURNAME", case kept as
 * published; `first_name` holds all the given names, `last_name` the surname. A generational suffix after a second
 * comma ("DELOS REYES, Feliciano Semborio, Jr.") stays at the end of `name` and out of `first_name`. A name without a
 * comma is kept whole, with no parts.
 */
export function surnameFirst(text: string): PersonName {
  const clean = text.replace(/\s+/g, ' ').trim();
  const comma = clean.indexOf(',');
  if (comma === -1) return { name: clean };
  const last = clean.slice(0, comma).trim();
  const rest = clean.slice(comma + 1).split(',').map((s) => s.trim()).filter((s) => s !== '');
  const given = rest[0];
  if (last === '' || given === undefined) return { name: clean.replace(/,/g, '').trim() };
  const suffix = rest.slice(1).join(' ');
  return {
    name: [given, last, suffix].filter((s) => s !== '').join(' '),
    first_name: given,
    last_name: last,
  };
}

/** Joins the parts that are present with single spaces. */
export function joinName(parts: readonly (string | undefined)[]): string {
  return parts.map((p) => (p ?? '').trim()).filter((p) => p !== '').join(' ');
}

/** An aka from a name and its kind, dropping empty optional parts. */
export function aka(name: PersonName, type?: string): AkaName {
  const out: AkaName = { name: name.name };
  if (name.first_name !== undefined) out.first_name = name.first_name;
  if (name.last_name !== undefined) out.last_name = name.last_name;
  if (type !== undefined) out.type = type;
  return out;
}
