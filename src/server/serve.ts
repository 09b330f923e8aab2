/**
 * A server from a config file (what `tamis serve` runs): open the store, load the lists, build the screening
 * service, apply the accounts, and create the server with reload, webhooks and shutdown wired.
 */
import { readFile } from 'node:fs/promises';
import { createMemoryStore } from '../service/memory-store.js';
import { randomIds, systemClock } from '../service/ports.js';
import { createScreeningService } from '../service/service.js';
import type { ServiceStore } from '../service/store.js';
import { applyAccounts } from './accounts.js';
import type { ServeConfig } from './config.js';
import { createServer, type TamisServer } from './create-server.js';
import { loadLists } from './lists.js';
import { bufferedLog } from './request-log.js';

export interface ServeOverrides {
  host?: string;
  port?: number;
  behindTlsProxy?: boolean;
  /** Fastify logger setting; default: pino at the config's log level, to stdout through a buffer (request-log.ts). */
  logger?: boolean | { level: string };
}

async function openStore(config: ServeConfig): Promise<{ store: ServiceStore; close: () => void }> {
  if (config.store.type === 'memory') return { store: createMemoryStore(), close: () => undefined };
  const { openSqliteDatabase } = await import('../sqlite/database.js');
  const { createSqliteStore } = await import('../service/sqlite/index.js');
  const db = await openSqliteDatabase(config.store.path);
  db.pragma('journal_mode = WAL');
  return { store: createSqliteStore(db), close: () => (db as unknown as { close(): void }).close() };
}

export async function serveFromConfig(config: ServeConfig, o: ServeOverrides = {}): Promise<TamisServer> {
  const tls = config.server.tls ? { cert: await readFile(config.server.tls.cert), key: await readFile(config.server.tls.key) } : undefined;
  const lists = await loadLists(config.lists);
  const { store, close } = await openStore(config);
  const s = config.service;
  const service = createScreeningService({
    store,
    clock: systemClock(),
    ids: randomIds(),
    screener: lists.screener,
    ...(s.results_cap !== undefined ? { resultsCap: s.results_cap } : {}),
    ...(s.rate_limit !== undefined ? { rateLimit: s.rate_limit === false ? false : { ...(s.rate_limit.per_minute ? { perMinute: s.rate_limit.per_minute } : {}), ...(s.rate_limit.sandbox_per_minute ? { sandboxPerMinute: s.rate_limit.sandbox_per_minute } : {}) } } : {}),
    ...(s.share_base_url !== undefined ? { shareBaseUrl: s.share_base_url } : {}),
    ...(s.reference_term_max_length !== undefined ? { referenceTermMaxLength: s.reference_term_max_length } : {}),
    ...(s.details_shape !== undefined ? { detailsShape: s.details_shape } : {}),
    webhookPolicy: { allowHttp: config.webhooks.allow_http ?? false, allowHosts: config.webhooks.allow_hosts ?? [] },
  });
  let applied;
  try {
    applied = await applyAccounts(service, store, config.accounts);
  } catch (e) {
    close();
    throw e;
  }
  const w = config.webhooks;
  const log = o.logger === undefined ? bufferedLog() : null;
  return createServer({
    service,
    lists: { entities: lists.entities, sources: lists.sources, reload: () => loadLists(config.lists) },
    host: o.host ?? config.server.host,
    ...(o.port ?? config.server.port) !== undefined ? { port: (o.port ?? config.server.port) as number } : {},
    ...(tls ? { tls } : {}),
    behindTlsProxy: o.behindTlsProxy ?? config.server.behind_tls_proxy,
    logger: log ? { level: config.server.log_level, stream: log.stream } : o.logger,
    ...(s.reference_term_max_length !== undefined ? { referenceTermMaxLength: s.reference_term_max_length } : {}),
    ...(config.admin.token !== undefined ? { adminToken: config.admin.token } : {}),
    ...(config.metrics.token !== undefined ? { metricsToken: config.metrics.token } : {}),
    processMetrics: config.metrics.process ?? true,
    webhooks: w.worker
      ? {
          ...(w.interval_ms !== undefined ? { intervalMs: w.interval_ms } : {}),
          ...(w.timeout_ms !== undefined ? { timeoutMs: w.timeout_ms } : {}),
          ...(w.max_attempts !== undefined ? { maxAttempts: w.max_attempts } : {}),
          ...(w.redeliver_after_ms !== undefined ? { redeliverAfterMs: w.redeliver_after_ms } : {}),
          ...(w.concurrency !== undefined ? { concurrency: w.concurrency } : {}),
        }
      : false,
    acceptsKey: (key) => applied.keys.has(key),
    ...(config.server.body_limit !== undefined ? { bodyLimit: config.server.body_limit } : {}),
    onClose: async () => {
      close();
      await log?.flush();
    },
  });
}
