/**
 * The server's config file (YAML or JSON): listen address and TLS, lists, store, service limits, webhooks, admin
 * and metrics tokens, and the accounts with their users, api keys, tag definitions, search profiles and webhook
 * URLs. Validated against CONFIG_SCHEMA with every error listed by path; secrets can come from the environment
 * (`TAMIS_API_KEY_<NAME>`, `TAMIS_ADMIN_TOKEN`, `TAMIS_METRICS_TOKEN`, `TAMIS_WEBHOOK_SECRET_<ACCOUNT>`).
 * Relative paths are read from the config file's folder. See docs/server.md.
 */
import { dirname, isAbsolute, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { ListSource, ListsConfig } from './lists.js';
import { finishTransactionsConfig, TRANSACTIONS_CONFIG_SCHEMA, type TransactionsConfig } from './v1/config.js';
import { createAjv } from './validation.js';

export interface ApiKeyConfig {
  /** Names the key in logs and in its environment variable `TAMIS_API_KEY_<NAME>`. */
  name: string;
  key?: string;
  sandbox?: boolean;
  rate_limit?: number;
}

export interface UserConfig {
  id?: number;
  email: string;
  name: string;
  phone?: string | null;
  active?: boolean;
  api_keys?: ApiKeyConfig[];
}

export interface AccountConfig {
  /** Default: the account of the store with this name, else the next free id. */
  id?: number;
  name: string;
  users: UserConfig[];
  tags?: string[];
  search_profiles?: { id: string; name: string; slug: string; types: string[] }[];
  webhooks?: { url: string; secret?: string }[];
  webhook_secret?: string;
  /** Ids of the internal lists (lists.internal) this account's searches match. */
  internal_lists?: string[];
}

export interface ServeConfig {
  server: {
    host: string;
    port?: number;
    tls?: { cert: string; key: string };
    behind_tls_proxy: boolean;
    log_level: string;
    body_limit?: number;
  };
  lists: ListsConfig;
  /**
   * `postgres`: several instances share one database (url, or TAMIS_DATABASE_URL; pool_max connections each); the
   * schema is migrated at start, the rate limit and the list version are shared.
   */
  store: { type: 'memory' } | { type: 'sqlite'; path: string } | { type: 'postgres'; url?: string; pool_max?: number };
  service: {
    results_cap?: number;
    rate_limit?: { per_minute?: number; sandbox_per_minute?: number } | false;
    share_base_url?: string;
    reference_term_max_length?: 255 | 290;
    details_shape?: 'list' | 'keyed';
  };
  webhooks: {
    worker: boolean;
    interval_ms?: number;
    timeout_ms?: number;
    max_attempts?: number;
    redeliver_after_ms?: number;
    concurrency?: number;
    /** The URL policy: plain http allowed, and hosts or ranges allowed though private or loopback. */
    allow_http?: boolean;
    allow_hosts?: string[];
  };
  admin: { token?: string };
  metrics: { token?: string; process?: boolean };
  accounts: AccountConfig[];
  /** The /v1 area (transactions, cases, audit, batches, tokens); absent: /v1 answers 404. See v1/config.ts. */
  transactions?: TransactionsConfig;
}

export class ConfigError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`${file}: invalid config:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const str = { type: 'string', minLength: 1 };
const path = { type: 'string', minLength: 1 };
const posInt = { type: 'integer', minimum: 1 };
const closed = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required, additionalProperties: false });
const source = (key: string) => closed({ [key]: path }, [key]);
const secretName = { type: 'string', pattern: '^[A-Za-z0-9_-]+$' };

export const CONFIG_SCHEMA = closed(
  {
    server: closed({
      host: str,
      port: { type: 'integer', minimum: 0, maximum: 65535 },
      tls: closed({ cert: path, key: path }, ['cert', 'key']),
      behind_tls_proxy: { type: 'boolean' },
      log_level: { enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] },
      body_limit: posInt,
    }),
    lists: closed(
      {
        sources: { type: 'array', minItems: 1, items: { oneOf: ['file', 'snapshot', 'ofac', 'un', 'ftm', 'csv'].map(source) } },
        internal: { type: 'array', items: closed({ id: str, file: path }, ['id', 'file']) },
        skip_invalid: { type: 'boolean' },
        follow_interval_ms: posInt,
        // Accepted and ignored since a replaced snapshot is closed when its searches end (docs/server.md): a config
        // written for an earlier release still starts.
        close_replaced_after_ms: posInt,
      },
      ['sources'],
    ),
    store: {
      oneOf: [
        closed({ type: { const: 'memory' } }, ['type']),
        closed({ type: { const: 'sqlite' }, path }, ['type', 'path']),
        closed({ type: { const: 'postgres' }, url: str, pool_max: posInt }, ['type']),
      ],
    },
    service: closed({
      results_cap: { type: 'integer', minimum: 1, maximum: 500 },
      rate_limit: { oneOf: [{ const: false }, closed({ per_minute: posInt, sandbox_per_minute: posInt })] },
      share_base_url: str,
      reference_term_max_length: { enum: [255, 290] },
      details_shape: { enum: ['list', 'keyed'] },
    }),
    webhooks: closed({
      worker: { type: 'boolean' },
      interval_ms: posInt,
      timeout_ms: posInt,
      max_attempts: posInt,
      redeliver_after_ms: posInt,
      concurrency: posInt,
      allow_http: { type: 'boolean' },
      allow_hosts: { type: 'array', items: str },
    }),
    admin: closed({ token: { type: 'string', minLength: 16 } }),
    transactions: TRANSACTIONS_CONFIG_SCHEMA,
    metrics: closed({ token: { type: 'string', minLength: 16 }, process: { type: 'boolean' } }),
    accounts: {
      type: 'array',
      minItems: 1,
      items: closed(
        {
          id: posInt,
          name: secretName,
          users: {
            type: 'array',
            minItems: 1,
            items: closed(
              {
                id: posInt,
                email: str,
                name: str,
                phone: { type: ['string', 'null'] },
                active: { type: 'boolean' },
                api_keys: {
                  type: 'array',
                  items: closed({ name: secretName, key: { type: 'string', minLength: 8 }, sandbox: { type: 'boolean' }, rate_limit: posInt }, ['name']),
                },
              },
              ['email', 'name'],
            ),
          },
          tags: { type: 'array', items: { type: 'string', pattern: '^[^,:]+$' } },
          search_profiles: {
            type: 'array',
            items: closed({ id: str, name: str, slug: str, types: { type: 'array', items: { type: 'string' } } }, ['id', 'name', 'slug', 'types']),
          },
          webhooks: { type: 'array', items: closed({ url: { type: 'string', pattern: '^https?://' }, secret: str }, ['url']) },
          webhook_secret: str,
          internal_lists: { type: 'array', items: str },
        },
        ['name', 'users'],
      ),
    },
  },
  ['lists', 'accounts'],
);

const envName = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, '_');
/** The environment variable that holds the key of the api key named `name`. */
export const apiKeyVariable = (name: string) => `TAMIS_API_KEY_${envName(name)}`;
export const webhookSecretVariable = (account: string) => `TAMIS_WEBHOOK_SECRET_${envName(account)}`;

function resolvePaths(c: ServeConfig, base: string): void {
  const abs = (p: string) => (isAbsolute(p) ? p : resolve(base, p));
  if (c.server.tls) c.server.tls = { cert: abs(c.server.tls.cert), key: abs(c.server.tls.key) };
  c.lists.sources = c.lists.sources.map((s) => Object.fromEntries(Object.entries(s).map(([k, v]) => [k, abs(v as string)])) as ListSource);
  c.lists.internal = (c.lists.internal ?? []).map((l) => ({ id: l.id, file: abs(l.file) }));
  if (c.store.type === 'sqlite') c.store = { type: 'sqlite', path: abs(c.store.path) };
}

/** Cross-field rules and environment overrides; returns the problems found. */
function finish(c: ServeConfig, env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  const keyNames = new Set<string>();
  const keys = new Set<string>();
  const userIds = new Set<number>();
  const emails = new Set<string>();
  const internalIds = new Set((c.lists.internal ?? []).map((l) => l.id));
  if (env.TAMIS_ADMIN_TOKEN) c.admin.token = env.TAMIS_ADMIN_TOKEN;
  if (env.TAMIS_METRICS_TOKEN) c.metrics.token = env.TAMIS_METRICS_TOKEN;
  if (c.store.type === 'postgres') {
    if (env.TAMIS_DATABASE_URL) c.store.url = env.TAMIS_DATABASE_URL;
    if (!c.store.url) problems.push('store: a postgres store needs url (or TAMIS_DATABASE_URL)');
  }
  const names = new Set<string>();
  c.accounts.forEach((a, ai) => {
    if (names.has(a.name)) problems.push(`accounts/${ai}/name: another account is named ${a.name}`);
    names.add(a.name);
    const secret = env[webhookSecretVariable(a.name)];
    if (secret) a.webhook_secret = secret;
    (a.webhooks ?? []).forEach((w, wi) => {
      if (w.secret === undefined && a.webhook_secret === undefined) {
        problems.push(`accounts/${ai}/webhooks/${wi}: ${w.url} needs a signing secret: webhook_secret (or ${webhookSecretVariable(a.name)}), or secret`);
      }
    });
    for (const id of a.internal_lists ?? []) {
      if (!internalIds.has(id)) problems.push(`accounts/${ai}/internal_lists: ${id} is not a list of lists.internal`);
    }
    a.users.forEach((u, ui) => {
      if (u.id !== undefined) {
        if (userIds.has(u.id)) problems.push(`accounts/${ai}/users/${ui}/id: user id ${u.id} is given twice`);
        userIds.add(u.id);
      }
      if (emails.has(u.email.toLowerCase())) problems.push(`accounts/${ai}/users/${ui}/email: ${u.email} is given twice`);
      emails.add(u.email.toLowerCase());
      (u.api_keys ?? []).forEach((k, ki) => {
        const at = `accounts/${ai}/users/${ui}/api_keys/${ki}`;
        const variable = apiKeyVariable(k.name);
        if (keyNames.has(variable)) problems.push(`${at}/name: another api key is named ${k.name} (${variable})`);
        keyNames.add(variable);
        const fromEnv = env[variable];
        if (fromEnv !== undefined && fromEnv !== '') k.key = fromEnv;
        if (k.key === undefined) problems.push(`${at}: api key ${k.name} has no key: set ${variable} (or key: in the file)`);
        else if (k.key.length < 8) problems.push(`${at}: api key ${k.name} must have at least 8 characters`);
        else if (keys.has(k.key)) problems.push(`${at}: the key of ${k.name} is also another api key's`);
        else keys.add(k.key);
      });
    });
  });
  return problems;
}

