/**
 * Reading XML publications: one lenient parse (fast-xml-parser) and small accessors over the tree it gives.
 *
 * The whole document is parsed at once (the published lists are a few tens of MB); the importers then yield one
 * record at a time. Options that make real files read alike: namespace prefixes are dropped (`<ns2:export>` is
 * `export`), and with `lowerCase` tag and attribute names are compared in lower case (`<UKStatementofReasons>` and
 * `<UKStatementOfReasons>` are one element). Text values are whitespace-collapsed; an element holding only
 * whitespace is absent.
 */
import { lazily } from '../lazy.js';
import { issue } from './result.js';
import type { ImportIssue } from './types.js';

export type XmlNode = Record<string, unknown>;

const ATTR = '@_';

export interface XmlParseOptions {
  /** Compare tag and attribute names in lower case (the accessors then take lower-case keys). */
  lowerCase?: boolean;
  /** Tags always read as arrays; default: every element (the accessors accept both forms). */
  arrays?: ReadonlySet<string>;
}

/** fast-xml-parser, loaded with the first XML list read (see ../lazy.ts). */
const fastXmlParser = lazily<typeof import('fast-xml-parser')>('fast-xml-parser');

/** Parses a document, or returns the `<prefix>_malformed_xml` issue with its line and column. */
export function parseXml(source: string, file: string, codePrefix: string, options: XmlParseOptions = {}): { doc: XmlNode } | { issue: ImportIssue } {
  const malformed = (message: string, at: { line?: number; element?: string } = {}) => ({
    issue: issue('error', `${codePrefix}_malformed_xml`, message, { file, ...at }, 'the file is well-formed XML'),
  });
  // The validator and the parser each refuse some XML the other lets through (a comment or processing instruction
  // left open after the root, element names the parser keeps off objects such as `constructor`): a refusal by
  // either is the file's fault, reported as the same issue.
  try {
    const valid = fastXmlParser().XMLValidator.validate(source);
    if (valid !== true) return malformed(valid.err.msg, { line: valid.err.line, element: `column ${valid.err.col}` });
    return { doc: parseValid(source, options) };
  } catch (e) {
    return malformed(e instanceof Error ? e.message : String(e));
  }
}

function parseValid(source: string, options: XmlParseOptions): XmlNode {
  const lower = options.lowerCase === true ? (name: string) => name.toLowerCase() : undefined;
  const arrays = options.arrays;
  const parser = new (fastXmlParser().XMLParser)({
    ignoreAttributes: false,
    attributeNamePrefix: ATTR,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    removeNSPrefix: true,
    ...(lower !== undefined ? { transformTagName: lower, transformAttributeName: lower } : {}),
    isArray: (tagName, _jPath, _leaf, isAttribute) => !isAttribute && (arrays === undefined || arrays.has(tagName)),
  });
  return parser.parse(source) as XmlNode;
}

function clean(v: unknown): string | undefined {
  if (typeof v !== 'string' && typeof v !== 'number') return undefined;
  const s = String(v).replace(/\s+/g, ' ').trim();
  return s === '' ? undefined : s;
}

/** The text of a value as the parser gives it: a string, or an element object's `#text`. */
function textOf(v: unknown): string | undefined {
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) return clean((v as XmlNode)['#text']);
  return clean(v);
}

function children(node: unknown, key: string): unknown[] {
  if (node === null || typeof node !== 'object') return [];
  const v = (node as XmlNode)[key];
  if (v === undefined) return [];
  return Array.isArray(v) ? v : [v];
}

/** The text of the first child element `key` that has text. */
export function xmlText(node: unknown, key: string): string | undefined {
  for (const c of children(node, key)) {
    const t = textOf(c);
    if (t !== undefined) return t;
  }
  return undefined;
}

/** The texts of every child element `key`. */
export function xmlTexts(node: unknown, key: string): string[] {
  return children(node, key).map(textOf).filter((s): s is string => s !== undefined);
}

/** The child elements `key` that are elements (objects); an empty `<x/>` counts as one with nothing in it. */
export function xmlList(node: unknown, key: string): XmlNode[] {
  return children(node, key).map((c) => (c !== null && typeof c === 'object' ? (c as XmlNode) : c === '' ? {} : { '#text': c }));
}

/** An attribute's value, whitespace-collapsed; undefined when absent or blank. */
export function xmlAttr(node: unknown, name: string): string | undefined {
  if (node === null || typeof node !== 'object') return undefined;
  return clean((node as XmlNode)[`${ATTR}${name}`]);
}

/** The texts of every element `key` anywhere below `node` (any depth), in document order. */
export function xmlDeepTexts(node: unknown, key: string): string[] {
  const out: string[] = [];
  const walk = (n: unknown): void => {
    if (n === null || typeof n !== 'object') return;
    if (Array.isArray(n)) {
      for (const x of n) walk(x);
      return;
    }
    for (const [k, v] of Object.entries(n as XmlNode)) {
      if (k.startsWith(ATTR) || k === '#text') continue;
      if (k === key) for (const x of Array.isArray(v) ? v : [v]) {
        const t = textOf(x);
        if (t !== undefined) out.push(t);
      }
      else walk(v);
    }
  };
  walk(node);
  return out;
}

/** The elements `key` anywhere below `node` (not looking inside a found one), in document order. */
export function xmlDeepList(node: unknown, key: string): XmlNode[] {
  const out: XmlNode[] = [];
  const walk = (n: unknown): void => {
    if (n === null || typeof n !== 'object') return;
    if (Array.isArray(n)) {
      for (const x of n) walk(x);
      return;
    }
    for (const [k, v] of Object.entries(n as XmlNode)) {
      if (k.startsWith(ATTR) || k === '#text') continue;
      if (k === key) out.push(...xmlList(n, k));
      else walk(v);
    }
  };
  walk(node);
  return out;
}

/** The names of the document's top-level elements, for a "bad root" message. */
export function rootNames(doc: XmlNode): string[] {
  return Object.keys(doc).filter((k) => !k.startsWith('?') && !k.startsWith(ATTR) && k !== '#text');
}
