// @ts-check
/**
 * The list and queries of the name-search benches (name-phases, name-latency-ab, lookup-ab): the OFAC SDN list
 * from ../shared/data/ofac with the synthetic mix over it and 200 innocent names, or a seeded synthetic list of
 * `size` entities with its query mix (only the queries of one kind when `kind` is given).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateEntities, generateQueries } from './synthetic.mjs';
import { ofacQueries } from './ofac-queries.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * @param {any} mod a build's root module (its OFAC parser reads the list)
 * @param {{ ofac: boolean, size: number, kind?: string }} options
 * @returns {{ entities: any[], terms: string[], none: Set<string>, label: string } | undefined} undefined when
 *   the OFAC list is asked for and absent (the bench then skips, saying so on stderr). `none`: the synthetic
 *   queries that name no one on the list (no word of them is on it).
 */
export function nameQuerySet(mod, { ofac, size, kind = '' }) {
  if (ofac) {
    const dir = path.resolve(ROOT, '../shared/data/ofac');
    if (!existsSync(path.join(dir, 'sdn.csv'))) {
      process.stderr.write(`no OFAC data at ${dir}: skipped\n`);
      return undefined;
    }
    const files = { sdn: readFileSync(path.join(dir, 'sdn.csv')), alt: readFileSync(path.join(dir, 'alt.csv')), add: readFileSync(path.join(dir, 'add.csv')) };
    const entities = mod.parseOfacSdn(files, { skipInvalid: true }).value.entities;
    const gen = ofacQueries(entities, { seed: 22, perKind: 60 });
    const terms = [...generateQueries(entities, 43, { perKind: 100 }).map((q) => q.term), ...gen.innocentNames(200, 22).map((q) => q.term)];
    return { entities, terms, none: new Set(), label: `OFAC SDN (${entities.length.toLocaleString('en')} entities)` };
  }
  const entities = generateEntities(size, 42);
  const mix = generateQueries(entities, 43, { perKind: 100 }).filter((q) => kind === '' || q.kind === kind);
  return {
    entities,
    terms: mix.map((q) => q.term),
    none: new Set(mix.filter((q) => q.kind === 'non-matching').map((q) => q.term)),
    label: `${size.toLocaleString('en')} synthetic entities${kind === '' ? '' : `, ${kind} queries only`}`,
  };
}
