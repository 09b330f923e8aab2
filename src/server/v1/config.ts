/**
 * The `transactions` section of the server's config file: the realm and account of the /v1 area, the token
 * secret, the API users, the scenario set, case stages and batch limits. Secrets come from the environment:
 * `TAMIS_TOKEN_SECRET`, and `TAMIS_API_PASSWORD_<NAME>` for a user without `password_hash`. Validated with the
 * rest of the file (CONFIG_SCHEMA); `transactionAreaFromConfig` builds the area with the config's store.
 */
import { readFile } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { CASE_TYPES } from '../../cases/enums.js';
import type { Screener } from '../../screening/types.js';
import type { PgPool } from '../../postgres/pool.js';
import type { SqliteDatabase } from '../../sqlite/database.js';
import { HOSTED_SCENARIO_LIBRARY } from '../../transactions/hosted/library.js';
import { COUNTERPARTY_SCREENING_SCENARIO, SCENARIO_LIBRARY } from '../../transactions/library.js';
import type { ScenarioLiteral } from '../../transactions/scenario-types.js';
import { createTransactionArea, type TransactionArea } from './area.js';
import { stableUuid } from './customers.js';
import { memoryTransactionAreaStores, postgresTransactionAreaStores, sqliteTransactionAreaStores } from './stores.js';

/** The database of the config's store (null: memory), where the area keeps its own stores too. */
export type AreaDatabase = { sqlite: SqliteDatabase } | { postgres: PgPool } | null;

export interface TransactionsConfig {
  /** The realm token requests name (case-sensitive). */
  realm: string;
  /** UUID of the account; default derived from the realm. */
  account_identifier?: string;
  token: { secret?: string; ttl_seconds?: number; max_failures?: number; failure_window_seconds?: number };
  users: { name: string; username: string; identifier?: string; password_hash?: string; password?: string; disabled?: boolean }[];
  scenarios: {
    /** The bundled tamis scenario library (default true). */
    library?: boolean;
    /** The counterparty screening scenario, against the loaded lists (default false). */
    counterparty_screening?: boolean;
    /** The bundled hosted-language examples (default false). */
    hosted_library?: boolean;
    /** Files of tamis definitions or hosted documents (JSON or YAML; one scenario or a list). */
    files?: string[];
    lookups?: Record<string, ScenarioLiteral[]>;
  };
  stages?: { identifier: string; name: string; case_type: string; is_end_stage: boolean }[];
  batches?: { max_rows?: number; max_file_bytes?: number; max_cell_chars?: number; max_columns?: number };
  page_size?: number;
}

const str = { type: 'string', minLength: 1 };
const posInt = { type: 'integer', minimum: 1 };
const uuid = { type: 'string', pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' };
const closed = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required, additionalProperties: false });

export const TRANSACTIONS_CONFIG_SCHEMA = closed(
  {
    realm: str,
    account_identifier: uuid,
    token: closed({ secret: { type: 'string', minLength: 32 }, ttl_seconds: posInt, max_failures: posInt, failure_window_seconds: posInt }),
    users: {
      type: 'array',
      minItems: 1,
      items: closed(
        {
          name: { type: 'string', pattern: '^[A-Za-z0-9_-]+$' },
          username: str,
          identifier: uuid,
          password_hash: { type: 'string', pattern: '^\\$2[aby]\\$\\d\\d\\$' },
          disabled: { type: 'boolean' },
        },
        ['name', 'username'],
      ),
    },
    scenarios: closed({
      library: { type: 'boolean' },
      counterparty_screening: { type: 'boolean' },
      hosted_library: { type: 'boolean' },
      files: { type: 'array', items: str },
      lookups: { type: 'object', additionalProperties: { type: 'array', items: { type: ['string', 'number', 'boolean'] } } },
    }),
    stages: { type: 'array', items: closed({ identifier: uuid, name: str, case_type: { enum: [...CASE_TYPES] }, is_end_stage: { type: 'boolean' } }, ['identifier', 'name', 'case_type', 'is_end_stage']) },
    batches: closed({ max_rows: posInt, max_file_bytes: posInt, max_cell_chars: posInt, max_columns: posInt }),
    page_size: { type: 'integer', minimum: 1, maximum: 1000 },
  },
  ['realm', 'users'],
);

const envName = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, '_');
export const TOKEN_SECRET_VARIABLE = 'TAMIS_TOKEN_SECRET';
/** The environment variable of the password of the API user named `name`. */
export const apiPasswordVariable = (name: string) => `TAMIS_API_PASSWORD_${envName(name)}`;

