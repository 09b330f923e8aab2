/**
 * The verification of a search's candidates, first on the index's flat names (NameStore): most candidates match on
 * no name, and a name's verdict is its group's (same words, roles and entity type: entity-match.ts, matchOneName),
 * so each group is decided once per search, for every entity that bears it, and an entity none of whose names can
 * match is never made (its names, its document). The entities left are evaluated by evaluateEntity, which reads
 * the verdicts decided here.
 */
import { birthYearVerdict, type BirthYearVerdict } from '../names/birth-year.js';
import { evidenceScore } from '../names/score.js';
import { matchOneName, type EntityMatchSettings } from '../names/entity-match.js';
import type { NameMatch, PreparedQuery } from '../names/name-match.js';
import type { AffixRole } from '../names/affixes.js';
import type { PreparedName, PreparedWord } from '../names/prepare.js';
import type { EntityType } from '../types/entity.js';
import type { EntityIndex } from './entity-index.js';
import type { SearchCounters } from './candidate-types.js';
import type { NameCheck } from './name-check.js';
import { AFFIX_ROLES } from './name-store.js';
import type { StampedMarks } from './stamps.js';

/** A group's verdict in `verdicts`: not decided yet (0), no match, a match. */
const NO_MATCH = 1;
const MATCH = 2;

/** What a search's verification reads. */
export interface NameScreen {
  index: EntityIndex;
  query: PreparedQuery;
  settings: EntityMatchSettings;
  /** Per name group: NO_MATCH or MATCH once decided (reset for the search over the name store's names). */
  verdicts: StampedMarks;
  /** The same verdicts, with the matches, as evaluateEntity reads them (EntityMatchSettings.nameMemo). */
  nameMemo: Map<number, NameMatch | null>;
  namePossible: NameCheck;
  /** Whether a hit could be anchored on a name of a slot (Candidates.mayAnchorStored). */
  mayAnchorStored: (slot: number, n: number) => boolean;
  /** Where the names the matcher rejects are counted (SearchCounters.namesRejected). */
  counters: SearchCounters;
}

/**
 * Whether some name of the candidate in `slot` may match (false: evaluateEntity would find none). Names a hit could
 * not be anchored on are passed over, as evaluateEntity does. A weak alias is judged by its own rule in
 * evaluateEntity (its verdict depends on the entity's other names), a rule that only rejects: it matches only where
 * its group's verdict is a match, so the group's verdict decides here too.
 */
export function mayMatch(screen: NameScreen, slot: number): boolean {
  const { index, settings, verdicts } = screen;
  if (settings.birthYear !== undefined && birthYearVerdict(index.birthYears(slot), settings.birthYear, settings.birthWindow) === 'excluded') return false;
  const store = index.nameStore;
  const first = store.slotStart[slot]!;
  const last = store.slotStart[slot + 1]!;
  for (let n = first; n < last; n++) {
    const group = store.group[n]!;
    const verdict = verdicts.get(group);
    if (verdict === MATCH) return true;
    if (verdict === NO_MATCH || !screen.mayAnchorStored(slot, n)) continue;
    // Only matches go to the memo evaluateEntity reads: the names decided not to match are passed over there
    // (decidedNoMatch), so most verdicts of a search cost one stamped mark and no map entry.
    if (decide(screen, slot, n, group) !== null) return true;
  }
  return false;
}

/**
 * The score evaluateEntity gives the candidate in `slot` (the best evidence score of its names that match, by
 * `birth`), read from the flat names and this search's verdicts without making the entity (its names, its
 * document): null where no name matches. The names are taken as evaluateEntity takes them: those decided not to
 * match or with no word to anchor a hit on are passed over, a group's match is decided once. Undefined where the
 * flat names cannot tell: an entity with a weak alias (its own rule reads the entity's other names).
 */
export function storedScore(screen: NameScreen, slot: number, birth: BirthYearVerdict | undefined): number | null | undefined {
  const { index, verdicts } = screen;
  const store = index.nameStore;
  if (store.anyWeak(slot)) return undefined;
  let score: number | null = null;
  for (let n = store.slotStart[slot]!, last = store.slotStart[slot + 1]!; n < last; n++) {
    const group = store.group[n]!;
    if (verdicts.get(group) === NO_MATCH || !screen.mayAnchorStored(slot, n)) continue;
    const match = verdicts.get(group) === MATCH ? screen.nameMemo.get(group)! : decide(screen, slot, n, group);
    if (match === null) continue;
    const s = evidenceScore(match.evidence, birth);
    if (score === null || s > score) score = s;
  }
  return score;
}

