/**
 * The config file's accounts applied to the store at start: the file is the source of truth. Users are matched
 * by id or email (a user the file no longer lists is made inactive), api keys are registered, tag definitions
 * added (and those the file no longer lists removed), search profiles written only when they changed (an edit
 * restarts the 48-hour rule of PATCH search-profile).
 */
import type { ScreeningService } from '../service/service.js';
import type { ServiceStore } from '../service/store.js';
import type { AccountConfig } from './config.js';

export interface AppliedAccounts {
  /** The configured keys: only these reach the service. */
  keys: Set<string>;
  users: number;
}

export async function applyAccounts(service: ScreeningService, store: ServiceStore, accounts: readonly AccountConfig[]): Promise<AppliedAccounts> {
  if (accounts.length > 1) {
    throw new Error('accounts: this version serves one account (several come with account support in the service)');
  }
  const keys = new Set<string>();
  const existing = await store.listUsers();
  const listed = new Set<number>();
  let users = 0;
  for (const account of accounts) {
    for (const u of account.users) {
      const known = u.id !== undefined ? existing.find((x) => x.id === u.id) : existing.find((x) => x.email.toLowerCase() === u.email.toLowerCase());
      const user = await service.createUser({
        email: u.email,
        name: u.name,
        phone: u.phone ?? null,
        is_active: u.active ?? true,
        ...(u.id !== undefined ? { id: u.id } : known ? { id: known.id } : {}),
      });
      listed.add(user.id);
      users++;
      for (const k of u.api_keys ?? []) {
        await service.createApiKey(user.id, k.key as string, {
          ...(k.sandbox !== undefined ? { sandbox: k.sandbox } : {}),
          ...(k.rate_limit !== undefined ? { rate_limit: k.rate_limit } : {}),
        });
        keys.add(k.key as string);
      }
    }
    const tags = new Set(account.tags ?? []);
    for (const t of await store.listTagDefinitions()) if (!tags.has(t.name)) await service.removeTagDefinition(t.name);
    for (const t of tags) await service.defineTag(t);
    for (const p of account.search_profiles ?? []) {
      const cur = await store.getSearchProfile(p.id);
      const same = cur && cur.name === p.name && cur.slug === p.slug && JSON.stringify(cur.types) === JSON.stringify(p.types);
      if (!same) await service.putSearchProfile(p);
    }
  }
  for (const u of existing) {
    if (!listed.has(u.id) && u.is_active) await service.createUser({ ...u, is_active: false });
  }
  return { keys, users };
}
