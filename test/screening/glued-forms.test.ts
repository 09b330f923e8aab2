import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prepareQuery } from '../../src/names/name-match.js';
import { defaultWordTables } from '../../src/names/tables.js';
import { EntityIndex } from '../../src/screening/entity-index.js';
import { gluedForms, heldGluedForms } from '../../src/screening/vocabulary-types.js';
import { person } from './fixtures.js';

const tables = defaultWordTables();
/** Words whose glued runs and initials are list words below (`abu` + `bakr` = `abubakr`, `a b c` = `abc`). */
const QUERY_WORDS = ['abu', 'bakr', 'al', 'rahman', 'abd', 'c', 'b', 'a', 'x', 'bakrc'];
const LIST_NAMES = ['Abubakr Ali', 'Alrahman Abdal', 'ABC Corp', 'Abdalrahman', 'Bakrabu', 'Abx Ltd', 'Abubakrbakrc'];

function vocabularyOf(names: readonly string[]): EntityIndex['vocab'] {
  const index = new EntityIndex(tables);
  names.forEach((name, i) => index.add(person(`p${i}`, name)));
  return index.vocab;
}

/** The forms heldGluedForms gives for query word `i`, and those of gluedForms (by text) that some list word has. */
function formsOf(vocab: EntityIndex['vocab'], query: ReturnType<typeof prepareQuery>, i: number) {
  const hashed: [string, number][] = [];
  heldGluedForms(vocab, query, i, (text, count) => hashed.push([text, count]));
  const byText: [string, number][] = [];
  gluedForms(query, i, (text, count) => {
    if (vocab.withText(text).length > 0) byText.push([text, count]);
  });
  return { hashed, byText };
}

describe('glued forms hashed in place', () => {
  it.each([
    ['glued pairs and triples', 'Abu Bakr Al Rahman', ['abubakr', 'alrahman']],
    ['a run glued and its initials (the same text)', 'A B C X Abu', ['abc', 'abc']],
    ['one word: no form', 'Abubakr', []],
  ])('give the forms of the glued texts that some list word has: %s (%s)', (_why, term, expected) => {
    const vocab = vocabularyOf(LIST_NAMES);
    const query = prepareQuery(term, undefined, tables);
    const found: string[] = [];
    for (let i = 0; i < query.words.length; i++) {
      const { hashed, byText } = formsOf(vocab, query, i);
      // Every form with a word is given (a hash collision may add a form without one: the caller finds no word).
      expect(hashed.filter(([text]) => vocab.withText(text).length > 0)).toEqual(byText);
      found.push(...byText.map(([text]) => text));
    }
    expect(found).toEqual(expected);
  });

  it('are the string forms with a word, on random queries', () => {
    const vocab = vocabularyOf(LIST_NAMES);
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...QUERY_WORDS), { minLength: 1, maxLength: 9 }), (words) => {
        const query = prepareQuery(words.join(' '), undefined, tables);
        for (let i = 0; i < query.words.length; i++) {
          const { hashed, byText } = formsOf(vocab, query, i);
          expect(hashed.filter(([text]) => vocab.withText(text).length > 0)).toEqual(byText);
          // No hashed form is given whose hash no vocabulary text has.
          for (const [text] of hashed) expect(vocab.mayHoldText(vocab.keyHash(text))).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
