/**
 * An uploaded XLSX made safe to stream: the zip is read whole (it is bounded by `maxFileBytes`), every part's
 * declared size is checked before it is inflated (no zip bomb), every part's CRC-32 and size are verified (a
 * damaged part is refused here, never half-read by the spreadsheet reader), no XML token may be longer than a
 * cell may be, and the parts are written back as a clean zip in the order the streaming reader needs (relations,
 * workbook and shared strings before the sheets, so nothing is spilled to temporary files).
 */
import { crc32 } from 'node:zlib';
import type { Unzipped } from 'fflate';
import { lazily } from '../lazy.js';
import { malformed, tooLarge, type BatchFileLimits } from './limits.js';

/** fflate, loaded with the first XLSX file (see ../lazy.ts). */
const fflate = lazily<typeof import('fflate')>('fflate');

const EMPTY_SHARED_STRINGS = new TextEncoder().encode(
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>',
);
const FIRST = ['[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/sharedStrings.xml', 'xl/styles.xml'];
const SHEET = /^xl\/worksheets\/sheet\d+\.xml$/;
const LT = 0x3c;

/** The longest run of bytes between two `<` in an XML part (a text node or a tag). */
function longestToken(bytes: Uint8Array): number {
  let longest = 0;
  let from = 0;
  for (;;) {
    const at = bytes.indexOf(LT, from);
    const end = at === -1 ? bytes.length : at;
    if (end - from > longest) longest = end - from;
    if (at === -1) return longest;
    from = at + 1;
  }
}

/** Check the workbook's zip and return it rewritten for the streaming reader; throws `BatchFileFault`. */
export function cleanWorkbook(bytes: Uint8Array, limits: BatchFileLimits): Uint8Array {
  let declared = 0;
  let parts: Unzipped;
  try {
    parts = fflate().unzipSync(bytes, {
      filter: (f) => {
        declared += f.originalSize;
        if (declared > limits.maxUncompressedBytes) throw tooLarge('the uncompressed size of the workbook', limits.maxUncompressedBytes);
        return true;
      },
    });
  } catch (e) {
    if (e instanceof Error && e.name === 'BatchFileFault') throw e;
    throw malformed(`unreadable XLSX: ${(e as Error).message}`);
  }
  const names = Object.keys(parts);
  if (!names.includes('xl/workbook.xml') || !names.some((n) => SHEET.test(n))) throw malformed('unreadable XLSX: no workbook or no sheet');
  // A token longer than this cannot be a cell within the limit, even with every character escaped (`&quot;`).
  const maxToken = limits.maxCellChars * 6 + 1024;
  for (const name of names) {
    const data = parts[name]!;
    if (name.endsWith('.xml') || name.endsWith('.rels')) {
      if (longestToken(data) > maxToken) throw tooLarge(`a value in ${name}`, limits.maxCellChars);
    }
  }
  verifyChecksums(bytes, parts);
  if (!Object.hasOwn(parts, 'xl/sharedStrings.xml')) parts['xl/sharedStrings.xml'] = EMPTY_SHARED_STRINGS;
  const ordered: Unzipped = {};
  for (const n of FIRST) if (parts[n]) ordered[n] = parts[n];
  for (const n of names) if (!SHEET.test(n) && !Object.hasOwn(ordered, n)) ordered[n] = parts[n]!;
  for (const n of names) if (SHEET.test(n)) ordered[n] = parts[n]!;
  return fflate().zipSync(ordered, { level: 1 });
}

/** Compare each part with the CRC-32 and size its central directory entry declares. */
function verifyChecksums(bytes: Uint8Array, parts: Unzipped): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // End of central directory: the last PK\5\6 signature (fflate found it too, or it would have thrown).
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65535); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw malformed('unreadable XLSX: no zip directory');
  let count = view.getUint16(eocd + 10, true);
  let at = view.getUint32(eocd + 16, true);
  const decoder = new TextDecoder();
  while (count-- > 0) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) throw malformed('unreadable XLSX: damaged zip directory');
    const crc = view.getUint32(at + 16, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    const data = Object.hasOwn(parts, name) ? parts[name] : undefined;
    if (data && (data.length !== size || (crc32(data) >>> 0) !== crc)) throw malformed(`unreadable XLSX: ${name} is damaged (checksum)`);
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
}
