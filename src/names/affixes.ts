/**
 * Which words of a name are removable affixes (GUIDE.md section 1, step 3): personal titles at the start,
 * personal suffixes at the end, organisation prefixes at the start and suffixes at the end, clerical marks
 * anywhere. Which families apply depends on the entity type. Removal never empties a name.
 */
import type { EntityType } from '../types/entity.js';
import type { SequenceTable, WordTables } from './tables.js';

export type AffixRole =
  | 'removed_personal_title'
  | 'removed_personal_suffix'
  | 'removed_organisation_prefix'
  | 'removed_organisation_suffix'
  | 'removed_clerical_mark';

/** `person` rules, `organisation` rules (companies, organisations, vessels, aircraft), or both. */
export type AffixProfile = 'person' | 'organisation' | 'any';

export function affixProfile(entityType: EntityType | undefined): AffixProfile {
  if (entityType === undefined) return 'any';
  return entityType === 'person' ? 'person' : 'organisation';
}

function startsWithAt(words: readonly string[], at: number, seq: readonly string[]): boolean {
  if (at + seq.length > words.length) return false;
  for (let k = 0; k < seq.length; k++) if (words[at + k] !== seq[k]) return false;
  return true;
}

function endsWithAt(words: readonly string[], end: number, seq: readonly string[]): boolean {
  const start = end - seq.length + 1;
  return start >= 0 && startsWithAt(words, start, seq);
}

function longestAt(table: SequenceTable, words: readonly string[], at: number): number {
  const seqs = table.byFirst.get(words[at]!);
  if (seqs !== undefined) for (const seq of seqs) if (startsWithAt(words, at, seq)) return seq.length;
  return 0;
}

function longestEndingAt(table: SequenceTable, words: readonly string[], end: number): number {
  const seqs = table.byLast.get(words[end]!);
  if (seqs !== undefined) for (const seq of seqs) if (endsWithAt(words, end, seq)) return seq.length;
  return 0;
}

/**
 * The affix role of each word (undefined for an ordinary word). `segments` gives each word's comma-separated
 * part: leading and trailing affixes are found in every part (`KING Jr, Martin Luther`).
 */
export function affixRoles(
  words: readonly string[],
  tables: WordTables,
  profile: AffixProfile,
  segments?: readonly number[],
): (AffixRole | undefined)[] {
  const n = words.length;
  if (segments === undefined || n === 0 || segments[n - 1] === 0) return segmentRoles(words, tables, profile);
  const roles: (AffixRole | undefined)[] = [];
  for (let from = 0; from < n; ) {
    let to = from;
    while (to < n && segments[to] === segments[from]) to++;
    roles.push(...segmentRoles(words.slice(from, to), tables, profile, false));
    from = to;
  }
  return roles.includes(undefined) ? roles : new Array<AffixRole | undefined>(n).fill(undefined);
}

function mark(roles: (AffixRole | undefined)[], from: number, length: number, role: AffixRole): void {
  for (let k = from; k < from + length; k++) roles[k] = role;
}

/** Whether a word of roles[from, to) has a role. */
function anyRole(roles: readonly (AffixRole | undefined)[], from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (roles[k] !== undefined) return true;
  return false;
}

