/**
 * The shapes of the matcher (assign.ts): what it is given (AssignContext), the options it weighs for each query
 * word (Option) and what it returns (Assignment, PlacedWord), with the small helpers every part of it shares.
 */
import type { AffixRole } from './affixes.js';
import type { PreparedWord } from './prepare.js';
import type { WordMatchType } from './types.js';
import type { WordMatchContext } from './word-match.js';

export interface AssignContext extends WordMatchContext {
  /** Any one query word may stay unplaced at no cost (`name_variations`). */
  nameVariations: boolean;
  /** Organisation rules: acronyms against word runs. */
  acronyms: boolean;
  /**
   * Query words may spell out a list acronym only when the search says it is for an organisation (`entity_type`):
   * otherwise any three-word personal name would match some three-letter acronym.
   */
  reverseAcronyms?: boolean;
  /** Affix roles of the list name's words (acronyms must span the rest). */
  listRoles?: readonly (AffixRole | undefined)[];
  /** Neighbouring query words glued (where one is a two-letter fragment): matched by edit, sound or equivalence. */
  gluedPairs?: readonly (PreparedWord | undefined)[];
  /** Per-word types already known for query word `i` (an index search caches them); null when unknown. */
  knownType?: (i: number, list: PreparedWord) => WordMatchType | null | undefined;
  /**
   * Types of the pairs computed in this search (wordMatchType) where knownType gives none, per query word by the
   * list word's vocabulary id and the rules (nicknames, initials): a search compares a query word with a list word
   * once, whatever the number of names holding it.
   */
  pairTypes?: Map<number, WordMatchType | null>[];
  /** Mass of each query word left unplaced (evidence.ts): 0 for particles, affixes where affixes stand, repeats. */
  queryMass: readonly number[];
  /** Mass of each list word: 0 for its affixes and particles. */
  listMass: readonly number[];
  /** The sum of listMass. */
  listTotal: number;
  /** For a repeated query word, the index of its first occurrence. */
  duplicateOf?: readonly (number | undefined)[];
  /** The threshold's odds T / (1 - T): weighs credit against what is left unconfirmed. */
  lambda: number;
  /** Weight of query mass left unconfirmed (evidence.ts: persons or other names). */
  queryWeight: number;
  /**
   * The list name holds no glued, split or abbreviated form of the query nor an acronym of its words (an index
   * search knows): every option places one query word on one list word, and the bound before the search is
   * taken from the pair types alone.
   */
  singleWords?: boolean;
}

export interface PlacedWord {
  type: WordMatchType;
  /** Indexes of the list words this query word matched (empty when removed). */
  list: number[];
  /** Part of an acronym matched against a run of words: a whole-name match, so it counts as strong. */
  acronym?: boolean;
  /** Left unmatched under `name_variations` (not a particle or an affix). */
  variation?: boolean;
}

/** The best placement of a query on a list name, with its evidence. */
export interface Assignment {
  placed: PlacedWord[];
  /** Credit earned, and the masses left unconfirmed on each side (evidence.ts). */
  credit: number;
  queryLeft: number;
  listLeft: number;
  evidence: number;
  /** Some word is matched exactly, by one edit, glued, as a digit or acronym, or by skeleton across scripts. */
  anchored: boolean;
  /** Query words placed by a full word (not an initial, not removed). */
  parts: number;
  /** An unplaced initial or number of the query against an unmatched list word, or the reverse. */
  contradiction: boolean;
}

/** Relative quality of each way of placing a word, for payment-reference alignment (src/reference/align.ts). */
export const PLACEMENT_QUALITY: Readonly<Record<WordMatchType, number>> = {
  exact_match: 10,
  edit_distance: 8,
  removed_spaces: 8,
  digit_to_word: 8,
  word_to_digit: 8,
  phonetic: 6,
  equivalent_name: 6,
  removed_personal_title: 4,
  removed_personal_suffix: 4,
  removed_organisation_prefix: 4,
  removed_organisation_suffix: 4,
  removed_clerical_mark: 4,
  word_to_initial: 3,
  initial_to_word: 3,
  name_variations_removal: 1,
};

