/**
 * POST /searches/references as a pure, synchronous function over a screener: validate, find the list names in
 * the reference (match.ts), group them by entity, order and cap the hits, and the same over the internal lists
 * for `blacklist_hits`.
 */
import type { PlacedWord } from '../names/assign.js';
import { failureEnvelope, type FailureEnvelope, type Result } from '../errors.js';
import { shortestWordForOneEdit } from '../names/fuzziness.js';
import { scoreCeiling } from '../names/score.js';
import { PRIMARY_MATCH_TYPES, type PrimaryMatchType } from '../names/types.js';
import { primaryTypeOf } from '../names/entity-match.js';
import type { EntityIndex, Slot } from '../screening/entity-index.js';
import { matchesTypes } from '../screening/filters.js';
import { Top } from '../screening/top.js';
import { SlotTable } from './slot-table.js';
import type { TamisScreener } from '../screening/screener.js';
import type { Entity } from '../types/entity.js';
import { ReferenceMatcher, type Found, type ReferenceMatchSettings, type ReferenceToken } from './match.js';
import type { MatchDetail, NameType, ReferenceHit, ReferenceSearchResult, ScreenReferenceOptions } from './types.js';
import { validateReferenceRequest } from './validate.js';

const matchers = new WeakMap<EntityIndex, ReferenceMatcher>();

/** The reference matcher of a screening index, built on first use and kept up to date with it. */
export function referenceMatcher(index: EntityIndex): ReferenceMatcher {
  let m = matchers.get(index);
  if (m === undefined) {
    m = new ReferenceMatcher(index);
    matchers.set(index, m);
  }
  return m;
}


/** One entity's match: a found name and the entity's name that bears it. */
interface Match {
  found: Found;
  /** Index of the bearing name in the entity (0: its primary name). */
  name: number;
  score: number;
}

const primaryOf = (m: Match): PrimaryMatchType => primaryTypeOf(m.found.matchClass, m.name === 0);
const rank = (m: Match): number => PRIMARY_MATCH_TYPES.indexOf(primaryOf(m));
/** Better first: the primary-type ladder, then score, then the primary name before akas. */
const better = (a: Match, b: Match): number => rank(a) - rank(b) || b.score - a.score || a.name - b.name;

/** Sort a short list in place, stably (an entity has a handful of matches; the built-in sort allocates). */
function sortShort<T>(items: T[], compare: (a: T, b: T) => number): T[] {
  for (let i = 1; i < items.length; i++) {
    const item = items[i]!;
    let j = i - 1;
    for (; j >= 0 && compare(items[j]!, item) > 0; j--) items[j + 1] = items[j]!;
    items[j + 1] = item;
  }
  return items;
}

/** An entity's matches to report: the best of each span, without spans lying inside another span, in text order. */
function reported(matches: readonly Match[]): Match[] {
  const sorted = sortShort([...matches], better);
  const kept: Match[] = [];
  for (const m of sorted) {
    let inside = false;
    for (const k of kept) if (k.found.from <= m.found.from && m.found.to <= k.found.to) inside = true;
    if (!inside) kept.push(m);
  }
  // A longer span found later hides the shorter ones kept before it.
  const maximal: Match[] = [];
  for (const m of kept) {
    let hidden = false;
    for (const k of kept) {
      if (k !== m && k.found.from <= m.found.from && m.found.to <= k.found.to && k.found.to - k.found.from > m.found.to - m.found.from) hidden = true;
    }
    if (!hidden) maximal.push(m);
  }
  return sortShort(maximal, (a, b) => a.found.from - b.found.from || a.found.to - b.found.to);
}

/** A single capitalised word standing for the initials of the primary name ("IRGC"). */
function isAbbreviation(original: string, primaryWords: readonly string[], akaWords: readonly string[]): boolean {
  if (akaWords.length !== 1 || /\p{Ll}/u.test(original)) return false;
  const aka = akaWords[0]!;
  if (aka.length < 2 || aka.length > 8 || primaryWords.length < 2) return false;
  return primaryWords.map((w) => w[0]).join('') === aka;
}

/**
 * One entry of `match_details`. `terms` memoises `matching_term` by placement: the names of one group share
 * their placement and their words.
 */
function detail(names: Slot['names'], name: Slot['names'][number], m: Match, terms: Map<readonly PlacedWord[], string>): MatchDetail {
  const { found } = m;
  let nameType: NameType = m.name === 0 ? 'name' : 'aka';
  if (found.hypocorism) nameType = 'hypocorism';
  else if (found.acronym) nameType = 'abbreviation';
  else if (m.name > 0 && name.words.length === 1) {
    const primary = names[0]!.words.map((w) => w.text);
    if (isAbbreviation(name.original, primary, name.words.map((w) => w.text))) nameType = 'abbreviation';
  }
  return {
    matching_term: matchingTerm(found.placed, name.words, terms),
    matching_reason: primaryOf(m),
    name_type: nameType,
    source_name: name.original,
    substring: found.substring,
    substring_index: [found.start, found.end],
  };
}

