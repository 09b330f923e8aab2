/**
 * The word n-gram index that payment-reference screening reads, built over a screening index's names
 * (src/screening/entity-index.ts) without scanning the list at query time.
 *
 * Each list name is split into core words (not an affix under the entity's type, not a name particle, not a
 * number, not a single letter) and optional words (the others: "ADRIAN DARYA" finds "Adrian Darya 1", "SEAN
 * OBRIEN" finds "Sean O'Brien"). A name is keyed by:
 * - a pair: its two core words, for names of two core words; a triple: its first three core words, for longer
 *   names (with the set of pairs that begin a triple, so the third word is looked up only when needed);
 * - for persons, the same in "surname first" order (the last core word moved to the front);
 * - skip pairs: its second and third core words, and its first and third, for person names of three or more
 *   core words, so a reference may write the first or the second word as an initial ("M ALI HASSAN",
 *   "MOHAMAD A HASSAN"); and the first two core words with the initial of the third, read either way, for the
 *   third written as an initial ("IVAN PETROVICH S", "SIDOROV IVAN P");
 * - a single word, for names of one core word;
 * - an acronym: the initials of the core words, for organisation names of three or more core words.
 * Pair keys are 30-bit hashes of two vocabulary ids: a collision only adds a candidate that verification drops.
 *
 * Names of one group of the screening index (same words, affix roles and entity type: PreparedName.group) are
 * keyed once: an entry stands for the whole group (a large list holds thousands of "Wang Wei"), so a reference
 * verifies the name once and counts every entity that bears it.
 *
 * The index follows its screening index incrementally: slots added since the last call are indexed on the next
 * one; removed slots are skipped when read.
 */
import type { AffixRole } from '../names/affixes.js';
import { nameIds, type EntityIndex } from '../screening/entity-index.js';
import type { Entity } from '../types/entity.js';
import { KeyedLists } from './keyed-lists.js';

/**
 * Kind of a list word: core words must all appear in the reference; the others may (affixes, name particles,
 * numbers, and single letters such as the O of "O'Brien").
 */
export type WordKind = 'core' | 'affix' | 'particle' | 'number' | 'initial';

/** One way of reading a list name: its words in order (list order, or surname first). */
export interface NameOrder {
  /** Positions in the list name (PreparedName.words) of the words, in reading order. */
  positions: number[];
  kinds: WordKind[];
  /** Number of core words. */
  core: number;
  /** Surname-first reading of a person name. */
  rotated: boolean;
}

const ROTATED = 1;
/** Name readings memoised across references (the names that common reference words keep finding). */
const MAX_READINGS = 200_000;

export function pairKey(a: number, b: number): number {
  return (Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 0x7f4a7c15, 0x85ebca6b)) & 0x3fffffff;
}

/** The third part of a triple key standing for an initial: negative, so it is no vocabulary id. */
export function initialKey(word: string): number {
  return -1 - word.charCodeAt(0);
}

export function tripleKey(pair: number, c: number): number {
  return (Math.imul(pair ^ 0x27d4eb2d, 0x165667b1) + Math.imul(c + 0x61c88647, 0x9e3779b1)) & 0x3fffffff;
}

const NO_NAMES: NameGroup = Object.freeze({ bearers: [], originals: [], entities: [] });

/** Drop from a group the bearers whose slots the screening index no longer holds. */
function dropRemoved(group: Group, live: (slot: number) => boolean): void {
  const { bearers, originals, entities } = group;
  let kept = 0;
  for (let k = 0; k < bearers.length; k += 2) {
    if (!live(bearers[k]!)) continue;
    originals[kept / 2] = originals[k / 2]!;
    entities[kept / 2] = entities[k / 2]!;
    bearers[kept++] = bearers[k]!;
    bearers[kept++] = bearers[k + 1]!;
  }
  bearers.length = kept;
  originals.length = kept / 2;
  entities.length = kept / 2;
}

/** The item of `ReferenceIndex.singles` for the entry of a name of one word alone, and back (its own inverse). */
export function aloneEntry(item: number): number {
  return -1 - item;
}

/** Add an entry under a vocabulary id. */
function push(byWord: (number[] | undefined)[], id: number, entry: number): void {
  // Filled up to the id, so the array stays a flat array and does not fall back to a dictionary.
  while (byWord.length <= id) byWord.push(undefined);
  const list = byWord[id];
  if (list === undefined) byWord[id] = [entry];
  else if (list[list.length - 1] !== entry) list.push(entry);
}

