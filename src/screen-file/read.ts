/**
 * Reading a customer file as a stream: CSV with a header row (csv-parse), or JSON lines (one object a line). Yields
 * one item per customer, in file order: a search request, or the reason the row cannot be screened; or a single
 * `fatal` item when the file cannot be read at all (no usable header).
 */
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { customerColumn, customerRequest, type CustomerRequest, type RowError, type RowSearchOptions } from './rows.js';

export type InputFormat = 'csv' | 'jsonl';

export type InputItem =
  | { kind: 'row'; value: CustomerRequest }
  | { kind: 'error'; value: RowError }
  | { kind: 'fatal'; message: string };

/** JSON lines for `.jsonl`, `.ndjson` and `.json` files, CSV otherwise. */
export function inputFormatOf(path: string): InputFormat {
  return /\.(jsonl|ndjson|json)$/i.test(path) ? 'jsonl' : 'csv';
}

const NAME_COLUMNS = ['name', 'first_name', 'last_name'];

function item(values: Record<string, unknown>, row: number, line: number, options: RowSearchOptions): InputItem {
  const r = customerRequest(values, { row, line }, options);
  return 'message' in r ? { kind: 'error', value: r } : { kind: 'row', value: r };
}

async function* readCsv(input: Readable, options: RowSearchOptions): AsyncGenerator<InputItem> {
  const parser = input.pipe(parse({ bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true, info: true }));
  let columns: (string | undefined)[] | undefined;
  let row = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (columns === undefined) {
        columns = record.map(customerColumn);
        if (!columns.some((c) => c !== undefined && NAME_COLUMNS.includes(c))) {
          yield { kind: 'fatal', message: `line ${info.lines}: the header names none of ${NAME_COLUMNS.join(', ')} (columns: ${CUSTOMER_HELP})` };
          return;
        }
        continue;
      }
      const values: Record<string, unknown> = {};
      columns.forEach((c, i) => {
        if (c !== undefined && values[c] === undefined) values[c] = record[i];
      });
      yield item(values, ++row, info.lines, options);
    }
  } catch (e) {
    yield { kind: 'fatal', message: (e as Error).message };
    return;
  }
  if (columns === undefined) yield { kind: 'fatal', message: 'the file is empty (a CSV needs a header row)' };
}

const CUSTOMER_HELP = 'client_ref, name or first_name/middle_name/last_name, birth_year, country, entity_type';

async function* readJsonLines(input: Readable, options: RowSearchOptions): AsyncGenerator<InputItem> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  let line = 0;
  let row = 0;
  for await (const raw of lines) {
    line++;
    const text = (line === 1 ? raw.replace(/^\uFEFF/, '') : raw).trim();
    if (text === '') continue;
    row++;
    let obj: unknown;
    try {
      obj = JSON.parse(text);
    } catch (e) {
      yield { kind: 'error', value: { row, line, client_ref: undefined, message: `the line is not JSON: ${(e as Error).message}` } };
      continue;
    }
    if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) {
      yield { kind: 'error', value: { row, line, client_ref: undefined, message: 'the line is not a JSON object' } };
      continue;
    }
    const values: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(obj)) {
      const c = customerColumn(k);
      if (c !== undefined && values[c] === undefined) values[c] = v;
    }
    yield item(values, row, line, options);
  }
}

/** The customers of a CSV or JSON lines stream, in order. */
export function readCustomers(input: Readable, format: InputFormat, options: RowSearchOptions = {}): AsyncGenerator<InputItem> {
  return format === 'csv' ? readCsv(input, options) : readJsonLines(input, options);
}
