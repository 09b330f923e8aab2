/**
 * POST /searches/references as a pure, synchronous function over a screener: validate, find the list names in
 * the reference (match.ts), group them by entity, order and cap the hits, and the same over the internal lists
 * for `blacklist_hits`.
 */
import type { PlacedWord } from '../names/assign.js';
import { failureEnvelope, type FailureEnvelope, type Result } from '../errors.js';
import { shortestWordForOneEdit } from '../names/fuzziness.js';
import { PRIMARY_MATCH_TYPES, type PrimaryMatchType } from '../names/types.js';
import { primaryTypeOf } from '../names/entity-match.js';
import type { EntityIndex } from '../screening/entity-index.js';
import { matchesTypes } from '../screening/filters.js';
import { firstInOrder } from '../screening/top.js';
import type { TamisScreener } from '../screening/screener.js';
import type { Entity } from '../types/entity.js';
import { ReferenceMatcher, type Occurrence, type ReferenceMatchSettings, type ReferenceToken } from './match.js';
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


const primaryOf = (o: Occurrence): PrimaryMatchType => primaryTypeOf(o.matchClass, o.name === 0);
const rank = (o: Occurrence): number => PRIMARY_MATCH_TYPES.indexOf(primaryOf(o));
/** Better first: the primary-type ladder, then score, then the primary name before akas. */
const better = (a: Occurrence, b: Occurrence): number => rank(a) - rank(b) || b.score - a.score || a.name - b.name;

/** Per entity: the best match of each span, without spans lying inside another span of the same entity. */
function groupByEntity(occurrences: readonly Occurrence[]): Map<number, Occurrence | Occurrence[]> {
  // Most entities have one match: it stands alone, without a list.
  const bySlot = new Map<number, Occurrence | Occurrence[]>();
  for (const o of occurrences) {
    const known = bySlot.get(o.slot);
    if (known === undefined) bySlot.set(o.slot, o);
    else if (Array.isArray(known)) known.push(o);
    else bySlot.set(o.slot, [known, o]);
  }
  for (const [slot, list] of bySlot) {
    if (!Array.isArray(list)) continue;
    list.sort(better);
    const kept: Occurrence[] = [];
    for (const o of list) {
      const inside = kept.some((k) => k.from <= o.from && o.to <= k.to);
      if (!inside) kept.push(o);
    }
    // A longer span found later hides the shorter ones kept before it.
    const maximal = kept.filter((o) => !kept.some((k) => k !== o && k.from <= o.from && o.to <= k.to && k.to - k.from > o.to - o.from));
    bySlot.set(slot, maximal.sort((a, b) => a.from - b.from || a.to - b.to));
  }
  return bySlot;
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
function detail(text: string, index: EntityIndex, o: Occurrence, terms: Map<readonly PlacedWord[], string>): MatchDetail {
  const slot = index.slots[o.slot]!;
  const name = slot.names[o.name]!;
  let nameType: NameType = o.name === 0 ? 'name' : 'aka';
  if (o.hypocorism) nameType = 'hypocorism';
  else if (o.acronym) nameType = 'abbreviation';
  else if (o.name > 0 && name.words.length === 1) {
    const primary = slot.names[0]!.words.map((w) => w.text);
    if (isAbbreviation(name.original, primary, name.words.map((w) => w.text))) nameType = 'abbreviation';
  }
  return {
    matching_term: matchingTerm(o, name.words, terms),
    matching_reason: primaryOf(o),
    name_type: nameType,
    source_name: name.original,
    substring: text.slice(o.start, o.end),
    substring_index: [o.start, o.end],
  };
}

interface Ranked {
  slot: number;
  /** The entity's matches when it has several (the best alone otherwise). */
  list: Occurrence[] | undefined;
  best: Occurrence;
  id: string;
}

/** Best score first; on equal scores the match covering more of the reference, then the entity id. */
function rankOrder(a: Ranked, b: Ranked): number {
  return b.best.score - a.best.score || b.best.to - b.best.from - (a.best.to - a.best.from) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function matchingTerm(o: Occurrence, words: readonly { text: string }[], terms: Map<readonly PlacedWord[], string>): string {
  let term = terms.get(o.placed);
  if (term === undefined) {
    const positions = [...new Set(o.placed.flatMap((p) => p.list))].sort((a, b) => a - b);
    term = positions.map((p) => words[p]!.text).join(' ');
    terms.set(o.placed, term);
  }
  return term;
}

/** The hits, best first: every entity counted, the first `cap` built in full. */
function hitsOf(text: string, index: EntityIndex, occurrences: readonly Occurrence[], cap: number): { total: number; hits: ReferenceHit[] } {
  const bySlot = groupByEntity(occurrences);
  const ranked: Ranked[] = [];
  for (const [slot, found] of bySlot) {
    if (!Array.isArray(found)) {
      ranked.push({ slot, list: undefined, best: found, id: index.slots[slot]!.entity.id });
      continue;
    }
    let best = found[0]!;
    for (let k = 1; k < found.length; k++) if (better(found[k]!, best) < 0) best = found[k]!;
    ranked.push({ slot, list: found, best, id: index.slots[slot]!.entity.id });
  }
  const terms = new Map<readonly PlacedWord[], string>();
  const hits = firstInOrder(ranked, cap, rankOrder).map(
    ({ slot, list, best }): ReferenceHit => ({
      doc: index.slots[slot]!.entity,
      match_types: [primaryOf(best), 'ngram'],
      match_details: (list ?? [best]).map((o) => detail(text, index, o, terms)),
      score: best.score,
      match_status: 'potential_match',
      risk_level: 'unknown',
    }),
  );
  return { total: bySlot.size, hits };
}

/** What one reference found in one index: the number of entities found, the first `cap` hits, the words. */
export function findInReference(
  index: EntityIndex,
  text: string,
  settings: ReferenceMatchSettings,
  cap = Infinity,
): { total: number; hits: ReferenceHit[]; tokens: ReferenceToken[] } {
  const { tokens, occurrences } = referenceMatcher(index).find(text, settings);
  return { ...hitsOf(text, index, occurrences, cap), tokens };
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
  const base: Omit<ReferenceMatchSettings, 'keep'> = {
    minEditLength: shortestWordForOneEdit(fuzziness),
    singleWordPersonNames: profile.single_word_person_names ?? options.singleWordPersonNames ?? false,
  };
  const keepTypes = (e: Entity): boolean => types === undefined || matchesTypes(e, types);
  const cap = screener.resultCap;
  const listHits = findInReference(screener.lists.index, searchTerm, { ...base, keep: keepTypes }, cap);

  const internal = screener.internal.index;
  const blacklistIds = profile.blacklist_ids ?? internalListIds(internal);
  const chosen = new Set(blacklistIds);
  const blacklistHits =
    internal.size === 0
      ? { total: 0, hits: [] }
      : findInReference(internal, searchTerm, { ...base, keep: (e) => (e.blacklist_ids ?? []).some((id) => chosen.has(id)) }, cap);

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
