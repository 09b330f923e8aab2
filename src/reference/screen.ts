/**
 * POST /searches/references as a pure, synchronous function over a screener: validate, find the list names in
 * the reference (match.ts), count and rank the entities bearing them (ranking.ts), build the first hits, and the
 * same over the internal lists for `blacklist_hits`.
 */
import type { PlacedWord } from '../names/assign.js';
import { failureEnvelope, type FailureEnvelope, type Result } from '../errors.js';
import { shortestWordForOneEdit } from '../names/fuzziness.js';
import type { EntityIndex } from '../screening/entity-index.js';
import { matchesTypes } from '../screening/filters.js';
import { better, primaryOf, rankFound, type Match } from './ranking.js';
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
 * One entry of `match_details`. `original` is the bearing name as published. The bearer's slot is read only
 * when `terms` lacks the placement's term (the names of one group share their placement and their words) and
 * for an aka of one word, which may be the initials of the primary name.
 */
function detail(matcher: ReferenceMatcher, slot: number, m: Match, original: string, terms: Map<readonly PlacedWord[], string>): MatchDetail {
  const { found } = m;
  let term = terms.get(found.placed);
  if (term === undefined) {
    term = matchingTerm(found.placed, matcher.index.names(slot)[m.name]!.words);
    terms.set(found.placed, term);
  }
  let nameType: NameType = m.name === 0 ? 'name' : 'aka';
  if (found.hypocorism) nameType = 'hypocorism';
  else if (found.acronym) nameType = 'abbreviation';
  else if (m.name > 0 && found.reading.wordIds.length === 1) {
    const names = matcher.index.names(slot);
    if (isAbbreviation(original, names[0]!.words.map((w) => w.text), [names[m.name]!.words[0]!.text])) nameType = 'abbreviation';
  }
  return {
    matching_term: term,
    matching_reason: primaryOf(m),
    name_type: nameType,
    source_name: original,
    substring: found.substring,
    substring_index: [found.start, found.end],
  };
}

/** The words of a bearing name at the placed positions, in the name's order. */
function matchingTerm(placed: readonly PlacedWord[], words: readonly { text: string }[]): string {
  // Positions in increasing order, each once (inserted in place: a name has a handful of words).
  const positions: number[] = [];
  for (const p of placed) {
    for (const j of p.list) {
      let at = positions.length;
      while (at > 0 && positions[at - 1]! > j) at--;
      if (positions[at - 1] === j) continue;
      if (at === positions.length) positions.push(j);
      else positions.splice(at, 0, j);
    }
  }
  let term = '';
  for (const p of positions) term += term === '' ? words[p]!.text : ` ${words[p]!.text}`;
  return term;
}

/**
 * The hits, best first: the entities `rankFound` ranks, each built in full. A hit's entity, and the name as
 * published of an entity found by one name, are read from the group's `entities` and `originals` in place
 * order, not from the entity's slot: the slots of a large list are scattered in memory, and a hundred hits would
 * wait on hundreds of reads. Entities found several times read their names from their slot.
 */
function hitsOf(
  matcher: ReferenceMatcher,
  found: readonly Found[],
  keep: ((entity: Entity) => boolean) | undefined,
  cap: number,
): { total: number; hits: ReferenceHit[] } {
  const { total, ranked } = rankFound(matcher, found, keep, cap);
  const terms = new Map<readonly PlacedWord[], string>();
  const hits: ReferenceHit[] = [];
  for (const best of ranked) {
    const { slot, all, group, place } = best;
    const names = found[group >> 1]!.reading.group;
    const doc = names.entities[place >> 1]!;
    let details: MatchDetail[];
    if (all === undefined) details = [detail(matcher, slot, best, names.originals[place >> 1]!, terms)];
    else {
      const own = matcher.index.names(slot);
      details = reported(all).map((m) => detail(matcher, slot, m, own[m.name]!.original, terms));
    }
    hits.push({
      doc,
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
  if (cached !== undefined && cached.slots === index.slotCount && cached.size === index.size) return [...cached.ids];
  const ids = new Set<string>();
  for (const slot of index.liveSlots()) for (const id of index.entity(slot)!.blacklist_ids ?? []) ids.add(id);
  const sorted = [...ids].sort();
  listIdCache.set(index, { slots: index.slotCount, size: index.size, ids: sorted });
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
