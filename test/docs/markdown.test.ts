import { describe, expect, it } from 'vitest';
import { docBlocks, outputMatches } from './markdown.js';

const page = (...parts: string[]): string => parts.join('\n');

describe('docBlocks reads the fences of a page by the convention', () => {
  it.each([
    ['a ts block', page('```ts', 'const a = 1;', '```'), [{ lang: 'ts', line: 2, norun: false, continued: false, code: 'const a = 1;' }]],
    ['an sh block marked norun', page('text', '```sh norun', 'npm ci', '```'), [{ lang: 'sh', line: 3, norun: true }]],
    ['a continued ts block', page('```ts', 'a', '```', '', '```ts continued', 'b', '```'), [{ continued: false }, { continued: true, code: 'b' }]],
    ['json, csv and plain blocks are not run', page('```json', '{}', '```', '```csv', 'a,b', '```', '```', 'usage', '```'), []],
  ])('%s', (_why, markdown, expected) => {
    const { blocks, problems } = docBlocks('p.md', markdown);
    expect(problems).toEqual([]);
    expect(blocks).toMatchObject(expected);
    expect(blocks).toHaveLength(expected.length);
  });

  it.each([
    ['right after the block', page('```sh', 'tamis x', '```', '', '```text', 'out', '```'), { line: 6, text: 'out' }],
    ['after prose: not an expected output', page('```sh', 'tamis x', '```', 'It prints:', '```text', 'out', '```'), undefined],
  ])('takes a text block as the expected output only %s', (_why, markdown, expected) => {
    expect(docBlocks('p.md', markdown).blocks[0]!.expected).toEqual(expected);
  });

  it.each([
    ['a look-alike language', page('```bash', 'ls', '```'), /write ```sh/],
    ['an unknown flag', page('```ts skip', 'a', '```'), /unknown fence flag skip/],
    ['continued with nothing before it', page('```ts continued', 'a', '```'), /needs a runnable ts block before it/],
  ])('reports %s instead of skipping it silently', (_why, markdown, problem) => {
    expect(docBlocks('p.md', markdown).problems.join('\n')).toMatch(problem);
  });
});

describe('outputMatches compares what a block printed with its documented output', () => {
  it.each([
    ['the same text, trailing spaces and blank lines aside', 'a\nb', 'a  \nb\n\n', true],
    ['a different line', 'a\nb', 'a\nc', false],
    ['a missing line', 'a\nb', 'a', false],
    ['durations, whatever they are', 'imported 3 entities in 806 ms', 'imported 3 entities in 1203 ms', true],
    ['counts next to durations still count', 'imported 3 entities in 806 ms', 'imported 4 entities in 806 ms', false],
    ['"..." standing for any text, over lines', 'start\n...\nend', 'start\nx\ny\nend', true],
    ['"..." does not excuse the text around it', 'start\n...\nend', 'start\nx\nfin', false],
    ['JSON laid out differently', '{ "a": [1, 2],\n  "b": null }', '{"a":[1,2],"b":null}', true],
    ['JSON with another value', '{ "a": [1, 2] }', '{"a":[1,3]}', false],
    ['JSON with a key more', '{ "a": 1 }', '{"a":1,"b":2}', false],
  ])('%s', (_why, expected, actual, matches) => {
    expect(outputMatches(expected, actual)).toBe(matches);
  });
});
