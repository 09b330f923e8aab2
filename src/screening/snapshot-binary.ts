/**
 * The binary container of a version-2 index snapshot: a header (JSON) and sections of bytes, each a typed array
 * as it is in memory (little-endian), text (UTF-8) or raw bytes. Read back by viewing the sections in place, with
 * every bound checked and a checksum over the sections, so a corrupt or truncated snapshot is refused, never
 * thrown on. Pure: bytes in, bytes out (the host reads and writes the file).
 *
 *   bytes 0..7    "TAMISIDX"
 *   bytes 8..11   container version (u32, little-endian): 2
 *   bytes 12..15  header length H (u32)
 *   bytes 16..19  checksum of the header (u32, FNV-1a)
 *   bytes 20..    header: UTF-8 JSON { meta, sections: [{ name, kind, offset, length }], payload, checksum }
 *   then, from the next multiple of 8 (P), the payload: each section at P + offset (a multiple of 8)
 */
import { fail, ok, problem, type Problem, type Result } from '../errors.js';

export const MAGIC = 'TAMISIDX';
export const CONTAINER_VERSION = 2;
/** Where the header begins. */
const HEAD = 20;

export type SectionKind = 'i32' | 'u32' | 'u16' | 'u8';
export type Typed = Int32Array | Uint32Array | Uint16Array | Uint8Array;
const WIDTH: Readonly<Record<SectionKind, number>> = { i32: 4, u32: 4, u16: 2, u8: 1 };

interface SectionEntry {
  name: string;
  kind: SectionKind;
  offset: number;
  length: number;
}

interface Header {
  meta: unknown;
  sections: SectionEntry[];
  payload: number;
  checksum: number;
}

/** The element type of a typed array, as a section records it. */
export const kindOf = (data: Typed): SectionKind =>
  data instanceof Int32Array ? 'i32' : data instanceof Uint32Array ? 'u32' : data instanceof Uint16Array ? 'u16' : 'u8';

const pad8 = (n: number): number => (n + 7) & ~7;

/** A checksum of the payload, read as 32-bit words (its length is a multiple of 8). */
function checksum(payload: Uint8Array): number {
  const words = new Int32Array(payload.buffer, payload.byteOffset, payload.byteLength >>> 2);
  let h = 0x811c9dc5 ^ words.length;
  for (let i = 0; i < words.length; i++) {
    h = Math.imul(h ^ words[i]!, 0x5bd1e995);
    h ^= h >>> 15;
  }
  return h >>> 0;
}

/** FNV-1a over bytes (the header). */
function fnv(bytes: Uint8Array): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h >>> 0;
}

/** Platform typed arrays are written as they are: the format is little-endian. */
export const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Write a container: `meta` (JSON-serialisable) and named sections. */
export function writeContainer(meta: unknown, sections: readonly { name: string; data: Typed }[]): Uint8Array {
  if (!LITTLE_ENDIAN) throw new Error('index snapshots are written on little-endian platforms only');
  const entries: SectionEntry[] = [];
  let payload = 0;
  for (const { name, data } of sections) {
    entries.push({ name, kind: kindOf(data), offset: payload, length: data.length });
    payload = pad8(payload + data.byteLength);
  }
  const body = new Uint8Array(payload);
  sections.forEach(({ data }, k) => body.set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), entries[k]!.offset));
  const header: Header = { meta, sections: entries, payload, checksum: checksum(body) };
  const head = new TextEncoder().encode(JSON.stringify(header));
  const start = pad8(HEAD + head.length);
  const out = new Uint8Array(start + payload);
  out.set(new TextEncoder().encode(MAGIC), 0);
  const view = new DataView(out.buffer);
  view.setUint32(8, CONTAINER_VERSION, true);
  view.setUint32(12, head.length, true);
  view.setUint32(16, fnv(head), true);
  out.set(head, HEAD);
  out.set(body, start);
  return out;
}

