import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCsv } from '../../src/importers/csv.js';

const rows = (text: string) => [...readCsv(text)].map((r) => ({ fields: r.fields, line: r.line, ...(r.error ? { error: true } : {}) }));

describe('readCsv', () => {
  it.each([
    ['plain fields', 'a,b,c\n1,2,3\n', [{ fields: ['a', 'b', 'c'], line: 1 }, { fields: ['1', '2', '3'], line: 2 }]],
    ['quoted commas and doubled quotes', '"x, y","say ""hi"""\n', [{ fields: ['x, y', 'say "hi"'], line: 1 }]],
    ['CRLF line ends', 'a,b\r\nc,d\r\n', [{ fields: ['a', 'b'], line: 1 }, { fields: ['c', 'd'], line: 2 }]],
    ['blank lines skipped, line numbers kept', 'a\n\n\nb\n', [{ fields: ['a'], line: 1 }, { fields: ['b'], line: 4 }]],
    ['line breaks inside quotes', '"one\ntwo",x\ny,z\n', [{ fields: ['one\ntwo', 'x'], line: 1 }, { fields: ['y', 'z'], line: 3 }]],
    ['OFAC: spaces after a closing quote and -0- values', '36,"AERO" ,-0- \n', [{ fields: ['36', 'AERO', '-0- '], line: 1 }]],
    ['empty trailing field', 'a,\n', [{ fields: ['a', ''], line: 1 }]],
    ['no final newline', 'a,b', [{ fields: ['a', 'b'], line: 1 }]],
    ['unterminated quote is an error on the record', 'a,"b\n', [{ fields: ['a', 'b\n'], line: 1, error: true }]],
    ['text after a closing quote is an error on the record', '"a"x,b\nc\n', [{ fields: ['ax', 'b'], line: 1, error: true }, { fields: ['c'], line: 2 }]],
  ])('%s', (_name, text, expected) => {
    expect(rows(text)).toEqual(expected);
  });
});

describe('readCsv round trip', () => {
  const encode = (rows: string[][]) =>
    rows.map((r) => r.map((f) => (/[",\r\n]/.test(f) || f === '' ? `"${f.replace(/"/g, '""')}"` : f)).join(',')).join('\r\n');

  it('reads back any rows written with RFC 4180 quoting', () => {
    const field = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', ',', '"', '\n', 'é', '1'), maxLength: 8 });
    fc.assert(
      fc.property(fc.array(fc.array(field, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 6 }), (rows) => {
        const back = [...readCsv(encode(rows))];
        expect(back.map((r) => r.fields)).toEqual(rows);
        expect(back.every((r) => r.error === undefined)).toBe(true);
      }),
      { seed: 42, numRuns: 300 },
    );
  });
});
