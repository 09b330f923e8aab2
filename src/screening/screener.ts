/**
 * The screener: POST /searches semantics as a pure, synchronous function over an index built once.
 * Screening lists and internal lists (blacklists) are indexed separately; internal hits are reported in
 * `blacklist_hits`.
 */
import { failureEnvelope, type FailureEnvelope, type Result } from '../errors.js';
import { settingsFor } from '../names/compare.js';
import { describeEntity, evaluateEntity, type EntityEvaluation, type EntityMatchSettings } from '../names/entity-match.js';
import type { NameMatch, PreparedQuery } from '../names/name-match.js';
import type { PreparedName } from '../names/prepare.js';
import { birthYearVerdict, isDeceased } from '../names/birth-year.js';
import { prepareQuery } from '../names/name-match.js';
import { defaultWordTables, type WordTables } from '../names/tables.js';
import { validateSearchRequest, type NormalisedRequest } from '../request/validate.js';
import type { Entity } from '../types/entity.js';
import { Top } from './top.js';
import { decidedNoMatch, gatherNames, mayMatch, NAME_GATHER_CHUNK, storedScore, type NameScreen } from './name-screen.js';
import { StampedMarks } from './stamps.js';
import { CandidateFinder } from './candidates.js';
import { nameMasses } from './name-masses.js';
import { screenReference } from '../reference/screen.js';
import type { ReferenceRequest, ReferenceSearchResult, ScreenReferenceOptions } from '../reference/types.js';
import { EntityIndex } from './entity-index.js';
import { entityFilter, selectsAll } from './filters.js';
import type { EchoedFilters, Hit, Screener, SearchResult } from './types.js';

export const DEFAULT_RESULT_CAP = 100;
/** The most list-word rarities a ListIndex keeps across searches (ListIndex.weights): past it they start afresh. */
const MAX_REMEMBERED_WEIGHTS = 1 << 16;
export const MAX_RESULT_CAP = 500;

export interface InternalList {
  /** The list's id, matched against `blacklist_ids`. */
  id: string;
  entities: Iterable<Entity>;
}

export interface ScreenerOptions {
  /** The screening list: entities in the spec's Entity shape. */
  entities?: Iterable<Entity>;
  /** Internal lists (blacklists), reported as `blacklist_hits`. */
  internalLists?: Iterable<InternalList>;
  /** How many hits a search pulls (100 by default, up to 500); `limit`/`offset` page within them. */
  resultCap?: number;
  /** Word tables; the bundled ones by default. */
  tables?: WordTables;
  /**
   * Query words whose look-up a list remembers across searches (4,096 by default; 0 turns the memo off): see
   * lookup-memo.ts. It changes no answer.
   */
  lookupMemoWords?: number;
}

/** A scored match before paging; `hit()` describes it in the spec's shape. */
export interface RankedMatch {
  slot: number;
  /** The entity's id (its document is read only when `entity` is). */
  readonly id: string;
  readonly entity: Entity;
  score: number;
  hit(): Hit;
}

/** The phases of a name search, in order (for a host's timing probe; docs/benchmarks.md). */
export type SearchPhase = 'normalise' | 'look up' | 'generate' | 'verify' | 'rank';

export class ListIndex {
  readonly index: EntityIndex;
  readonly finder: CandidateFinder;
  /** The verdict of each name group in a search (name-screen.ts). */
  private readonly verdicts = new StampedMarks();
  /** What gatherNames read in the last search (kept so that its reads are not dropped). */
  sink = 0;
  /**
   * Called at the end of each phase of a search of this list (a benchmark's clock comes in here; the core reads
   * none). 'rank' ends when the page of hits is described.
   */
  probe: ((phase: SearchPhase) => void) | undefined;
  /**
   * The rarity of each list word the matcher weighs, by text, kept across searches while the list's contents and
   * vocabulary stay the same (a per-search map grew afresh each search; see `weightOf`).
   */
  private readonly weights = new Map<string, number>();
  private weightsVersion = -1;
  private weightsGeneration = -1;
  /** The matcher's weight and weightOfId, made once (not a closure per search). */
  private readonly weightOf = (text: string): number => {
    let weight = this.weights.get(text);
    if (weight === undefined) {
      if (this.weights.size >= MAX_REMEMBERED_WEIGHTS) this.weights.clear();
      this.weights.set(text, (weight = this.index.weight(text)));
    }
    return weight;
  };
  private readonly weightOfId = (id: number): number => this.index.weightOfId(id);
  /** The name verdicts of the search running (EntityMatchSettings.nameMemo), cleared for each; undefined while lent. */
  private nameMemo: Map<number, NameMatch | null> | undefined = new Map();

