import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TokenScript } from '../../src/names/normalize.js';
import { prepareWord, type PreparedWord } from '../../src/names/prepare.js';
import { wordShape } from '../../src/names/word-match.js';
import { defaultWordTables } from '../../src/names/tables.js';
import { fnv1a, KeyTable, type KeyHash } from '../../src/screening/key-table.js';
import { deletionKeys, hasDeletionAt, hasDeletionKey, skeletonKeys, Vocabulary, type VocabularyParts } from '../../src/screening/vocabulary.js';

const tables = defaultWordTables();

/** Hashes under which the tables must answer alike: the real one, and weak ones that make most keys collide. */
const HASHES: [string, KeyHash][] = [
  ['fnv1a', fnv1a],
  ['fnv1a & 255 (some keys collide)', (k) => fnv1a(k) & 255],
  ['fnv1a & 7 (keys collide in 8 groups)', (k) => fnv1a(k) & 7],
  ['a constant (every key collides)', () => 5],
];

/** The vocabulary as it was before its tables were typed: a Map of id lists per key (the reference). */
class MapVocabulary {
  readonly words: PreparedWord[] = [];
  readonly ids = new Map<string, number>();
  readonly byText = new Map<string, number[]>();
  readonly deletions = new Map<string, number[]>();
  readonly phonetic = new Map<string, number[]>();
  readonly abjad = new Map<string, number[]>();
  all: Map<string, number[]> | undefined;

  intern(text: string, script: TokenScript, native?: string): number {
    const known = this.ids.get(native === undefined ? text : `${text}\u0000${native}`);
    if (known !== undefined) {
      if (script === 'abjad' && this.words[known]!.script !== 'abjad') add(this.abjad, skeletonKeys(this.words[known]!.skeleton), known);
      return known;
    }
    const word = prepareWord(text, script, tables, native);
    const id = this.words.length;
    this.words.push(word);
    this.ids.set(native === undefined ? text : `${text}\u0000${native}`, id);
    add(this.byText, [text], id);
    if (text.length >= 3 && !word.isNumber) add(this.deletions, deletionKeys(text), id);
    const [p, s] = word.phonetic;
    add(this.phonetic, [p, s].filter((c, i) => c !== '' && (i === 0 || c !== p)), id);
    if (this.all !== undefined) add(this.all, skeletonKeys(word.skeleton), id);
    if (script === 'abjad') add(this.abjad, skeletonKeys(word.skeleton), id);
    return id;
  }

  skeletons(): Map<string, number[]> {
    if (this.all === undefined) {
      this.all = new Map();
      this.words.forEach((w, id) => add(this.all!, skeletonKeys(w.skeleton), id));
    }
    return this.all;
  }
}

function add(map: Map<string, number[]>, keys: string[], id: number): void {
  for (const key of keys) {
    const list = map.get(key);
    if (list === undefined) map.set(key, [id]);
    else if (list[list.length - 1] !== id) list.push(id);
  }
}

/** The ids of a reference list as a look-up walks them (each once, where it first comes). */
const firstSeen = (ids: readonly number[] | undefined): number[] => [...new Set(ids ?? [])];

function collect(table: KeyTable, key: string): number[] {
  const out: number[] = [];
  table.each(key, (id) => out.push(id));
  return out;
}

/** Every key of the reference maps, and keys no word has. */
function keysOf(ref: MapVocabulary): string[] {
  const keys = new Set<string>(['', 'zzzz', 'q', 'xyzzy']);
  for (const map of [ref.byText, ref.deletions, ref.phonetic, ref.abjad, ref.skeletons()]) for (const key of map.keys()) keys.add(key);
  return [...keys];
}

/** Whether the vocabulary answers every look-up as the reference does. */
function expectSameAnswers(vocab: Vocabulary, ref: MapVocabulary): void {
  expect(vocab.size).toBe(ref.words.length);
  for (const key of keysOf(ref)) {
    expect(collect(vocab.deletions, key), `deletions of ${key}`).toEqual(firstSeen(ref.deletions.get(key)));
    expect(collect(vocab.phonetic, key), `phonetic ${key}`).toEqual(firstSeen(ref.phonetic.get(key)));
    expect(collect(vocab.abjadSkeletons, key), `abjad skeleton ${key}`).toEqual(firstSeen(ref.abjad.get(key)));
    expect(collect(vocab.skeletons(), key), `skeleton ${key}`).toEqual(firstSeen(ref.skeletons().get(key)));
    expect([...vocab.withText(key)], `text ${key}`).toEqual(firstSeen(ref.byText.get(key)));
    expect(vocab.id(key), `id of ${key}`).toBe(ref.ids.get(key));
  }
  ref.words.forEach((w, id) => expect(vocab.words[id]).toEqual({ ...w, id, native: w.native }));
  ref.words.forEach((w, id) => expect(vocab.shapes[id], `shape of ${w.text}`).toBe(wordShape(w)));
  for (const key of keysOf(ref)) {
    // The keys built from the text's hash in steps, as a look-up walks them (each key once, in deletionKeys order).
    const walked: number[] = [];
    vocab.eachDeletionKey(vocab.deletions, key, (id) => walked.push(id));
    expect(walked, `deletion keys of ${key}`).toEqual(deletionKeys(key).flatMap((k) => firstSeen(ref.deletions.get(k))));
    // No word has a text whose hash the table does not hold.
    if (ref.byText.has(key)) expect(vocab.mayHoldText(vocab.keyHash(key)), `text hash of ${key}`).toBe(true);
  }
}

