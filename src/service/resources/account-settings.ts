/**
 * Account settings (host side, not endpoints of the spec): accounts, users, api keys, tag definitions and search
 * profiles, each belonging to one account; and GET /users (the users of the caller's account).
 * Every method defaults to the default account (id 1), created on first use, so a single-account host never
 * names an account.
 */
import { success, type Ctx, type ServiceContext } from '../context.js';
import { hashApiKey } from '../fingerprint.js';
import { userView, type UserView } from '../render.js';
import { DEFAULT_ACCOUNT_ID, type AccountRecord, type ApiKeyRecord, type ApiResponse, type SearchProfileRecord, type UserRecord } from '../types.js';
import { LIST_TYPES } from '../../types/entity.js';
import { isInt } from '../validate.js';
import { checkSigned, webhookEndpoints, type WebhookEndpointInput } from './webhook-settings.js';

/** The settings of an account a host may set; absent fields keep their value (or their default on creation). */
export interface AccountSettings {
  name?: string;
  /** Internal lists (blacklist ids) the account's searches match; `null`: every list no other account names. */
  internal_lists?: string[] | null;
  /** Every event of the account goes to every URL (checked against the webhook URL policy). */
  webhooks?: WebhookEndpointInput[];
  /** Signs the bodies of the endpoints without a secret of their own. */
  webhook_secret?: string | null;
}

export interface NewAccount extends AccountSettings {
  name: string;
  /** Default: the next free id. */
  id?: number;
}

export interface NewUser {
  email: string;
  name: string;
  phone?: string | null;
  id?: number;
  is_active?: boolean;
  /** Default: the default account (1). */
  account_id?: number;
}

export interface ApiKeyOptions {
  sandbox?: boolean;
  rate_limit?: number;
}

export interface NewSearchProfile {
  id: string;
  name: string;
  slug: string;
  /** List types (`filters.types` values); absent: every type. An empty list is refused (ambiguous). */
  types?: string[];
  /** Default: the default account (1). */
  account_id?: number;
}

function checkSettings(svc: ServiceContext, s: AccountSettings): Partial<AccountRecord> {
  const out: Partial<AccountRecord> = {};
  if (s.name !== undefined) {
    if (typeof s.name !== 'string' || s.name.trim() === '') throw new RangeError('an account name is a non-empty string');
    out.name = s.name;
  }
  if (s.internal_lists !== undefined) {
    if (s.internal_lists !== null && (!Array.isArray(s.internal_lists) || !s.internal_lists.every((x) => typeof x === 'string' && x !== ''))) {
      throw new RangeError('internal_lists is null or an array of internal list ids');
    }
    out.internal_lists = s.internal_lists === null ? null : [...new Set(s.internal_lists)];
  }
  if (s.webhook_secret !== undefined) {
    if (s.webhook_secret !== null && (typeof s.webhook_secret !== 'string' || s.webhook_secret === '')) {
      throw new RangeError('webhook_secret is null or a non-empty string');
    }
    out.webhook_secret = s.webhook_secret;
  }
  if (s.webhooks !== undefined) out.webhooks = webhookEndpoints(svc, s.webhooks);
  return out;
}

/** Creates an account. Its internal lists default to none (`[]`), its webhooks to none. */
export async function createAccount(svc: ServiceContext, input: NewAccount): Promise<AccountRecord> {
  const settings = checkSettings(svc, input);
  const accounts = await svc.store.listAccounts();
  const id = input.id ?? accounts.reduce((m, a) => Math.max(m, a.id), 0) + 1;
  if (!isInt(id) || id < 1) throw new RangeError('account ids are positive integers');
  if (accounts.some((a) => a.id === id)) throw new RangeError(`account ${id} exists`);
  const { ts } = svc.now();
  const account: AccountRecord = {
    id,
    name: input.name,
    internal_lists: [],
    webhooks: [],
    webhook_secret: null,
    ...settings,
    created_at: ts,
    updated_at: ts,
  };
  checkSigned(account);
  await svc.store.commit([{ type: 'put_account', account }]);
  return account;
}

/** Changes the given settings of an account. */
export async function updateAccount(svc: ServiceContext, id: number, changes: AccountSettings): Promise<AccountRecord> {
  const settings = checkSettings(svc, changes);
  const cur = await accountOf(svc, id);
  const account: AccountRecord = { ...cur, ...settings, updated_at: svc.now().ts };
  checkSigned(account);
  await svc.store.commit([{ type: 'put_account', account }]);
  return account;
}

