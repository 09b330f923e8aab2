/**
 * Helpers of the several-instances tests: `tamis serve` processes (the built CLI) on one PostgreSQL database, a
 * local webhook receiver, and small HTTP calls.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = new URL('../../', import.meta.url).pathname;
export const CLI = join(ROOT, 'dist/cli/main.js');

export interface Instance {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote on stderr. */
  log(): string;
  stop(): Promise<void>;
}

/** Starts `tamis serve --config FILE` and resolves when it listens (its URL read from "listening on URL"). */
export function serve(configFile: string, env: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, [CLI, 'serve', '--config', configFile], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr?.on('data', (b: Buffer) => (err += b.toString()));
  child.stdout?.on('data', () => undefined);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`tamis serve did not start in time:\n${err}`)), 60_000);
    const check = () => {
      const m = /listening on (\S+)/.exec(err);
      if (!m) return;
      clearTimeout(timer);
      child.stderr?.off('data', check);
      resolve({
        url: m[1] as string,
        child,
        log: () => err,
        async stop() {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    };
    child.stderr?.on('data', check);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`tamis serve exited (${code ?? signal}) before listening:\n${err}`));
    });
  });
}

export interface Receiver {
  url: string;
  /** Delivery ids (Tamis-Delivery-Id) in the order received; repeated ids are repeated deliveries. */
  deliveries: string[];
  close(): Promise<void>;
}

/** A webhook endpoint on loopback answering 200 to every POST. */
export async function receiver(): Promise<Receiver> {
  const deliveries: string[] = [];
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      deliveries.push(String(req.headers['tamis-delivery-id']));
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    deliveries,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A config file of two api keys (one limited to `limited` calls a minute), tags t0..t19 and one webhook URL. */
export function configFile(databaseUrl: string, webhookUrl: string, limited: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'tamis-instances-'));
  const file = join(dir, 'tamis.yaml');
  const tags = Array.from({ length: 20 }, (_, i) => `t${i}`).join(', ');
  writeFileSync(
    file,
    `server: { host: 127.0.0.1, port: 0, log_level: silent }
lists:
  sources: [{ file: ${join(ROOT, 'lists/sample/entities.json')} }]
  follow_interval_ms: 200
store: { type: postgres, url: "${databaseUrl}", pool_max: 6 }
webhooks: { worker: true, interval_ms: 100, allow_http: true, allow_hosts: [127.0.0.1] }
accounts:
  - name: bank
    tags: [${tags}]
    webhook_secret: a-webhook-secret-for-tests
    webhooks: [{ url: "${webhookUrl}" }]
    users:
      - email: ana@bank.example
        name: Ana
        api_keys: [{ name: ana }, { name: limited, rate_limit: ${limited} }]
`,
  );
  return file;
}

export const KEYS = { TAMIS_API_KEY_ANA: 'ana-secret-key-1', TAMIS_API_KEY_LIMITED: 'limited-secret-key-1' };

export async function call(base: string, method: string, path: string, body?: unknown, key = KEYS.TAMIS_API_KEY_ANA): Promise<{ status: number; json: any }> {
  const r = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Token ${key}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await r.text();
  return { status: r.status, json: text ? (JSON.parse(text) as unknown) : null };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `cond()` holds (or `timeoutMs` passes); answers whether it held. */
export async function until(cond: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await cond()) return true;
    await sleep(50);
  }
  return cond();
}
