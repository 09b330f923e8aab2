import { describe, expect, it } from 'vitest';
import { prepareWord } from '../../src/names/prepare.js';
import { limited } from 'talisman/metrics/damerau-levenshtein.js';
import fc from 'fast-check';
import { isOneEdit, queryNeedsWords, wordMatcher, wordMatchType, wordShape, wordShapeMayMatch, type WordMatchContext } from '../../src/names/word-match.js';
import { defaultWordTables, tokenizeName } from '../../src/names/index.js';

const tables = defaultWordTables();
const word = (text: string) => {
  const [t] = tokenizeName(text);
  return prepareWord(t!.text, t!.script, tables);
};
const ctx: WordMatchContext = { tables, minEditLength: 5, nicknames: true, initials: true };

describe('per-word match types, best first (GUIDE.md step 4)', () => {
  it.each([
    ['exact', 'smith', 'smith', 'exact_match'],
    ['one substitution', 'kowalsky', 'kowalski', 'edit_distance'],
    ['one insertion', 'muller', 'mueller', 'edit_distance'],
    ['one transposition', 'hussien', 'hussein', 'edit_distance'],
    ['Double Metaphone', 'jon', 'john', 'phonetic'],
    ['Double Metaphone, two edits apart', 'catherine', 'kathryn', 'phonetic'],
    ['Arabic skeleton against Latin', 'محمد', 'mohamed', 'phonetic'],
    ['Hebrew skeleton against Latin', 'נתניהו', 'netanyahu', 'phonetic'],
    ['English nickname', 'bob', 'robert', 'equivalent_name'],
    ['cross-cultural equivalent', 'yusuf', 'joseph', 'equivalent_name'],
    ['query initial to word', 'j', 'john', 'initial_to_word'],
    ['query word to list initial', 'john', 'j', 'word_to_initial'],
    ['digit to word', '2', 'two', 'digit_to_word'],
    ['word to digit', 'three', '3', 'word_to_digit'],
  ])('%s: %s ~ %s is %s', (_why, q, l, expected) => {
    expect(wordMatchType(word(q), word(l), ctx)).toBe(expected);
  });

  it.each([
    ['two edits, different sound', 'smith', 'smart'],
    ['two-letter words never match fuzzily', 'al', 'ab'],
    ['one edit on a word shorter than the fuzziness allows', 'pexa', 'peka'],
    ['initial against an unrelated word', 'j', 'peter'],
    ['unrelated names', 'john', 'brown'],
    ['a digit against the wrong word', '2', 'three'],
  ])('no match: %s (%s ~ %s)', (_why, q, l) => {
    expect(wordMatchType(word(q), word(l), ctx)).toBeNull();
  });

  it('nicknames and initials are off where the entity type rules them out', () => {
    const organisation: WordMatchContext = { ...ctx, nicknames: false, initials: false };
    expect(wordMatchType(word('bob'), word('robert'), organisation)).toBeNull();
    expect(wordMatchType(word('j'), word('john'), organisation)).toBeNull();
  });

  it('edits are off when the fuzziness table gives no length', () => {
    expect(wordMatchType(word('markox'), word('markov'), { ...ctx, minEditLength: null })).toBeNull();
  });
});

