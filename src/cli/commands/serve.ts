/**
 * `tamis serve --config FILE`: the search API over HTTPS (docs/server.md). SIGHUP reloads the lists; SIGTERM and
 * SIGINT stop it gracefully (requests in flight finish). `--check` validates the config and exits.
 */
import { createRequire } from 'node:module';
import { EXIT, type CliCommand } from '../command.js';

export const serveCommand: CliCommand = {
  name: 'serve',
  summary: 'serve the search API of search-api.md over HTTPS, from a config file',
  usage: '--config FILE [--host H] [--port P] [--behind-tls-proxy] [--check]',
  options: {
    config: { type: 'string', short: 'c', value: 'FILE', description: 'the server config (YAML or JSON; docs/server.md)' },
    host: { type: 'string', value: 'H', description: "listen address (default: the config's, else 127.0.0.1)" },
    port: { type: 'string', value: 'P', description: "listen port (default: the config's, else 8443 with TLS, 8080 without)" },
    'behind-tls-proxy': { type: 'boolean', description: 'serve plain HTTP because a TLS-terminating proxy sits in front' },
    check: { type: 'boolean', description: 'validate the config (and the secrets it takes from the environment), then exit' },
  },
  details:
    'Secrets come from the environment: TAMIS_API_KEY_<NAME>, TAMIS_ADMIN_TOKEN, TAMIS_METRICS_TOKEN, ' +
    'TAMIS_WEBHOOK_SECRET_<ACCOUNT>. Signals: SIGHUP reloads the lists, SIGTERM and SIGINT stop gracefully.\n' +
    'Exit status: 0 stopped (or the config is valid), 2 usage error, invalid config or start failure.',

  async run(ctx) {
    const { config: file, host, check } = ctx.values;
    if (ctx.args.length > 0) return ctx.fail('invalid_argument', `unexpected argument "${ctx.args[0]}"`);
    if (typeof file !== 'string') return ctx.fail('missing_option', '--config FILE is required');
    const port = typeof ctx.values.port === 'string' ? Number(ctx.values.port) : undefined;
    if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65535)) return ctx.fail('invalid_option', '--port must be a port number');
    const { MissingPeerDependencyError, requirePeers, SERVER_PEERS } = await import('../../peer.js');
    try {
      requirePeers(SERVER_PEERS, 'tamis serve', createRequire(import.meta.url).resolve);
    } catch (error) {
      if (error instanceof MissingPeerDependencyError) return ctx.fail(error.code, error.message);
      throw error;
    }
    const { parseConfig, ConfigError } = await import('../../server/config.js');
    let config;
    try {
      config = parseConfig(ctx.io.readFile(file), file, ctx.io.env);
    } catch (error) {
      if (error instanceof ConfigError) return ctx.fail('invalid_config', `${file}: ${error.problems.join('; ')}`);
      return ctx.fail('file_unreadable', `cannot read ${file}: ${(error as Error).message}`);
    }
    if (check === true) {
      ctx.io.stdout(`${file}: valid (${config.lists.sources.length} list source(s), ${config.accounts.length} account(s))\n`);
      return EXIT.ok;
    }
    const { serveFromConfig } = await import('../../server/serve.js');
    let server;
    try {
      server = await serveFromConfig(config, {
        ...(typeof host === 'string' ? { host } : {}),
        ...(port !== undefined ? { port } : {}),
        ...(ctx.values['behind-tls-proxy'] === true ? { behindTlsProxy: true } : {}),
      });
    } catch (error) {
      return ctx.fail('start_failed', (error as Error).message);
    }
    const url = await server.listen();
    ctx.io.stderr(`tamis serve: listening on ${url} (${server.lists().entities} entities)\n`);
    const onSignal = ctx.io.onSignal ?? (() => undefined);
    return new Promise<number>((resolve) => {
      const stop = () => {
        ctx.io.stderr('tamis serve: stopping (finishing requests in flight)\n');
        server.close().then(
          () => resolve(EXIT.ok),
          (e: Error) => resolve(ctx.fail('stop_failed', e.message)),
        );
      };
      onSignal('SIGTERM', stop);
      onSignal('SIGINT', stop);
      onSignal('SIGHUP', () => {
        server.reload().then(
          (r) => ctx.io.stderr(`tamis serve: lists reloaded (version ${r.version}, ${r.entities} entities, ${r.changed.length} monitored search(es) changed)\n`),
          (e: Error) => ctx.io.stderr(`tamis serve: reload failed, the lists in use are unchanged: ${e.message}\n`),
        );
      });
    });
  },
};