/** Defaults, paths resolved against `base`, secrets from `env`; returns the problems found. */
export function finishTransactionsConfig(t: TransactionsConfig, base: string, env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  t.token = { ...t.token };
  t.scenarios = { ...t.scenarios };
  if (env[TOKEN_SECRET_VARIABLE]) t.token.secret = env[TOKEN_SECRET_VARIABLE];
  if (t.token.secret === undefined) problems.push(`transactions/token: no token secret: set ${TOKEN_SECRET_VARIABLE} (or token.secret in the file)`);
  else if (Buffer.byteLength(t.token.secret, 'utf8') < 32) problems.push(`transactions/token: the token secret needs at least 32 bytes`);
  t.scenarios.files = (t.scenarios.files ?? []).map((f) => (isAbsolute(f) ? f : resolve(base, f)));
  const names = new Set<string>();
  const usernames = new Set<string>();
  t.users.forEach((u, i) => {
    const at = `transactions/users/${i}`;
    if (names.has(envName(u.name))) problems.push(`${at}/name: another user is named ${u.name}`);
    names.add(envName(u.name));
    if (usernames.has(u.username.toLowerCase())) problems.push(`${at}/username: ${u.username} is given twice`);
    usernames.add(u.username.toLowerCase());
    const password = env[apiPasswordVariable(u.name)];
    if (password) u.password = password;
    if (u.password === undefined && u.password_hash === undefined) problems.push(`${at}: user ${u.name} has no password: set ${apiPasswordVariable(u.name)} (or password_hash in the file)`);
    else if (u.password !== undefined && Buffer.byteLength(u.password, 'utf8') > 72) problems.push(`${at}: the password of ${u.name} is longer than 72 bytes`);
  });
  return problems;
}

/** The scenario set of the config: the libraries asked for, then every scenario of the files. */
export async function scenarioSet(s: TransactionsConfig['scenarios']): Promise<unknown[]> {
  const out: unknown[] = [];
  if (s.library !== false) out.push(...SCENARIO_LIBRARY);
  if (s.counterparty_screening) out.push(COUNTERPARTY_SCREENING_SCENARIO);
  if (s.hosted_library) out.push(...HOSTED_SCENARIO_LIBRARY);
  for (const file of s.files ?? []) {
    let data: unknown;
    try {
      data = parseYaml(await readFile(file, 'utf8'));
    } catch (e) {
      throw new Error(`${file}: ${(e as Error).message.split('\n')[0]}`);
    }
    out.push(...(Array.isArray(data) ? data : [data]));
  }
  return out;
}

/** The /v1 area of the config, over the config's store. */
export async function transactionAreaFromConfig(t: TransactionsConfig, database: AreaDatabase, screener: () => Screener | undefined): Promise<TransactionArea> {
  const b = t.batches ?? {};
  const stores =
    database === null
      ? memoryTransactionAreaStores()
      : 'sqlite' in database
        ? await sqliteTransactionAreaStores(database.sqlite)
        : await postgresTransactionAreaStores(database.postgres);
  return createTransactionArea({
    stores,
    account_identifier: t.account_identifier ?? stableUuid(`tamis:account:${t.realm}`),
    realm: t.realm,
    tokenSecret: t.token.secret as string,
    ...(t.token.ttl_seconds !== undefined ? { tokenTtlSeconds: t.token.ttl_seconds } : {}),
    ...(t.token.max_failures !== undefined || t.token.failure_window_seconds !== undefined
      ? { tokenFailures: { ...(t.token.max_failures !== undefined ? { maxFailures: t.token.max_failures } : {}), ...(t.token.failure_window_seconds !== undefined ? { windowMs: t.token.failure_window_seconds * 1000 } : {}) } }
      : {}),
    users: t.users.map((u) => ({
      username: u.username,
      ...(u.password_hash !== undefined ? { password_hash: u.password_hash } : { password: u.password as string }),
      ...(u.identifier !== undefined ? { identifier: u.identifier } : {}),
      ...(u.disabled ? { disabled: true } : {}),
    })),
    scenarios: await scenarioSet(t.scenarios),
    ...(t.scenarios.lookups ? { lookups: t.scenarios.lookups } : {}),
    screener,
    ...(t.stages ? { stages: t.stages.map((s) => ({ ...s, case_type: s.case_type as (typeof CASE_TYPES)[number] })) } : {}),
    batches: {
      ...(b.max_rows !== undefined ? { maxRows: b.max_rows } : {}),
      limits: {
        ...(b.max_file_bytes !== undefined ? { maxFileBytes: b.max_file_bytes } : {}),
        ...(b.max_cell_chars !== undefined ? { maxCellChars: b.max_cell_chars } : {}),
        ...(b.max_columns !== undefined ? { maxColumns: b.max_columns } : {}),
      },
    },
    ...(t.page_size !== undefined ? { pageSize: t.page_size } : {}),
  });
}
