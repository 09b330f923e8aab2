/**
 * An entity index as the parts a snapshot holds, and back (snapshot-v2.ts): `compactedIndex` leaves the removed
 * entities out, `indexAsParts` gives the arrays of a compacted index exactly as long as they are filled, and
 * `indexFromParts` makes an index over restored parts (index-parts.ts checks them).
 */
import type { WordTables } from '../names/tables.js';
import type { Entity } from '../types/entity.js';
import { EntityIndex } from './entity-index.js';
import { csr, type IndexParts } from './index-parts.js';
import type { StoredName } from './name-store.js';
import { Postings } from './postings-store.js';
import { grown } from './stamps.js';
import type { Vocabulary } from './vocabulary.js';

/**
 * This index with its removed entities left out (a new one over the same vocabulary when some were removed):
 * what a snapshot writes.
 */
export function compactedIndex(index: EntityIndex): EntityIndex {
  if (index.size === index.slotCount) return index;
  const out = new EntityIndex(index.tables, index.vocab);
  const store = index.nameStore;
  for (const slot of index.liveSlots()) {
    const names: StoredName[] = [];
    for (let n = store.slotStart[slot]!; n < store.slotStart[slot + 1]!; n++) {
      const from = store.wordStart[n]!;
      const to = store.wordStart[n + 1]!;
      names.push({ ids: Array.from(store.wordIds.subarray(from, to)), roles: Array.from(store.roles.subarray(from, to)), source: store.source[n]! });
    }
    out.addIndexed(index.entity(slot)!, names);
  }
  return out;
}

/** The arrays of a compacted index (every slot live: `compactedIndex`), exactly as long as they are filled. */
export function indexAsParts(index: EntityIndex): IndexParts {
  return IndexFields.toParts(index);
}

/**
 * An index over restored parts (checked by the caller: `partsProblem`): the arrays are used as they are, except
 * those the index changes in place, which are copied (the group table when it first changes). Entities and their
 * ids are read from `parts.doc` and `parts.id` when first asked for.
 */
export function indexFromParts(tables: WordTables, vocab: Vocabulary, parts: IndexParts): EntityIndex {
  return IndexFields.fromParts(new EntityIndex(tables, vocab), parts);
}

/**
 * EntityIndex with its protected arrays in reach of the two functions above, which read and set them. A view for
 * the type checker only: it is never made, every index is an EntityIndex.
 */
abstract class IndexFields extends EntityIndex {
  static toParts(of: EntityIndex): IndexParts {
    const index = of as IndexFields;
    if (index.live !== index.store.slots) throw new Error('indexAsParts: compact the index first');
    const { store, groups } = index;
    const slots = store.slots;
    const words = index.vocab.size;
    const postings = index.postingLists.toPacked(words);
    const acronymKeys = [...index.acronyms.keys()];
    const acronyms = csr(acronymKeys.length, (k) => index.acronyms.get(acronymKeys[k]!));
    const exact = <T extends Uint8Array | Uint16Array | Int32Array>(array: T, length: number): T => grown(array, length).subarray(0, length) as T;
    return {
      slots,
      id: (slot) => index.idOf(slot),
      doc: (slot) => index.entity(slot)!,
      typeNames: [...index.typeNames],
      acronymKeys,
      arrays: {
        slotStart: exact(store.slotStart, slots + 1),
        wordStart: exact(store.wordStart, store.names + 1),
        source: exact(store.source, store.names),
        group: exact(store.group, store.names),
        weak: exact(store.weak, store.names),
        wordIds: exact(store.wordIds, store.wordStart[store.names]!),
        roles: exact(store.roles, store.wordStart[store.names]!),
        groupKeys: groups.keys,
        groupValues: groups.values,
        groupFirstSlot: exact(groups.firstSlot, groups.size),
        groupFirstName: exact(groups.firstName, groups.size),
        typeCode: exact(index.typeCode, slots),
        dead: exact(index.dead, slots),
        yearStart: exact(index.yearStart, slots + 1),
        years: exact(index.years, index.yearStart[slots]!),
        flatStart: exact(index.flatStart, slots + 1),
        flatWords: exact(index.flatWords, index.flatStart[slots]!),
        short: exact(index.short, slots),
        initials: exact(index.initials, words),
        single: exact(index.single, words),
        df: exact(index.df, words),
        postingStart: postings.start,
        postingSlots: postings.items,
        acronymStart: acronyms.start,
        acronymSlots: acronyms.items,
      },
    };
  }

  static fromParts(fresh: EntityIndex, parts: IndexParts): EntityIndex {
    const index = fresh as IndexFields;
    const a = parts.arrays;
    const { store, groups } = index;
    store.slots = parts.slots;
    store.names = a.source.length;
    store.slotStart = a.slotStart;
    store.wordStart = a.wordStart;
    store.source = a.source;
    store.group = a.group;
    store.weak = a.weak;
    store.wordIds = a.wordIds;
    store.roles = a.roles;
    groups.adopt(a.groupKeys, a.groupValues);
    groups.firstSlot = a.groupFirstSlot;
    groups.firstName = a.groupFirstName;
    groups.size = a.groupFirstSlot.length;
    index.typeNames = [...parts.typeNames];
    index.typeCode = a.typeCode;
    index.dead = a.dead;
    index.yearStart = a.yearStart;
    index.years = a.years;
    index.flatStart = a.flatStart;
    index.flatWords = a.flatWords;
    index.short = a.short;
    index.initials = a.initials.slice();
    index.single = a.single.slice();
    index.df = a.df.slice();
    index.alive = new Uint8Array(parts.slots).fill(1);
    index.ids = new Array<string | undefined>(parts.slots);
    index.lazyId = parts.id;
    index.docs = new Array<Entity | undefined>(parts.slots);
    index.lazy = parts.doc;
    index.idMap = undefined;
    const { acronymStart, acronymSlots } = a;
    index.postingLists = Postings.packed(a.postingStart, a.postingSlots);
    parts.acronymKeys.forEach((key, k) => index.acronyms.set(key, Array.from(acronymSlots.subarray(acronymStart[k]!, acronymStart[k + 1]!))));
    index.live = parts.slots;
    index.slotBitsFromFlags();
    return index;
  }
}
