/**
 * The entity side of a screening index: each entity's names as vocabulary word ids (flat and typed: name-store.ts),
 * postings from words to entities, acronym keys of organisation names, and incremental add/remove without a
 * rebuild. The name objects the matcher reads are made on demand (`names`), from the flat arrays. A snapshot reads
 * and restores the index as its arrays (index-as-parts.ts).
 */
import { affixProfile, affixRoles } from '../names/affixes.js';
import { birthYears, isDeceased } from '../names/birth-year.js';
import { weakAlias, type PreparedEntity } from '../names/entity-match.js';
import { tokenizeName } from '../names/normalize.js';
import type { PreparedName, PreparedWord } from '../names/prepare.js';
import type { WordTables } from '../names/tables.js';
import type { Entity } from '../types/entity.js';
import { Vocabulary } from './vocabulary.js';
import { grown } from './stamps.js';
import { Postings } from './postings-store.js';
import { entityNames, GroupTable, NameStore, roleCode, type StoredName } from './name-store.js';
import { PreparedCache } from './prepared-cache.js';

/** An indexed name: prepared words shared with the vocabulary (each carries its vocabulary `id`). */
export type IndexedName = PreparedName;

export { noRoles, entityNames } from './name-store.js';

export const idOf = (word: PreparedWord): number => word.id!;

/** The vocabulary ids of an indexed name's words. */
export function nameIds(name: IndexedName): number[] {
  return name.words.map(idOf);
}

const NO_YEARS: number[] = Object.freeze([]) as unknown as number[];
/** The weak-alias marks of an entity with none (up to this many names). */
const NO_WEAK = new Uint8Array(256);

function push(map: Map<string, number[]>, key: string, value: number): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else if (list[list.length - 1] !== value) list.push(value);
}

export class EntityIndex {
  readonly vocab: Vocabulary;
  /** Entity by slot (undefined once removed, or until read from `lazy`). */
  protected docs: (Entity | undefined)[] = [];
  /** Entity id by slot (undefined until read from `lazyId`, which reads it from a snapshot when first asked for). */
  protected ids: (string | undefined)[] = [];
  protected lazyId: ((slot: number) => string) | undefined;
  /** Reads the entity of a slot restored from a snapshot, when first asked for (snapshot.ts). */
  protected lazy: ((slot: number) => Entity) | undefined;
  /** Slot by entity id; made from `ids` when first needed after a restore (undefined until then). */
  protected idMap: Map<string, number> | undefined = new Map();
  /** word id → slots of entities with that word, ascending (removed slots are skipped by readers): postings-store.ts. */
  protected postingLists = Postings.empty();
  /** word id → live entities having the word (document frequency). */
  protected df: Int32Array = new Int32Array(1 << 12);
  /** Initials of runs of 3..8 consecutive words of organisation names → slots. */
  readonly acronyms = new Map<string, number[]>();
  protected live = 0;
  /** Changes with every entity added or removed: the weights cached under an older version are stale. */
  private version = 1;
  /** Cached rarity weights by word id, valid where weightStamps holds the current version. */
  private weights = new Float64Array(0);
  private weightStamps = new Uint32Array(0);
  /** Called with the slot of each entity removed, before the slot is emptied (`onRemove`). */
  private readonly removalListeners: ((slot: number) => void)[] = [];
  protected readonly store = new NameStore();
  protected readonly groups = new GroupTable();
  /** 1 for each live slot. */
  protected alive: Uint8Array = new Uint8Array(1 << 10);
  /** Entity type by slot, as a code into typeNames (0: none given). */
  protected typeCode: Uint8Array = new Uint8Array(1 << 10);
  protected typeNames: (string | undefined)[] = [undefined];
  /** 1 for each slot whose entity has a date of death. */
  protected dead: Uint8Array = new Uint8Array(1 << 10);
  /** Birth years of slot k: years[yearStart[k] .. yearStart[k + 1]). */
  protected yearStart: Int32Array = new Int32Array(1 << 10);
  protected years: Int32Array = new Int32Array(1 << 10);
  /**
   * Distinct word ids of each slot's names, flat and contiguous: slot k's are slotWords[slotWordStart[k] ..
   * slotWordStart[k + 1]). A candidate check reads them without touching the entity's names.
   */
  protected flatWords: Int32Array = new Int32Array(1 << 12);
  protected flatStart: Int32Array = new Int32Array(1 << 10);
  /** Character code of each vocabulary word's first letter, by word id (filled as entities bring words in). */
  protected initials: Uint16Array = new Uint16Array(1 << 12);
  /** 1 for each vocabulary word of one character (an initial, a digit), by word id. */
  protected single: Uint8Array = new Uint8Array(1 << 12);
  /** 1 for each slot with a name of fewer than two full words (not initials, particles or affixes). */
  protected short: Uint8Array = new Uint8Array(1 << 10);
  /**
   * The same as bits (slot `i` is bit `i & 31` of word `i >>> 5`), and beside them the slots of entities other than
   * people: a loop over many slots of a large list tests these (an eighth of a byte per slot stays in cache).
   */
  protected shortBits: Int32Array = new Int32Array(1 << 5);
  protected otherBits: Int32Array = new Int32Array(1 << 5);
  private readonly cache = new PreparedCache();

