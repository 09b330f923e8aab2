/**
 * The look-up's per-word part compares phonetic codes as ids (vocabulary-types.ts compareTyped) and is remembered
 * across searches (lookup-memo.ts): neither may change an answer.
 */
import { describe, expect, it } from 'vitest';
import { createScreener, type TamisScreener } from '../../src/index.js';
import { prepareQuery } from '../../src/names/name-match.js';
import { defaultWordTables } from '../../src/names/tables.js';
import { inWordTables, wordMatchTypeIn, type WordMatchContext } from '../../src/names/word-match.js';
import { EntityIndex } from '../../src/screening/entity-index.js';
import { VocabularyTypes } from '../../src/screening/vocabulary-types.js';
import type { Entity } from '../../src/types/entity.js';
import { person } from './fixtures.js';
import { expectMemoParity } from './memo-parity.js';

const tables = defaultWordTables();

/** A seeded generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Random words over few letters, so that many share a sound or are one letter apart, and some are numbers. */
function randomWords(count: number, seed: number): string[] {
  const next = random(seed);
  const letters = 'aeiouybcdfgjkmnprstvwxzhlq';
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    if (next() < 0.05) {
      out.push(String(Math.floor(next() * 200)));
      continue;
    }
    const length = 1 + Math.floor(next() * 9);
    let w = '';
    // The first letters from a short list, the rest from all: first letters alike make sound-alikes.
    for (let k = 0; k < length; k++) w += letters[Math.floor(next() * (k === 0 ? 8 : letters.length))]!;
    out.push(w);
  }
  return out;
}

/** Names in other scripts and of the word tables (equivalents, nicknames, digits) beside random ones. */
const SCRIPT_NAMES = ['محمد علي حسن', 'أحمد بن سعيد', '김종은', '金正恩', 'やまだ たろう', 'Bob Robert Bobby', 'One 1 Two 2 Seven', 'Mohammed Muhammad Mohamed', 'Aleksandr Alexander Sasha', 'Kash Cash Ali Oil Eel'];

function vocabularyIndex(): EntityIndex {
  const index = new EntityIndex(tables);
  const words = randomWords(600, 7);
  for (let i = 0; i < words.length; i += 3) index.add(person(`r${i}`, words.slice(i, i + 3).join(' ')));
  SCRIPT_NAMES.forEach((name, i) => index.add(person(`s${i}`, name)));
  return index;
}

const CONTEXTS: [string, WordMatchContext][] = [
  ['the look-up rules (edits from 3 letters)', { tables, minEditLength: 3, nicknames: true, initials: true }],
  ['edits from 5 letters, no nicknames', { tables, minEditLength: 5, nicknames: false, initials: true }],
  ['no edits, no initials', { tables, minEditLength: null, nicknames: true, initials: false }],
];

describe('phonetic codes compared as ids (compareTyped)', () => {
  const index = vocabularyIndex();
  const types = new VocabularyTypes(index);
  const vocab = index.vocab;
  const queryWords = [...randomWords(300, 11), ...SCRIPT_NAMES].flatMap((t) => prepareQuery(t, undefined, tables).words);
  queryWords.push(...vocab.words.slice(0, 200));

  it.each(CONTEXTS)('gives every query word and vocabulary word the type wordMatchType gives them: %s', (_rules, ctx) => {
    let differences = 0;
    let typed = 0;
    for (const q of queryWords) {
      const inTables = inWordTables(q.text, ctx);
      for (let id = 0; id < vocab.size; id++) {
        const expected = wordMatchTypeIn(q, vocab.words[id]!, ctx, inTables);
        if (types.typeOf(q, ctx, id) !== expected) differences++;
        if (expected === 'phonetic') typed++;
      }
    }
    expect(differences).toBe(0);
    // The random words do exercise the sound comparison.
    expect(typed).toBeGreaterThan(100);
  });
});

const LIST: Entity[] = [
  person('a', 'Ivan Petrovich Sidorov'),
  person('b', 'Mohammed Ali Hassan'),
  person('c', 'Jon Smith'),
  person('d', 'Robert Bob Jones'),
  { id: 'e', entity_type: 'company', name: 'Acme Trading Limited', sources: ['test-list'], types: ['sanction'] },
];
const QUERIES = ['John Smith', 'Jonh Smyth', 'Ivan Sidorov', 'Muhammad Hasan', 'Bobby Jones', 'Acme Trading', 'Ivanna Sidorova', 'Jonathan Smithe', 'Mohamed Ali'];

const CHANGES: [string, (s: TamisScreener) => void][] = [
  ['entities with words new to the vocabulary, alike to words looked up', (s) => {
    s.add(person('n1', 'Jonh Smyth'));
    s.add(person('n2', 'Ivanna Sidorova'));
  }],
  ['an entity removed', (s) => void s.remove('c')],
  ['an entity replaced by one with other words', (s) => s.add(person('b', 'Muhamad Hasan Jonathan'))],
  ['an entity of known words only', (s) => s.add(person('k', 'Ivan Smith'))],
  ['a name in an abjad script', (s) => s.add(person('ar', 'محمد علي'))],
];

describe('the look-up memo', () => {
  it.each(CHANGES)('answers as a screener without the memo, before and after a change: %s', (_what, change) => {
    expectMemoParity(LIST, QUERIES, change, (s) => s.lists.finder.lookup.memo.size);
  });

  const GENERATIONS: [string, (s: TamisScreener) => void, boolean][] = [
    ['an entity bringing a new word', (s) => s.add(person('n', 'Zebulon Smith')), true],
    ['an entity of known words only', (s) => s.add(person('n', 'Jon Jones')), false],
    ['an entity removed (its words stay in the vocabulary)', (s) => void s.remove('a'), false],
  ];

  it.each(GENERATIONS)('is cleared when the vocabulary changes, and kept otherwise: %s', (_what, change, clears) => {
    const s = createScreener({ entities: LIST });
    const memo = s.lists.finder.lookup.memo;
    s.search({ search_term: 'Jonh Smyth' });
    const remembered = memo.size;
    expect(remembered).toBeGreaterThan(0);
    const generation = s.lists.index.vocab.generation;
    change(s);
    expect(s.lists.index.vocab.generation !== generation).toBe(clears);
    const hits = memo.hits;
    s.search({ search_term: 'Jonh Smyth' });
    // Every word found in the memo when it was kept; none, and the memo rebuilt, when it was cleared.
    expect(memo.hits - hits).toBe(clears ? 0 : remembered);
    expect(memo.size).toBe(remembered);
  });

  it.each([
    [0, 0],
    [1, 1],
    [3, 3],
    [4096, 12],
  ])('holds at most its capacity of words (capacity %i: %i words after 12 distinct ones)', (capacity, held) => {
    const s = createScreener({ entities: LIST, lookupMemoWords: capacity });
    const memo = s.lists.finder.lookup.memo;
    for (const term of ['Ivan Sidorov Petrovich', 'Mohammed Ali Hassan', 'Robert Bob Jones', 'Acme Trading Limited']) s.search({ search_term: term });
    expect(memo.size).toBe(held);
  });

  it('refuses a capacity that is not a count', () => {
    expect(() => createScreener({ lookupMemoWords: -1 })).toThrow(RangeError);
    expect(() => createScreener({ lookupMemoWords: 1.5 })).toThrow(RangeError);
  });
});