function matchingTerm(placed: readonly PlacedWord[], words: readonly { text: string }[], terms: Map<readonly PlacedWord[], string>): string {
  let term = terms.get(placed);
  if (term === undefined) {
    const positions: number[] = [];
    for (const p of placed) for (const j of p.list) if (!positions.includes(j)) positions.push(j);
    positions.sort((a, b) => a - b);
    term = positions.map((p) => words[p]!.text).join(' ');
    terms.set(placed, term);
  }
  return term;
}

/** An entity in the running for the first hits: its best match, and all its matches when it has several. */
interface Ranked {
  slot: number;
  best: Match;
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
  const bySpan = other.best.found.to - other.best.found.from - span;
  if (other.best.score !== score || bySpan !== 0) return other.best.score - score || bySpan;
  if (group === other.group) return place - other.place;
  const x = ids.idOf(slot);
  const y = ids.idOf(other.slot);
  return x < y ? -1 : x > y ? 1 : 0;
}

function compareRanked(ids: Ids, a: Ranked, b: Ranked): number {
  return compareTo(ids, a.best.score, a.best.found.to - a.best.found.from, a.group, a.place, a.slot, b);
}

const tables = new WeakMap<EntityIndex, SlotTable>();

function tableFor(index: EntityIndex): SlotTable {
  let table = tables.get(index);
  if (table === undefined) tables.set(index, (table = new SlotTable()));
  return table;
}

/**
 * The hits, best first: every entity bearing a found name counted (those `keep` refuses aside), the first `cap`
 * built in full.
 *
 * A found name's bearers come in entity id order and share its score per kind (primary name or aka), so the
 * found names are ranked by kind, best score and span first: the bearers of one kind enter in id order until
 * one is outranked, and once a whole kind is outranked so are all that follow it. An entity found more than
 * once enters only with its best match.
 */
function hitsOf(
  matcher: ReferenceMatcher,
  found: readonly Found[],
  keep: ((entity: Entity) => boolean) | undefined,
  cap: number,
): { total: number; hits: ReferenceHit[] } {
  const { index, ngrams } = matcher;
  const slots = index.slots;
  // Bearers need reading only when some were removed or a filter applies: otherwise every slot is live and kept.
  const check = keep !== undefined || index.size !== slots.length;
  const lists = found.map((f) => ngrams.bearers(f.entry));
  let expected = 0;
  for (const list of lists) expected += list.length / 2;
  const table = tableFor(index);
  table.reset(expected);
  const score = (f: number, slot: number, name: number): number => matcher.score(found[f]!, slot, name);
  // The primary-type rank of each found name by kind: [2f] on an aka, [2f + 1] on a primary name.
  const ranks = new Int8Array(2 * found.length);
  for (let f = 0; f < found.length; f++) {
    ranks[2 * f] = PRIMARY_MATCH_TYPES.indexOf(primaryTypeOf(found[f]!.matchClass, false));
    ranks[2 * f + 1] = PRIMARY_MATCH_TYPES.indexOf(primaryTypeOf(found[f]!.matchClass, true));
  }
  const rankOf = (f: number, name: number): number => ranks[2 * f + (name === 0 ? 1 : 0)]!;
  // The first bearer of each kind of each found name, as an offset in its list: [2f] aka, [2f + 1] primary.
  const firsts = new Int32Array(2 * found.length).fill(-1);
  let total = 0;
  for (let f = 0; f < found.length; f++) {
    const bearers = lists[f]!;
    for (let b = 0; b < bearers.length; b += 2) {
      const slot = bearers[b]!;
      if (check) {
        const s = slots[slot];
        if (s === undefined || (keep !== undefined && !keep(s.entity))) continue;
      }
      const name = bearers[b + 1]!;
      const group = 2 * f + (name === 0 ? 1 : 0);
      if (firsts[group]! < 0) firsts[group] = b;
      const at = table.add(slot);
      if (table.count(at) === 0) total++;
      table.record(at, f, name);
    }
  }
  /** The best of an entity's matches as `better` orders them: the primary-type ladder, score, primary name. */
  const choose = (at: number, slot: number): void => {
    const matches = table.matches(at);
    let bf = matches[0]!;
    let bn = matches[1]!;
    for (let k = 2; k < matches.length; k += 2) {
      const f = matches[k]!;
      const name = matches[k + 1]!;
      const byRank = rankOf(f, name) - rankOf(bf, bn);
      const byScore = byRank === 0 ? score(bf, slot, bn) - score(f, slot, name) : 0;
      if (byRank < 0 || (byRank === 0 && (byScore < 0 || (byScore === 0 && name < bn)))) {
        bf = f;
        bn = name;
      }
    }
    table.choose(at, bf, bn);
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
    if (top.bar !== undefined && top.bar.best.score > ceiling) break;
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
      if (bar !== undefined && (bar.best.score > groupScore || (bar.best.score === groupScore && bar.best.found.to - bar.best.found.from > span))) break;
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
        top.offer({ slot, best: { found: found[f]!, name, score: groupScore }, all: undefined, group: g, place: b });
      }
    }
  }
  const ranked = top.sorted();
  // Entities found more than once report all their matches.
  for (const r of ranked) {
    const at = table.find(r.slot);
    if (table.count(at) < 2) continue;
    const pairs = table.matches(at);
    r.all = [];
    for (let k = 0; k < pairs.length; k += 2) r.all.push({ found: found[pairs[k]!]!, name: pairs[k + 1]!, score: score(pairs[k]!, r.slot, pairs[k + 1]!) });
  }
  const terms = new Map<readonly PlacedWord[], string>();
  // The bearers' slots and names are read in separate passes: the reads of one pass do not wait on each other,
  // and each misses the CPU's cache on a large list.
  const bearing = ranked.map((r) => slots[r.slot]!);
  const bearingNames = bearing.map((s) => s.names);
  const bestNames = ranked.map((r, k) => bearingNames[k]![r.best.name]!);
  const hits: ReferenceHit[] = [];
  for (let k = 0; k < ranked.length; k++) {
    const { best, all } = ranked[k]!;
    const names = bearingNames[k]!;
    const details: MatchDetail[] = [];
    if (all === undefined) details.push(detail(names, bestNames[k]!, best, terms));
    else for (const m of reported(all)) details.push(detail(names, names[m.name]!, m, terms));
    hits.push({
      doc: bearing[k]!.entity,
      match_types: [primaryOf(best), 'ngram'],
      match_details: details,
      score: best.score,
      match_status: 'potential_match',
      risk_level: 'unknown',
    });
  }
  return { total, hits };
}

