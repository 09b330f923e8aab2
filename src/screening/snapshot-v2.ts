/**
 * Version-2 index snapshots: the index's own arrays (index-parts.ts) written as binary sections (snapshot-binary.ts)
 * and restored by viewing them, without re-adding any entity. Entity documents are kept as JSON text, one after the
 * other, and each is parsed when first asked for (a hit, a filter); what every candidate needs (entity type,
 * weak-alias marks, birth years, date of death) is in the index's arrays.
 */
import { fail, ok, problem, type Problem, type Result } from '../errors.js';
import type { WordTables } from '../names/tables.js';
import type { Entity } from '../types/entity.js';
import { EntityIndex } from './entity-index.js';
import { ARRAY_KINDS, partsProblem, validOffsets, type IndexArrays, type IndexParts } from './index-parts.js';
import { ListIndex, MAX_RESULT_CAP, screenerOver, type TamisScreener } from './screener.js';
import { readContainer, writeContainer, type Container } from './snapshot-binary.js';
import { vocabularyFromSections, vocabularySections, type VocabularyMeta } from './snapshot-vocabulary.js';

export const SNAPSHOT_FORMAT = 'tamis-index';
export const SNAPSHOT_BINARY_VERSION = 2;

interface ListMeta {
  slots: number;
  typeNames: (string | null)[];
  vocabulary: VocabularyMeta;
}

interface Meta {
  format: typeof SNAPSHOT_FORMAT;
  version: typeof SNAPSHOT_BINARY_VERSION;
  resultCap: number;
  lists: ListMeta;
  internal: ListMeta;
}

type Section = { name: string; data: Int32Array | Uint32Array | Uint16Array | Uint8Array };

const encoder = new TextEncoder();

/** Entity documents as JSON text one after the other, and where each starts (bytes). */
function documents(parts: IndexParts): { bytes: Uint8Array; start: Uint32Array } {
  const start = new Uint32Array(parts.slots + 1);
  let bytes = new Uint8Array(1 << 16);
  let at = 0;
  for (let slot = 0; slot < parts.slots; slot++) {
    const text = JSON.stringify(parts.doc(slot));
    for (;;) {
      const { read, written } = encoder.encodeInto(text, bytes.subarray(at));
      if (read === text.length) {
        at += written;
        break;
      }
      const larger = new Uint8Array(Math.max(bytes.length * 2, at + 3 * text.length));
      larger.set(bytes.subarray(0, at));
      bytes = larger;
    }
    if (at > 0xffffffff) throw new RangeError('entity documents over 4 GiB: too large for a snapshot');
    start[slot + 1] = at;
  }
  return { bytes: bytes.subarray(0, at), start };
}

function listSections(prefix: string, index: EntityIndex): { meta: ListMeta; sections: Section[] } {
  const parts = index.compacted().toParts();
  const docs = documents(parts);
  const vocabulary = vocabularySections(prefix, index.vocab);
  const sections: Section[] = [
    ...vocabulary.sections,
    { name: `${prefix}.ids`, data: encoder.encode(JSON.stringify(parts.ids)) },
    { name: `${prefix}.acronymKeys`, data: encoder.encode(JSON.stringify(parts.acronymKeys)) },
    { name: `${prefix}.docs`, data: docs.bytes },
    { name: `${prefix}.docStart`, data: docs.start },
  ];
  for (const key of Object.keys(ARRAY_KINDS) as (keyof IndexArrays)[]) sections.push({ name: `${prefix}.${key}`, data: parts.arrays[key] });
  return { meta: { slots: parts.slots, typeNames: parts.typeNames.map((t) => t ?? null), vocabulary: vocabulary.meta }, sections };
}

/** The screener's indexes as the bytes of a version-2 snapshot (write them to a file; `restoreScreener` reads them). */
export function snapshotScreenerBytes(screener: TamisScreener): Uint8Array {
  const lists = listSections('lists', screener.lists.index);
  const internal = listSections('internal', screener.internal.index);
  const meta: Meta = { format: SNAPSHOT_FORMAT, version: SNAPSHOT_BINARY_VERSION, resultCap: screener.resultCap, lists: lists.meta, internal: internal.meta };
  return writeContainer(meta, [...lists.sections, ...internal.sections]);
}

