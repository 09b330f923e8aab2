/**
 * The entity side of a screening index: each entity's names as vocabulary word ids, postings from words to
 * entities, acronym keys of organisation names, and incremental add/remove without a rebuild.
 */
import type { AffixRole } from '../names/affixes.js';
import { affixProfile, affixRoles } from '../names/affixes.js';
import { birthYears, isDeceased } from '../names/birth-year.js';
import type { PreparedEntity } from '../names/entity-match.js';
import { tokenizeName } from '../names/normalize.js';
import type { PreparedName, PreparedWord } from '../names/prepare.js';
import type { WordTables } from '../names/tables.js';
import type { Entity } from '../types/entity.js';
import { Vocabulary } from './vocabulary.js';
import { grown } from './stamps.js';
import { MAX_ACRONYM, MIN_ACRONYM } from '../names/assign.js';

/** An indexed name: prepared words shared with the vocabulary (each carries its vocabulary `id`). */
export type IndexedName = PreparedName;

const NO_ROLES: (AffixRole | undefined)[][] = [];
/** A shared all-undefined roles array of this length (names without affixes allocate none). */
export function noRoles(length: number): (AffixRole | undefined)[] {
  return (NO_ROLES[length] ??= Object.freeze(new Array<AffixRole | undefined>(length).fill(undefined)) as (AffixRole | undefined)[]);
}

export const idOf = (word: PreparedWord): number => word.id!;

/** The vocabulary ids of an indexed name's words. */
export function nameIds(name: IndexedName): number[] {
  return name.words.map(idOf);
}

const ROLE_CODES: Readonly<Record<AffixRole, number>> = {
  removed_personal_title: 1,
  removed_personal_suffix: 2,
  removed_organisation_prefix: 3,
  removed_organisation_suffix: 4,
  removed_clerical_mark: 5,
};

/** Same words (vocabulary ids) and affix roles. */
function sameName(a: IndexedName, b: IndexedName): boolean {
  if (a.words.length !== b.words.length) return false;
  for (let j = 0; j < a.words.length; j++) if (a.words[j]!.id !== b.words[j]!.id || a.roles[j] !== b.roles[j]) return false;
  return true;
}

/** Words of a name other than initials, particles and affixes. */
function fullWordCount(name: IndexedName): number {
  let count = 0;
  for (let j = 0; j < name.words.length; j++) {
    const w = name.words[j]!;
    if (name.roles[j] === undefined && !w.particle && (w.text.length > 1 || w.isNumber)) count++;
  }
  return count;
}

export interface Slot {
  entity: Entity;
  names: IndexedName[];
  years: number[];
  deceased: boolean;
}


function push(map: Map<string, number[]>, key: string, value: number): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else if (list[list.length - 1] !== value) list.push(value);
}

export class EntityIndex {
  readonly vocab: Vocabulary;
  readonly slots: (Slot | undefined)[] = [];
  private readonly byId = new Map<string, number>();
  /** word id → slots of entities with that word (removed slots are skipped by readers). */
  readonly postings: number[][] = [];
  /** word id → live entities having the word (document frequency). */
  private readonly df: number[] = [];
  /** Initials of runs of 3..8 consecutive words of organisation names → slots. */
  readonly acronyms = new Map<string, number[]>();
  private live = 0;
  /** Changes with every entity added or removed: the weights cached under an older version are stale. */
  private version = 1;
  /** Cached rarity weights by word id, valid where weightStamps holds the current version. */
  private weights = new Float64Array(0);
  private weightStamps = new Uint32Array(0);
  /** Called with the slot of each entity removed, before the slot is emptied (`onRemove`). */
  private readonly removalListeners: ((slot: number) => void)[] = [];
  /** Name hash → the group last formed under it; group → the slot and index of its first name. */
  private readonly groupByHash = new Map<number, number>();
  private readonly groupSlot: number[] = [];
  private readonly groupName: number[] = [];
  /**
   * Distinct word ids of each slot's names, flat and contiguous: slot k's are slotWords[slotWordStart[k] ..
   * slotWordStart[k + 1]). A candidate check reads them without touching the entity's name objects.
   */
  private flatWords = new Int32Array(1 << 12);
  private flatStart = new Int32Array(1 << 10);
  /** Character code of each vocabulary word's first letter, by word id (filled as entities bring words in). */
  private initials = new Uint16Array(1 << 12);
  /** 1 for each vocabulary word of one character (an initial, a digit), by word id. */
  private single = new Uint8Array(1 << 12);
  /** 1 for each slot with a name of fewer than two full words (not initials, particles or affixes). */
  private short = new Uint8Array(1 << 10);

