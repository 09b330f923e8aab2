/**
 * GUIDE.md fuzziness table: the shortest query word that may match with one edit.
 * Values between steps use the lower step; 0 disables the one-edit typo only.
 */
const SHORTEST_WORD_FOR_ONE_EDIT: readonly (number | null)[] = [null, 25, 13, 9, 7, 5, 5, 4, 4, 3, 3];

export const DEFAULT_FUZZINESS = 0.5;

/** The shortest query word allowed one edit at this fuzziness, or null when edits are off. */
export function shortestWordForOneEdit(fuzziness: number): number | null {
  const step = Math.min(10, Math.max(0, Math.floor(fuzziness * 10 + 1e-9)));
  return SHORTEST_WORD_FOR_ONE_EDIT[step] ?? null;
}