/** A snapshot's result cap is an integer from 1 to MAX_RESULT_CAP. */
export const validCap = (cap: unknown): cap is number => typeof cap === 'number' && Number.isInteger(cap) && cap >= 1 && cap <= MAX_RESULT_CAP;

const corrupt = (message: string): Result<never, Problem[]> => fail([problem('snapshot_corrupt', message)]);

/** A JSON section, or undefined when absent or not valid JSON. */
function jsonSection(c: Container, name: string): unknown {
  const bytes = c.section(name, 'u8');
  if (bytes === undefined) return undefined;
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as unknown;
  } catch {
    return undefined;
  }
}

const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

function restoreList(c: Container, prefix: string, meta: ListMeta, tables: WordTables): Result<EntityIndex, Problem[]> {
  if (typeof meta !== 'object' || meta === null || !Number.isSafeInteger(meta.slots) || meta.slots < 0 || !Array.isArray(meta.typeNames)) return corrupt(`${prefix}: malformed`);
  const restored = vocabularyFromSections(c, prefix, meta.vocabulary, tables);
  if (!restored.ok) return restored;
  const vocab = restored.value;
  const ids = jsonSection(c, `${prefix}.ids`);
  const acronymKeys = jsonSection(c, `${prefix}.acronymKeys`);
  if (!isStringArray(ids) || !isStringArray(acronymKeys)) return corrupt(`${prefix}: entity ids or acronym keys are missing or malformed`);
  const arrays: Partial<Record<keyof IndexArrays, unknown>> = {};
  for (const [key, kind] of Object.entries(ARRAY_KINDS) as [keyof IndexArrays, 'i32' | 'u16' | 'u8'][]) {
    const array = kind === 'i32' ? c.section(`${prefix}.${key}`, kind) : kind === 'u16' ? c.section(`${prefix}.${key}`, kind) : c.section(`${prefix}.${key}`, kind);
    if (array === undefined) return corrupt(`${prefix}: section ${key} is missing`);
    arrays[key] = array;
  }
  const docs = c.section(`${prefix}.docs`, 'u8');
  const docStart = c.section(`${prefix}.docStart`, 'u32');
  if (docs === undefined || docStart === undefined || !validOffsets(docStart, meta.slots, docs.length)) return corrupt(`${prefix}: entity documents are missing or malformed`);
  const decoder = new TextDecoder();
  const parts: IndexParts = {
    slots: meta.slots,
    ids,
    doc: (slot) => JSON.parse(decoder.decode(docs.subarray(docStart[slot]!, docStart[slot + 1]!))) as Entity,
    typeNames: meta.typeNames.map((t) => t ?? undefined),
    acronymKeys,
    arrays: arrays as IndexArrays,
  };
  const why = partsProblem(parts, vocab.size);
  if (why !== undefined) return corrupt(`${prefix}: ${why} are inconsistent`);
  return ok(EntityIndex.fromParts(tables, vocab, parts));
}

/** A screener from the bytes of a version-2 snapshot. */
export function restoreScreenerBytes(bytes: Uint8Array, tables: WordTables): Result<TamisScreener, Problem[]> {
  const read = readContainer(bytes);
  if (!read.ok) return read;
  const meta = read.value.meta as Partial<Meta> | null;
  if (typeof meta !== 'object' || meta === null || meta.format !== SNAPSHOT_FORMAT) return fail([problem('snapshot_format', `not a ${SNAPSHOT_FORMAT} snapshot`)]);
  if (meta.version !== SNAPSHOT_BINARY_VERSION) return fail([problem('snapshot_version', `snapshot version ${String(meta.version)} is not supported (expected ${SNAPSHOT_BINARY_VERSION})`, 'version')]);
  const cap = meta.resultCap;
  if (!validCap(cap)) return corrupt('resultCap is invalid');
  const lists = restoreList(read.value, 'lists', meta.lists!, tables);
  if (!lists.ok) return lists;
  const internal = restoreList(read.value, 'internal', meta.internal!, tables);
  if (!internal.ok) return internal;
  return ok(screenerOver(new ListIndex(tables, lists.value), new ListIndex(tables, internal.value), cap));
}
