/**
 * A serialisable form of a screener's indexes, so a host builds once and loads fast: entities, their names as
 * word ids, and the vocabulary with its prepared phonetic codes and skeletons. Restoring skips
 * transliteration, tokenising and phonetic coding; the lookup maps are rebuilt from the vocabulary.
 */
import { fail, ok, problem, type Problem, type Result } from '../errors.js';
import type { AffixRole } from '../names/affixes.js';
import type { TokenScript } from '../names/normalize.js';
import type { PreparedWord } from '../names/prepare.js';
import { defaultWordTables, type WordTables } from '../names/tables.js';
import type { Entity } from '../types/entity.js';
import { EntityIndex, entityNames } from './entity-index.js';
import { roleCode, type StoredName } from './name-store.js';
import { ListIndex, MAX_RESULT_CAP, screenerOver, type TamisScreener } from './screener.js';

export const SNAPSHOT_FORMAT = 'tamis-index';
export const SNAPSHOT_VERSION = 1;

/** A vocabulary word: text, script, Double Metaphone codes, consonant skeleton, and its native form if any. */
export type SnapshotWord = [string, TokenScript, string, string, string] | [string, TokenScript, string, string, string, string];
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
  const vocabulary = index.vocab.words.map((w): SnapshotWord => (w.native === undefined ? [w.text, w.script, w.phonetic[0], w.phonetic[1], w.skeleton] : [w.text, w.script, w.phonetic[0], w.phonetic[1], w.skeleton, w.native]));
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
  const index = new EntityIndex(tables);
  for (const [text, script, p, s, skeleton, native] of list.vocabulary) {
    const word: PreparedWord = { text, script, phonetic: [p, s], skeleton, isNumber: /^[0-9]+$/.test(text), particle: tables.particles.has(text) };
    if (native !== undefined) word.native = native;
    index.vocab.add(word);
  }
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

/** Rebuild a screener from a snapshot. The word tables should be those the snapshot was built with. */
export function restoreScreener(snapshot: unknown, tables: WordTables = defaultWordTables()): Result<TamisScreener, Problem[]> {
  const s = snapshot as Partial<IndexSnapshot> | null;
  if (typeof s !== 'object' || s === null || s.format !== SNAPSHOT_FORMAT) return fail([problem('snapshot_format', `not a ${SNAPSHOT_FORMAT} snapshot`)]);
  if (s.version !== SNAPSHOT_VERSION) return fail([problem('snapshot_version', `snapshot version ${String(s.version)} is not supported (expected ${SNAPSHOT_VERSION})`, 'version')]);
  if (!isList(s.lists) || !isList(s.internal)) return fail([problem('snapshot_corrupt', 'snapshot lists are missing or malformed')]);
  const cap = s.resultCap;
  if (typeof cap !== 'number' || !Number.isInteger(cap) || cap < 1 || cap > MAX_RESULT_CAP) return fail([problem('snapshot_corrupt', 'resultCap is invalid', 'resultCap')]);
  const problems: Problem[] = [];
  const lists = restoreList(s.lists, tables, 'lists', problems);
  const internal = restoreList(s.internal, tables, 'internal', problems);
  if (problems.length > 0) return fail(problems);
  return ok(screenerOver(new ListIndex(tables, lists), new ListIndex(tables, internal), cap));
}
