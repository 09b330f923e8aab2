/**
 * The whitelist fingerprint: what "the result content changed" means for whitelisting (search-api.md).
 *
 * SHA-256 (hex) of the canonical JSON of:
 *   entity_type, name,
 *   aka:     the `name` of every aka, trimmed, de-duplicated, sorted,
 *   types:   de-duplicated, sorted,
 *   sources: de-duplicated, sorted,
 *   fields:  `[tag, value]` of every field whose tag is a key field (KEY_FIELD_TAGS), values trimmed,
 *            de-duplicated, sorted.
 * Anything else (media, associates, assets, source_notes, last_updated_utc, field order, aka order) does not count.
 */
import { createHash } from 'node:crypto';
import type { Entity } from '../types/entity.js';

/** Field tags that identify a person or organisation (search-api.md "Entity", `fields.tag`). */
export const KEY_FIELD_TAGS: readonly string[] = [
  'date_of_birth',
  'date_of_death',
  'place_of_birth',
  'country_codes',
  'country_names',
];

const sortedUnique = (xs: Iterable<string>): string[] => [...new Set(xs)].sort();

export function fingerprintContent(doc: Entity): unknown {
  const fields = (doc.fields ?? [])
    .filter((f) => f.tag !== undefined && KEY_FIELD_TAGS.includes(f.tag))
    .map((f) => JSON.stringify([f.tag, f.value.trim()]));
  return {
    entity_type: doc.entity_type,
    name: doc.name,
    aka: sortedUnique((doc.aka ?? []).map((a) => a.name.trim())),
    types: sortedUnique(doc.types),
    sources: sortedUnique(doc.sources),
    fields: sortedUnique(fields).map((f) => JSON.parse(f) as [string, string]),
  };
}

/**
 * The canonical JSON of `fingerprintContent(doc)`, written directly: the same text as `JSON.stringify` of it (test:
 * test/service/fingerprint-text.test.ts, over the OFAC list and odd shapes), without building the object, nor
 * turning each key field to JSON and back. A doc without a string `entity_type` or `name` (which `JSON.stringify`
 * would leave out or write otherwise) goes through `fingerprintContent`.
 */
export function fingerprintText(doc: Entity): string {
  if (typeof doc.entity_type !== 'string' || typeof doc.name !== 'string') return JSON.stringify(fingerprintContent(doc));
  const fields: string[] = [];
  for (const f of doc.fields ?? []) if (f.tag !== undefined && KEY_FIELD_TAGS.includes(f.tag)) fields.push(JSON.stringify([f.tag, f.value.trim()]));
  const aka: string[] = [];
  for (const a of doc.aka ?? []) aka.push(a.name.trim());
  return (
    `{"entity_type":${JSON.stringify(doc.entity_type)},"name":${JSON.stringify(doc.name)},"aka":${JSON.stringify(sortedUnique(aka))},` +
    `"types":${JSON.stringify(sortedUnique(doc.types))},"sources":${JSON.stringify(sortedUnique(doc.sources))},"fields":[${sortedUnique(fields).join(',')}]}`
  );
}

export function entityFingerprint(doc: Entity): string {
  return createHash('sha256').update(fingerprintText(doc)).digest('hex');
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}