export interface Option {
  /** Query words consumed, starting at the current one. */
  queryCount: number;
  /** List words consumed. */
  list: number[];
  type: WordMatchType;
  /** Evidence earned (similarity × mass, see evidence.ts). */
  credit: number;
  /** Query mass this placement accounts for: the credit plus what it leaves unconfirmed. */
  queryMass: number;
  /** Contribution to the search objective (evidence.ts: credit against what is left unconfirmed). */
  value: number;
  freeDrop: boolean;
  acronym: boolean;
  /** Anchors a hit: a full word spelt exactly, with one edit, glued, as a digit, as an acronym or by skeleton. */
  anchor: boolean;
  /** Places a query word by a full word: evidence on a name part. */
  part: boolean;
  /** A repeated query word. */
  duplicate: boolean;
}

/**
 * Acronyms have 3 to 8 letters. Two-letter ones are left out: they are ordinary words far too often (`co`, `of`,
 * `al`, `kk`), and any two-word name would spell one.
 */
export const MIN_ACRONYM = 3;
export const MAX_ACRONYM = 8;
/** An option, its value computed (one object shape for every option: V8 keeps reads of them monomorphic). */
export function makeOption(
  queryCount: number,
  list: number[],
  type: WordMatchType,
  credit: number,
  queryMass: number,
  gain: number,
  cost: number,
  freeDrop: boolean,
  acronym: boolean,
  anchor: boolean,
  part: boolean,
): Option {
  if (!POOL.active) return { queryCount, list, type, credit, queryMass, value: credit * gain - cost * queryMass, freeDrop, acronym, anchor, part, duplicate: false };
  const objects = POOL.objects;
  let o = objects[POOL.next];
  if (o === undefined) {
    o = { queryCount, list, type, credit, queryMass, value: credit * gain - cost * queryMass, freeDrop, acronym, anchor, part, duplicate: false };
    objects.push(o);
  } else {
    o.queryCount = queryCount;
    o.list = list;
    o.type = type;
    o.credit = credit;
    o.queryMass = queryMass;
    o.value = credit * gain - cost * queryMass;
    o.freeDrop = freeDrop;
    o.acronym = acronym;
    o.anchor = anchor;
    o.part = part;
    o.duplicate = false;
  }
  POOL.next++;
  return o;
}

/**
 * Options made while the matcher weighs one name (assignWords, between beginOptions and endOptions) are objects
 * reused from name to name: nothing keeps an option past the name (a placement copies what it reads of one).
 * Outside, makeOption makes a new object.
 */
const POOL: { active: boolean; next: number; objects: Option[] } = { active: false, next: 0, objects: [] };

/** Options made from here on are the pool's, from its first object on (the options of the last name are done with). */
export function beginOptions(): void {
  POOL.active = true;
  POOL.next = 0;
}

/** Options made from here on are new objects. */
export function endOptions(): void {
  POOL.active = false;
}

export function sum(values: readonly number[], from: number, count: number): number {
  let s = 0;
  for (let k = from; k < from + count; k++) s += values[k]!;
  return s;
}

export function placement(option: Option): PlacedWord {
  const placed: PlacedWord = { type: option.type, list: option.list };
  if (option.acronym) placed.acronym = true;
  if (option.freeDrop) placed.variation = true;
  return placed;
}

export interface Span {
  from: number;
  to: number;
}

/** The first to last word that is neither an affix nor a particle (the whole name when all are). */
export function coreRange(words: readonly PreparedWord[], roles: readonly (AffixRole | undefined)[] | undefined): Span {
  return coreRangeInto(words, roles, { from: 0, to: 0 });
}

/** coreRange written into `out` (a span the caller keeps), returned. */
export function coreRangeInto(words: readonly PreparedWord[], roles: readonly (AffixRole | undefined)[] | undefined, out: Span): Span {
  let from = 0;
  let to = words.length;
  while (from < to && !isCore(words, roles, from)) from++;
  while (to > from && !isCore(words, roles, to - 1)) to--;
  if (from < to) {
    out.from = from;
    out.to = to;
  } else {
    out.from = 0;
    out.to = words.length;
  }
  return out;
}

function isCore(words: readonly PreparedWord[], roles: readonly (AffixRole | undefined)[] | undefined, k: number): boolean {
  return roles?.[k] === undefined && !words[k]!.particle;
}

export function range(from: number, count: number): number[] {
  return Array.from({ length: count }, (_, k) => from + k);
}
