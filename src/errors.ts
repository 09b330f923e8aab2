/**
 * Errors as values. Every expected failure is a `Problem` with a stable `code`; areas map problems to the
 * spec's envelopes (search area: `{ code, message, status: 'failure' }`; transaction area: problem detail).
 * Throw only for programmer errors.
 */

export interface Problem {
  /** Stable, machine-readable code, e.g. `invalid_fuzziness`. */
  code: string;
  /** Human-readable explanation. */
  message: string;
  /** JSON path of the offending input, e.g. `filters.birth_year`. */
  path?: string;
}

export type Result<T, E = Problem[]> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
export const fail = <E>(error: E): { ok: false; error: E } => ({ ok: false, error });

/** The search area's failure envelope (search-api.md, "Response envelope"), plus the itemised problems. */
export interface FailureEnvelope {
  code: number;
  message: string;
  status: 'failure';
  errors?: Problem[];
}

export function failureEnvelope(httpStatus: number, problems: Problem[]): FailureEnvelope {
  const message = problems.length === 0 ? 'invalid input' : problems.map((p) => p.message).join('; ');
  return { code: httpStatus, message, status: 'failure', errors: problems };
}

export function problem(code: string, message: string, path?: string): Problem {
  return path === undefined ? { code, message } : { code, message, path };
}
