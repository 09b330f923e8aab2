/**
 * The names of an entity index, flat and typed: no object per name. Slot k's names are the name numbers
 * slotStart[k] .. slotStart[k + 1]); name n's words are wordIds[wordStart[n] .. wordStart[n + 1]) (vocabulary ids)
 * with their affix roles as codes in `roles` (0: none). A name's text as published is not stored: `source` tells
 * where the entity holds it (-1: `name`, i: `aka[i].name`). Name groups (same words, roles and entity type) are
 * found through an open-addressing table of name hashes (GroupTable). Everything is append-only: a removed
 * entity's names stay until the index is rebuilt.
 */
import type { AffixRole } from '../names/affixes.js';
import type { PreparedName, PreparedWord } from '../names/prepare.js';
import { MAX_ACRONYM, MIN_ACRONYM } from '../names/assign.js';
import { grown } from './stamps.js';
import type { Entity } from '../types/entity.js';

/** Affix roles by code (0: none); a code is the role's position here. */
export const AFFIX_ROLES: readonly (AffixRole | undefined)[] = [
  undefined,
  'removed_personal_title',
  'removed_personal_suffix',
  'removed_organisation_prefix',
  'removed_organisation_suffix',
  'removed_clerical_mark',
];

const NO_ROLES: (AffixRole | undefined)[][] = [];
/** A shared all-undefined roles array of this length (names without affixes allocate none). */
export function noRoles(length: number): (AffixRole | undefined)[] {
  return (NO_ROLES[length] ??= Object.freeze(new Array<AffixRole | undefined>(length).fill(undefined)) as (AffixRole | undefined)[]);
}

/** The code of an affix role (0 for none). */
export function roleCode(role: AffixRole | undefined): number {
  return role === undefined ? 0 : AFFIX_ROLES.indexOf(role);
}

/** A name to store: its word ids, role codes and where its entity holds its text. */
export interface StoredName {
  ids: readonly number[];
  roles: readonly number[];
  source: number;
}

export class NameStore {
  slotStart: Int32Array = new Int32Array(1 << 10);
  wordStart: Int32Array = new Int32Array(1 << 10);
  source: Int32Array = new Int32Array(1 << 10);
  group: Int32Array = new Int32Array(1 << 10);
  /** 1 for a name that is a weak alias of its entity (entity-match.ts, weakAlias). */
  weak: Uint8Array = new Uint8Array(1 << 10);
  wordIds: Int32Array = new Int32Array(1 << 12);
  roles: Uint8Array = new Uint8Array(1 << 12);
  /** Slots and names stored. */
  slots = 0;
  names = 0;

  /** Store the names of the next slot; returns the number of its first name. */
  appendSlot(names: readonly StoredName[]): number {
    const first = this.names;
    this.slotStart = grown(this.slotStart, this.slots + 2);
    this.wordStart = grown(this.wordStart, first + names.length + 1);
    this.source = grown(this.source, first + names.length);
    this.group = grown(this.group, first + names.length);
    this.weak = grown(this.weak, first + names.length);
    let at = this.wordStart[first]!;
    let size = at;
    for (const name of names) size += name.ids.length;
    this.wordIds = grown(this.wordIds, size);
    this.roles = grown(this.roles, size);
    let n = first;
    for (const name of names) {
      this.source[n] = name.source;
      for (let j = 0; j < name.ids.length; j++) {
        this.wordIds[at] = name.ids[j]!;
        this.roles[at++] = name.roles[j]!;
      }
      this.wordStart[++n] = at;
    }
    this.names = n;
    this.slots++;
    this.slotStart[this.slots] = n;
    return first;
  }

  /** The names of a slot as the matcher reads them (their texts read from `texts` when asked for). */
  made(slot: number, words: readonly PreparedWord[], texts: NameTexts): PreparedName[] {
    const out: PreparedName[] = [];
    for (let n = this.slotStart[slot]!; n < this.slotStart[slot + 1]!; n++) {
      const from = this.wordStart[n]!;
      const length = this.wordStart[n + 1]! - from;
      const prepared = new Array<PreparedWord>(length);
      let affixes = false;
      for (let j = 0; j < length; j++) {
        prepared[j] = words[this.wordIds[from + j]!]!;
        if (this.roles[from + j] !== 0) affixes = true;
      }
      const roles = affixes ? Array.from(this.roles.subarray(from, from + length), (code) => AFFIX_ROLES[code]) : noRoles(length);
      out.push(new IndexName(prepared, roles, this.group[n]!, texts, slot, this.source[n]!));
    }
    return out;
  }

  /** Initials of runs of 3..8 consecutive words of the names from name `first` on (acronym keys). */
  acronyms(first: number, words: readonly PreparedWord[]): Set<string> {
    const keys = new Set<string>();
    for (let n = first; n < this.names; n++) {
      const from = this.wordStart[n]!;
      const to = this.wordStart[n + 1]!;
      for (let a = from; a < to; a++) {
        let acronym = words[this.wordIds[a]!]!.text[0]!;
        for (let b = a + 1; b < to && b - a < MAX_ACRONYM; b++) {
          acronym += words[this.wordIds[b]!]!.text[0]!;
          if (acronym.length >= MIN_ACRONYM) keys.add(acronym);
        }
      }
    }
    return keys;
  }

