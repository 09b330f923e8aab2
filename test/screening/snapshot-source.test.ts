/**
 * Binary snapshots, version 3, restored through a reader of the file (restoreScreenerFrom): every part of the index
 * comes back as it was written, the entity documents are read only when asked for (each checked against its hash),
 * version-2 snapshots are still read, and a short, changed or failing source gives its error code.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createScreener, restoreScreener, restoreScreenerFrom, snapshotScreenerBytes, SnapshotDocumentError, type SnapshotSource, type TamisScreener } from '../../src/index.js';
import { indexAsParts } from '../../src/screening/index-as-parts.js';
import { ARRAY_KINDS, type IndexArrays, type IndexParts } from '../../src/screening/index-parts.js';
import type { Entity } from '../../src/types/entity.js';
import { LIST, person } from './fixtures.js';

const SAMPLE = JSON.parse(readFileSync(fileURLToPath(new URL('../../lists/sample/entities.json', import.meta.url)), 'utf8')) as Entity[];
/** A version-2 snapshot of the first 60 sample entities (result cap 200), written by the version-2 writer (main 0c2cde6). */
const V2 = new Uint8Array(readFileSync(fileURLToPath(new URL('./fixtures/sample-snapshot-v2.idx', import.meta.url))));
const EXTRA: Entity[] = [
  person('weak-1', 'Abdul Rahman Karimi', { aka: [{ name: 'Abu Karim', type: 'weak-aka' }] }),
  { id: 'org-1', entity_type: 'company', name: 'Northern Shipping Trade Company', aka: [{ name: 'NSTC' }], sources: ['t'], types: ['sanction'] },
  person('han-1', '高市早苗', { aka: [{ name: 'Takaichi Sanae' }] }),
  person('ünïcode-id', 'Zoë Ångström'),
];
const TERMS = [...SAMPLE.slice(0, 30).map((e) => e.name), 'Ivan Sidorov', 'Abu Karim', 'NSTC', '高市早苗', 'Zoe Angstrom', 'Nobody Atall'];

function answers(s: TamisScreener): string[] {
  const out: string[] = [];
  for (const term of TERMS) for (const settings of [{}, { fuzziness: 1 }, { filters: { remove_deceased: '1' } }]) out.push(JSON.stringify(s.search({ search_term: term, ...settings } as never)));
  out.push(JSON.stringify(s.screenReference({ search_term: 'salary for Abu Karim', client_ref: 'r', search_profile: 'default' })));
  return out;
}

/** A source over bytes in memory that counts the bytes read (and may be changed after the restore). */
function memorySource(bytes: Uint8Array): SnapshotSource & { bytesRead: number } {
  return {
    size: bytes.length,
    bytesRead: 0,
    read(into, position) {
      const got = bytes.subarray(position, Math.min(bytes.length, position + into.length));
      into.set(got);
      this.bytesRead += got.length;
      return got.length;
    },
  };
}

const ok = <T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T => {
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
};

const ENTITIES = [...SAMPLE.slice(0, 120), ...LIST, ...EXTRA];
const build = (): TamisScreener => createScreener({ entities: ENTITIES, resultCap: 200, internalLists: [{ id: 'bl', entities: [person('own', 'Ivan Sidorov')] }] });
const partsOf = (s: TamisScreener): IndexParts => indexAsParts(s.lists.index);