interface Op {
  text: string;
  script: TokenScript;
  native: boolean;
}

const op: fc.Arbitrary<Op> = fc.record({
  text: fc.string({ unit: fc.constantFrom('a', 'b', 'd', 'e', 'k', 'l', 'm', 'r', 's', 'h', '1'), minLength: 1, maxLength: 7 }),
  script: fc.constantFrom<TokenScript>('latin', 'latin', 'latin', 'abjad', 'cjk'),
  native: fc.boolean(),
});

function apply(vocab: Vocabulary, ref: MapVocabulary, ops: readonly Op[]): void {
  for (const o of ops) {
    const native = o.script === 'cjk' && o.native ? `han:${o.text}` : undefined;
    expect(vocab.intern(o.text, o.script, native)).toBe(ref.intern(o.text, o.script, native));
  }
}

const restore = (vocab: Vocabulary, hash: KeyHash): Vocabulary => {
  const restored = Vocabulary.fromParts(tables, vocab.toParts(), 'vocabulary', hash);
  if (!restored.ok) throw new Error(restored.error[0]!.message);
  return restored.value;
};

describe('vocabulary look-ups answer exactly the word ids of a Map per key', () => {
  it.each(HASHES)('under the %s hash, for words interned in any order', (_, hash) => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: hash === fnv1a ? 250 : 60 }), fc.boolean(), (ops, skeletonsEarly) => {
        const vocab = new Vocabulary(tables, hash);
        const ref = new MapVocabulary();
        if (skeletonsEarly) {
          vocab.skeletons();
          ref.skeletons();
        }
        apply(vocab, ref, ops);
        expectSameAnswers(vocab, ref);
      }),
      { numRuns: hash === fnv1a ? 40 : 25 },
    );
  });

  it.each(HASHES)('under the %s hash, after fromParts(toParts()) and with words added after it', (_, hash) => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: hash === fnv1a ? 200 : 50 }), fc.array(op, { maxLength: 40 }), (before, after) => {
        const ref = new MapVocabulary();
        const built = new Vocabulary(tables, hash);
        apply(built, ref, before);
        const restored = restore(built, hash);
        expectSameAnswers(restored, ref);
        apply(restored, ref, after);
        expectSameAnswers(restored, ref);
        // The parts of a restored vocabulary restore it again.
        expectSameAnswers(restore(restored, hash), ref);
      }),
      { numRuns: 20 },
    );
  });
});

describe('key tables keep every push across merges', () => {
  it.each(HASHES)('under the %s hash: ids per key in push order, before and after fromParts', (_, hash) => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 6 }), { minLength: 200, maxLength: 700 }), (batches) => {
        // Word `id` has the keys of its batch (keys are numbers as text): pushed in a row, as the vocabulary does.
        const keysOfId = batches.map((keys) => new Set(keys.map(String)));
        const has = (id: number, key: string): boolean => keysOfId[id]!.has(key);
        const table = new KeyTable(has, hash);
        const ref = new Map<string, number[]>();
        batches.forEach((_, id) => {
          for (const key of keysOfId[id]!) table.push(key, id);
          add(ref, [...keysOfId[id]!], id);
        });
        const again = KeyTable.fromParts(table.toParts(), has, hash);
        for (let k = -1; k <= 61; k++) {
          expect(collect(table, String(k))).toEqual(ref.get(String(k)) ?? []);
          expect(collect(again, String(k))).toEqual(ref.get(String(k)) ?? []);
          // eachWhere: the key given by its hash and a check of the word, not its text.
          const where: number[] = [];
          table.eachWhere(hash(String(k)), (id) => has(id, String(k)), (id) => where.push(id));
          expect(where).toEqual(ref.get(String(k)) ?? []);
        }
      }),
      { numRuns: 15 },
    );
  });
});

describe('one-deletion keys checked in place', () => {
  it('hasDeletionAt(word, text, at) is hasDeletionKey(word, text without its letter at)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[abc]{0,6}$/), fc.stringMatching(/^[abc]{1,7}$/), fc.nat(), (word, text, n) => {
        const at = n % text.length;
        expect(hasDeletionAt(word, text, at)).toBe(hasDeletionKey(word, text.slice(0, at) + text.slice(at + 1)));
      }),
      { numRuns: 3000 },
    );
  });
});