  constructor(
    readonly tables: WordTables,
    vocab?: Vocabulary,
  ) {
    this.vocab = vocab ?? new Vocabulary(tables);
  }

  get size(): number {
    return this.live;
  }

  /** Changes with every entity added or removed (answers that depend on the entities are stale under another). */
  get contentVersion(): number {
    return this.version;
  }

  /** Slots ever used (live or removed): slot numbers run below it. */
  get slotCount(): number {
    return this.store.slots;
  }

  private get byId(): Map<string, number> {
    if (this.idMap === undefined) {
      this.idMap = new Map();
      for (let slot = 0; slot < this.store.slots; slot++) if (this.alive[slot] === 1) this.idMap.set(this.idOf(slot), slot);
    }
    return this.idMap;
  }

  slotOf(id: string): number | undefined {
    return this.byId.get(id);
  }

  /** Whether the slot holds a live entity. */
  has(slot: number): boolean {
    return this.alive[slot] === 1;
  }

  /** The entity of a slot, undefined once removed. */
  entity(slot: number): Entity | undefined {
    return this.alive[slot] !== 1 ? undefined : (this.docs[slot] ?? this.load(slot));
  }

  private load(slot: number): Entity {
    const entity = this.lazy!(slot);
    this.docs[slot] = entity;
    return entity;
  }

  /** The id of a slot's entity (kept after it is removed). */
  idOf(slot: number): string {
    return this.ids[slot] ?? (this.ids[slot] = this.lazyId!(slot));
  }

  /** The entity type of a live slot's entity. */
  entityType(slot: number): string | undefined {
    return this.typeNames[this.typeCode[slot]!];
  }

  /** Add an entity, replacing one with the same id. */
  add(entity: Entity): number {
    const names: StoredName[] = [];
    const seen = new Set<string>();
    const profile = affixProfile(entity.entity_type);
    for (const { text, source } of entityNames(entity)) {
      const tokens = tokenizeName(text);
      const key = tokens.map((t) => t.text).join(' ');
      if (key === '' || seen.has(key)) continue;
      seen.add(key);
      const ids = tokens.map((t) => this.vocab.intern(t.text, t.script, t.native));
      const roles = affixRoles(
        tokens.map((t) => t.text),
        this.tables,
        profile,
        tokens.map((t) => t.segment),
      );
      names.push({ ids, roles: roles.map(roleCode), source });
    }
    return this.addIndexed(entity, names);
  }

