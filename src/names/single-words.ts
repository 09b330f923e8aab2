/**
 * Whether every option the matcher could build for a query on a list name places one query word on one list word
 * (or leaves it unplaced): no glued, split, abbreviated or acronym form of the query is on the name
 * (placement-options.ts, abbreviation-options.ts). Decided from the words alone, without building an option or a
 * string, so that the bound of such placements (singleWordsMayPass) can reject the name before its options are made.
 * It only errs towards `false` (a form may be there): the bound is then left to the options.
 */
import type { AffixRole } from './affixes.js';
import { gluedType } from './pair-types.js';
import { coreRangeInto, MAX_ACRONYM, MIN_ACRONYM, type AssignContext, type Span } from './placement.js';
import type { PreparedWord } from './prepare.js';

/** The query's core span, reused. */
const CORE: Span = { from: 0, to: 0 };

export function onlySingleWordOptions(
  query: readonly PreparedWord[],
  roles: readonly (AffixRole | undefined)[],
  list: readonly PreparedWord[],
  ctx: AssignContext,
): boolean {
  const n = query.length;
  const m = list.length;
  if (ctx.acronyms) {
    // A query of one core word of 3 to 8 letters may be a list acronym's run; query words may spell out a list word.
    const core = coreRangeInto(query, roles, CORE);
    const length = core.to - core.from;
    if (length === 1) {
      const q = query[core.from]!;
      if (!q.isNumber && q.text.length >= MIN_ACRONYM && q.text.length <= MAX_ACRONYM) return false;
    }
    if (ctx.reverseAcronyms === true && length >= MIN_ACRONYM && length <= MAX_ACRONYM) {
      for (let j = 0; j < m; j++) if (spellsInitials(list[j]!.text, query, core.from, length)) return false;
    }
  }
  const { abbreviations, abbreviationStarts } = ctx.tables;
  const abbreviating = abbreviations.size > 0;
  if (abbreviating) for (let j = 0; j < m; j++) if (abbreviationStarts.has(list[j]!.text)) return false;
  for (let i = 0; i < n; i++) {
    if (ctx.duplicateOf?.[i] !== undefined) continue;
    const q = query[i]!.text;
    if (abbreviating && abbreviationStarts.has(q)) return false;
    for (let j = 0; j < m; j++) {
      const l = list[j]!.text;
      // Query words i, i+1.. glued into list word j.
      if (i + 1 < n && l.length > q.length && l.startsWith(q) && l.startsWith(query[i + 1]!.text, q.length)) return false;
      // List words j, j+1.. glued into query word i.
      if (j + 1 < m && q.length > l.length && q.startsWith(l) && gluesInto(list, j, q)) return false;
    }
    // Two query words glued, then matched like one word.
    const glued = ctx.gluedPairs?.[i];
    if (glued !== undefined) {
      for (let j = 0; j < m; j++) {
        if (list[j]!.text === glued.text) continue;
        const type = gluedType(glued, n + i, list[j]!, ctx);
        if (type === 'edit_distance' || type === 'phonetic' || type === 'equivalent_name') return false;
      }
    }
  }
  return true;
}

/** Whether list words j, j+1.. (two to four of them) glued spell `text` (placement-options.ts, MAX_GLUE). */
function gluesInto(list: readonly PreparedWord[], j: number, text: string): boolean {
  let at = list[j]!.text.length;
  for (let k = j + 1; k < list.length && k < j + 4; k++) {
    const w = list[k]!.text;
    if (!text.startsWith(w, at)) return false;
    at += w.length;
    if (at === text.length) return true;
  }
  return false;
}

/** Whether `text` is the first letters of query words from..from+count-1. */
function spellsInitials(text: string, query: readonly PreparedWord[], from: number, count: number): boolean {
  if (text.length !== count) return false;
  for (let k = 0; k < count; k++) if (text[k] !== query[from + k]!.text[0]) return false;
  return true;
}
