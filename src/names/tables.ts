/**
 * Word tables (lists/, compiled into src/tables/generated.ts) loaded through the one normaliser.
 * Hosts can build their own with `buildWordTables`, extending or replacing any table.
 */
import * as generated from '../tables/generated.js';
import { normalizeName } from './normalize.js';

/** The raw tables as written in lists/. */
export interface RawWordTables {
  personalTitles: readonly string[];
  personalSuffixes: readonly string[];
  organisationPrefixes: readonly string[];
  organisationSuffixes: readonly string[];
  clericalMarks: readonly string[];
  nameParticles: readonly string[];
  numberWords: readonly (readonly [string, string])[];
  /** [abbreviation, expansion] pairs (lists/abbreviations.txt). */
  abbreviations?: readonly (readonly [string, string])[];
  nicknameGroups: readonly (readonly string[])[];
  crossCulturalGroups: readonly (readonly string[])[];
}

/** A set of word sequences (one or more folded words each), looked up by first or last word. */
export interface SequenceTable {
  byFirst: ReadonlyMap<string, readonly (readonly string[])[]>;
  byLast: ReadonlyMap<string, readonly (readonly string[])[]>;
  size: number;
}

export interface WordTables {
  personalTitles: SequenceTable;
  personalSuffixes: SequenceTable;
  organisationPrefixes: SequenceTable;
  organisationSuffixes: SequenceTable;
  clericalMarks: SequenceTable;
  particles: ReadonlySet<string>;
  /** word -> ids of nickname groups it belongs to (persons only). */
  nicknames: ReadonlyMap<string, readonly number[]>;
  /** word -> ids of cross-cultural equivalence groups it belongs to (every entity type). */
  crossCultural: ReadonlyMap<string, readonly number[]>;
  /** Folded words of each nickname group, by group id. */
  nicknameGroups: readonly (readonly string[])[];
  /** Folded words of each cross-cultural group, by group id. */
  crossCulturalGroups: readonly (readonly string[])[];
  digitToWords: ReadonlyMap<string, readonly string[]>;
  wordToDigits: ReadonlyMap<string, readonly string[]>;
  /**
   * Abbreviations by their folded words glued (`int'l` → `intl`, `U.S.` → `us`): the folded words of each
   * expansion (`international`; `united states`).
   */
  abbreviations: ReadonlyMap<string, readonly (readonly string[])[]>;
  /** Expansions by their folded words joined with spaces: the folded words of each abbreviation. */
  expansions: ReadonlyMap<string, readonly (readonly string[])[]>;
  /** First folded word of every abbreviation (a quick test before gluing list words). */
  abbreviationStarts: ReadonlySet<string>;
}

export const DEFAULT_RAW_TABLES: RawWordTables = {
  personalTitles: generated.PERSONAL_TITLES,
  personalSuffixes: generated.PERSONAL_SUFFIXES,
  organisationPrefixes: generated.ORGANISATION_PREFIXES,
  organisationSuffixes: generated.ORGANISATION_SUFFIXES,
  clericalMarks: generated.CLERICAL_MARKS,
  nameParticles: generated.NAME_PARTICLES,
  numberWords: generated.NUMBER_WORDS,
  abbreviations: generated.ABBREVIATIONS,
  nicknameGroups: generated.NICKNAME_GROUPS,
  crossCulturalGroups: generated.CROSS_CULTURAL_GROUPS,
};

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
}

function sequenceTable(entries: readonly string[]): SequenceTable {
  const byFirst = new Map<string, string[][]>();
  const byLast = new Map<string, string[][]>();
  const seen = new Set<string>();
  for (const entry of entries) {
    const words = normalizeName(entry);
    const key = words.join(' ');
    if (words.length === 0 || seen.has(key)) continue;
    seen.add(key);
    pushTo(byFirst, words[0]!, words);
    pushTo(byLast, words[words.length - 1]!, words);
  }
  // Longest sequences first, so the longest affix wins.
  for (const map of [byFirst, byLast]) for (const list of map.values()) list.sort((a, b) => b.length - a.length);
  return { byFirst, byLast, size: seen.size };
}

/** Each group's names folded to single words (multi-word spellings such as `abd al` are glued). */
function foldGroups(groups: readonly (readonly string[])[]): string[][] {
  return groups.map((group) => [...new Set(group.map((name) => normalizeName(name).join('')).filter((w) => w.length > 0))]);
}

function groupIndex(groups: readonly (readonly string[])[]): Map<string, number[]> {
  const index = new Map<string, number[]>();
  groups.forEach((group, id) => {
    for (const word of group) pushTo(index, word, id);
  });
  return index;
}

export function buildWordTables(raw: RawWordTables = DEFAULT_RAW_TABLES): WordTables {
  const digitToWords = new Map<string, string[]>();
  const wordToDigits = new Map<string, string[]>();
  for (const [digit, word] of raw.numberWords) {
    const d = normalizeName(digit).join('');
    const w = normalizeName(word).join('');
    if (d.length === 0 || w.length === 0) continue;
    pushTo(digitToWords, d, w);
    pushTo(wordToDigits, w, d);
  }
  const abbreviations = new Map<string, string[][]>();
  const expansions = new Map<string, string[][]>();
  const abbreviationStarts = new Set<string>();
  for (const [short, long] of raw.abbreviations ?? []) {
    const s = normalizeName(short);
    const l = normalizeName(long);
    if (s.length === 0 || l.length === 0 || s.join(' ') === l.join(' ')) continue;
    pushTo(abbreviations, s.join(''), l);
    pushTo(expansions, l.join(' '), s);
    abbreviationStarts.add(s[0]!);
  }
  const nicknameGroups = foldGroups(raw.nicknameGroups);
  const crossCulturalGroups = foldGroups(raw.crossCulturalGroups);
  return {
    personalTitles: sequenceTable(raw.personalTitles),
    personalSuffixes: sequenceTable(raw.personalSuffixes),
    organisationPrefixes: sequenceTable(raw.organisationPrefixes),
    organisationSuffixes: sequenceTable(raw.organisationSuffixes),
    clericalMarks: sequenceTable(raw.clericalMarks),
    particles: new Set(raw.nameParticles.flatMap((p) => normalizeName(p))),
    nicknames: groupIndex(nicknameGroups),
    crossCultural: groupIndex(crossCulturalGroups),
    nicknameGroups,
    crossCulturalGroups,
    digitToWords,
    wordToDigits,
    abbreviations,
    expansions,
    abbreviationStarts,
  };
}

let defaults: WordTables | undefined;
/** The bundled tables, built once on first use. */
export function defaultWordTables(): WordTables {
  defaults ??= buildWordTables();
  return defaults;
}
