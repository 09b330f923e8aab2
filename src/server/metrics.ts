/**
 * Prometheus metrics (prom-client), one registry per server: requests and their latency by route, searches and
 * their hits, the loaded list version, the webhook backlog and deliveries, list reloads, and Node's process metrics.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export class ServerMetrics {
  readonly registry = new Registry();
  readonly requests = new Counter({
    name: 'tamis_http_requests_total',
    help: 'HTTP requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  readonly latency = new Histogram({
    name: 'tamis_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });
  readonly searches = new Counter({
    name: 'tamis_searches_total',
    help: 'Searches created (kind: name for POST /searches, reference for POST /searches/references)',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });
  readonly hits = new Histogram({
    name: 'tamis_search_hits',
    help: 'total_hits of each search created',
    labelNames: ['kind'] as const,
    buckets: [0, 1, 2, 5, 10, 20, 50, 100, 200, 500],
    registers: [this.registry],
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
    if (options.processMetrics !== false) collectDefaultMetrics({ register: this.registry, prefix: 'tamis_' });
  }
}
