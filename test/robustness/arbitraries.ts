/**
 * Inputs a careful attacker would try: arbitrary JSON-like values, hostile strings (names of JavaScript built-ins,
 * characters that normalise to several, lone surrogates, controls, long runs), and valid samples mutated at one or
 * a few places (a value replaced, a key removed, a hostile key added).
 */
import fc from 'fast-check';

export const BUILT_IN_NAMES = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf', 'prototype', 'toJSON', 'then'];

/** Strings that have broken parsers and tables before. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme-composite', maxLength: 20 }),
  fc.constantFrom(...BUILT_IN_NAMES, '', ' ', '\u0000', '\ud800', '\udfff', 'Yus\ud800', '½', '=1+1', '-0', 'NaN', 'Infinity', '1e309', '2026-06-30T23:59:60Z'),
  fc.tuple(fc.constantFrom('½', 'a ', 'ß', 'ǅ', 'ﬃ', '١', '\u200b', 'x'), fc.integer({ min: 1, max: 400 })).map(([s, n]) => s.repeat(n)),
  fc.tuple(fc.constantFrom(...BUILT_IN_NAMES), fc.string({ maxLength: 5 })).map(([a, b]) => `${a}${b}`),
);

/** Numbers a JSON parser never gives but a JavaScript caller can. */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(NaN, Infinity, -Infinity, -0, Number.MAX_SAFE_INTEGER + 2, 1e308, 5e-324, 2 ** 31, -1),
);

const key: fc.Arbitrary<string> = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom(...BUILT_IN_NAMES));

/** An arbitrary JSON-like value (and some that are not JSON: NaN, undefined, -0), hostile keys included. */
export const anyValue: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(null, undefined, true, false),
    hostileNumber,
    hostileString,
    fc.array(tie('v'), { maxLength: 6 }),
    fc.dictionary(key, tie('v'), { maxKeys: 6 }),
  ),
})).v;

type Path = Array<string | number>;

function paths(v: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  out.push(prefix);
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...prefix, i], out));
  else if (v !== null && typeof v === 'object') for (const k of Object.keys(v)) paths((v as Record<string, unknown>)[k], [...prefix, k], out);
  return out;
}

type Edit = { at: number; kind: 'replace' | 'delete' | 'add'; value: unknown; key: string };

function applyEdit(root: unknown, e: Edit): unknown {
  const all = paths(root);
  const path = all[e.at % all.length]!;
  if (path.length === 0) return e.kind === 'replace' ? e.value : root;
  let parent: unknown = root;
  for (const p of path.slice(0, -1)) parent = (parent as Record<string | number, unknown>)[p];
  const last = path.at(-1)!;
  const container = parent as Record<string | number, unknown>;
  if (e.kind === 'replace') container[last] = e.value;
  else if (e.kind === 'delete') {
    if (Array.isArray(container)) container.splice(Number(last), 1);
    else delete container[last];
  } else {
    const target = container[last];
    if (target !== null && typeof target === 'object' && !Array.isArray(target))
      Object.defineProperty(target, e.key, { value: e.value, enumerable: true, writable: true, configurable: true });
    else container[last] = e.value;
  }
  return root;
}

const edit: fc.Arbitrary<Edit> = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom('replace', 'delete', 'add'),
  value: anyValue,
  key,
});

/** A valid sample changed at one to three places. */
export function mutated<T>(sample: T): fc.Arbitrary<unknown> {
  return fc.array(edit, { minLength: 1, maxLength: 3 }).map((edits) => edits.reduce<unknown>((v, e) => applyEdit(v, e), structuredClone(sample)));
}

/** Either a mutated sample or an arbitrary value. */
export function inputLike<T>(sample: T): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 4, arbitrary: mutated(sample) }, { weight: 1, arbitrary: anyValue });
}

/**
 * A text changed at one to three places: a character replaced or removed, a hostile string inserted, the text
 * cut, or a word (a run of letters) replaced by the name of a JavaScript built-in (where tables are looked up).
 */
export function mutatedText(text: string): fc.Arbitrary<string> {
  const one = fc.record({ at: fc.nat(), kind: fc.constantFrom('replace', 'delete', 'insert', 'cut', 'word'), s: hostileString, name: fc.constantFrom(...BUILT_IN_NAMES) });
  return fc.array(one, { minLength: 1, maxLength: 3 }).map((edits) =>
    edits.reduce((t, e) => {
      const i = t.length === 0 ? 0 : e.at % t.length;
      if (e.kind === 'replace') return t.slice(0, i) + e.s.slice(0, 1) + t.slice(i + 1);
      if (e.kind === 'delete') return t.slice(0, i) + t.slice(i + 1);
      if (e.kind === 'cut') return t.slice(0, i);
      if (e.kind === 'word') {
        const from = t.slice(0, i).search(/[A-Za-z]*$/);
        const to = i + (/^[A-Za-z]*/.exec(t.slice(i))?.[0].length ?? 0);
        return t.slice(0, from) + e.name + t.slice(to);
      }
      return t.slice(0, i) + e.s + t.slice(i);
    }, text),
  );
}

/** Bytes changed at one to four places (a byte replaced, flipped, removed, or the file cut). */
export function mutatedBytes(bytes: Uint8Array): fc.Arbitrary<Uint8Array> {
  const one = fc.record({ at: fc.nat(), kind: fc.constantFrom('set', 'flip', 'delete', 'cut'), b: fc.integer({ min: 0, max: 255 }) });
  return fc.array(one, { minLength: 1, maxLength: 4 }).map((edits) =>
    edits.reduce((cur, e) => {
      if (cur.length === 0) return cur;
      const i = e.at % cur.length;
      if (e.kind === 'cut') return cur.slice(0, i);
      if (e.kind === 'delete') return new Uint8Array([...cur.slice(0, i), ...cur.slice(i + 1)]);
      const next = new Uint8Array(cur);
      next[i] = e.kind === 'set' ? e.b : cur[i]! ^ (1 << (e.b % 8));
      return next;
    }, new Uint8Array(bytes)),
  );
}