describe('binary snapshot version 3 through a reader of the file', () => {
  const original = build();
  const bytes = snapshotScreenerBytes(original);
  const reference = answers(original);

  it('answers every search and reference as the original, reading the documents only when asked for', () => {
    const source = memorySource(bytes);
    const restored = ok(restoreScreenerFrom(source));
    const atRestore = source.bytesRead;
    expect(atRestore).toBeLessThan(bytes.length / 2);
    expect(answers(restored)).toEqual(reference);
    expect([...restored.entities()]).toEqual([...original.entities()]);
    expect(source.bytesRead).toBeGreaterThan(atRestore);
  });

  const restoredParts: [string, () => IndexParts][] = [
    ['from the bytes', () => partsOf(ok(restoreScreener(bytes)))],
    ['through a source', () => partsOf(ok(restoreScreenerFrom(memorySource(bytes))))],
  ];
  const written = partsOf(original);
  const cases: [string, (p: IndexParts) => unknown][] = [
    ...(Object.keys(ARRAY_KINDS) as (keyof IndexArrays)[]).map((key): [string, (p: IndexParts) => unknown] => [key, (p) => Array.from(p.arrays[key])]),
    ['entity ids', (p) => Array.from({ length: p.slots }, (_, slot) => p.id(slot))],
    ['entity documents', (p) => Array.from({ length: p.slots }, (_, slot) => p.doc(slot))],
    ['entity types', (p) => p.typeNames],
    ['acronym keys', (p) => p.acronymKeys],
  ];
  for (const [how, restore] of restoredParts) {
    it.each(cases)(`restores the part %s as written (${how})`, (_part, read) => {
      expect(read(restore())).toEqual(read(written));
    });
  }

  it.each<[string, (s: TamisScreener) => void]>([
    ['additions', (s) => [person('new-1', 'Zbigniew Brzezinski'), { ...SAMPLE[5]!, id: 'copy-5' }].forEach((e) => s.add(e))],
    ['removals and a replacement', (s) => {
      ['weak-1', SAMPLE[0]!.id].forEach((id) => s.remove(id));
      s.add(person(SAMPLE[1]!.id, 'Wojciech Jaruzelski'));
    }],
  ])('answers as the original after the same changes after the restore, and snapshotted again: %s', (_what, change) => {
    const s = build();
    const restored = ok(restoreScreenerFrom(memorySource(snapshotScreenerBytes(s))));
    change(s);
    change(restored);
    expect(answers(restored)).toEqual(answers(s));
    expect(answers(ok(restoreScreenerFrom(memorySource(snapshotScreenerBytes(restored)))))).toEqual(answers(s));
  });
});

describe('version-2 snapshots are still read', () => {
  const fresh = answers(createScreener({ entities: SAMPLE.slice(0, 60), resultCap: 200 }));
  it.each<[string, () => TamisScreener]>([
    ['from the bytes', () => ok(restoreScreener(V2))],
    ['through a source', () => ok(restoreScreenerFrom(memorySource(V2)))],
  ])('answers as a screener built from the same entities: %s', (_how, restore) => {
    const restored = restore();
    expect(restored.resultCap).toBe(200);
    expect(answers(restored)).toEqual(fresh);
    expect([...restored.entities()]).toEqual(SAMPLE.slice(0, 60));
  });
});

describe('a short, changed or failing source is refused with a code', () => {
  const bytes = snapshotScreenerBytes(createScreener({ entities: LIST }));
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + view.getUint32(12, true)))) as { payload: number; tail: number };
  const tailStart = bytes.length - header.tail;
  const changed = (at: number): Uint8Array => {
    const copy = bytes.slice();
    copy[at] = copy[at]! ^ 0x20;
    return copy;
  };
  it.each<[string, () => SnapshotSource, string]>([
    ['an empty file', () => memorySource(new Uint8Array(0)), 'snapshot_format'],
    ['a size larger than the bytes (the file shrank)', () => ({ ...memorySource(bytes.subarray(0, tailStart - 16)), size: bytes.length }), 'snapshot_corrupt'],
    ['truncated in the sections', () => memorySource(bytes.subarray(0, tailStart - 16)), 'snapshot_corrupt'],
    ['truncated in the documents', () => memorySource(bytes.subarray(0, bytes.length - 8)), 'snapshot_corrupt'],
    ['a byte of a section changed', () => memorySource(changed(tailStart - 12)), 'snapshot_corrupt'],
    ['a size that is not a number', () => ({ size: Number.NaN, read: () => 0 }), 'snapshot_corrupt'],
    ['a reader that fails', () => ({ size: bytes.length, read: () => { throw new Error('EIO'); } }), 'snapshot_unreadable'],
  ])('%s', (_why, source, code) => {
    const r = restoreScreenerFrom(source());
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error[0]!.code).toBe(code);
  });

  it('a changed document is refused whole from the bytes, and read from a source only when asked for, with its code', () => {
    const bad = changed(tailStart + 3);
    const fromBytes = restoreScreener(bad);
    expect(!fromBytes.ok && fromBytes.error[0]!.code).toBe('snapshot_corrupt');
    const restored = ok(restoreScreenerFrom(memorySource(bad)));
    let thrown: unknown;
    try {
      restored.search({ search_term: LIST[0]!.name });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(SnapshotDocumentError);
    expect((thrown as SnapshotDocumentError).code).toBe('snapshot_corrupt');
    // The other documents still read.
    const other = restored.search({ search_term: 'Robert Holdings' });
    expect(other.ok && other.value.hits.map((h) => h.doc.id)).toContain('robert-co');
  });
});
