/**
 * A serialisable form of a screener's indexes, so a host builds once and loads fast. Version 1 (this module) is a
 * JSON-serialisable object: entities, their names as word ids, and the vocabulary with its prepared phonetic codes
 * and skeletons; restoring skips transliteration, tokenising and phonetic coding but rebuilds the index entity by
 * entity. Version 2 (snapshot-v2.ts) is binary: the index's own arrays, restored by viewing them.
 */
import { fail, ok, problem, type Problem, type Result } from '../errors.js';
import type { AffixRole } from '../names/affixes.js';
import { defaultWordTables, type WordTables } from '../names/tables.js';
import type { Entity } from '../types/entity.js';
import { EntityIndex, entityNames } from './entity-index.js';
import { restoreVocabulary, vocabularyWords, type SnapshotWord } from './snapshot-vocabulary.js';
import { restoreScreenerBytes, restoreScreenerSource, SNAPSHOT_FORMAT, validCap } from './snapshot-v2.js';
import type { SnapshotSource } from './snapshot-binary.js';

export { SNAPSHOT_FORMAT, SNAPSHOT_BINARY_VERSION, SnapshotDocumentError } from './snapshot-v2.js';
export type { SnapshotSource } from './snapshot-binary.js';
import { roleCode, type StoredName } from './name-store.js';
import { ListIndex, screenerOver, type TamisScreener } from './screener.js';

export const SNAPSHOT_VERSION = 1;

/** A name: original text, word ids, affix roles (null where none). */
export type SnapshotName = [string, number[], (AffixRole | null)[] | null];

export interface SnapshotList {
  vocabulary: SnapshotWord[];
  entities: Entity[];
  names: SnapshotName[][];
}

export interface IndexSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  version: typeof SNAPSHOT_VERSION;
  resultCap: number;
  lists: SnapshotList;
  internal: SnapshotList;
}

function snapshotList(index: EntityIndex): SnapshotList {
  const vocabulary = vocabularyWords(index.vocab);
  const entities: Entity[] = [];
  const names: SnapshotName[][] = [];
  for (const slot of index.liveSlots()) {
    entities.push(index.entity(slot)!);
    names.push(
      index.names(slot).map((n): SnapshotName => [n.original, n.words.map((w) => w.id!), n.roles.some((r) => r !== undefined) ? n.roles.map((r) => r ?? null) : null]),
    );
  }
  return { vocabulary, entities, names };
}

/** The screener's indexes as a plain JSON-serialisable object. */
export function snapshotScreener(screener: TamisScreener): IndexSnapshot {
  return {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    resultCap: screener.resultCap,
    lists: snapshotList(screener.lists.index),
    internal: snapshotList(screener.internal.index),
  };
}

function restoreList(list: SnapshotList, tables: WordTables, path: string, problems: Problem[]): EntityIndex {
  const index = new EntityIndex(tables, restoreVocabulary(list.vocabulary, tables));
  list.entities.forEach((entity, i) => {
    const names = list.names[i];
    if (names === undefined || names.some(([, ids]) => ids.some((id) => id < 0 || id >= index.vocab.size))) {
      problems.push(problem('snapshot_corrupt', `entity ${i} has names that refer to no vocabulary word`, `${path}.names[${i}]`));
      return;
    }
    const sources = entityNames(entity);
    const indexed = names.map(([original, ids, roles]): StoredName => ({
      ids,
      roles: roles === null ? ids.map(() => 0) : roles.map((r) => roleCode(r ?? undefined)),
      source: sources.find((n) => n.text === original)?.source ?? -1,
    }));
    index.addIndexed(entity, indexed);
  });
  return index;
}

const isList = (v: unknown): v is SnapshotList =>
  typeof v === 'object' && v !== null && Array.isArray((v as SnapshotList).vocabulary) && Array.isArray((v as SnapshotList).entities) && Array.isArray((v as SnapshotList).names);

/**
 * A screener from a snapshot: a version-1 object (`snapshotScreener`, as parsed from JSON), or the bytes of a
 * binary snapshot, version 2 or 3 (`snapshotScreenerBytes`; the screener then views them: do not change them
 * afterwards). The word tables should be those the snapshot was built with.
 */
export function restoreScreener(snapshot: unknown, tables: WordTables = defaultWordTables()): Result<TamisScreener, Problem[]> {
  if (snapshot instanceof Uint8Array) return restoreScreenerBytes(snapshot, tables);
  const s = snapshot as Partial<IndexSnapshot> | null;
  if (typeof s !== 'object' || s === null || s.format !== SNAPSHOT_FORMAT) return fail([problem('snapshot_format', `not a ${SNAPSHOT_FORMAT} snapshot`)]);
  if (s.version !== SNAPSHOT_VERSION) return fail([problem('snapshot_version', `snapshot version ${String(s.version)} is not supported (expected ${SNAPSHOT_VERSION})`, 'version')]);
  if (!isList(s.lists) || !isList(s.internal)) return fail([problem('snapshot_corrupt', 'snapshot lists are missing or malformed')]);
  const cap = s.resultCap;
  if (!validCap(cap)) return fail([problem('snapshot_corrupt', 'resultCap is invalid', 'resultCap')]);
  const problems: Problem[] = [];
  const lists = restoreList(s.lists, tables, 'lists', problems);
  const internal = restoreList(s.internal, tables, 'internal', problems);
  if (problems.length > 0) return fail(problems);
  return ok(screenerOver(new ListIndex(tables, lists), new ListIndex(tables, internal), cap));
}

/**
 * A screener from a binary snapshot read through a reader of the host's file (`SnapshotSource`): the index's arrays
 * are read at once, the entity documents of a version-3 snapshot each when first asked for (a hit, a filter), so
 * the file must stay open and unchanged while the screener is used (a document that no longer reads as written
 * throws SnapshotDocumentError, code `snapshot_corrupt`). A source that throws while the index is read gives
 * `snapshot_unreadable`.
 */
export function restoreScreenerFrom(source: SnapshotSource, tables: WordTables = defaultWordTables()): Result<TamisScreener, Problem[]> {
  return restoreScreenerSource(source, tables);
}

export { snapshotScreenerBytes } from './snapshot-v2.js';
export type { SnapshotWord } from './snapshot-vocabulary.js';
