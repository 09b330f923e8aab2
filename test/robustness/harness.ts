/**
 * The robustness suite's harness: how many inputs each entry point gets, with which seed, and the report of a
 * long run. In `npm test` every property runs a small fixed number of inputs with a fixed seed (the same inputs
 * every time); `npm run fuzz` sets TAMIS_FUZZ_RUNS (inputs per entry point) and TAMIS_FUZZ_SEED, and
 * TAMIS_FUZZ_REPORT (a file where each property appends its entry point, inputs and failures as a JSON line).
 */
import { appendFileSync } from 'node:fs';
import fc from 'fast-check';

const env = (name: string): number | undefined => {
  const v = process.env[name];
  return v === undefined || v === '' || !Number.isFinite(Number(v)) ? undefined : Number(v);
};

/** Seed of every property (fixed in npm test). */
export const SEED = env('TAMIS_FUZZ_SEED') ?? 17;

/**
 * Inputs for one entry point: TAMIS_FUZZ_RUNS when set (divided by `cost` for the expensive ones), else `quick`.
 */
export function runs(quick: number, cost = 1): number {
  const n = env('TAMIS_FUZZ_RUNS');
  return n === undefined ? quick : Math.max(1, Math.round(n / cost));
}

function report(entry: string, inputs: number, failures: number, message?: string): void {
  const file = process.env.TAMIS_FUZZ_REPORT;
  if (file) appendFileSync(file, `${JSON.stringify({ entry, inputs, failures, seed: SEED, ...(message ? { message } : {}) })}\n`);
}

/** Check a synchronous property on `numRuns` inputs; a failure is shrunk, reported and rethrown. */
export function check<T>(entry: string, arb: fc.Arbitrary<T>, numRuns: number, predicate: (value: T) => void): void {
  try {
    fc.assert(fc.property(arb, (v) => predicate(v)), { numRuns, seed: SEED });
    report(entry, numRuns, 0);
  } catch (e) {
    report(entry, numRuns, 1, e instanceof Error ? e.message.slice(0, 2000) : String(e));
    throw e;
  }
}

/** Check an asynchronous property on `numRuns` inputs. */
export async function checkAsync<T>(entry: string, arb: fc.Arbitrary<T>, numRuns: number, predicate: (value: T) => Promise<void>): Promise<void> {
  try {
    await fc.assert(fc.asyncProperty(arb, (v) => predicate(v)), { numRuns, seed: SEED });
    report(entry, numRuns, 0);
  } catch (e) {
    report(entry, numRuns, 1, e instanceof Error ? e.message.slice(0, 2000) : String(e));
    throw e;
  }
}
