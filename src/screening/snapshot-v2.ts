/**
 * Binary index snapshots (versions 2 and 3): the index's own arrays (index-parts.ts) written as binary sections
 * (snapshot-binary.ts) and restored by viewing them, without re-adding any entity. Entity documents are kept as JSON
 * text, one after the other, and each is parsed when first asked for (a hit, a filter); what every candidate needs
 * (entity type, weak-alias marks, birth years, date of death) is in the index's arrays.
 *
 * Version 3 (written now) keeps the documents in the container's tail, each with a hash, so a host that hands a
 * reader of the file (`restoreScreenerFrom`) reads only the index's arrays at the restore, and each document when it
 * is first asked for; entity ids are UTF-8 text with offsets, decoded when asked for. Version 2 kept the documents
 * and the ids (JSON) among the sections; it is still read.
 */
import { fail, ok, problem, type Problem, type Result } from '../errors.js';
import type { WordTables } from '../names/tables.js';
import type { Entity } from '../types/entity.js';
import type { EntityIndex } from './entity-index.js';
import { compactedIndex, indexAsParts, indexFromParts } from './index-as-parts.js';
import { ARRAY_KINDS, partsProblem, validOffsets, type IndexArrays, type IndexParts } from './index-parts.js';
import { ListIndex, MAX_RESULT_CAP, screenerOver, type TamisScreener } from './screener.js';
import { fnv, readContainer, readContainerFrom, writeContainer, type Container, type SnapshotSource } from './snapshot-binary.js';
import { vocabularyFromSections, vocabularySections, type VocabularyMeta } from './snapshot-vocabulary.js';

export const SNAPSHOT_FORMAT = 'tamis-index';
export const SNAPSHOT_BINARY_VERSION = 3;

interface ListMeta {
  slots: number;
  typeNames: (string | null)[];
  vocabulary: VocabularyMeta;
  /** Version 3: where the list's documents begin in the tail. */
  docBase?: number;
}

interface Meta {
  format: typeof SNAPSHOT_FORMAT;
  version: 2 | 3;
  resultCap: number;
  lists: ListMeta;
  internal: ListMeta;
}

type Section = { name: string; data: Int32Array | Uint32Array | Uint16Array | Uint8Array };

/**
 * An entity document of a version-3 snapshot that cannot be read when first asked for, thrown by the search that
 * needed it: `snapshot_corrupt` (the file changed or shrank under the screener, or the document's bytes do not
 * match their hash), `snapshot_closed` (the host closed the file: openSnapshotFile), `snapshot_unreadable` (reading
 * the file failed).
 */
export class SnapshotDocumentError extends Error {
  constructor(
    message: string,
    readonly code: SnapshotDocumentCode = 'snapshot_corrupt',
  ) {
    super(message);
  }
}

export type SnapshotDocumentCode = 'snapshot_corrupt' | 'snapshot_closed' | 'snapshot_unreadable';

const encoder = new TextEncoder();

/** Texts one after the other as UTF-8, and where each starts (bytes): `count` + 1 offsets. */
function texts(count: number, text: (k: number) => string): { bytes: Uint8Array; start: Uint32Array } {
  const start = new Uint32Array(count + 1);
  let bytes = new Uint8Array(1 << 16);
  let at = 0;
  for (let k = 0; k < count; k++) {
    const value = text(k);
    for (;;) {
      const { read, written } = encoder.encodeInto(value, bytes.subarray(at));
      if (read === value.length) {
        at += written;
        break;
      }
      const larger = new Uint8Array(Math.max(bytes.length * 2, at + 3 * value.length));
      larger.set(bytes.subarray(0, at));
      bytes = larger;
    }
    if (at > 0xffffffff) throw new RangeError('texts over 4 GiB: too large for a snapshot');
    start[k + 1] = at;
  }
  return { bytes: bytes.subarray(0, at), start };
}