/**
 * The names an entry stands for, in entity id order: flat pairs of slot and the name's index in its entity (0:
 * the primary name), and parallel to them each name as published and its entity. A group drops the bearers
 * removed from the list on the next `refresh`; a reader that may run before it skips the slots the screening index
 * no longer holds. Hits read names and entities here in place order, where reading them from the entities' slots
 * would wait on a hundred reads from all over a large list.
 */
export interface NameGroup {
  readonly bearers: readonly number[];
  readonly originals: readonly string[];
  readonly entities: readonly Entity[];
}

/** A group of two names or more, which grows as the list does. */
interface Group extends NameGroup {
  bearers: number[];
  originals: string[];
  entities: Entity[];
}

/**
 * Reading of an entry: the name's words in reading order, whether person rules apply, and the names the entry
 * stands for (valid until the list changes).
 */
export interface Reading {
  order: NameOrder;
  wordIds: number[];
  person: boolean;
  group: NameGroup;
}

export class ReferenceIndex {
  /**
   * Pair key of the two core words → entries (group × 2 + rotated), for names of two core words; the pair keys
   * of `prefixes` are here too, without entries, so one look-up tells whether a pair begins any name.
   */
  readonly pairs = new KeyedLists();
  /** Triple key of the first three core words → entries, for names of three core words or more. */
  readonly triples = new KeyedLists();
  /** Pair keys that begin some triple: a pair not in here needs no third word looked up. */
  readonly prefixes = new Set<number>();
  /**
   * Triple key of the first two core words and the initial of the third (`initialKey`) → entries, for person
   * names of three core words or more, read either way ("IVAN PETROVICH S", "SIDOROV IVAN P").
   */
  readonly thirdInitials = new KeyedLists();
  /** Pair key of the second and third core words → entries (person names of three core words or more). */
  readonly skips = new KeyedLists();
  /** Pair key of the first and third core words → entries (person names of three core words or more). */
  readonly middles = new KeyedLists();
  /**
   * Vocabulary id of the one core word → entries (names of one core word, save one-word person names). The entry
   * of a name of that one word alone ("SHARMA", not "SHARMA LTD") is stored as `-1 - entry` (`aloneEntry`):
   * only a reference word spelling the word can find it, so a word that merely sounds alike skips it.
   */
  readonly singles: (number[] | undefined)[] = [];
  /** Vocabulary id → entries of one-word person names ("HAMZA", "J. Smith"), looked up only when reported. */
  readonly personSingles: (number[] | undefined)[] = [];
  /** Initials of the core words (organisations, 3 to 8 core words) → entries. */
  readonly acronyms = new Map<string, number[]>();
  /** Readings memoised by entry. */
  private readings: Reading[] = [];
  /**
   * Entry → 1 + its place in `readings`, 0 when not memoised: one read of an array by entry, where a map of
   * 200,000 readings would take several reads from all over memory.
   */
  private readingAt = new Int32Array(0);
  /** Name number → slot, and → the name's index in the slot. */
  private nameSlot: number[] = [];
  private nameIndex: number[] = [];
  /** Name number → the name as published ('' once the entity is removed). */
  private nameOriginal: string[] = [];
  /** Name number → the entity bearing it; undefined once the entity is removed (`removed`). */
  private nameEntity: (Entity | undefined)[] = [];
  /** Slot → its first name number (a slot's names are numbered in a row), -1 for a slot removed before indexing. */
  private readonly slotFirstName: number[] = [];
  /** Groups that lost bearers since the last `refresh`, which drops them, by first name number. */
  private readonly shrunk = new Map<number, Group>();
  /** First name number of a group → the group's names, for groups of two names or more. */
  private readonly groups = new Map<number, Group>();
  /** Name group of the screening index → the first name number keyed for it. */
  private readonly firstOfGroup = new Map<number, number>();
  private indexedSlots = 0;
  /** Entity id by slot: ranking reads ids of thousands of bearers without reaching their entities. */
  private readonly ids: string[] = [];

  constructor(readonly index: EntityIndex) {
    index.onRemove((slot) => this.removed(slot));
  }

  /** Drop the bearers removed from the screening index, and index the slots added to it, since the last call. */
  refresh(): void {
    if (this.shrunk.size > 0) this.dropShrunk();
    const index = this.index;
    for (; this.indexedSlots < index.slotCount; this.indexedSlots++) {
      const slot = index.entity(this.indexedSlots);
      this.ids.push(slot === undefined ? '' : slot.id);
      this.slotFirstName.push(slot === undefined ? -1 : this.nameSlot.length);
      if (slot !== undefined) this.addSlot(this.indexedSlots);
    }
  }