/** The account `id`; the default account is created on first use (every internal list, no webhooks). */
export async function accountOf(svc: ServiceContext, id: number): Promise<AccountRecord> {
  const found = await svc.store.getAccount(id);
  if (found) return found;
  if (id !== DEFAULT_ACCOUNT_ID) throw new RangeError(`account ${id} does not exist`);
  const { ts } = svc.now();
  const account: AccountRecord = {
    id,
    name: 'default',
    internal_lists: null,
    webhooks: [],
    webhook_secret: null,
    created_at: ts,
    updated_at: ts,
  };
  await svc.store.commit([{ type: 'put_account', account }]);
  return account;
}

/** GET /users: the users of the caller's account. */
export async function listUsers(svc: ServiceContext, ctx: Ctx): Promise<ApiResponse<{ data: UserView[] }>> {
  return success({ data: (await svc.store.listUsers(ctx.account.id)).map(userView) });
}

/** Creates a user (next free id unless given; ids are unique across accounts) or replaces one of its account. */
export async function createUser(svc: ServiceContext, input: NewUser): Promise<UserRecord> {
  const account = await accountOf(svc, input.account_id ?? DEFAULT_ACCOUNT_ID);
  const { ts } = svc.now();
  const users = await svc.store.listUsers();
  const id = input.id ?? users.reduce((m, u) => Math.max(m, u.id), 0) + 1;
  const existing = users.find((u) => u.id === id);
  if (existing && existing.account_id !== account.id) throw new RangeError(`user ${id} belongs to account ${existing.account_id}`);
  const user: UserRecord = {
    id,
    account_id: account.id,
    email: input.email,
    name: input.name,
    phone: input.phone ?? null,
    is_active: input.is_active ?? true,
    created_at: existing?.created_at ?? ts,
    updated_at: ts,
  };
  await svc.store.commit([{ type: 'put_user', user }]);
  return user;
}

/** Registers `key` for `userId` (and so for the user's account). Only the SHA-256 of the key is stored. */
export async function createApiKey(svc: ServiceContext, userId: number, key: string, options: ApiKeyOptions = {}): Promise<void> {
  if (key.length < 8) throw new RangeError('api keys must have at least 8 characters');
  const user = await svc.store.getUser(userId);
  if (!user) throw new RangeError(`user ${userId} does not exist`);
  const record: ApiKeyRecord = {
    key_hash: hashApiKey(key),
    user_id: userId,
    account_id: user.account_id,
    sandbox: options.sandbox ?? false,
    rate_limit: options.rate_limit ?? null,
    created_at: svc.now().ts,
  };
  await svc.store.commit([{ type: 'put_api_key', api_key: record }]);
}

export async function revokeApiKey(svc: ServiceContext, key: string): Promise<void> {
  await svc.store.commit([{ type: 'delete_api_key', key_hash: hashApiKey(key) }]);
}

/** Tag names must be defined (per account) before searches use them. */
export async function defineTag(svc: ServiceContext, name: string, accountId = DEFAULT_ACCOUNT_ID): Promise<void> {
  if (typeof name !== 'string' || name.trim() === '' || name.includes(',') || name.includes(':')) {
    throw new RangeError('tag names are non-empty and hold no comma or colon');
  }
  const account = await accountOf(svc, accountId);
  await svc.store.commit([{ type: 'put_tag_definition', tag: { account_id: account.id, name, created_at: svc.now().ts } }]);
}

export async function removeTagDefinition(svc: ServiceContext, name: string, accountId = DEFAULT_ACCOUNT_ID): Promise<void> {
  await svc.store.commit([{ type: 'delete_tag_definition', account_id: accountId, name }]);
}

/** Creates or edits a search profile of an account; every edit bumps `version` and `updated_at` (48-hour rule). */
export async function putSearchProfile(svc: ServiceContext, input: NewSearchProfile): Promise<SearchProfileRecord> {
  if (typeof input.id !== 'string' || input.id === '' || typeof input.slug !== 'string' || input.slug === '') {
    throw new RangeError('a search profile has a non-empty id and slug');
  }
  if (input.types !== undefined) {
    if (!Array.isArray(input.types) || input.types.length === 0) {
      throw new RangeError('search profile types are a non-empty list of list types; leave types out to screen every type');
    }
    const unknown = input.types.filter((t) => !(LIST_TYPES as readonly string[]).includes(t));
    if (unknown.length > 0) throw new RangeError(`search profile types has unknown list types: ${unknown.join(', ')}`);
  }
  const account = await accountOf(svc, input.account_id ?? DEFAULT_ACCOUNT_ID);
  const prev = await svc.store.getSearchProfile(account.id, input.id);
  const profile: SearchProfileRecord = {
    account_id: account.id,
    id: input.id,
    name: input.name,
    slug: input.slug,
    ...(input.types !== undefined ? { types: [...new Set(input.types)] } : {}),
    version: (prev?.version ?? 0) + 1,
    updated_at: svc.now().ts,
  };
  await svc.store.commit([{ type: 'put_search_profile', profile }]);
  return profile;
}