  constructor(tables: WordTables, index?: EntityIndex) {
    this.index = index ?? new EntityIndex(tables);
    this.finder = new CandidateFinder(this.index);
  }

  /** Every hit of a validated request over this list, best first. */
  matches(request: NormalisedRequest, keep?: (entity: Entity) => boolean): RankedMatch[] {
    return this.best(request, Infinity, keep).ranked;
  }

  /** The number of hits of a validated request over this list, and the first `cap` of them, best first. */
  best(request: NormalisedRequest, cap: number, keep?: (entity: Entity) => boolean): { total: number; ranked: RankedMatch[] } {
    const index = this.index;
    const probe = this.probe;
    const query = prepareQuery(request.searchTerm, request.filters.entity_type, index.tables);
    probe?.('normalise');
    const base = settingsFor(request, index.tables, index.weight);
    // An entity's document is read for the filters only when some filter needs it.
    const filter = selectsAll(request.filters) ? undefined : entityFilter(request.filters, isDeceased);
    const keepEntity = filter === undefined ? keep : (e: Entity): boolean => filter(e) && (keep === undefined || keep(e));
    // The hits kept so far (the first `cap` in order), and how many there are in all: a hit that cannot enter the
    // page is counted, and no match is made for it.
    const top = new Top<Settled>(cap, compareRanked);
    let total = 0;
    // The candidate settings are base's own fields (exactMatch, minEditLength, nameVariations, threshold,
    // minMatchedWords): the finder reads them during the search and keeps nothing.
    const reach = this.finder.lookUp(query, base);
    probe?.('look up');
    const { slots, wordTypes, namePossible, mayAnchor, mayAnchorStored, multiWordForms } = this.finder.generate(query, reach, base);
    probe?.('generate');
    // The memo is the ListIndex's, cleared, unless a search runs inside this one (a `keep` that searches): that one
    // makes its own. Nothing returned holds it (a hit's description reads the evaluation, not the memo).
    const nameMemo = this.nameMemo ?? new Map<number, NameMatch | null>();
    this.nameMemo = undefined;
    nameMemo.clear();
    if (this.weightsVersion !== index.contentVersion || this.weightsGeneration !== index.vocab.generation) {
      this.weights.clear();
      this.weightsVersion = index.contentVersion;
      this.weightsGeneration = index.vocab.generation;
    }
    const settings = searchSettings(base, {
      weight: this.weightOf,
      weightOfId: this.weightOfId,
      namePossible,
      multiWordForms,
      nameMemo,
      pairTypes: [],
      knownType: (i, word) => {
        const types = wordTypes[i];
        if (types === undefined || word.id === undefined) return undefined;
        return types.get(word.id) ?? null;
      },
    });
    const verdicts = this.verdicts;
    verdicts.reset(index.nameStore.names);
    const screen: NameScreen = { index, query, settings, verdicts, nameMemo, namePossible, mayAnchorStored, counters: this.finder.counters };
    // The names evaluateEntity passes over, for the slot it evaluates (one closure a search, not one an evaluation;
    // evaluateEntity calls it only while it runs).
    let evaluated = 0;
    const skip = (name: PreparedName): boolean => decidedNoMatch(screen, name) || !mayAnchor(evaluated, name);
    const evaluate = (slot: number): EntityEvaluation | null => {
      evaluated = slot;
      return evaluateEntity(query, index.prepared(slot), settings, skip);
    };
    const { birthYear, birthWindow } = settings;
    let sink = 0;
    for (let t = 0; t < slots.length; t++) {
      if (t % NAME_GATHER_CHUNK === 0) sink ^= gatherNames(screen, slots, t, Math.min(slots.length, t + NAME_GATHER_CHUNK));
      const slot = slots[t]!;
      if (keepEntity !== undefined && !keepEntity(index.entity(slot)!)) continue;
      // Most candidates match on no name: decided on the flat names, by name group, before the entity is made.
      if (!mayMatch(screen, slot)) continue;
      // A hit's score, from the flat names too: the entity is made only for the hits kept (below).
      const score = storedScore(screen, slot, birthYear === undefined ? undefined : birthYearVerdict(index.birthYears(slot), birthYear, birthWindow));
      if (score === null) continue;
      if (score !== undefined) {
        total++;
        // Past the worst hit kept (a lower score, or the same and a later id: compareRanked), it would not enter.
        const bar = top.bar;
        if (bar !== undefined && (score < bar.score || (score === bar.score && index.idOf(slot) >= bar.id))) continue;
        top.offer(ranked(query, index, slot, score, undefined, settings));
        continue;
      }
      const evaluation = evaluate(slot);
      if (evaluation === null) continue;
      total++;
      top.offer(ranked(query, index, slot, evaluation.score, evaluation, settings));
    }
    this.sink = sink;
    const kept = top.take();
    // The evaluations of the hits kept, made while this search's marks hold (the name check and anchors read them).
    for (const match of kept) match.settle(evaluate);
    probe?.('verify');
    this.nameMemo = nameMemo;
    return { total, ranked: kept };
  }
}

