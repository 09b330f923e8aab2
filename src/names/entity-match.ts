/**
 * Matching a prepared query against a prepared entity (its primary name and akas): the spec's `match_types`,
 * `match_types_details` and `score` (GUIDE.md section 1; search-api.md "Hit").
 */
import type { Entity } from '../types/entity.js';
import { birthYears, birthYearVerdict, isDeceased, type BirthYearVerdict } from './birth-year.js';
import { matchName, MATCH_CLASSES, type MatchClass, type NameMatch, type NameMatchOptions, type PreparedQuery } from './name-match.js';
import { prepareName, sameWord, type PreparedName, type PreparedWord } from './prepare.js';
import { evidenceScore, type WordWeight } from './score.js';
import type { WordTables } from './tables.js';
import {
  EXTRA_MATCH_TYPES,
  PRIMARY_MATCH_TYPES,
  type EntityMatch,
  type KeyedMatchTypesDetails,
  type MatchTypesDetail,
  type PrimaryMatchType,
  type SecondaryMatchDetail,
} from './types.js';
import { dict } from '../own.js';

export interface PreparedEntity {
  entity: Entity;
  /** Primary name first, then the akas (duplicates after folding left out). */
  names: PreparedName[];
  years: number[];
  deceased: boolean;
  /** Whether each name is a weak alias (`weakAlias`), when known already (a screening index keeps it); else read from the entity. */
  weak?: ArrayLike<number>;
}

export function prepareEntity(entity: Entity, tables: WordTables): PreparedEntity {
  const names: PreparedName[] = [];
  const seen = new Set<string>();
  const add = (text: string | undefined): void => {
    if (typeof text !== 'string') return;
    const prepared = prepareName(text, entity.entity_type, tables);
    const key = prepared.words.map((w) => w.text).join(' ');
    if (key === '' || seen.has(key)) return;
    seen.add(key);
    names.push(prepared);
  };
  add(entity.name);
  for (const aka of entity.aka ?? []) add(aka.name);
  return { entity, names, years: birthYears(entity), deceased: isDeceased(entity) };
}

/** Alias kinds that mark a weak alias (importers: `weak-aka`, `weak-fka`, `weak-nka`). */
const WEAK_ALIAS = /^weak-/;

/**
 * Whether an alias is one the source calls weak (a nickname or a short form: OFAC's quoted a.k.a.s): the first
 * alias written so, as names are kept in their first spelling.
 */
export function weakAlias(entity: Entity, original: string): boolean {
  const aka = entity.aka?.find((a) => a?.name === original);
  return aka !== undefined && WEAK_ALIAS.test(aka.type ?? '');
}

/** Whether a word is a word of the entity's names other than name `nameIndex` (an initial: begins one). */
function elsewhere(prepared: PreparedEntity, nameIndex: number, word: PreparedWord): boolean {
  const initial = word.text.length === 1 && !word.isNumber;
  return prepared.names.some((other, k) => k !== nameIndex && other.words.some((w) => (initial ? w.text[0] === word.text : sameWord(w, word))));
}

export interface EntityMatchSettings {
  tables: WordTables;
  minEditLength: number | null;
  exactMatch: boolean;
  nameVariations: boolean;
  /** Query words that must match strongly (`min_matched_words`), capped at the query's own words. */
  minMatchedWords?: number;
  /** `filters.birth_year`, when given. */
  birthYear: number | undefined;
  /** ±years accepted around the birth year: 1 with fuzziness above 0, 0 at fuzziness 0 or exact match. */
  birthWindow: number;
  detailsShape: 'list' | 'keyed';
  weight: WordWeight;
  /** The same rarity by vocabulary id, for the words of a screening index (NameMatchOptions.weightOfId). */
  weightOfId?: (id: number) => number;
  /** The evidence a hit needs (evidenceThreshold of the fuzziness). */
  threshold: number;
  /** Per-word types already known (from an index search). */
  knownType?: NameMatchOptions['knownType'];
  /** Pair types computed in this search (an index search keeps them: AssignContext.pairTypes). */
  pairTypes?: NameMatchOptions['pairTypes'];
  /** A quick check that a name could match at all (from an index search); the matcher runs only where it holds. */
  namePossible?: (name: PreparedName, entityType: Entity['entity_type']) => boolean;
  /**
   * Verdicts of this search by name group (PreparedName.group, set by a screening index): a common name borne by
   * a thousand entities is matched once.
   */
  nameMemo?: Map<number, NameMatch | null>;
  /**
   * Whether a name may hold a glued, split or abbreviated form of the query or an acronym of its words (an index
   * search knows); where it holds none, the matcher bounds the evidence from one-word placements before searching.
   */
  multiWordForms?: (name: PreparedName) => boolean;
}

