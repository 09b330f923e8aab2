import { describe, expect, it } from 'vitest';
import { isSpecDate, parseDayFirstDate, parseDayFirstDay, parseOfacDate, yearRange, MAX_RANGE_YEARS } from '../../src/importers/dates.js';

describe('parseOfacDate', () => {
  it.each([
    ['01 Jan 1960', ['1960-01-01'], false],
    ['1 Feb 1970', ['1970-02-01'], false],
    ['Jan 1960', ['1960'], false],
    ['1960', ['1960'], false],
    ['1960.', ['1960'], false],
    ['circa 1960', ['1960'], true],
    ['circa 01 Jul 1955', ['1955-07-01'], true],
    ['1960 to 1962', ['1960', '1961', '1962'], true],
    ['circa 1979-1982', ['1979', '1980', '1981', '1982'], true],
    ['01 Jan 1960 to 31 Dec 1960', ['1960'], true],
    ['Mar 1960 to Feb 1961', ['1960', '1961'], true],
    ['05 May 1970 to 05 May 1970', ['1970-05-05'], false],
  ])('reads "%s" as %j', (text, values, approximate) => {
    expect(parseOfacDate(text)).toEqual({ values, approximate });
  });

  it.each(['31 Feb 1960', 'sometime in 1960', '1962 to 1960', '32 Jan 1960', 'Foo 1960', ''])('rejects "%s"', (text) => {
    expect(parseOfacDate(text)).toBeUndefined();
  });
});

describe('yearRange', () => {
  it('gives one value per year up to the limit and the two ends beyond it', () => {
    expect(yearRange(1990, 1990)).toEqual(['1990']);
    expect(yearRange(1950, 1950 + MAX_RANGE_YEARS)).toHaveLength(MAX_RANGE_YEARS + 1);
    expect(yearRange(1900, 1900 + MAX_RANGE_YEARS + 1)).toEqual(['1900', String(1900 + MAX_RANGE_YEARS + 1)]);
  });
});

describe('isSpecDate', () => {
  it.each([['1960', true], ['1960-02-29', true], ['1961-02-29', false], ['1960-13-01', false], ['1960-01', false], ['60', false]])(
    '%s -> %s', (v, want) => expect(isSpecDate(v)).toBe(want));
});

describe('parseDayFirstDate (UK list dates)', () => {
  it.each([
    ['01/03/1958', '1958-03-01'],
    ['1/3/1958', '1958-03-01'],
    ['29/02/1960', '1960-02-29'],
    ['dd/mm/1945', '1945'],
    ['dd/03/1958', '1958'],
    ['00/00/1958', '1958'],
    ['mm/1958', '1958'],
    ['1958', '1958'],
    ['1958-03-01', '1958-03-01'],
    ['29/06/2012 00:00:00', '2012-06-29'],
    [' 01/03/1958 ', '1958-03-01'],
  ])('reads %j as %j', (text, value) => {
    expect(parseDayFirstDate(text)).toBe(value);
  });

  it.each(['31/02/1960', '13/13/1960', 'spring 1960', '1960/03/01', '', '01/03/60'])('rejects %j', (text) => {
    expect(parseDayFirstDate(text)).toBeUndefined();
  });

  it('parseDayFirstDay gives only full days', () => {
    expect([parseDayFirstDay('25/01/2001'), parseDayFirstDay('dd/mm/2001')]).toEqual(['2001-01-25', undefined]);
  });
});