  /** Whether some name of the slot is a weak alias. */
  anyWeak(slot: number): boolean {
    for (let n = this.slotStart[slot]!; n < this.slotStart[slot + 1]!; n++) if (this.weak[n] === 1) return true;
    return false;
  }

  /** Same words and roles. */
  sameWords(a: number, b: number): boolean {
    const fa = this.wordStart[a]!;
    const fb = this.wordStart[b]!;
    const len = this.wordStart[a + 1]! - fa;
    if (this.wordStart[b + 1]! - fb !== len) return false;
    for (let j = 0; j < len; j++) if (this.wordIds[fa + j] !== this.wordIds[fb + j] || this.roles[fa + j] !== this.roles[fb + j]) return false;
    return true;
  }

  /** A hash of the name's words and roles under an entity type. */
  hash(n: number, type: string): number {
    let h = 0x6a09e667;
    for (let c = 0; c < type.length; c++) h = Math.imul(h ^ type.charCodeAt(c), 0x01000193);
    for (let k = this.wordStart[n]!; k < this.wordStart[n + 1]!; k++) h = Math.imul(h ^ (this.wordIds[k]! * 8 + this.roles[k]!), 0x9e3779b1) ^ (h >>> 15);
    return h;
  }
}

/**
 * Name hash → the group last formed under it (open addressing, linear probing, at most half full), and each
 * group's first name (its slot and name number).
 */
export class GroupTable {
  keys: Int32Array = new Int32Array(1 << 10);
  /** Group + 1 (0: empty). */
  values: Int32Array = new Int32Array(1 << 10);
  used = 0;
  firstSlot: Int32Array = new Int32Array(1 << 10);
  firstName: Int32Array = new Int32Array(1 << 10);
  size = 0;
  /** Whether keys and values are another's (a snapshot's bytes): copied before the first change. */
  private shared = false;

  /** Take a table's keys and values as they are (a snapshot restore), copying them only when a group is created. */
  adopt(keys: Int32Array, values: Int32Array): void {
    this.keys = keys;
    this.values = values;
    this.shared = true;
    this.used = 0;
    for (let i = 0; i < values.length; i++) if (values[i] !== 0) this.used++;
  }

  private at(hash: number): number {
    const mask = this.keys.length - 1;
    let i = Math.imul(hash, 0x9e3779b1) >>> 0;
    for (i &= mask; this.values[i] !== 0 && this.keys[i] !== hash; i = (i + 1) & mask);
    return i;
  }

  /** The group last formed under the hash, or -1. */
  get(hash: number): number {
    return this.values[this.at(hash)]! - 1;
  }

  /** A new group whose first name is `name` of `slot`, formed under `hash`. */
  create(hash: number, slot: number, name: number): number {
    const group = this.size++;
    this.firstSlot = grown(this.firstSlot, this.size);
    this.firstName = grown(this.firstName, this.size);
    this.firstSlot[group] = slot;
    this.firstName[group] = name;
    if (2 * (this.used + 1) > this.keys.length) this.rehash(this.keys.length * 2);
    else if (this.shared) {
      this.keys = this.keys.slice();
      this.values = this.values.slice();
    }
    this.shared = false;
    const i = this.at(hash);
    if (this.values[i] === 0) this.used++;
    this.keys[i] = hash;
    this.values[i] = group + 1;
    return group;
  }

  private rehash(capacity: number): void {
    const { keys, values } = this;
    this.keys = new Int32Array(capacity);
    this.values = new Int32Array(capacity);
    for (let i = 0; i < keys.length; i++) {
      if (values[i] === 0) continue;
      const j = this.at(keys[i]!);
      this.keys[j] = keys[i]!;
      this.values[j] = values[i]!;
    }
  }
}

/** Where the texts of names are read: the entity of the slot, by the name's source (-1 `name`, i `aka[i].name`). */
export interface NameTexts {
  nameText(slot: number, source: number): string;
}

/** An indexed name as the matcher reads it; its text is read from the entity only when asked for (a hit, a reference). */
export class IndexName implements PreparedName {
  constructor(
    readonly words: PreparedWord[],
    readonly roles: (AffixRole | undefined)[],
    readonly group: number,
    private readonly texts: NameTexts,
    private readonly slot: number,
    private readonly source: number,
  ) {}

  get original(): string {
    return this.texts.nameText(this.slot, this.source);
  }
}

/** The names of an entity, with the text each comes from (its source in the entity: -1 `name`, i `aka[i]`). */
export function entityNames(entity: Entity): { text: string; source: number }[] {
  const out: { text: string; source: number }[] = [];
  if (typeof entity.name === 'string') out.push({ text: entity.name, source: -1 });
  (entity.aka ?? []).forEach((aka, i) => {
    if (typeof aka?.name === 'string') out.push({ text: aka.name, source: i });
  });
  return out;
}
