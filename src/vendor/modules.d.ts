// Type declarations for CommonJS dependencies that ship none.
declare module 'talisman/metrics/damerau-levenshtein.js' {
  /** Full Damerau-Levenshtein (optimal string alignment) distance. */
  const distance: (a: string, b: string) => number;
  /** Distance bounded by `max`; returns `max + 1` when the distance exceeds it. */
  export const limited: (max: number, a: string, b: string) => number;
  export default distance;
}
