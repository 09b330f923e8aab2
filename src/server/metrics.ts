/**
 * Prometheus metrics (prom-client), one registry per server: requests and their latency by route, searches and
 * their hits, the loaded list version, the webhook backlog and deliveries, list reloads, and Node's process metrics.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type LabelValues } from 'prom-client';

/** Observations a histogram's cells hold before they are handed to it (bounds their memory between scrapes). */
export const HISTOGRAM_BATCH = 512;

/**
 * The increments of a labelled counter, or the observations of a labelled histogram, kept per label set in plain
 * numbers and handed to prom-client in a batch: when the registry reads the metric (its `collect`, so /metrics shows
 * the same figures), and for a histogram every HISTOGRAM_BATCH observations. prom-client checks and hashes the labels
 * at every call, which cost several µs of CPU per request in the server (docs/server.md, "Figures"); a batch does it
 * once per label set, or in a warm loop.
 */
class Cells<L extends string, C> {
  private readonly cells = new Map<string, { labels: LabelValues<L>; cell: C }>();
  constructor(private readonly fresh: () => C) {}
  /** The cell of a label set: `key` names it (the label values joined), `labels` builds the labels when it is new. */
  get(key: string, labels: () => LabelValues<L>): C {
    let c = this.cells.get(key);
    if (c === undefined) {
      c = { labels: labels(), cell: this.fresh() };
      this.cells.set(key, c);
    }
    return c.cell;
  }
  each(f: (labels: LabelValues<L>, cell: C) => void): void {
    for (const c of this.cells.values()) f(c.labels, c.cell);
  }
}

class CounterCells<L extends string> {
  private readonly cells = new Cells<L, { n: number }>(() => ({ n: 0 }));
  inc(key: string, labels: () => LabelValues<L>): void {
    this.cells.get(key, labels).n++;
  }
  addTo(counter: Counter<L>): void {
    this.cells.each((labels, c) => {
      if (c.n === 0) return;
      counter.inc(labels, c.n);
      c.n = 0;
    });
  }
}

class HistogramCells<L extends string> {
  private readonly cells = new Cells<L, number[]>(() => []);
  private pending = 0;
  target: Histogram<L> | null = null;
  observe(key: string, labels: () => LabelValues<L>, value: number): void {
    this.cells.get(key, labels).push(value);
    if (++this.pending >= HISTOGRAM_BATCH) this.flush();
  }
  flush(): void {
    const h = this.target;
    if (h === null) return;
    this.cells.each((labels, values) => {
      for (const v of values) h.observe(labels, v);
      values.length = 0;
    });
    this.pending = 0;
  }
}

/**
 * `countRequest`'s cells: one per method and route (the latency's observations) and, within it, one per status (the
 * request count), found through two maps keyed by the method's and the route's own strings, so that counting a
 * request builds no key and no label object (both are made once, when a method, route or status is first seen).
 */
interface StatusCell {
  labels: LabelValues<'method' | 'route' | 'status'>;
  n: number;
}
interface RouteCell {
  labels: LabelValues<'method' | 'route'>;
  seconds: number[];
  statuses: Map<number, StatusCell>;
}

class RequestCells {
  private readonly byMethod = new Map<string, Map<string, RouteCell>>();
  private pending = 0;
  latency: Histogram<'method' | 'route'> | null = null;

  count(method: string, route: string, status: number, seconds: number): void {
    let routes = this.byMethod.get(method);
    if (routes === undefined) {
      routes = new Map();
      this.byMethod.set(method, routes);
    }
    let cell = routes.get(route);
    if (cell === undefined) {
      cell = { labels: { method, route }, seconds: [], statuses: new Map() };
      routes.set(route, cell);
    }
    let counted = cell.statuses.get(status);
    if (counted === undefined) {
      counted = { labels: { method, route, status: String(status) }, n: 0 };
      cell.statuses.set(status, counted);
    }
    counted.n++;
    cell.seconds.push(seconds);
    if (++this.pending >= HISTOGRAM_BATCH) this.flush();
  }

