import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { entityFingerprint, fingerprintContent } from '../../src/service/index.js';
import { fingerprintText } from '../../src/service/fingerprint.js';
import { importOfacDir } from '../../src/importers/node.js';
import type { Entity } from '../../src/types/entity.js';

// The whitelist fingerprint's text is written directly (fingerprintText); it must stay the JSON of fingerprintContent
// byte for byte, or every stored fingerprint would stop matching its entity.
const docs: Record<string, Entity> = {
  plain: {
    id: 'e1',
    entity_type: 'person',
    name: 'John Smith',
    aka: [{ name: ' Johnny ' }, { name: 'J. Smith' }, { name: 'Johnny' }],
    types: ['sanction', 'pep', 'sanction'],
    sources: ['ofac', 'eu'],
    fields: [
      { name: 'DOB', value: ' 1970 ', tag: 'date_of_birth' },
      { name: 'Country', value: 'GB', tag: 'country_codes' },
      { name: 'Country', value: 'GB', tag: 'country_codes' },
      { name: 'Note', value: 'free' },
    ],
  } as Entity,
  scripts: {
    id: 'e2',
    entity_type: 'organisation',
    name: 'كيم "quoted" \\ \u0001 \ud800 😀',
    aka: [{ name: 'Ким' }, { name: '金正恩' }],
    types: [],
    sources: ['un'],
    fields: [{ name: 'Place', value: 'Pyongyang "x"', tag: 'place_of_birth' }],
  } as Entity,
  bare: { id: 'e3', entity_type: 'person', name: 'X', types: ['pep'], sources: ['s'] } as Entity,
};

describe('the whitelist fingerprint (fingerprintText)', () => {
  it('is the JSON text of fingerprintContent, for odd shapes too', () => {
    const odd: Entity[] = [
      ...Object.values(docs),
      { ...docs.plain!, aka: undefined, fields: undefined } as unknown as Entity,
      { ...docs.plain!, name: undefined } as unknown as Entity,
      { ...docs.plain!, entity_type: 7 } as unknown as Entity,
      { ...docs.plain!, types: undefined, sources: ['b', 'a', 'b'] } as unknown as Entity,
    ];
    for (const d of odd) expect(fingerprintText(d)).toBe(JSON.stringify(fingerprintContent(d)));
  });

  it('gives the fingerprints stored before it (pinned hashes)', () => {
    expect(entityFingerprint(docs.plain!)).toBe('5a21597b109227357f3c5c42a4cffd1f74fb83943a1b7af0b4129101a2a76b6c');
    expect(entityFingerprint(docs.scripts!)).toBe('d080275f6087777fdec594ad9fc02ba4d807092b29205218ab32204eed8cdcf5');
    expect(entityFingerprint(docs.bare!)).toBe('e943d0ec9e86d1c619926f5745ab003560208cb5e769d7f82ac74cbdc44b48ad');
  });

  const ofacDir = fileURLToPath(new URL('../../../shared/data/ofac', import.meta.url));
  it.skipIf(!existsSync(`${ofacDir}/sdn.csv`))('is the JSON text of fingerprintContent for every entity of the OFAC list', async () => {
    const r = await importOfacDir(ofacDir);
    if (!r.ok) throw new Error('OFAC import failed');
    let differ = 0;
    for (const e of r.value.entities) if (fingerprintText(e) !== JSON.stringify(fingerprintContent(e))) differ++;
    expect(r.value.entities.length).toBeGreaterThan(1000);
    expect(differ).toBe(0);
  });
});
