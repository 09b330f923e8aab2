/**
 * Counting and ranking the entities a payment reference found (step 6 of reference screening, after match.ts):
 * every bearer of every found name is counted once per entity in a table that fits the CPU's cache
 * (slot-table.ts), and only the first `resultCap` are ranked, found names taken best score ceiling first.
 */
import { PRIMARY_MATCH_TYPES, type PrimaryMatchType } from '../names/types.js';
import { primaryTypeOf } from '../names/entity-match.js';
import { scoreCeiling } from '../names/score.js';
import type { EntityIndex } from '../screening/entity-index.js';
import { Top } from '../screening/top.js';
import type { Entity } from '../types/entity.js';
import type { Found, ReferenceMatcher } from './match.js';
import { SlotTable } from './slot-table.js';

/** One entity's match: a found name and the entity's name that bears it. */
export interface Match {
  found: Found;
  /** Index of the bearing name in the entity (0: its primary name). */
  name: number;
  score: number;
}

export const primaryOf = (m: Match): PrimaryMatchType => primaryTypeOf(m.found.matchClass, m.name === 0);
/** Place of a match on the primary-type ladder (lower is better). */
const rankOf = (found: Found, name: number): number => PRIMARY_MATCH_TYPES.indexOf(primaryTypeOf(found.matchClass, name === 0));
/** Better first: the primary-type ladder, then score, then the primary name before akas. */
export const better = (a: Match, b: Match): number => rankOf(a.found, a.name) - rankOf(b.found, b.name) || b.score - a.score || a.name - b.name;

/**
 * An entity in the running for the first hits: its best match (the fields of `Match`), and all its matches when
 * it has several.
 */
export interface Ranked extends Match {
  slot: number;
  all: Match[] | undefined;
  /** The found name and kind the entity entered with, and its place among their bearers (in entity id order). */
  group: number;
  place: number;
}

/** The ranking's view of the list: entity ids by slot, read only to order entities of different found names. */
interface Ids {
  idOf(slot: number): string;
}

/**
 * The hit order on an entity's best match: best score first; on equal scores the match covering more of the
 * reference, then the entity id (bearers of one found name and kind are in id order already). Negative when the
 * entity entering with (score, span) from `group` at `place` comes before `other`.
 */
function compareTo(ids: Ids, score: number, span: number, group: number, place: number, slot: number, other: Ranked): number {
  const bySpan = other.found.to - other.found.from - span;
  if (other.score !== score || bySpan !== 0) return other.score - score || bySpan;
  if (group === other.group) return place - other.place;
  const x = ids.idOf(slot);
  const y = ids.idOf(other.slot);
  return x < y ? -1 : x > y ? 1 : 0;
}

function compareRanked(ids: Ids, a: Ranked, b: Ranked): number {
  return compareTo(ids, a.score, a.found.to - a.found.from, a.group, a.place, a.slot, b);
}

const tables = new WeakMap<EntityIndex, SlotTable>();

function tableFor(index: EntityIndex): SlotTable {
  let table = tables.get(index);
  if (table === undefined) tables.set(index, (table = new SlotTable()));
  return table;
}

/**
 * The entities found, best first: every entity bearing a found name counted (those `keep` refuses aside), the
 * first `cap` ranked, with all their matches when they have several.
 *
 * A found name's bearers come in entity id order and share its score per kind (primary name or aka), so the
 * found names are ranked by kind, best score and span first: the bearers of one kind enter in id order until
 * one is outranked, and once a whole kind is outranked so are all that follow it. An entity found more than
 * once enters only with its best match.
 */
