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
import type { EntityIndex, Slot } from '../screening/entity-index.js';
import { matchesTypes } from '../screening/filters.js';
import { Top } from '../screening/top.js';
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

/** An entity's matches to report: the best of each span, without spans lying inside another span, in text order. */
function reported(matches: Match[]): Match[] {
  const sorted = [...matches].sort(better);
  const kept: Match[] = [];
  for (const m of sorted) {
    const inside = kept.some((k) => k.found.from <= m.found.from && m.found.to <= k.found.to);
    if (!inside) kept.push(m);
  }
  // A longer span found later hides the shorter ones kept before it.
  const span = (m: Match): number => m.found.to - m.found.from;
  const maximal = kept.filter((m) => !kept.some((k) => k !== m && k.found.from <= m.found.from && m.found.to <= k.found.to && span(k) > span(m)));
  return maximal.sort((a, b) => a.found.from - b.found.from || a.found.to - b.found.to);
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
function detail(slot: Slot, m: Match, terms: Map<readonly PlacedWord[], string>): MatchDetail {
  const { found } = m;
  const name = slot.names[m.name]!;
  let nameType: NameType = m.name === 0 ? 'name' : 'aka';
  if (found.hypocorism) nameType = 'hypocorism';
  else if (found.acronym) nameType = 'abbreviation';
  else if (m.name > 0 && name.words.length === 1) {
    const primary = slot.names[0]!.words.map((w) => w.text);
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
    const positions = [...new Set(placed.flatMap((p) => p.list))].sort((a, b) => a - b);
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
  id: string;
}

/**
 * The hit order on an entity's best match: best score first; on equal scores the match covering more of the
 * reference, then the entity id. Negative when (score, span, id) comes first.
 */
function compareKeys(score: number, span: number, id: string, other: Ranked): number {
  const otherSpan = other.best.found.to - other.best.found.from;
  return other.best.score - score || otherSpan - span || (id < other.id ? -1 : id > other.id ? 1 : 0);
}

function rankOrder(a: Ranked, b: Ranked): number {
  return compareKeys(a.best.score, a.best.found.to - a.best.found.from, a.id, b);
}

/** Whether an entity with this best score, span and id would come after `bar` (and so not enter the hits). */
function outranked(bar: Ranked | undefined, score: number, span: number, id: string): boolean {
  return bar !== undefined && compareKeys(score, span, id, bar) > 0;
}

/**
 * Per screening index, three numbers by slot reused across references: the stamp of the last reference that
 * found the slot, and the found name and bearing name of its first match. A name borne by thousands of entities
 * is counted without an object per entity, and a slot's three numbers share a cache line.
 */
interface Scratch {
  stamp: number;
  bySlot: Int32Array;
}

const scratches = new WeakMap<EntityIndex, Scratch>();

function scratchFor(index: EntityIndex): Scratch {
  const size = index.slots.length;
  let s = scratches.get(index);
  if (s === undefined || s.bySlot.length < 3 * size || s.stamp >= 0x7fffffff) {
    s = { stamp: 0, bySlot: new Int32Array(3 * Math.max(1024, size * 2)) };
    scratches.set(index, s);
  }
  s.stamp++;
  return s;
}

/**
 * The hits, best first: every entity bearing a found name counted (those `keep` refuses aside), the first `cap`
 * built in full.
 */
function hitsOf(
  matcher: ReferenceMatcher,
  found: readonly Found[],
  keep: ((entity: Entity) => boolean) | undefined,
  cap: number,
): { total: number; hits: ReferenceHit[] } {
  const { index, ngrams } = matcher;
  const slots = index.slots;
  const { stamp, bySlot } = scratchFor(index);
  // Bearers need reading only when some were removed or a filter applies: otherwise every slot is live and kept.
  const check = keep !== undefined || index.size !== slots.length;
  let total = 0;
  // Entities found more than once (two names, or one name at two places): all their matches.
  const several = new Map<number, Match[]>();
  const matchOf = (f: number, slot: number, name: number): Match => ({ found: found[f]!, name, score: matcher.score(found[f]!, slot, name) });
  for (let f = 0; f < found.length; f++) {
    const bearers = ngrams.bearers(found[f]!.entry);
    for (let b = 0; b < bearers.length; b += 2) {
      const slot = bearers[b]!;
      if (check) {
        const s = slots[slot];
        if (s === undefined || (keep !== undefined && !keep(s.entity))) continue;
      }
      const name = bearers[b + 1]!;
      const at = 3 * slot;
      if (bySlot[at] !== stamp) {
        bySlot[at] = stamp;
        bySlot[at + 1] = f;
        bySlot[at + 2] = name;
        total++;
        continue;
      }
      let all = several.get(slot);
      if (all === undefined) several.set(slot, (all = [matchOf(bySlot[at + 1]!, slot, bySlot[at + 2]!)]));
      all.push(matchOf(f, slot, name));
    }
  }
  const top = new Top<Ranked>(cap, rankOrder);
  for (const [slot, all] of several) {
    let best = all[0]!;
    for (let k = 1; k < all.length; k++) if (better(all[k]!, best) < 0) best = all[k]!;
    const id = ngrams.idOf(slot);
    if (!outranked(top.bar, best.score, best.found.to - best.found.from, id)) top.offer({ slot, best, all, id });
  }
  // Entities found once: an object only for those that enter the first `cap`. A found name's bearers come in
  // entity id order and share its score per kind (primary name or aka), so once one of a kind is outranked,
  // the rest of that kind are too.
  for (let f = 0; f < found.length; f++) {
    const at = found[f]!;
    const span = at.to - at.from;
    const bearers = ngrams.bearers(at.entry);
    const done = [false, false];
    for (let b = 0; b < bearers.length && !(done[0] && done[1]); b += 2) {
      const slot = bearers[b]!;
      const name = bearers[b + 1]!;
      const primary = name === 0 ? 1 : 0;
      if (done[primary] || bySlot[3 * slot] !== stamp || bySlot[3 * slot + 1] !== f || bySlot[3 * slot + 2] !== name || (several.size > 0 && several.has(slot))) continue;
      const score = matcher.score(at, slot, name);
      const id = ngrams.idOf(slot);
      if (outranked(top.bar, score, span, id)) done[primary] = true;
      else top.offer({ slot, best: { found: at, name, score }, all: undefined, id });
    }
  }
  const terms = new Map<readonly PlacedWord[], string>();
  const hits = top.sorted().map(({ slot, best, all }): ReferenceHit => {
    const s = slots[slot]!;
    return {
      doc: s.entity,
      match_types: [primaryOf(best), 'ngram'],
      match_details: (all === undefined ? [best] : reported(all)).map((m) => detail(s, m, terms)),
      score: best.score,
      match_status: 'potential_match',
      risk_level: 'unknown',
    };
  });
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