  private each(f: (cell: RouteCell) => void): void {
    for (const routes of this.byMethod.values()) for (const cell of routes.values()) f(cell);
  }

  addTo(counter: Counter<'method' | 'route' | 'status'>): void {
    this.each((cell) => {
      for (const c of cell.statuses.values()) {
        if (c.n === 0) continue;
        counter.inc(c.labels, c.n);
        c.n = 0;
      }
    });
  }

  flush(): void {
    const h = this.latency;
    if (h === null) return;
    this.each((cell) => {
      for (const v of cell.seconds) h.observe(cell.labels, v);
      cell.seconds.length = 0;
    });
    this.pending = 0;
  }
}

const KIND_LABELS = { name: () => ({ kind: 'name' }), reference: () => ({ kind: 'reference' }) } as const;

export class ServerMetrics {
  readonly registry = new Registry();
  private readonly requestCells = new RequestCells();
  private readonly searchCells = new CounterCells<'kind'>();
  private readonly hitCells = new HistogramCells<'kind'>();
  /** Counted through `countRequest` (batched); `inc` on it directly also shows. */
  readonly requests: Counter<'method' | 'route' | 'status'> = new Counter({
    name: 'tamis_http_requests_total',
    help: 'HTTP requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
    collect: () => this.requestCells.addTo(this.requests),
  });
  readonly latency: Histogram<'method' | 'route'> = new Histogram({
    name: 'tamis_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
    collect: () => this.requestCells.flush(),
  });
  /** Counted through `countSearch` (batched). */
  readonly searches: Counter<'kind'> = new Counter({
    name: 'tamis_searches_total',
    help: 'Searches created (kind: name for POST /searches, reference for POST /searches/references)',
    labelNames: ['kind'] as const,
    registers: [this.registry],
    collect: () => this.searchCells.addTo(this.searches),
  });
  readonly hits: Histogram<'kind'> = new Histogram({
    name: 'tamis_search_hits',
    help: 'total_hits of each search created',
    labelNames: ['kind'] as const,
    buckets: [0, 1, 2, 5, 10, 20, 50, 100, 200, 500],
    registers: [this.registry],
    collect: () => this.hitCells.flush(),
  });
  readonly listVersion = new Gauge({
    name: 'tamis_list_version',
    help: 'Version of the loaded lists: 1 at start, one more per reload',
    registers: [this.registry],
  });
  readonly listEntities = new Gauge({
    name: 'tamis_list_entities',
    help: 'Entities in the loaded lists',
    registers: [this.registry],
  });
  readonly listLoadedAt = new Gauge({
    name: 'tamis_list_loaded_timestamp_seconds',
    help: 'When the loaded lists were loaded (Unix time)',
    registers: [this.registry],
  });
  readonly reloads = new Counter({
    name: 'tamis_list_reloads_total',
    help: 'List reloads, by outcome (ok, failed)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  readonly webhookBacklog = new Gauge({
    name: 'tamis_webhook_backlog',
    help: 'Webhook deliveries due and not yet delivered (read at each worker pass)',
    registers: [this.registry],
  });
  readonly webhookDeliveries = new Counter({
    name: 'tamis_webhook_deliveries_total',
    help: 'Webhook deliveries, by outcome (delivered, failed)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  constructor(options: { processMetrics?: boolean } = {}) {
    this.requestCells.latency = this.latency;
    this.hitCells.target = this.hits;
    if (options.processMetrics !== false) collectDefaultMetrics({ register: this.registry, prefix: 'tamis_' });
  }

  /** One request answered: `tamis_http_requests_total` and `tamis_http_request_duration_seconds`. */
  countRequest(method: string, route: string, status: number, seconds: number): void {
    this.requestCells.count(method, route, status, seconds);
  }

  /** One search created: `tamis_searches_total` and, when its total is known, `tamis_search_hits`. */
  countSearch(kind: 'name' | 'reference', totalHits: number | undefined): void {
    const labels = KIND_LABELS[kind];
    this.searchCells.inc(kind, labels);
    if (totalHits !== undefined) this.hitCells.observe(kind, labels, totalHits);
  }
}
