/**
 * Table lookups on strings that come from outside (list files, uploaded cells, requests). A plain object literal
 * inherits `constructor`, `toString`, `__proto__` and the rest of `Object.prototype`: `TABLE[key]` with such a key
 * answers a built-in function instead of "absent", and `key in TABLE` answers true. Every lookup of an outside
 * string in a fixed table goes through `own`; every record keyed by outside strings is made with `dict`.
 */

/** `table[key]` when `key` is the table's own property, else undefined (never an inherited built-in). */
export function own<V>(table: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** Whether `key` is an own property of `table`. */
export function hasOwn(table: object, key: string): boolean {
  return Object.hasOwn(table, key);
}

/** An empty record with no prototype, safe to key by outside strings (`__proto__` is an ordinary key there). */
export function dict<V>(): Record<string, V> {
  return Object.create(null) as Record<string, V>;
}

/**
 * An outside value as text for a message, never throwing: `String(v)` throws on an object without a prototype
 * (`{ __proto__: null }`) or with a hostile `toString`; JSON for objects, cut to 200 characters.
 */
export function show(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === null || (typeof v !== 'object' && typeof v !== 'function')) return String(v);
  try {
    const json = JSON.stringify(v);
    if (json !== undefined) return json.length > 200 ? `${json.slice(0, 200)}…` : json;
  } catch {
    // cyclic or hostile: fall through
  }
  return Array.isArray(v) ? '[array]' : `[${typeof v}]`;
}
