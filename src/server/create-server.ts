/**
 * `createServer(options)`: the search API of search-api.md over HTTP(S) with Fastify, around a screening service
 * the host built. The CLI (`tamis serve`) builds the service from a config file and calls this; hosts that embed
 * the server call it with their own service.
 */
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Screener } from '../screening/types.js';
import { SEARCH_ROUTES } from '../service/routes.js';
import { ServedLists } from './served-lists.js';
import type { RescreenReport, ScreeningService } from '../service/service.js';
import { AnswerJson } from './answer-json.js';
import { failure, send } from './envelope.js';
import { ServerMetrics } from './metrics.js';
import { buildOpenApi } from './openapi.js';
import { OPERATIONS, registerOperations, type ListState, type ReloadReport } from './operations.js';
import { hasDefaultFormat } from './request-line.js';
import { OneLinePerRequest } from './request-log.js';
import { requestSchemas } from './schemas/requests.js';
import { InvalidJson, registerSearchRoutes } from './search-routes.js';
import { chooseTransport, type Transport } from './tls.js';
import type { TransactionArea } from './v1/area.js';
import { addV1ToOpenApi, registerV1 } from './v1/index.js';
import { WebhookWorker, type WebhookWorkerOptions } from './webhook-worker.js';

/** A load of the lists: its screener, what it holds, and how to release what it reads (a snapshot's open file). */
export interface LoadedScreener {
  screener: Screener;
  entities: number;
  sources: string[];
  /** A hash of what was read: the load is then a list version of the service (`loadListVersion`). */
  fingerprint?: string;
  /**
   * Releases what the screener reads (loadLists: the open file of a binary snapshot). The server calls it once the
   * screener is replaced and the searches in flight on it have finished, at once for a load it never served, and
   * on shutdown.
   */
  close?: () => void;
}

export interface ServerLists {
  /** What is loaded now. */
  entities: number;
  sources: string[];
  /** Releases what the service's screener reads (see LoadedScreener.close). */
  close?: () => void;
  /**
   * Loads the lists again (reload): the new screener replaces the current one. With a `fingerprint` (a hash of
   * what was read) the load is a list version of the service (`loadListVersion`): recorded when new, re-screened by
   * the one instance that claims it.
   */
  reload?: () => Promise<LoadedScreener>;
  /**
   * Instances sharing a store: check every this many ms for a list version recorded by another instance, and load
   * the lists again to serve it (kept only when they are that version). Off when absent.
   */
  followIntervalMs?: number;
}

export interface ServerOptions {
  service: ScreeningService;
  /** The loaded lists and how to load them again; without `reload`, reload answers 404. */
  lists?: ServerLists;
  /** Listen address (default 127.0.0.1) and port (default 8443 with TLS, 8080 without; 0: any free port). */
  host?: string;
  port?: number;
  /** Certificate and key (PEM text or buffers); required unless behind a TLS proxy or on loopback. */
  tls?: { cert: string | Buffer; key: string | Buffer };
  /** Plain HTTP because a TLS-terminating proxy sits in front: requests it marks `X-Forwarded-Proto: http` are refused. */
  behindTlsProxy?: boolean;
  /** Fastify's logger (pino): `true`, options, or false (default false). */
  logger?: FastifyServerOptions['logger'];
  /** Longest payment reference of POST /searches/references (255, or 290), as the service is configured. */
  referenceTermMaxLength?: number;
  /** Token of POST /admin/reload (`Authorization: Token <ADMIN_TOKEN>`); absent: the call answers 404. */
  adminToken?: string;
  /** When set, /metrics needs `Authorization: Token <METRICS_TOKEN>`. */
  metricsToken?: string;
  /** Node process metrics in /metrics (default true). */
  processMetrics?: boolean;
  /** The webhook worker (default on); false: the host drains the outbox itself. */
  webhooks?: WebhookWorkerOptions | false;
  /** When given, only these api keys reach the service; others answer 401 (the config file's keys). */
  acceptsKey?: (key: string) => boolean;
  /** Called last on close (e.g. to close the database). */
  onClose?: () => Promise<void> | void;
  /** Longest request body (default 1 MiB). */
  bodyLimit?: number;
  /** The transaction, case, audit, bulk and token area under /v1 (createTransactionArea); absent: /v1 answers 404. */
  transactions?: TransactionArea;
}

export interface TamisServer {
  readonly app: FastifyInstance;
  readonly metrics: ServerMetrics;
  readonly transport: Transport;
  readonly webhooks: WebhookWorker | null;
  /** Starts listening; resolves to the base URL (e.g. `https://127.0.0.1:8443`). */
  listen(): Promise<string>;
  /** Loads the lists again, re-screens monitored searches and wakes the webhook worker. */
  reload(): Promise<ReloadReport>;
  /** Stops taking requests, finishes those in flight, stops the webhook worker, then `onClose`. */
  close(): Promise<void>;
  /** The OpenAPI 3.1 document served at /openapi.json. */
  readonly openapi: Record<string, unknown>;
  lists(): ListState;
}

