/**
 * Ready-made Clock and IdGenerator adapters. `systemClock` and `randomIds` are the production ones (they read the
 * real time and the system random source; nothing below the adapters does). `manualClock` and `sequentialIds`
 * make tests deterministic.
 */
import { randomUUID } from 'node:crypto';
import type { Clock, IdGenerator } from './types.js';

export function systemClock(): Clock {
  return { now: () => new Date() };
}

/** UUID v4 ids; refs are the UUID without dashes. */
export function randomIds(): IdGenerator {
  return { next: (kind) => (kind === 'ref' || kind === 'share' ? randomUUID().replaceAll('-', '') : randomUUID()) };
}

export interface ManualClock extends Clock {
  set(t: Date | string): void;
  advance(ms: number): void;
}

export function manualClock(start: Date | string): ManualClock {
  let t = new Date(start).getTime();
  return {
    now: () => new Date(t),
    set: (v) => {
      t = new Date(v).getTime();
    },
    advance: (ms) => {
      t += ms;
    },
  };
}

/** `${kind}-${n}` with one counter per kind (refs: `ref-1`, `ref-2`, ...). */
export function sequentialIds(): IdGenerator {
  const counters = new Map<string, number>();
  return {
    next: (kind) => {
      const n = (counters.get(kind) ?? 0) + 1;
      counters.set(kind, n);
      return `${kind}-${n}`;
    },
  };
}
