/**
 * A server from a config file (what `tamis serve` runs): open the store, load the lists, build the screening
 * service, apply the accounts, and create the server with reload, webhooks and shutdown wired.
 */
import { readFile } from 'node:fs/promises';
import { createMemoryStore } from '../service/memory-store.js';
import { randomIds, systemClock } from '../service/ports.js';
import { createScreeningService } from '../service/service.js';
import type { ServiceStore } from '../service/store.js';
import type { RateLimiter } from '../service/rate-limit.js';
import type { ListVersionStore } from '../service/list-versions.js';
import { applyAccounts } from './accounts.js';
import type { ServeConfig } from './config.js';
import { createServer, type TamisServer } from './create-server.js';
import { loadLists } from './lists.js';
import { bufferedLog } from './request-log.js';
import { transactionAreaFromConfig, type AreaDatabase } from './v1/config.js';

export interface ServeOverrides {
  host?: string;
  port?: number;
  behindTlsProxy?: boolean;
  /** Fastify logger setting; default: pino at the config's log level, to stdout through a buffer (request-log.ts). */
  logger?: boolean | { level: string };
}

interface OpenedStore {
  store: ServiceStore;
  close: () => void | Promise<void>;
  /** What instances sharing the store share besides it (postgres): the rate limiter and the list versions. */
  shared?: { limiter: RateLimiter; listVersions: ListVersionStore };
  /** The database, for the /v1 area's stores. */
  database: AreaDatabase;
}

async function openStore(config: ServeConfig): Promise<OpenedStore> {
  if (config.store.type === 'memory') return { store: createMemoryStore(), close: () => undefined, database: null };
  if (config.store.type === 'postgres') {
    // Several instances on one database: migrate (once, under an advisory lock), then share the limiter and versions.
    const pg = await import('../postgres/index.js');
    const pool = await pg.connectPostgres({ connectionString: config.store.url, ...(config.store.pool_max ? { max: config.store.pool_max } : {}) });
    try {
      await pg.migrate(pool);
    } catch (e) {
      await pool.end();
      throw e;
    }
    return {
      store: pg.createPostgresStore(pool),
      close: () => pool.end(),
      shared: { limiter: pg.createPostgresRateLimiter(pool), listVersions: pg.createPostgresListVersions(pool) },
      database: { postgres: pool },
    };
  }
  const { openSqliteDatabase } = await import('../sqlite/database.js');
  const { createSqliteStore } = await import('../service/sqlite/index.js');
  const db = await openSqliteDatabase(config.store.path);
  db.pragma('journal_mode = WAL');
  return {
    store: createSqliteStore(db),
    close: () => {
      (db as unknown as { close(): void }).close();
    },
    database: { sqlite: db },
  };
}

export async function serveFromConfig(config: ServeConfig, o: ServeOverrides = {}): Promise<TamisServer> {
  const tls = config.server.tls ? { cert: await readFile(config.server.tls.cert), key: await readFile(config.server.tls.key) } : undefined;
  const lists = await loadLists(config.lists);
  const { store, close, shared, database } = await openStore(config);
  const s = config.service;
  const rateLimit = s.rate_limit === false ? false : { ...(s.rate_limit?.per_minute ? { perMinute: s.rate_limit.per_minute } : {}), ...(s.rate_limit?.sandbox_per_minute ? { sandboxPerMinute: s.rate_limit.sandbox_per_minute } : {}), ...(shared ? { limiter: shared.limiter } : {}) };
  const service = createScreeningService({
    store,
    clock: systemClock(),
    ids: randomIds(),
    screener: lists.screener,
    ...(s.results_cap !== undefined ? { resultsCap: s.results_cap } : {}),
    rateLimit,
    ...(shared ? { listVersions: shared.listVersions } : {}),
    ...(s.share_base_url !== undefined ? { shareBaseUrl: s.share_base_url } : {}),
    ...(s.reference_term_max_length !== undefined ? { referenceTermMaxLength: s.reference_term_max_length } : {}),
    ...(s.details_shape !== undefined ? { detailsShape: s.details_shape } : {}),
    webhookPolicy: { allowHttp: config.webhooks.allow_http ?? false, allowHosts: config.webhooks.allow_hosts ?? [] },
  });
  let applied;
  let transactions;
  try {
    applied = await applyAccounts(service, store, config.accounts);
    // The lists loaded at start are this instance's list version (a new one when they changed since the last start
    // of any instance sharing the store; its re-screening done here when this instance claims it).
    await service.loadListVersion(lists.screener, lists.fingerprint, { description: lists.sources.join(', ') });
    transactions = config.transactions ? await transactionAreaFromConfig(config.transactions, database, () => service.screener) : undefined;
  } catch (e) {
    lists.close?.();
    await close();
    throw e;
  }
  const w = config.webhooks;
  const log = o.logger === undefined ? bufferedLog() : null;
  return createServer({
    service,
    lists: {
      entities: lists.entities,
      sources: lists.sources,
      ...(lists.close ? { close: lists.close } : {}),
      reload: () => loadLists(config.lists),
      ...(shared ? { followIntervalMs: config.lists.follow_interval_ms ?? 10_000 } : config.lists.follow_interval_ms ? { followIntervalMs: config.lists.follow_interval_ms } : {}),
    },
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
    ...(transactions ? { transactions } : {}),
    onClose: async () => {
      await close();
      await log?.flush();
    },
  });
}

