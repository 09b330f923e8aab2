import { existsSync, mkdtempSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { screenFile, type ScreenFileOptions } from '../../src/screen-file/engine.js';
import { inProcessScreening, type RowScreening } from '../../src/screen-file/pool.js';
import type { ResultLine, RowError } from '../../src/screen-file/rows.js';
import type { Entity } from '../../src/types/entity.js';
import { createScreener, snapshotScreenerBytes } from '../../src/index.js';

const person = (id: string, name: string, year?: string): Entity => ({
  id, entity_type: 'person', name, sources: ['test'], types: ['sanction'],
  ...(year !== undefined ? { fields: [{ name: 'Date of Birth', tag: 'date_of_birth', value: year }] } : {}),
});
const LIST: Entity[] = [
  person('p1', 'Ivan Petrovich Sidorov', '1960'),
  person('p2', 'Olga Nikolaevna Smirnova'),
  { id: 'c1', entity_type: 'company', name: 'Northern Light Trading', sources: ['test'], types: ['sanction'] },
];

const dir = mkdtempSync(join(tmpdir(), 'tamis-screen-file-'));
let lists = 0;
const listOf = (entities: unknown[]): string => {
  const p = join(dir, `list-${lists++}.json`);
  writeFileSync(p, JSON.stringify(entities));
  return p;
};
const listPath = listOf(LIST);

const CSV = [
  'Client Ref,First Name,Last Name,Name,Birth Year,Country,Entity Type,notes',
  'c-1,Ivan,Sidorov,,1960,RU,,first',
  'c-2,,,Jane Doe,,,,',
  'c-3,,,Northern Light Trading,,,company,',
  'c-4,Olga,,,,,,no last name',
  'c-5,,,Olga Smirnova,19x0,,,',
  'c-6,,,Olga Nikolaevna Smirnova,,,,',
  '',
].join('\r\n');
const JSONL = [
  '{"client_ref":"c-1","first_name":"Ivan","last_name":"Sidorov","birth_year":1960,"country":"RU"}',
  '{"client_ref":"c-2","name":"Jane Doe"}',
  '{"client_ref":"c-3","name":"Northern Light Trading","entity_type":"company"}',
  '{"client_ref":"c-4","first_name":"Olga"}',
  '{"client_ref":"c-5","name":"Olga Smirnova","birth_year":"19x0"}',
  '{"client_ref":"c-6","name":"Olga Nikolaevna Smirnova"}',
].join('\n');

async function run(input: string, format: 'csv' | 'jsonl', extra: Partial<ScreenFileOptions> = {}) {
  const lines: ResultLine[] = [];
  const errors: RowError[] = [];
  const progress: number[] = [];
  const r = await screenFile({
    input: Readable.from([input]), format, list: listPath, workers: 0, chunkSize: 2,
    onLines: (l) => void lines.push(...l), onRowError: (e) => void errors.push(e), onProgress: (n) => void progress.push(n), ...extra,
  });
  return { r, lines, errors, progress };
}

describe('screenFile', () => {
  it('screens every row and hands back result lines in row order, with the summary', async () => {
    const { r, lines, errors, progress } = await run(CSV, 'csv');
    if (!r.ok) throw new Error(r.error.message);
    expect(lines.map((l) => [l.row, l.client_ref, l.entity_id])).toEqual([[1, 'c-1', 'p1'], [3, 'c-3', 'c1'], [6, 'c-6', 'p2']]);
    expect(errors.map((e) => [e.row, e.line, e.client_ref])).toEqual([[4, 5, 'c-4'], [5, 6, 'c-5']]);
    expect(r.value).toMatchObject({ rows: 6, rowsWithHits: 3, hits: 3, rowErrors: 2, entities: 3, workers: 0 });
    expect(progress).toEqual([2, 4, 6]);
  });

  it('reads JSON lines alike', async () => {
    const csv = await run(CSV, 'csv');
    const jsonl = await run(JSONL, 'jsonl');
    expect(jsonl.lines).toEqual(csv.lines);
    expect(jsonl.errors.map((e) => [e.row, e.line])).toEqual([[4, 4], [5, 5]]);
  });

  it('writes chunks in row order even when later chunks finish first', async () => {
    const inner = await inProcessScreening(listPath);
    if (!inner.ok) throw new Error(inner.error.message);
    let calls = 0;
    const slowFirst: RowScreening = {
      ...inner.value,
      screen: async (rows) => {
        const delay = calls++ === 0 ? 30 : 0;
        await new Promise((res) => setTimeout(res, delay));
        return inner.value.screen(rows);
      },
    };
    const many = ['name', ...Array.from({ length: 12 }, (_, i) => (i % 3 === 0 ? 'Ivan Petrovich Sidorov' : `Nobody ${i}`))].join('\n');
    const { lines } = await run(many, 'csv', { screening: slowFirst, chunkSize: 1 });
    expect(lines.map((l) => l.row)).toEqual([1, 4, 7, 10]);
  });

  it.each([
    ['an input file that does not exist', { input: join(dir, 'missing.csv') }, 'file_not_found', /missing\.csv/],
    ['a list file that does not exist', { list: join(dir, 'missing.json') }, 'file_not_found', /missing\.json/],
    ['a list with an entity lacking sources', { list: listOf([{ id: 'x', entity_type: 'person', name: 'X', types: ['sanction'] }]) }, 'list_bad_value', /\[0\] \(x\)\.sources/],
    ['a CSV header naming no name column', { input: Readable.from(['id,email\n1,a@b.c\n']) }, 'input_invalid', /header names none of name/],
    ['an empty CSV', { input: Readable.from(['']) }, 'input_invalid', /empty/],
  ])('fails on %s', async (_n, over, code, message) => {
    const r = await screenFile({ input: Readable.from([CSV]), format: 'csv', list: listPath, workers: 0, onLines: () => undefined, ...over });
    expect(!r.ok && [r.error.code, r.error.message]).toEqual([code, expect.stringMatching(message)]);
  });
});

describe('screenFile on worker threads (the built worker, dist/screen-file/worker.js)', () => {
  const workerUrl = new URL('../../dist/screen-file/worker.js', import.meta.url);
  it.each([1, 2])('%i worker(s) give the same lines as the main thread', async (workers) => {
    if (!existsSync(workerUrl)) throw new Error('dist/screen-file/worker.js is missing: run `npm run build` first (CI builds before testing)');
    const main = await run(CSV, 'csv');
    const threaded = await run(CSV, 'csv', { workers, workerUrl });
    expect(threaded.r.ok && threaded.r.value.workers).toBe(workers);
    expect(threaded.lines).toEqual(main.lines);
    expect(threaded.errors).toEqual(main.errors);
  });

  it.each([0, 1])('a binary index snapshot (tamis index) gives the same lines as the list file, on %i worker(s)', async (workers) => {
    if (!existsSync(workerUrl)) throw new Error('dist/screen-file/worker.js is missing: run `npm run build` first (CI builds before testing)');
    const snapshot = join(dir, 'list.idx');
    writeFileSync(snapshot, snapshotScreenerBytes(createScreener({ entities: LIST })));
    const main = await run(CSV, 'csv');
    const fromSnapshot = await run(CSV, 'csv', { list: snapshot, workers, workerUrl });
    expect(fromSnapshot.r.ok && fromSnapshot.r.value.entities).toBe(LIST.length);
    expect(fromSnapshot.lines).toEqual(main.lines);
  });

  it.each([
    ['a truncated binary snapshot', (() => { const p = join(dir, 'cut.idx'); writeFileSync(p, snapshotScreenerBytes(createScreener({ entities: LIST })).subarray(0, 300)); return p; })(), 'snapshot_corrupt'],
    ['a missing list', join(dir, 'missing.json'), 'file_not_found'],
    ['a list that is not JSON', (() => { const p = join(dir, 'bad.json'); writeFileSync(p, '[{'); return p; })(), 'list_bad_json'],
  ])('a worker that cannot load %s fails the run with the list code', async (_n, list, code) => {
    const r = await screenFile({ input: Readable.from([CSV]), format: 'csv', list, workers: 1, workerUrl, onLines: () => undefined });
    expect(!r.ok && r.error.code).toBe(code);
  });

  /** A snapshot of LIST that loads, whose document `slot` no longer matches its hash (one byte changed). */
  const corruptDocument = (slot: number): string => {
    const bytes = snapshotScreenerBytes(createScreener({ entities: LIST }));
    const text = Buffer.from(bytes).toString('latin1');
    const at = text.indexOf(LIST[slot]!.name);
    bytes[at] = bytes[at]! ^ 0x20;
    const p = join(dir, `corrupt-${slot}.idx`);
    writeFileSync(p, bytes);
    return p;
  };
  /** A snapshot of LIST, cut short once the run has loaded it (onReady): the documents after the cut cannot be read. */
  const cutAfterLoad = (): { list: string; onReady: () => void } => {
    const list = join(dir, `cut-after-load-${lists++}.idx`);
    writeFileSync(list, snapshotScreenerBytes(createScreener({ entities: LIST })));
    return { list, onReady: () => truncateSync(list, statSync(list).size - 200) };
  };
  it.each([
    [0, 'a document that no longer matches its hash', () => ({ list: corruptDocument(1) })],
    [1, 'a document that no longer matches its hash', () => ({ list: corruptDocument(1) })],
    [0, 'a file cut short after the load', cutAfterLoad],
    [1, 'a file cut short after the load', cutAfterLoad],
  ] as const)('on %i worker(s), a snapshot with %s fails the run with snapshot_corrupt, not screening_failed', async (workers, _what, snapshot) => {
    if (!existsSync(workerUrl)) throw new Error('dist/screen-file/worker.js is missing: run `npm run build` first (CI builds before testing)');
    const { list, onReady } = snapshot() as { list: string; onReady?: () => void };
    const r = await screenFile({ input: Readable.from([CSV]), format: 'csv', list, workers, workerUrl, onLines: () => undefined, ...(onReady ? { onReady } : {}) });
    expect(!r.ok && [r.error.code, r.error.message]).toEqual(['snapshot_corrupt', expect.stringMatching(/could not be read while screening the rows .*no longer reads as written/)]);
    expect(r.ok || r.error.message.startsWith(list)).toBe(true);
  });
});
