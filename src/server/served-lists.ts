/**
 * What the lists a server serves hold (a binary snapshot's open file: LoadedScreener.close), released when no
 * search reads them any more: a replaced screener's once the service reports that the searches in flight on it
 * have finished (`screenerReleased`), a load the server never served at once, and every one on shutdown.
 */
import type { Screener } from '../screening/types.js';
import type { ScreeningService } from '../service/service.js';

/** A load of the lists as ServedLists sees it (create-server.ts: LoadedScreener). */
export interface ServedLoad {
  screener: Screener;
  close?: () => void;
}

export class ServedLists {
  /** Releases what the screener served now holds. */
  private current: (() => void) | undefined;
  /** Releases of replaced screeners that searches still run on. */
  private readonly replaced = new Set<() => void>();

  constructor(
    private readonly service: Pick<ScreeningService, 'screener' | 'screenerReleased'>,
    close: (() => void) | undefined,
    private readonly onError: (error: unknown) => void,
  ) {
    this.current = close;
  }

  /**
   * After a reload, done or failed: `loaded` is the service's screener now (it replaced `before`, released once
   * the searches on it finish), or it was never served (released at once: no search took it).
   */
  settle(loaded: ServedLoad, before: Screener): void {
    if (this.service.screener !== loaded.screener) return this.run(loaded.close);
    if (loaded.screener === before) return;
    const release = this.current;
    this.current = loaded.close;
    if (release === undefined) return;
    this.replaced.add(release);
    void this.service.screenerReleased(before).then(() => {
      if (this.replaced.delete(release)) this.run(release);
    });
  }

  /** Shutdown (the requests are finished): releases every screener's holdings, the served one's included. */
  closeAll(): void {
    for (const release of [...this.replaced]) {
      this.replaced.delete(release);
      this.run(release);
    }
    const current = this.current;
    this.current = undefined;
    this.run(current);
  }

  private run(release: (() => void) | undefined): void {
    try {
      release?.();
    } catch (error) {
      this.onError(error);
    }
  }
}