  constructor(readonly tables: WordTables) {
    this.vocab = new Vocabulary(tables);
  }

  get size(): number {
    return this.live;
  }

  slotOf(id: string): number | undefined {
    return this.byId.get(id);
  }

  /** Add an entity, replacing one with the same id. */
  add(entity: Entity): number {
    this.remove(entity.id);
    const names: IndexedName[] = [];
    const seen = new Set<string>();
    const addName = (text: unknown): void => {
      if (typeof text !== 'string') return;
      const tokens = tokenizeName(text);
      const key = tokens.map((t) => t.text).join(' ');
      if (key === '' || seen.has(key)) return;
      seen.add(key);
      const words = tokens.map((t) => this.vocab.words[this.vocab.intern(t.text, t.script, t.native)]!);
      const roles = affixRoles(
        tokens.map((t) => t.text),
        this.tables,
        affixProfile(entity.entity_type),
        tokens.map((t) => t.segment),
      );
      names.push({ original: text, words, roles: roles.some((r) => r !== undefined) ? roles : noRoles(words.length) });
    };
    addName(entity.name);
    for (const aka of entity.aka ?? []) addName(aka?.name);
    return this.addSlot({ entity, names, years: birthYears(entity), deceased: isDeceased(entity) });
  }

  /** Add an entity whose names are already indexed (snapshot restore). */
  addSlot(slot: Slot): number {
    const index = this.slots.length;
    this.slots.push(slot);
    this.byId.set(slot.entity.id, index);
    this.live++;
    this.version++;
    slot.names.forEach((name, k) => {
      name.group = this.groupOf(name, slot.entity.entity_type, index, k);
    });
    const distinct = new Set<number>();
    for (const name of slot.names) for (const word of name.words) distinct.add(idOf(word));
    for (const id of distinct) {
      (this.postings[id] ??= []).push(index);
      this.df[id] = (this.df[id] ?? 0) + 1;
    }
    this.appendWords(index, distinct);
    this.short = grown(this.short, index + 1);
    this.short[index] = slot.names.some((name) => fullWordCount(name) < 2) ? 1 : 0;
    if (slot.entity.entity_type !== 'person') {
      const keys = new Set<string>();
      for (const name of slot.names) {
        const words = name.words.map((w) => w.text);
        for (let from = 0; from < words.length; from++) {
          let acronym = words[from]![0]!;
          for (let to = from + 1; to < words.length && to - from < MAX_ACRONYM; to++) {
            acronym += words[to]![0]!;
            if (acronym.length >= MIN_ACRONYM) keys.add(acronym);
          }
        }
      }
      for (const key of keys) push(this.acronyms, key, index);
    }
    return index;
  }

  /**
   * The group of a name: the group of an earlier live name with the same words, roles and entity type, or a new
   * one. A hash collision, or a group whose first name was removed, only starts a new group.
   */
  private groupOf(name: IndexedName, entityType: string | undefined, slot: number, k: number): number {
    const type = entityType ?? '';
    let h = 0x6a09e667;
    for (let c = 0; c < type.length; c++) h = Math.imul(h ^ type.charCodeAt(c), 0x01000193);
    for (let j = 0; j < name.words.length; j++) {
      const role = name.roles[j];
      h = Math.imul(h ^ (idOf(name.words[j]!) * 8 + (role === undefined ? 0 : ROLE_CODES[role])), 0x9e3779b1) ^ (h >>> 15);
    }
    const known = this.groupByHash.get(h);
    if (known !== undefined) {
      const other = this.slots[this.groupSlot[known]!];
      const first = other?.names[this.groupName[known]!];
      if (other !== undefined && first !== undefined && (other.entity.entity_type ?? '') === type && sameName(first, name)) return known;
    }
    const group = this.groupSlot.length;
    this.groupSlot.push(slot);
    this.groupName.push(k);
    this.groupByHash.set(h, group);
    return group;
  }