/** A ranked match whose evaluation may be made after ranking (`settle`, before the search returns). */
type Settled = RankedMatch & { settle(evaluate: (slot: number) => EntityEvaluation | null): void };

function ranked(query: PreparedQuery, index: EntityIndex, slot: number, score: number, evaluation: EntityEvaluation | undefined, settings: EntityMatchSettings): Settled {
  return new Ranked(query, index, slot, score, evaluation, settings);
}

/**
 * A Settled match as a class: its getter, `settle` and `hit` are the prototype's, where an object literal made a
 * closure of each (and an accessor) for every match. It holds what `hit` reads, its own to the search that made it.
 */
class Ranked implements Settled {
  private knownId: string | undefined = undefined;

  constructor(
    private readonly query: PreparedQuery,
    private readonly index: EntityIndex,
    public slot: number,
    public score: number,
    private made: EntityEvaluation | undefined,
    private readonly settings: EntityMatchSettings,
  ) {}

  /** Read when first asked (ranking reads it only to order hits of equal scores). */
  get id(): string {
    return (this.knownId ??= this.index.idOf(this.slot));
  }

  get entity(): Entity {
    return this.index.entity(this.slot)!;
  }

  settle(evaluate: (slot: number) => EntityEvaluation | null): void {
    // The id is fixed while the search's index is (a caller may hold the match past a change of the list).
    this.knownId ??= this.index.idOf(this.slot);
    if (this.made !== undefined) return;
    const evaluation = evaluate(this.slot);
    // storedScore reads the verdicts evaluateEntity reads: a hit there is a hit here, with the same score.
    if (evaluation === null || evaluation.score !== this.score) throw new Error(`internal: the score of slot ${this.slot} from its flat names (${this.score}) is not its evaluation's (${evaluation?.score ?? 'none'})`);
    this.made = evaluation;
  }

  hit(): Hit {
    const entity = this.entity;
    // Field by field rather than spread (see searchSettings), in the order the spread gave.
    const { match_types, match_types_details, score } = describeEntity(this.query, entity, this.made!, this.settings);
    return { doc: entity, match_types, match_types_details, score, match_status: 'potential_match', risk_level: 'unknown' };
  }
}

/** What a search over an index adds to the request's settings (settingsFor). */
export type IndexSettings = Required<Pick<EntityMatchSettings, 'weight' | 'weightOfId' | 'namePossible' | 'multiWordForms' | 'nameMemo' | 'pairTypes' | 'knownType'>>;

/**
 * The request's settings (settingsFor) with what the index adds, written out rather than spread from `base`: an
 * object spread and then grown is made slowly, property by property, as a dictionary-mode object of about 3.6 KB
 * each search, and the matcher reads this object's fields on every name. Every field of settingsFor's answer is
 * copied (test/screening/search-scratch.test.ts pins it).
 */
export function searchSettings(base: EntityMatchSettings, extra: IndexSettings): EntityMatchSettings {
  return {
    tables: base.tables,
    minEditLength: base.minEditLength,
    exactMatch: base.exactMatch,
    nameVariations: base.nameVariations,
    minMatchedWords: base.minMatchedWords,
    birthYear: base.birthYear,
    birthWindow: base.birthWindow,
    detailsShape: base.detailsShape,
    threshold: base.threshold,
    weight: extra.weight,
    weightOfId: extra.weightOfId,
    namePossible: extra.namePossible,
    multiWordForms: extra.multiWordForms,
    nameMemo: extra.nameMemo,
    pairTypes: extra.pairTypes,
    knownType: extra.knownType,
  };
}