const CLASS_TO_PRIMARY: Readonly<Record<MatchClass, readonly [PrimaryMatchType, PrimaryMatchType]>> = {
  exact: ['name_exact', 'aka_exact'],
  fuzzy: ['name_fuzzy', 'aka_fuzzy'],
  phonetic: ['phonetic_name', 'phonetic_aka'],
  equivalent: ['equivalent_name', 'equivalent_aka'],
  unknown: ['unknown', 'unknown'],
};

/** The primary hit type of a match class, on the primary name or on an aka. */
export function primaryTypeOf(matchClass: MatchClass, onPrimaryName: boolean): PrimaryMatchType {
  return CLASS_TO_PRIMARY[matchClass][onPrimaryName ? 0 : 1];
}

interface Candidate {
  nameIndex: number;
  name: PreparedName;
  match: NameMatch;
  primary: PrimaryMatchType;
  score: number;
}

function compareCandidates(a: Candidate, b: Candidate): number {
  return (
    PRIMARY_MATCH_TYPES.indexOf(a.primary) - PRIMARY_MATCH_TYPES.indexOf(b.primary) ||
    b.score - a.score ||
    a.nameIndex - b.nameIndex
  );
}

/** How an entity matched, before it is described in the spec's shapes. */
export interface EntityEvaluation {
  /** Every matching name, best first. */
  candidates: Candidate[];
  birth: BirthYearVerdict | undefined;
  score: number;
}

/** The verdict for one entity, or null when no name matches or the birth year excludes it. */
export function matchEntity(query: PreparedQuery, prepared: PreparedEntity, settings: EntityMatchSettings): EntityMatch | null {
  const evaluation = evaluateEntity(query, prepared, settings);
  return evaluation === null ? null : describeEntity(query, prepared.entity, evaluation, settings);
}

/**
 * Which names match and how well; cheap enough to run on every candidate. `skip`, when given, tells names known
 * not to match (an index search knows names holding no word a hit could be anchored on).
 */
export function evaluateEntity(query: PreparedQuery, prepared: PreparedEntity, settings: EntityMatchSettings, skip?: (name: PreparedName) => boolean): EntityEvaluation | null {
  let birth: BirthYearVerdict | undefined;
  if (settings.birthYear !== undefined) {
    birth = birthYearVerdict(prepared.years, settings.birthYear, settings.birthWindow);
    if (birth === 'excluded') return null;
  }
  const candidates: Candidate[] = [];
  const names = prepared.names;
  const entityType = prepared.entity.entity_type;
  for (let nameIndex = 0; nameIndex < names.length; nameIndex++) {
    const name = names[nameIndex]!;
    if (skip?.(name) === true) continue;
    const weak = nameIndex > 0 && (prepared.weak !== undefined ? prepared.weak[nameIndex] === 1 : weakAlias(prepared.entity, name.original));
    // A weak alias is judged by its own rule, so it neither reads nor writes its group's verdict.
    const memo = name.group === undefined || weak ? undefined : settings.nameMemo;
    let match = memo?.get(name.group!);
    if (match === undefined) {
      match =
        settings.namePossible !== undefined && !settings.namePossible(name, entityType)
          ? null
          : matchOneName(query, name, entityType, settings, weak ? (word) => elsewhere(prepared, nameIndex, word) : undefined);
      memo?.set(name.group!, match);
    }
    if (match === null) continue;
    candidates.push({
      nameIndex,
      name,
      match,
      primary: primaryTypeOf(match.matchClass, nameIndex === 0),
      score: evidenceScore(match.evidence, birth),
    });
  }
  if (candidates.length === 0) return null;
  candidates.sort(compareCandidates);
  let score = 0;
  for (const c of candidates) score = Math.max(score, c.score);
  return { candidates, birth, score };
}

