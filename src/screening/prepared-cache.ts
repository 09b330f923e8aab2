/**
 * Prepared entities kept made, by slot (a direct-mapped cache: an entry is replaced by the next slot mapped there).
 * A list of up to FULL_CACHE entities keeps every one (as when the index held name objects); a larger one keeps
 * the last SMALL_CACHE: a larger cache keeps objects alive long enough to be promoted, which cost more than it
 * saved at 100k and 1M entities.
 */
import type { PreparedEntity } from '../names/entity-match.js';

const FULL_CACHE = 1 << 14;
const SMALL_CACHE = 1 << 8;

export class PreparedCache {
  private readonly slots: Int32Array = new Int32Array(FULL_CACHE).fill(-1);
  private readonly entries: (PreparedEntity | undefined)[] = new Array<PreparedEntity | undefined>(FULL_CACHE);
  /** The cache entries in use (FULL_CACHE or SMALL_CACHE) - 1. */
  private mask = FULL_CACHE - 1;

  /** The entry of a slot, or undefined; `listSlots` is the number of slots of the list (it sizes the cache). */
  get(slot: number, listSlots: number): PreparedEntity | undefined {
    if (this.mask !== SMALL_CACHE - 1 && listSlots > FULL_CACHE) {
      // The list outgrew the full cache: keep the small one only.
      this.mask = SMALL_CACHE - 1;
      this.slots.fill(-1);
      this.entries.fill(undefined);
    }
    const c = slot & this.mask;
    return this.slots[c] === slot ? this.entries[c] : undefined;
  }

  set(slot: number, prepared: PreparedEntity): void {
    const c = slot & this.mask;
    this.slots[c] = slot;
    this.entries[c] = prepared;
  }

  /** Forget a slot's entry (its entity was removed). */
  drop(slot: number): void {
    const c = slot & this.mask;
    if (this.slots[c] === slot) {
      this.slots[c] = -1;
      this.entries[c] = undefined;
    }
  }
}
