/**
 * How a JSON schema of a request names the service's problem codes. A schema node carries `x-problem` (the problem
 * any failing keyword under it reports) and `x-problems` (per keyword: `maxLength`, `required`, ...). A problem may
 * set `envelope`, the top-level message the service gives for it (then it has no `code`: the service lists no
 * problem for it). `{key}` in a message is the JSON-quoted name of the offending property.
 */
export interface ProblemNote {
  code?: string;
  message: string;
  /** The path reported, when it is not the failing value's own (e.g. a missing body reported on `comment`). */
  path?: string;
  /** The failure envelope's message, when the service gives one of its own. */
  envelope?: string;
}

/** A JSON schema node (2020-12), with the annotations above. */
export type Schema = { [keyword: string]: unknown; 'x-problem'?: ProblemNote; 'x-problems'?: Record<string, ProblemNote> };

/** A property rule: the schema plus the problem its failures report. */
export const rule = (schema: Schema, problem: ProblemNote, perKeyword: Record<string, ProblemNote> = {}): Schema => ({
  ...schema,
  'x-problem': problem,
  ...(Object.keys(perKeyword).length > 0 ? { 'x-problems': perKeyword } : {}),
});

/** An object schema whose properties are the given rules; `required` names required ones. */
export const object = (properties: Record<string, Schema>, extra: Schema = {}): Schema => ({ type: 'object', properties, ...extra });
