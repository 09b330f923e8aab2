/**
 * Several imports merged into one list, so that one index screens OFAC, UN, EU, UK and a host's own lists together.
 *
 * Entities are never merged: the same person on two lists stays two entities, each with its own `sources` and
 * `source_notes`, so a hit says which list it came from. The official importers already give ids prefixed by their
 * source (`ofac-sdn-…`, `un-sc-…`, `eu-fsf-…`, `uk-fcdo-…`); ids a host chose (CSV, JSON, FollowTheMoney) may
 * collide with an earlier input's, and such an id is then prefixed by the entity's first source
 * (`internal:bl-1`), with `~2`, `~3` … appended if that is taken too, and a `merge_renamed_id` warning.
 */
import { issue } from './result.js';
import type { ImportEvent } from './types.js';

export interface ImportSource {
  /** The input's name in issues (a file or folder). */
  file: string;
  events: Iterable<ImportEvent>;
}

/** A merged event: an input's event, with the index of the input it came from. */
export type MergedEvent = ImportEvent & { input: number };

/** Streams the inputs one after the other, making entity ids unique across them (see the module comment). */
export function* mergeImports(sources: Iterable<ImportSource>): Generator<MergedEvent> {
  const taken = new Set<string>();
  let input = 0;
  for (const source of sources) {
    for (const ev of source.events) {
      if (ev.kind !== 'entity' || !taken.has(ev.entity.id)) {
        if (ev.kind === 'entity') taken.add(ev.entity.id);
        yield { ...ev, input };
        continue;
      }
      const original = ev.entity.id;
      const base = `${ev.entity.sources[0] ?? 'list'}:${original}`;
      let id = base;
      for (let n = 2; taken.has(id); n++) id = `${base}~${n}`;
      taken.add(id);
      yield {
        kind: 'issue',
        issue: issue('warning', 'merge_renamed_id', `entity id ${original} is already used by an earlier input; renamed ${id}`,
          { file: source.file, element: `id ${original}` }, 'entity ids are unique across merged inputs'),
        input,
      };
      yield { kind: 'entity', entity: { ...ev.entity, id }, input };
    }
    input++;
  }
}