/** Best score first; equal scores by entity id, so the order is deterministic. */
export function compareRanked(a: RankedMatch, b: RankedMatch): number {
  return b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export interface TamisScreener extends Screener {
  /** Add or replace an entity of the screening list without a rebuild. */
  add(entity: Entity): void;
  /** Remove an entity of the screening list; false when absent. */
  remove(id: string): boolean;
  /** Add or replace an entity of an internal list. */
  addInternal(listId: string, entity: Entity): void;
  /** Remove an entity from the internal lists; false when absent. */
  removeInternal(id: string): boolean;
  /** The screening-list index, for snapshots. */
  readonly lists: ListIndex;
  /** The internal-list index. */
  readonly internal: ListIndex;
  readonly resultCap: number;
  /** POST /searches/references: list names hidden in a payment reference (see `screenReference`). */
  screenReference(request: ReferenceRequest | unknown, options?: ScreenReferenceOptions): Result<ReferenceSearchResult, FailureEnvelope>;
}

function internalEntity(listId: string, entity: Entity): Entity {
  const ids = new Set(entity.blacklist_ids ?? []);
  ids.add(listId);
  return { ...entity, blacklist_ids: [...ids] };
}

export function createScreener(options: ScreenerOptions = {}): TamisScreener {
  const tables = options.tables ?? defaultWordTables();
  const resultCap = options.resultCap ?? DEFAULT_RESULT_CAP;
  if (!Number.isInteger(resultCap) || resultCap < 1 || resultCap > MAX_RESULT_CAP) {
    throw new RangeError(`resultCap must be an integer from 1 to ${MAX_RESULT_CAP}`);
  }
  const lists = new ListIndex(tables);
  const internal = new ListIndex(tables);
  if (options.lookupMemoWords !== undefined) {
    if (!Number.isInteger(options.lookupMemoWords) || options.lookupMemoWords < 0) throw new RangeError('lookupMemoWords must be an integer of 0 or more');
    lists.finder.lookup.memo.capacity = options.lookupMemoWords;
    internal.finder.lookup.memo.capacity = options.lookupMemoWords;
  }
  for (const entity of options.entities ?? []) lists.index.add(entity);
  for (const list of options.internalLists ?? []) for (const entity of list.entities) internal.index.add(internalEntity(list.id, entity));
  return screenerOver(lists, internal, resultCap);
}

/** A screener over already built indexes (used by snapshot restore). */
export function screenerOver(lists: ListIndex, internal: ListIndex, resultCap: number): TamisScreener {
  // A list just built or loaded is about to be searched: its names' masses now (name-masses.ts), not after waiting.
  nameMasses(lists.index).compute();
  nameMasses(internal.index).compute();
  const internalListIds = (): string[] => {
    const ids = new Set<string>();
    for (const slot of internal.index.liveSlots()) for (const id of internal.index.entity(slot)!.blacklist_ids ?? []) ids.add(id);
    return [...ids].sort();
  };

  const search = (raw: unknown): Result<SearchResult, FailureEnvelope> => {
    const valid = validateSearchRequest(raw);
    if (!valid.ok) return { ok: false, error: failureEnvelope(400, valid.error) };
    const request = valid.value;
    const page = (ranked: RankedMatch[]): Hit[] => ranked.slice(request.offset, request.offset + request.limit).map((r) => r.hit());
    // Only the hits up to the page's end are kept (and evaluated in full): those past it, within the results cap,
    // would be dropped by the page. Every hit is counted.
    const kept = Math.min(resultCap, request.offset + request.limit);
    const found = lists.best(request, kept);
    const filters: EchoedFilters = { ...request.filters, exact_match: request.exactMatch, fuzziness: request.fuzziness };
    const result: SearchResult = {
      search_term: request.searchTerm,
      submitted_term: request.submittedTerm,
      filters,
      limit: request.limit,
      offset: request.offset,
      total_hits: found.total,
      total_matches: found.total,
      hits: page(found.ranked),
    };
    lists.probe?.('rank');
    if (internal.index.size > 0) {
      const selected = request.blacklistIds ?? internalListIds();
      const chosen = new Set(selected);
      const blacklist = internal.best(request, kept, (e) => (e.blacklist_ids ?? []).some((id) => chosen.has(id)));
      result.blacklist_filters = { blacklist_ids: selected };
      result.total_blacklist_hits = blacklist.total;
      result.blacklist_hits = page(blacklist.ranked);
    }
    return { ok: true, value: result };
  };

  const screener: TamisScreener = {
    search,
    screenReference: (request, options) => screenReference(screener, request, options),
    *entities() {
      for (const slot of lists.index.liveSlots()) yield lists.index.entity(slot)!;
      for (const slot of internal.index.liveSlots()) yield internal.index.entity(slot)!;
    },
    get size() {
      return lists.index.size + internal.index.size;
    },
    add: (entity) => void lists.index.add(entity),
    remove: (id) => lists.index.remove(id),
    addInternal: (listId, entity) => void internal.index.add(internalEntity(listId, entity)),
    removeInternal: (id) => internal.index.remove(id),
    lists,
    internal,
    resultCap,
  };
  return screener;
}