export function rankFound(
  matcher: ReferenceMatcher,
  found: readonly Found[],
  keep: ((entity: Entity) => boolean) | undefined,
  cap: number,
): { total: number; ranked: Ranked[] } {
  const { index, ngrams } = matcher;
  // Bearers need reading only when some were removed or a filter applies: otherwise every slot is live and kept.
  const check = keep !== undefined || index.size !== index.slotCount;
  const lists = found.map((f) => f.reading.group.bearers);
  let expected = 0;
  for (const list of lists) expected += list.length / 2;
  const table = tableFor(index);
  table.reset(expected);
  const score = (f: number, slot: number, name: number): number => matcher.score(found[f]!, slot, name);
  // The first bearer of each kind of each found name, as an offset in its list: [2f] aka, [2f + 1] primary.
  const firsts = new Int32Array(2 * found.length).fill(-1);
  let total = 0;
  for (let f = 0; f < found.length; f++) {
    const bearers = lists[f]!;
    for (let b = 0; b < bearers.length; b += 2) {
      const slot = bearers[b]!;
      if (check) {
        const s = index.entity(slot);
        if (s === undefined || (keep !== undefined && !keep(s))) continue;
      }
      const name = bearers[b + 1]!;
      const group = 2 * f + (name === 0 ? 1 : 0);
      if (firsts[group]! < 0) firsts[group] = b;
      const at = table.add(slot);
      if (table.count(at) === 0) total++;
      table.record(at, f, name);
    }
  }
  /** The best of an entity's matches as `better` orders them (the first of equals). */
  const choose = (at: number, slot: number): void => {
    let bestFound = -1;
    let bestName = 0;
    let bestRank = 0;
    let bestScore = 0;
    for (let c = table.first(at); c >= 0; c = table.next(c)) {
      const f = table.foundAt(c);
      const name = table.nameAt(c);
      const r = rankOf(found[f]!, name);
      if (bestFound >= 0 && r > bestRank) continue;
      const s = score(f, slot, name);
      if (bestFound < 0 || r < bestRank || s > bestScore || (s === bestScore && name < bestName)) {
        bestFound = f;
        bestName = name;
        bestRank = r;
        bestScore = s;
      }
    }
    table.choose(at, bestFound, bestName);
  };
  // Found names by kind, in bands of equal score ceiling (the match class), best band first: a band is scored
  // only when its ceiling may reach the hits kept so far.
  const groups: number[] = [];
  for (let g = 0; g < firsts.length; g++) if (firsts[g]! >= 0) groups.push(g);
  const ceilingOf = (g: number): number => scoreCeiling(found[g >> 1]!.matchClass);
  groups.sort((a, b) => ceilingOf(b) - ceilingOf(a) || a - b);
  const groupScores = new Float64Array(firsts.length);
  const spanOf = (g: number): number => found[g >> 1]!.to - found[g >> 1]!.from;
  const rankOrder = (a: Ranked, b: Ranked): number => compareRanked(ngrams, a, b);
  const top = new Top<Ranked>(cap, rankOrder);
  for (let i = 0, j = 0; i < groups.length; i = j) {
    const ceiling = ceilingOf(groups[i]!);
    for (j = i; j < groups.length && ceilingOf(groups[j]!) === ceiling; j++);
    if (top.bar !== undefined && top.bar.score > ceiling) break;
    const band = groups.slice(i, j);
    for (const g of band) {
      const list = lists[g >> 1]!;
      const b = firsts[g]!;
      groupScores[g] = score(g >> 1, list[b]!, list[b + 1]!);
    }
    band.sort((a, b) => groupScores[b]! - groupScores[a]! || spanOf(b) - spanOf(a) || a - b);
    for (const g of band) {
      const f = g >> 1;
      const primary = g & 1;
      const groupScore = groupScores[g]!;
      const span = spanOf(g);
      const bar = top.bar;
      if (bar !== undefined && (bar.score > groupScore || (bar.score === groupScore && bar.found.to - bar.found.from > span))) break;
      const bearers = lists[f]!;
      for (let b = firsts[g]!; b < bearers.length; b += 2) {
        const name = bearers[b + 1]!;
        if ((name === 0 ? 1 : 0) !== primary) continue;
        const slot = bearers[b]!;
        const at = table.find(slot);
        if (at < 0) continue;
        // An entity found more than once enters with its best match only (chosen when first met).
        if (!table.settled(at)) choose(at, slot);
        if (table.found(at) !== f || table.name(at) !== name) continue;
        // Once one bearer of the kind is outranked, so are the rest, which come after it.
        if (top.bar !== undefined && compareTo(ngrams, groupScore, span, g, b, slot, top.bar) > 0) break;
        top.offer({ found: found[f]!, name, score: groupScore, slot, all: undefined, group: g, place: b });
      }
    }
  }
  const ranked = top.take();
  // Entities found more than once report all their matches.
  for (const r of ranked) {
    const at = table.find(r.slot);
    if (table.count(at) < 2) continue;
    r.all = [];
    for (let c = table.first(at); c >= 0; c = table.next(c)) {
      const f = table.foundAt(c);
      r.all.push({ found: found[f]!, name: table.nameAt(c), score: score(f, r.slot, table.nameAt(c)) });
    }
  }
  return { total, ranked };
}