function listSections(prefix: string, index: EntityIndex, docBase: number): { meta: ListMeta; sections: Section[]; docs: Uint8Array } {
  const parts = indexAsParts(compactedIndex(index));
  const docs = texts(parts.slots, (slot) => JSON.stringify(parts.doc(slot)));
  const ids = texts(parts.slots, parts.id);
  const docHash = new Uint32Array(parts.slots);
  for (let slot = 0; slot < parts.slots; slot++) docHash[slot] = fnv(docs.bytes.subarray(docs.start[slot]!, docs.start[slot + 1]!));
  const vocabulary = vocabularySections(prefix, index.vocab);
  const sections: Section[] = [
    ...vocabulary.sections,
    { name: `${prefix}.idBytes`, data: ids.bytes },
    { name: `${prefix}.idStart`, data: ids.start },
    { name: `${prefix}.acronymKeys`, data: encoder.encode(JSON.stringify(parts.acronymKeys)) },
    { name: `${prefix}.docStart`, data: docs.start },
    { name: `${prefix}.docHash`, data: docHash },
  ];
  for (const key of Object.keys(ARRAY_KINDS) as (keyof IndexArrays)[]) sections.push({ name: `${prefix}.${key}`, data: parts.arrays[key] });
  return { meta: { slots: parts.slots, typeNames: parts.typeNames.map((t) => t ?? null), vocabulary: vocabulary.meta, docBase }, sections, docs: docs.bytes };
}

/**
 * The screener's indexes as the bytes of a version-3 snapshot (write them to a file; `restoreScreener` reads them
 * whole, `restoreScreenerFrom` through a reader of the file).
 */
