import { describe, expect, it } from 'vitest';
import { prepareWord } from '../../src/names/prepare.js';
import { wordMatchType, type WordMatchContext } from '../../src/names/word-match.js';
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
