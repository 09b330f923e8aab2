/**
 * Matching a prepared query against one prepared name: the per-word placements and the name's match class
 * (GUIDE.md section 1, step 5 and the primary-type ladder).
 */
import { affixProfile, affixRoles, anywhereRoles, type AffixProfile, type AffixRole } from './affixes.js';
import { assignWords, type AssignContext, type PlacedWord } from './assign.js';
import { prepareWord, type PreparedName, type PreparedWord } from './prepare.js';
import { tokenizeName } from './normalize.js';
import type { WordTables } from './tables.js';
import type { EntityType } from '../types/entity.js';
import type { WordMatchType } from './types.js';

export interface PreparedQuery {
  original: string;
  words: PreparedWord[];
  /** Affix roles of the query words under each profile, wherever the affixes stand. */
  roles: Readonly<Record<AffixProfile, (AffixRole | undefined)[]>>;
  /** Affix roles found only where affixes stand (start or end of a comma part): removals there score neutral. */
  edgeRoles: Readonly<Record<AffixProfile, (AffixRole | undefined)[]>>;
  /** The searched entity type, when given (`filters.entity_type`). */
  entityType: EntityType | undefined;
  /**
   * Neighbouring query words glued and prepared where one is a fragment of two letters, as an apostrophe leaves
   * (`Sa'id` → `sa id` → `said`, `Esma'il` → `esmail`); undefined elsewhere.
   */
  gluedPairs: (PreparedWord | undefined)[];
}

export function prepareQuery(text: string, entityType: EntityType | undefined, tables: WordTables): PreparedQuery {
  const tokens = tokenizeName(text);
  const words = tokens.map((t) => prepareWord(t.text, t.script, tables));
  const folded = words.map((w) => w.text);
  const segments = tokens.map((t) => t.segment);
  const edge = (profile: AffixProfile) => affixRoles(folded, tables, profile, segments);
  // Where an affix stands where affixes stand, its role there names it (`Sr` ends a name as a suffix).
  const roles = (profile: AffixProfile) => {
    const anywhere = anywhereRoles(folded, tables, profile);
    const atEdges = edge(profile);
    return anywhere.map((role, i) => atEdges[i] ?? role);
  };
  const gluedPairs = words.slice(1).map((w, i) => {
    const a = words[i]!.text;
    const b = w.text;
    const fragment = Math.min(a.length, b.length) === 2 && !words[i]!.isNumber && !w.isNumber;
    return fragment ? prepareWord(a + b, words[i]!.script, tables) : undefined;
  });
  return {
    original: text,
    words,
    gluedPairs,
    roles: { person: roles('person'), organisation: roles('organisation'), any: roles('any') },
    edgeRoles: { person: edge('person'), organisation: edge('organisation'), any: edge('any') },
    entityType,
  };
}

/** Match classes, best first: the primary-type ladder without the name/aka distinction. */
export const MATCH_CLASSES = ['exact', 'fuzzy', 'phonetic', 'equivalent', 'unknown'] as const;
export type MatchClass = (typeof MATCH_CLASSES)[number];

export interface NameMatch {
  placed: PlacedWord[];
  /** The rules the match was made under. */
  profile: AffixProfile;
  matchClass: MatchClass;
  /** The matched list words appear in the query's order. */
  inOrder: boolean;
}

export interface NameMatchOptions {
  tables: WordTables;
  minEditLength: number | null;
  exactMatch: boolean;
  nameVariations: boolean;
  /** Query words that must match strongly, capped at the query's own words (default 1). */
  minMatchedWords?: number;
  /** Entity type of the list entity the name belongs to. */
  listEntityType: EntityType;
  /** Per-word types already known (from an index search). */
  knownType?: AssignContext['knownType'];
}

const NEUTRAL: ReadonlySet<WordMatchType> = new Set([
  'exact_match',
  'removed_personal_title',
  'removed_personal_suffix',
  'removed_organisation_prefix',
  'removed_organisation_suffix',
  'removed_clerical_mark',
]);

export function matchClassOf(placed: readonly PlacedWord[]): MatchClass {
  let cls: MatchClass = 'exact';
  const rank = (c: MatchClass): number => MATCH_CLASSES.indexOf(c);
  for (const { type } of placed) {
    let c: MatchClass;
    if (NEUTRAL.has(type)) c = 'exact';
    else if (type === 'edit_distance') c = 'fuzzy';
    else if (type === 'phonetic') c = 'phonetic';
    else if (type === 'equivalent_name') c = 'equivalent';
    else c = 'unknown';
    if (rank(c) > rank(cls)) cls = c;
  }
  return cls;
}

function isInOrder(placed: readonly PlacedWord[]): boolean {
  let last = -1;
  for (const p of placed) {
    if (p.list.length === 0) continue;
    const first = p.list[0]!;
    if (first < last) return false;
    last = p.list[p.list.length - 1]!;
  }
  return true;
}

/** `exact_match`: the same words one to one, in order, after folding. */
function exactWords(query: PreparedQuery, name: PreparedName): NameMatch | null {
  if (query.words.length !== name.words.length) return null;
  for (let i = 0; i < query.words.length; i++) if (query.words[i]!.text !== name.words[i]!.text) return null;
  return { placed: query.words.map((_, i) => ({ type: 'exact_match', list: [i] })), profile: 'any', matchClass: 'exact', inOrder: true };
}

export function matchName(query: PreparedQuery, name: PreparedName, options: NameMatchOptions): NameMatch | null {
  if (options.exactMatch) return exactWords(query, name);
  // The searched entity type tunes the rules; without one, the list entity's type does.
  const profile = affixProfile(query.entityType ?? options.listEntityType);
  const person = profile !== 'organisation';
  const placed = assignWords(query.words, query.roles[profile], name.words, {
    gluedPairs: query.gluedPairs,
    tables: options.tables,
    minEditLength: options.minEditLength,
    nicknames: person,
    initials: person,
    acronyms: options.listEntityType === 'company' || options.listEntityType === 'organisation' ? !person : false,
    listRoles: name.roles,
    reverseAcronyms: query.entityType === 'company' || query.entityType === 'organisation',
    nameVariations: options.nameVariations,
    minMatchedWords: options.minMatchedWords,
    knownType: options.knownType,
  });
  if (placed === null) return null;
  return { placed, profile, matchClass: matchClassOf(placed), inOrder: isInOrder(placed) };
}
