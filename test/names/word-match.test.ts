import { describe, expect, it } from 'vitest';
import { prepareWord } from '../../src/names/prepare.js';
import { queryNeedsWords, wordMatchType, wordShape, wordShapeMayMatch, type WordMatchContext } from '../../src/names/word-match.js';
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
