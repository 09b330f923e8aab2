/**
 * The config file's accounts applied to the store at start: the file is the source of truth. Accounts are matched
 * by id or name and their settings (internal lists, webhooks, webhook secret) written; users are matched by id or
 * email (a user the file no longer lists is made inactive, so its keys answer 401); api keys are registered; tag
 * definitions added (and those the file no longer lists removed); search profiles written only when they changed
 * (an edit restarts the 48-hour rule of PATCH search-profile).
 */
import type { ScreeningService } from '../service/service.js';
import type { ServiceStore } from '../service/store.js';
import type { AccountConfig } from './config.js';

export interface AppliedAccounts {
  /** The configured keys: only these reach the service. */
  keys: Set<string>;
  accounts: number;
  users: number;
}

export async function applyAccounts(service: ScreeningService, store: ServiceStore, accounts: readonly AccountConfig[]): Promise<AppliedAccounts> {
  const keys = new Set<string>();
  const existingUsers = await store.listUsers();
  const existingAccounts = await store.listAccounts();
  const listed = new Set<number>();
  let users = 0;
  for (const a of accounts) {
    const settings = {
      name: a.name,
      internal_lists: a.internal_lists ?? null,
      webhooks: (a.webhooks ?? []).map((w) => ({ url: w.url, secret: w.secret ?? null })),
      webhook_secret: a.webhook_secret ?? null,
    };
    const known = a.id !== undefined ? existingAccounts.find((x) => x.id === a.id) : existingAccounts.find((x) => x.name === a.name);
    const account = known
      ? await service.updateAccount(known.id, settings)
      : await service.createAccount({ ...settings, ...(a.id !== undefined ? { id: a.id } : {}) });
    for (const u of a.users) {
      const same = u.id !== undefined ? existingUsers.find((x) => x.id === u.id) : existingUsers.find((x) => x.email.toLowerCase() === u.email.toLowerCase());
      const user = await service.createUser({
        account_id: account.id,
        email: u.email,
        name: u.name,
        phone: u.phone ?? null,
        is_active: u.active ?? true,
        ...(u.id !== undefined ? { id: u.id } : same ? { id: same.id } : {}),
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
    const tags = new Set(a.tags ?? []);
    for (const t of await store.listTagDefinitions(account.id)) if (!tags.has(t.name)) await service.removeTagDefinition(t.name, account.id);
    for (const t of tags) await service.defineTag(t, account.id);
    for (const p of a.search_profiles ?? []) {
      const cur = await store.getSearchProfile(account.id, p.id);
      const unchanged = cur && cur.name === p.name && cur.slug === p.slug && JSON.stringify(cur.types) === JSON.stringify(p.types);
      if (!unchanged) await service.putSearchProfile({ ...p, account_id: account.id });
    }
  }
  for (const u of existingUsers) {
    if (!listed.has(u.id) && u.is_active) await service.createUser({ ...u, is_active: false });
  }
  return { keys, accounts: accounts.length, users };
}
