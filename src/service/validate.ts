/** Input validation of the service methods: Problems collected, never thrown. */
import { problem, type Problem } from '../errors.js';
import type { MatchStatus, RiskLevel } from '../screening/types.js';

export const MATCH_STATUSES: readonly MatchStatus[] = [
  'unknown',
  'no_match',
  'potential_match',
  'false_positive',
  'true_positive',
  'true_positive_approve',
  'true_positive_reject',
];
/** Entity-level updates accept the first five values. */
export const ENTITY_MATCH_STATUSES: readonly MatchStatus[] = MATCH_STATUSES.slice(0, 5);
export const RISK_LEVELS: readonly RiskLevel[] = ['low', 'medium', 'high', 'unknown'];

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/**
 * Own-property access for tables keyed by outside strings (tag names, ids): `toString`, `constructor` and
 * `__proto__` are keys like any other, never the prototype's members.
 */
export const hasOwn = (o: object, key: string): boolean => Object.hasOwn(o, key);
export const ownValue = <V>(o: Readonly<Record<string, V>>, key: string): V | undefined => (Object.hasOwn(o, key) ? o[key] : undefined);
/** Sets `key` as an own data property (an assignment to `__proto__` would change the prototype instead). */
export function setOwn<V>(o: Record<string, V>, key: string, value: V): void {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Text that is well-formed Unicode (no lone surrogate: it cannot be encoded as UTF-8 or in a URL). */
export const isWellFormed = (s: string): boolean => !LONE_SURROGATE.test(s);

export { charLength } from '../request/validate.js';

/** The `filters.types` a search profile sets: undefined (every type) when it names none. */
export function profileTypes(p: { types?: readonly string[] }): string[] | undefined {
  return p.types && p.types.length > 0 ? [...p.types] : undefined;
}

/** Filters with the profile's types, or without any `types` when the profile screens every type. */
export function withProfileTypes<F extends { types?: string[] }>(filters: F, p: { types?: readonly string[] }): F {
  const { types: _drop, ...rest } = filters;
  const types = profileTypes(p);
  return (types ? { ...rest, types } : rest) as F;
}

/** A query argument: undefined (no query) or an object; anything else is an error the caller reports. */
export const isQuery = (v: unknown): v is Record<string, unknown> | undefined => v === undefined || isObject(v);

/** Query-string style integer: a number or a string of digits. */
export function queryInt(v: unknown): number | undefined {
  if (isInt(v)) return v;
  if (typeof v === 'string' && /^-?\d+$/.test(v.trim())) return Number(v.trim());
  return undefined;
}

/** Query-string style list: an array, or a comma-separated string. */
export function queryList(v: unknown): string[] | undefined {
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) {
    return (v as string[]).flatMap((x) => x.split(',')).map((x) => x.trim()).filter((x) => x !== '');
  }
  if (typeof v === 'string') return v.split(',').map((x) => x.trim()).filter((x) => x !== '');
  return undefined;
}

export class Problems {
  readonly list: Problem[] = [];
  add(code: string, message: string, path?: string): void {
    this.list.push(problem(code, message, path));
  }
  get empty(): boolean {
    return this.list.length === 0;
  }
}

/** Validates a tags object against the defined tag names. */
export function checkTags(v: unknown, defined: ReadonlySet<string>, p: Problems, path = 'tags'): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isObject(v)) {
    p.add('invalid_tags', `${path} must be an object of tag name to value`, path);
    return out;
  }
  for (const [name, value] of Object.entries(v)) {
    if (!defined.has(name)) {
      p.add('unknown_tag', `tag ${JSON.stringify(name)} is not defined`, `${path}.${name}`);
      continue;
    }
    if (typeof value === 'number' || typeof value === 'boolean') {
      setOwn(out, name, String(value));
    } else if (typeof value === 'string' && value !== '' && isWellFormed(value)) {
      setOwn(out, name, value);
    } else {
      p.add('invalid_tag_value', `tag ${JSON.stringify(name)} needs a non-empty string value`, `${path}.${name}`);
    }
  }
  return out;
}
