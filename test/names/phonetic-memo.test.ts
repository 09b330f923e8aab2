import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PhoneticMemo, phoneticMemo, prepareQueryWord, prepareWord, DEFAULT_PHONETIC_MEMO_WORDS } from '../../src/names/prepare.js';
import { prepareQuery } from '../../src/names/name-match.js';
import { defaultWordTables } from '../../src/names/tables.js';
import type { TokenScript } from '../../src/names/normalize.js';

const tables = defaultWordTables();

afterEach(() => {
  phoneticMemo.capacity = DEFAULT_PHONETIC_MEMO_WORDS;
  phoneticMemo.clear();
});

describe('a query word prepared through the phonetic memo is the word prepareWord gives', () => {
  it.each<[string, string, TokenScript, string | undefined]>([
    ['a Latin name', 'mohammed', 'latin', undefined],
    ['a word of two letters (no Double Metaphone codes)', 'al', 'latin', undefined],
    ['a particle keeps its table membership', 'bin', 'latin', undefined],
    ['an abjad word keeps its own skeleton (vav dropped)', 'vnymyn', 'abjad', undefined],
    ['a number is prepared without the memo', '1984', 'latin', undefined],
    ['a word with a digit is prepared without the memo', 'a320', 'latin', undefined],
    ['a word from Han keeps its native form', 'wang', 'cjk', 'h王'],
  ])('%s', (_, text, script, native) => {
    const fresh = prepareWord(text, script, tables, native);
    expect(prepareQueryWord(text, script, tables, native)).toEqual(fresh);
    // The second time from the memo: still the same.
    expect(prepareQueryWord(text, script, tables, native)).toEqual(fresh);
  });

  it('for any word of letters, first from the codes and then from the memo', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,12}$/), fc.constantFrom<TokenScript>('latin', 'abjad', 'cjk'), (text, script) => {
        const fresh = prepareWord(text, script, tables);
        expect(prepareQueryWord(text, script, tables)).toEqual(fresh);
        expect(prepareQueryWord(text, script, tables)).toEqual(fresh);
      }),
      { numRuns: 300 },
    );
  });

  it('a whole query prepares the same with the memo on and off', () => {
    const terms = ['Mohammed bin Salman Al Saud', "Sa'id Esma'il", 'Banco Nacional de Cuba S.A.', 'Ivan Petrov', 'Иван Петров', 'محمد'];
    phoneticMemo.capacity = 0;
    const off = terms.map((t) => prepareQuery(t, undefined, tables));
    phoneticMemo.capacity = DEFAULT_PHONETIC_MEMO_WORDS;
    const on = terms.map((t) => prepareQuery(t, undefined, tables));
    const again = terms.map((t) => prepareQuery(t, undefined, tables));
    expect(on).toEqual(off);
    expect(again).toEqual(off);
  });
});

describe('the phonetic memo remembers within its capacity', () => {
  it('a repeated word is answered from memory', () => {
    const memo = new PhoneticMemo(10);
    memo.codes('petrov', false);
    memo.codes('petrov', false);
    memo.codes('petrov', true);
    expect({ hits: memo.hits, misses: memo.misses, size: memo.size }).toEqual({ hits: 1, misses: 2, size: 2 });
  });

  it('a full memo is cleared before the next word is remembered', () => {
    const memo = new PhoneticMemo(2);
    for (const w of ['anna', 'boris', 'carla']) memo.codes(w, false);
    expect(memo.size).toBe(1);
    memo.codes('carla', false);
    expect(memo.hits).toBe(1);
  });

  it('capacity 0 remembers nothing', () => {
    const memo = new PhoneticMemo(0);
    memo.codes('anna', false);
    memo.codes('anna', false);
    expect({ hits: memo.hits, size: memo.size }).toEqual({ hits: 0, size: 0 });
  });

  it('the process memo off: query words do not reach it', () => {
    phoneticMemo.capacity = 0;
    const before = phoneticMemo.hits + phoneticMemo.misses;
    prepareQuery('Ivan Petrov', undefined, tables);
    expect(phoneticMemo.hits + phoneticMemo.misses).toBe(before);
    expect(phoneticMemo.size).toBe(0);
  });
});
