/**
 * The postings of an entity index: for each vocabulary word, the slots of the entities holding it (ascending: slots
 * only grow), all in one Int32Array. Word `id`'s slots are `slots[first(id) .. first(id) + count(id))`. A snapshot
 * restores them as they were written (offsets and slots, viewed in place: no copy, no object per word); a word that
 * gains a slot moves its list to the end of `slots` with room to double when it is full (the first change after a
 * restore copies the offsets).
 */
import { grown } from './stamps.js';

export class Postings {
  /** The slots of every word, each word's in one run (read between first(id) and first(id) + count(id)). */
  slots: Int32Array;
  /** Where each word's run begins in `slots`, and where it ends (exclusive). */
  private from: Int32Array;
  private to: Int32Array;
  /** Room of each word's run (undefined while the runs are a snapshot's, packed: then no run has room). */
  private room: Int32Array | undefined;
  /** Entries of `slots` used by runs (and runs left behind when a word moved). */
  private used: number;

  private constructor(slots: Int32Array, from: Int32Array, to: Int32Array, room: Int32Array | undefined, used: number) {
    this.slots = slots;
    this.from = from;
    this.to = to;
    this.room = room;
    this.used = used;
  }

  /** No postings. */
  static empty(): Postings {
    return new Postings(new Int32Array(1 << 12), new Int32Array(1 << 12), new Int32Array(1 << 12), new Int32Array(1 << 12), 0);
  }

  /** The postings of a snapshot (words' runs by offsets: word k's are slots[start[k] .. start[k + 1])), viewed as they are. */
  static packed(start: Int32Array, slots: Int32Array): Postings {
    const words = Math.max(0, start.length - 1);
    return new Postings(slots, start.subarray(0, words), start.subarray(1), undefined, slots.length);
  }

  /** The slots holding word `id`. */
  count(id: number): number {
    return id < this.to.length ? this.to[id]! - this.from[id]! : 0;
  }

  /** Where word `id`'s slots begin in `slots` (its count is 0 when it has none). */
  first(id: number): number {
    return id < this.from.length ? this.from[id]! : 0;
  }

  /** Add a slot (greater than any the word has) to word `id`'s postings. */
  add(id: number, slot: number): void {
    if (this.room === undefined) this.unpack();
    if (id >= this.to.length) {
      this.from = grown(this.from, id + 1);
      this.to = grown(this.to, id + 1);
      this.room = grown(this.room!, id + 1);
    }
    const room = this.room!;
    const at = this.to[id]!;
    if (at - this.from[id]! < room[id]!) {
      this.slots[at] = slot;
      this.to[id] = at + 1;
      return;
    }
    // Full: move the run to the end, with room to double.
    const count = at - this.from[id]!;
    const size = Math.max(2, count * 2);
    this.slots = grown(this.slots, this.used + size);
    this.slots.copyWithin(this.used, this.from[id]!, at);
    this.from[id] = this.used;
    this.to[id] = this.used + count;
    room[id] = size;
    this.used += size;
    this.slots[this.to[id]!++] = slot;
  }

  /** Offsets and room of its own, before the first change of a snapshot's postings. */
  private unpack(): void {
    this.from = this.from.slice();
    this.to = this.to.slice();
    const room = new Int32Array(this.to.length);
    for (let id = 0; id < room.length; id++) room[id] = this.to[id]! - this.from[id]!;
    this.room = room;
  }

  /** The postings of words 0 .. words - 1, packed: offsets (words + 1) and slots (for a snapshot). */
  toPacked(words: number): { start: Int32Array; items: Int32Array } {
    const start = new Int32Array(words + 1);
    for (let id = 0; id < words; id++) start[id + 1] = start[id]! + this.count(id);
    const items = new Int32Array(start[words]!);
    for (let id = 0; id < words; id++) {
      const n = this.count(id);
      if (n > 0) items.set(this.slots.subarray(this.first(id), this.first(id) + n), start[id]!);
    }
    return { start, items };
  }

  /** The slots of word `id` as an array (tests, tools). */
  list(id: number): number[] {
    return Array.from(this.slots.subarray(this.first(id), this.first(id) + this.count(id)));
  }
}