/**
 * The matcher on one name of an entity of type `entityType` under the settings of a search (after the name check,
 * `namePossible`); `weakAlias` for a weak alias (NameMatchOptions.weakAlias). A name's verdict depends on its words,
 * roles and entity type only (a weak alias aside): the verdict of a name group (PreparedName.group).
 */
export function matchOneName(query: PreparedQuery, name: PreparedName, entityType: Entity['entity_type'], settings: EntityMatchSettings, weakAlias?: (word: PreparedWord) => boolean): NameMatch | null {
  const options = MATCH_OPTIONS;
  options.tables = settings.tables;
  options.minEditLength = settings.minEditLength;
  options.exactMatch = settings.exactMatch;
  options.nameVariations = settings.nameVariations;
  options.minMatchedWords = settings.minMatchedWords;
  options.listEntityType = entityType;
  options.knownType = settings.knownType;
  options.pairTypes = settings.pairTypes;
  options.weight = settings.weight;
  options.weightOfId = settings.weightOfId;
  options.threshold = settings.threshold;
  options.singleWords = settings.multiWordForms !== undefined && !settings.multiWordForms(name);
  options.weakAlias = weakAlias;
  return matchName(query, name, options);
}

/**
 * The matcher's options, one object written afresh for each name (matchOneName): matchName keeps nothing of it and
 * runs once at a time (a weak alias's rule reads the entity, never the matcher), so a name costs no options object.
 */
const MATCH_OPTIONS: NameMatchOptions = {
  tables: undefined as unknown as WordTables,
  minEditLength: null,
  exactMatch: false,
  nameVariations: false,
  minMatchedWords: undefined,
  listEntityType: 'person',
  knownType: undefined,
  pairTypes: undefined,
  weight: undefined as unknown as WordWeight,
  weightOfId: undefined,
  threshold: 0,
  singleWords: false,
  weakAlias: undefined,
};

/** The spec's `match_types`, `match_types_details` and `score` of an evaluated entity. */
export function describeEntity(query: PreparedQuery, entity: Entity, evaluation: EntityEvaluation, settings: EntityMatchSettings): EntityMatch {
  const { candidates, birth } = evaluation;
  const best = candidates[0]!;

  const matchTypes: string[] = [best.primary];
  const yearMatched = birth === 'exact' || birth === 'fuzzy';
  for (const extra of EXTRA_MATCH_TYPES) {
    if (extra === 'year_of_birth' ? yearMatched : best.match.placed.some((p) => p.type === extra)) matchTypes.push(extra);
  }
  const secondary: SecondaryMatchDetail[] =
    yearMatched && settings.birthYear !== undefined
      ? [{ query_term: String(settings.birthYear), match_types: [birth === 'exact' ? 'exact_birth_year_match' : 'fuzzy_birth_year_match'] }]
      : [];
  const details =
    settings.detailsShape === 'keyed'
      ? keyedDetails(query, candidates)
      : candidates.map(
          (c): MatchTypesDetail => ({
            matching_name: c.name.original,
            sources: [...entity.sources],
            aml_types: [...entity.types],
            name_matches: c.match.placed.map((p, i) => ({ query_term: query.words[i]!.text, match_types: [p.type] })),
            secondary_matches: secondary,
          }),
        );
  return { match_types: matchTypes, match_types_details: details, score: evaluation.score };
}

function keyedDetails(query: PreparedQuery, candidates: readonly Candidate[]): KeyedMatchTypesDetails {
  const out: KeyedMatchTypesDetails = dict();
  for (const c of candidates) {
    const terms: Record<string, string[]> = dict();
    c.match.placed.forEach((p, i) => {
      const term = query.words[i]!.text;
      const list = (terms[term] ??= []);
      if (!list.includes(p.type)) list.push(p.type);
    });
    out[c.name.original] = { match_types: terms, type: c.nameIndex === 0 ? 'name' : 'aka' };
  }
  return out;
}

/** The best class first: used to order hits that tie on score. */
export const matchClassRank = (c: MatchClass): number => MATCH_CLASSES.indexOf(c);
