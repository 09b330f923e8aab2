import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createScreener, restoreScreener, snapshotScreener, snapshotScreenerBytes, type TamisScreener } from '../../src/index.js';
import type { Entity } from '../../src/types/entity.js';
import { LIST, person } from './fixtures.js';

const SAMPLE = JSON.parse(readFileSync(fileURLToPath(new URL('../../lists/sample/entities.json', import.meta.url)), 'utf8')) as Entity[];
/** Entities with a weak alias, an organisation with an acronym, and a name written in Han. */
const EXTRA: Entity[] = [
  person('weak-1', 'Abdul Rahman Karimi', { aka: [{ name: 'Abu Karim', type: 'weak-aka' }, { name: 'Abdul Karimi', type: 'aka' }] }),
  { id: 'org-1', entity_type: 'company', name: 'Northern Shipping Trade Company', aka: [{ name: 'NSTC' }], sources: ['t'], types: ['sanction'] },
  person('han-1', '高市早苗', { aka: [{ name: 'Takaichi Sanae' }] }),
];
const ENTITIES = [...SAMPLE, ...LIST, ...EXTRA];

const TERMS = [
  ...SAMPLE.slice(0, 40).map((e) => e.name),
  ...SAMPLE.slice(40, 60).map((e) => e.name.replace(/[aeiou](?=[a-z]{2}\b)/, 'y')),
  'Ivan Sidorov',
  'Abu Karim',
  'NSTC',
  'Northern Shipping',
  '高市早苗',
  'Nobody Atall',
];
const SETTINGS: Record<string, unknown>[] = [
  {},
  { fuzziness: 1, name_variations: true },
  { exact_match: true },
  { filters: { country_codes: ['FR'], remove_deceased: '1' } },
  { filters: { types: ['pep'], birth_year: 1961 } },
  { limit: 3, offset: 1 },
];
const REFERENCES = [...SAMPLE.slice(0, 10).map((e) => `invoice 42 payment to ${e.name} thanks`), 'salary for Abu Karim', 'NSTC freight'];

/** Every search and reference screening of the fixed mix, as JSON text (so answers compare exactly). */
function answers(s: TamisScreener): string[] {
  const out: string[] = [];
  for (const term of TERMS) for (const settings of SETTINGS) out.push(JSON.stringify(s.search({ search_term: term, ...settings } as never)));
  for (const reference of REFERENCES) out.push(JSON.stringify(s.screenReference({ search_term: reference, client_ref: 'r', search_profile: 'default' })));
  return out;
}

const build = (): TamisScreener => createScreener({ entities: ENTITIES, resultCap: 200, internalLists: [{ id: 'bl', entities: [person('own', 'Ivan Sidorov'), SAMPLE[3]!] }] });
const restore = (bytes: Uint8Array): TamisScreener => {
  const r = restoreScreener(bytes);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
};

/** Changes applied alike to two screeners. */
const CHANGES: [string, (s: TamisScreener) => void][] = [
  ['nothing', () => {}],
  ['removals', (s) => ['tamis-sample-0001', 'weak-1', 'acme'].forEach((id) => s.remove(id))],
  ['additions', (s) => [person('new-1', 'Zbigniew Brzezinski'), { ...SAMPLE[5]!, id: 'copy-5' }].forEach((e) => s.add(e))],
  ['replacements and internal lists', (s) => {
    s.add(person('tamis-sample-0002', 'Wojciech Jaruzelski'));
    s.addInternal('bl2', person('own-2', 'Abdul Rahman Karimi'));
    s.removeInternal('own');
  }],
];

describe('binary index snapshot (version 2)', () => {
  const original = build();
  const reference = answers(original);
  const bytes = snapshotScreenerBytes(original);

  it('restores a screener that answers every search and reference exactly as the original', () => {
    const restored = restore(bytes);
    expect(restored.size).toBe(original.size);
    expect(restored.resultCap).toBe(200);
    expect(answers(restored)).toEqual(reference);
    expect([...restored.entities()]).toEqual([...original.entities()]);
  });

  it.each(CHANGES)('answers as the original after the same changes before the snapshot: %s', (_what, change) => {
    const s = build();
    change(s);
    expect(answers(restore(snapshotScreenerBytes(s)))).toEqual(answers(s));
  });

  it.each(CHANGES)('answers as the original after the same changes after the restore, and snapshotted again: %s', (_what, change) => {
    const s = build();
    const restored = restore(snapshotScreenerBytes(s));
    change(s);
    change(restored);
    const expected = answers(s);
    expect(answers(restored)).toEqual(expected);
    expect(answers(restore(snapshotScreenerBytes(restored)))).toEqual(expected);
  });

  it('answers the same after a second round trip, before any entity document was read', () => {
    const again = restore(snapshotScreenerBytes(restore(bytes)));
    expect(answers(again)).toEqual(reference);
  });

  it('keeps two screeners restored from the same bytes independent', () => {
    const shared = snapshotScreenerBytes(original);
    const a = restore(shared);
    const b = restore(shared);
    ['tamis-sample-0004', 'tamis-sample-0005', 'pep-fr'].forEach((id) => a.remove(id));
    a.add(person('a-only', 'Ivan Sidorov'));
    expect(answers(b)).toEqual(reference);
  });

  it('answers as a version-1 snapshot does', () => {
    const v1 = restoreScreener(JSON.parse(JSON.stringify(snapshotScreener(original))));
    expect(v1.ok && answers(v1.value)).toEqual(reference);
  });
});