const PACKAGE_VERSION = (() => {
  try {
    return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
})();

export async function createServer(options: ServerOptions): Promise<TamisServer> {
  const host = options.host ?? '127.0.0.1';
  const transport = chooseTransport({ host, tls: options.tls, behindTlsProxy: options.behindTlsProxy });
  const metrics = new ServerMetrics({ processMetrics: options.processMetrics ?? true });
  const countRequest = (req: FastifyRequest, reply: FastifyReply) =>
    metrics.countRequest(req.method, req.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
  // With a logger, Fastify calls the log controller at the end of every request: the metrics are counted there, and
  // no onResponse hook runs per request. Without one (no controller call), the hook counts them.
  const logs = Boolean(options.logger);
  const app: FastifyInstance = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    trustProxy: options.behindTlsProxy === true,
    forceCloseConnections: 'idle',
    logController: new OneLinePerRequest(logs ? countRequest : undefined, hasDefaultFormat(options.logger)),
    return503OnClosing: true,
    ...(transport.kind === 'https' ? { https: { cert: transport.cert, key: transport.key } } : {}),
  }) as unknown as FastifyInstance;
  const answerJson = new AnswerJson();
  const schemas = requestSchemas({ referenceTermMaxLength: options.referenceTermMaxLength ?? 255 });
  const openapi = buildOpenApi({ routes: SEARCH_ROUTES, schemas, operations: OPERATIONS, version: PACKAGE_VERSION });
  if (options.transactions) addV1ToOpenApi(openapi);

  let lists: ListState = {
    version: options.service.listVersion?.version ?? 1,
    entities: options.lists?.entities ?? options.service.screener.size,
    sources: options.lists?.sources ?? [],
    loaded_at: new Date().toISOString(),
  };
  const showLists = () => {
    metrics.listVersion.set(lists.version);
    metrics.listEntities.set(lists.entities);
    metrics.listLoadedAt.set(Date.parse(lists.loaded_at) / 1000);
  };
  showLists();
  let closing = false;

  const webhooks =
    options.webhooks === false
      ? null
      : new WebhookWorker(options.service, {
          ...options.webhooks,
          onPass: (report, backlog) => {
            metrics.webhookDeliveries.inc({ outcome: 'delivered' }, report.delivered.length);
            metrics.webhookDeliveries.inc({ outcome: 'failed' }, report.failed.length);
            metrics.webhookBacklog.set(backlog);
            options.webhooks && options.webhooks.onPass?.(report, backlog);
          },
          onError: (e) => app.log.error({ err: e }, 'webhook delivery pass failed'),
        });

  const served = new ServedLists(options.service, options.lists?.close, (e) => app.log.warn({ err: e }, 'closing replaced lists failed'));
  let reloading: Promise<ReloadReport> | null = null;
  /** `follow`: a reload to serve the version another instance recorded (never records one of its own). */
  const reloadOnce = async (follow = false): Promise<ReloadReport> => {
    const load = options.lists?.reload;
    if (!load) throw new Error('the lists cannot be reloaded (no list sources)');
    const started = performance.now();
    try {
      const loaded = await load();
      const before = options.service.screener;
      try {
        return await swapIn(loaded, follow, started);
      } finally {
        served.settle(loaded, before);
      }
    } catch (e) {
      metrics.reloads.inc({ outcome: 'failed' });
      throw e;
    }
  };
  /** Makes a load the service's screener (re-screening as its list version asks) and reports the reload. */
  const swapIn = async (loaded: LoadedScreener, follow: boolean, started: number): Promise<ReloadReport> => {
    let report: RescreenReport | null;
    let version = lists.version + 1;
    if (loaded.fingerprint !== undefined) {
      if (follow) {
        const current = await options.service.currentListVersion();
        if (current && current.fingerprint !== loaded.fingerprint) {
          app.log.warn({ current: current.version }, 'the lists read here are not the current list version of the store; kept the loaded version');
          throw new Error('the lists read here are not the current list version');
        }
      }
      const v = await options.service.loadListVersion(loaded.screener, loaded.fingerprint, { description: loaded.sources.join(', ') });
      report = v.rescreen;
      version = v.version.version;
    } else {
      report = await options.service.rescreenMonitored(loaded.screener);
    }
    // The kept JSON of the hits' docs is of the lists before: dropped (answer-json.ts).
    answerJson.clear();
    lists = { version, entities: loaded.entities, sources: loaded.sources, loaded_at: new Date().toISOString() };
    showLists();
    metrics.reloads.inc({ outcome: 'ok' });
    webhooks?.wake();
    const out: ReloadReport = {
      ...lists,
      rescreened: report?.rescreened ?? 0,
      changed: report?.changed ?? [],
      suspended: report?.suspended ?? [],
      failed: (report?.failed ?? []).map((f) => ({ search_id: f.search_id, error: { code: f.error.code, message: f.error.message } })),
      duration_ms: Math.round(performance.now() - started),
    };
    app.log.info({ lists: lists.version, entities: lists.entities, changed: out.changed.length, ms: out.duration_ms }, 'lists reloaded');
    return out;
  };
  /** One reload at a time: a call during a reload waits for it and gets its report. */
  const reload = (follow = false): Promise<ReloadReport> => {
    reloading ??= reloadOnce(follow).finally(() => {
      reloading = null;
    });
    return reloading;
  };

  // Follow the list version other instances record (a shared store): poll, and load the lists again when it moved.
  let follower: NodeJS.Timeout | null = null;
  const follow = async () => {
    const current = await options.service.currentListVersion();
    if (current && current.version > lists.version && !closing) await reload(true);
  };
  const startFollowing = () => {
    const every = options.lists?.followIntervalMs;
    if (!every || !options.lists?.reload || follower) return;
    follower = setInterval(() => {
      follow().catch((e) => app.log.warn({ err: e }, 'following the list version failed'));
    }, every);
    follower.unref();
  };

  // JSON bodies: Fastify's own parser (prototype-poisoning checks); an invalid body is kept as text (InvalidJson).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  // A body without `__proto__` or `constructor` cannot poison a prototype: plain JSON.parse (the fast path).
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, text, done) => {
    const body = String(text);
    if (body.trim() === '') return done(null, undefined);
    if (!body.includes('__proto__') && !body.includes('constructor')) {
      try {
        return done(null, JSON.parse(body) as unknown);
      } catch {
        return done(null, new InvalidJson(body));
      }
    }
    parseJson(req, body, (err, value) => (err ? done(null, new InvalidJson(body)) : done(null, value)));
  });

  if (options.behindTlsProxy) {
    app.addHook('onRequest', (req, reply, done) => {
      if (String(req.headers['x-forwarded-proto'] ?? '').split(',')[0]?.trim().toLowerCase() === 'http') {
        send(reply, failure(403, 'forbidden: plain HTTP calls fail; call over HTTPS'));
        return;
      }
      done();
    });
  }
  if (!logs) {
    app.addHook('onResponse', (req, reply, done) => {
      countRequest(req, reply);
      done();
    });
  }
  app.setNotFoundHandler(async (req, reply) => send(reply, failure(404, `not found: ${req.method} ${req.url.split('?')[0]}`)));
  app.setErrorHandler(async (err: { statusCode?: number; message: string; code?: string }, req, reply) => {
    const status = typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
    if (status >= 500) req.log.error({ err }, 'request failed');
    return send(reply, failure(status, status >= 500 ? 'internal error' : `invalid input: ${err.message}`));
  });

  registerSearchRoutes(app, { service: options.service, schemas, metrics, answerJson, ...(options.acceptsKey ? { acceptsKey: options.acceptsKey } : {}) });
  if (options.transactions) await registerV1(app, options.transactions, metrics.registry);
  registerOperations(app, {
    metrics,
    openapi: () => openapi,
    lists: () => lists,
    ready: () => !closing,
    reload: options.lists?.reload ? () => reload() : null,
    adminToken: options.adminToken,
    metricsToken: options.metricsToken,
  });

  let closed: Promise<void> | null = null;
  const server: TamisServer = {
    app,
    metrics,
    transport,
    webhooks,
    openapi,
    lists: () => lists,
    async listen() {
      const port = options.port ?? (transport.kind === 'https' ? 8443 : 8080);
      await app.listen({ host, port });
      webhooks?.start();
      startFollowing();
      const addr = app.server.address();
      const bound = typeof addr === 'object' && addr !== null ? addr.port : port;
      const h = host.includes(':') ? `[${host}]` : host;
      return `${transport.kind}://${h}:${bound}`;
    },
    reload: () => reload(),
    close() {
      closed ??= (async () => {
        closing = true;
        if (follower) clearInterval(follower);
        // Keep-alive connections whose requests finished would hold the close back: end them as they go idle.
        const idle = setInterval(() => app.server.closeIdleConnections?.(), 25);
        try {
          await app.close();
        } finally {
          clearInterval(idle);
        }
        await webhooks?.stop();
        await options.transactions?.close();
        await reloading?.catch(() => undefined);
        served.closeAll();
        await options.onClose?.();
      })();
      return closed;
    },
  };
  return server;
}
