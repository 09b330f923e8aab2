/**
 * Property tests of name matching (issue 2, Tests): normalisation is idempotent; a name always matches itself
 * as `name_exact`; the verdict does not depend on query word order unless `exact_match`, where a reordered
 * query of distinct words never matches.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as names from '../../src/names/index.js';
import { compareEntity } from '../../src/names/index.js';
import type { Entity } from '../../src/types/entity.js';

const RUNS = 300;
const letter = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz');
/** A word of 3 to 10 lower-case Latin letters. */
const word = fc.string({ unit: letter, minLength: 3, maxLength: 10 });
/** A name of 1 to 4 such words. */
const nameWords = fc.array(word, { minLength: 1, maxLength: 4 });

function entity(name: string): Entity {
  return { id: 'prop', entity_type: 'person', name, sources: ['prop-list'], types: ['sanction'] };
}

function verdict(query: string, name: string, extra: Record<string, unknown> = {}): string | null {
  const result = compareEntity({ search_term: query, ...extra }, entity(name));
  if (!result.ok) throw new Error(`refused a valid request: ${JSON.stringify(result.error)}`);
  return result.value === null ? null : (result.value.match_types[0] ?? '');
}

/** `xs` and a permutation of it. */
function withPermutation<T>(xs: fc.Arbitrary<T[]>): fc.Arbitrary<[T[], T[]]> {
  return xs.chain((a) => fc.tuple(fc.constant(a), fc.shuffledSubarray(a, { minLength: a.length, maxLength: a.length })));
}

/** The folded words of a name, whatever the exact return shape of `normalizeName` (`string[]` or `{ tokens }`). */
function fold(input: string): string[] {
  const normalize = (names as Record<string, unknown>).normalizeName as (s: string) => unknown;
  const out = normalize(input);
  if (Array.isArray(out)) return out as string[];
  return (out as { tokens: string[] }).tokens;
}

describe('normalisation', () => {
  it('is idempotent on arbitrary Unicode text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (s) => {
        const once = fold(s);
        expect(fold(once.join(' '))).toEqual(once);
      }),
      { numRuns: RUNS },
    );
  });

  it('is idempotent on mixed-script names', () => {
    const piece = fc.constantFrom('Владимир', 'Путин', 'Αλέξης', 'محمد', 'علي', 'בנימין', '习近平', '김정은', 'タナカ', 'José', 'Müller', "O'Brien", 'Jean-Pierre', 'Strauß', 'ＡＢＣ', '747');
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 5 }), fc.constantFrom(' ', ', ', '-', ' / '), (ps, sep) => {
        const once = fold(ps.join(sep));
        expect(fold(once.join(' '))).toEqual(once);
      }),
      { numRuns: RUNS },
    );
  });

  it('folds case and punctuation: a re-cased, re-punctuated name is still name_exact', () => {
    fc.assert(
      fc.property(nameWords, fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }), fc.constantFrom(' ', '-', ', ', '. ', '  '), (ws, upper, sep) => {
        const name = ws.join(' ');
        let k = 0;
        const recased = ws.map((w) => [...w].map((c) => (upper[k++ % upper.length] ? c.toUpperCase() : c)).join('')).join(sep);
        expect(verdict(recased, name)).toBe('name_exact');
      }),
      { numRuns: RUNS },
    );
  });
});

describe('a name matches itself', () => {
  it('as name_exact (1 to 4 words of 3 to 10 letters)', () => {
    fc.assert(
      fc.property(nameWords, (ws) => {
        const name = ws.join(' ');
        expect(verdict(name, name)).toBe('name_exact');
      }),
      { numRuns: RUNS },
    );
  });

  it('as name_exact with exact_match on', () => {
    fc.assert(
      fc.property(nameWords, (ws) => {
        const name = ws.join(' ');
        expect(verdict(name, name, { exact_match: true })).toBe('name_exact');
      }),
      { numRuns: RUNS },
    );
  });

  it('as name_exact at every fuzziness', () => {
    fc.assert(
      fc.property(nameWords, fc.integer({ min: 0, max: 10 }), (ws, f) => {
        const name = ws.join(' ');
        expect(verdict(name, name, { fuzziness: f / 10 })).toBe('name_exact');
      }),
      { numRuns: RUNS },
    );
  });
});

describe('query word order', () => {
  /**
   * Query words drawn from the list name (kept, or with one letter replaced) and from unrelated words, so that
   * the cases cover exact, fuzzy, phonetic and no-match verdicts.
   */
  const queryAndName = fc
    .tuple(fc.array(word, { minLength: 1, maxLength: 4 }), fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat(), letter), { minLength: 1, maxLength: 4 }), word)
    .map(([listWords, picks, stranger]) => {
      const query = picks.map(([pick, mode, pos, c]) => {
        if (mode % 5 === 4) return stranger;
        const w = listWords[pick % listWords.length]!;
        if (mode % 5 === 3) {
          const i = pos % w.length;
          return w.slice(0, i) + c + w.slice(i + 1);
        }
        return w;
      });
      return { query, name: listWords.join(' ') };
    })
    .chain(({ query, name }) =>
      fc.tuple(fc.constant(name), fc.constant(query), fc.shuffledSubarray(query, { minLength: query.length, maxLength: query.length })),
    );

  it('does not change match / no match nor the primary type when exact_match is off', () => {
    fc.assert(
      fc.property(queryAndName, fc.constantFrom(0, 0.5, 1), ([name, query, shuffled], fuzziness) => {
        expect(verdict(shuffled.join(' '), name, { fuzziness })).toBe(verdict(query.join(' '), name, { fuzziness }));
      }),
      { numRuns: RUNS },
    );
  });

  it('a reordered name still matches as name_exact when exact_match is off', () => {
    fc.assert(
      fc.property(withPermutation(nameWords), ([ws, perm]) => {
        expect(verdict(perm.join(' '), ws.join(' '))).toBe('name_exact');
      }),
      { numRuns: RUNS },
    );
  });

  it('with exact_match on, a reordered query of distinct words does not match', () => {
    const distinct = fc.uniqueArray(word, { minLength: 2, maxLength: 4 });
    fc.assert(
      fc.property(withPermutation(distinct), ([ws, perm]) => {
        fc.pre(perm.some((w, i) => w !== ws[i]));
        expect(verdict(perm.join(' '), ws.join(' '), { exact_match: true })).toBeNull();
      }),
      { numRuns: RUNS },
    );
  });
});