/** A copy of the bytes changed by `edit`. */
const edited = (edit: (b: Uint8Array) => Uint8Array | void) => (): Uint8Array => {
  const copy = snapshotScreenerBytes(createScreener({ entities: LIST })).slice();
  return edit(copy) ?? copy;
};
const u32 = (b: Uint8Array, at: number, value: number): void => new DataView(b.buffer, b.byteOffset).setUint32(at, value, true);

describe('a bad binary snapshot is refused with a code, never thrown on', () => {
  it.each<[string, () => Uint8Array, string]>([
    ['empty', () => new Uint8Array(0), 'snapshot_format'],
    ['another magic', edited((b) => void (b[0] = 0x58)), 'snapshot_format'],
    ['another container version', edited((b) => u32(b, 8, 4)), 'snapshot_version'],
    ['an older container version than its contents', edited((b) => u32(b, 8, 2)), 'snapshot_corrupt'],
    ['truncated in the header', edited((b) => b.subarray(0, 40)), 'snapshot_corrupt'],
    ['truncated in the sections', edited((b) => b.subarray(0, b.length - 100)), 'snapshot_corrupt'],
    ['truncated after the magic', edited((b) => b.subarray(0, 10)), 'snapshot_corrupt'],
    ['one byte longer', edited((b) => Uint8Array.from([...b, 0])), 'snapshot_corrupt'],
    ['a header length past the end', edited((b) => u32(b, 12, 0x7fffffff)), 'snapshot_corrupt'],
    ['a byte of a section changed', edited((b) => void (b[b.length - 5]! ^= 0x40)), 'snapshot_corrupt'],
    ['a byte of the header changed', edited((b) => void (b[20]! ^= 0x01)), 'snapshot_corrupt'],
  ])('%s', (_why, bytes, code) => {
    let result: ReturnType<typeof restoreScreener> | undefined;
    expect(() => (result = restoreScreener(bytes()))).not.toThrow();
    expect(result!.ok).toBe(false);
    if (result !== undefined && !result.ok) expect(result.error[0]!.code).toBe(code);
  });

  it('refuses, without throwing, 60 snapshots each with one random byte changed or cut at a random length', () => {
    const good = snapshotScreenerBytes(createScreener({ entities: [...LIST, ...EXTRA] }));
    const view = new DataView(good.buffer, good.byteOffset);
    // The bytes between the header and the first section pad to a multiple of 8 and are read by no one.
    const padFrom = 20 + view.getUint32(12, true);
    const padTo = (padFrom + 7) & ~7;
    let seed = 22;
    const next = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    const codes = new Set<string>();
    for (let k = 0; k < 60; k++) {
      let bytes: Uint8Array;
      if (k % 2 === 0) bytes = good.subarray(0, next(good.length));
      else {
        bytes = good.slice();
        let at = next(good.length);
        while (at >= padFrom && at < padTo) at = next(good.length);
        bytes[at] = bytes[at]! ^ (1 + next(255));
      }
      let result: ReturnType<typeof restoreScreener> | undefined;
      expect(() => (result = restoreScreener(bytes))).not.toThrow();
      expect(result!.ok).toBe(false);
      if (result !== undefined && !result.ok) codes.add(result.error[0]!.code);
    }
    expect([...codes].every((c) => ['snapshot_format', 'snapshot_version', 'snapshot_corrupt'].includes(c))).toBe(true);
  });

  it('reads a snapshot that does not start on a multiple of 8 in its buffer', () => {
    const bytes = snapshotScreenerBytes(createScreener({ entities: LIST }));
    const shifted = new Uint8Array(bytes.length + 3);
    shifted.set(bytes, 3);
    const r = restoreScreener(shifted.subarray(3));
    expect(r.ok && r.value.size).toBe(LIST.length);
  });
});