function segmentRoles(words: readonly string[], tables: WordTables, profile: AffixProfile, keepOne = true): (AffixRole | undefined)[] {
  const n = words.length;
  const roles: (AffixRole | undefined)[] = new Array(n).fill(undefined);
  for (let i = 0; i < n; ) {
    const len = longestAt(tables.clericalMarks, words, i);
    if (len > 0) mark(roles, i, len, 'removed_clerical_mark');
    i += Math.max(len, 1);
  }
  const person = profile !== 'organisation';
  const organisation = profile !== 'person';
  // Leading affixes, repeatedly ("H.E. Sheikh Dr ...", "The JSC ...").
  for (let i = 0; i < n; ) {
    if (roles[i] === 'removed_clerical_mark') { i++; continue; }
    const title = person ? longestAt(tables.personalTitles, words, i) : 0;
    const prefix = organisation ? longestAt(tables.organisationPrefixes, words, i) : 0;
    if (title === 0 && prefix === 0) break;
    if (title >= prefix) mark(roles, i, title, 'removed_personal_title');
    else mark(roles, i, prefix, 'removed_organisation_prefix');
    i += Math.max(title, prefix);
  }
  // Trailing affixes, repeatedly ("... Jr PhD", "... Co Ltd").
  for (let end = n - 1; end >= 0; ) {
    if (roles[end] === 'removed_clerical_mark') { end--; continue; }
    if (roles[end] !== undefined) break;
    const suffix = person ? longestEndingAt(tables.personalSuffixes, words, end) : 0;
    const orgSuffix = organisation ? longestEndingAt(tables.organisationSuffixes, words, end) : 0;
    if (suffix === 0 && orgSuffix === 0) break;
    const len = Math.max(suffix, orgSuffix);
    if (anyRole(roles, end - len + 1, end + 1)) break;
    mark(roles, end - len + 1, len, suffix >= orgSuffix ? 'removed_personal_suffix' : 'removed_organisation_suffix');
    end -= len;
  }
  // Never strip a word that leaves the name empty (for a comma part, the caller checks the whole name).
  const nothingLeft = !roles.includes(undefined);
  return nothingLeft && keepOne ? new Array<AffixRole | undefined>(n).fill(undefined) : roles;
}

/** The affix tables anywhereRoles reads, in order, with their role and the profile they apply to (all when undefined). */
const FAMILIES: readonly (readonly [keyof WordTables & ('clericalMarks' | 'personalTitles' | 'personalSuffixes' | 'organisationPrefixes' | 'organisationSuffixes'), AffixRole, AffixProfile | undefined])[] = [
  ['clericalMarks', 'removed_clerical_mark', undefined],
  ['personalTitles', 'removed_personal_title', 'person'],
  ['personalSuffixes', 'removed_personal_suffix', 'person'],
  ['organisationPrefixes', 'removed_organisation_prefix', 'organisation'],
  ['organisationSuffixes', 'removed_organisation_suffix', 'organisation'],
];

/**
 * Query-side roles: any word sequence of an applicable affix table is removable wherever it stands, so matching
 * does not depend on the query's word order (`Ali Khamenei Ayatollah` ~ `Ali Khamenei`). Whether an affix stood
 * where affixes stand (`affixRoles`) only changes the score.
 */
export function anywhereRoles(words: readonly string[], tables: WordTables, profile: AffixProfile): (AffixRole | undefined)[] {
  const n = words.length;
  const roles: (AffixRole | undefined)[] = new Array(n).fill(undefined);
  for (let i = 0; i < n; ) {
    let best = 0;
    let role: AffixRole | undefined;
    for (const [family, r, applies] of FAMILIES) {
      if (applies !== undefined && applies !== profile && profile !== 'any') continue;
      const len = longestAt(tables[family], words, i);
      if (len > best) {
        best = len;
        role = r;
      }
    }
    for (let k = i; k < i + best; k++) roles[k] = role;
    i += Math.max(best, 1);
  }
  return roles.includes(undefined) ? roles : new Array<AffixRole | undefined>(n).fill(undefined);
}

/** Per word tables: every word that starts or ends a sequence of an affix table (affixWordsOf). */
const AFFIX_WORDS = new WeakMap<WordTables, ReadonlySet<string>>();

function affixWordsOf(tables: WordTables): ReadonlySet<string> {
  let words = AFFIX_WORDS.get(tables);
  if (words === undefined) {
    const all = new Set<string>();
    for (const [family] of FAMILIES) {
      for (const w of tables[family].byFirst.keys()) all.add(w);
      for (const w of tables[family].byLast.keys()) all.add(w);
    }
    words = all;
    AFFIX_WORDS.set(tables, words);
  }
  return words;
}

/**
 * Whether some word could have an affix role under some profile: a word that starts or ends a sequence of an affix
 * table. Where none does, affixRoles and anywhereRoles give no word a role (each role starts at a sequence's first
 * word or, for suffixes, ends at its last), so a caller may skip them.
 */
export function mayHoldAffix(words: readonly string[], tables: WordTables): boolean {
  const affixWords = affixWordsOf(tables);
  for (const w of words) if (affixWords.has(w)) return true;
  return false;
}
