/**
 * Bounds on the work of validating one outside value: the schema validator checks every item and reports every
 * error, so an array of 100,000 bad items costs 100,000 checks and a body of every error. Before validation the
 * value is walked once, within limits: an array longer than `maxItems` or an object with more than `maxKeys` keys
 * is validated on a copy cut to one more than the limit (enough for the schema's own maxItems rule to fire), and
 * reported; nesting deeper than `maxDepth` is cut and reported. Violations reported are capped at `maxViolations`.
 * Linear in the part of the value that is read, and that part is bounded.
 */
import type { TransactionViolation } from './types.js';

export interface ValidationBounds {
  /** Items of one array checked (default 1000; the spec's arrays hold at most 10). */
  maxItems: number;
  /** Keys of one object checked (default 1000). */
  maxKeys: number;
  /** Nesting depth checked (default 32; the deepest shape of the spec is under 10). */
  maxDepth: number;
  /** Violations reported (default 100; the last one says how many more there were). */
  maxViolations: number;
}

export const DEFAULT_VALIDATION_BOUNDS: Readonly<ValidationBounds> = Object.freeze({ maxItems: 1000, maxKeys: 1000, maxDepth: 32, maxViolations: 100 });

const pathOf = (parent: string, key: string | number): string =>
  typeof key === 'number' ? `${parent}[${key}]` : /^[A-Za-z_$][\w$]*$/.test(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`;

/**
 * The value to validate (the input itself when it is within bounds, else a cut copy) and the violations of the
 * bounds. Only plain JSON-like structure is walked (arrays and plain objects); anything else is left to the schema.
 */
export function boundForValidation(value: unknown, bounds: ValidationBounds = DEFAULT_VALIDATION_BOUNDS): { value: unknown; violations: TransactionViolation[] } {
  const violations: TransactionViolation[] = [];
  let cut = false;
  const walk = (v: unknown, path: string, depth: number): unknown => {
    if (v === null || typeof v !== 'object') return v;
    if (depth >= bounds.maxDepth) {
      violations.push({ code: 'MAX_SIZE_LIMIT_REACHED', message: `nesting deeper than ${bounds.maxDepth} levels is not read`, path });
      cut = true;
      return null;
    }
    if (Array.isArray(v)) {
      const n = Math.min(v.length, bounds.maxItems + 1);
      if (v.length > bounds.maxItems) {
        violations.push({ code: 'MAX_SIZE_LIMIT_REACHED', message: `at most ${bounds.maxItems} items are read (${v.length} given)`, path });
        cut = true;
      }
      const out: unknown[] = new Array(n);
      for (let i = 0; i < n; i++) out[i] = walk(v[i], pathOf(path, i), depth + 1);
      return out;
    }
    const proto = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) return v;
    const out: Record<string, unknown> = {};
    let k = 0;
    for (const key in v) {
      if (!Object.hasOwn(v, key)) continue;
      if (++k > bounds.maxKeys + 1) break;
      Object.defineProperty(out, key, { value: walk((v as Record<string, unknown>)[key], pathOf(path, key), depth + 1), enumerable: true, writable: true, configurable: true });
    }
    if (k > bounds.maxKeys) {
      violations.push({ code: 'MAX_SIZE_LIMIT_REACHED', message: `at most ${bounds.maxKeys} fields are read`, path });
      cut = true;
    }
    return out;
  };
  const copy = walk(value, '$', 0);
  return { value: cut ? copy : value, violations };
}

/** At most `max` violations: the first `max - 1` and one saying how many more there were. */
export function capViolations(violations: TransactionViolation[], max: number = DEFAULT_VALIDATION_BOUNDS.maxViolations): TransactionViolation[] {
  if (violations.length <= max) return violations;
  const more = violations.length - (max - 1);
  return [...violations.slice(0, max - 1), { code: 'TOO_MANY_VIOLATIONS', message: `${more} more violations are not listed`, path: '$' }];
}