/** Reads config text (YAML, of which JSON is a part); `file` names it in errors and anchors relative paths. */
export function parseConfig(text: string, file: string, env: Record<string, string | undefined> = {}): ServeConfig {
  let raw: unknown;
  try {
    raw = parseYaml(text, { prettyErrors: true });
  } catch (e) {
    throw new ConfigError(file, [(e as Error).message.split('\n')[0] as string]);
  }
  const validate = createAjv().compile(CONFIG_SCHEMA);
  if (!validate(raw)) {
    const problems = (validate.errors ?? [])
      .filter((e) => e.keyword !== 'oneOf' || (validate.errors ?? []).length === 1)
      .map((e) => {
        const where = e.instancePath === '' ? '(top level)' : e.instancePath.slice(1);
        const extra = e.keyword === 'additionalProperties' ? `: ${(e.params as { additionalProperty: string }).additionalProperty}` : '';
        return `${where}: ${e.message ?? 'is invalid'}${extra}`;
      });
    throw new ConfigError(file, [...new Set(problems)]);
  }
  const r = raw as Partial<ServeConfig> & Pick<ServeConfig, 'lists' | 'accounts'>;
  const config: ServeConfig = {
    server: { host: '127.0.0.1', behind_tls_proxy: false, log_level: 'info', ...r.server },
    lists: r.lists,
    store: r.store ?? { type: 'memory' },
    service: { ...r.service },
    webhooks: { worker: true, ...r.webhooks },
    admin: { ...r.admin },
    metrics: { ...r.metrics },
    accounts: r.accounts,
    ...(r.transactions ? { transactions: r.transactions } : {}),
  };
  resolvePaths(config, dirname(resolve(file)));
  const problems = finish(config, env);
  if (config.transactions) problems.push(...finishTransactionsConfig(config.transactions, dirname(resolve(file)), env));
  if (problems.length > 0) throw new ConfigError(file, problems);
  return config;
}
