/**
 * The JSON text of an answer, byte for byte what `JSON.stringify(answer)` gives, with the JSON of each hit's `doc`
 * (the entity, most of a search answer's bytes) written once per entity and kept: a list's entities are the same
 * objects from one search to the next, so a hit of an entity already sent costs a look-up instead of a walk of
 * its names, fields and notes.
 *
 * Only the path to the docs is walked by hand (the envelope, `content`, `data`, `hits` and `blacklist_hits`, each
 * hit); every other value is `JSON.stringify`'s own. A value on that path that is not plain data (an array where an
 * object is expected, an object with `toJSON`) is given whole to `JSON.stringify`. The cache is keyed by the doc
 * object itself (a `WeakMap`): a reloaded list brings new objects, and `clear()` (called on every reload) drops the
 * kept text as well, so an entity changed in place by a reload is never served from the old text.
 */

type Plain = Record<string, unknown>;

const isPlain = (v: unknown): v is Plain =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && typeof (v as { toJSON?: unknown }).toJSON !== 'function';

/** `"key":` of each key met, as JSON.stringify writes it (the answers' keys are a few dozen names). */
const keyTexts = new Map<string, string>();
const keyText = (key: string): string => {
  let t = keyTexts.get(key);
  if (t === undefined) {
    t = `${JSON.stringify(key)}:`;
    if (keyTexts.size < 1024) keyTexts.set(key, t);
  }
  return t;
};

/** `JSON.stringify` of an object's members, given how to write the value of each key. */
function members(o: Plain, value: (key: string, v: unknown) => string | undefined): string {
  let out = '{';
  let first = true;
  for (const key of Object.keys(o)) {
    const text = value(key, o[key]);
    if (text === undefined) continue; // undefined, functions and symbols are left out, as JSON.stringify does
    out += first ? keyText(key) + text : `,${keyText(key)}${text}`;
    first = false;
  }
  return `${out}}`;
}

/** JSON.stringify(v); finite numbers, booleans and null written directly (the same text). */
const json = (v: unknown): string | undefined => {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'number':
      return Number.isFinite(v) ? String(v) : 'null';
    case 'boolean':
      return v ? 'true' : 'false';
    default:
      return JSON.stringify(v) as string | undefined;
  }
};

export class AnswerJson {
  private docs = new WeakMap<object, string>();
  private kept = 0;

  /** Docs whose text was written and kept since the last `clear()` (tests and diagnostics). */
  get size(): number {
    return this.kept;
  }

  /** Drops every kept doc text (a list reload). */
  clear(): void {
    this.docs = new WeakMap();
    this.kept = 0;
  }

  /** `JSON.stringify(answer)`, byte for byte. */
  stringify(answer: unknown): string {
    if (!isPlain(answer)) return JSON.stringify(answer);
    return members(answer, (k, v) => (k === 'content' && isPlain(v) ? this.content(v) : json(v)));
  }

  private content(c: Plain): string {
    return members(c, (k, v) => (k === 'data' && isPlain(v) ? this.data(v) : json(v)));
  }

  private data(d: Plain): string {
    return members(d, (k, v) => ((k === 'hits' || k === 'blacklist_hits') && Array.isArray(v) ? this.hits(v) : json(v)));
  }

  private hits(hs: unknown[]): string {
    let out = '[';
    for (let i = 0; i < hs.length; i++) {
      const h = hs[i];
      out += `${i === 0 ? '' : ','}${isPlain(h) ? members(h, (k, v) => (k === 'doc' && isPlain(v) ? this.doc(v) : json(v))) : (json(h) ?? 'null')}`;
    }
    return `${out}]`;
  }

  private doc(d: Plain): string {
    let text = this.docs.get(d);
    if (text === undefined) {
      text = JSON.stringify(d);
      this.docs.set(d, text);
      this.kept++;
    }
    return text;
  }
}
