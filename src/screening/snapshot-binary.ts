/**
 * The binary container of an index snapshot: a header (JSON), sections of bytes, each a typed array as it is in
 * memory (little-endian), text (UTF-8) or raw bytes, and (container version 3) a tail of bytes read by offset when
 * needed (the entity documents). Read back by viewing the sections in place, with every bound checked and a checksum
 * over the sections, so a corrupt or truncated snapshot is refused, never thrown on. Pure: bytes in, bytes out (the
 * host reads and writes the file, or hands a reader of it: SnapshotSource).
 *
 *   bytes 0..7    "TAMISIDX"
 *   bytes 8..11   container version (u32, little-endian): 3 (2 is read too: no tail)
 *   bytes 12..15  header length H (u32)
 *   bytes 16..19  checksum of the header (u32, FNV-1a)
 *   bytes 20..    header: UTF-8 JSON { meta, sections: [{ name, kind, offset, length }], payload, checksum, tail, tailChecksum }
 *   then, from the next multiple of 8 (P), the payload: each section at P + offset (a multiple of 8)
 *   then, at P + payload, the tail (`tail` bytes, a multiple of 8; version 3)
 */
import { fail, ok, problem, type Problem, type Result } from '../errors.js';

export const MAGIC = 'TAMISIDX';
export const CONTAINER_VERSION = 3;
/** Container versions read: 2 (no tail) and 3. */
const READ_VERSIONS = [2, 3];
/** Where the header begins. */
const HEAD = 20;
/** The bytes read from a source at a time (then copied to their place: see readContainerFrom). */
const CHUNK = 1 << 20;

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
  /** Version 3: the tail's length and checksum (the checksum is verified when the whole snapshot is in memory). */
  tail?: number;
  tailChecksum?: number;
}

/**
 * Where a snapshot's bytes are read from, when the host does not read it whole: its size, and a reader that fills
 * `into` with the bytes from `position` on and returns how many it read (as `fs.readSync(fd, into, 0,
 * into.length, position)`). The sections are read once at the restore; the tail (entity documents) is read from it
 * when a document is first asked for, so the file must stay open and unchanged while the screener is used.
 */
export interface SnapshotSource {
  readonly size: number;
  read(into: Uint8Array, position: number): number;
}

/** The element type of a typed array, as a section records it. */
export const kindOf = (data: Typed): SectionKind =>
  data instanceof Int32Array ? 'i32' : data instanceof Uint32Array ? 'u32' : data instanceof Uint16Array ? 'u16' : 'u8';

const pad8 = (n: number): number => (n + 7) & ~7;

/** A checksum of bytes read as 32-bit words (their length is a multiple of 8), in steps (each step is optimised early). */
function checksum(payload: Uint8Array): number {
  const words = new Int32Array(payload.buffer, payload.byteOffset, payload.byteLength >>> 2);
  let h = 0x811c9dc5 ^ words.length;
  for (let i = 0; i < words.length; i += 1 << 16) h = checksumStep(words, i, Math.min(words.length, i + (1 << 16)), h);
  return h >>> 0;
}

function checksumStep(words: Int32Array, from: number, to: number, h: number): number {
  for (let i = from; i < to; i++) {
    h = Math.imul(h ^ words[i]!, 0x5bd1e995);
    h ^= h >>> 15;
  }
  return h;
}

/** FNV-1a over bytes (the header; each entity document of a version-3 snapshot). */
export function fnv(bytes: Uint8Array): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h >>> 0;
}

/** Platform typed arrays are written as they are: the format is little-endian. */
export const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Write a container: `meta` (JSON-serialisable), named sections and a tail (read by offset: Container.tail). */
export function writeContainer(meta: unknown, sections: readonly { name: string; data: Typed }[], tail: Uint8Array = new Uint8Array(0)): Uint8Array {
  if (!LITTLE_ENDIAN) throw new Error('index snapshots are written on little-endian platforms only');
  const entries: SectionEntry[] = [];
  let payload = 0;
  for (const { name, data } of sections) {
    entries.push({ name, kind: kindOf(data), offset: payload, length: data.length });
    payload = pad8(payload + data.byteLength);
  }
  const body = new Uint8Array(payload);
  sections.forEach(({ data }, k) => body.set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), entries[k]!.offset));
  const tailBytes = new Uint8Array(pad8(tail.length));
  tailBytes.set(tail);
  const header: Header = { meta, sections: entries, payload, checksum: checksum(body), tail: tailBytes.length, tailChecksum: checksum(tailBytes) };
  const head = new TextEncoder().encode(JSON.stringify(header));
  const start = pad8(HEAD + head.length);
  const out = new Uint8Array(start + payload + tailBytes.length);
  out.set(new TextEncoder().encode(MAGIC), 0);
  const view = new DataView(out.buffer);
  view.setUint32(8, CONTAINER_VERSION, true);
  view.setUint32(12, head.length, true);
  view.setUint32(16, fnv(head), true);
  out.set(head, HEAD);
  out.set(body, start);
  out.set(tailBytes, start + payload);
  return out;
}