  private appendWords(slot: number, ids: ReadonlySet<number>): void {
    this.flatStart = grown(this.flatStart, slot + 2);
    const from = this.flatStart[slot]!;
    this.flatWords = grown(this.flatWords, from + ids.size);
    let at = from;
    for (const id of ids) {
      this.flatWords[at++] = id;
      this.initials = grown(this.initials, id + 1);
      this.single = grown(this.single, id + 1);
      const text = this.vocab.words[id]!.text;
      this.initials[id] = text.charCodeAt(0);
      this.single[id] = text.length === 1 ? 1 : 0;
    }
    this.flatStart[slot + 1] = at;
  }

  /** The flat word ids of every slot (see flatWords); read with slotWordStart. */
  get slotWords(): Int32Array {
    return this.flatWords;
  }

  /** First-letter character code of each vocabulary word that some entity holds, by word id. */
  get wordInitials(): Uint16Array {
    return this.initials;
  }

  /** 1 for each vocabulary word of one character that some entity holds, by word id. */
  get singleLetterWords(): Uint8Array {
    return this.single;
  }

  /** 1 for each slot with a name of fewer than two full words (a person known by one name needs one part). */
  get shortNames(): Uint8Array {
    return this.short;
  }

  /** Offsets into slotWords: slot k's word ids run from slotWordStart[k] to slotWordStart[k + 1]. */
  get slotWordStart(): Int32Array {
    return this.flatStart;
  }

  /**
   * Call `listener` with the slot of each entity removed from now on, while the slot still holds it: an index
   * built over this one (the n-gram index of reference screening) lets go of what it keeps of the entity.
   */
  onRemove(listener: (slot: number) => void): void {
    this.removalListeners.push(listener);
  }

  /** Remove an entity by id; false when there is none. */
  remove(id: string): boolean {
    const index = this.byId.get(id);
    if (index === undefined) return false;
    for (const listener of this.removalListeners) listener(index);
    const slot = this.slots[index]!;
    const distinct = new Set<number>();
    for (const name of slot.names) for (const word of name.words) distinct.add(idOf(word));
    for (const w of distinct) this.df[w] = (this.df[w] ?? 1) - 1;
    this.slots[index] = undefined;
    this.byId.delete(id);
    this.live--;
    this.version++;
    return true;
  }

  /** Live entities with this word. */
  documentFrequency(wordId: number): number {
    return this.df[wordId] ?? 0;
  }

  /**
   * Rarity weight of a word, 0..1: inverse document frequency over the live entities, ln(1 + (N+1)/(df+1)),
   * divided by its value for a word no entity holds (1 for such a word).
   */
  weight = (word: string): number => {
    const id = this.vocab.id(word);
    return id === undefined ? 1 : this.weightOfId(id);
  };

  /** The rarity weight of a vocabulary word by id (see `weight`), computed once per word while the list stays the same. */
  weightOfId(id: number): number {
    if (this.weightStamps.length <= id) {
      this.weightStamps = grown(this.weightStamps, id + 1);
      this.weights = grown(this.weights, id + 1);
    }
    if (this.weightStamps[id] === this.version) return this.weights[id]!;
    const weight = Math.log(1 + (this.live + 1) / (this.documentFrequency(id) + 1)) / Math.log(this.live + 2);
    this.weights[id] = weight;
    this.weightStamps[id] = this.version;
    return weight;
  }

  *liveSlots(): Iterable<number> {
    for (let i = 0; i < this.slots.length; i++) if (this.slots[i] !== undefined) yield i;
  }

  /** The entity type of a live slot's entity. */
  entityType(slot: number): string | undefined {
    return this.slots[slot]?.entity.entity_type;
  }

  /** The slot's entity prepared for the name matcher (no copying: the slot already holds prepared names). */
  prepared(index: number): PreparedEntity {
    return this.slots[index]!;
  }
}
