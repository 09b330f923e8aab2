import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SAME_UNDER_BOTH_RULES } from '../../src/reference/align.js';
import { prepareWord } from '../../src/names/prepare.js';
import { wordMatchType, type WordMatchContext } from '../../src/names/word-match.js';
import { createScreener } from '../../src/screening/screener.js';

describe('per-word types under person and organisation rules', () => {
  const tables = createScreener({ entities: [] }).lists.index.tables;
  const person: WordMatchContext = { tables, minEditLength: 4, nicknames: true, initials: true };
  const other: WordMatchContext = { ...person, nicknames: false, initials: false };
  // Names, nicknames, initials and near spellings, so that every rule gets its turn.
  const words = ['bob', 'robert', 'rob', 'r', 'mohamed', 'mohamad', 'muhammad', 'jon', 'john', 'jean', 'giovanni', 'smith', 'smyth', 'smit', 'ali', 'aly', 'one', '1'];
  const word = fc.oneof(fc.constantFrom(...words), fc.stringMatching(/^[a-z]{1,7}$/));

  it('a type reached before nicknames and initials are looked at is the same under both rules', () => {
    fc.assert(
      fc.property(word, word, (a, b) => {
        const q = prepareWord(a, 'latin', tables);
        const l = prepareWord(b, 'latin', tables);
        const type = wordMatchType(q, l, person);
        if (type !== null && SAME_UNDER_BOTH_RULES.has(type)) expect(wordMatchType(q, l, other)).toBe(type);
      }),
      { numRuns: 3000 },
    );
  });

  it.each([
    ['a nickname', 'bob', 'robert', 'equivalent_name'],
    ['an initial', 'r', 'robert', 'initial_to_word'],
  ])('%s is a person-only type, left out of the shortcut', (_why, a, b, type) => {
    const q = prepareWord(a, 'latin', tables);
    const l = prepareWord(b, 'latin', tables);
    expect(wordMatchType(q, l, person)).toBe(type);
    expect(SAME_UNDER_BOTH_RULES.has(type as never)).toBe(false);
    expect(wordMatchType(q, l, other)).not.toBe(type);
  });
});
