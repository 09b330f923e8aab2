import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { iterateEuSanctions } from '../../src/importers/eu.js';
import { iterateListCsv } from '../../src/importers/list-format.js';
import { readOfacDir } from '../../src/importers/node.js';
import { iterateOfacSdn } from '../../src/importers/ofac.js';
import { mergeImports, type ImportSource } from '../../src/importers/merge.js';
import { iterateUkSanctions } from '../../src/importers/uk.js';
import { iterateUnConsolidated } from '../../src/importers/un.js';
import { createScreener } from '../../src/screening/screener.js';
import type { Entity } from '../../src/types/entity.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const UN = fixture('un-consolidated.xml');
const EU = fixture('eu-fsf.xml');
const UK = fixture('uk-sanctions-list.xml');
/** A host list naming a UK-listed company again, under the host's own id. */
const HOST = 'id,entity_type,name,types\nbl-1,organisation,Northern Light Fictional Trading LLC,warning\n';

function merged(sources: ImportSource[]): { entities: Entity[]; issues: string[] } {
  const entities: Entity[] = [];
  const issues: string[] = [];
  for (const ev of mergeImports(sources)) {
    if (ev.kind === 'entity') entities.push(ev.entity);
    else issues.push(`${ev.input} ${ev.issue.code} ${ev.issue.message}`);
  }
  return { entities, issues };
}

describe('merging imports', () => {
  const all = merged([
    { file: 'consolidated.xml', events: iterateUnConsolidated(UN) },
    { file: 'eu.xml', events: iterateEuSanctions(EU) },
    { file: 'uk.xml', events: iterateUkSanctions(UK) },
    { file: 'mine.csv', events: iterateListCsv(HOST) },
  ]);

  it('keeps every entity of every input, in input order, ids unique', () => {
    expect(all.entities.map((e) => e.id.split('-').slice(0, 2).join('-'))).toEqual([
      ...Array(6).fill('un-sc'), ...Array(3).fill('eu-fsf'), ...Array(3).fill('uk-fcdo'), 'bl-1',
    ]);
    expect(new Set(all.entities.map((e) => e.id)).size).toBe(all.entities.length);
  });

  it("keeps each entity's sources and source notes as its importer gave them", () => {
    const bySource = (s: string) => all.entities.filter((e) => e.sources[0] === s);
    expect(bySource('un-sc').every((e) => Object.keys(e.source_notes ?? {}).join() === 'un-sc')).toBe(true);
    expect(bySource('eu-fsf').every((e) => Object.keys(e.source_notes ?? {}).join() === 'eu-fsf')).toBe(true);
    expect(bySource('uk-fcdo').every((e) => Object.keys(e.source_notes ?? {}).join() === 'uk-fcdo')).toBe(true);
    expect(bySource('internal').map((e) => e.types)).toEqual([['warning']]);
  });

  it('one index over the merged list screens every list; the same name on two lists gives two hits, one per source', () => {
    const screener = createScreener({ entities: all.entities });
    const r = screener.search({ search_term: 'Northern Light Fictional Trading', fuzziness: 0.5 });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.hits.map((h) => h.doc.sources).sort()).toEqual([['internal'], ['uk-fcdo']]);
    const un = screener.search({ search_term: 'Tarek Hamdan al-Zubairi' });
    expect(un.ok && un.value.hits[0]?.doc.id).toBe('un-sc-QDi.901');
  });

  it('an id already taken by an earlier input is prefixed by the entity source, then numbered, with a warning', () => {
    const twice = merged([
      { file: 'a.csv', events: iterateListCsv(HOST) },
      { file: 'b.csv', events: iterateListCsv(HOST) },
      { file: 'c.csv', events: iterateListCsv(HOST) },
    ]);
    expect(twice.entities.map((e) => e.id)).toEqual(['bl-1', 'internal:bl-1', 'internal:bl-1~2']);
    expect(twice.issues).toEqual([
      '1 merge_renamed_id entity id bl-1 is already used by an earlier input; renamed internal:bl-1',
      '2 merge_renamed_id entity id bl-1 is already used by an earlier input; renamed internal:bl-1~2',
    ]);
  });

  it("passes each input's issues through, tagged with the input they came from", () => {
    const bad = merged([
      { file: 'eu.xml', events: iterateEuSanctions(EU) },
      { file: 'bad.csv', events: iterateListCsv('id,entity_type,name,types\nx,robot,X,warning\n') },
    ]);
    expect(bad.issues.map((i) => i.split(' ').slice(0, 2).join(' '))).toEqual(['0 unknown_country', '1 list_bad_entity_type']);
  });
});

/** ../shared/data/ofac relative to the project root. */
const OFAC_DIR = fileURLToPath(new URL('../../../shared/data/ofac', import.meta.url));
const haveOfac = existsSync(join(OFAC_DIR, 'sdn.csv'));
if (!haveOfac) console.warn(`skipping the merge of the real OFAC list: ${OFAC_DIR} is absent (see ../shared/data/README.md)`);

describe.skipIf(!haveOfac)('merging the real OFAC list with the UN, EU and UK fixtures', async () => {
  const ofac = haveOfac ? await readOfacDir(OFAC_DIR) : { sdn: '' };
  const all = merged([
    { file: OFAC_DIR, events: iterateOfacSdn(ofac) },
    { file: 'consolidated.xml', events: iterateUnConsolidated(UN) },
    { file: 'eu.xml', events: iterateEuSanctions(EU) },
    { file: 'uk.xml', events: iterateUkSanctions(UK) },
  ]);

  it('keeps every entity with a unique id and renames none', () => {
    expect(all.entities.length).toBeGreaterThan(8000);
    expect(new Set(all.entities.map((e) => e.id)).size).toBe(all.entities.length);
    expect(all.issues.filter((i) => i.includes('merge_renamed_id'))).toEqual([]);
  });

  it('one index screens all four lists', () => {
    const screener = createScreener({ entities: all.entities });
    const sourcesOf = (term: string) => {
      const r = screener.search({ search_term: term, limit: 5 });
      return r.ok ? r.value.hits.map((h) => h.doc.sources[0]) : [];
    };
    expect(sourcesOf('Oleg Borisovich Kirsanov')).toContain('eu-fsf');
    expect(sourcesOf('Nasrullah Qadir Zahedi')).toContain('uk-fcdo');
    expect(sourcesOf('Tarek Hamdan al-Zubairi')).toContain('un-sc');
    expect(sourcesOf('Banco Nacional de Cuba')).toContain('ofac-sdn');
  });
});