const WORDS: [string, TokenScript, string?][] = [
  ['mohammed', 'latin'],
  ['muhammad', 'abjad'],
  ['mohammed', 'abjad'],
  ['li', 'latin'],
  ['li', 'cjk', 'han:李'],
  ['1984', 'latin'],
  ['van', 'latin'],
  ['trading', 'latin'],
];

function sample(): Vocabulary {
  const vocab = new Vocabulary(tables);
  for (const [text, script, native] of WORDS) vocab.intern(text, script, native);
  return vocab;
}

type Corruption = [string, (p: VocabularyParts) => VocabularyParts, string];

const CORRUPTIONS: Corruption[] = [
  ['an unknown version', (p) => ({ ...p, version: 99 }), 'vocabulary.version'],
  ['string ends past the strings', (p) => ({ ...p, strings: p.strings.slice(1) }), 'vocabulary.stringEnds'],
  ['decreasing string ends', (p) => ({ ...p, stringEnds: p.stringEnds.map((e, k) => (k === 1 ? 0 : e)) }), 'vocabulary.stringEnds'],
  ['a word referring to no string', (p) => ({ ...p, wordStrings: p.wordStrings.map((s, i) => (i === 0 ? 1e6 : s)) }), 'vocabulary.wordStrings'],
  ['a text that is absent', (p) => ({ ...p, wordStrings: p.wordStrings.map((s, i) => (i === 0 ? -1 : s)) }), 'vocabulary.wordStrings'],
  ['one flag too few', (p) => ({ ...p, wordFlags: p.wordFlags.subarray(1) }), 'vocabulary.wordStrings'],
  ['an unknown script', (p) => ({ ...p, wordFlags: p.wordFlags.map((f, i) => (i === 0 ? 3 : f)) }), 'vocabulary.wordFlags'],
  ['a table id out of range', (p) => ({ ...p, deletions: { ...p.deletions, ids: p.deletions.ids.map((id, i) => (i === 0 ? 999 : id)) } }), 'vocabulary.deletions'],
  ['a group in the wrong bucket', (p) => ({ ...p, phonetic: { ...p.phonetic, groupHash: p.phonetic.groupHash.map((h, g) => (g === 0 ? h + 1 : h)) } }), 'vocabulary.phonetic'],
  ['a group flag that is not 0 or 1', (p) => ({ ...p, deletions: { ...p.deletions, groupMixed: p.deletions.groupMixed.map((m, g) => (g === 0 ? 2 : m)) } }), 'vocabulary.deletions'],
  ['group starts not covering the ids', (p) => ({ ...p, text: { ...p.text, ids: p.text.ids.subarray(1) } }), 'vocabulary.text'],
  ['a bucket count not a power of two', (p) => ({ ...p, abjadSkeletons: { ...p.abjadSkeletons, bucketStart: new Int32Array([0, 0, p.abjadSkeletons.groupHash.length]) } }), 'vocabulary.abjadSkeletons'],
  ['a table that is not typed', (p) => ({ ...p, text: { ...p.text, ids: [...p.text.ids] as unknown as Int32Array } }), 'vocabulary.text'],
  ['a missing table', (p) => ({ ...p, deletions: undefined as unknown as VocabularyParts['deletions'] }), 'vocabulary.deletions'],
];

describe('vocabulary parts', () => {
  it('restore a vocabulary with the same words, flags and look-ups, without preparing a word again', () => {
    const vocab = sample();
    const restored = restore(vocab, fnv1a);
    expect(restored.words).toEqual(vocab.words);
    expect(restored.hasNative).toBe(true);
    expect(collect(restored.abjadSkeletons, vocab.words[0]!.skeleton)).toEqual(collect(vocab.abjadSkeletons, vocab.words[0]!.skeleton));
    expect(collect(restored.abjadSkeletons, vocab.words[0]!.skeleton)).toContain(0);
    // mohammed 0 (seen in Latin, then in an abjad script), muhammad 1, li 2, li written in Han 3.
    expect(restored.withText('li')).toEqual([2, 3]);
    expect(restored.id('li')).toBe(2);
    expect(restored.intern('li', 'cjk', 'han:李')).toBe(3);
    expect(restored.size).toBe(WORDS.length - 1);
  });

  it('hold each distinct string once', () => {
    const parts = sample().toParts();
    const pool = Array.from(parts.stringEnds, (end, k) => parts.strings.slice(k === 0 ? 0 : parts.stringEnds[k - 1], end));
    expect(new Set(pool).size).toBe(pool.length);
    expect(pool).toContain('mohammed');
    expect(pool).toContain('han:李');
  });

  it.each(CORRUPTIONS)('with %s are refused as snapshot_corrupt at their path', (_, corrupt, path) => {
    const result = Vocabulary.fromParts(tables, corrupt(sample().toParts()));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toEqual([expect.objectContaining({ code: 'snapshot_corrupt', path })]);
  });
});
