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
 *   "MOHAMAD A HASSAN");
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
import type { Entity } from '../types/entity.js';
import { nameIds, type EntityIndex } from '../screening/entity-index.js';

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

export function tripleKey(pair: number, c: number): number {
  return (Math.imul(pair ^ 0x27d4eb2d, 0x165667b1) + Math.imul(c + 0x61c88647, 0x9e3779b1)) & 0x3fffffff;
}

function push(map: Map<number, number[]>, key: number, value: number): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else if (list[list.length - 1] !== value) list.push(value);
}

/** A list name: its entity's slot and the name's index in the slot. */
export interface NameAt {
  slot: number;
  name: number;
}

/** Reading of an entry: the name's words in reading order, and whether person rules apply. */
export interface Reading {
  order: NameOrder;
  wordIds: number[];
  person: boolean;
}

export class ReferenceIndex {
  /** Pair key of the two core words → entries (group × 2 + rotated), for names of two core words. */
  readonly pairs = new Map<number, number[]>();
  /** Triple key of the first three core words → entries, for names of three core words or more. */
  readonly triples = new Map<number, number[]>();
  /** Pair keys that begin some triple: a pair not in here needs no third word looked up. */
  readonly prefixes = new Set<number>();
  /** Pair key of the second and third core words → entries (person names of three core words or more). */
  readonly skips = new Map<number, number[]>();
  /** Pair key of the first and third core words → entries (person names of three core words or more). */
  readonly middles = new Map<number, number[]>();
  /** Vocabulary id of the one core word → entries (names of one core word, save one-word person names). */
  readonly singles = new Map<number, number[]>();
  /** Vocabulary id → entries of one-word person names ("HAMZA", "J. Smith"), looked up only when reported. */
  readonly personSingles = new Map<number, number[]>();
  /** Initials of the core words (organisations, 3 to 8 core words) → entries. */
  readonly acronyms = new Map<string, number[]>();
  /** Readings memoised by entry. */
  private readonly readings = new Map<number, Reading>();
  /** Name number → slot, and → the name's index in the slot. */
  private nameSlot: number[] = [];
  private nameIndex: number[] = [];
  /** First name number of a group → the name numbers of the group, for groups of two names or more. */
  private readonly groups = new Map<number, number[]>();
  /** Name group of the screening index → the first name number keyed for it. */
  private readonly firstOfGroup = new Map<number, number>();
  private indexedSlots = 0;

  constructor(readonly index: EntityIndex) {}

  /** Index the slots added to the screening index since the last call. */
  refresh(): void {
    const slots = this.index.slots;
    for (; this.indexedSlots < slots.length; this.indexedSlots++) {
      const slot = slots[this.indexedSlots];
      if (slot !== undefined) this.addSlot(this.indexedSlots);
    }
  }

  /** Whether an entry reads its name surname first. */
  static rotated(entry: number): boolean {
    return (entry & ROTATED) !== 0;
  }

  /**
   * The live names an entry stands for (removed entities left out, and those `keep` refuses), in the order they
   * were indexed.
   */
  members(entry: number, keep?: (entity: Entity) => boolean): NameAt[] {
    const first = entry >>> 1;
    const group = this.groups.get(first);
    const out: NameAt[] = [];
    const add = (nameNo: number): void => {
      const slot = this.nameSlot[nameNo]!;
      const s = this.index.slots[slot];
      if (s !== undefined && (keep === undefined || keep(s.entity))) out.push({ slot, name: this.nameIndex[nameNo]! });
    };
    if (group === undefined) add(first);
    else for (const nameNo of group) add(nameNo);
    return out;
  }

  /** The reading of an entry's name in list order or surname first, or undefined when no entity bears it. */
  reading(entry: number): Reading | undefined {
    const known = this.readings.get(entry);
    if (known !== undefined) return known;
    // Every name of the group has the same words, roles and entity type: any live one gives the reading.
    const live = this.members(entry)[0];
    if (live === undefined) return undefined;
    const slot = this.index.slots[live.slot]!;
    const n = slot.names[live.name]!;
    const ids = nameIds(n);
    const person = slot.entity.entity_type === 'person';
    const order = readName(ids, n.roles, this.index, ReferenceIndex.rotated(entry));
    const reading: Reading = { order, wordIds: order.positions.map((p) => ids[p]!), person };
    if (this.readings.size >= MAX_READINGS) this.readings.clear();
    this.readings.set(entry, reading);
    return reading;
  }

  private key(core: readonly number[], entry: number): void {
    if (core.length === 2) push(this.pairs, pairKey(core[0]!, core[1]!), entry);
    else {
      const prefix = pairKey(core[0]!, core[1]!);
      this.prefixes.add(prefix);
      push(this.triples, tripleKey(prefix, core[2]!), entry);
    }
  }

  private addSlot(slot: number): void {
    const s = this.index.slots[slot]!;
    const person = s.entity.entity_type === 'person';
    const words = this.index.vocab.words;
    s.names.forEach((n, nameIdx) => {
      const nameNo = this.nameSlot.length;
      this.nameSlot.push(slot);
      this.nameIndex.push(nameIdx);
      const entry = nameNo * 2;
      const ids = nameIds(n);
      const first = n.group === undefined ? undefined : this.firstOfGroup.get(n.group);
      if (first !== undefined) {
        // Keyed already: the name joins its group.
        let group = this.groups.get(first);
        if (group === undefined) {
          group = [first];
          this.groups.set(first, group);
        }
        group.push(nameNo);
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
        push(oneWord ? this.personSingles : this.singles, core[0]!, entry);
        return;
      }
      this.key(core, entry);
      if (person) {
        this.key([core[core.length - 1]!, ...core.slice(0, -1)], entry | ROTATED);
        if (core.length >= 3) {
          push(this.skips, pairKey(core[1]!, core[2]!), entry);
          push(this.middles, pairKey(core[0]!, core[2]!), entry);
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