/** A container read back: its meta, its sections as typed arrays viewing the bytes, and its tail. */
export interface Container {
  /** The container version (2 or 3). */
  version: number;
  meta: unknown;
  section(name: string, kind: 'i32'): Int32Array | undefined;
  section(name: string, kind: 'u32'): Uint32Array | undefined;
  section(name: string, kind: 'u16'): Uint16Array | undefined;
  section(name: string, kind: 'u8'): Uint8Array | undefined;
  /** The tail's length in bytes. */
  tailSize: number;
  /**
   * `length` bytes of the tail from `offset` (viewed in memory, or read from the source), or undefined when outside
   * it or when the source has fewer bytes now.
   */
  tail(offset: number, length: number): Uint8Array | undefined;
}

const corrupt = (message: string): Result<never, Problem[]> => fail([problem('snapshot_corrupt', message)]);

/** Whether the bytes begin like a container (whatever its version). */
export function isContainer(bytes: Uint8Array): boolean {
  if (bytes.length < 8) return false;
  for (let i = 0; i < MAGIC.length; i++) if (bytes[i] !== MAGIC.charCodeAt(i)) return false;
  return true;
}

/** The container's header, from its first bytes (at least HEAD; `more` gives the header's bytes), checked. */
function readHeader(first: Uint8Array, size: number, more: (length: number) => Uint8Array | undefined): Result<{ header: Header; version: number; start: number }, Problem[]> {
  if (!isContainer(first)) return fail([problem('snapshot_format', 'not a tamis-index binary snapshot')]);
  if (first.length < HEAD) return corrupt('the snapshot is truncated');
  const view = new DataView(first.buffer, first.byteOffset, first.byteLength);
  const version = view.getUint32(8, true);
  if (!READ_VERSIONS.includes(version)) return fail([problem('snapshot_version', `snapshot version ${version} is not supported (expected ${READ_VERSIONS.join(' or ')})`, 'version')]);
  if (!LITTLE_ENDIAN) return fail([problem('snapshot_platform', 'index snapshots are read on little-endian platforms only')]);
  const headLength = view.getUint32(12, true);
  if (HEAD + headLength > size) return corrupt('the snapshot is truncated (header)');
  const head = more(headLength);
  if (head === undefined) return corrupt('the snapshot is truncated (header)');
  if (fnv(head) !== view.getUint32(16, true)) return corrupt('the snapshot header checksum does not match');
  let header: Header;
  try {
    header = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(head)) as Header;
  } catch {
    return corrupt('the snapshot header is not valid JSON');
  }
  if (typeof header !== 'object' || header === null || !Array.isArray(header.sections) || !Number.isSafeInteger(header.payload) || header.payload < 0) return corrupt('the snapshot header is malformed');
  if (version === 2) header.tail = 0;
  else if (!Number.isSafeInteger(header.tail) || header.tail! < 0 || header.tail! % 8 !== 0) return corrupt('the snapshot header is malformed (tail)');
  const start = pad8(HEAD + headLength);
  if (start + header.payload + header.tail! !== size) return corrupt(`the snapshot is ${size} bytes, its header says ${start + header.payload + header.tail!}`);
  return ok({ header, version, start });
}

