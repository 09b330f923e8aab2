/**
 * An evaluation that cannot complete (missing value with no default, bad data, a failing port). Scenario code throws
 * it; the engine catches it and reports the scenario as ERROR with `{ code, message, path }`.
 */
export class EvalFailure {
  constructor(
    readonly code: string,
    readonly message: string,
    readonly path: string,
  ) {}
}
