import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tokenizeName } from '../../src/names/normalize.js';
import { tokenizeWithOffsets } from '../../src/reference/tokens.js';

const view = (text: string) => tokenizeWithOffsets(text).map((t) => [t.text, text.slice(t.start, t.end)]);

describe('tokenizeWithOffsets', () => {
  it.each([
    ['INV 2231 PAYMENT TO MOHAMAD-ALI', [['inv', 'INV'], ['2231', '2231'], ['payment', 'PAYMENT'], ['to', 'TO'], ['mohamad', 'MOHAMAD'], ['ali', 'ALI']]],
    ["O'Brien, Müller", [['o', 'O'], ['brien', 'Brien'], ['muller', 'Müller']]],
    ['Mu\u0308ller x', [['muller', 'Mu\u0308ller'], ['x', 'x']]],
    ['Ｍｏｈａｍｍｅｄ ﬁne', [['mohammed', 'Ｍｏｈａｍｍｅｄ'], ['fine', 'ﬁne']]],
    ['pay 习近平 now', [['pay', 'pay'], ['xi', '习'], ['jinping', '近平'], ['now', 'now']]],
    ['ref علي 12', [['ref', 'ref'], ['ly', 'لي'], ['12', '12']]],
    ['ß straße', [['ss', 'ß'], ['strasse', 'straße']]],
  ])('%s', (text, expected) => {
    expect(view(text)).toEqual(expected);
  });

  it('gives exactly the words of tokenizeName, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => {
        expect(tokenizeWithOffsets(text).map((t) => [t.text, t.script])).toEqual(tokenizeName(text).map((t) => [t.text, t.script]));
      }),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        expect(tokenizeWithOffsets(text).map((t) => t.text)).toEqual(tokenizeName(text).map((t) => t.text));
      }),
      { numRuns: 3000 },
    );
  });

  it('offsets are ordered and inside the text (words folded from one character may share its span)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => {
        let last = 0;
        for (const t of tokenizeWithOffsets(text)) {
          expect(t.start).toBeGreaterThanOrEqual(last);
          expect(t.end).toBeGreaterThan(t.start);
          expect(t.end).toBeLessThanOrEqual(text.length);
          last = t.start;
        }
      }),
    );
  });
});
