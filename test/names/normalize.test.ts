import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { normalizeName, tokenizeName } from '../../src/names/index.js';
import { foldedTokens, hasFoldedWord } from '../../src/names/normalize.js';

describe('normaliser folds every script to the same Latin words', () => {
  it.each([
    ['case and spaces', '  VLADIMIR   Putin ', ['vladimir', 'putin']],
    ['diacritics', 'José Müller-Lüdenscheidt', ['jose', 'muller', 'ludenscheidt']],
    ['ligatures and special letters', 'Søren Ærø Łukasz Straße', ['soren', 'aero', 'lukasz', 'strasse']],
    ['punctuation splits words', "O'Brien, J.R.", ['o', 'brien', 'j', 'r']],
    ['digits are kept', 'Hamas 2nd Brigade 15', ['hamas', '2nd', 'brigade', '15']],
    ['full-width forms (NFKC)', 'ＡＢＣ　Ltd', ['abc', 'ltd']],
    ['Cyrillic', 'Владимир Путин', ['vladimir', 'putin']],
    ['Serbian Cyrillic', 'Ђорђе', ['djordje']],
    ['Greek', 'Αλέξης Τσίπρας', ['alexis', 'tsipras']],
    ['Arabic keeps consonants', 'محمد علي', ['mhmd', 'ly']],
    ['Arabic vowel marks (harakat) are dropped, not split', 'مُحَمَّد عَلِي', ['mhmd', 'ly']],
    ['Hebrew vowel points (niqqud) are dropped', 'בִּנְיָמִין', ['vnymyn']],
    ['Hebrew', 'בנימין נתניהו', ['vnymyn', 'ntnyhv']],
    ['Chinese name: surname then given name glued', '习近平', ['xi', 'jinping']],
    ['Chinese three-syllable name', '毛泽东', ['mao', 'zedong']],
    ['Korean name with common vowels', '김정은', ['gim', 'jongun']],
    ['Japanese kana', 'やまだ たろう', ['yamada', 'tarou']],
    ['mixed scripts', 'Ali محمد', ['ali', 'mhmd']],
  ])('%s: %s', (_why, input, expected) => {
    expect(normalizeName(input)).toEqual(expected);
  });

  it.each([
    ['Владимир', 'latin'],
    ['محمد', 'abjad'],
    ['נתניהו', 'abjad'],
    ['习近平', 'cjk'],
  ])('marks the script words came from: %s is %s', (input, script) => {
    expect(tokenizeName(input).every((t) => t.script === script)).toBe(true);
  });

  it('is idempotent: normalising the normalised name changes nothing', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (s) => {
        const once = normalizeName(s);
        expect(normalizeName(once.join(' '))).toEqual(once);
      }),
      { numRuns: 500 },
    );
  });

  it('produces only lower-case ASCII letters and digits', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (s) => {
        for (const w of normalizeName(s)) expect(w).toMatch(/^[a-z0-9]+$/);
      }),
      { numRuns: 500 },
    );
  });
});

describe('hasFoldedWord says whether the normaliser finds a word, without folding ASCII text', () => {
  it.each([
    ['ASCII letters', 'Ali', true],
    ['a digit alone', '  7 ', true],
    ['ASCII punctuation alone', "--- ' . ,", false],
    ['the empty text', '', false],
    ['Cyrillic', 'Путин', true],
    ['Arabic vowel marks alone', '\u064E\u0650', false],
    ['a letter with a combining accent', 'e\u0301', true],
    ['symbols that fold to nothing', '\u2022 \u00B7', false],
  ])('%s: %j → %s', (_why, input, expected) => {
    expect(hasFoldedWord(input)).toBe(expected);
    expect(normalizeName(input).length > 0).toBe(expected);
  });

  it.each([
    ['ASCII text', fc.string({ unit: 'binary-ascii', maxLength: 30 })],
    ['any text', fc.string({ unit: 'grapheme', maxLength: 30 })],
  ])('equals normalizeName(x).length > 0 on random %s', (_what, strings) => {
    fc.assert(
      fc.property(strings, (s) => {
        expect(hasFoldedWord(s)).toBe(normalizeName(s).length > 0);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('an ASCII name is tokenised in one pass, as the folding rule does', () => {
  const ascii = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c));

  it.each([
    ['words, case and punctuation', "  O'Brien, J.R. ", [['o', 0], ['brien', 0], ['j', 1], ['r', 1]]],
    ['a part without words takes no number', 'Putin,, ,Vladimir,', [['putin', 0], ['vladimir', 1]]],
    ['digits are words', 'Brigade 15-B', [['brigade', 0], ['15', 0], ['b', 0]]],
  ])('%s: %j', (_why, input, expected) => {
    expect(tokenizeName(input).map((t) => [t.text, t.segment])).toEqual(expected);
    expect(tokenizeName(input)).toEqual(foldedTokens(input));
  });

  it('equals the rule on every ASCII character between words', () => {
    for (const c of ascii) {
      const input = `Ab${c}cD, e${c}`;
      expect(tokenizeName(input), JSON.stringify(input)).toEqual(foldedTokens(input));
    }
  });

  it('equals the rule on random ASCII text', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ascii, 'a', 'Z', '7', ',', ' '), { maxLength: 30 }), (chars) => {
        const input = chars.join('');
        expect(tokenizeName(input)).toEqual(foldedTokens(input));
      }),
      { numRuns: 2000 },
    );
  });
});
