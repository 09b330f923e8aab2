import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { consonantSkeleton, prepareWord } from '../../src/names/prepare.js';
import { defaultWordTables } from '../../src/names/tables.js';

/** The skeleton rule as a chain of regular expressions (the implementation before it became one pass). */
function consonantSkeletonByRule(word: string, abjad = false): string {
  const source = abjad && word.length > 1 ? word[0] + word.slice(1).replace(/v/g, '') : word;
  let s = source
    .replace(/th/g, 't')
    .replace(/dh/g, 'd')
    .replace(/kh/g, 'k')
    .replace(/gh/g, 'g')
    .replace(/sh/g, 's')
    .replace(/ph/g, 'f')
    .replace(/[qc]/g, 'k')
    .replace(/v/g, 'b')
    .replace(/j/g, 'g')
    .replace(/z/g, 's')
    .replace(/[aeiouwy]/g, '')
    .replace(/(.)\1+/g, '$1');
  if (s.length > 1 && s.endsWith('h')) s = s.slice(0, -1);
  return s;
}

describe('consonantSkeleton gives the answers of the skeleton rule', () => {
  it.each([
    ['spellings of one name share it', 'mohamed', false, 'mhmd'],
    ['doubles collapse after vowels go', 'muhammad', false, 'mhmd'],
    ['a digraph loses its h', 'khalid', false, 'kld'],
    ['ph is f', 'philip', false, 'flp'],
    ['a second h after a digraph stays', 'thh', false, 't'],
    ['ch is not a digraph: k then h', 'chavez', false, 'khbs'],
    ['a final h is dropped', 'fatimah', false, 'ftm'],
    ['a lone h stays', 'ah', false, 'h'],
    ['an abjad vav inside a word is dropped', 'vnymyn', true, 'bnmn'],
    ['an abjad vav dropped can join a digraph', 'pvhs', true, 'fs'],
    ['a Latin v is b', 'pvhs', false, 'pbhs'],
    ['p doubled before h: only the second is f', 'pph', false, 'pf'],
    ['the empty word', '', false, ''],
  ])('%s: %s (abjad %s) → %s', (_why, word, abjad, expected) => {
    expect(consonantSkeleton(word, abjad)).toBe(expected);
    expect(consonantSkeletonByRule(word, abjad)).toBe(expected);
  });

  it.each([
    ['words of the letters the rule reads', 'abcdefghjkpqstuvwxyz'],
    ['any characters, line ends and non-ASCII included', 'ahp\n\r\u2028\u2029éß'],
  ])('equals the rule on random %s', (_what, alphabet) => {
    const letters = [...alphabet];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...letters), { maxLength: 14 }), fc.boolean(), (chars, abjad) => {
        const word = chars.join('');
        expect(consonantSkeleton(word, abjad)).toBe(consonantSkeletonByRule(word, abjad));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('prepareWord reads letters and digits as the patterns /^[a-z]+$/ and /^[0-9]+$/ do', () => {
  const tables = defaultWordTables();
  it.each([
    ['letters: a skeleton and sound codes', 'khalid', false, 'kld', true],
    ['digits: a number, no skeleton', '1979', true, '', false],
    ['letters and digits: neither', '2nd', false, '', false],
    ['two letters: a skeleton, no sound codes', 'al', false, 'l', false],
  ])('%s: %s', (_why, text, isNumber, skeleton, sounds) => {
    const word = prepareWord(text, 'latin', tables);
    expect(word.isNumber).toBe(isNumber);
    expect(word.skeleton).toBe(skeleton);
    expect(word.phonetic[0] !== '').toBe(sounds);
  });
});