export function snapshotScreenerBytes(screener: TamisScreener): Uint8Array {
  const lists = listSections('lists', screener.lists.index, 0);
  const internal = listSections('internal', screener.internal.index, lists.docs.length);
  const meta: Meta = { format: SNAPSHOT_FORMAT, version: SNAPSHOT_BINARY_VERSION, resultCap: screener.resultCap, lists: lists.meta, internal: internal.meta };
  const tail = new Uint8Array(lists.docs.length + internal.docs.length);
  tail.set(lists.docs);
  tail.set(internal.docs, lists.docs.length);
  return writeContainer(meta, [...lists.sections, ...internal.sections], tail);
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

type Reader<T> = ((slot: number) => T) | undefined;

/** The entity ids of a list: version 2 keeps them as JSON, version 3 as UTF-8 text with offsets (decoded when asked for). */
function idReader(c: Container, prefix: string, slots: number): Reader<string> {
  if (c.version === 2) {
    const ids = jsonSection(c, `${prefix}.ids`);
    return isStringArray(ids) && ids.length === slots ? (slot) => ids[slot]! : undefined;
  }
  const bytes = c.section(`${prefix}.idBytes`, 'u8');
  const start = c.section(`${prefix}.idStart`, 'u32');
  if (bytes === undefined || start === undefined || !validOffsets(start, slots, bytes.length)) return undefined;
  const decoder = new TextDecoder();
  return (slot) => decoder.decode(bytes.subarray(start[slot]!, start[slot + 1]!));
}

/**
 * The entity documents of a list: version 2 keeps them among the sections, version 3 in the tail from `docBase`,
 * each with a hash checked when it is read (a document that no longer reads as written throws
 * SnapshotDocumentError: the tail is read from the host's file, after the restore).
 */
function docReader(c: Container, prefix: string, meta: ListMeta): Reader<Entity> {
  const docStart = c.section(`${prefix}.docStart`, 'u32');
  const decoder = new TextDecoder();
  if (c.version === 2) {
    const docs = c.section(`${prefix}.docs`, 'u8');
    if (docs === undefined || docStart === undefined || !validOffsets(docStart, meta.slots, docs.length)) return undefined;
    return (slot) => JSON.parse(decoder.decode(docs.subarray(docStart[slot]!, docStart[slot + 1]!))) as Entity;
  }
  const hash = c.section(`${prefix}.docHash`, 'u32');
  const base = meta.docBase;
  if (docStart === undefined || hash === undefined || hash.length !== meta.slots || !Number.isSafeInteger(base) || base! < 0) return undefined;
  if (!validOffsets(docStart, meta.slots) || base! + docStart[meta.slots]! > c.tailSize) return undefined;
  return (slot) => {
    const bytes = c.tail(base! + docStart[slot]!, docStart[slot + 1]! - docStart[slot]!);
    if (bytes === undefined || fnv(bytes) !== hash[slot]) throw new SnapshotDocumentError(`${prefix}: entity document ${slot} of the snapshot no longer reads as written`);
    try {
      return JSON.parse(decoder.decode(bytes)) as Entity;
    } catch {
      throw new SnapshotDocumentError(`${prefix}: entity document ${slot} of the snapshot is not valid JSON`);
    }
  };
}

function restoreList(c: Container, prefix: string, meta: ListMeta, tables: WordTables): Result<EntityIndex, Problem[]> {
  if (typeof meta !== 'object' || meta === null || !Number.isSafeInteger(meta.slots) || meta.slots < 0 || !Array.isArray(meta.typeNames)) return corrupt(`${prefix}: malformed`);
  const restored = vocabularyFromSections(c, prefix, meta.vocabulary, tables);
  if (!restored.ok) return restored;
  const vocab = restored.value;
  const id = idReader(c, prefix, meta.slots);
  const acronymKeys = jsonSection(c, `${prefix}.acronymKeys`);
  if (id === undefined || !isStringArray(acronymKeys)) return corrupt(`${prefix}: entity ids or acronym keys are missing or malformed`);
  const arrays: Partial<Record<keyof IndexArrays, unknown>> = {};
  for (const [key, kind] of Object.entries(ARRAY_KINDS) as [keyof IndexArrays, 'i32' | 'u16' | 'u8'][]) {
    const array = kind === 'i32' ? c.section(`${prefix}.${key}`, kind) : kind === 'u16' ? c.section(`${prefix}.${key}`, kind) : c.section(`${prefix}.${key}`, kind);
    if (array === undefined) return corrupt(`${prefix}: section ${key} is missing`);
    arrays[key] = array;
  }
  const doc = docReader(c, prefix, meta);
  if (doc === undefined) return corrupt(`${prefix}: entity documents are missing or malformed`);
  const parts: IndexParts = {
    slots: meta.slots,
    id,
    doc,
    typeNames: meta.typeNames.map((t) => t ?? undefined),
    acronymKeys,
    arrays: arrays as IndexArrays,
  };
  const why = partsProblem(parts, vocab.size);
  if (why !== undefined) return corrupt(`${prefix}: ${why} are inconsistent`);
  return ok(indexFromParts(tables, vocab, parts));
}

/** A screener from a binary snapshot's container (read whole or from a source). */
function restoreContainer(read: Result<Container, Problem[]>, tables: WordTables): Result<TamisScreener, Problem[]> {
  if (!read.ok) return read;
  const meta = read.value.meta as Partial<Meta> | null;
  if (typeof meta !== 'object' || meta === null || meta.format !== SNAPSHOT_FORMAT) return fail([problem('snapshot_format', `not a ${SNAPSHOT_FORMAT} snapshot`)]);
  if (meta.version !== read.value.version) {
    return fail([problem('snapshot_version', `snapshot version ${String(meta.version)} is not supported (expected ${read.value.version} in a version-${read.value.version} container)`, 'version')]);
  }
  const cap = meta.resultCap;
  if (!validCap(cap)) return corrupt('resultCap is invalid');
  const lists = restoreList(read.value, 'lists', meta.lists!, tables);
  if (!lists.ok) return lists;
  const internal = restoreList(read.value, 'internal', meta.internal!, tables);
  if (!internal.ok) return internal;
  return ok(screenerOver(new ListIndex(tables, lists.value), new ListIndex(tables, internal.value), cap));
}

/** A screener from the bytes of a version-2 or version-3 snapshot (the screener views them: do not change them afterwards). */
export function restoreScreenerBytes(bytes: Uint8Array, tables: WordTables): Result<TamisScreener, Problem[]> {
  return restoreContainer(readContainer(bytes), tables);
}

/**
 * A screener from a version-2 or version-3 snapshot read through `source` (a reader of the host's file): the
 * index's arrays are read now; a version-3 snapshot's entity documents are read from the source when first asked
 * for, so the file must stay open and unchanged while the screener is used.
 */
export function restoreScreenerSource(source: SnapshotSource, tables: WordTables): Result<TamisScreener, Problem[]> {
  return restoreContainer(readContainerFrom(source), tables);
}