  /** Add an entity whose names are already indexed (snapshot restore), replacing one with the same id. */
  addIndexed(entity: Entity, names: readonly StoredName[]): number {
    this.remove(entity.id);
    const slot = this.store.slots;
    const first = this.store.appendSlot(names);
    this.docs[slot] = entity;
    this.ids[slot] = entity.id;
    this.byId.set(entity.id, slot);
    this.live++;
    this.version++;
    this.alive = grown(this.alive, slot + 1);
    this.alive[slot] = 1;
    this.typeCode = grown(this.typeCode, slot + 1);
    this.typeCode[slot] = this.typeOf(entity.entity_type);
    this.dead = grown(this.dead, slot + 1);
    this.dead[slot] = isDeceased(entity) ? 1 : 0;
    const years = birthYears(entity);
    this.yearStart = grown(this.yearStart, slot + 2);
    const at = this.yearStart[slot]!;
    this.years = grown(this.years, at + years.length);
    this.years.set(years, at);
    this.yearStart[slot + 1] = at + years.length;
    const type = entity.entity_type ?? '';
    const distinct = new Set<number>();
    let short = false;
    for (let n = first; n < this.store.names; n++) {
      this.store.group[n] = this.groupOf(n, type, slot);
      const source = this.store.source[n]!;
      this.store.weak[n] = source >= 0 && weakAlias(entity, entity.aka![source]!.name) ? 1 : 0;
      let full = 0;
      for (let k = this.store.wordStart[n]!; k < this.store.wordStart[n + 1]!; k++) {
        const id = this.store.wordIds[k]!;
        distinct.add(id);
        const w = this.vocab.words[id]!;
        if (this.store.roles[k] === 0 && !w.particle && (w.text.length > 1 || w.isNumber)) full++;
      }
      if (full < 2) short = true;
    }
    this.df = grown(this.df, this.vocab.size);
    for (const id of distinct) {
      this.postingLists.add(id, slot);
      this.df[id]!++;
    }
    this.appendWords(slot, distinct);
    this.short = grown(this.short, slot + 1);
    this.short[slot] = short ? 1 : 0;
    this.shortBits = grown(this.shortBits, (slot >>> 5) + 1);
    this.otherBits = grown(this.otherBits, (slot >>> 5) + 1);
    const bit = 1 << (slot & 31);
    if (short) this.shortBits[slot >>> 5]! |= bit;
    else this.shortBits[slot >>> 5]! &= ~bit;
    if (entity.entity_type !== 'person') this.otherBits[slot >>> 5]! |= bit;
    else this.otherBits[slot >>> 5]! &= ~bit;
    if (entity.entity_type !== 'person') for (const key of this.store.acronyms(first, this.vocab.words)) push(this.acronyms, key, slot);
    return slot;
  }

  private typeOf(type: string | undefined): number {
    let code = this.typeNames.indexOf(type);
    if (code < 0) {
      code = this.typeNames.length;
      if (code > 255) throw new RangeError('more than 255 entity types');
      this.typeNames.push(type);
    }
    return code;
  }

