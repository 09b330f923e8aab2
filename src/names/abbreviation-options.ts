/** Placements of query words through the abbreviation table (lists/abbreviations.txt; issue 16). */
import { makeOption, range, sum, type AssignContext, type Option } from './placement.js';
import { SIMILARITY } from './evidence.js';
import type { PreparedWord } from './prepare.js';

/** At most this many words make an abbreviation (`u s a`). */
const MAX_ABBREVIATION_WORDS = 3;

/**
 * Abbreviations (lists/abbreviations.txt), either way round: query words i.. glued spell an abbreviation whose
 * expansion is a run of list words (`Int'l` ~ `International`, `U.S.` ~ `United States`), or a run of list words
 * glued is an abbreviation whose expansion the query words starting at i spell out. Reported as `equivalent_name`.
 */
export function abbreviationOptions(
  i: number,
  query: readonly PreparedWord[],
  list: readonly PreparedWord[],
  ctx: AssignContext,
  options: Option[],
  gain: number,
  cost: number,
): void {
  const { abbreviations, expansions, abbreviationStarts } = ctx.tables;
  if (abbreviations.size === 0) return;
  const n = query.length;
  const m = list.length;
  const sim = SIMILARITY.removed_spaces;
  if (abbreviationStarts.has(query[i]!.text)) {
    let glued = '';
    for (let k = 1; k <= MAX_ABBREVIATION_WORDS && i + k <= n; k++) {
      glued += query[i + k - 1]!.text;
      const found = abbreviations.get(glued);
      if (found === undefined) continue;
      for (const expansion of found) {
        for (let j = 0; j + expansion.length <= m; j++) {
          if (!runIs(list, j, expansion)) continue;
          const lm = sum(ctx.listMass, j, expansion.length);
          options.push(makeOption(k, range(j, expansion.length), 'equivalent_name', sim * lm, lm, gain, cost, false, false, lm > 0, lm > 0));
        }
      }
    }
  }
  for (let j = 0; j < m; j++) {
    if (!abbreviationStarts.has(list[j]!.text)) continue;
    let glued = '';
    for (let k = 1; k <= MAX_ABBREVIATION_WORDS && j + k <= m; k++) {
      glued += list[j + k - 1]!.text;
      const found = abbreviations.get(glued);
      if (found === undefined) continue;
      for (const expansion of found) {
        if (i + expansion.length > n || !runIs(query, i, expansion) || !expansions.has(expansion.join(' '))) continue;
        const lm = sum(ctx.listMass, j, k);
        options.push(makeOption(expansion.length, range(j, k), 'equivalent_name', sim * lm, lm, gain, cost, false, false, lm > 0, lm > 0));
      }
    }
  }
}

/** Words from..from+run.length-1 are the run's words. */
function runIs(words: readonly PreparedWord[], from: number, run: readonly string[]): boolean {
  for (let k = 0; k < run.length; k++) if (words[from + k]!.text !== run[k]) return false;
  return true;
}