/**
 * What one reference found in one index: the number of entities found (those `keep` refuses aside), the first
 * `cap` hits, the words.
 */
export function findInReference(
  index: EntityIndex,
  text: string,
  settings: ReferenceMatchSettings,
  keep?: (entity: Entity) => boolean,
  cap = Infinity,
): { total: number; hits: ReferenceHit[]; tokens: ReferenceToken[] } {
  const matcher = referenceMatcher(index);
  const { tokens, found } = matcher.find(text, settings);
  return { ...hitsOf(matcher, found, keep, cap), tokens };
}

const listIdCache = new WeakMap<EntityIndex, { slots: number; size: number; ids: string[] }>();

/** Every internal list id, recomputed only when the internal index changed. */
function internalListIds(index: EntityIndex): string[] {
  const cached = listIdCache.get(index);
  if (cached !== undefined && cached.slots === index.slots.length && cached.size === index.size) return [...cached.ids];
  const ids = new Set<string>();
  for (const slot of index.liveSlots()) for (const id of index.slots[slot]!.entity.blacklist_ids ?? []) ids.add(id);
  const sorted = [...ids].sort();
  listIdCache.set(index, { slots: index.slots.length, size: index.size, ids: sorted });
  return [...sorted];
}

/**
 * Screen a payment reference (POST /searches/references): every list name, primary or aka, found in the text
 * as a run of consecutive words. Returns the search content, or the spec's failure envelope (400) listing every
 * problem of the request.
 */
export function screenReference(screener: TamisScreener, request: unknown, options: ScreenReferenceOptions = {}): Result<ReferenceSearchResult, FailureEnvelope> {
  const valid = validateReferenceRequest(request, options);
  if (!valid.ok) return { ok: false, error: failureEnvelope(400, valid.error) };
  const { searchTerm, clientRef, profile, fuzziness } = valid.value;
  const types = profile.types;
  const settings: ReferenceMatchSettings = {
    minEditLength: shortestWordForOneEdit(fuzziness),
    singleWordPersonNames: profile.single_word_person_names ?? options.singleWordPersonNames ?? false,
  };
  const keepTypes = types === undefined ? undefined : (e: Entity): boolean => matchesTypes(e, types);
  const cap = screener.resultCap;
  const listHits = findInReference(screener.lists.index, searchTerm, settings, keepTypes, cap);

  const internal = screener.internal.index;
  const blacklistIds = profile.blacklist_ids ?? internalListIds(internal);
  const chosen = new Set(blacklistIds);
  const blacklistHits =
    internal.size === 0
      ? { total: 0, hits: [] }
      : findInReference(internal, searchTerm, settings, (e) => (e.blacklist_ids ?? []).some((id) => chosen.has(id)), cap);

  const filters: ReferenceSearchResult['filters'] = types === undefined ? { exact_match: false, fuzziness } : { types: [...types], exact_match: false, fuzziness };
  return {
    ok: true,
    value: {
      search_term: searchTerm,
      client_ref: clientRef,
      search_profile: { name: profile.name, slug: profile.slug ?? profile.id ?? profile.name },
      fuzziness,
      filters,
      total_hits: listHits.total,
      total_matches: listHits.total,
      hits: listHits.hits,
      blacklist_filters: { blacklist_ids: blacklistIds },
      total_blacklist_hits: blacklistHits.total,
      blacklist_hits: blacklistHits.hits,
    },
  };
}