/** The container over its payload (a multiple of 8 into its buffer): sections checked and viewed. */
function container(version: number, header: Header, payload: Uint8Array, tail: Container['tail']): Result<Container, Problem[]> {
  const tailSize = header.tail!;
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
  const { buffer } = payload;
  const base = payload.byteOffset;
  const section = (name: string, kind: SectionKind): Typed | undefined => {
    const s = byName.get(name);
    if (s === undefined || s.kind !== kind) return undefined;
    const at = base + s.offset;
    switch (kind) {
      case 'i32':
        return new Int32Array(buffer, at, s.length);
      case 'u32':
        return new Uint32Array(buffer, at, s.length);
      case 'u16':
        return new Uint16Array(buffer, at, s.length);
      default:
        return new Uint8Array(buffer, at, s.length);
    }
  };
  return ok({ version, meta: header.meta, section: section as Container['section'], tailSize, tail });
}

const inside = (offset: number, length: number, size: number): boolean => Number.isSafeInteger(offset) && Number.isSafeInteger(length) && offset >= 0 && length >= 0 && offset + length <= size;

/**
 * Read a container whose bytes are all in memory. The sections and the tail view the bytes (copied once when they
 * do not start on a multiple of 8): the caller must not change the bytes afterwards. The tail's checksum is
 * verified here too.
 */
export function readContainer(input: Uint8Array): Result<Container, Problem[]> {
  const bytes = input.byteOffset % 8 === 0 ? input : input.slice();
  const read = readHeader(bytes, bytes.length, (length) => bytes.subarray(HEAD, HEAD + length));
  if (!read.ok) return read;
  const { header, version, start } = read.value;
  const tailBytes = bytes.subarray(start + header.payload);
  if (version >= 3 && checksum(tailBytes) !== header.tailChecksum) return corrupt('the snapshot checksum does not match its entity documents');
  return container(version, header, bytes.subarray(start, start + header.payload), (offset, length) => (inside(offset, length, tailBytes.length) ? tailBytes.subarray(offset, offset + length) : undefined));
}

/**
 * Read a container from a source: the header and the sections are read now (in chunks, each copied to its place,
 * so the memory they land in is touched once), the tail only when asked for (Container.tail reads it from the
 * source: a fresh array each time). The tail's checksum is not verified (the reader of the tail checks what it
 * reads: snapshot-v2.ts keeps a hash of each document).
 */
export function readContainerFrom(source: SnapshotSource): Result<Container, Problem[]> {
  try {
    return readFrom(source);
  } catch (e) {
    return fail([problem('snapshot_unreadable', `the snapshot could not be read: ${(e as Error)?.message ?? String(e)}`)]);
  }
}

function readFrom(source: SnapshotSource): Result<Container, Problem[]> {
  const size = source.size;
  if (!Number.isSafeInteger(size) || size < 0) return corrupt('the snapshot source has no valid size');
  const first = new Uint8Array(Math.min(size, HEAD));
  if (fill(source, first, 0) < first.length) return corrupt('the snapshot is truncated');
  const read = readHeader(first, size, (length) => {
    const head = new Uint8Array(length);
    return fill(source, head, HEAD) === length ? head : undefined;
  });
  if (!read.ok) return read;
  const { header, version, start } = read.value;
  const payload = new Uint8Array(header.payload);
  if (fill(source, payload, start) < payload.length) return corrupt('the snapshot is truncated (sections)');
  const tailStart = start + header.payload;
  const tailSize = header.tail!;
  return container(version, header, payload, (offset, length) => {
    if (!inside(offset, length, tailSize)) return undefined;
    const out = new Uint8Array(length);
    return fill(source, out, tailStart + offset) === length ? out : undefined;
  });
}

/** Fills `into` from the source at `position`, through a chunk reused for the whole call; returns the bytes filled. */
function fill(source: SnapshotSource, into: Uint8Array, position: number): number {
  if (into.length <= CHUNK) return readAll(source, into, position);
  const chunk = new Uint8Array(CHUNK);
  let at = 0;
  while (at < into.length) {
    const want = Math.min(CHUNK, into.length - at);
    const got = readAll(source, want === CHUNK ? chunk : chunk.subarray(0, want), position + at);
    into.set(got === CHUNK ? chunk : chunk.subarray(0, got), at);
    at += got;
    if (got < want) break;
  }
  return at;
}

/** Reads until `into` is full or the source has no more; returns the bytes read. */
function readAll(source: SnapshotSource, into: Uint8Array, position: number): number {
  let at = 0;
  while (at < into.length) {
    const got = source.read(at === 0 ? into : into.subarray(at), position + at);
    if (!(got > 0)) break;
    at += got;
  }
  return at;
}