  private dropShrunk(): void {
    for (const [head, group] of this.shrunk) {
      dropRemoved(group, (slot) => this.index.has(slot));
      if (group.bearers.length > 0) continue;
      // No entity bears the name any more.
      this.groups.delete(head);
      this.forget(head);
    }
    this.shrunk.clear();
  }

  /**
   * An entity is being removed from the screening index (its slot still holds it): let go of the entity, its id
   * and its names as published. Its groups drop it on the next `refresh`; what stays is numbers (slot numbers,
   * the keys of its names).
   */
  private removed(slot: number): void {
    if (slot >= this.indexedSlots) return;
    const first = this.slotFirstName[slot]!;
    const names = this.index.names(slot);
    for (let k = 0; k < names.length; k++) {
      const nameNo = first + k;
      this.nameEntity[nameNo] = undefined;
      this.nameOriginal[nameNo] = '';
      // A memoised reading of a group of this one name holds the entity.
      this.forget(nameNo);
      const group = names[k]!.group;
      const head = group === undefined ? undefined : this.firstOfGroup.get(group);
      const joined = head === undefined ? undefined : this.groups.get(head);
      if (head !== undefined && joined !== undefined) this.shrunk.set(head, joined);
    }
    this.ids[slot] = '';
  }

  /** Whether an entry reads its name surname first. */
  static rotated(entry: number): boolean {
    return (entry & ROTATED) !== 0;
  }

  /** Id of the entity in a slot (indexed already). */
  idOf(slot: number): string {
    return this.ids[slot]!;
  }

  /** The names an entry stands for (a group of one name is made on each call). */
  private group(entry: number): NameGroup {
    const first = entry >>> 1;
    const group = this.groups.get(first);
    if (group !== undefined) return group;
    const entity = this.nameEntity[first];
    return entity === undefined ? NO_NAMES : { bearers: [this.nameSlot[first]!, this.nameIndex[first]!], originals: [this.nameOriginal[first]!], entities: [entity] };
  }

  /** The reading of an entry's name in list order or surname first, or undefined when no entity bears it. */
  reading(entry: number): Reading | undefined {
    const at = entry < this.readingAt.length ? this.readingAt[entry]! : 0;
    if (at > 0) return this.readings[at - 1]!;
    // Every name of the group has the same words, roles and entity type: any live one gives the reading.
    const group = this.group(entry);
    const bearers = group.bearers;
    let live = 0;
    while (live < bearers.length && !this.index.has(bearers[live]!)) live += 2;
    if (live >= bearers.length) return undefined;
    const slot = bearers[live]!;
    const n = this.index.names(slot)[bearers[live + 1]!]!;
    const ids = nameIds(n);
    const person = this.index.entityType(slot) === 'person';
    const order = readName(ids, n.roles, this.index, ReferenceIndex.rotated(entry));
    const reading: Reading = { order, wordIds: order.positions.map((p) => ids[p]!), person, group };
    this.memoise(entry, reading);
    return reading;
  }

  private memoise(entry: number, reading: Reading): void {
    if (this.readings.length >= MAX_READINGS) {
      this.readings = [];
      this.readingAt.fill(0);
    }
    if (entry >= this.readingAt.length) {
      const grown = new Int32Array(Math.max(2 * this.nameSlot.length + 2, 2 * this.readingAt.length, entry + 1));
      grown.set(this.readingAt);
      this.readingAt = grown;
    }
    this.readings.push(reading);
    this.readingAt[entry] = this.readings.length;
  }

  /** Forget the readings of a name's entries (its group grew from one name: the readings hold that one). */
  private forget(first: number): void {
    if (2 * first < this.readingAt.length) this.readingAt[2 * first] = 0;
    if (2 * first + 1 < this.readingAt.length) this.readingAt[2 * first + 1] = 0;
  }

  private key(core: readonly number[], entry: number, person: boolean): void {
    if (core.length === 2) this.pairs.push(pairKey(core[0]!, core[1]!), entry);
    else {
      const prefix = pairKey(core[0]!, core[1]!);
      this.prefixes.add(prefix);
      this.pairs.add(prefix);
      this.triples.push(tripleKey(prefix, core[2]!), entry);
      if (person) this.thirdInitials.push(tripleKey(prefix, initialKey(this.index.vocab.words[core[2]!]!.text)), entry);
    }
  }

