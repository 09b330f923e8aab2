/**
 * A small synchronous RFC 4180 CSV reader that yields one record at a time with its line number, so importers can
 * stream large files and name the line of a bad record. Quoted fields may hold commas, doubled quotes and line
 * breaks; CRLF and LF line ends are both accepted; blank lines are skipped. Whitespace between a closing quote and the
 * next comma is allowed (OFAC writes `"x" ,`); any other text there, or a quote left open at the end of the file, is
 * reported on the record as `error` and the reader resynchronises at the next line.
 */

export interface CsvRecord {
  fields: string[];
  /** 1-based line on which the record starts. */
  line: number;
  /** Set when the record is malformed; `fields` then holds what could be read. */
  error?: string;
}

export function* readCsv(text: string): Generator<CsvRecord> {
  const n = text.length;
  let i = 0;
  let line = 1;
  while (i < n) {
    // Skip blank lines.
    const c0 = text.charCodeAt(i);
    if (c0 === 10) { i++; line++; continue; }
    if (c0 === 13 && text.charCodeAt(i + 1) === 10) { i += 2; line++; continue; }
    const startLine = line;
    const fields: string[] = [];
    let error: string | undefined;
    for (;;) {
      // One field.
      if (text.charCodeAt(i) === 34) {
        i++;
        let value = '';
        let closed = false;
        while (i < n) {
          const q = text.indexOf('"', i);
          if (q === -1) { value += text.slice(i); i = n; break; }
          value += text.slice(i, q);
          if (text.charCodeAt(q + 1) === 34) { value += '"'; i = q + 2; continue; }
          i = q + 1;
          closed = true;
          break;
        }
        for (let k = value.indexOf('\n'); k !== -1; k = value.indexOf('\n', k + 1)) line++;
        if (!closed) { error ??= 'a quoted field is not closed before the end of the file'; }
        while (i < n && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
        const c = text.charCodeAt(i);
        if (i < n && c !== 44 && c !== 10 && c !== 13) {
          error ??= `unexpected text after a closing quote in field ${fields.length + 1}`;
          let j = i;
          while (j < n && text.charCodeAt(j) !== 44 && text.charCodeAt(j) !== 10 && text.charCodeAt(j) !== 13) j++;
          value += text.slice(i, j);
          i = j;
        }
        fields.push(value);
      } else {
        let j = i;
        while (j < n) {
          const c = text.charCodeAt(j);
          if (c === 44 || c === 10 || c === 13) break;
          j++;
        }
        fields.push(text.slice(i, j));
        i = j;
      }
      // Separator or end of record.
      if (i >= n) break;
      const c = text.charCodeAt(i);
      if (c === 44) { i++; if (i >= n) { fields.push(''); break; } continue; }
      if (c === 13 && text.charCodeAt(i + 1) === 10) { i += 2; line++; break; }
      if (c === 10 || c === 13) { i++; line++; break; }
    }
    const record: CsvRecord = { fields, line: startLine };
    if (error !== undefined) record.error = error;
    yield record;
  }
}
