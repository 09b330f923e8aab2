/**
 * Account settings: users, api keys, tag definitions and search profiles (host side, not endpoints of the
 * spec), and GET /users.
 */
import { success, type ServiceContext } from '../context.js';
import { hashApiKey } from '../fingerprint.js';
import { userView, type UserView } from '../render.js';
import type { ApiKeyRecord, ApiResponse, SearchProfileRecord, UserRecord } from '../types.js';

export interface NewUser {
  email: string;
  name: string;
  phone?: string | null;
  id?: number;
  is_active?: boolean;
}

export interface ApiKeyOptions {
  sandbox?: boolean;
  rate_limit?: number;
}

export interface NewSearchProfile {
  id: string;
  name: string;
  slug: string;
  types: string[];
}

/** GET /users */
export async function listUsers(svc: ServiceContext): Promise<ApiResponse<{ data: UserView[] }>> {
  return success({ data: (await svc.store.listUsers()).map(userView) });
}

/** Creates a user (next free id unless given) or, with the id of an existing user, replaces it. */
export async function createUser(svc: ServiceContext, input: NewUser): Promise<UserRecord> {
  const { ts } = svc.now();
  const users = await svc.store.listUsers();
  const id = input.id ?? users.reduce((m, u) => Math.max(m, u.id), 0) + 1;
  const existing = users.find((u) => u.id === id);
  const user: UserRecord = {
    id,
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

/** Registers `key` for `userId`. Only the SHA-256 of the key is stored. */
export async function createApiKey(svc: ServiceContext, userId: number, key: string, options: ApiKeyOptions = {}): Promise<void> {
  if (key.length < 8) throw new RangeError('api keys must have at least 8 characters');
  const user = await svc.store.getUser(userId);
  if (!user) throw new RangeError(`user ${userId} does not exist`);
  const record: ApiKeyRecord = {
    key_hash: hashApiKey(key),
    user_id: userId,
    sandbox: options.sandbox ?? false,
    rate_limit: options.rate_limit ?? null,
    created_at: svc.now().ts,
  };
  await svc.store.commit([{ type: 'put_api_key', api_key: record }]);
}

export async function revokeApiKey(svc: ServiceContext, key: string): Promise<void> {
  await svc.store.commit([{ type: 'delete_api_key', key_hash: hashApiKey(key) }]);
}

/** Tag names must be defined before searches use them. */
export async function defineTag(svc: ServiceContext, name: string): Promise<void> {
  if (name.trim() === '' || name.includes(',') || name.includes(':')) {
    throw new RangeError('tag names are non-empty and hold no comma or colon');
  }
  await svc.store.commit([{ type: 'put_tag_definition', tag: { name, created_at: svc.now().ts } }]);
}

export async function removeTagDefinition(svc: ServiceContext, name: string): Promise<void> {
  await svc.store.commit([{ type: 'delete_tag_definition', name }]);
}

/** Creates or edits a search profile; every edit bumps `version` and `updated_at` (48-hour rule). */
export async function putSearchProfile(svc: ServiceContext, input: NewSearchProfile): Promise<SearchProfileRecord> {
  const prev = await svc.store.getSearchProfile(input.id);
  const profile: SearchProfileRecord = {
    id: input.id,
    name: input.name,
    slug: input.slug,
    types: [...input.types],
    version: (prev?.version ?? 0) + 1,
    updated_at: svc.now().ts,
  };
  await svc.store.commit([{ type: 'put_search_profile', profile }]);
  return profile;
}