  /**
   * The group of a name: the group of an earlier live name with the same words, roles and entity type, or a new
   * one. A hash collision, or a group whose first name was removed, only starts a new group.
   */
  private groupOf(n: number, type: string, slot: number): number {
    const h = this.store.hash(n, type);
    const known = this.groups.get(h);
    if (known >= 0) {
      const other = this.groups.firstSlot[known]!;
      if (this.alive[other] === 1 && (this.entityType(other) ?? '') === type && this.store.sameWords(this.groups.firstName[known]!, n)) return known;
    }
    return this.groups.create(h, slot, n);
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

  /** For each word id, the slots of the entities holding it, ascending (postings-store.ts). */
  get postings(): Postings {
    return this.postingLists;
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

  /** Entity type codes by slot (what `entityType` reads: read ahead by loops over many slots). */
  get slotTypeCodes(): Uint8Array {
    return this.typeCode;
  }

  /** 1 for each live slot, by slot (`has`, for loops over many slots). */
  get liveSlotFlags(): Uint8Array {
    return this.alive;
  }

  /** shortNames as bits: slot `i` is bit `i & 31` of word `i >>> 5`. */
  get shortNameBits(): Int32Array {
    return this.shortBits;
  }

  /** The slots whose entity is not a person (`entityType(slot) !== 'person'`), as bits like shortNameBits. */
  get otherThanPersonBits(): Int32Array {
    return this.otherBits;
  }

  /** shortNameBits and otherThanPersonBits made again from the flags by slot (after the arrays are replaced whole). */
  protected slotBitsFromFlags(): void {
    const slots = this.store.slots;
    const person = this.typeNames.indexOf('person');
    this.shortBits = new Int32Array(Math.max(1, (slots + 31) >>> 5));
    this.otherBits = new Int32Array(this.shortBits.length);
    for (let slot = 0; slot < slots; slot++) {
      const bit = 1 << (slot & 31);
      if (this.short[slot] === 1) this.shortBits[slot >>> 5]! |= bit;
      if (this.typeCode[slot] !== person) this.otherBits[slot >>> 5]! |= bit;
    }
  }

  /** 1 for each slot with a name of fewer than two full words (a person known by one name needs one part). */
  get shortNames(): Uint8Array {
    return this.short;
  }

  /** The names of every slot, flat (read-only: the verification of a search reads names without making them). */
  get nameStore(): Readonly<NameStore> {
    return this.store;
  }

  /** Offsets into slotWords: slot k's word ids run from slotWordStart[k] to slotWordStart[k + 1]. */
  get slotWordStart(): Int32Array {
    return this.flatStart;
  }

  /**
   * The names of a live slot's entity, primary name first, as the matcher reads them (made from the flat arrays;
   * the last ones made are kept).
   */
  names(slot: number): PreparedName[] {
    return this.prepared(slot).names;
  }

  /** The text of a name as the entity holds it (source -1: its name, i: its aka i). */
  nameText(slot: number, source: number): string {
    const entity = this.docs[slot] ?? this.load(slot);
    return source < 0 ? entity.name : entity.aka![source]!.name;
  }

  /** Birth years of a slot's entity. */
  birthYears(slot: number): number[] {
    const from = this.yearStart[slot]!;
    const to = this.yearStart[slot + 1]!;
    return from === to ? NO_YEARS : Array.from(this.years.subarray(from, to));
  }

  /** Whether a slot's entity has a date of death. */
  deceased(slot: number): boolean {
    return this.dead[slot] === 1;
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
    const slot = this.byId.get(id);
    if (slot === undefined) return false;
    for (const listener of this.removalListeners) listener(slot);
    for (let k = this.flatStart[slot]!; k < this.flatStart[slot + 1]!; k++) this.df[this.flatWords[k]!]!--;
    this.docs[slot] = undefined;
    this.alive[slot] = 0;
    this.cache.drop(slot);
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
    for (let i = 0; i < this.store.slots; i++) if (this.alive[i] === 1) yield i;
  }

  /**
   * The live slot's entity prepared for the name matcher, its names made from the flat arrays (the last ones made
   * are kept). An entity not read yet from a snapshot stands in as its id and entity type: with the weak-alias
   * marks given, all the matcher reads.
   */
  prepared(slot: number): PreparedEntity {
    const known = this.cache.get(slot, this.store.slots);
    if (known !== undefined) return known;
    const entity = this.docs[slot] ?? ({ id: this.idOf(slot), entity_type: this.entityType(slot) } as Entity);
    const { store } = this;
    const count = store.slotStart[slot + 1]! - store.slotStart[slot]!;
    const weak = count <= NO_WEAK.length && !store.anyWeak(slot) ? NO_WEAK : store.weak.subarray(store.slotStart[slot]!, store.slotStart[slot + 1]!);
    const names = store.made(slot, this.vocab.words, this);
    const prepared: PreparedEntity = { entity, names, years: this.birthYears(slot), deceased: this.dead[slot] === 1, weak };
    this.cache.set(slot, prepared);
    return prepared;
  }
}
