/**
 * Evaluation against an asynchronous `HistoryStore`: the engine reads history synchronously, so the windows it reads
 * are loaded first. A pass evaluates against what is loaded so far while recording the windows it found missing;
 * those are loaded (one `load` call per pass, the windows of one subject merged), and the evaluation runs again,
 * until a pass misses nothing. Windows depend on the transaction and the scenarios, not on the history's content,
 * so a few passes suffice (a window read only behind a condition on another one needs one more).
 *
 * When the store computes aggregates (`HistoryStore.aggregate`, a database), the aggregations the engine can hand
 * over are recorded as requests instead of windows, and the store answers one row of aggregates per request (one
 * `aggregate` call per pass, alongside `load`); a request it declines has its window loaded on the next pass.
 */
import { aggregateRequestKey, EMPTY_AGGREGATE } from './history-aggregates.js';
import { upperBound } from './memory.js';
import type {
  HistoryAggregate,
  HistoryAggregateRequest,
  HistoryPort,
  HistoryRecord,
  HistoryScope,
  HistoryStore,
  HistoryView,
  HistoryWindow,
} from './ports.js';

interface Loaded {
  fromMs: number;
  toMs: number;
  records: HistoryRecord[];
  times: number[];
}

const EMPTY: HistoryView = { records: [], start: 0, end: 0 };
const subjectKey = (scope: HistoryScope | 'all', key: string | null) => `${scope}\u0000${key ?? ''}`;

/**
 * A synchronous history over the windows loaded and the aggregates answered so far; reads of anything else are
 * recorded as missing. Built with `aggregates: true` (the store computes aggregates) it takes aggregate requests:
 * an unanswered one reads as empty (as an unloaded window does) until answered.
 */
export class LoadedHistory implements HistoryPort {
  private readonly loaded = new Map<string, Loaded[]>();
  private readonly missing = new Map<string, HistoryWindow>();
  private readonly answers = new Map<string, HistoryAggregate | null>();
  private readonly missingRequests = new Map<string, HistoryAggregateRequest>();
  readonly aggregate?: (request: HistoryAggregateRequest) => HistoryAggregate | undefined;

  constructor(options: { aggregates?: boolean } = {}) {
    if (options.aggregates === true) this.aggregate = (request) => this.answer(request);
  }

  private answer(request: HistoryAggregateRequest): HistoryAggregate | undefined {
    const key = aggregateRequestKey(request);
    const got = this.answers.get(key);
    if (got !== undefined) return got ?? undefined; // declined (null): the engine reads the window
    if (!this.missingRequests.has(key)) this.missingRequests.set(key, request);
    return EMPTY_AGGREGATE;
  }

  private view(scope: HistoryScope | 'all', key: string | null, fromMs: number, toMs: number): HistoryView {
    const k = subjectKey(scope, key);
    for (const w of this.loaded.get(k) ?? []) {
      if (w.fromMs <= fromMs && toMs <= w.toMs) return { records: w.records, start: upperBound(w.times, fromMs), end: upperBound(w.times, toMs) };
    }
    const m = this.missing.get(k);
    if (m) {
      m.fromMs = Math.min(m.fromMs, fromMs);
      m.toMs = Math.max(m.toMs, toMs);
    } else this.missing.set(k, { scope, key, fromMs, toMs });
    return EMPTY;
  }

  range(scope: HistoryScope, key: string, fromMs: number, toMs: number): HistoryView {
    return this.view(scope, key, fromMs, toMs);
  }

  rangeAll(fromMs: number, toMs: number): HistoryView {
    return this.view('all', null, fromMs, toMs);
  }

  /** The windows read but not loaded since the last call (one per subject, spanning what was asked). */
  takeMissing(): HistoryWindow[] {
    const out = [...this.missing.values()];
    this.missing.clear();
    return out;
  }

  /** The aggregate requests made but not answered since the last call. */
  takeMissingRequests(): HistoryAggregateRequest[] {
    const out = [...this.missingRequests.values()];
    this.missingRequests.clear();
    return out;
  }

  /** Records the store's answer to a request (null: declined). */
  answerWith(request: HistoryAggregateRequest, answer: HistoryAggregate | null): void {
    this.answers.set(aggregateRequestKey(request), answer);
  }

  /** Adds a loaded window (records ordered by time). */
  add(window: HistoryWindow, records: HistoryRecord[]): void {
    const k = subjectKey(window.scope, window.key);
    const list = this.loaded.get(k) ?? [];
    list.push({ fromMs: window.fromMs, toMs: window.toMs, records, times: records.map((r) => r.t) });
    this.loaded.set(k, list);
  }
}

export function isHistoryStore(h: HistoryPort | HistoryStore): h is HistoryStore {
  return typeof (h as HistoryStore).load === 'function';
}

/** Passes before the last evaluation gives up on loading (it then reads an unloaded window as HISTORY_UNAVAILABLE). */
export const MAX_HISTORY_PASSES = 8;

/**
 * Loads what `evaluate` reads of `store`, then evaluates for real. `evaluate(history, dry)` is called with
 * `dry = true` for the passes that only find the windows (their result is dropped: give them throwaway ids and
 * clock), and once with `dry = false` over a history holding every window read.
 */
export async function evaluateWithHistoryStore<R>(store: HistoryStore, evaluate: (history: HistoryPort, dry: boolean) => R): Promise<R> {
  const computes = typeof store.aggregate === 'function';
  const history = new LoadedHistory({ aggregates: computes });
  for (let pass = 0; pass < MAX_HISTORY_PASSES; pass++) {
    evaluate(history, true);
    const missing = history.takeMissing();
    const requests = history.takeMissingRequests();
    if (missing.length === 0 && requests.length === 0) break;
    const [loaded, answers] = await Promise.all([
      missing.length > 0 ? store.load(missing) : [],
      requests.length > 0 && store.aggregate ? store.aggregate(requests) : [],
    ]);
    missing.forEach((w, i) => history.add(w, loaded[i] ?? []));
    requests.forEach((r, i) => history.answerWith(r, answers[i] ?? null));
  }
  const strict: HistoryPort = {
    range: (scope, key, fromMs, toMs) => strictly(history, history.range(scope, key, fromMs, toMs)),
    rangeAll: (fromMs, toMs) => strictly(history, history.rangeAll(fromMs, toMs)),
  };
  if (computes) strict.aggregate = (request) => strictly(history, history.aggregate?.(request));
  return evaluate(strict, false);
}

/** In the real evaluation a window or an aggregate never loaded is an error (the engine reports HISTORY_UNAVAILABLE). */
function strictly<T>(history: LoadedHistory, value: T): T {
  if (history.takeMissing().length > 0) throw new Error('a history window was not loaded (the scenarios read more windows than the passes allow)');
  if (history.takeMissingRequests().length > 0) throw new Error('a history aggregate was not computed (the scenarios read more than the passes allow)');
  return value;
}
