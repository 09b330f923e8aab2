/**
 * Matching a prepared query against one prepared name: the per-word placements and the name's match class
 * (GUIDE.md section 1, step 5 and the primary-type ladder).
 */
import { affixProfile, affixRoles, anywhereRoles, mayHoldAffix, type AffixProfile, type AffixRole } from './affixes.js';
import { assignWords, type AssignContext, type Assignment, type PlacedWord } from './assign.js';
import { INITIAL_MASS, QUERY_LEFT, QUERY_LEFT_ORGANISATION } from './evidence.js';
import { prepareQueryWord, sameWord, type PreparedName, type PreparedWord } from './prepare.js';
import { tokenizeName } from './normalize.js';
import type { WordTables } from './tables.js';
import type { EntityType } from '../types/entity.js';
import type { WordMatchType } from './types.js';
import type { WordWeight } from './score.js';

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
  /** For a word repeated in the query, the index of its first occurrence: repeated words count once. */
  duplicateOf: (number | undefined)[];
  /** Masses of the query words by profile, for the weight function they were computed with (see queryMasses). */
  masses?: { weight: WordWeight; byProfile: Partial<Record<AffixProfile, number[]>> };
}

export function prepareQuery(text: string, entityType: EntityType | undefined, tables: WordTables): PreparedQuery {
  const tokens = tokenizeName(text);
  const n = tokens.length;
  const words: PreparedWord[] = [];
  const folded: string[] = [];
  const segments: number[] = [];
  for (const t of tokens) {
    words.push(prepareQueryWord(t.text, t.script, tables, t.native));
    folded.push(t.text);
    segments.push(t.segment);
  }
  // Most queries hold no word of an affix table: no word has a role under any profile.
  const affixes = mayHoldAffix(folded, tables);
  const none = (): (AffixRole | undefined)[] => new Array<AffixRole | undefined>(n).fill(undefined);
  // Each profile's edge roles once: the query's roles read them too.
  const edgeRoles = affixes
    ? {
      person: affixRoles(folded, tables, 'person', segments),
      organisation: affixRoles(folded, tables, 'organisation', segments),
      any: affixRoles(folded, tables, 'any', segments),
    }
    : { person: none(), organisation: none(), any: none() };
  // Where an affix stands where affixes stand, its role there names it (`Sr` ends a name as a suffix).
  const roles = (profile: AffixProfile): (AffixRole | undefined)[] => {
    if (!affixes) return none();
    const anywhere = anywhereRoles(folded, tables, profile);
    const atEdges = edgeRoles[profile];
    for (let i = 0; i < n; i++) if (atEdges[i] !== undefined) anywhere[i] = atEdges[i];
    return anywhere;
  };
  const gluedPairs: (PreparedWord | undefined)[] = [];
  for (let i = 0; i + 1 < n; i++) {
    const a = words[i]!;
    const b = words[i + 1]!;
    const fragment = Math.min(a.text.length, b.text.length) === 2 && !a.isNumber && !b.isNumber;
    gluedPairs.push(fragment ? prepareQueryWord(a.text + b.text, a.script, tables) : undefined);
  }
  const duplicateOf: (number | undefined)[] = [];
  for (let i = 0; i < n; i++) {
    const key = words[i]!.native ?? words[i]!.text;
    let first: number | undefined;
    for (let k = 0; k < i && first === undefined; k++) if ((words[k]!.native ?? words[k]!.text) === key) first = k;
    duplicateOf.push(first);
  }
  return {
    original: text,
    words,
    gluedPairs,
    duplicateOf,
    roles: { person: roles('person'), organisation: roles('organisation'), any: roles('any') },
    edgeRoles,
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
  /** The weight of evidence, 0..1 (evidence.ts). */
  evidence: number;
}

export interface NameMatchOptions {
  tables: WordTables;
  minEditLength: number | null;
  exactMatch: boolean;
  nameVariations: boolean;
  /** Query words that must be placed by a full word, capped at the query's own full words (`min_matched_words`). */
  minMatchedWords?: number;
  /** Entity type of the list entity the name belongs to. */
  listEntityType: EntityType;
  /** Per-word types already known (from an index search). */
  knownType?: AssignContext['knownType'];
  /** Pair types computed in this search (AssignContext.pairTypes). */
  pairTypes?: AssignContext['pairTypes'];
  /** Rarity of a word in the list, 0..1 (1 for a word the list lacks). */
  weight: WordWeight;
  /**
   * The same rarity by the word's vocabulary id, for list words of a screening index (read without hashing the
   * text): `weight(text)` of a word in Latin letters (no `native` form) is `weightOfId(id)`.
   */
  weightOfId?: (id: number) => number;
  /** The evidence a hit needs (evidenceThreshold of the fuzziness). */
  threshold: number;
  /** The name holds no glued, split or abbreviated form of the query nor an acronym of its words (AssignContext). */
  singleWords?: boolean;
  /**
   * Set when the name is an alias its source calls weak (a nickname or a short form): whether a query word is a
   * word of the entity's other names (an initial: begins one).
   */
  weakAlias?: (word: PreparedWord) => boolean;
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
  for (let i = 0; i < query.words.length; i++) if (!sameWord(query.words[i]!, name.words[i]!)) return null;
  return { placed: query.words.map((_, i) => ({ type: 'exact_match', list: [i] })), profile: 'any', matchClass: 'exact', inOrder: true, evidence: 1 };
}

/** Mass of each query word left unplaced (evidence.ts), under the rules of a profile. */
export function queryMasses(query: PreparedQuery, profile: AffixProfile, weight: WordWeight): number[] {
  if (query.masses?.weight !== weight) query.masses = { weight, byProfile: {} };
  const known = query.masses.byProfile[profile];
  if (known !== undefined) return known;
  // An affix weighs nothing wherever it stands, so the verdict never depends on word order
  // (`Ali Khamenei Ayatollah` ~ `Ali Khamenei`).
  const edge = query.roles[profile];
  // A name of particles alone (`Van Der`) is a name: its particles weigh like words.
  const particlesWeigh = query.words.every((w, i) => w.particle || query.duplicateOf[i] !== undefined || edge[i] !== undefined);
  const masses = query.words.map((w, i) => {
    if (query.duplicateOf[i] !== undefined || (w.particle && !particlesWeigh) || edge[i] !== undefined) return 0;
    return w.text.length === 1 && !w.isNumber ? INITIAL_MASS : weight(w.text);
  });
  query.masses.byProfile[profile] = masses;
  return masses;
}

/** Mass of each list word: nothing for its affixes and particles, an initial's for a single letter (NameMatchOptions.weightOfId). */
export function listMasses(name: PreparedName, weight: WordWeight, weightOfId?: (id: number) => number): number[] {
  const masses: number[] = [];
  fillListMasses(name, weight, masses, weightOfId);
  return masses;
}

/** listMasses written into `out` (its length set to the name's words); returns their sum. */
function fillListMasses(name: PreparedName, weight: WordWeight, out: number[], weightOfId?: (id: number) => number): number {
  const words = name.words;
  const roles = name.roles;
  const m = words.length;
  let particlesWeigh = true;
  for (let j = 0; j < m && particlesWeigh; j++) particlesWeigh = words[j]!.particle || roles[j] !== undefined;
  out.length = m;
  let total = 0;
  for (let j = 0; j < m; j++) {
    const w = words[j]!;
    const mass =
      roles[j] !== undefined || (w.particle && !particlesWeigh)
        ? 0
        : w.text.length === 1 && !w.isNumber
          ? +INITIAL_MASS // (a number the compiler knows: the imported constant would box every mass)
          : weightOfId !== undefined && w.id !== undefined && w.native === undefined
            ? weightOfId(w.id)
            : weight(w.text);
    out[j] = mass;
    total += mass;
  }
  return total;
}

/** The list masses of the name being matched (matchName), reused from name to name: the matcher runs once at a time. */
const LIST_MASS: number[] = [];

/**
 * The matcher's context, one object written afresh for each name (matchName): the matcher runs once at a time and
 * keeps nothing of it, so a name costs no context object (every field always set: one hidden class).
 */
const CONTEXT: AssignContext = {
  gluedPairs: undefined,
  tables: undefined as unknown as WordTables,
  minEditLength: null,
  nicknames: false,
  initials: false,
  acronyms: false,
  listRoles: undefined,
  reverseAcronyms: false,
  nameVariations: false,
  knownType: undefined,
  pairTypes: undefined,
  queryMass: [],
  listMass: [],
  listTotal: 0,
  duplicateOf: undefined,
  lambda: 0,
  queryWeight: 0,
  singleWords: undefined,
};

/** A full word: neither an initial, a particle, an affix (`role`) nor a repeated query word. */
function isFullWord(w: PreparedWord, role: AffixRole | undefined, repeat: boolean): boolean {
  return role === undefined && !w.particle && !repeat && !(w.text.length === 1 && !w.isNumber);
}

/** Full words of a name (those of the query: affixes wherever they stand, repeats left out). */
function fullWords(words: readonly PreparedWord[], roles: readonly (AffixRole | undefined)[], duplicateOf?: readonly (number | undefined)[]): number {
  let count = 0;
  for (let i = 0; i < words.length; i++) if (isFullWord(words[i]!, roles[i], duplicateOf?.[i] !== undefined)) count++;
  return count;
}

/**
 * Whether a placement makes a hit (evidence.ts): enough evidence, an anchor, and evidence on enough name parts: for
 * people two when both names have two full words or more (one with `name_variations`), and at least
 * `min_matched_words` (capped at the query's full words) when asked.
 */
function accepted(a: Assignment, query: PreparedQuery, name: PreparedName, profile: AffixProfile, person: boolean, options: NameMatchOptions): boolean {
  if (!a.anchored || a.contradiction || a.evidence < options.threshold) return false;
  const roles = query.roles[profile];
  const listFull = fullWords(name.words, name.roles);
  // A weak alias (a nickname, a short form) names no one beside other words the query gives: it is a hit only
  // when every query word it leaves unplaced (initials too) is a word of the entity's other names
  // (`Wood, Larry` is not `Larry` of `Paura, Jorge Alejandro`; `Larry Paura` is).
  const weak = options.weakAlias;
  if (weak !== undefined) {
    for (let i = 0; i < query.words.length; i++) {
      const w = query.words[i]!;
      if (a.placed[i]!.list.length > 0 || roles[i] !== undefined || w.particle || query.duplicateOf[i] !== undefined) continue;
      if (!weak(w)) return false;
    }
  }
  let need = person && !options.nameVariations ? Math.min(2, fullWords(query.words, roles, query.duplicateOf), listFull) : 1;
  if (options.minMatchedWords !== undefined) need = Math.max(need, Math.min(options.minMatchedWords, coreWords(query, roles)));
  return a.parts >= need;
}

/** Query words other than affixes, particles and repeats, initials included (at least 1). */
function coreWords(query: PreparedQuery, roles: readonly (AffixRole | undefined)[]): number {
  let count = 0;
  query.words.forEach((w, i) => {
    if (roles[i] === undefined && !w.particle && query.duplicateOf[i] === undefined) count++;
  });
  return Math.max(1, count);
}

export function matchName(query: PreparedQuery, name: PreparedName, options: NameMatchOptions): NameMatch | null {
  if (options.exactMatch) return exactWords(query, name);
  // The searched entity type tunes the rules; without one, the list entity's type does.
  const profile = affixProfile(query.entityType ?? options.listEntityType);
  const person = profile !== 'organisation';
  const threshold = options.threshold;
  const personName = options.listEntityType === 'person' || (person && query.entityType === 'person');
  const listMass = LIST_MASS;
  const listTotal = fillListMasses(name, options.weight, listMass, options.weightOfId);
  const ctx = CONTEXT;
  ctx.gluedPairs = query.gluedPairs;
  ctx.tables = options.tables;
  ctx.minEditLength = options.minEditLength;
  ctx.nicknames = person;
  ctx.initials = person;
  ctx.acronyms = options.listEntityType === 'company' || options.listEntityType === 'organisation' ? !person : false;
  ctx.listRoles = name.roles;
  ctx.reverseAcronyms = query.entityType === 'company' || query.entityType === 'organisation';
  ctx.nameVariations = options.nameVariations;
  ctx.knownType = options.knownType;
  ctx.pairTypes = options.pairTypes;
  ctx.queryMass = queryMasses(query, profile, options.weight);
  ctx.listMass = listMass;
  ctx.listTotal = listTotal;
  ctx.duplicateOf = query.duplicateOf;
  ctx.lambda = threshold / (1 - threshold);
  ctx.queryWeight = personName ? QUERY_LEFT : QUERY_LEFT_ORGANISATION;
  ctx.singleWords = options.singleWords;
  const assignment = assignWords(query.words, query.roles[profile], name.words, ctx);
  if (assignment === null || !accepted(assignment, query, name, profile, personName, options)) return null;
  const { placed } = assignment;
  return { placed, profile, matchClass: matchClassOf(placed), inOrder: isInOrder(placed), evidence: assignment.evidence };
}