  /**
   * Insert a name into a group, keeping entity id order. Every bearer of the group is live: `refresh` drops the
   * removed ones before it indexes new slots.
   */
  private join(group: Group, slot: number, name: number, original: string, entity: Entity): void {
    const { bearers, originals, entities } = group;
    const id = this.ids[slot]!;
    let lo = 0;
    let hi = bearers.length / 2;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const otherId = this.ids[bearers[2 * mid]!]!;
      if (otherId < id || (otherId === id && bearers[2 * mid + 1]! < name)) lo = mid + 1;
      else hi = mid;
    }
    bearers.splice(2 * lo, 0, slot, name);
    originals.splice(lo, 0, original);
    entities.splice(lo, 0, entity);
  }

  private addSlot(slot: number): void {
    const entity = this.index.entity(slot)!;
    const person = entity.entity_type === 'person';
    const words = this.index.vocab.words;
    this.index.names(slot).forEach((n, nameIdx) => {
      const nameNo = this.nameSlot.length;
      this.nameSlot.push(slot);
      this.nameIndex.push(nameIdx);
      this.nameOriginal.push(n.original);
      this.nameEntity.push(entity);
      const entry = nameNo * 2;
      const ids = nameIds(n);
      const first = n.group === undefined ? undefined : this.firstOfGroup.get(n.group);
      if (first !== undefined) {
        // Keyed already: the name joins its group.
        let group = this.groups.get(first);
        if (group === undefined) {
          const head = this.nameEntity[first];
          group =
            head === undefined
              ? { bearers: [], originals: [], entities: [] }
              : { bearers: [this.nameSlot[first]!, this.nameIndex[first]!], originals: [this.nameOriginal[first]!], entities: [head] };
          this.groups.set(first, group);
          this.forget(first);
        }
        this.join(group, slot, nameIdx, n.original, entity);
        return;
      }
      if (n.group !== undefined) this.firstOfGroup.set(n.group, nameNo);
      const order = readName(ids, n.roles, this.index, false);
      const core: number[] = [];
      order.positions.forEach((p, k) => {
        if (order.kinds[k] === 'core') core.push(ids[p]!);
      });
      if (core.length === 0) return;
      if (core.length === 1) {
        const oneWord = person && order.kinds.every((k) => k === 'core' || k === 'affix' || k === 'initial');
        if (oneWord) push(this.personSingles, core[0]!, entry);
        else push(this.singles, core[0]!, ids.length === 1 ? aloneEntry(entry) : entry);
        return;
      }
      this.key(core, entry, person);
      if (person) {
        this.key([core[core.length - 1]!, ...core.slice(0, -1)], entry | ROTATED, true);
        if (core.length >= 3) {
          this.skips.push(pairKey(core[1]!, core[2]!), entry);
          this.middles.push(pairKey(core[0]!, core[2]!), entry);
        }
      } else if (core.length >= 3 && core.length <= 8) {
        const acronym = core.map((id) => words[id]!.text[0]).join('');
        const list = this.acronyms.get(acronym);
        if (list === undefined) this.acronyms.set(acronym, [entry]);
        else list.push(entry);
      }
    });
  }
}

/** Kinds of a name's words and the reading order. A name with no core word treats every word as core. */
export function readName(ids: readonly number[], roles: readonly (AffixRole | undefined)[] | undefined, index: EntityIndex, rotated: boolean): NameOrder {
  const words = index.vocab.words;
  const m = ids.length;
  const kinds: WordKind[] = new Array<WordKind>(m);
  let core = 0;
  let particles = 0;
  for (let k = 0; k < m; k++) {
    const word = words[ids[k]!]!;
    const kind: WordKind =
      roles?.[k] !== undefined ? 'affix' : word.particle ? 'particle' : word.isNumber ? 'number' : word.text.length === 1 ? 'initial' : 'core';
    kinds[k] = kind;
    if (kind === 'core') core++;
    else if (kind === 'particle') particles++;
  }
  if (core === 0) {
    // No ordinary word: the particles are the name; failing those, every word is.
    for (let k = 0; k < m; k++) if (particles === 0 || kinds[k] === 'particle') kinds[k] = 'core';
    core = particles === 0 ? m : particles;
  }
  const positions = new Array<number>(m);
  for (let k = 0; k < m; k++) positions[k] = k;
  if (!rotated) return { positions, kinds, core, rotated };
  const last = kinds.lastIndexOf('core');
  const order = [last, ...positions.filter((p) => p !== last)];
  return { positions: order, kinds: order.map((p) => kinds[p]!), core, rotated };
}