/** A container read back: its meta and its sections as typed arrays viewing the bytes. */
export interface Container {
  meta: unknown;
  section(name: string, kind: 'i32'): Int32Array | undefined;
  section(name: string, kind: 'u32'): Uint32Array | undefined;
  section(name: string, kind: 'u16'): Uint16Array | undefined;
  section(name: string, kind: 'u8'): Uint8Array | undefined;
}

const corrupt = (message: string): Result<never, Problem[]> => fail([problem('snapshot_corrupt', message)]);

/** Whether the bytes begin like a container (whatever its version). */
export function isContainer(bytes: Uint8Array): boolean {
  if (bytes.length < 8) return false;
  for (let i = 0; i < MAGIC.length; i++) if (bytes[i] !== MAGIC.charCodeAt(i)) return false;
  return true;
}

/**
 * Read a container. The sections view the bytes (copied once when they do not start on a multiple of 8): the
 * caller must not change the bytes afterwards.
 */
export function readContainer(input: Uint8Array): Result<Container, Problem[]> {
  if (!isContainer(input)) return fail([problem('snapshot_format', 'not a tamis-index binary snapshot')]);
  if (input.length < HEAD) return corrupt('the snapshot is truncated');
  const bytes = input.byteOffset % 8 === 0 ? input : input.slice();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(8, true);
  if (version !== CONTAINER_VERSION) return fail([problem('snapshot_version', `snapshot version ${version} is not supported (expected ${CONTAINER_VERSION})`, 'version')]);
  if (!LITTLE_ENDIAN) return fail([problem('snapshot_platform', 'index snapshots are read on little-endian platforms only')]);
  const headLength = view.getUint32(12, true);
  if (HEAD + headLength > bytes.length) return corrupt('the snapshot is truncated (header)');
  const head = bytes.subarray(HEAD, HEAD + headLength);
  if (fnv(head) !== view.getUint32(16, true)) return corrupt('the snapshot header checksum does not match');
  let header: Header;
  try {
    header = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(head)) as Header;
  } catch {
    return corrupt('the snapshot header is not valid JSON');
  }
  if (typeof header !== 'object' || header === null || !Array.isArray(header.sections) || !Number.isSafeInteger(header.payload)) return corrupt('the snapshot header is malformed');
  const start = pad8(HEAD + headLength);
  if (start + header.payload !== bytes.length) return corrupt(`the snapshot is ${bytes.length} bytes, its header says ${start + header.payload}`);
  const payload = bytes.subarray(start);
  if (checksum(payload) !== header.checksum) return corrupt('the snapshot checksum does not match its contents');
  const byName = new Map<string, SectionEntry>();
  for (const s of header.sections) {
    if (typeof s !== 'object' || s === null || typeof s.name !== 'string' || !(s.kind in WIDTH)) return corrupt('a snapshot section is malformed');
    const end = s.offset + s.length * WIDTH[s.kind];
    if (!Number.isSafeInteger(s.offset) || !Number.isSafeInteger(s.length) || s.offset < 0 || s.length < 0 || s.offset % 8 !== 0 || end > header.payload) {
      return corrupt(`snapshot section ${s.name} lies outside the snapshot`);
    }
    byName.set(s.name, s);
  }
  const base = payload.byteOffset;
  const section = (name: string, kind: SectionKind): Typed | undefined => {
    const s = byName.get(name);
    if (s === undefined || s.kind !== kind) return undefined;
    const at = base + s.offset;
    switch (kind) {
      case 'i32':
        return new Int32Array(bytes.buffer, at, s.length);
      case 'u32':
        return new Uint32Array(bytes.buffer, at, s.length);
      case 'u16':
        return new Uint16Array(bytes.buffer, at, s.length);
      default:
        return new Uint8Array(bytes.buffer, at, s.length);
    }
  };
  return ok({ meta: header.meta, section: section as Container['section'] });
}
