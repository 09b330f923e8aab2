/**
 * The searches in flight on each screener. A search holds the service's screeners from the moment it takes them
 * until it is done, across the awaits between (the store calls before and after the screening): a list reload that
 * replaces them meanwhile leaves the search on the screeners it started with. A host that replaced a screener
 * holding resources (a snapshot read through its open file) releases them once `released` resolves: the screener
 * is no longer the current one and no search holds it any more.
 *
 * The screener and the reference screener are replaced together (ServiceContext.replaceScreeners), so a search
 * holds them by the screener of their generation, whichever of the two it reads.
 */
import type { Screener } from '../screening/types.js';

export class ScreenerHolds {
  /** Searches holding each screener (absent: none). */
  private readonly held = new Map<Screener, number>();
  /** Callers of `released`, by screener, until it is replaced and no search holds it. */
  private readonly waiting = new Map<Screener, (() => void)[]>();

  constructor(private current: Screener) {}

  /** The screener searches take now. */
  get screener(): Screener {
    return this.current;
  }

  /** Makes `next` the current screener; the one it replaces is released once no search holds it. */
  replace(next: Screener): void {
    const before = this.current;
    this.current = next;
    this.settle(before);
  }

  /** Holds the current screener until the returned function is called (calls after the first do nothing). */
  hold(): { screener: Screener; release: () => void } {
    const screener = this.current;
    this.held.set(screener, (this.held.get(screener) ?? 0) + 1);
    let done = false;
    const release = (): void => {
      if (done) return;
      done = true;
      const left = this.held.get(screener)! - 1;
      if (left > 0) this.held.set(screener, left);
      else {
        this.held.delete(screener);
        this.settle(screener);
      }
    };
    return { screener, release };
  }

  /** How many searches hold `screener` now. */
  holding(screener: Screener): number {
    return this.held.get(screener) ?? 0;
  }

  /**
   * Resolves once `screener` is not the current screener and no search holds it (at once when that is so already;
   * never while it stays current).
   */
  released(screener: Screener): Promise<void> {
    if (this.idle(screener)) return Promise.resolve();
    return new Promise((resolve) => {
      const list = this.waiting.get(screener);
      if (list === undefined) this.waiting.set(screener, [resolve]);
      else list.push(resolve);
    });
  }

  private idle(screener: Screener): boolean {
    return screener !== this.current && !this.held.has(screener);
  }

  private settle(screener: Screener): void {
    if (!this.idle(screener)) return;
    const list = this.waiting.get(screener);
    this.waiting.delete(screener);
    for (const resolve of list ?? []) resolve();
  }
}
