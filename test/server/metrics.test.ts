/**
 * Request and search metrics are counted in batches (metrics.ts) and handed to prom-client when the registry reads
 * them: what /metrics shows is every request and search, exactly, whether the batch was handed over or not.
 */
import { describe, expect, it } from 'vitest';
import { HISTOGRAM_BATCH, ServerMetrics } from '../../src/server/metrics.js';
import { startHarness } from './harness.js';

const valueOf = async (metrics: ServerMetrics, name: string, labels: Record<string, string>): Promise<number> => {
  const m = await metrics.registry.getSingleMetric(name)!.get();
  return m.values.find((v) => Object.entries(labels).every(([k, x]) => String((v.labels as Record<string, unknown>)[k]) === x))?.value ?? 0;
};

describe('server metrics', () => {
  it.each([
    { requests: 1, searches: 1 },
    { requests: HISTOGRAM_BATCH - 1, searches: 3 },
    { requests: HISTOGRAM_BATCH, searches: HISTOGRAM_BATCH },
    { requests: 2 * HISTOGRAM_BATCH + 7, searches: HISTOGRAM_BATCH + 1 },
  ])('shows every one of $requests requests and $searches searches, with their sums and buckets', async ({ requests, searches }) => {
    const metrics = new ServerMetrics({ processMetrics: false });
    for (let i = 0; i < requests; i++) {
      metrics.countRequest('POST', '/searches', i % 3 === 0 ? 400 : 200, 0.001);
      metrics.countRequest('GET', '/searches/{id}', 200, 0.002);
    }
    for (let i = 0; i < searches; i++) metrics.countSearch('name', i % 2);
    metrics.countSearch('reference', undefined);
    const bad = Math.ceil(requests / 3);
    expect(await valueOf(metrics, 'tamis_http_requests_total', { method: 'POST', route: '/searches', status: '400' })).toBe(bad);
    expect(await valueOf(metrics, 'tamis_http_requests_total', { method: 'POST', route: '/searches', status: '200' })).toBe(requests - bad);
    expect(await valueOf(metrics, 'tamis_http_requests_total', { method: 'GET', route: '/searches/{id}', status: '200' })).toBe(requests);
    const latency = { method: 'POST', route: '/searches' };
    expect(await valueOf(metrics, 'tamis_http_request_duration_seconds', { ...latency, le: '0.0005' })).toBe(0);
    expect(await valueOf(metrics, 'tamis_http_request_duration_seconds', { ...latency, le: '0.001' })).toBe(requests);
    expect(await valueOf(metrics, 'tamis_http_request_duration_seconds', { method: 'GET', route: '/searches/{id}', le: '0.001' })).toBe(0);
    expect(await valueOf(metrics, 'tamis_http_request_duration_seconds', { method: 'GET', route: '/searches/{id}', le: '0.0025' })).toBe(requests);
    const text = await metrics.registry.metrics();
    expect(text).toContain(`tamis_http_request_duration_seconds_count{method="POST",route="/searches"} ${requests}\n`);
    expect(text).toContain(`tamis_searches_total{kind="name"} ${searches}\n`);
    expect(text).toContain(`tamis_searches_total{kind="reference"} 1\n`);
    expect(text).toContain(`tamis_search_hits_count{kind="name"} ${searches}\n`);
    expect(text).toContain(`tamis_search_hits_sum{kind="name"} ${Math.floor(searches / 2)}\n`);
    expect(text).not.toContain('tamis_search_hits_count{kind="reference"}');
  });

  it('counts what came after a read on the next read, once', async () => {
    const metrics = new ServerMetrics({ processMetrics: false });
    metrics.countRequest('POST', '/searches', 200, 0.001);
    expect(await metrics.registry.metrics()).toContain('tamis_http_requests_total{method="POST",route="/searches",status="200"} 1\n');
    expect(await metrics.registry.metrics()).toContain('tamis_http_requests_total{method="POST",route="/searches",status="200"} 1\n');
    metrics.countRequest('POST', '/searches', 200, 0.001);
    const text = await metrics.registry.metrics();
    expect(text).toContain('tamis_http_requests_total{method="POST",route="/searches",status="200"} 2\n');
    expect(text).toContain('tamis_http_request_duration_seconds_count{method="POST",route="/searches"} 2\n');
  });
});

describe('request metrics over HTTP', () => {
  // With a logger the requests are counted by the log controller (no onResponse hook); without one, by the hook.
  it.each([
    ['logging at info', { level: 'info', stream: { write: () => true } }],
    ['logging at warn (no request lines)', { level: 'warn', stream: { write: () => true } }],
    ['no logger', false],
  ] as const)('%s: every request is counted once, by route and status', async (_what, logger) => {
    const h = await startHarness({ webhooks: false, logger });
    try {
      for (let i = 0; i < 3; i++) expect((await h.call('POST', '/searches', { body: { search_term: 'Jane Doe' } })).status).toBe(200);
      expect((await h.call('POST', '/searches', { body: { search_term: 7 } })).status).toBe(400);
      expect((await h.call('GET', '/searches/999999', {})).status).toBe(404);
      const text = (await h.call('GET', '/metrics', { unchecked: true })).text;
      expect(text).toContain('tamis_http_requests_total{method="POST",route="/searches",status="200"} 3\n');
      expect(text).toContain('tamis_http_requests_total{method="POST",route="/searches",status="400"} 1\n');
      expect(text).toContain('tamis_http_requests_total{method="GET",route="/searches/:id",status="404"} 1\n');
      expect(text).toContain('tamis_http_request_duration_seconds_count{method="POST",route="/searches"} 4\n');
      expect(text).toContain('tamis_searches_total{kind="name"} 3\n');
    } finally {
      await h.close();
    }
  });
});
