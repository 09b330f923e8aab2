/**
 * Black-box harness of the server tests: a real server on 127.0.0.1 (an ephemeral port), over HTTPS with a
 * certificate made at test time, a client on undici's fetch that trusts it, and every response checked against
 * the server's /openapi.json.
 */
import { generate } from 'selfsigned';
import { Agent, fetch, type FormData } from 'undici';
import { createServer, type ServerOptions, type TamisServer } from '../../src/server/index.js';
import { createMemoryStore, createScreeningService, randomIds, systemClock, type ScreeningService, type ServiceStore } from '../../src/service/index.js';
import { createScreener, type Screener } from '../../src/screening/index.js';
import type { Entity } from '../../src/types/entity.js';
import { readFileSync } from 'node:fs';
import { OpenApiCheck } from './openapi-check.js';

export const ALICE = 'alice-key-0001';
export const BOB = 'bob-key-00002';
export const ADMIN = 'admin-token-0001';

export interface Pems {
  cert: string;
  key: string;
}

/** A self-signed certificate for 127.0.0.1, made now (no key is committed). */
export async function selfSigned(): Promise<Pems> {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  } as never);
  return { cert: pems.cert, key: pems.private };
}

export const sampleEntities = JSON.parse(readFileSync(new URL('../../lists/sample/entities.json', import.meta.url), 'utf8')) as Entity[];

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  json: any;
  bytes: Buffer;
}

export interface Harness {
  server: TamisServer;
  service: ScreeningService;
  url: string;
  /** Calls the server; every response is checked against /openapi.json unless `unchecked`. */
  call(
    method: string,
    path: string,
    o?: { key?: string | null; body?: unknown; raw?: string; form?: FormData; headers?: Record<string, string>; unchecked?: boolean },
  ): Promise<Reply>;
  close(): Promise<void>;
}

/** A service with Alice's and Bob's keys, tags and a profile; over `entities` unless a screener or store is given. */
export async function setupService(
  entities: Entity[] = sampleEntities,
  o: { rateLimit?: number; screener?: Screener; store?: ServiceStore } = {},
): Promise<ScreeningService> {
  const service = createScreeningService({
    store: o.store ?? createMemoryStore(),
    clock: systemClock(),
    ids: randomIds(),
    screener: o.screener ?? createScreener({ entities }),
    webhookPolicy: { allowHttp: true, allowHosts: ['127.0.0.1'] },
    ...(o.rateLimit !== undefined ? { rateLimit: { perMinute: o.rateLimit } } : {}),
  });
  const alice = await service.createUser({ email: 'alice@bank.example', name: 'Alice' });
  const bob = await service.createUser({ email: 'bob@bank.example', name: 'Bob', phone: '+44 20 7946 0000' });
  await service.createApiKey(alice.id, ALICE);
  await service.createApiKey(bob.id, BOB);
  await service.defineTag('branch');
  await service.defineTag('team');
  await service.putSearchProfile({ id: 'p-sanctions', name: 'Sanctions', slug: 'sanctions', types: ['sanction'] });
  return service;
}

export async function startHarness(o: Partial<ServerOptions> & { service?: ScreeningService; plain?: boolean } = {}): Promise<Harness> {
  const service = o.service ?? (await setupService());
  const pems = o.plain ? null : await selfSigned();
  const server = await createServer({
    service,
    port: 0,
    processMetrics: false,
    adminToken: ADMIN,
    ...(pems ? { tls: pems } : {}),
    ...o,
  });
  const url = await server.listen();
  const dispatcher = new Agent({ connect: pems ? { ca: pems.cert } : {} });
  const doc = (await (await fetch(`${url}/openapi.json`, { dispatcher })).json()) as ConstructorParameters<typeof OpenApiCheck>[0];
  const check = new OpenApiCheck(doc);
  return {
    server,
    service,
    url,
    async call(method, path, c = {}) {
      const headers: Record<string, string> = { ...(c.headers ?? {}) };
      const key = c.key === undefined ? ALICE : c.key;
      if (key !== null) headers.authorization = `Token ${key}`;
      let body: string | FormData | undefined;
      if (c.form !== undefined) body = c.form;
      else if (c.raw !== undefined) body = c.raw;
      else if (c.body !== undefined) body = JSON.stringify(c.body);
      if (typeof body === 'string') headers['content-type'] ??= 'application/json';
      const res = await fetch(`${url}${path}`, { method, headers, ...(body !== undefined ? { body } : {}), dispatcher });
      const bytes = Buffer.from(await res.arrayBuffer());
      const text = res.headers.get('content-type')?.includes('pdf') ? '' : bytes.toString('utf8');
      if (!c.unchecked) check.check(method, path, res.status, res.headers.get('content-type'), res.headers.get('content-type')?.includes('pdf') ? 'pdf' : text);
      let json: unknown = undefined;
      try {
        json = text === '' ? undefined : JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status: res.status, headers: res.headers as unknown as Headers, text, json, bytes };
    },
    async close() {
      await server.close();
      await dispatcher.close();
    },
  };
}
