/**
 * The arrays of an entity index as a snapshot holds them (index-as-parts.ts: indexAsParts / indexFromParts): names, name groups,
 * per-slot and per-word data, postings and acronym keys, each exactly as long as it is filled.
 */
import type { Entity } from '../types/entity.js';

/** The arrays of an index (indexAsParts, indexFromParts): names, groups, per-slot and per-word data, postings, acronym keys. */
export interface IndexArrays {
  slotStart: Int32Array;
  wordStart: Int32Array;
  source: Int32Array;
  group: Int32Array;
  weak: Uint8Array;
  wordIds: Int32Array;
  roles: Uint8Array;
  groupKeys: Int32Array;
  groupValues: Int32Array;
  groupFirstSlot: Int32Array;
  groupFirstName: Int32Array;
  typeCode: Uint8Array;
  dead: Uint8Array;
  yearStart: Int32Array;
  years: Int32Array;
  flatStart: Int32Array;
  flatWords: Int32Array;
  short: Uint8Array;
  initials: Uint16Array;
  single: Uint8Array;
  df: Int32Array;
  postingStart: Int32Array;
  postingSlots: Int32Array;
  acronymStart: Int32Array;
  acronymSlots: Int32Array;
}

export interface IndexParts {
  /** Slots, all live. */
  slots: number;
  /** The entity id of a slot (read when first asked for). */
  id: (slot: number) => string;
  /** The entity of a slot (read when first asked for). */
  doc: (slot: number) => Entity;
  typeNames: (string | undefined)[];
  acronymKeys: string[];
  arrays: IndexArrays;
}

/** Lists by number as offsets and items (list k: items[start[k] .. start[k + 1])). */
export function csr(count: number, list: (k: number) => readonly number[] | undefined): { start: Int32Array; items: Int32Array } {
  const start = new Int32Array(count + 1);
  for (let k = 0; k < count; k++) start[k + 1] = start[k]! + (list(k)?.length ?? 0);
  const items = new Int32Array(start[count]!);
  for (let k = 0; k < count; k++) {
    const l = list(k);
    if (l !== undefined) items.set(l, start[k]!);
  }
  return { start, items };
}


/** The element type of each array of the parts, as a snapshot section holds it. */
export const ARRAY_KINDS: Readonly<Record<keyof IndexArrays, 'i32' | 'u16' | 'u8'>> = {
  slotStart: 'i32',
  wordStart: 'i32',
  source: 'i32',
  group: 'i32',
  weak: 'u8',
  wordIds: 'i32',
  roles: 'u8',
  groupKeys: 'i32',
  groupValues: 'i32',
  groupFirstSlot: 'i32',
  groupFirstName: 'i32',
  typeCode: 'u8',
  dead: 'u8',
  yearStart: 'i32',
  years: 'i32',
  flatStart: 'i32',
  flatWords: 'i32',
  short: 'u8',
  initials: 'u16',
  single: 'u8',
  df: 'i32',
  postingStart: 'i32',
  postingSlots: 'i32',
  acronymStart: 'i32',
  acronymSlots: 'i32',
};

/** Offsets of `count` lists: count + 1 of them, from 0, never decreasing, ending at `end` (any end when undefined). */
export function validOffsets(start: ArrayLike<number>, count: number, end?: number): boolean {
  if (start.length !== count + 1 || start[0] !== 0) return false;
  for (let k = 0; k < count; k++) if (start[k + 1]! < start[k]!) return false;
  return end === undefined || start[count] === end;
}

/** Every value at least `min` and below `max`. */
export function within(values: ArrayLike<number>, min: number, max: number): boolean {
  for (let i = 0; i < values.length; i++) if (values[i]! < min || values[i]! >= max) return false;
  return true;
}

/** Why the parts of an index are inconsistent (an index over them would read outside its arrays), or undefined. */
export function partsProblem(parts: IndexParts, vocabularySize: number): string | undefined {
  const a = parts.arrays;
  const slots = parts.slots;
  const names = a.source.length;
  const words = a.wordIds.length;
  const groups = a.groupFirstSlot.length;
  const capacity = a.groupKeys.length;
  const checks: [boolean, string][] = [
    [validOffsets(a.slotStart, slots, names), 'name starts'],
    [a.group.length === names && a.weak.length === names && within(a.group, 0, groups) && within(a.source, -1, 0x7fffffff), 'names'],
    [validOffsets(a.wordStart, names, words) && a.roles.length === words && within(a.wordIds, 0, vocabularySize) && within(a.roles, 0, 6), 'name words'],
    [capacity > 0 && (capacity & (capacity - 1)) === 0 && a.groupValues.length === capacity && within(a.groupValues, 0, groups + 1), 'group table'],
    [a.groupFirstName.length === groups && within(a.groupFirstSlot, 0, slots) && within(a.groupFirstName, 0, names), 'groups'],
    [a.typeCode.length === slots && within(a.typeCode, 0, parts.typeNames.length) && a.dead.length === slots && a.short.length === slots, 'slot flags'],
    [validOffsets(a.yearStart, slots, a.years.length), 'birth years'],
    [validOffsets(a.flatStart, slots, a.flatWords.length) && within(a.flatWords, 0, vocabularySize), 'slot words'],
    [a.initials.length === vocabularySize && a.single.length === vocabularySize && a.df.length === vocabularySize, 'word data'],
    [validOffsets(a.postingStart, vocabularySize, a.postingSlots.length) && within(a.postingSlots, 0, slots), 'postings'],
    [validOffsets(a.acronymStart, parts.acronymKeys.length, a.acronymSlots.length) && within(a.acronymSlots, 0, slots), 'acronyms'],
  ];
  return checks.find(([good]) => !good)?.[1];
}
