/**
 * `tamis serve --config FILE [--host H] [--port P] [--behind-tls-proxy] [--check]`: the search API over HTTPS
 * (docs/server.md). SIGHUP reloads the lists; SIGTERM and SIGINT stop it gracefully (in-flight requests finish).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { CliIo } from './screen.js';

export const SERVE_USAGE = `Usage: tamis serve --config FILE [options]
  --config FILE        the server config (YAML or JSON; docs/server.md)
  --host H             listen address (default: the config's, else 127.0.0.1)
  --port P             listen port (default: the config's, else 8443 with TLS, 8080 without)
  --behind-tls-proxy   serve plain HTTP because a TLS-terminating proxy sits in front
  --check              validate the config (and the secrets it takes from the environment), then exit`;

export interface ServeProcess {
  env: Record<string, string | undefined>;
  /** Registers a signal handler (process.on in the real command). */
  onSignal(signal: 'SIGHUP' | 'SIGTERM' | 'SIGINT', handler: () => void): void;
}

export async function runServe(argv: string[], io: CliIo, proc: ServeProcess): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        config: { type: 'string' },
        host: { type: 'string' },
        port: { type: 'string' },
        'behind-tls-proxy': { type: 'boolean' },
        check: { type: 'boolean' },
      },
    }));
  } catch (error) {
    io.stderr(`tamis serve: ${(error as Error).message}\n${SERVE_USAGE}\n`);
    return 2;
  }
  if (values.config === undefined) {
    io.stderr(`tamis serve: --config is required\n${SERVE_USAGE}\n`);
    return 2;
  }
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65535)) {
    io.stderr(`tamis serve: --port must be a port number\n`);
    return 2;
  }
  const { parseConfig, ConfigError } = await import('../server/config.js');
  let config;
  try {
    config = parseConfig(readFileSync(values.config, 'utf8'), values.config, proc.env);
  } catch (error) {
    io.stderr(`tamis serve: ${error instanceof ConfigError ? error.message : `cannot read ${values.config}: ${(error as Error).message}`}\n`);
    return 1;
  }
  if (values.check === true) {
    io.stdout(`${values.config}: valid (${config.lists.sources.length} list source(s), ${config.accounts.length} account(s))\n`);
    return 0;
  }
  const { serveFromConfig } = await import('../server/serve.js');
  let server;
  try {
    server = await serveFromConfig(config, {
      ...(values.host !== undefined ? { host: values.host } : {}),
      ...(port !== undefined ? { port } : {}),
      ...(values['behind-tls-proxy'] === true ? { behindTlsProxy: true } : {}),
    });
  } catch (error) {
    io.stderr(`tamis serve: ${(error as Error).message}\n`);
    return 1;
  }
  const url = await server.listen();
  io.stderr(`tamis serve: listening on ${url} (${server.lists().entities} entities)\n`);
  return new Promise<number>((resolve) => {
    const stop = () => {
      io.stderr('tamis serve: stopping (finishing requests in flight)\n');
      server.close().then(
        () => resolve(0),
        () => resolve(1),
      );
    };
    proc.onSignal('SIGTERM', stop);
    proc.onSignal('SIGINT', stop);
    proc.onSignal('SIGHUP', () => {
      server.reload().then(
        (r) => io.stderr(`tamis serve: lists reloaded (version ${r.version}, ${r.entities} entities, ${r.changed.length} monitored search(es) changed)\n`),
        (e: Error) => io.stderr(`tamis serve: reload failed, the lists in use are unchanged: ${e.message}\n`),
      );
    });
  });
}