describe('the shape shortcut of the look-up passes over only words wordMatchType does not match', () => {
  // Names of several cultures and the forms every rule reaches: sound-alikes, edits, initials, digits, nicknames,
  // abjad and Han words.
  const texts = [
    'mohamed', 'muhammad', 'mohammed', 'ahmed', 'ahmad', 'emuotwewo', 'osama', 'usama', 'oleksandr', 'aleksandr',
    'yevgeny', 'evgeny', 'yusuf', 'jusuf', 'joseph', 'qaddafi', 'gaddafi', 'kaddafi', 'philip', 'filip', 'viktor',
    'wiktor', 'zaid', 'said', 'xavier', 'javier', 'catherine', 'kathryn', 'kate', 'jon', 'john', 'j', 'aino', 'ali',
    'al', 'oil', 'eel', 'ule', 'wang', 'yang', 'balogh', 'paul', 'wei', 'ooo', 'smith', 'smyth', 'schmidt', 'bob',
    'robert', 'rob', 'two', '2', 'three', '3', 'kash', 'cash', 'benjamin', 'bngmn', 'abdulrahman', 'rahman',
    'kowalski', 'kowalsky', 'muller', 'mueller', 'hussein', 'hussien', 'ivanov', 'ivanova', 'li', 'lee', 'leigh',
    'محمد', 'نتنياهو', 'netanyahu', '김정은', 'kim', 'chen', 'zhang', 'chang', 'jang', 'tsang', 'ng',
  ];
  const words = texts.map((t) => word(t));
  const contexts: [string, WordMatchContext][] = [
    ['persons', ctx],
    ['organisations', { ...ctx, nicknames: false, initials: false }],
    ['one edit from three letters', { ...ctx, minEditLength: 3 }],
    ['no edits', { ...ctx, minEditLength: null }],
  ];

  it.each(contexts)('%s: every pair it passes over has no type, and it passes over some', (_name, context) => {
    let passedOver = 0;
    for (const q of words) {
      if (queryNeedsWords(q, context)) continue;
      for (const l of words) {
        if (wordShapeMayMatch(q, wordShape(l))) continue;
        passedOver++;
        expect(wordMatchType(q, l, context), `${q.text} ~ ${l.text}`).toBeNull();
      }
    }
    expect(passedOver).toBeGreaterThan(500);
  });

  it.each(contexts)('%s: wordMatcher gives wordMatchType\'s type on every pair', (_name, context) => {
    let typed = 0;
    for (const q of words) {
      const typeOn = wordMatcher(q, context);
      for (const l of words) {
        const expected = wordMatchType(q, l, context);
        expect(typeOn(l), `${q.text} ~ ${l.text}`).toBe(expected);
        if (expected === 'equivalent_name' || expected === 'digit_to_word' || expected === 'word_to_digit') typed++;
      }
    }
    expect(typed).toBeGreaterThan(0);
  });

  it.each([
    ['a sound-alike of another first letter that sounds alike', 'qaddafi', 'gaddafi'],
    ['a sound-alike two letters longer', 'catherine', 'kathryn'],
    ['an abjad word', 'mohamed', 'محمد'],
    ['an initial', 'john', 'j'],
  ])('it keeps %s (%s ~ %s)', (_why, q, l) => {
    expect(wordShapeMayMatch(word(q), wordShape(word(l)))).toBe(true);
  });

  it.each([
    ['a nickname', 'bob'],
    ['a digit word', 'three'],
    ['an initial', 'j'],
    ['an abjad word', 'محمد'],
  ])('a query word with %s is compared with every word (%s)', (_why, q) => {
    expect(queryNeedsWords(word(q), ctx)).toBe(true);
  });
});

describe('isOneEdit is a Damerau-Levenshtein distance of exactly 1 (talisman, the reference)', () => {
  const all = (alphabet: string, longest: number): string[] => {
    const out = [''];
    for (let start = 0, length = 1; length <= longest; length++) {
      const end = out.length;
      for (let i = start; i < end; i++) for (const c of alphabet) out.push(out[i]! + c);
      start = end;
    }
    return out;
  };

  it('on every pair of strings of up to 5 letters over 3', () => {
    const strings = all('abc', 5);
    let edits = 0;
    for (const a of strings) {
      for (const b of strings) {
        const expected = limited(1, a, b) === 1;
        if (isOneEdit(a, b) !== expected) expect(isOneEdit(a, b), `${a} ~ ${b}`).toBe(expected);
        if (expected) edits++;
      }
    }
    expect(edits).toBeGreaterThan(5_000);
  });

  it('on random pairs of longer words and their one- and two-letter changes', () => {
    const letters = fc.string({ unit: fc.constantFrom('a', 'e', 'h', 'l', 'm', 'd', 'ü', '\u{1F600}'), maxLength: 12 });
    fc.assert(
      fc.property(letters, letters, fc.nat(), fc.nat(), (a, other, at, at2) => {
        const i = a.length === 0 ? 0 : at % a.length;
        const j = other.length === 0 ? 0 : at2 % other.length;
        const changed = [
          other,
          a.slice(0, i) + a.slice(i + 1),
          a.slice(0, i) + other.slice(j, j + 1) + a.slice(i),
          a.slice(0, i) + other.slice(j, j + 1) + a.slice(i + 1),
          a.slice(0, i) + a.slice(i + 1, i + 2) + a.slice(i, i + 1) + a.slice(i + 2),
          a.slice(0, i) + a.slice(i + 2),
        ];
        for (const b of changed) expect(isOneEdit(a, b), `${a} ~ ${b}`).toBe(limited(1, a, b) === 1);
      }),
      { numRuns: 3000 },
    );
  });
});
