import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../src/service/index.js';
import { cloneRecord } from '../../src/service/memory-store.js';

// The memory store copies every record it takes and gives (cloneRecord). It gives what structuredClone gave: the same
// keys in the same order, the same values, `undefined` members and `__proto__` own keys kept, and nothing shared.
const sameAsStructuredClone = (v: unknown) => {
  const a = cloneRecord(v);
  const b = structuredClone(v);
  expect(a).toStrictEqual(b);
  const keysDeep = (x: unknown): unknown =>
    typeof x !== 'object' || x === null ? x : Array.isArray(x) ? x.map(keysDeep) : Object.keys(x).map((k) => [k, keysDeep((x as Record<string, unknown>)[k])]);
  expect(keysDeep(a)).toStrictEqual(keysDeep(b));
  return a;
};

const hit = () => ({
  doc: {
    id: 'ofac-sdn-1',
    entity_type: 'person',
    name: 'Jong Un KIM',
    aka: [{ name: 'Kim Jong Un' }, { name: 'كيم جونغ أون' }],
    fields: [{ name: 'Date of Birth', tag: 'date_of_birth', value: '1984-01-08', source: 'ofac-sdn' }],
    types: ['sanction'],
    sources: ['ofac-sdn'],
    media: [],
    assets: [],
    associates: [],
    source_notes: { 'ofac-sdn': { name: 'OFAC SDN', url: 'https://example.invalid', aml_types: ['sanction'] } },
  },
  match_types: ['name_exact'],
  match_types_details: [{ matching_name: 'Jong Un KIM', sources: ['ofac-sdn'], name_matches: [{ query_term: 'kim', match_types: ['exact_match'] }] }],
  score: 1.7,
  match_status: 'potential_match',
  risk_level: 'unknown',
  is_whitelisted: false,
});

describe('the memory store copies records as structuredClone did (cloneRecord)', () => {
  it('copies a hit member by member: equal, keys in order, nothing shared', () => {
    const h = hit();
    const c = sameAsStructuredClone(h) as ReturnType<typeof hit>;
    expect(c).not.toBe(h);
    expect(c.doc).not.toBe(h.doc);
    expect(c.doc.aka[0]).not.toBe(h.doc.aka[0]);
    c.doc.aka[0]!.name = 'changed';
    expect(h.doc.aka[0]!.name).toBe('Kim Jong Un');
  });

  it('keeps undefined members, -0, NaN, integer-like keys first, and null-prototype objects as plain ones', () => {
    sameAsStructuredClone({ b: 1, a: undefined, 2: 'two', 1: 'one', z: [undefined, null, -0, NaN, 1e21], n: null });
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { x: 1, y: { z: 2 } });
    const c = sameAsStructuredClone(bare) as object;
    expect(Object.getPrototypeOf(c)).toBe(Object.prototype);
  });

  it('keeps a __proto__ own key (user tags and filters come from JSON) as an own key, not a prototype', () => {
    const parsed = JSON.parse('{"tags":{"__proto__":"x","constructor":"y"},"filters":{"__proto__":{"polluted":true}}}') as Record<string, Record<string, unknown>>;
    const c = sameAsStructuredClone(parsed) as typeof parsed;
    expect(Object.keys(c.tags!)).toStrictEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(c.filters)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('hands what is not plain data to structuredClone: dates, maps, sparse arrays, cycles; refuses functions', () => {
    const d = sameAsStructuredClone({ at: new Date(0), m: new Map([[1, 2]]), s: new Set(['a']), u8: new Uint8Array([1, 2]) }) as { at: Date };
    expect(d.at).toBeInstanceOf(Date);
    // eslint-disable-next-line no-sparse-arrays
    const sparse = [1, , 3];
    expect(1 in (cloneRecord(sparse) as unknown[])).toBe(false);
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    const c = cloneRecord(cyclic) as Record<string, unknown>;
    expect(c.a).toBe(1);
    for (const refused of [{ f: () => 1 }, { s: Symbol('s') }, [Symbol('s')], [() => 1]]) {
      expect(() => structuredClone(refused)).toThrow();
      expect(() => cloneRecord(refused)).toThrow();
    }
  });

  it('copies only own members, even with a polluted Object.prototype', () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto.pollutedForTest = { x: 1 };
    try {
      const c = cloneRecord({ a: { b: 1 } }) as Record<string, unknown>;
      expect(Object.keys(c)).toStrictEqual(['a']);
      expect(Object.hasOwn(c, 'pollutedForTest')).toBe(false);
      expect(Object.keys(c.a as object)).toStrictEqual(['b']);
    } finally {
      delete proto.pollutedForTest;
    }
  });

  it('a search and its hits read back from the store equal what was committed, and are copies', async () => {
    const store = createMemoryStore();
    const h = hit();
    await store.commit([{ type: 'replace_hits', search_id: 1, provider: 'comply', hits: [{ search_id: 1, provider: 'comply', rank: 0, entity_id: 'ofac-sdn-1', fingerprint: 'f', hit: h as never }] }]);
    h.doc.name = 'changed after the commit';
    const [got] = await store.getHits(1, 'comply');
    expect(got!.hit.doc.name).toBe('Jong Un KIM');
    expect(got!.hit).toStrictEqual({ ...hit() });
  });
});