/** The verdict of name `n`'s group (not decided yet in this search), decided and kept. */
function decide(screen: NameScreen, slot: number, n: number, group: number): NameMatch | null {
  const entityType = screen.index.entityType(slot) as EntityType;
  let match: NameMatch | null = null;
  if (screen.namePossible.stored(n, entityType)) {
    match = matchOneName(screen.query, storedName(screen.index, n), entityType, screen.settings);
    if (match === null) screen.counters.namesRejected++;
  }
  screen.verdicts.set(group, match === null ? NO_MATCH : MATCH);
  if (match !== null) screen.nameMemo.set(group, match);
  return match;
}

/**
 * Name `n` of the index's name store as the matcher reads it (its words and affix roles), written into one object
 * reused from name to name: the matcher keeps nothing of the name it is given (its match holds placements only),
 * so a check makes no name, and not the entity's other names either.
 */
function storedName(index: EntityIndex, n: number): PreparedName {
  const store = index.nameStore;
  const vocabulary = index.vocab.words;
  const from = store.wordStart[n]!;
  const length = store.wordStart[n + 1]! - from;
  const name = (STORED[length] ??= { original: '', words: new Array<PreparedWord>(length), roles: new Array<AffixRole | undefined>(length).fill(undefined), group: 0 });
  const words = name.words;
  const roles = name.roles;
  for (let j = 0; j < length; j++) {
    words[j] = vocabulary[store.wordIds[from + j]!]!;
    roles[j] = AFFIX_ROLES[store.roles[from + j]!];
  }
  name.group = store.group[n]!;
  return name;
}

/** The names storedName writes, by number of words (its text is never read by the matcher). */
const STORED: { original: string; words: PreparedWord[]; roles: (AffixRole | undefined)[]; group: number }[] = [];

/**
 * Whether mayMatch decided that a name's group does not match in this search (evaluateEntity may pass the name
 * over: a weak alias of the group does not match either, its rule only rejects).
 */
export function decidedNoMatch(screen: NameScreen, name: PreparedName): boolean {
  return name.group !== undefined && screen.verdicts.get(name.group) === NO_MATCH;
}

/** Candidates whose flat names gatherNames reads together, ahead of their verification. */
export const NAME_GATHER_CHUNK = 64;

/** Scratch of gatherNames (one search at a time). */
const FIRST_NAMES = new Int32Array(NAME_GATHER_CHUNK);
const FIRST_GROUPS = new Int32Array(NAME_GATHER_CHUNK);
const FIRST_WORDS = new Int32Array(NAME_GATHER_CHUNK);

/**
 * Reads, for the candidates slots[from..to), the entries mayMatch reads first (the slot's names, its first name's
 * group, words and verdict), in passes of loads that do not depend on one another within a pass: the processor
 * overlaps their cache misses, where mayMatch, one candidate at a time, waits on each in turn. Returns what it read
 * (the caller keeps it, so that the reads are not dropped).
 */
export function gatherNames(screen: NameScreen, slots: readonly number[], from: number, to: number): number {
  const store = screen.index.nameStore;
  const slotStart = store.slotStart;
  const group = store.group;
  const wordStart = store.wordStart;
  const wordIds = store.wordIds;
  const roles = store.roles;
  const count = to - from;
  const types = screen.index.slotTypeCodes;
  const weak = store.weak;
  let sum = 0;
  for (let t = 0; t < count; t++) {
    const slot = slots[from + t]!;
    FIRST_NAMES[t] = slotStart[slot]!;
    sum ^= types[slot]!;
  }
  for (let t = 0; t < count; t++) {
    const n = FIRST_NAMES[t]!;
    FIRST_GROUPS[t] = group[n]!;
    FIRST_WORDS[t] = wordStart[n]!;
    sum ^= weak[n]!;
  }
  const { stamps, planes } = screen.verdicts.view();
  const values = planes[0]!;
  for (let t = 0; t < count; t++) {
    const g = FIRST_GROUPS[t]!;
    const w = FIRST_WORDS[t]!;
    sum ^= stamps[g]! ^ values[g]! ^ wordIds[w]! ^ roles[w]!;
  }
  return sum;
}
